// Parenteral nutrition arithmetic and maintenance fluids (modules.md §14).
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type JsonObject } from '../types.js';
import { requireFinite } from '../util/finite.js';
import { atMost } from '../util/threshold.js';

const DEXTROSE_SHARE = 0.65; // MOISSCode split of non-protein calories, within the usual 60–70 % dextrose
const KCAL_PER_G = { protein: 4, dextrose: 3.4, lipid: 10 }; // lipid: 20 % emulsion, 2 kcal/mL
const STOCK = { amino_acids: 0.1, dextrose: 0.7, lipid: 0.2 }; // g/mL of 10 % amino acids, 70 % dextrose, 20 % lipid
const MAX_GIR = 5; // mg/kg/min (ASPEN Parenteral Nutrition Handbook, 3rd ed. 2020)
const MAX_LIPID_G_PER_KG = 2.5; // g/kg/day (same source)

export function tpnCalculate(weightKg: number, calorieTarget: number, proteinG: number, label: string): JsonObject {
  const proteinKcal = proteinG * KCAL_PER_G.protein;
  const nonProtein = calorieTarget - proteinKcal;
  if (nonProtein <= 0) {
    throw new ArgumentError(`${label}: 'protein_target_g' ${proteinG} g gives ${proteinKcal} kcal, which leaves no non-protein calories of 'calorie_target' ${calorieTarget} kcal; raise the calorie target or lower the protein`);
  }
  const dextroseKcal = nonProtein * DEXTROSE_SHARE;
  const lipidKcal = nonProtein - dextroseKcal;
  const dextroseG = dextroseKcal / KCAL_PER_G.dextrose;
  const lipidG = lipidKcal / KCAL_PER_G.lipid;
  const gir = (dextroseG * 1000) / (weightKg * 1440);
  const lipidPerKg = lipidG / weightKg;
  const npcN = requireFinite(nonProtein / (proteinG / 6.25), label, "'calorie_target' and 'protein_target_g'");
  const girSafe = atMost(gir, MAX_GIR);
  return {
    type: 'NUTR_TPN',
    total_kcal: calorieTarget,
    protein_g: pyRound(proteinG, 1),
    protein_kcal: proteinKcal,
    dextrose_g: pyRound(dextroseG, 1),
    dextrose_kcal: pyRound(dextroseKcal, 1),
    lipid_g: pyRound(lipidG, 1),
    lipid_kcal: pyRound(lipidKcal, 1),
    lipid_g_per_kg: pyRound(lipidPerKg, 2),
    glucose_infusion_rate_mg_kg_min: pyRound(gir, 2),
    estimated_volume_ml: pyRound(proteinG / STOCK.amino_acids + dextroseG / STOCK.dextrose + lipidG / STOCK.lipid),
    npc_n_ratio: pyRound(npcN),
    npn_ratio: pyRound(npcN),
    weight_kg: weightKg,
    gir_safe: girSafe,
    gir_warning: girSafe ? null : `glucose infusion rate ${pyRound(gir, 2)} mg/kg/min exceeds ${MAX_GIR} mg/kg/min: risk of hyperglycaemia and hepatic steatosis`,
    lipid_warning: atMost(lipidPerKg, MAX_LIPID_G_PER_KG) ? null : `lipid ${pyRound(lipidPerKg, 2)} g/kg/day exceeds ${MAX_LIPID_G_PER_KG} g/kg/day`,
  };
}

/** Holliday & Segar, Pediatrics 1957;19:823-832: 100/50/20 mL/kg/day, and the hourly 4-2-1 form. */
export function maintenanceFluids(weightKg: number): JsonObject {
  const first = Math.min(weightKg, 10);
  const second = Math.min(Math.max(weightKg - 10, 0), 10);
  const rest = Math.max(weightKg - 20, 0);
  const daily = 100 * first + 50 * second + 20 * rest;
  return {
    type: 'NUTR_FLUIDS',
    daily_volume_ml: pyRound(daily),
    hourly_rate_ml: pyRound(daily / 24, 1),
    hourly_4_2_1_ml: pyRound(4 * first + 2 * second + rest, 1),
    weight_kg: weightKg,
    formula: 'Holliday-Segar',
  };
}

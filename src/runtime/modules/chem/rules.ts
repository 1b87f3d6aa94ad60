// Rule-based property checks of modules.md §7.2: Lipinski, BCS, ADMET flags and the toxicity screen.
import { pyRound } from '../../../util/round.js';
import { above, below } from '../util/threshold.js';
import type { JsonObject } from '../types.js';

// Lipinski et al., Adv Drug Deliv Rev 1997;23:3-25 (rule of five; strict inequalities).
export function lipinskiCheck(mw: number, logp: number, hbd: number, hba: number): JsonObject {
  const details: string[] = [];
  if (above(mw, 500)) details.push(`MW ${mw} > 500`);
  if (above(logp, 5)) details.push(`logP ${logp} > 5`);
  if (hbd > 5) details.push(`HBD ${hbd} > 5`);
  if (hba > 10) details.push(`HBA ${hba} > 10`);
  const drugLike = details.length <= 1;
  return {
    type: 'CHEM_LIPINSKI',
    mw,
    logp,
    hbd,
    hba,
    violations: details.length,
    violation_details: details,
    drug_like: drugLike,
    assessment: drugLike ? 'PASS - drug-like' : 'FAIL - not drug-like',
  };
}

type Level = 'high' | 'low';
const BCS: Record<string, { bcs_class: string; bioavailability: string; formulation_strategy: string }> = {
  'high/high': { bcs_class: 'I', bioavailability: 'HIGH', formulation_strategy: 'conventional immediate-release dosage form; biowaiver may apply (ICH M9)' },
  'low/high': { bcs_class: 'II', bioavailability: 'DISSOLUTION-LIMITED', formulation_strategy: 'improve dissolution: particle-size reduction, salt or co-crystal, amorphous solid dispersion, lipid-based formulation' },
  'high/low': { bcs_class: 'III', bioavailability: 'PERMEABILITY-LIMITED', formulation_strategy: 'absorption limited by permeability: rapid dissolution; permeation enhancers or prodrug' },
  'low/low': { bcs_class: 'IV', bioavailability: 'LOW', formulation_strategy: 'consider a non-oral route, or combine solubility and permeability enhancement' },
};

// Amidon et al., Pharm Res 1995;12:413-420; ICH M9 guideline 2019.
export function bcsClassify(solubility: Level, permeability: Level): JsonObject {
  return { type: 'CHEM_BCS', solubility, permeability, ...BCS[`${solubility}/${permeability}`]! };
}

export const ADMET_METHOD = 'rule-based property flags; not a prediction of absorption, metabolism or toxicity';

// Veber et al., J Med Chem 2002 (PSA, rotatable bonds); Lipinski 1997 (MW, logP); Ghose et al., J Comb
// Chem 1999 (logP lower bound); Pajouhesh & Lenz, NeuroRx 2005 (CNS); assessment bands: MOISSCode heuristic.
export function admetScreen(mw: number, logp: number, psa: number, rotatableBonds: number): JsonObject {
  const flags: string[] = [];
  let risk = 0;
  const flag = (points: number, text: string): void => {
    risk += points;
    flags.push(text);
  };
  if (above(psa, 140)) flag(2, `PSA ${psa} > 140 Å²: poor oral absorption expected (Veber 2002)`);
  if (rotatableBonds > 10) flag(1, `rotatable bonds ${rotatableBonds} > 10: reduced oral bioavailability (Veber 2002)`);
  if (above(mw, 500)) flag(1, `MW ${mw} > 500 (Lipinski 1997)`);
  if (above(logp, 5)) flag(2, `logP ${logp} > 5: poor solubility, high metabolic clearance (Lipinski 1997)`);
  if (below(logp, -0.4)) flag(1, `logP ${logp} < -0.4: too polar for passive absorption (Ghose 1999)`);
  const cnsPermeable = below(psa, 90) && below(mw, 450) && !above(logp, 5);
  const assessment = risk === 0 ? 'FAVORABLE' : risk <= 2 ? 'ACCEPTABLE' : risk <= 4 ? 'CONCERNING' : 'POOR';
  return {
    type: 'CHEM_ADMET',
    mw,
    logp,
    psa,
    rotatable_bonds: rotatableBonds,
    risk_score: risk,
    flags,
    cns_permeable: cnsPermeable,
    assessment,
    method: ADMET_METHOD,
  };
}

/** Rat → human dose by body surface area: Km 6 / Km 37 (FDA, Estimating the maximum safe starting dose, 2005). */
const RAT_TO_HUMAN = 6 / 37;

export interface ToxInput {
  name: string;
  ld50_mg_kg: number | null;
  max_daily_dose_mg: number | null;
  narrow_therapeutic_index: boolean;
}

export function toxScreen(compound: ToxInput, doseMgKg: number): JsonObject {
  const ld50 = compound.ld50_mg_kg;
  const hed = ld50 === null ? null : ld50 * RAT_TO_HUMAN;
  const result: JsonObject = {
    type: 'CHEM_TOX',
    compound: compound.name,
    found: true,
    ld50_mg_kg: ld50,
    ld50_known: ld50 !== null,
    hed_ld50_mg_kg: hed === null ? null : pyRound(hed, 1),
    max_daily_dose_mg: compound.max_daily_dose_mg,
    therapeutic_index: null,
    narrow_therapeutic_index: compound.narrow_therapeutic_index,
    safety: safetyText(compound, hed),
  };
  if (doseMgKg > 0) {
    const margin = hed === null ? null : hed / doseMgKg;
    result.dose_mg_kg = doseMgKg;
    result.safety_margin = margin === null ? null : pyRound(margin, 1);
    result.dose_warning = margin === null ? null : below(margin, 3) ? 'CRITICAL' : below(margin, 10) ? 'CAUTION' : null;
  }
  return result;
}

function safetyText(compound: ToxInput, hed: number | null): string {
  const ld50 =
    hed === null
      ? 'no published oral rat LD50 in the table'
      : `oral rat LD50 ${compound.ld50_mg_kg} mg/kg, human-equivalent ${pyRound(hed, 1)} mg/kg by body surface area`;
  const nti = compound.narrow_therapeutic_index ? '; narrow therapeutic index: monitor levels' : '';
  return `${ld50}${nti}`;
}

// One-compartment kinetics of modules.md §4.6 (Rowland & Tozer, Clinical Pharmacokinetics and
// Pharmacodynamics, 4th ed. 2010; Sawchuk & Zaske, J Pharmacokinet Biopharm 1976).
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type JsonObject } from '../types.js';
import { resolveRoute } from './dose-check.js';
import type { Drug } from './table.js';

export const MODEL = 'one-compartment, population t½ and Vd; estimate only';

/**
 * Clearance from creatinine clearance for drugs eliminated by glomerular filtration (modules.md §4.7.3):
 * the elimination rate constant k (per hour) for a CrCl in mL/min and a volume in litres.
 */
interface RenalModel {
  k: (crcl: number, volumeL: number) => number;
  text: string;
}

// Matzke et al., Antimicrob Agents Chemother 1984;25:433-7: vancomycin CL (mL/min) = 3.66 + 0.689 × CrCl.
const MATZKE_VANCOMYCIN: RenalModel = {
  k: (crcl, volumeL) => ((3.66 + 0.689 * crcl) * 0.06) / volumeL,
  text: 'clearance from CrCl by Matzke et al. 1984 (CL mL/min = 3.66 + 0.689 × CrCl)',
};
// Hull & Sarubbi, Ann Intern Med 1976;85:183-9: aminoglycoside k (1/h) = 0.014 + 0.00293 × CrCl.
const HULL_SARUBBI_AMINOGLYCOSIDE: RenalModel = {
  k: (crcl) => 0.014 + 0.00293 * crcl,
  text: 'elimination rate from CrCl by Hull & Sarubbi 1976 (k 1/h = 0.014 + 0.00293 × CrCl)',
};
const RENAL_MODELS: Record<string, RenalModel> = {
  Vancomycin: MATZKE_VANCOMYCIN,
  Gentamicin: HULL_SARUBBI_AMINOGLYCOSIDE,
  Tobramycin: HULL_SARUBBI_AMINOGLYCOSIDE,
  Amikacin: HULL_SARUBBI_AMINOGLYCOSIDE,
};

interface Parameters {
  k: number;
  v: number;
  halfLifeH: number;
}

function parameters(drug: Drug, weightKg: number, label: string): Parameters {
  if (drug.half_life_min === null || drug.vd_l_per_kg === null) {
    throw new ArgumentError(`${label}: ${drug.name} has no population half-life and volume of distribution in the table`);
  }
  const halfLifeH = drug.half_life_min / 60;
  return { k: Math.LN2 / halfLifeH, v: drug.vd_l_per_kg * weightKg, halfLifeH };
}

/** C(t) after one dose: IV bolus, or first-order absorption (Bateman function) for other routes. */
export function plasmaConcentration(drug: Drug, dose: number, timeMin: number, weightKg: number, route: string | null, label: string): number {
  const { k, v } = parameters(drug, weightKg, label);
  const chosen = resolveRoute(drug, route, label);
  const t = timeMin / 60;
  if (chosen === 'IV') return pyRound((dose / v) * Math.exp(-k * t), 4);
  if (drug.ka_per_h === null) throw new ArgumentError(`${label}: ${drug.name} has no absorption rate (ka) for route ${chosen}; use IV`);
  const f = drug.bioavailability[chosen];
  if (f === undefined) throw new ArgumentError(`${label}: ${drug.name} has no bioavailability for route ${chosen}`);
  const ka = drug.ka_per_h;
  const c = Math.abs(ka - k) < 1e-12 ? (f * dose * k * t * Math.exp(-k * t)) / v : ((f * dose * ka) / (v * (ka - k))) * (Math.exp(-k * t) - Math.exp(-ka * t));
  return pyRound(c, 4);
}

/** k and V for a repeated-dosing estimate: from CrCl where the drug has a renal model, else the population t½. */
function troughParameters(drug: Drug, weightKg: number, crcl: number | null, label: string): Parameters & { model: string } {
  const renal = RENAL_MODELS[drug.name];
  if (crcl === null) {
    const assumed = renal ? '; assumes normal renal function (send crcl_ml_min to use its clearance model)' : '';
    return { ...parameters(drug, weightKg, label), model: MODEL + assumed };
  }
  if (!renal) throw new ArgumentError(`${label}: argument 6 'crcl_ml_min' has no clearance model for ${drug.name} (models exist for ${Object.keys(RENAL_MODELS).join(', ')}); send null`);
  if (drug.vd_l_per_kg === null) throw new ArgumentError(`${label}: ${drug.name} has no population volume of distribution in the table`);
  const v = drug.vd_l_per_kg * weightKg;
  const k = renal.k(crcl, v);
  return { k, v, halfLifeH: Math.LN2 / k, model: `one-compartment, ${renal.text}, Vd from the table; estimate only` };
}

/** Steady-state and first-dose peak and trough for repeated bolus or intermittent infusion dosing. */
export function troughEstimate(drug: Drug, dose: number, tau: number, weightKg: number, infusionH: number, crcl: number | null, label: string): JsonObject {
  if (!(infusionH < tau)) throw new ArgumentError(`${label}: argument 5 'infusion_hr' (${infusionH}) must be shorter than argument 3 'interval_hr' (${tau})`);
  const { k, v, halfLifeH, model } = troughParameters(drug, weightKg, crcl, label);
  const route = drug.default_route;
  const f = route === 'IV' ? 1 : (drug.bioavailability[route] ?? 1);
  const accumulation = 1 - Math.exp(-k * tau);
  let cMax: number;
  let cMin: number;
  if (infusionH === 0) {
    cMax = (f * dose) / v / accumulation;
    cMin = cMax * Math.exp(-k * tau);
  } else {
    cMax = ((dose / infusionH / (k * v)) * (1 - Math.exp(-k * infusionH))) / accumulation;
    cMin = cMax * Math.exp(-k * (tau - infusionH));
  }
  const firstPeak = cMax * accumulation;
  const firstTrough = firstPeak * Math.exp(-k * (tau - infusionH));
  const auc24 = (f * dose * (24 / tau)) / (k * v);
  return {
    type: 'PK_TROUGH',
    drug: drug.name,
    found: true,
    dose,
    interval_hr: tau,
    infusion_hr: infusionH,
    weight_kg: weightKg,
    crcl_ml_min: crcl,
    vd_l: pyRound(v, 1),
    half_life_hr: pyRound(halfLifeH, 2),
    c_peak_estimated: pyRound(cMax, 2),
    c_trough_estimated: pyRound(cMin, 2),
    c_peak_first_dose: pyRound(firstPeak, 2),
    c_trough_first_dose: pyRound(firstTrough, 2),
    auc24_estimated: pyRound(auc24, 0),
    unit: 'mg/L',
    model,
  };
}

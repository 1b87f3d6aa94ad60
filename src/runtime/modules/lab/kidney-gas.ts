// eGFR (CKD-EPI 2021) and arterial blood-gas interpretation.
import { pyRound } from '../../../util/round.js';
import type { JsonObject } from '../types.js';
import { normalizeSex } from '../util/sex.js';

const STAGES: readonly [number, string, string][] = [
  [90, 'G1', 'Normal or high'],
  [60, 'G2', 'Mildly decreased'],
  [45, 'G3a', 'Mildly to moderately decreased'],
  [30, 'G3b', 'Moderately to severely decreased'],
  [15, 'G4', 'Severely decreased'],
  [-Infinity, 'G5', 'Kidney failure'],
];

// CKD-EPI 2021 creatinine equation without race (Inker et al., NEJM 2021;385:1737-1749); stages per KDIGO CKD 2012.
/** `creatinine` is in mg/dL; `creatinineUnit` is the unit the caller gave it in, stated in the result. */
export function gfr(creatinine: number, age: number, sex: unknown, race: unknown, creatinineUnit = 'mg/dL'): JsonObject {
  const s = normalizeSex(sex, 'lab.gfr', "argument 3 'sex'");
  const [kappa, alpha] = s === 'F' ? [0.7, -0.241] : [0.9, -0.302];
  const ratio = creatinine / kappa;
  const egfr = 142 * Math.min(ratio, 1) ** alpha * Math.max(ratio, 1) ** -1.2 * 0.9938 ** age * (s === 'F' ? 1.012 : 1);
  const rounded = pyRound(egfr, 1);
  const [, stage, label] = STAGES.find(([lower]) => rounded >= lower)!;
  return {
    type: 'LAB_GFR',
    eGFR: rounded,
    unit: 'mL/min/1.73m²',
    stage,
    stage_label: label,
    equation: 'CKD-EPI 2021 (race-free)',
    sex: s,
    race_ignored: race !== null && race !== undefined,
    creatinine_unit: creatinineUnit,
  };
}

type Disorder =
  | 'Mixed Acidosis'
  | 'Respiratory Acidosis'
  | 'Metabolic Acidosis'
  | 'Acidemia, cause not evident'
  | 'Mixed Alkalosis'
  | 'Respiratory Alkalosis'
  | 'Metabolic Alkalosis'
  | 'Alkalemia, cause not evident'
  | 'Normal'
  | 'Normal pH with abnormal pCO2/HCO3';

function primaryDisorder(ph: number, pco2: number, hco3: number): Disorder {
  if (ph < 7.35) {
    if (pco2 > 45 && hco3 < 22) return 'Mixed Acidosis';
    if (pco2 > 45) return 'Respiratory Acidosis';
    if (hco3 < 22) return 'Metabolic Acidosis';
    return 'Acidemia, cause not evident';
  }
  if (ph > 7.45) {
    if (pco2 < 35 && hco3 > 26) return 'Mixed Alkalosis';
    if (pco2 < 35) return 'Respiratory Alkalosis';
    if (hco3 > 26) return 'Metabolic Alkalosis';
    return 'Alkalemia, cause not evident';
  }
  return pco2 >= 35 && pco2 <= 45 && hco3 >= 22 && hco3 <= 26 ? 'Normal' : 'Normal pH with abnormal pCO2/HCO3';
}

/** Respiratory compensation of a metabolic disorder: measured pCO2 against expected ± 2. */
function respiratoryResponse(pco2: number, expected: number): { compensation: string; expected: JsonObject } {
  const low = expected - 2;
  const high = expected + 2;
  const compensation = pco2 > high ? 'ADDITIONAL_RESPIRATORY_ACIDOSIS' : pco2 < low ? 'ADDITIONAL_RESPIRATORY_ALKALOSIS' : 'APPROPRIATE';
  return { compensation, expected: { pco2_low: pyRound(low, 1), pco2_high: pyRound(high, 1) } };
}

/** Metabolic compensation of a respiratory disorder: measured HCO3 against the acute and chronic expectations ± 2. */
function metabolicResponse(hco3: number, acute: number, chronic: number): { compensation: string; expected: JsonObject } {
  const lowerEnd = Math.min(acute, chronic);
  const upperEnd = Math.max(acute, chronic);
  let compensation: string;
  if (Math.abs(hco3 - acute) <= 2) compensation = 'ACUTE';
  else if (Math.abs(hco3 - chronic) <= 2) compensation = 'CHRONIC';
  else if (hco3 > lowerEnd && hco3 < upperEnd) compensation = 'PARTIAL';
  else if (hco3 < lowerEnd) compensation = 'ADDITIONAL_METABOLIC_ACIDOSIS';
  else compensation = 'ADDITIONAL_METABOLIC_ALKALOSIS';
  return { compensation, expected: { hco3_acute: pyRound(acute, 1), hco3_chronic: pyRound(chronic, 1) } };
}

// Winters' formula (Albert, Dell & Winters, Ann Intern Med 1967); other rules as tabulated by Berend, de Vries & Gans,
// NEJM 2014;371:1434-1445; Henderson–Hasselbalch check; albumin-corrected anion gap (Figge et al., Crit Care Med 1998).
export function abgInterpret(ph: number, pco2: number, hco3: number, sodium: number | null, chloride: number | null, albumin: number | null): JsonObject {
  const primary = primaryDisorder(ph, pco2, hco3);
  let response: { compensation: string; expected: JsonObject | null } = { compensation: 'NOT_APPLICABLE', expected: null };
  if (primary === 'Metabolic Acidosis') response = respiratoryResponse(pco2, 1.5 * hco3 + 8);
  else if (primary === 'Metabolic Alkalosis') response = respiratoryResponse(pco2, 40 + 0.7 * (hco3 - 24));
  else if (primary === 'Respiratory Acidosis') {
    const delta = pco2 - 40;
    response = metabolicResponse(hco3, 24 + 0.1 * delta, 24 + 0.35 * delta);
  } else if (primary === 'Respiratory Alkalosis') {
    const delta = 40 - pco2;
    response = metabolicResponse(hco3, 24 - 0.2 * delta, 24 - 0.4 * delta);
  }
  const calculated = 6.1 + Math.log10(hco3 / (0.0307 * pco2));
  const gap = sodium !== null && chloride !== null ? sodium - (chloride + hco3) : null;
  return {
    type: 'LAB_ABG',
    ph,
    pco2,
    hco3,
    primary_disorder: primary,
    compensation: response.compensation,
    expected: response.expected,
    consistent: Math.abs(calculated - ph) <= 0.05,
    calculated_ph: pyRound(calculated, 2),
    anion_gap: gap,
    anion_gap_corrected: gap === null ? null : albumin === null ? pyRound(gap, 1) : pyRound(gap + 2.5 * (4.0 - albumin), 1),
  };
}

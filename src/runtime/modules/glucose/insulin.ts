// Insulin dose arithmetic (Walsh & Roberts, Pumping Insulin, 4th ed. 2006) and the sliding scale.
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type JsonObject } from '../types.js';

const RAPID = ['rapid', 'lispro', 'aspart', 'glulisine', 'analog'];

/** 1800 rule for rapid-acting analogues, 1500 rule for regular insulin. */
export function insulinSensitivityFactor(tdd: number, insulinType: string, label = 'glucose.insulin_sensitivity_factor'): JsonObject {
  const kind = insulinType.trim().toLowerCase();
  let rule: number;
  if (RAPID.includes(kind)) rule = 1800;
  else if (kind === 'regular') rule = 1500;
  else throw new ArgumentError(`${label}: argument 2 'insulin_type' must be one of ${[...RAPID, 'regular'].join(', ')}, got ${JSON.stringify(insulinType)}`);
  const isf = pyRound(rule / tdd, 1);
  return {
    type: 'GLUCOSE_ISF',
    tdd,
    isf,
    rule: `${rule} rule`,
    insulin_type: kind,
    unit: 'mg/dL per unit',
    interpretation: `1 unit of ${kind} insulin lowers glucose by about ${isf} mg/dL.`,
  };
}

export function carbRatio(tdd: number): JsonObject {
  const icr = pyRound(500 / tdd, 1);
  return { type: 'GLUCOSE_ICR', tdd, icr, rule: '500 rule', interpretation: `1 unit of rapid-acting insulin covers about ${icr} g of carbohydrate.` };
}

export function correctionDose(current: number, target: number, isf: number): JsonObject {
  const units = pyRound(Math.max(0, (current - target) / isf), 1);
  const action = units > 0 ? `Give ${units} units of correction insulin.` : 'No correction insulin: glucose is at or below target.';
  return { type: 'GLUCOSE_CORRECTION', current_bg: current, target_bg: target, isf, correction_units: units, action };
}

export function basalRate(tdd: number): JsonObject {
  const basal = 0.5 * tdd;
  return {
    type: 'GLUCOSE_BASAL',
    tdd,
    basal_units_per_day: pyRound(basal, 1),
    bolus_units_per_day: pyRound(tdd - basal, 1),
    rule: '50% rule',
    hourly_rate: pyRound(basal / 24, 2),
  };
}

export function fullRegimen(tdd: number, insulinType: string): JsonObject {
  const basal = basalRate(tdd);
  const isf = insulinSensitivityFactor(tdd, insulinType, 'glucose.full_regimen');
  const icr = carbRatio(tdd);
  return {
    type: 'GLUCOSE_REGIMEN',
    tdd,
    basal_units_per_day: basal.basal_units_per_day!,
    basal_hourly_rate: basal.hourly_rate!,
    bolus_units_per_day: basal.bolus_units_per_day!,
    isf: isf.isf!,
    isf_rule: isf.rule!,
    icr: icr.icr!,
    icr_rule: icr.rule!,
  };
}

/** MOISSCode's scale, the shipped default: [upper bound mg/dL, units, severity, action]. */
const SCALE: readonly [number, number, string, string][] = [
  [150, 0, 'normal', 'No insulin needed.'],
  [200, 2, 'mild', 'Give 2 units of rapid-acting insulin.'],
  [250, 4, 'moderate', 'Give 4 units of rapid-acting insulin.'],
  [300, 6, 'elevated', 'Give 6 units of rapid-acting insulin.'],
  [350, 8, 'high', 'Give 8 units of rapid-acting insulin.'],
  [400, 10, 'high', 'Give 10 units of rapid-acting insulin.'],
];

export function slidingScale(current: number): JsonObject {
  let units: number;
  let severity: string;
  let action: string;
  if (current < 70) [units, severity, action] = [0, 'critical', 'Hypoglycaemia: treat it and hold insulin.'];
  else {
    const row = SCALE.find(([upper]) => current <= upper);
    [units, severity, action] = row ? [row[1], row[2], row[3]] : [12, 'critical', 'Give 12 units, call the clinician and consider IV insulin.'];
  }
  return {
    type: 'GLUCOSE_SLIDING_SCALE',
    current_bg: current,
    recommended_dose_units: units,
    action,
    severity,
    scale: { name: 'MOISSCode default sliding scale', source: 'MOISSCode med.glucose sliding scale (installation default; replace with the local protocol)' },
    note: 'ADA Standards of Care 2024 §16: sliding-scale insulin alone is discouraged in hospital; prefer basal-bolus with correction.',
  };
}

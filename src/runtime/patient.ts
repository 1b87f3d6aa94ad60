// The run's patient (service.md §2, api.md "Validation"): the ten documented fields take their
// defaults, extra fields pass through, and map, bmi and shock_index are derived when their inputs exist.
import type { JsonObject, JsonValue, RunPatient } from './modules/types.js';
import { fromJson, makeRecord, Quantity, type RecordValue } from './values.js';

export const PATIENT_DEFAULTS: Readonly<Record<string, JsonValue>> = Object.freeze({
  bp: 90,
  hr: 110,
  rr: 22,
  temp: 38.3,
  spo2: 94,
  weight: 70,
  age: 55,
  gcs: 15,
  lactate: 2.0,
  sex: 'M',
});

/**
 * The unit of each patient field that has one (modules.md §2), so `p.weight` is `70 kg` and
 * `15 mg/kg * p.weight` comes out in mg. Fields in units the language has no atom for (×10³/µL,
 * years, ratios, fractions, scores) stay plain numbers.
 */
export const PATIENT_FIELD_UNITS: Readonly<Record<string, string>> = Object.freeze({
  weight: 'kg',
  height: 'cm',
  bp: 'mmHg',
  sbp: 'mmHg',
  diastolic_bp: 'mmHg',
  dbp: 'mmHg',
  map: 'mmHg',
  hr: '/min',
  rr: '/min',
  temp: '°C',
  spo2: '%',
  lactate: 'mmol/L',
  creatinine: 'mg/dL',
  baseline_creatinine: 'mg/dL',
  bun: 'mg/dL',
  urea: 'mmol/L',
  bilirubin: 'mg/dL',
  sodium: 'mmol/L',
  potassium: 'mmol/L',
  chloride: 'mmol/L',
  hco3: 'mmol/L',
  albumin: 'g/dL',
  hemoglobin: 'g/dL',
  hematocrit: '%',
  glucose: 'mg/dL',
  total_cholesterol: 'mg/dL',
  hdl: 'mg/dL',
  pao2: 'mmHg',
  paco2: 'mmHg',
  pao2_fio2: 'mmHg',
  urine_output_ml_kg_hr: 'mL/kg/h',
  urine_output_hours: 'h',
  urine_output_ml_day: 'mL/day',
  norepinephrine: 'mcg/kg/min',
  epinephrine: 'mcg/kg/min',
  dopamine: 'mcg/kg/min',
  dobutamine: 'mcg/kg/min',
});

const num = (v: JsonValue | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Builds the patient fields; `supplied` are the request's own fields (numbers, strings, booleans). */
export function buildPatient(supplied: Readonly<Record<string, JsonValue>> = {}): RunPatient {
  const fields: JsonObject = { ...PATIENT_DEFAULTS };
  for (const [key, value] of Object.entries(supplied)) fields[key] = value;
  const bp = num(fields.bp);
  const diastolic = num(fields.diastolic_bp ?? fields.dbp);
  // mean arterial pressure ≈ (SBP + 2·DBP)/3 (modules.md §2)
  if (!('map' in supplied) && bp !== null && diastolic !== null) fields.map = (bp + 2 * diastolic) / 3;
  const weight = num(fields.weight);
  const height = num(fields.height);
  // body-mass index = kg / m² (WHO), height in cm
  if (!('bmi' in supplied) && weight !== null && height !== null && height > 0) fields.bmi = weight / (height / 100) ** 2;
  const hr = num(fields.hr);
  // shock index = HR / SBP (Allgöwer & Burri 1967)
  if (!('shock_index' in supplied) && hr !== null && bp !== null && bp > 0) fields.shock_index = hr / bp;
  return { fields, supplied: new Set(Object.keys(supplied)) };
}

/** The patient as a protocol sees it: numeric fields with a unit in §2 are quantities (`p.weight` is `70 kg`). */
export function patientRecord(fields: JsonObject): RecordValue {
  const record = makeRecord();
  for (const [key, value] of Object.entries(fields)) {
    const unit = Object.hasOwn(PATIENT_FIELD_UNITS, key) ? PATIENT_FIELD_UNITS[key] : undefined;
    record[key] = unit && typeof value === 'number' ? Quantity.of(value, unit) : fromJson(value);
  }
  return record;
}

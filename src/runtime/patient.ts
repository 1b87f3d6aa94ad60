// The run's patient (service.md §2, api.md "Validation"): the ten documented fields take their
// defaults, extra fields pass through, and map, bmi and shock_index are derived when their inputs exist.
import { ANALYTES, parseUnit, withAnalyte, type Analyte, type Unit } from '../units/index.js';
import type { JsonObject, JsonValue, RunPatient } from './modules/types.js';
import { dividedBy, plus, times, toNumber, type Num } from './numbers.js';
import { formatQuantity, fromJson, makeRecord, Quantity, type RecordValue } from './values.js';

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
  ldl: 'mg/dL',
  triglycerides: 'mg/dL',
  calcium: 'mg/dL',
  magnesium: 'mg/dL',
  phosphate: 'mg/dL',
  uric_acid: 'mg/dL',
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

/** The substance a field measures, so its mass and amount units convert (`p.creatinine > 110 umol/L`, language.md §7). */
const FIELD_ANALYTES: Readonly<Record<string, Analyte>> = Object.freeze({
  creatinine: ANALYTES.creatinine,
  baseline_creatinine: ANALYTES.creatinine,
  glucose: ANALYTES.glucose,
  urea: ANALYTES.urea,
  bun: ANALYTES.urea_nitrogen,
  bilirubin: ANALYTES.bilirubin,
  calcium: ANALYTES.calcium,
  total_cholesterol: ANALYTES.cholesterol,
  hdl: ANALYTES.cholesterol,
  ldl: ANALYTES.cholesterol,
  triglycerides: ANALYTES.triglycerides,
  uric_acid: ANALYTES.uric_acid,
  lactate: ANALYTES.lactate,
  magnesium: ANALYTES.magnesium,
  phosphate: ANALYTES.phosphate,
});

const fieldUnits = new Map<string, Unit>();

/** The unit of a patient field (with its analyte), or null for a field that keeps the plain value sent. */
export function patientFieldUnit(field: string): Unit | null {
  if (!Object.hasOwn(PATIENT_FIELD_UNITS, field)) return null;
  let unit = fieldUnits.get(field);
  if (!unit) {
    unit = withAnalyte(parseUnit(PATIENT_FIELD_UNITS[field]!)!, Object.hasOwn(FIELD_ANALYTES, field) ? FIELD_ANALYTES[field]! : null);
    fieldUnits.set(field, unit);
  }
  return unit;
}

/** A patient object that cannot be used, with the sentence that says why. */
export class PatientError extends Error {
  override name = 'PatientError';
}

export const MAX_PATIENT_LIST = 100_000;

const isScalar = (v: unknown): boolean => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/** One field sent as `{"value": 97, "unit": "umol/L"}`: its value in the field's unit (language.md §6). */
function fromUnitForm(key: string, sent: Record<string, unknown>): number {
  const unit = patientFieldUnit(key);
  const keys = Object.keys(sent).sort().join(',');
  if (keys !== 'unit,value' || typeof sent.value !== 'number' || !Number.isFinite(sent.value) || typeof sent.unit !== 'string') {
    throw new PatientError(`patient field '${key}' must be a number, or {"value": <number>, "unit": "<unit>"}`);
  }
  if (!unit) throw new PatientError(`patient field '${key}' has no unit in the language (docs/language.md §6): send it as a plain number`);
  const from = parseUnit(sent.unit);
  if (!from) throw new PatientError(`patient field '${key}': unknown unit '${sent.unit}' (docs/language.md §7 lists the units)`);
  const given = new Quantity(sent.value, withAnalyte(from, unit.analyte));
  const value = given.in(unit);
  if (value === null) {
    const other = unit.analyte ? ` or an amount per volume such as umol/L` : '';
    throw new PatientError(`patient field '${key}' is in ${unit.text}${other}; ${formatQuantity(given)} is ${from.dimension}`);
  }
  return toNumber(value);
}

/**
 * Checks and normalizes the request's patient (language.md §6): each field a number, a string, a boolean,
 * a list of those, or (for a field with a unit) `{"value", "unit"}`, converted here to the field's unit.
 */
export function readPatient(patient: unknown): Record<string, JsonValue> {
  if (patient === undefined || patient === null) return {};
  if (typeof patient !== 'object' || Array.isArray(patient)) throw new PatientError('patient must be an object of fields');
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(patient as Record<string, unknown>)) {
    if (isScalar(value)) {
      if (typeof value !== 'number' && patientFieldUnit(key)) throw new PatientError(`patient field '${key}' must be a number in ${patientFieldUnit(key)!.text}, got ${typeof value}`);
      out[key] = value as JsonValue;
    } else if (Array.isArray(value)) {
      if (patientFieldUnit(key)) throw new PatientError(`patient field '${key}' is one value in ${patientFieldUnit(key)!.text}; send a series under another name (such as '${key}_series')`);
      if (value.length > MAX_PATIENT_LIST) throw new PatientError(`patient field '${key}' holds at most ${MAX_PATIENT_LIST} items`);
      const bad = value.findIndex((item) => !isScalar(item));
      if (bad >= 0) throw new PatientError(`patient field '${key}' item ${bad} must be a number, a string or a boolean`);
      out[key] = value as JsonValue[];
    } else if (typeof value === 'object' && value !== null) {
      out[key] = fromUnitForm(key, value as Record<string, unknown>);
    } else {
      throw new PatientError(`patient field '${key}' must be a number, a string, a boolean or a list of them`);
    }
  }
  return out;
}

const num = (v: JsonValue | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Builds the patient fields; `supplied` are the request's own fields (numbers, strings, booleans). */
export function buildPatient(supplied: Readonly<Record<string, JsonValue>> = {}): RunPatient {
  const fields: JsonObject = { ...PATIENT_DEFAULTS };
  for (const [key, value] of Object.entries(supplied)) fields[key] = value;
  const bp = num(fields.bp);
  const diastolic = num(fields.diastolic_bp ?? fields.dbp);
  // derived in decimal like the language's own arithmetic (quotients to 8 places), so p.map shows as 61.66666667
  const derived = (compute: () => Num): number => toNumber(compute());
  // mean arterial pressure ≈ (SBP + 2·DBP)/3 (modules.md §2)
  if (!('map' in supplied) && bp !== null && diastolic !== null) fields.map = derived(() => dividedBy(plus(bp, times(2, diastolic)), 3));
  const weight = num(fields.weight);
  const height = num(fields.height);
  // body-mass index = kg / m² (WHO), height in cm
  if (!('bmi' in supplied) && weight !== null && height !== null && height > 0) fields.bmi = derived(() => dividedBy(times(weight, 10000), times(height, height)));
  const hr = num(fields.hr);
  // shock index = HR / SBP (Allgöwer & Burri 1967)
  if (!('shock_index' in supplied) && hr !== null && bp !== null && bp > 0) fields.shock_index = derived(() => dividedBy(hr, bp));
  return { fields, supplied: new Set(Object.keys(supplied)) };
}

/** The patient as a protocol sees it: numeric fields with a unit in §6 are quantities (`p.weight` is `70 kg`), lists are lists. */
export function patientRecord(fields: JsonObject): RecordValue {
  const record = makeRecord();
  for (const [key, value] of Object.entries(fields)) {
    const unit = patientFieldUnit(key);
    record[key] = unit && typeof value === 'number' ? new Quantity(value, unit) : fromJson(value);
  }
  return record;
}

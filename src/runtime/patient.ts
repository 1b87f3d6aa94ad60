// The run's patient (service.md §2, api.md "Validation"): the ten documented fields take their
// defaults, extra fields pass through, and map, bmi and shock_index are derived when their inputs exist.
import type { JsonObject, JsonValue, RunPatient } from './modules/types.js';

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

// Level of consciousness shared by qSOFA and NEWS2: ACVPU when given, else GCS 15 is alert.
import { ArgumentError } from '../types.js';
import type { PatientReader } from '../util/patient.js';

const ACVPU = ['A', 'C', 'V', 'P', 'U'];

export function isAlert(reader: PatientReader, label: string): boolean {
  const level = reader.optionalString('consciousness');
  if (level !== null) {
    const v = level.trim().toUpperCase();
    if (!ACVPU.includes(v)) throw new ArgumentError(`${label}: patient field 'consciousness' must be one of A, C, V, P, U (ACVPU), got ${JSON.stringify(level)}`);
    return v === 'A';
  }
  return reader.number('gcs') >= 15;
}

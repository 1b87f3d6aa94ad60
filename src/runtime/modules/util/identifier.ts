// Record and device identifiers of db, research and io (modules.md §16, §17, §19): 1–64 characters of
// A–Z a–z 0–9 . _ -, so an id can never carry a path, SQL or free text.
import { ArgumentError } from '../types.js';

const IDENTIFIER = /^[A-Za-z0-9._-]{1,64}$/;

/** The id itself, or an argument error naming the argument: `db.save_patient: argument 1 'patient_id' …`. */
export function checkIdentifier(value: unknown, label: string, position: number, name: string): string {
  const id = String(value);
  if (!IDENTIFIER.test(id)) throw new ArgumentError(`${label}: argument ${position} '${name}' must be 1–64 characters of A–Z a–z 0–9 . _ -, got ${JSON.stringify(id.slice(0, 70))}`);
  return id;
}

// Resource ids: random RFC 4122 version-4 UUIDs (122 random bits from the system's CSPRNG), issue 29.
// They were drawn from the run's 32-bit seed, which made them equal across organizations sending the same
// request and likely to collide after some 77,000 resources.
import { randomUUID } from 'node:crypto';
import { ArgumentError } from '../types.js';

export function resourceUuid(): string {
  return randomUUID();
}

/** FHIR R4 `id`: 1–64 of A–Z, a–z, 0–9, '-' and '.'. */
export function checkFhirId(id: string, label: string, what: string): string {
  if (!/^[A-Za-z0-9\-.]{1,64}$/.test(id)) {
    throw new ArgumentError(`${label}: ${what} must be a FHIR id (1–64 letters, digits, '-' or '.'), got ${JSON.stringify(id)}`);
  }
  return id;
}

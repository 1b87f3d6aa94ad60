// Reproducible resource ids: RFC 4122 version-4 UUIDs drawn from the run's seeded generator (modules.md §15).
import { ArgumentError, type CallContext } from '../types.js';

export function seededUuid(ctx: CallContext): string {
  const bytes = Array.from({ length: 16 }, () => Math.floor(ctx.random() * 256));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** FHIR R4 `id`: 1–64 of A–Z, a–z, 0–9, '-' and '.'. */
export function checkFhirId(id: string, label: string, what: string): string {
  if (!/^[A-Za-z0-9\-.]{1,64}$/.test(id)) {
    throw new ArgumentError(`${label}: ${what} must be a FHIR id (1–64 letters, digits, '-' or '.'), got ${JSON.stringify(id)}`);
  }
  return id;
}

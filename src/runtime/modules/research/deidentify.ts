// HIPAA Safe Harbor de-identification (45 CFR 164.514(b)(2)): only age (over 89 → "90+"), sex and the
// numeric and boolean clinical fields of modules.md §2 are kept; everything else is dropped and listed.
// The keyed pseudonym is HMAC-SHA-256(installation secret, pseudonymInput(org, identifier)) (RFC 2104).
import { createHmac } from 'node:crypto';
import { ArgumentError, type CallContext, type JsonObject, type JsonValue } from '../types.js';
import { PATIENT_FIELDS } from '../util/patient.js';
import { normalizeSex } from '../util/sex.js';

const LABEL = 'research.deidentify';
export const BOOLEAN_FIELDS = ['ventilated', 'on_oxygen', 'on_vasopressors', 'on_rrt', 'chf', 'hypertension', 'diabetes', 'stroke_history', 'vascular_disease', 'smoker', 'bp_treated'] as const;
const IDENTIFIERS = ['id', 'patient_id', 'mrn'] as const;
export const METHOD =
  'HIPAA Safe Harbor, 45 CFR 164.514(b)(2): identifiers, dates (birth year kept for ages ≤ 89), contact data, free text and unlisted fields removed; ages over 89 reported as 90+; patient_hash is a keyed HMAC-SHA-256 pseudonym (whether it meets 164.514(c) is the operator’s decision)';

/** Every field name a de-identified record may hold, besides the ones this module writes. */
export const KEPT_FIELDS: ReadonlySet<string> = new Set([...Object.keys(PATIENT_FIELDS).filter((f) => f !== 'age'), ...BOOLEAN_FIELDS]);

/**
 * The organization length-prefixed (`<UTF-8 bytes of org>:<org><identifier>`), so no two (organization,
 * identifier) pairs give the same input, whatever characters an organization's name holds.
 */
export function pseudonymInput(organization: string, identifier: string): string {
  return `${Buffer.byteLength(organization)}:${organization}${identifier}`;
}

function pseudonym(ctx: CallContext, patient: JsonObject): string | null {
  for (const key of [...IDENTIFIERS, 'name'] as const) {
    const value = patient[key];
    if ((typeof value === 'string' && value.trim()) || typeof value === 'number') {
      return createHmac('sha256', ctx.store().installationSecret()).update(pseudonymInput(ctx.organization, String(value).trim())).digest('hex').slice(0, 32);
    }
  }
  return null;
}

/**
 * True when `field` of this argument is a value the engine made for the run patient (a service.md default
 * or a field derived from one) rather than data the request sent; such fields are left out (§19).
 */
function engineMade(ctx: CallContext, patient: JsonObject, field: string): boolean {
  const run = ctx.source === 'run' ? ctx.patient : null;
  if (!run || run.supplied.has(field) || patient[field] !== run.fields[field]) return false;
  if (field === 'map') return !(run.supplied.has('bp') || run.supplied.has('sbp')) || !(run.supplied.has('diastolic_bp') || run.supplied.has('dbp'));
  return true;
}

function plausible(field: string, value: number): number {
  const spec = PATIENT_FIELDS[field]!;
  if ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max)) {
    throw new ArgumentError(`${LABEL}: patient field '${field}' (${spec.unit}, ${spec.meaning}) must be between ${spec.min} and ${spec.max}, got ${value}`);
  }
  return value;
}

export function deidentify(ctx: CallContext, patient: JsonObject): JsonObject {
  const kept: JsonObject = {};
  const removed: string[] = [];
  const canonical = new Map<string, string>(); // alias → field name (sbp → bp)
  for (const [field, spec] of Object.entries(PATIENT_FIELDS)) if (spec.alias) canonical.set(spec.alias, field);

  let age: JsonValue = null;
  let sex: JsonValue = null;
  let birthYear: number | null = null;
  for (const [key, value] of Object.entries(patient)) {
    if (value === null || engineMade(ctx, patient, key)) continue;
    const field = canonical.get(key) ?? key;
    if (field === 'age') {
      if (typeof value !== 'number') throw new ArgumentError(`${LABEL}: patient field 'age' (years) must be a number, got ${JSON.stringify(value)}`);
      age = plausible('age', value) > 89 ? '90+' : value;
    } else if (field === 'sex') {
      sex = normalizeSex(value, LABEL, "patient field 'sex'");
    } else if (field === 'birth_date') {
      const match = typeof value === 'string' ? /^(\d{4})-\d{2}-\d{2}$/.exec(value) : null;
      if (!match) throw new ArgumentError(`${LABEL}: patient field 'birth_date' must be an ISO date YYYY-MM-DD, got ${JSON.stringify(value)}`);
      birthYear = Number(match[1]);
      removed.push(key);
    } else if (KEPT_FIELDS.has(field) && !(key !== field && patient[field] != null)) {
      // (an alias is read only when the main name is absent, §2)
      const wanted = field in PATIENT_FIELDS ? 'number' : 'boolean';
      if (typeof value !== wanted) throw new ArgumentError(`${LABEL}: patient field '${key}' must be a ${wanted === 'number' ? 'number' : 'boolean (true or false)'}, got ${JSON.stringify(value)}`);
      kept[field] = wanted === 'number' ? plausible(field, value as number) : value;
    } else {
      removed.push(key);
    }
  }
  const ordered: JsonObject = {};
  for (const field of KEPT_FIELDS) if (field in kept) ordered[field] = kept[field]!;
  // a birth year is kept only when the age shows it cannot point to someone over 89
  const year: JsonObject = typeof age === 'number' && birthYear !== null ? { birth_year: birthYear } : {};
  return { type: 'RESEARCH_DEIDENTIFIED', patient_hash: pseudonym(ctx, patient), age, sex, ...year, ...ordered, removed_fields: removed, method: METHOD };
}

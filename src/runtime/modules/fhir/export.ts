// Patient record → FHIR R4 Patient and a collection Bundle of Observations (modules.md §15).
import type { Bundle, BundleEntry, Observation, Patient } from '@medplum/fhirtypes';
import { ArgumentError, type CallContext, type JsonObject, type JsonValue } from '../types.js';
import { PATIENT_FIELDS, PatientReader } from '../util/patient.js';
import { checkFhirId, resourceUuid } from './ids.js';
import { LOINC_FIELDS, LOINC_SYSTEM, UCUM_SYSTEM, type LoincField } from './loinc.js';

const CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';
const CATEGORY_DISPLAY = { 'vital-signs': 'Vital Signs', laboratory: 'Laboratory', survey: 'Survey' } as const;
const GENDERS: Record<string, Patient['gender']> = { m: 'male', male: 'male', f: 'female', female: 'female', other: 'other', unknown: 'unknown' };

function text(patient: JsonObject, field: string, label: string): string | null {
  const value = patient[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.trim() === '') throw new ArgumentError(`${label}: patient field '${field}' must be non-empty text, got ${JSON.stringify(value)}`);
  return value.trim();
}

function gender(patient: JsonObject, label: string): Patient['gender'] | undefined {
  const sex = patient.sex;
  if (sex === undefined || sex === null) return undefined;
  const found = typeof sex === 'string' ? GENDERS[sex.trim().toLowerCase()] : undefined;
  if (!found) throw new ArgumentError(`${label}: patient field 'sex' must be 'M', 'F', 'male', 'female', 'other' or 'unknown', got ${JSON.stringify(sex)}`);
  return found;
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export function toPatient(patient: JsonObject, ctx: CallContext, label: string): Patient {
  const givenId = text(patient, 'id', label) ?? text(patient, 'patient_id', label) ?? text(patient, 'mrn', label);
  const resource: Patient = { resourceType: 'Patient', id: givenId === null ? resourceUuid() : checkFhirId(givenId, label, "patient field 'id'") };
  const name = text(patient, 'name', label);
  if (name !== null) {
    const parts = name.split(/\s+/);
    resource.name = [parts.length > 1 ? { text: name, family: parts[parts.length - 1]!, given: parts.slice(0, -1) } : { text: name }];
  }
  const g = isRunDefault(patient, 'sex', ctx) ? undefined : gender(patient, label);
  if (g) resource.gender = g;
  const birthDate = text(patient, 'birth_date', label);
  if (birthDate !== null) {
    if (!isIsoDate(birthDate)) throw new ArgumentError(`${label}: patient field 'birth_date' must be a date YYYY-MM-DD, got ${JSON.stringify(birthDate)}`);
    resource.birthDate = birthDate;
  }
  return resource;
}

/** The field or its §2 alias (`sbp`, `dbp`) holds a value; derived values (map from bp) are not observations. */
function isSent(patient: JsonObject, field: string): boolean {
  const alias = PATIENT_FIELDS[field]?.alias;
  return (patient[field] ?? (alias === undefined ? null : patient[alias]) ?? null) !== null;
}

/** In a protocol, a field the request did not send holds its service.md default: defaults are not observations, nor a gender. */
function isRunDefault(patient: JsonObject, field: string, ctx: CallContext): boolean {
  const run = ctx.patient;
  if (ctx.source !== 'run' || !run || run.supplied.has(field)) return false;
  const value: JsonValue | undefined = run.fields[field];
  return value !== undefined && value === patient[field];
}

function observation(spec: LoincField, value: number, subject: string, id: string, effective: string): Observation {
  return {
    resourceType: 'Observation',
    id,
    status: 'final',
    category: [{ coding: [{ system: CATEGORY_SYSTEM, code: spec.category, display: CATEGORY_DISPLAY[spec.category] }] }],
    code: { coding: spec.codes.map((c) => ({ system: LOINC_SYSTEM, code: c.code, ...(c.display ? { display: c.display } : {}) })), text: spec.text },
    subject: { reference: subject },
    effectiveDateTime: effective,
    valueQuantity: { value, unit: spec.ucum, system: UCUM_SYSTEM, code: spec.ucum },
  };
}

export function toBundle(patient: JsonObject, ctx: CallContext, label: string): Bundle {
  const reader = new PatientReader(patient, label);
  const patientResource = toPatient(patient, ctx, label);
  const patientUrl = `urn:uuid:${resourceUuid()}`;
  const effective = ctx.now().toISOString();
  const entries: BundleEntry[] = [{ fullUrl: patientUrl, resource: patientResource }];
  for (const spec of LOINC_FIELDS) {
    if (!isSent(patient, spec.field) || isRunDefault(patient, spec.field, ctx)) continue;
    const value = reader.number(spec.field);
    const uuid = resourceUuid();
    entries.push({ fullUrl: `urn:uuid:${uuid}`, resource: observation(spec, value, patientUrl, uuid, effective) });
  }
  return { resourceType: 'Bundle', id: resourceUuid(), type: 'collection', timestamp: effective, entry: entries };
}

// MedicationRequest, Condition, search URLs and JSON text (modules.md §15).
import type { Condition, Dosage, MedicationRequest } from '@medplum/fhirtypes';
import { isVerhoeffValid } from '../icd/verhoeff.js';
import { ArgumentError, type CallContext, type JsonObject, type JsonValue } from '../types.js';
import { checkFhirId, resourceUuid } from './ids.js';
import { UCUM_SYSTEM } from './loinc.js';
import { ucumCode } from '../../../units/ucum.js';

// Clinical spellings that are not UCUM codes (mcg → ug, units → [iU], mEq → meq, hr → h).
const DOSE_SPELLINGS: Readonly<Record<string, string>> = { mcg: 'ug', µg: 'ug', units: '[iU]', unit: '[iU]', iu: '[iU]', meq: 'meq', hr: 'h', day: 'd' };
const PER_TIME = new Set(['s', 'min', 'h', 'd']);

function doseUnit(unit: string, label: string): { code: string; isRate: boolean } {
  const parts = unit.trim().split('/').map((p) => DOSE_SPELLINGS[p.trim().toLowerCase()] ?? p.trim());
  const code = ucumCode(parts.join('/'));
  if (code === null) throw new ArgumentError(`${label}: argument 3 'unit' must be a dose unit such as mg, mcg, units, mEq, mg/kg or mcg/kg/min (UCUM), got ${JSON.stringify(unit)}`);
  return { code, isRate: parts.length > 1 && PER_TIME.has(parts[parts.length - 1]!) };
}

/** A rate unit (…/min, …/h) goes in rateQuantity, an amount per dose in doseQuantity (FHIR R4 Dosage). */
export function medicationRequest(drug: string, dose: number, unit: string, patientId: string, ctx: CallContext, label: string): MedicationRequest {
  if (drug.trim() === '') throw new ArgumentError(`${label}: argument 1 'drug_name' must not be empty`);
  const { code, isRate } = doseUnit(unit, label);
  const quantity = { value: dose, unit: unit.trim(), system: UCUM_SYSTEM, code };
  const dosage: Dosage = { text: `${drug.trim()} ${dose} ${unit.trim()}`, doseAndRate: [isRate ? { rateQuantity: quantity } : { doseQuantity: quantity }] };
  return {
    resourceType: 'MedicationRequest',
    id: resourceUuid(),
    status: 'active',
    intent: 'order',
    medicationCodeableConcept: { text: drug.trim() },
    subject: { reference: `Patient/${checkFhirId(patientId, label, "argument 4 'patient_id'")}` },
    authoredOn: ctx.now().toISOString(),
    dosageInstruction: [dosage],
  };
}

const ICD10CM_SYSTEM = 'http://hl7.org/fhir/sid/icd-10-cm';
const SNOMED_SYSTEM = 'http://snomed.info/sct';
const ICD10CM_SHAPE = /^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/;

/** SNOMED CT concept id: 6–18 digits, no leading zero, concept partition (00 or 10), Verhoeff check digit. */
function isSnomedConceptId(code: string): boolean {
  return /^[1-9][0-9]{5,17}$/.test(code) && ['00', '10'].includes(code.slice(-3, -1)) && isVerhoeffValid(code);
}

// FHIR R4 ValueSet condition-severity (SNOMED CT).
const SEVERITIES: Readonly<Record<string, { code: string; display: string }>> = {
  mild: { code: '255604002', display: 'Mild' },
  moderate: { code: '6736007', display: 'Moderate' },
  severe: { code: '24484000', display: 'Severe' },
};
export const SEVERITY_WORDS = ['mild', 'low', 'moderate', 'severe', 'high'] as const;
const SEVERITY_ALIASES: Readonly<Record<string, string>> = { low: 'mild', high: 'severe' };

export function condition(code: string, display: string, severityWord: string, patientId: string, ctx: CallContext, label: string): Condition {
  const trimmed = code.trim().toUpperCase();
  const system = ICD10CM_SHAPE.test(trimmed) ? ICD10CM_SYSTEM : isSnomedConceptId(code.trim()) ? SNOMED_SYSTEM : null;
  if (system === null) {
    throw new ArgumentError(`${label}: argument 1 'code' must be an ICD-10-CM code (e.g. A41.9) or a SNOMED CT concept id with a valid check digit (e.g. 91302008), got ${JSON.stringify(code)}`);
  }
  if (display.trim() === '') throw new ArgumentError(`${label}: argument 2 'display' must not be empty`);
  const severity = SEVERITIES[SEVERITY_ALIASES[severityWord] ?? severityWord]!;
  return {
    resourceType: 'Condition',
    id: resourceUuid(),
    clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active', display: 'Active' }] },
    severity: { coding: [{ system: SNOMED_SYSTEM, code: severity.code, display: severity.display }] },
    code: { coding: [{ system, code: system === SNOMED_SYSTEM ? code.trim() : trimmed, display: display.trim() }], text: display.trim() },
    subject: { reference: `Patient/${checkFhirId(patientId, label, "argument 4 'patient_id'")}` },
    recordedDate: ctx.now().toISOString(),
  };
}

/** RFC 3986 percent-encoding: everything but unreserved characters (encodeURIComponent leaves !'()*). */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function searchUrl(base: string, resourceType: string, params: JsonObject | null, label: string): string {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new ArgumentError(`${label}: argument 1 'base' must be an http(s) URL, got ${JSON.stringify(base)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ArgumentError(`${label}: argument 1 'base' must be an http(s) URL, got ${JSON.stringify(base)}`);
  if (!/^[A-Z][A-Za-z]+$/.test(resourceType)) throw new ArgumentError(`${label}: argument 2 'resource_type' must be a FHIR resource type such as Patient or Observation, got ${JSON.stringify(resourceType)}`);
  const query = Object.entries(params ?? {}).map(([key, value]: [string, JsonValue]) => {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new ArgumentError(`${label}: argument 3 'params' value of '${key}' must be a string, number or boolean, got ${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value}`);
    }
    return `${encode(key)}=${encode(String(value))}`;
  });
  return `${base.trim().replace(/\/+$/, '')}/${resourceType}${query.length ? `?${query.join('&')}` : ''}`;
}

// modules.md §15: patient records ↔ HL7 FHIR R4 resources. Ids are random UUIDs (never shared across
// organizations, issue 29); times come from the injected clock.
import type { FunctionSpec, JsonObject, JsonValue, ModuleDef, ParamSpec } from '../types.js';
import { toBundle, toPatient } from './export.js';
import { fromFhir } from './import.js';
import { SEVERITY_WORDS, condition, medicationRequest, searchUrl } from './orders.js';
import { FHIR_RESULTS } from './results.js';

const fn = (spec: Omit<FunctionSpec, 'state'>): FunctionSpec => ({ ...spec, state: 'none' });
const json = (resource: object): JsonValue => resource as unknown as JsonValue;
const PATIENT: ParamSpec = { name: 'patient', type: 'patient', description: 'patient fields (as a protocol sends them), with id, name, sex and birth_date for the Patient resource' };
const PATIENT_ID: ParamSpec = { name: 'patient_id', type: 'string', default: 'moiss-patient-001', maxLength: 64, description: 'FHIR id of the Patient the resource refers to' };
const R4 = 'HL7 FHIR R4 (4.0.1), https://hl7.org/fhir/R4/';
const LOINC = 'LOINC 2.7x codes; FHIR R4 vital-signs profile';
const UCUM = 'UCUM via @lhncbc/ucum-lhc (NLM)';

const fhir: ModuleDef = {
  name: 'fhir',
  description: 'Convert between patient records and HL7 FHIR R4 resources (Bundle, Patient, Observation, MedicationRequest, Condition).',
  functions: [
    fn({
      name: 'to_fhir',
      aliases: ['to_bundle'],
      description: 'A collection Bundle: the Patient, then one Observation (LOINC, UCUM) per supplied field of the LOINC table.',
      params: [PATIENT],
      result: FHIR_RESULTS.to_fhir!,
      sources: [R4, LOINC, UCUM],
      impl: (a, ctx) => json(toBundle(a.patient as JsonObject, ctx, 'fhir.to_fhir')),
    }),
    fn({
      name: 'to_patient',
      description: 'The FHIR Patient alone: id, name, gender and birthDate as supplied (never invented).',
      params: [PATIENT],
      result: FHIR_RESULTS.to_patient!,
      sources: [R4],
      impl: (a, ctx) => json(toPatient(a.patient as JsonObject, ctx, 'fhir.to_patient')),
    }),
    fn({
      name: 'from_fhir',
      description: 'Patient fields from a FHIR Bundle: Patient demographics and LOINC observations converted to the library units; skipped items are listed in warnings.',
      params: [{ name: 'bundle', type: 'object', description: 'a FHIR R4 Bundle (resourceType Bundle)' }],
      result: FHIR_RESULTS.from_fhir!,
      sources: [R4, LOINC, UCUM],
      impl: (a, ctx) => fromFhir(a.bundle as JsonObject, ctx.now(), 'fhir.from_fhir'),
    }),
    fn({
      name: 'search_url',
      description: 'A FHIR search URL: base/ResourceType?key=value with RFC 3986 percent-encoding.',
      params: [
        { name: 'base', type: 'string', maxLength: 2000, description: 'FHIR server base URL (http or https)' },
        { name: 'resource_type', type: 'string', maxLength: 200, description: 'resource type, e.g. Observation' },
        { name: 'params', type: ['object', 'null'], default: null, description: 'search parameters; values are strings, numbers or booleans' },
      ],
      result: { bare: 'string' },
      sources: [`${R4} search`, 'RFC 3986 §2'],
      impl: (a) => searchUrl(a.base as string, a.resource_type as string, a.params as JsonObject | null, 'fhir.search_url'),
    }),
    fn({
      name: 'medication_request',
      aliases: ['to_medication_request'],
      description: 'An active MedicationRequest order; the dose unit is written as UCUM (mcg → ug, units → [iU], mEq → meq); rates go in rateQuantity.',
      params: [
        { name: 'drug_name', type: 'string', maxLength: 200, description: 'medication name' },
        { name: 'dose', type: 'number', exclusiveMinimum: 0, description: 'dose amount or rate' },
        { name: 'unit', type: 'string', maxLength: 200, description: 'dose unit: mg, mcg, g, units, mEq, mL, mg/kg, mcg/kg/min, …' },
        PATIENT_ID,
      ],
      result: FHIR_RESULTS.medication_request!,
      sources: [R4, UCUM],
      impl: (a, ctx) => json(medicationRequest(a.drug_name as string, a.dose as number, a.unit as string, a.patient_id as string, ctx, 'fhir.medication_request')),
    }),
    fn({
      name: 'condition',
      description: 'An active Condition coded in ICD-10-CM or SNOMED CT, with a SNOMED CT severity.',
      params: [
        { name: 'code', type: 'string', maxLength: 200, description: 'ICD-10-CM code (A41.9) or SNOMED CT concept id (91302008)' },
        { name: 'display', type: 'string', maxLength: 500, description: 'the condition as text' },
        { name: 'severity', type: 'string', default: 'moderate', enum: SEVERITY_WORDS, description: "'mild' (alias 'low'), 'moderate' or 'severe' (alias 'high')" },
        PATIENT_ID,
      ],
      result: FHIR_RESULTS.condition!,
      sources: [R4, 'FHIR R4 ValueSet condition-severity (SNOMED CT)', 'SNOMED CT identifier check digit (Verhoeff)'],
      impl: (a, ctx) => json(condition(a.code as string, a.display as string, a.severity as string, a.patient_id as string, ctx, 'fhir.condition')),
    }),
    fn({
      name: 'to_json',
      description: 'A resource (any object) as JSON text.',
      params: [
        { name: 'resource', type: 'object', description: 'the resource' },
        { name: 'indent', type: 'integer', default: 2, minimum: 0, maximum: 8, description: 'spaces per indent level (0: one line)' },
      ],
      result: { bare: 'string' },
      sources: [`${R4} JSON representation`],
      impl: (a) => JSON.stringify(a.resource, null, a.indent as number),
    }),
  ],
};

export default fhir;

// What each fhir function answers (docs/library.md, the checker's field check and the boundary check read these).
// FHIR R4 datatypes inside a resource (HumanName, CodeableConcept, Reference, Dosage) are declared as records
// or lists without their inner fields: they follow the FHIR R4 specification.
import type { RecordResultSpec, ResultField } from '../types.js';
import { LOINC_FIELDS } from './loinc.js';
import { always, optional, text } from '../util/result-fields.js';

const fhirType = (name: string, type: 'object' | 'array', datatype: string, description: string): ResultField => ({ name, type, description: `${description} (FHIR R4 ${datatype})` });
const resource = (type: string): ResultField => always('resourceType', type);
const ID = text('id', 'the resource id (a UUID seeded by the run, or the id given)');
const SUBJECT = fhirType('subject', 'object', 'Reference', 'the patient, as `Patient/<id>`');

export const FHIR_RESULTS: Readonly<Record<string, RecordResultSpec>> = {
  to_fhir: {
    type: 'Bundle',
    description: 'a FHIR R4 collection Bundle of the patient and an Observation per measured field',
    fields: [
      resource('Bundle'),
      ID,
      always('type', 'collection'),
      text('timestamp', 'when the bundle was made (ISO 8601)'),
      { name: 'entry', type: 'array', items: { type: 'object', description: 'one entry with its `resource` (the Patient, then Observations with LOINC codes and UCUM units)' }, description: 'the resources' },
    ],
  },
  to_patient: {
    type: 'Patient',
    description: 'a FHIR R4 Patient resource',
    fields: [
      resource('Patient'),
      ID,
      optional(fhirType('name', 'array', 'HumanName list', 'the name, when given')),
      optional(text('gender', 'the sex as FHIR gender, when given', { enum: ['male', 'female', 'other', 'unknown'] })),
      optional(text('birthDate', 'the birth date YYYY-MM-DD, when given')),
    ],
  },
  from_fhir: {
    type: 'FHIR_PATIENT',
    description: 'patient fields read from a FHIR R4 Bundle; what cannot be read is listed in warnings, never guessed',
    fields: [
      optional(text('id', 'the Patient resource id')),
      optional(text('name', 'the name (official first)')),
      optional(text('sex', 'from the FHIR gender', { enum: ['M', 'F'] })),
      optional(text('birth_date', 'YYYY-MM-DD')),
      optional({ name: 'age', type: 'integer', unit: 'years', description: 'completed years at the run time' }),
      ...LOINC_FIELDS.map((f) => optional({ name: f.field, type: 'number', unit: f.ucum, description: `${f.text}: the latest final Observation, converted to ${f.ucum}` })),
      { name: 'warnings', type: 'array', items: { type: 'string', description: 'one thing not read, and why' }, description: 'everything skipped or ignored' },
    ],
  },
  medication_request: {
    type: 'MedicationRequest',
    description: 'a FHIR R4 MedicationRequest',
    fields: [
      resource('MedicationRequest'),
      ID,
      always('status', 'active'),
      always('intent', 'order'),
      fhirType('medicationCodeableConcept', 'object', 'CodeableConcept', 'the drug, as text'),
      SUBJECT,
      text('authoredOn', 'when it was written (ISO 8601)'),
      fhirType('dosageInstruction', 'array', 'Dosage list', 'the dose: a doseQuantity, or a rateQuantity for a rate unit, in UCUM'),
    ],
  },
  condition: {
    type: 'Condition',
    description: 'a FHIR R4 Condition',
    fields: [
      resource('Condition'),
      ID,
      fhirType('clinicalStatus', 'object', 'CodeableConcept', 'always active'),
      fhirType('severity', 'object', 'CodeableConcept', 'the severity as a SNOMED CT code'),
      fhirType('code', 'object', 'CodeableConcept', 'the ICD-10-CM or SNOMED CT code with its display'),
      SUBJECT,
      text('recordedDate', 'when it was recorded (ISO 8601)'),
    ],
  },
};

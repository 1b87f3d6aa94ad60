// What each research function answers (docs/library.md, the checker's field check and the boundary check read these).
import type { RecordResultSpec, ResultField } from '../types.js';
import { PATIENT_FIELDS } from '../util/patient.js';
import { BOOLEAN_FIELDS, KEPT_FIELDS, METHOD } from './deidentify.js';
import { always, flag, int, num, optional, text } from '../util/result-fields.js';

/** What each kept yes/no patient field says (the numeric ones take their meaning and unit from the patient field table). */
const BOOLEAN_MEANINGS: Readonly<Record<(typeof BOOLEAN_FIELDS)[number], string>> = {
  ventilated: 'on mechanical ventilation',
  on_oxygen: 'on supplemental oxygen',
  on_vasopressors: 'on vasopressors',
  on_rrt: 'on renal replacement therapy',
  chf: 'congestive heart failure',
  hypertension: 'hypertension',
  diabetes: 'diabetes',
  stroke_history: 'prior stroke',
  vascular_disease: 'vascular disease',
  smoker: 'current smoker',
  bp_treated: 'on blood pressure treatment',
};

/** A clinical field de-identification keeps, in the order it writes them; absent when the patient did not send it. */
function keptField(name: string): ResultField {
  const numeric = PATIENT_FIELDS[name];
  if (numeric) return { name, type: 'number', unit: numeric.unit, description: `${numeric.meaning}, as sent`, optional: true };
  return { name, type: 'boolean', description: `${BOOLEAN_MEANINGS[name as (typeof BOOLEAN_FIELDS)[number]]}, as sent`, optional: true };
}

const studyId = text('study_id', 'the study identifier');

const CONSENT: RecordResultSpec = {
  type: 'RESEARCH_CONSENT',
  description: 'the latest consent record of the patient for the study',
  fields: [
    text('patient_id', "the organization's patient id"),
    studyId,
    flag('found', 'false when the patient has no consent record for the study'),
    flag('consented', 'true: consent given; false: refused, withdrawn or never recorded'),
    { name: 'consent_date', type: ['string', 'null'], description: 'the date on the consent form (YYYY-MM-DD); null when none was given or there is no record' },
    { name: 'recorded_at', type: ['string', 'null'], description: 'when the record was stored (ISO 8601 time); null when there is no record' },
  ],
};

const byArm = (description: string): ResultField['items'] => ({ type: 'string', description });
const armCounts: ResultField = {
  name: 'arm_counts',
  type: 'object',
  description: 'patients allocated to each arm, by arm label (Arm_A: 10, …)',
  keys: 'arm',
  values: { type: 'integer', description: 'patients allocated to the arm' },
};
const assignments: ResultField = {
  name: 'assignments',
  type: 'object',
  description: 'the arm label of each patient id (PT-0001: Arm_B, …), in allocation order',
  keys: 'patient id',
  values: byArm("the patient's arm label"),
};
const blockSize = int('block_size', 'patients per permuted block');
const seed = int('seed', 'the generator seed used (the one given, or the one drawn): the same seed redoes the allocation');

export const RESEARCH_RESULTS: Readonly<Record<string, RecordResultSpec>> = {
  deidentify: {
    type: 'RESEARCH_DEIDENTIFIED',
    description: 'the patient with identifiers removed (HIPAA Safe Harbor)',
    fields: [
      { name: 'patient_hash', type: ['string', 'null'], description: 'keyed pseudonym of the first identifier sent (id, patient_id, mrn, name): 32 hex digits, the same for the same patient in this organization; null without an identifier' },
      { name: 'age', type: ['number', 'string', 'null'], unit: 'years', description: 'the age, or `90+` for an age over 89; null when not sent' },
      { name: 'sex', type: ['string', 'null'], enum: ['M', 'F'], description: 'the sex; null when not sent' },
      optional(int('birth_year', 'the year of birth_date, kept only beside an age of 89 or less')),
      ...[...KEPT_FIELDS].map(keptField),
      { name: 'removed_fields', type: 'array', items: { type: 'string', description: 'a field name as sent' }, description: 'the fields sent that were removed, in the order sent' },
      text('method', 'the de-identification method, as one sentence', { enum: [METHOD] }),
    ],
  },
  log_to_datalake: {
    type: 'RESEARCH_LOG',
    description: "the de-identified record stored in the organization's study data",
    fields: [
      studyId,
      int('record_id', 'the id of the stored record'),
      flag('stored', 'always true (a record that cannot be stored is an error)'),
    ],
  },
  record_consent: CONSENT,
  consent_check: CONSENT,
  randomize: {
    type: 'RESEARCH_RANDOMIZE',
    description: 'a permuted-block allocation of patients PT-0001… to arms',
    fields: [
      int('patient_count', 'patients allocated'),
      int('arms', 'number of arms'),
      { name: 'arm_labels', type: 'array', items: byArm('an arm label'), description: 'the arm labels, Arm_A…' },
      { name: 'ratio', type: 'array', items: { type: 'integer', description: "an arm's share" }, description: 'the allocation ratio used, one entry per arm' },
      blockSize,
      seed,
      always('method', 'permuted blocks'),
      armCounts,
      assignments,
    ],
  },
  sample_size: {
    type: 'RESEARCH_SAMPLE_SIZE',
    description: 'patients per group for a two-sided comparison of two equal groups',
    fields: [
      num('effect_size', null, 'the standardized difference d given'),
      num('alpha', null, 'the two-sided significance level given'),
      num('power', null, 'the power (1 − β) given'),
      num('z_alpha', null, 'the normal quantile at 1 − α/2, four decimals'),
      num('z_beta', null, 'the normal quantile at the power, four decimals'),
      int('n_per_group', 'patients per group, rounded up'),
      int('total_n', 'patients in both groups'),
    ],
  },
  stratify: {
    type: 'RESEARCH_STRATIFY',
    description: 'enrolment slots split across strata, with a schedule per stratum when arms are given',
    fields: [
      text('variable', 'the stratification variable'),
      { name: 'strata', type: 'array', items: { type: 'string', description: 'a stratum name' }, description: 'the stratum names, in the order given' },
      int('patient_count', 'patients split across the strata'),
      {
        name: 'allocation',
        type: 'object',
        description: 'the number of slots of each stratum, by stratum name (earlier strata take the remainder)',
        keys: 'stratum',
        values: { type: 'integer', description: 'slots of the stratum' },
      },
      {
        name: 'patients',
        type: 'object',
        description: 'the patient ids (PT-0001…) of each stratum, by stratum name',
        keys: 'stratum',
        values: { type: 'array', items: { type: 'string', description: 'a patient id' }, description: 'the patient ids of the stratum' },
      },
      optional(seed),
      optional({
        name: 'randomization',
        type: 'object',
        description: "each stratum's permuted-block schedule by stratum name; only when arms are given",
        keys: 'stratum',
        values: {
          type: 'object',
          description: "the stratum's schedule",
          fields: [int('seed', "the stratum's seed: the call's seed plus the stratum's position (from 0)"), blockSize, armCounts, assignments],
        },
      }),
    ],
  },
};

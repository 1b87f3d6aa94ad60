// What each db function answers (docs/library.md, the checker's field check and the boundary check read these).
import type { RecordResultSpec, ResultField, ResultSpec, ValueSpec } from '../types.js';
import { flag, int, num, optional, text } from '../util/result-fields.js';

const time = (name: string, description: string): ResultField => text(name, `${description} (ISO 8601, UTC)`);
const nullable = (name: string, type: 'number' | 'string', description: string, unit?: string): ResultField => ({ name, type: [type, 'null'], description, ...(unit && { unit }) });

const PATIENT_ID = text('patient_id', 'the patient identifier');
const RUN_ID: ResultField = int('run_id', "the run id, the organization's own sequence");

/** What a write answers: the action done and what it was done to. */
const event = (action: string, fields: ResultField[]): RecordResultSpec => ({
  type: 'DB_EVENT',
  description: 'the write done',
  fields: [text('action', `always \`${action}\``, { enum: [action] }), ...fields],
});

const PATIENT_FIELDS: ResultField[] = [
  text('name', 'display name'),
  nullable('age', 'number', 'age', 'years'),
  nullable('weight', 'number', 'body weight', 'kg'),
];
const RUN_FIELDS: ResultField[] = [
  text('protocol_name', 'the protocol run'),
  nullable('patient_id', 'string', 'the patient of the run; null when none'),
  text('status', 'RUNNING, COMPLETED, FAILED or CANCELLED'),
  time('started_at', 'when the run started'),
  nullable('completed_at', 'string', 'when it ended (ISO 8601, UTC); null while running'),
];

const list = (description: string, item: ValueSpec): ResultSpec => ({ bare: 'array', description, items: item });

export const DB_RESULTS: Readonly<Record<string, ResultSpec>> = {
  save_patient: event('SAVE_PATIENT', [PATIENT_ID, flag('created', 'true when the record is new, false when it was replaced')]),
  get_patient: {
    type: 'DB_PATIENT',
    description: "the organization's patient record, or found false",
    fields: [
      flag('found', 'false when the organization has no such patient'),
      PATIENT_ID,
      ...PATIENT_FIELDS.map(optional),
      optional(nullable('sex', 'string', 'M or F; null when not recorded')),
      optional({ name: 'vitals', type: ['object', 'null'], description: 'vital signs as saved; null when none' }),
      optional({ name: 'metadata', type: ['object', 'null'], description: 'other data as saved; null when none' }),
      optional(time('created_at', 'when the record was created')),
      optional(time('updated_at', 'when it was last saved')),
    ],
  },
  list_patients: list("the organization's patients, most recently updated first", {
    type: 'object',
    description: 'one patient',
    fields: [PATIENT_ID, ...PATIENT_FIELDS, time('updated_at', 'when it was last saved')],
  }),
  start_run: { bare: 'integer', description: "the new run's id" },
  end_run: event('END_RUN', [RUN_ID]),
  get_run: {
    type: 'DB_RUN',
    description: "the organization's run record, or found false",
    fields: [
      flag('found', 'false when the organization has no such run'),
      int('id', 'the run id'),
      ...RUN_FIELDS.map(optional),
      optional({ name: 'events', type: ['array', 'null'], description: 'the events saved by end_run; null before' }),
      optional(text('run_by', 'who started the run')),
    ],
  },
  list_runs: list("the organization's runs, newest first", {
    type: 'object',
    description: 'one run',
    fields: [int('id', 'the run id'), ...RUN_FIELDS],
  }),
  log_intervention: event('LOG_INTERVENTION', [RUN_ID]),
  save_lab: event('SAVE_LAB', [PATIENT_ID, text('test', 'the test name as given'), num('value', null, 'the value saved')]),
  get_labs: list("the patient's lab results, newest first", {
    type: 'object',
    description: 'one stored result',
    fields: [
      int('id', 'the result id'),
      text('test_name', 'the test name as reported'),
      nullable('canonical', 'string', "the lab module's name of the test; null when it did not resolve"),
      nullable('value', 'number', 'the value in its unit; null when the stored value is not a finite number (missing, never a guess)'),
      text('unit', 'the unit as reported'),
      flag('is_critical', 'flagged critical by the caller'),
      time('timestamp', 'when it was saved'),
    ],
  }),
  log_alert: event('LOG_ALERT', [RUN_ID]),
  log_billing: event('LOG_BILLING', [RUN_ID]),
  get_billing_total: { bare: 'number', unit: 'USD', description: 'the billed amount' },
  audit_log: list("the organization's newest audit entries", {
    type: 'object',
    description: 'one db or research call',
    fields: [
      time('at', 'when the call was made'),
      text('actor', "who called: the key's display prefix, or `development`"),
      text('source', 'from a protocol run or a /v1/call', { enum: ['run', 'call'] }),
      { name: 'line', type: ['integer', 'null'], description: 'the protocol line of the call; null on /v1/call' },
      text('operation', 'the function called'),
      nullable('target', 'string', 'the patient or run it concerned; null when none'),
      text('outcome', 'how it ended', { enum: ['ok', 'not_found', 'error'] }),
    ],
  }),
  close: event('CLOSE', []),
};

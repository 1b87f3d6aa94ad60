// modules.md §16: persistent clinical records per organization, through a fixed set of operations.
// Protocols never supply SQL, table or column names or paths; every row belongs to the caller's
// organization (the store filters every statement on it) and every call is audited.
import type { AuditStamp, LibraryStore, StoredPatient } from '../../../store/library.js';
import { findTest } from '../lab/reference.js';
import { DB_RESULTS } from './results.js';
import { ArgumentError, type Args, type CallContext, type FunctionSpec, type JsonObject, type JsonValue, type ModuleDef, type ParamSpec } from '../types.js';
import { checkIdentifier } from '../util/identifier.js';
import { auditRefusal, withStore } from '../util/org-store.js';
import { normalizeSex } from '../util/sex.js';

const MAX_CALLS_PER_RUN = 1000;
const MAX_JSON_FIELD_BYTES = 64 * 1024;
const MAX_EVENTS = 10_000;
const MAX_EVENTS_BYTES = 1024 * 1024;
const MAX_STRING = 1000;
const SOURCE = 'organization-scoped records in the service store';

const text = (name: string, description: string, extra: Partial<ParamSpec> = {}): ParamSpec => ({ name, type: 'string', maxLength: MAX_STRING, description, ...extra });
const patientId: ParamSpec = text('patient_id', "the organization's patient id: 1–64 characters A–Z a–z 0–9 . _ -", { maxLength: 64 });
const runId: ParamSpec = { name: 'run_id', type: 'integer', minimum: 1, description: 'a run id from start_run' };
const limit = (fallback: number): ParamSpec => ({ name: 'limit', type: 'integer', minimum: 1, maximum: 1000, default: fallback, description: 'at most this many rows, newest first' });

/** Counts the run's db calls; beyond the limit the call is refused before it touches the store. */
function countCall(ctx: CallContext, label: string): void {
  const counter = ctx.state.slot('db', () => ({ calls: 0 }));
  if (++counter.calls > MAX_CALLS_PER_RUN) throw new ArgumentError(`${label}: at most ${MAX_CALLS_PER_RUN} db calls per run`);
}

/** JSON text of an object or array argument, refused beyond `maxBytes`. */
function jsonText(value: JsonValue, label: string, position: number, name: string, maxBytes: number): string | null {
  if (value === null) return null;
  const serialized = JSON.stringify(value);
  const bytes = Buffer.byteLength(serialized, 'utf8');
  if (bytes > maxBytes) throw new ArgumentError(`${label}: argument ${position} '${name}' must be at most ${maxBytes / 1024} KiB when serialized, got ${bytes} bytes`);
  return serialized;
}

const parsed = (textValue: string | null): JsonValue => (textValue === null ? null : (JSON.parse(textValue) as JsonValue));

interface DbFunction {
  name: string;
  aliases?: string[];
  description: string;
  params: ParamSpec[];
  result: FunctionSpec['result'];
  /** the audit target of a call from its arguments */
  target?: (a: Args) => string | null;
  run: (a: Args, scope: { store: LibraryStore; stamp: AuditStamp }, label: string) => JsonValue;
}

/** Every db function counts toward the per-run limit and is audited, refused calls included. */
function dbFunction(spec: DbFunction): FunctionSpec {
  const label = `db.${spec.name}`;
  return {
    name: spec.name,
    aliases: spec.aliases,
    description: spec.description,
    params: spec.params,
    result: spec.result,
    state: 'org',
    sources: [SOURCE],
    onRefused: auditRefusal(label),
    impl: (a, ctx) => {
      const target = spec.target?.(a) ?? null;
      return withStore(ctx, label, target, a, (store, stamp) => {
        countCall(ctx, label);
        return spec.run(a, { store, stamp }, label);
      });
    },
  };
}

const event = (action: string, fields: JsonObject): JsonObject => ({ type: 'DB_EVENT', action, ...fields });
const byPatient = (a: Args): string | null => a.patient_id as string | null;
const byRun = (a: Args): string | null => (a.run_id === null ? null : String(a.run_id));

function patientView(p: StoredPatient): JsonObject {
  return {
    patient_id: p.patient_id,
    name: p.name,
    age: p.age,
    weight: p.weight,
    sex: p.sex,
    vitals: parsed(p.vitals),
    metadata: parsed(p.metadata),
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

const db: ModuleDef = {
  name: 'db',
  description: "Persistent clinical records of the caller's organization (patients, runs, labs, alerts, billing) with an append-only audit trail.",
  functions: [
    dbFunction({
      name: 'save_patient',
      description: 'Creates the patient record or replaces all its fields (created_at is kept).',
      params: [
        patientId,
        text('name', 'display name', { default: '' }),
        { name: 'age', type: ['number', 'null'], minimum: 0, maximum: 120, default: null, unit: 'years', description: 'age' },
        { name: 'weight', type: ['number', 'null'], minimum: 0.3, maximum: 500, default: null, unit: 'kg', description: 'body weight' },
        { name: 'sex', type: ['string', 'null'], maxLength: 20, default: null, description: 'M, F, male or female (any case), or null' },
        { name: 'vitals', type: ['object', 'null'], default: null, description: 'vital signs, at most 64 KiB as JSON' },
        { name: 'metadata', type: ['object', 'null'], default: null, description: 'other data, at most 64 KiB as JSON' },
      ],
      result: DB_RESULTS.save_patient!,
      target: byPatient,
      run: (a, { store, stamp }, label) => {
        const id = checkIdentifier(a.patient_id!, label, 1, 'patient_id');
        const sex = a.sex === null ? null : normalizeSex(a.sex, label, "argument 5 'sex'");
        const vitals = jsonText(a.vitals!, label, 6, 'vitals', MAX_JSON_FIELD_BYTES);
        const metadata = jsonText(a.metadata!, label, 7, 'metadata', MAX_JSON_FIELD_BYTES);
        const { created } = store.savePatient(stamp, { patient_id: id, name: a.name as string, age: a.age as number | null, weight: a.weight as number | null, sex, vitals, metadata });
        return event('SAVE_PATIENT', { patient_id: id, created });
      },
    }),
    dbFunction({
      name: 'get_patient',
      aliases: ['query_patient'],
      description: "The organization's patient record, or found: false.",
      params: [patientId],
      result: DB_RESULTS.get_patient!,
      target: byPatient,
      run: (a, { store, stamp }) => {
        const p = store.getPatient(stamp, a.patient_id as string);
        return (p ? { type: 'DB_PATIENT', found: true, ...patientView(p) } : { type: 'DB_PATIENT', found: false, patient_id: a.patient_id as string }) as JsonObject;
      },
    }),
    dbFunction({
      name: 'list_patients',
      description: "The organization's patients, most recently updated first.",
      params: [limit(50)],
      result: DB_RESULTS.list_patients!,
      run: (a, { store, stamp }) =>
        store.listPatients(stamp, a.limit as number)
          .map((p) => ({ patient_id: p.patient_id, name: p.name, age: p.age, weight: p.weight, updated_at: p.updated_at })),
    }),
    dbFunction({
      name: 'start_run',
      description: "Records a protocol run with status RUNNING; returns the organization's next run id.",
      params: [
        text('protocol_name', 'protocol name, 1–200 characters', { maxLength: 200 }),
        { ...patientId, type: ['string', 'null'], default: null, description: 'an existing patient of the organization, or null' },
        text('run_by', 'who started the run', { default: 'system' }),
      ],
      result: DB_RESULTS.start_run!,
      target: byPatient,
      run: (a, { store, stamp }, label) => {
        const name = (a.protocol_name as string).trim();
        if (!name) throw new ArgumentError(`${label}: argument 1 'protocol_name' must not be empty`);
        const patient = a.patient_id === null ? null : checkIdentifier(a.patient_id!, label, 2, 'patient_id');
        return store.startRun(stamp, { protocol_name: name, patient_id: patient, run_by: a.run_by as string });
      },
    }),
    dbFunction({
      name: 'end_run',
      description: 'Sets the final status and events of a run.',
      params: [
        runId,
        { name: 'events', type: ['array', 'null'], maxItems: MAX_EVENTS, default: null, description: 'the run events, at most 10,000 items and 1 MiB as JSON' },
        { name: 'status', type: 'string', enum: ['COMPLETED', 'FAILED', 'CANCELLED'], default: 'COMPLETED', description: 'COMPLETED, FAILED or CANCELLED' },
      ],
      result: DB_RESULTS.end_run!,
      target: byRun,
      run: (a, { store, stamp }, label) => {
        const events = jsonText(a.events!, label, 2, 'events', MAX_EVENTS_BYTES);
        store.endRun(stamp, a.run_id as number, events, a.status as string);
        return event('END_RUN', { run_id: a.run_id as number });
      },
    }),
    dbFunction({
      name: 'get_run',
      description: "The organization's run record, or found: false.",
      params: [runId],
      result: DB_RESULTS.get_run!,
      target: byRun,
      run: (a, { store, stamp }) => {
        const r = store.getRun(stamp, a.run_id as number);
        if (!r) return { type: 'DB_RUN', found: false, id: a.run_id as number };
        const record: JsonObject = { type: 'DB_RUN', found: true, id: r.id, protocol_name: r.protocol_name, patient_id: r.patient_id, status: r.status, events: parsed(r.events), started_at: r.started_at, completed_at: r.completed_at, run_by: r.run_by };
        return record;
      },
    }),
    dbFunction({
      name: 'list_runs',
      description: "The organization's runs (of one patient when given), newest first.",
      params: [{ ...patientId, type: ['string', 'null'], default: null, description: 'only this patient’s runs; null → all' }, limit(50)],
      result: DB_RESULTS.list_runs!,
      target: byPatient,
      run: (a, { store, stamp }) =>
        store.listRuns(stamp, a.patient_id as string | null, a.limit as number)
          .map((r) => ({ id: r.id, protocol_name: r.protocol_name, patient_id: r.patient_id, status: r.status, started_at: r.started_at, completed_at: r.completed_at })),
    }),
    dbFunction({
      name: 'log_intervention',
      description: 'Records a drug intervention of a run.',
      params: [runId, text('drug_name', 'drug given'), text('dose', "dose as written ('4 mg')"), text('moiss_class', 'MOISS timing class')],
      result: DB_RESULTS.log_intervention!,
      target: byRun,
      run: (a, { store, stamp }) => {
        store.logIntervention(stamp, { run_id: a.run_id as number, drug_name: a.drug_name as string, dose: a.dose as string, moiss_class: a.moiss_class as string });
        return event('LOG_INTERVENTION', { run_id: a.run_id as number });
      },
    }),
    dbFunction({
      name: 'save_lab',
      description: "Stores a lab result of an existing patient, with the lab module's canonical test name when it resolves. A value that is not a finite number is refused and nothing is written.",
      params: [
        patientId,
        text('test_name', 'test name as reported (Cr, Creatinine, …)', { maxLength: 200 }),
        { name: 'value', type: 'number', description: 'result value' },
        text('unit', 'unit of the value', { default: '' }),
        { name: 'is_critical', type: 'boolean', default: false, description: 'flagged critical by the caller' },
      ],
      result: DB_RESULTS.save_lab!,
      target: byPatient,
      run: (a, { store, stamp }, label) => {
        const id = checkIdentifier(a.patient_id!, label, 1, 'patient_id');
        const name = (a.test_name as string).trim();
        if (!name) throw new ArgumentError(`${label}: argument 2 'test_name' must not be empty`);
        store.saveLab(stamp, { patient_id: id, test_name: name, canonical: findTest(name)?.canonical ?? null, value: a.value as number, unit: a.unit as string, is_critical: a.is_critical as boolean });
        return event('SAVE_LAB', { patient_id: id, test: name, value: a.value as number });
      },
    }),
    dbFunction({
      name: 'get_labs',
      description: "A patient's lab results, newest first; test_name matches through lab aliases (Cr finds Creatinine). A stored value that is not a finite number is reported missing (value null).",
      params: [patientId, { ...text('test_name', 'only this test; null → all', { maxLength: 200 }), type: ['string', 'null'], default: null }, limit(10)],
      result: DB_RESULTS.get_labs!,
      target: byPatient,
      run: (a, { store, stamp }) => {
        const name = a.test_name as string | null;
        const names = name === null ? null : [name.trim(), ...(findTest(name) ? [findTest(name)!.canonical] : [])];
        return store.getLabs(stamp, a.patient_id as string, names, a.limit as number) as unknown as JsonValue;
      },
    }),
    dbFunction({
      name: 'log_alert',
      description: 'Records an alert of a run.',
      params: [runId, text('message', 'alert text'), { name: 'severity', type: 'string', enum: ['info', 'warning', 'high', 'critical'], default: 'info', description: 'info, warning, high or critical' }],
      result: DB_RESULTS.log_alert!,
      target: byRun,
      run: (a, { store, stamp }) => {
        store.logAlert(stamp, { run_id: a.run_id as number, message: a.message as string, severity: a.severity as string });
        return event('LOG_ALERT', { run_id: a.run_id as number });
      },
    }),
    dbFunction({
      name: 'log_billing',
      description: 'Records a billing line of a run (held in integer cents).',
      params: [runId, text('cpt_code', 'CPT or HCPCS code', { maxLength: 20 }), text('description', 'what is billed'), { name: 'amount', type: 'number', minimum: 0, maximum: 10_000_000, unit: 'USD', description: 'amount in dollars, whole cents' }],
      result: DB_RESULTS.log_billing!,
      target: byRun,
      run: (a, { store, stamp }, label) => {
        const amount = a.amount as number;
        const cents = Math.round(amount * 100);
        if (Math.abs(cents - amount * 100) > 1e-6) throw new ArgumentError(`${label}: argument 4 'amount' must be whole cents (at most two decimals), got ${amount}`);
        store.logBilling(stamp, { run_id: a.run_id as number, cpt_code: a.cpt_code as string, description: a.description as string, amount_cents: cents });
        return event('LOG_BILLING', { run_id: a.run_id as number });
      },
    }),
    dbFunction({
      name: 'get_billing_total',
      description: "Billed USD of one run (0 without lines) or of all the organization's runs; a missing run is an argument error.",
      params: [{ ...runId, type: ['integer', 'null'], default: null, description: 'a run id; null → every run' }],
      result: DB_RESULTS.get_billing_total!,
      target: byRun,
      run: (a, { store, stamp }) => store.billingTotalCents(stamp, a.run_id as number | null) / 100,
    }),
    dbFunction({
      name: 'audit_log',
      description: "The organization's newest audit entries (every db and research call, read or write).",
      params: [limit(50)],
      result: DB_RESULTS.audit_log!,
      run: (a, { store, stamp }) => store.auditLog(stamp, a.limit as number) as unknown as JsonValue,
    }),
    dbFunction({
      name: 'close',
      description: 'Kept for MOISSCode protocols; the store stays open.',
      params: [],
      result: DB_RESULTS.close!,
      run: (_a, { store, stamp }) => {
        store.appendAudit(stamp, 'close', null, 'ok');
        return event('CLOSE', {});
      },
    }),
  ],
};

export default db;

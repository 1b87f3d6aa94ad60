// The library half of the store contract (modules.md §16, §19; the key half is store/keys.ts): every
// operation is scoped to one organization and appends its own audit row in the same transaction as its
// write. SQL dialects stay inside each implementation (store/sqlite/, store/postgres/);
// test/helpers/store-contract.ts is the one suite every implementation must pass.
//
// The contract is synchronous because library functions run synchronously inside a protocol run (the
// interpreter is a tree of closures, not a coroutine); store/postgres/library.ts explains how an
// asynchronous database client sits behind it.
//
// Bytes: every row an organization owns, its audit trail included, is counted in bytes (rowBytes) against
// its byte quota, and one call may write at most MAX_WRITE_BYTES, so no tenant can fill the disk that every
// tenant's admission needs. Numbers are checked finite before anything is written.

/** Who is calling and from where; every operation records it in the audit trail. */
export interface AuditStamp {
  /** the API key's owner; `development` in dev mode */
  org: string;
  /** the key's display prefix, or `development` */
  actor: string;
  requestId: string;
  source: 'run' | 'call';
  /** the protocol line of the call, null on /call */
  line: number | null;
  /** UTC ISO 8601 with milliseconds from the injected clock */
  at: string;
}

export type AuditOutcome = 'ok' | 'not_found' | 'error';

export interface AuditEntry {
  at: string;
  actor: string;
  source: 'run' | 'call';
  line: number | null;
  operation: string;
  target: string | null;
  outcome: AuditOutcome;
}

/** Per-organization limits (modules.md §16); beyond them a write throws QuotaExceededError. */
export interface Quotas {
  patients: number;
  lab_results: number;
  runs: number;
  /** interventions, alerts, billing lines, consent and study records, each */
  other_records: number;
  /** every row of the organization, audit rows included, measured by rowBytes */
  bytes: number;
}

export const DEFAULT_QUOTAS: Readonly<Quotas> = Object.freeze({
  patients: 100_000,
  lab_results: 1_000_000,
  runs: 1_000_000,
  other_records: 1_000_000,
  bytes: 1024 ** 3,
});

/** At most this many bytes (rowBytes of the rows it writes, audit row included) per store call. */
export const MAX_WRITE_BYTES = 2 * 1024 * 1024;

/** What a row costs against the byte quota: its text in UTF-8, 8 bytes per number, 64 bytes of row overhead. */
export function rowBytes(...fields: readonly (string | number | boolean | null)[]): number {
  let bytes = 64;
  for (const field of fields) bytes += typeof field === 'string' ? Buffer.byteLength(field, 'utf8') : 8;
  return bytes;
}

/** The audit row's cost. */
export function auditBytes(stamp: AuditStamp, operation: string, target: string | null, outcome: AuditOutcome): number {
  return rowBytes(stamp.at, stamp.actor, stamp.requestId, stamp.source, stamp.line, operation, target, outcome);
}

export function patientBytes(p: PatientRecord, createdAt: string): number {
  return rowBytes(p.patient_id, p.name, p.age, p.weight, p.sex, p.vitals, p.metadata, createdAt, createdAt);
}

export function runBytes(r: Omit<RunRecord, 'id'>): number {
  return rowBytes(r.protocol_name, r.patient_id, r.status, r.events, r.started_at, r.completed_at, r.run_by);
}

/** Refuses a number the store must not keep (JSON's 1e400 parses to Infinity); nothing has been written yet. */
export function requireFinite(value: number | null, field: string): void {
  if (value !== null && !Number.isFinite(value)) throw new InvalidValueError(`'${field}' must be a finite number, got ${value}`);
}

/** A stored lab value that is not a finite number (written before the store refused them) is reported missing. */
export function labValue(stored: number | null): number | null {
  return typeof stored === 'number' && Number.isFinite(stored) ? stored : null;
}

export interface PatientRecord {
  patient_id: string;
  name: string;
  age: number | null;
  weight: number | null;
  sex: string | null;
  /** JSON text or null */
  vitals: string | null;
  metadata: string | null;
}

export interface StoredPatient extends PatientRecord {
  created_at: string;
  updated_at: string;
}

export interface RunRecord {
  id: number;
  protocol_name: string;
  patient_id: string | null;
  status: string;
  /** JSON text or null */
  events: string | null;
  started_at: string;
  completed_at: string | null;
  run_by: string;
}

export interface LabRecord {
  id: number;
  test_name: string;
  canonical: string | null;
  /** null when the stored value is not a finite number: missing, never a guess */
  value: number | null;
  unit: string;
  is_critical: boolean;
  timestamp: string;
}

export interface ConsentRecord {
  patient_id: string;
  study_id: string;
  consented: boolean;
  consent_date: string | null;
  recorded_by: string | null;
  recorded_at: string;
}

/** A write beyond the organization's quota; nothing was written. */
export class QuotaExceededError extends Error {
  override name = 'QuotaExceededError';
  constructor(readonly kind: keyof Quotas, readonly limit: number) {
    super(
      kind === 'bytes'
        ? `quota exceeded: this organization's records and audit trail would pass ${limit} bytes (the limit); nothing was written`
        : `quota exceeded: this organization already holds ${limit} ${kind.replace('_', ' ')} (the limit)`,
    );
  }
}

/** One call that would write more than MAX_WRITE_BYTES; nothing was written. */
export class WriteTooLargeError extends Error {
  override name = 'WriteTooLargeError';
  constructor(readonly bytes: number) {
    super(`this call would write ${bytes} bytes, more than the ${MAX_WRITE_BYTES} bytes one call may write; nothing was written`);
  }
}

/** A value the store refuses to keep; nothing was written. */
export class InvalidValueError extends Error {
  override name = 'InvalidValueError';
}

/** The refusals a caller can fix (a clear 4xx on /call, a positioned error in a run); each is audited as `error`. */
export function isStoreRefusal(error: unknown): error is QuotaExceededError | MissingRecordError | WriteTooLargeError | InvalidValueError {
  return error instanceof QuotaExceededError || error instanceof MissingRecordError || error instanceof WriteTooLargeError || error instanceof InvalidValueError;
}

/** A write that names a record the organization does not have; nothing was written. */
export class MissingRecordError extends Error {
  override name = 'MissingRecordError';
  constructor(readonly what: 'patient' | 'run', readonly id: string | number) {
    super(`no ${what} '${id}' exists for this organization`);
  }
}

export interface LibraryStore {
  /** creates or replaces the patient (created_at kept) */
  savePatient(stamp: AuditStamp, patient: PatientRecord): { created: boolean };
  getPatient(stamp: AuditStamp, patientId: string): StoredPatient | null;
  /** newest updated_at first */
  listPatients(stamp: AuditStamp, limit: number): StoredPatient[];
  /** status RUNNING; the run id is the organization's next integer */
  startRun(stamp: AuditStamp, run: { protocol_name: string; patient_id: string | null; run_by: string }): number;
  /** sets status, events and completed_at; MissingRecordError for an unknown run */
  endRun(stamp: AuditStamp, runId: number, events: string | null, status: string): void;
  getRun(stamp: AuditStamp, runId: number): RunRecord | null;
  listRuns(stamp: AuditStamp, patientId: string | null, limit: number): RunRecord[];
  logIntervention(stamp: AuditStamp, entry: { run_id: number; drug_name: string; dose: string; moiss_class: string }): void;
  saveLab(stamp: AuditStamp, lab: { patient_id: string; test_name: string; canonical: string | null; value: number; unit: string; is_critical: boolean }): number;
  /** newest first; `names` restricts to rows whose test_name or canonical is one of them */
  getLabs(stamp: AuditStamp, patientId: string, names: readonly string[] | null, limit: number): LabRecord[];
  logAlert(stamp: AuditStamp, alert: { run_id: number; message: string; severity: string }): void;
  logBilling(stamp: AuditStamp, line: { run_id: number; cpt_code: string; description: string; amount_cents: number }): void;
  /** total cents of one run (0 without lines) or of every run; MissingRecordError for an unknown run */
  billingTotalCents(stamp: AuditStamp, runId: number | null): number;
  /** newest first */
  auditLog(stamp: AuditStamp, limit: number): AuditEntry[];
  /** an audit row on its own: a call refused before it reached the store, or one that stores nothing */
  appendAudit(stamp: AuditStamp, operation: string, target: string | null, outcome: AuditOutcome): void;

  /** stores a de-identified record; returns its per-organization record id */
  storeStudyRecord(stamp: AuditStamp, studyId: string, data: string): number;
  recordConsent(stamp: AuditStamp, consent: Omit<ConsentRecord, 'recorded_at'>): ConsentRecord;
  /** the latest record for the patient and study */
  latestConsent(stamp: AuditStamp, patientId: string, studyId: string): ConsentRecord | null;

  /** the per-installation pseudonym key (32 bytes); belongs to no organization, never leaves the process */
  installationSecret(): Buffer;
  close(): void;
}

// The store contract of the stateful library modules (modules.md §16, §19): every operation is scoped to
// one organization and appends its own audit row in the same transaction as its write. SQL dialects stay
// inside each implementation (store/sqlite/ now, store/postgres/ later); test/store-contract.test.ts is
// the one suite every implementation must pass.

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

/** Per-organization row limits (modules.md §16); beyond them a write throws QuotaExceededError. */
export interface Quotas {
  patients: number;
  lab_results: number;
  runs: number;
  /** interventions, alerts, billing lines, consent and study records, each */
  other_records: number;
}

export const DEFAULT_QUOTAS: Readonly<Quotas> = Object.freeze({ patients: 100_000, lab_results: 1_000_000, runs: 1_000_000, other_records: 1_000_000 });

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
  value: number;
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
    super(`quota exceeded: this organization already holds ${limit} ${kind.replace('_', ' ')} (the limit)`);
  }
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

// The SQLite implementation of the library store (store/library.ts), the embedded default.
//
// Protocol workers open the data directory's cpes.db themselves (WAL, busy timeout) rather than asking
// the parent over IPC: library functions are synchronous, so an IPC round trip would need the worker to
// block on an asynchronous answer, which Node cannot do. With one connection per process:
// - concurrent runs of one organization serialize their writes with BEGIN IMMEDIATE, and ids come from
//   lib_counters inside the same transaction, so they stay dense and unique;
// - every call commits its own transaction before returning; a worker SIGKILLed mid-write leaves an
//   uncommitted WAL frame that SQLite discards on the next open, and nothing committed is lost;
// - the parent's run timer is independent of the child: a child waiting on a lock (busy_timeout 5 s,
//   below the run timeout) is still killed at the limit.
import { createPrivateFile, DATABASE_FILE, ensurePrivateDir } from '../files.js';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations.js';
import { rethrowUnavailable } from './unavailable.js';
import { sqliteNativeBinding } from '../sqlite-addon.js';
import {
  auditBytes,
  DEFAULT_QUOTAS,
  labValue,
  MAX_WRITE_BYTES,
  MissingRecordError,
  QuotaExceededError,
  requireFinite,
  patientBytes,
  rowBytes,
  runBytes,
  WriteTooLargeError,
  isStoreRefusal,
  type AuditEntry,
  type AuditOutcome,
  type AuditStamp,
  type ConsentRecord,
  type LabRecord,
  type LibraryStore,
  type PatientRecord,
  type Quotas,
  type RunRecord,
  type StoredPatient,
} from '../library.js';

export const SECRET_FILE = 'research-secret.key';
const SECRET_BYTES = 32;

export interface LibraryStoreOptions {
  quotas?: Partial<Quotas>;
}

type Counter = 'patients' | 'runs' | 'lab_results' | 'interventions' | 'alerts' | 'billing' | 'audit' | 'consents' | 'study_records' | 'bytes';

/** Reads the installation secret, creating it (owner-only) on first use; concurrent creators agree. */
export function readOrCreateSecret(dataDir: string): Buffer {
  const path = join(dataDir, SECRET_FILE);
  try {
    const fd = openSync(path, 'wx', 0o600);
    try {
      writeSync(fd, randomBytes(SECRET_BYTES).toString('hex'));
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  for (let attempt = 0; ; attempt++) {
    const text = readFileSync(path, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(text)) return Buffer.from(text, 'hex');
    // another process created the file and has not written it yet
    if (attempt >= 50) throw new Error(`${path} does not hold a 32-byte hex secret; restore it from a backup or rotate it`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
  }
}

/** Replaces the secret atomically (an operator command); later pseudonyms change. */
export function rotateSecret(dataDir: string): void {
  const path = join(dataDir, SECRET_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, randomBytes(SECRET_BYTES).toString('hex'), { mode: 0o600, flag: 'wx' });
  renameSync(temporary, path);
}

export class SqliteLibraryStore implements LibraryStore {
  private readonly quotas: Quotas;
  private readonly memorySecret: Buffer | null;
  private readonly sql;
  /** bytes charged by the call in progress (one transaction), against MAX_WRITE_BYTES */
  private callBytes = 0;

  private constructor(
    private readonly db: Database.Database,
    private readonly dataDir: string | null,
    options: LibraryStoreOptions,
  ) {
    this.quotas = { ...DEFAULT_QUOTAS, ...options.quotas };
    this.memorySecret = dataDir === null ? randomBytes(SECRET_BYTES) : null;
    this.sql = {
      counter: db.prepare('SELECT value FROM lib_counters WHERE org = ? AND kind = ?').pluck(),
      bump: db.prepare(
        'INSERT INTO lib_counters (org, kind, value) VALUES (?, ?, ?) ON CONFLICT (org, kind) DO UPDATE SET value = value + excluded.value RETURNING value',
      ).pluck(),
      audit: db.prepare(
        'INSERT INTO lib_db_audit (org, id, at, actor, request_id, source, line, operation, target, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      patient: db.prepare('SELECT patient_id, name, age, weight, sex, vitals, metadata, created_at, updated_at FROM lib_db_patients WHERE org = ? AND patient_id = ?'),
      run: db.prepare(
        'SELECT id, protocol_name, patient_id, status, events, started_at, completed_at, run_by FROM lib_db_runs WHERE org = ? AND id = ?',
      ),
    };
  }

  /** `dataDir` null keeps everything in memory for this process (the CLI and tests). */
  static open(dataDir: string | null, options: LibraryStoreOptions = {}): SqliteLibraryStore {
    let db: Database.Database;
    if (dataDir === null) {
      // inside the single executable the addon still needs a private cache: the user's own ~/.cpes
      db = new Database(':memory:', { nativeBinding: sqliteNativeBinding(join(homedir(), '.cpes')) as string | undefined });
    } else {
      // owner-only whichever command opens it first (run, serve, dev, data): patient records live here
      ensurePrivateDir(dataDir);
      createPrivateFile(join(dataDir, DATABASE_FILE));
      db = new Database(join(dataDir, DATABASE_FILE), { nativeBinding: sqliteNativeBinding(dataDir) as string | undefined });
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('busy_timeout = 5000');
      readOrCreateSecret(dataDir);
    }
    db.pragma('foreign_keys = ON');
    migrate(db);
    return new SqliteLibraryStore(db, dataDir, options);
  }

  close(): void {
    this.db.close();
  }

  installationSecret(): Buffer {
    // read on every use so an operator's rotation reaches running workers at once
    return this.memorySecret ? Buffer.from(this.memorySecret) : readOrCreateSecret(this.dataDir!);
  }

  /** The next id of a kind for the organization, refusing beyond the quota. Inside a transaction only. */
  private next(org: string, kind: Counter, quota?: keyof Quotas): number {
    if (quota) {
      const used = (this.sql.counter.get(org, kind) as number | undefined) ?? 0;
      if (used >= this.quotas[quota]) throw new QuotaExceededError(quota, this.quotas[quota]);
    }
    return this.sql.bump.get(org, kind, 1) as number;
  }

  /**
   * Counts `bytes` (negative when an update shrinks a row) against the call's limit and the organization's
   * byte quota. Inside a transaction only: a refusal rolls the whole call back.
   */
  private charge(org: string, bytes: number): void {
    this.callBytes += Math.max(0, bytes);
    if (this.callBytes > MAX_WRITE_BYTES) throw new WriteTooLargeError(this.callBytes);
    const total = this.sql.bump.get(org, 'bytes', bytes) as number;
    if (bytes > 0 && total > this.quotas.bytes) throw new QuotaExceededError('bytes', this.quotas.bytes);
  }

  private writeAudit(stamp: AuditStamp, operation: string, target: string | null, outcome: AuditOutcome): void {
    this.charge(stamp.org, auditBytes(stamp, operation, target, outcome));
    const id = this.next(stamp.org, 'audit');
    this.sql.audit.run(stamp.org, id, stamp.at, stamp.actor, stamp.requestId, stamp.source, stamp.line, operation, target, outcome);
  }

  private transaction<T>(work: () => T): T {
    this.callBytes = 0;
    try {
      return this.db.transaction(work).immediate();
    } catch (error) {
      return rethrowUnavailable(error);
    }
  }

  /**
   * One IMMEDIATE transaction holding the operation and its audit row. A refused write (quota, size,
   * value, missing record) rolls back and is then audited as `error` on its own.
   */
  private audited<T>(stamp: AuditStamp, operation: string, target: string | null, body: () => T, outcomeOf: (value: T) => AuditOutcome = () => 'ok'): T {
    try {
      return this.transaction(() => {
        const value = body();
        this.writeAudit(stamp, operation, target, outcomeOf(value));
        return value;
      });
    } catch (error) {
      if (isStoreRefusal(error)) this.appendAudit(stamp, operation, target, 'error');
      throw error;
    }
  }

  /** A refusal's row is written while it fits the byte quota; past it, refusals are not recorded (they would fill the disk). */
  appendAudit(stamp: AuditStamp, operation: string, target: string | null, outcome: AuditOutcome): void {
    try {
      this.transaction(() => this.writeAudit(stamp, operation, target, outcome));
    } catch (error) {
      if (!(outcome === 'error' && error instanceof QuotaExceededError)) throw error;
    }
  }

  private requirePatient(org: string, patientId: string): void {
    if (!this.sql.patient.get(org, patientId)) throw new MissingRecordError('patient', patientId);
  }

  private requireRun(org: string, runId: number): void {
    if (!this.sql.run.get(org, runId)) throw new MissingRecordError('run', runId);
  }

  savePatient(stamp: AuditStamp, p: PatientRecord): { created: boolean } {
    return this.audited(stamp, 'save_patient', p.patient_id, () => {
      requireFinite(p.age, 'age');
      requireFinite(p.weight, 'weight');
      const existing = this.sql.patient.get(stamp.org, p.patient_id) as StoredPatient | undefined;
      this.charge(stamp.org, patientBytes(p, stamp.at) - (existing ? patientBytes(existing, existing.created_at) : 0));
      if (existing) {
        this.db
          .prepare('UPDATE lib_db_patients SET name = ?, age = ?, weight = ?, sex = ?, vitals = ?, metadata = ?, updated_at = ? WHERE org = ? AND patient_id = ?')
          .run(p.name, p.age, p.weight, p.sex, p.vitals, p.metadata, stamp.at, stamp.org, p.patient_id);
        return { created: false };
      }
      this.next(stamp.org, 'patients', 'patients');
      this.db
        .prepare('INSERT INTO lib_db_patients (org, patient_id, name, age, weight, sex, vitals, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(stamp.org, p.patient_id, p.name, p.age, p.weight, p.sex, p.vitals, p.metadata, stamp.at, stamp.at);
      return { created: true };
    });
  }

  getPatient(stamp: AuditStamp, patientId: string): StoredPatient | null {
    return this.audited(stamp, 'get_patient', patientId, () => (this.sql.patient.get(stamp.org, patientId) as StoredPatient | undefined) ?? null, (p) => (p ? 'ok' : 'not_found'));
  }

  listPatients(stamp: AuditStamp, limit: number): StoredPatient[] {
    return this.audited(stamp, 'list_patients', null, () =>
      this.db
        .prepare(
          'SELECT patient_id, name, age, weight, sex, vitals, metadata, created_at, updated_at FROM lib_db_patients WHERE org = ? ORDER BY updated_at DESC, patient_id DESC LIMIT ?',
        )
        .all(stamp.org, limit) as StoredPatient[],
    );
  }

  startRun(stamp: AuditStamp, run: { protocol_name: string; patient_id: string | null; run_by: string }): number {
    return this.audited(stamp, 'start_run', run.patient_id, () => {
      if (run.patient_id !== null) this.requirePatient(stamp.org, run.patient_id);
      const id = this.next(stamp.org, 'runs', 'runs');
      this.charge(stamp.org, runBytes({ protocol_name: run.protocol_name, patient_id: run.patient_id, status: 'RUNNING', events: null, started_at: stamp.at, completed_at: null, run_by: run.run_by }));
      this.db
        .prepare("INSERT INTO lib_db_runs (org, id, protocol_name, patient_id, status, events, started_at, completed_at, run_by) VALUES (?, ?, ?, ?, 'RUNNING', NULL, ?, NULL, ?)")
        .run(stamp.org, id, run.protocol_name, run.patient_id, stamp.at, run.run_by);
      return id;
    });
  }

  endRun(stamp: AuditStamp, runId: number, events: string | null, status: string): void {
    this.audited(stamp, 'end_run', String(runId), () => {
      const old = this.sql.run.get(stamp.org, runId) as RunRecord | undefined;
      if (!old) throw new MissingRecordError('run', runId);
      this.charge(stamp.org, runBytes({ ...old, events, status, completed_at: stamp.at }) - runBytes(old));
      this.db.prepare('UPDATE lib_db_runs SET status = ?, events = ?, completed_at = ? WHERE org = ? AND id = ?').run(status, events, stamp.at, stamp.org, runId);
    });
  }

  getRun(stamp: AuditStamp, runId: number): RunRecord | null {
    return this.audited(stamp, 'get_run', String(runId), () => (this.sql.run.get(stamp.org, runId) as RunRecord | undefined) ?? null, (r) => (r ? 'ok' : 'not_found'));
  }

  listRuns(stamp: AuditStamp, patientId: string | null, limit: number): RunRecord[] {
    return this.audited(stamp, 'list_runs', patientId, () =>
      this.db
        .prepare(
          `SELECT id, protocol_name, patient_id, status, events, started_at, completed_at, run_by FROM lib_db_runs
           WHERE org = ? AND (? IS NULL OR patient_id = ?) ORDER BY started_at DESC, id DESC LIMIT ?`,
        )
        .all(stamp.org, patientId, patientId, limit) as RunRecord[],
    );
  }

  logIntervention(stamp: AuditStamp, e: { run_id: number; drug_name: string; dose: string; moiss_class: string }): void {
    this.audited(stamp, 'log_intervention', String(e.run_id), () => {
      this.requireRun(stamp.org, e.run_id);
      const id = this.next(stamp.org, 'interventions', 'other_records');
      this.charge(stamp.org, rowBytes(e.run_id, e.drug_name, e.dose, e.moiss_class, stamp.at));
      this.db
        .prepare('INSERT INTO lib_db_interventions (org, id, run_id, drug_name, dose, moiss_class, at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(stamp.org, id, e.run_id, e.drug_name, e.dose, e.moiss_class, stamp.at);
    });
  }

  saveLab(stamp: AuditStamp, lab: { patient_id: string; test_name: string; canonical: string | null; value: number; unit: string; is_critical: boolean }): number {
    return this.audited(stamp, 'save_lab', lab.patient_id, () => {
      requireFinite(lab.value, 'value');
      this.requirePatient(stamp.org, lab.patient_id);
      const id = this.next(stamp.org, 'lab_results', 'lab_results');
      this.charge(stamp.org, rowBytes(lab.patient_id, lab.test_name, lab.canonical, lab.value, lab.unit, lab.is_critical, stamp.at));
      this.db
        .prepare('INSERT INTO lib_db_lab_results (org, id, patient_id, test_name, canonical, value, unit, is_critical, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(stamp.org, id, lab.patient_id, lab.test_name, lab.canonical, lab.value, lab.unit, lab.is_critical ? 1 : 0, stamp.at);
      return id;
    });
  }

  getLabs(stamp: AuditStamp, patientId: string, names: readonly string[] | null, limit: number): LabRecord[] {
    return this.audited(stamp, 'get_labs', patientId, () => {
      const rows = this.db
        .prepare(
          `SELECT id, test_name, canonical, value, unit, is_critical, at AS timestamp FROM lib_db_lab_results
           WHERE org = ? AND patient_id = ?
             AND (? IS NULL OR lower(test_name) IN (SELECT lower(value) FROM json_each(?)) OR canonical IN (SELECT value FROM json_each(?)))
           ORDER BY at DESC, id DESC LIMIT ?`,
        )
        .all(stamp.org, patientId, names && 1, JSON.stringify(names ?? []), JSON.stringify(names ?? []), limit) as (Omit<LabRecord, 'is_critical'> & { is_critical: number })[];
      return rows.map((r) => ({ ...r, value: labValue(r.value), is_critical: r.is_critical === 1 }));
    });
  }

  logAlert(stamp: AuditStamp, alert: { run_id: number; message: string; severity: string }): void {
    this.audited(stamp, 'log_alert', String(alert.run_id), () => {
      this.requireRun(stamp.org, alert.run_id);
      const id = this.next(stamp.org, 'alerts', 'other_records');
      this.charge(stamp.org, rowBytes(alert.run_id, alert.message, alert.severity, stamp.at));
      this.db.prepare('INSERT INTO lib_db_alerts (org, id, run_id, message, severity, at) VALUES (?, ?, ?, ?, ?, ?)').run(stamp.org, id, alert.run_id, alert.message, alert.severity, stamp.at);
    });
  }

  logBilling(stamp: AuditStamp, line: { run_id: number; cpt_code: string; description: string; amount_cents: number }): void {
    this.audited(stamp, 'log_billing', String(line.run_id), () => {
      requireFinite(line.amount_cents, 'amount_cents');
      this.requireRun(stamp.org, line.run_id);
      const id = this.next(stamp.org, 'billing', 'other_records');
      this.charge(stamp.org, rowBytes(line.run_id, line.cpt_code, line.description, line.amount_cents, stamp.at));
      this.db
        .prepare('INSERT INTO lib_db_billing (org, id, run_id, cpt_code, description, amount_cents, at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(stamp.org, id, line.run_id, line.cpt_code, line.description, line.amount_cents, stamp.at);
    });
  }

  billingTotalCents(stamp: AuditStamp, runId: number | null): number {
    return this.audited(stamp, 'get_billing_total', runId === null ? null : String(runId), () => {
      if (runId !== null) this.requireRun(stamp.org, runId);
      return this.db
        .prepare('SELECT COALESCE(SUM(amount_cents), 0) FROM lib_db_billing WHERE org = ? AND (? IS NULL OR run_id = ?)')
        .pluck()
        .get(stamp.org, runId, runId) as number;
    });
  }

  auditLog(stamp: AuditStamp, limit: number): AuditEntry[] {
    // the entries are read before this call's own row is appended
    return this.audited(stamp, 'audit_log', null, () =>
      this.db
        .prepare('SELECT at, actor, source, line, operation, target, outcome FROM lib_db_audit WHERE org = ? ORDER BY at DESC, id DESC LIMIT ?')
        .all(stamp.org, limit) as AuditEntry[],
    );
  }

  storeStudyRecord(stamp: AuditStamp, studyId: string, data: string): number {
    return this.audited(stamp, 'log_to_datalake', studyId, () => {
      const id = this.next(stamp.org, 'study_records', 'other_records');
      this.charge(stamp.org, rowBytes(studyId, data, stamp.at));
      this.db.prepare('INSERT INTO lib_research_records (org, id, study_id, data, stored_at) VALUES (?, ?, ?, ?, ?)').run(stamp.org, id, studyId, data, stamp.at);
      return id;
    });
  }

  recordConsent(stamp: AuditStamp, c: Omit<ConsentRecord, 'recorded_at'>): ConsentRecord {
    return this.audited(stamp, 'record_consent', `${c.patient_id}/${c.study_id}`, () => {
      const id = this.next(stamp.org, 'consents', 'other_records');
      this.charge(stamp.org, rowBytes(c.patient_id, c.study_id, c.consented, c.consent_date, c.recorded_by, stamp.at));
      this.db
        .prepare('INSERT INTO lib_research_consents (org, id, patient_id, study_id, consented, consent_date, recorded_by, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(stamp.org, id, c.patient_id, c.study_id, c.consented ? 1 : 0, c.consent_date, c.recorded_by, stamp.at);
      return { ...c, recorded_at: stamp.at };
    });
  }

  latestConsent(stamp: AuditStamp, patientId: string, studyId: string): ConsentRecord | null {
    return this.audited(
      stamp,
      'consent_check',
      `${patientId}/${studyId}`,
      () => {
        const row = this.db
          .prepare(
            'SELECT patient_id, study_id, consented, consent_date, recorded_by, recorded_at FROM lib_research_consents WHERE org = ? AND patient_id = ? AND study_id = ? ORDER BY id DESC LIMIT 1',
          )
          .get(stamp.org, patientId, studyId) as (Omit<ConsentRecord, 'consented'> & { consented: number }) | undefined;
        return row ? { ...row, consented: row.consented === 1 } : null;
      },
      (c) => (c ? 'ok' : 'not_found'),
    );
  }
}

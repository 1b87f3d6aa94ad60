// The library store's operations on PostgreSQL, asynchronous (node-postgres is). They run inside the
// bridge's worker thread (bridge-worker.ts), behind the synchronous contract of store/library.ts that
// library functions call. Same rules as store/sqlite/library.ts, checked by the same contract suite:
// one transaction per operation with its audit row; per-organization ids and quotas through lib_counters,
// whose row lock (INSERT … ON CONFLICT DO UPDATE) orders concurrent writers of one organization on every
// instance; a refusal rolls back and is audited as `error` on its own.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import {
  auditBytes,
  DEFAULT_QUOTAS,
  isStoreRefusal,
  labValue,
  MAX_WRITE_BYTES,
  MissingRecordError,
  patientBytes,
  QuotaExceededError,
  requireFinite,
  rowBytes,
  runBytes,
  WriteTooLargeError,
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
import { createPool, inTransaction, rethrow, type PostgresOptions } from './connection.js';
import { migratePostgres } from './migrations.js';

/** The contract with every operation asynchronous. */
export type AsyncLibraryStore = {
  [K in Exclude<keyof LibraryStore, 'installationSecret' | 'close'>]: (...args: Parameters<LibraryStore[K]>) => Promise<ReturnType<LibraryStore[K]>>;
} & { installationSecret(): Promise<Buffer>; close(): Promise<void> };

type Counter = 'patients' | 'runs' | 'lab_results' | 'interventions' | 'alerts' | 'billing' | 'audit' | 'consents' | 'study_records' | 'bytes';

/** One operation's connection inside its transaction, with the bytes it has written so far. */
interface Tx {
  client: pg.PoolClient;
  bytes: number;
}

const PATIENT_COLUMNS = 'patient_id, name, age, weight, sex, vitals, metadata, created_at, updated_at';
const RUN_COLUMNS = 'id, protocol_name, patient_id, status, events, started_at, completed_at, run_by';

export class PostgresLibraryOperations implements AsyncLibraryStore {
  private readonly quotas: Quotas;

  private constructor(
    private readonly pool: pg.Pool,
    quotas: Partial<Quotas>,
  ) {
    this.quotas = { ...DEFAULT_QUOTAS, ...quotas };
  }

  static async open(options: PostgresOptions & { quotas?: Partial<Quotas> }): Promise<PostgresLibraryOperations> {
    // one call at a time per process, so nothing queues: a short wait tells an unreachable database early,
    // which matters because the calling thread is blocked meanwhile
    const pool = createPool({ connectTimeoutMs: 3000, ...options });
    try {
      await migratePostgres(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresLibraryOperations(pool, options.quotas ?? {});
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  async installationSecret(): Promise<Buffer> {
    try {
      // the first process to ask creates it; every later one (any instance) reads the same row
      await this.pool.query('INSERT INTO installation_secret (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32)]);
      const { rows } = await this.pool.query<{ secret: Buffer }>('SELECT secret FROM installation_secret WHERE id = 1');
      return rows[0]!.secret;
    } catch (error) {
      return rethrow(error);
    }
  }

  /** Replaces the secret (an operator command): every instance's later pseudonyms change at once. */
  async rotateSecret(): Promise<void> {
    try {
      await this.pool.query('INSERT INTO installation_secret (id, secret) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET secret = excluded.secret', [randomBytes(32)]);
    } catch (error) {
      rethrow(error);
    }
  }

  /** The next id of a kind for the organization, refusing beyond the quota (the counter's row lock orders writers). */
  private async next(tx: Tx, org: string, kind: Counter, quota?: keyof Quotas): Promise<number> {
    const { rows } = await tx.client.query<{ value: number }>(
      'INSERT INTO lib_counters AS c (org, kind, value) VALUES ($1, $2, 1) ON CONFLICT (org, kind) DO UPDATE SET value = c.value + 1 RETURNING value',
      [org, kind],
    );
    const value = rows[0]!.value;
    if (quota && value > this.quotas[quota]) throw new QuotaExceededError(quota, this.quotas[quota]);
    return value;
  }

  private async charge(tx: Tx, org: string, bytes: number): Promise<void> {
    tx.bytes += Math.max(0, bytes);
    if (tx.bytes > MAX_WRITE_BYTES) throw new WriteTooLargeError(tx.bytes);
    const { rows } = await tx.client.query<{ value: number }>(
      'INSERT INTO lib_counters AS c (org, kind, value) VALUES ($1, $2, $3) ON CONFLICT (org, kind) DO UPDATE SET value = c.value + excluded.value RETURNING value',
      [org, 'bytes', bytes],
    );
    if (bytes > 0 && rows[0]!.value > this.quotas.bytes) throw new QuotaExceededError('bytes', this.quotas.bytes);
  }

  private async writeAudit(tx: Tx, stamp: AuditStamp, operation: string, target: string | null, outcome: AuditOutcome): Promise<void> {
    await this.charge(tx, stamp.org, auditBytes(stamp, operation, target, outcome));
    const id = await this.next(tx, stamp.org, 'audit');
    await tx.client.query(
      'INSERT INTO lib_db_audit (org, id, at, actor, request_id, source, line, operation, target, outcome) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
      [stamp.org, id, stamp.at, stamp.actor, stamp.requestId, stamp.source, stamp.line, operation, target, outcome],
    );
  }

  private transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, (client) => work({ client, bytes: 0 }));
  }

  private async audited<T>(
    stamp: AuditStamp,
    operation: string,
    target: string | null,
    body: (tx: Tx) => Promise<T>,
    outcomeOf: (value: T) => AuditOutcome = () => 'ok',
  ): Promise<T> {
    try {
      return await this.transaction(async (tx) => {
        const value = await body(tx);
        await this.writeAudit(tx, stamp, operation, target, outcomeOf(value));
        return value;
      });
    } catch (error) {
      if (isStoreRefusal(error)) await this.appendAudit(stamp, operation, target, 'error');
      throw error;
    }
  }

  async appendAudit(stamp: AuditStamp, operation: string, target: string | null, outcome: AuditOutcome): Promise<void> {
    try {
      await this.transaction((tx) => this.writeAudit(tx, stamp, operation, target, outcome));
    } catch (error) {
      if (!(outcome === 'error' && error instanceof QuotaExceededError)) throw error;
    }
  }

  private async patient(tx: Tx, org: string, patientId: string): Promise<StoredPatient | null> {
    const { rows } = await tx.client.query<StoredPatient>(`SELECT ${PATIENT_COLUMNS} FROM lib_db_patients WHERE org = $1 AND patient_id = $2`, [org, patientId]);
    return rows[0] ?? null;
  }

  private async run(tx: Tx, org: string, runId: number): Promise<RunRecord | null> {
    const { rows } = await tx.client.query<RunRecord>(`SELECT ${RUN_COLUMNS} FROM lib_db_runs WHERE org = $1 AND id = $2`, [org, runId]);
    return rows[0] ?? null;
  }

  private async requireRun(tx: Tx, org: string, runId: number): Promise<RunRecord> {
    const run = await this.run(tx, org, runId);
    if (!run) throw new MissingRecordError('run', runId);
    return run;
  }

  savePatient(stamp: AuditStamp, p: PatientRecord): Promise<{ created: boolean }> {
    return this.audited(stamp, 'save_patient', p.patient_id, async (tx) => {
      requireFinite(p.age, 'age');
      requireFinite(p.weight, 'weight');
      // two instances replacing one patient apply one after the other; NO KEY: labs being added for the patient (a key-share lock) need not wait
      const { rows } = await tx.client.query<StoredPatient>(`SELECT ${PATIENT_COLUMNS} FROM lib_db_patients WHERE org = $1 AND patient_id = $2 FOR NO KEY UPDATE`, [stamp.org, p.patient_id]);
      const existing = rows[0];
      await this.charge(tx, stamp.org, patientBytes(p, stamp.at) - (existing ? patientBytes(existing, existing.created_at) : 0));
      if (existing) {
        await tx.client.query(
          'UPDATE lib_db_patients SET name = $1, age = $2, weight = $3, sex = $4, vitals = $5, metadata = $6, updated_at = $7 WHERE org = $8 AND patient_id = $9',
          [p.name, p.age, p.weight, p.sex, p.vitals, p.metadata, stamp.at, stamp.org, p.patient_id],
        );
        return { created: false };
      }
      await this.next(tx, stamp.org, 'patients', 'patients');
      await tx.client.query(
        'INSERT INTO lib_db_patients (org, patient_id, name, age, weight, sex, vitals, metadata, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
        [stamp.org, p.patient_id, p.name, p.age, p.weight, p.sex, p.vitals, p.metadata, stamp.at, stamp.at],
      );
      return { created: true };
    });
  }

  getPatient(stamp: AuditStamp, patientId: string): Promise<StoredPatient | null> {
    return this.audited(stamp, 'get_patient', patientId, (tx) => this.patient(tx, stamp.org, patientId), (p) => (p ? 'ok' : 'not_found'));
  }

  listPatients(stamp: AuditStamp, limit: number): Promise<StoredPatient[]> {
    return this.audited(stamp, 'list_patients', null, async (tx) =>
      (await tx.client.query<StoredPatient>(`SELECT ${PATIENT_COLUMNS} FROM lib_db_patients WHERE org = $1 ORDER BY updated_at DESC, patient_id DESC LIMIT $2`, [stamp.org, limit])).rows,
    );
  }

  startRun(stamp: AuditStamp, run: { protocol_name: string; patient_id: string | null; run_by: string }): Promise<number> {
    return this.audited(stamp, 'start_run', run.patient_id, async (tx) => {
      if (run.patient_id !== null && !(await this.patient(tx, stamp.org, run.patient_id))) throw new MissingRecordError('patient', run.patient_id);
      const id = await this.next(tx, stamp.org, 'runs', 'runs');
      await this.charge(tx, stamp.org, runBytes({ protocol_name: run.protocol_name, patient_id: run.patient_id, status: 'RUNNING', events: null, started_at: stamp.at, completed_at: null, run_by: run.run_by }));
      await tx.client.query(
        "INSERT INTO lib_db_runs (org, id, protocol_name, patient_id, status, events, started_at, completed_at, run_by) VALUES ($1, $2, $3, $4, 'RUNNING', NULL, $5, NULL, $6)",
        [stamp.org, id, run.protocol_name, run.patient_id, stamp.at, run.run_by],
      );
      return id;
    });
  }

  endRun(stamp: AuditStamp, runId: number, events: string | null, status: string): Promise<void> {
    return this.audited(stamp, 'end_run', String(runId), async (tx) => {
      const { rows } = await tx.client.query<RunRecord>(`SELECT ${RUN_COLUMNS} FROM lib_db_runs WHERE org = $1 AND id = $2 FOR NO KEY UPDATE`, [stamp.org, runId]);
      const old = rows[0];
      if (!old) throw new MissingRecordError('run', runId);
      await this.charge(tx, stamp.org, runBytes({ ...old, events, status, completed_at: stamp.at }) - runBytes(old));
      await tx.client.query('UPDATE lib_db_runs SET status = $1, events = $2, completed_at = $3 WHERE org = $4 AND id = $5', [status, events, stamp.at, stamp.org, runId]);
    });
  }

  getRun(stamp: AuditStamp, runId: number): Promise<RunRecord | null> {
    return this.audited(stamp, 'get_run', String(runId), (tx) => this.run(tx, stamp.org, runId), (r) => (r ? 'ok' : 'not_found'));
  }

  listRuns(stamp: AuditStamp, patientId: string | null, limit: number): Promise<RunRecord[]> {
    return this.audited(stamp, 'list_runs', patientId, async (tx) =>
      (
        await tx.client.query<RunRecord>(
          `SELECT ${RUN_COLUMNS} FROM lib_db_runs WHERE org = $1 AND ($2::text IS NULL OR patient_id = $2) ORDER BY started_at DESC, id DESC LIMIT $3`,
          [stamp.org, patientId, limit],
        )
      ).rows,
    );
  }

  logIntervention(stamp: AuditStamp, e: { run_id: number; drug_name: string; dose: string; moiss_class: string }): Promise<void> {
    return this.audited(stamp, 'log_intervention', String(e.run_id), async (tx) => {
      await this.requireRun(tx, stamp.org, e.run_id);
      const id = await this.next(tx, stamp.org, 'interventions', 'other_records');
      await this.charge(tx, stamp.org, rowBytes(e.run_id, e.drug_name, e.dose, e.moiss_class, stamp.at));
      await tx.client.query('INSERT INTO lib_db_interventions (org, id, run_id, drug_name, dose, moiss_class, at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        stamp.org,
        id,
        e.run_id,
        e.drug_name,
        e.dose,
        e.moiss_class,
        stamp.at,
      ]);
    });
  }

  saveLab(stamp: AuditStamp, lab: { patient_id: string; test_name: string; canonical: string | null; value: number; unit: string; is_critical: boolean }): Promise<number> {
    return this.audited(stamp, 'save_lab', lab.patient_id, async (tx) => {
      requireFinite(lab.value, 'value');
      if (!(await this.patient(tx, stamp.org, lab.patient_id))) throw new MissingRecordError('patient', lab.patient_id);
      const id = await this.next(tx, stamp.org, 'lab_results', 'lab_results');
      await this.charge(tx, stamp.org, rowBytes(lab.patient_id, lab.test_name, lab.canonical, lab.value, lab.unit, lab.is_critical, stamp.at));
      await tx.client.query(
        'INSERT INTO lib_db_lab_results (org, id, patient_id, test_name, canonical, value, unit, is_critical, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
        [stamp.org, id, lab.patient_id, lab.test_name, lab.canonical, lab.value, lab.unit, lab.is_critical, stamp.at],
      );
      return id;
    });
  }

  getLabs(stamp: AuditStamp, patientId: string, names: readonly string[] | null, limit: number): Promise<LabRecord[]> {
    return this.audited(stamp, 'get_labs', patientId, async (tx) => {
      const { rows } = await tx.client.query<LabRecord>(
        `SELECT id, test_name, canonical, value, unit, is_critical, at AS timestamp FROM lib_db_lab_results
         WHERE org = $1 AND patient_id = $2
           AND ($3::text[] IS NULL OR lower(test_name) = ANY (SELECT lower(n) FROM unnest($3::text[]) AS n) OR canonical = ANY ($3::text[]))
         ORDER BY at DESC, id DESC LIMIT $4`,
        [stamp.org, patientId, names, limit],
      );
      return rows.map((r) => ({ ...r, value: labValue(r.value) }));
    });
  }

  logAlert(stamp: AuditStamp, alert: { run_id: number; message: string; severity: string }): Promise<void> {
    return this.audited(stamp, 'log_alert', String(alert.run_id), async (tx) => {
      await this.requireRun(tx, stamp.org, alert.run_id);
      const id = await this.next(tx, stamp.org, 'alerts', 'other_records');
      await this.charge(tx, stamp.org, rowBytes(alert.run_id, alert.message, alert.severity, stamp.at));
      await tx.client.query('INSERT INTO lib_db_alerts (org, id, run_id, message, severity, at) VALUES ($1, $2, $3, $4, $5, $6)', [
        stamp.org,
        id,
        alert.run_id,
        alert.message,
        alert.severity,
        stamp.at,
      ]);
    });
  }

  logBilling(stamp: AuditStamp, line: { run_id: number; cpt_code: string; description: string; amount_cents: number }): Promise<void> {
    return this.audited(stamp, 'log_billing', String(line.run_id), async (tx) => {
      requireFinite(line.amount_cents, 'amount_cents');
      await this.requireRun(tx, stamp.org, line.run_id);
      const id = await this.next(tx, stamp.org, 'billing', 'other_records');
      await this.charge(tx, stamp.org, rowBytes(line.run_id, line.cpt_code, line.description, line.amount_cents, stamp.at));
      await tx.client.query('INSERT INTO lib_db_billing (org, id, run_id, cpt_code, description, amount_cents, at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        stamp.org,
        id,
        line.run_id,
        line.cpt_code,
        line.description,
        line.amount_cents,
        stamp.at,
      ]);
    });
  }

  billingTotalCents(stamp: AuditStamp, runId: number | null): Promise<number> {
    return this.audited(stamp, 'get_billing_total', runId === null ? null : String(runId), async (tx) => {
      if (runId !== null) await this.requireRun(tx, stamp.org, runId);
      const { rows } = await tx.client.query<{ total: number }>(
        'SELECT COALESCE(SUM(amount_cents), 0)::bigint AS total FROM lib_db_billing WHERE org = $1 AND ($2::integer IS NULL OR run_id = $2)',
        [stamp.org, runId],
      );
      return rows[0]!.total;
    });
  }

  auditLog(stamp: AuditStamp, limit: number): Promise<AuditEntry[]> {
    // the entries are read before this call's own row is appended
    return this.audited(stamp, 'audit_log', null, async (tx) =>
      (
        await tx.client.query<AuditEntry>('SELECT at, actor, source, line, operation, target, outcome FROM lib_db_audit WHERE org = $1 ORDER BY at DESC, id DESC LIMIT $2', [
          stamp.org,
          limit,
        ])
      ).rows,
    );
  }

  storeStudyRecord(stamp: AuditStamp, studyId: string, data: string): Promise<number> {
    return this.audited(stamp, 'log_to_datalake', studyId, async (tx) => {
      const id = await this.next(tx, stamp.org, 'study_records', 'other_records');
      await this.charge(tx, stamp.org, rowBytes(studyId, data, stamp.at));
      await tx.client.query('INSERT INTO lib_research_records (org, id, study_id, data, stored_at) VALUES ($1, $2, $3, $4, $5)', [stamp.org, id, studyId, data, stamp.at]);
      return id;
    });
  }

  recordConsent(stamp: AuditStamp, c: Omit<ConsentRecord, 'recorded_at'>): Promise<ConsentRecord> {
    return this.audited(stamp, 'record_consent', `${c.patient_id}/${c.study_id}`, async (tx) => {
      const id = await this.next(tx, stamp.org, 'consents', 'other_records');
      await this.charge(tx, stamp.org, rowBytes(c.patient_id, c.study_id, c.consented, c.consent_date, c.recorded_by, stamp.at));
      await tx.client.query(
        'INSERT INTO lib_research_consents (org, id, patient_id, study_id, consented, consent_date, recorded_by, recorded_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [stamp.org, id, c.patient_id, c.study_id, c.consented, c.consent_date, c.recorded_by, stamp.at],
      );
      return { ...c, recorded_at: stamp.at };
    });
  }

  latestConsent(stamp: AuditStamp, patientId: string, studyId: string): Promise<ConsentRecord | null> {
    return this.audited(
      stamp,
      'consent_check',
      `${patientId}/${studyId}`,
      async (tx) =>
        (
          await tx.client.query<ConsentRecord>(
            'SELECT patient_id, study_id, consented, consent_date, recorded_by, recorded_at FROM lib_research_consents WHERE org = $1 AND patient_id = $2 AND study_id = $3 ORDER BY id DESC LIMIT 1',
            [stamp.org, patientId, studyId],
          )
        ).rows[0] ?? null,
      (c) => (c ? 'ok' : 'not_found'),
    );
  }
}

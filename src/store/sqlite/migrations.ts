// Schema migrations: each step moves the database up one version inside a transaction, so an older
// data directory upgrades in place on the next start.
import type Database from 'better-sqlite3';

export const MIGRATIONS: readonly string[] = [
  // 1: keys and monthly usage
  `CREATE TABLE api_keys (
     id INTEGER PRIMARY KEY,
     prefix TEXT NOT NULL,
     key_hash BLOB NOT NULL UNIQUE,
     owner TEXT NOT NULL,
     tier TEXT NOT NULL,
     created_at TEXT NOT NULL,
     revoked_at TEXT
   );
   CREATE TABLE usage_monthly (
     key_id INTEGER NOT NULL REFERENCES api_keys(id),
     period TEXT NOT NULL,
     requests INTEGER NOT NULL DEFAULT 0,
     PRIMARY KEY (key_id, period)
   );`,
  // 2: admitted-request times of the last minute, so the sliding window survives a restart
  `CREATE TABLE admissions (
     key_id INTEGER NOT NULL REFERENCES api_keys(id),
     at_ms INTEGER NOT NULL
   );
   CREATE INDEX admissions_by_key_time ON admissions (key_id, at_ms);`,
  // 3: the stateful library modules (modules.md §16, §19): every row belongs to one organization, ids are
  // numbered per organization through lib_counters, foreign keys stay within an organization, and the
  // audit trail refuses updates and deletes.
  `CREATE TABLE lib_counters (
     org TEXT NOT NULL,
     kind TEXT NOT NULL,
     value INTEGER NOT NULL,
     PRIMARY KEY (org, kind)
   );
   CREATE TABLE lib_db_patients (
     org TEXT NOT NULL,
     patient_id TEXT NOT NULL,
     name TEXT NOT NULL,
     age REAL,
     weight REAL,
     sex TEXT,
     vitals TEXT,
     metadata TEXT,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     PRIMARY KEY (org, patient_id)
   );
   CREATE INDEX lib_db_patients_by_update ON lib_db_patients (org, updated_at);
   CREATE TABLE lib_db_runs (
     org TEXT NOT NULL,
     id INTEGER NOT NULL,
     protocol_name TEXT NOT NULL,
     patient_id TEXT,
     status TEXT NOT NULL,
     events TEXT,
     started_at TEXT NOT NULL,
     completed_at TEXT,
     run_by TEXT NOT NULL,
     PRIMARY KEY (org, id),
     FOREIGN KEY (org, patient_id) REFERENCES lib_db_patients (org, patient_id)
   );
   CREATE INDEX lib_db_runs_by_patient ON lib_db_runs (org, patient_id, started_at);
   CREATE TABLE lib_db_interventions (
     org TEXT NOT NULL,
     id INTEGER NOT NULL,
     run_id INTEGER NOT NULL,
     drug_name TEXT NOT NULL,
     dose TEXT NOT NULL,
     moiss_class TEXT NOT NULL,
     at TEXT NOT NULL,
     PRIMARY KEY (org, id),
     FOREIGN KEY (org, run_id) REFERENCES lib_db_runs (org, id)
   );
   CREATE TABLE lib_db_lab_results (
     org TEXT NOT NULL,
     id INTEGER NOT NULL,
     patient_id TEXT NOT NULL,
     test_name TEXT NOT NULL,
     canonical TEXT,
     value REAL NOT NULL,
     unit TEXT NOT NULL,
     is_critical INTEGER NOT NULL,
     at TEXT NOT NULL,
     PRIMARY KEY (org, id),
     FOREIGN KEY (org, patient_id) REFERENCES lib_db_patients (org, patient_id)
   );
   CREATE INDEX lib_db_lab_results_by_patient ON lib_db_lab_results (org, patient_id, at);
   CREATE TABLE lib_db_alerts (
     org TEXT NOT NULL,
     id INTEGER NOT NULL,
     run_id INTEGER NOT NULL,
     message TEXT NOT NULL,
     severity TEXT NOT NULL,
     at TEXT NOT NULL,
     PRIMARY KEY (org, id),
     FOREIGN KEY (org, run_id) REFERENCES lib_db_runs (org, id)
   );
   CREATE TABLE lib_db_billing (
     org TEXT NOT NULL,
     id INTEGER NOT NULL,
     run_id INTEGER NOT NULL,
     cpt_code TEXT NOT NULL,
     description TEXT NOT NULL,
     amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
     at TEXT NOT NULL,
     PRIMARY KEY (org, id),
     FOREIGN KEY (org, run_id) REFERENCES lib_db_runs (org, id)
   );
   CREATE INDEX lib_db_billing_by_run ON lib_db_billing (org, run_id);
   CREATE TABLE lib_db_audit (
     org TEXT NOT NULL,
     id INTEGER NOT NULL,
     at TEXT NOT NULL,
     actor TEXT NOT NULL,
     request_id TEXT NOT NULL,
     source TEXT NOT NULL,
     line INTEGER,
     operation TEXT NOT NULL,
     target TEXT,
     outcome TEXT NOT NULL,
     PRIMARY KEY (org, id)
   );
   CREATE TRIGGER lib_db_audit_no_update BEFORE UPDATE ON lib_db_audit BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
   CREATE TRIGGER lib_db_audit_no_delete BEFORE DELETE ON lib_db_audit BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
   CREATE TABLE lib_research_consents (
     org TEXT NOT NULL,
     id INTEGER NOT NULL,
     patient_id TEXT NOT NULL,
     study_id TEXT NOT NULL,
     consented INTEGER NOT NULL,
     consent_date TEXT,
     recorded_by TEXT,
     recorded_at TEXT NOT NULL,
     PRIMARY KEY (org, id)
   );
   CREATE INDEX lib_research_consents_by_subject ON lib_research_consents (org, patient_id, study_id, id);
   CREATE TABLE lib_research_records (
     org TEXT NOT NULL,
     id INTEGER NOT NULL,
     study_id TEXT NOT NULL,
     data TEXT NOT NULL,
     stored_at TEXT NOT NULL,
     PRIMARY KEY (org, id)
   );`,
  // 4: each organization's stored bytes (records and audit trail, as store/library.ts rowBytes counts them),
  // so the byte quota holds from the first write after the upgrade
  `INSERT INTO lib_counters (org, kind, value)
   SELECT org, 'bytes', SUM(bytes) FROM (
     SELECT org, 64 + COALESCE(length(CAST(patient_id AS BLOB)), 8) + COALESCE(length(CAST(name AS BLOB)), 8) + COALESCE(length(CAST(sex AS BLOB)), 8) + COALESCE(length(CAST(vitals AS BLOB)), 8) + COALESCE(length(CAST(metadata AS BLOB)), 8) + COALESCE(length(CAST(created_at AS BLOB)), 8) + COALESCE(length(CAST(updated_at AS BLOB)), 8) + 16 AS bytes FROM lib_db_patients
     UNION ALL
     SELECT org, 64 + COALESCE(length(CAST(protocol_name AS BLOB)), 8) + COALESCE(length(CAST(patient_id AS BLOB)), 8) + COALESCE(length(CAST(status AS BLOB)), 8) + COALESCE(length(CAST(events AS BLOB)), 8) + COALESCE(length(CAST(started_at AS BLOB)), 8) + COALESCE(length(CAST(completed_at AS BLOB)), 8) + COALESCE(length(CAST(run_by AS BLOB)), 8) AS bytes FROM lib_db_runs
     UNION ALL
     SELECT org, 64 + COALESCE(length(CAST(drug_name AS BLOB)), 8) + COALESCE(length(CAST(dose AS BLOB)), 8) + COALESCE(length(CAST(moiss_class AS BLOB)), 8) + COALESCE(length(CAST(at AS BLOB)), 8) + 8 AS bytes FROM lib_db_interventions
     UNION ALL
     SELECT org, 64 + COALESCE(length(CAST(patient_id AS BLOB)), 8) + COALESCE(length(CAST(test_name AS BLOB)), 8) + COALESCE(length(CAST(canonical AS BLOB)), 8) + COALESCE(length(CAST(unit AS BLOB)), 8) + COALESCE(length(CAST(at AS BLOB)), 8) + 16 AS bytes FROM lib_db_lab_results
     UNION ALL
     SELECT org, 64 + COALESCE(length(CAST(message AS BLOB)), 8) + COALESCE(length(CAST(severity AS BLOB)), 8) + COALESCE(length(CAST(at AS BLOB)), 8) + 8 AS bytes FROM lib_db_alerts
     UNION ALL
     SELECT org, 64 + COALESCE(length(CAST(cpt_code AS BLOB)), 8) + COALESCE(length(CAST(description AS BLOB)), 8) + COALESCE(length(CAST(at AS BLOB)), 8) + 16 AS bytes FROM lib_db_billing
     UNION ALL
     SELECT org, 64 + COALESCE(length(CAST(at AS BLOB)), 8) + COALESCE(length(CAST(actor AS BLOB)), 8) + COALESCE(length(CAST(request_id AS BLOB)), 8) + COALESCE(length(CAST(source AS BLOB)), 8) + COALESCE(length(CAST(operation AS BLOB)), 8) + COALESCE(length(CAST(target AS BLOB)), 8) + COALESCE(length(CAST(outcome AS BLOB)), 8) + 8 AS bytes FROM lib_db_audit
     UNION ALL
     SELECT org, 64 + COALESCE(length(CAST(patient_id AS BLOB)), 8) + COALESCE(length(CAST(study_id AS BLOB)), 8) + COALESCE(length(CAST(consent_date AS BLOB)), 8) + COALESCE(length(CAST(recorded_by AS BLOB)), 8) + COALESCE(length(CAST(recorded_at AS BLOB)), 8) + 8 AS bytes FROM lib_research_consents
     UNION ALL
     SELECT org, 64 + COALESCE(length(CAST(study_id AS BLOB)), 8) + COALESCE(length(CAST(data AS BLOB)), 8) + COALESCE(length(CAST(stored_at AS BLOB)), 8) AS bytes FROM lib_research_records
   ) GROUP BY org
   ON CONFLICT (org, kind) DO UPDATE SET value = excluded.value;`,
  // 5: the minute window in one row per key (its admission times of the last 60 s, ascending, 13 digits
  // each, joined by commas: store/keys.ts readWindow), written by one statement per admission instead of a
  // row inserted and pruned per request (issue 30)
  `CREATE TABLE rate_windows (
     key_id INTEGER PRIMARY KEY REFERENCES api_keys(id),
     times TEXT NOT NULL
   );
   INSERT INTO rate_windows (key_id, times)
   SELECT key_id, group_concat(printf('%013d', at_ms), ',') FROM (SELECT key_id, at_ms FROM admissions ORDER BY key_id, at_ms) GROUP BY key_id;
   DROP TABLE admissions;`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export function schemaVersion(db: Database.Database): number {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const row = db.prepare('SELECT version FROM schema_version').get() as { version: number } | undefined;
  return row?.version ?? 0;
}

/** Applies every migration above the database's version; refuses a database newer than this code. */
export function migrate(db: Database.Database, target = SCHEMA_VERSION): void {
  const apply = db.transaction(() => {
    const current = schemaVersion(db);
    if (current > SCHEMA_VERSION) throw new Error(`the data directory has schema version ${current}, newer than this cpes (${SCHEMA_VERSION}); upgrade cpes`);
    for (let v = current; v < target; v++) db.exec(MIGRATIONS[v]!);
    db.prepare('DELETE FROM schema_version').run();
    db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(Math.max(current, target));
  });
  apply.immediate();
}

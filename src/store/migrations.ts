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

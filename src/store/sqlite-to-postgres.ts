// `cpes store migrate`: copies a SQLite store (keys, usage, the minute window, db and research records,
// the audit trail, the research secret) into an empty PostgreSQL database in one transaction, then
// counts every table on both sides. Ids are kept, so keys, run ids and audit order stay what they were.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type pg from 'pg';
import { StoreError } from './errors.js';
import { createPool, inTransaction } from './postgres/connection.js';
import { migratePostgres } from './postgres/migrations.js';
import { openDatabase } from './sqlite/keys.js';
import { SECRET_FILE } from './sqlite/library.js';

/** Tables in an order that satisfies every foreign key, with the columns PostgreSQL stores as booleans. */
const TABLES: readonly { name: string; booleans?: readonly string[] }[] = [
  { name: 'api_keys' },
  { name: 'usage_monthly' },
  { name: 'rate_windows' },
  { name: 'lib_counters' },
  { name: 'lib_db_patients' },
  { name: 'lib_db_runs' },
  { name: 'lib_db_interventions' },
  { name: 'lib_db_lab_results', booleans: ['is_critical'] },
  { name: 'lib_db_alerts' },
  { name: 'lib_db_billing' },
  { name: 'lib_db_audit' },
  { name: 'lib_research_consents', booleans: ['consented'] },
  { name: 'lib_research_records' },
];

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 500;

export interface TableCount {
  table: string;
  sqlite: number;
  postgres: number;
}

async function copyTable(client: pg.PoolClient, name: string, rows: Record<string, unknown>[], booleans: readonly string[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const values: unknown[] = [];
    const tuples = batch.map((row) => {
      const placeholders = columns.map((column) => {
        const value = row[column];
        values.push(booleans.includes(column) ? value === 1 : value);
        return `$${values.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await client.query(`INSERT INTO ${name} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values);
  }
}

/**
 * Copies the store in `sqliteFile` into the database at `url`, which must hold no keys and no records.
 * Resolves with the row count of every table on both sides; throws StoreError when they differ or when
 * the target is not empty (nothing is written then).
 */
export async function copySqliteToPostgres(sqliteFile: string, url: string): Promise<TableCount[]> {
  if (!existsSync(sqliteFile)) throw new StoreError(`no SQLite store at ${sqliteFile} (the cpes.db of a data directory)`);
  const dataDir = dirname(sqliteFile);
  const source = openDatabase(dataDir); // brings an older file to this version's schema first
  const pool = createPool({ url, poolSize: 1 });
  try {
    await migratePostgres(pool);
    const secretPath = join(dataDir, SECRET_FILE);
    const secret = existsSync(secretPath) ? Buffer.from(readFileSync(secretPath, 'utf8').trim(), 'hex') : null;
    await inTransaction(pool, async (client) => {
      for (const { name } of TABLES) {
        const { rows } = await client.query<{ n: number }>(`SELECT count(*) AS n FROM ${name}`);
        if (rows[0]!.n > 0) throw new StoreError(`the target database already holds rows in ${name}; migrate into an empty database (nothing was written)`);
      }
      for (const { name, booleans = [] } of TABLES) {
        await copyTable(client, name, source.prepare(`SELECT * FROM ${name}`).all() as Record<string, unknown>[], booleans);
      }
      // identity columns continue after the copied ids
      await client.query("SELECT setval(pg_get_serial_sequence('api_keys', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM api_keys");
      if (secret?.length === 32) await client.query('INSERT INTO installation_secret (id, secret) VALUES (1, $1)', [secret]);
    });
    const counts: TableCount[] = [];
    for (const { name } of TABLES) {
      const sqlite = (source.prepare(`SELECT COUNT(*) AS n FROM ${name}`).get() as { n: number }).n;
      const postgres = (await pool.query<{ n: number }>(`SELECT count(*) AS n FROM ${name}`)).rows[0]!.n;
      counts.push({ table: name, sqlite, postgres });
    }
    return counts;
  } finally {
    source.close();
    await pool.end();
  }
}

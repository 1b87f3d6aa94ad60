// Cost of metering per request: authenticate (SHA-256 lookup) plus one admission transaction, on SQLite
// (a real file in WAL mode) and on PostgreSQL (the machine's server, a throwaway database; one cpes_admit
// statement under the key's row lock), and the library store's synchronous bridge to PostgreSQL next to
// SQLite's direct calls. Keys rotate so that none reaches its minute limit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { KeyStore } from '../../src/store/keys.js';
import type { LibraryStore } from '../../src/store/library.js';
import { PostgresKeyStore } from '../../src/store/postgres/keys.js';
import { PostgresLibraryStore } from '../../src/store/postgres/library.js';
import { SqliteKeyStore } from '../../src/store/sqlite/keys.js';
import { SqliteLibraryStore } from '../../src/store/sqlite/library.js';

const SERVER = process.env.CPES_BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';

async function admission(name: string, store: KeyStore, n: number): Promise<void> {
  const keys: string[] = [];
  for (let i = 0; i < 200; i++) keys.push((await store.createKey(`bench-${i}`, 'enterprise')).key);
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const account = (await store.authenticate(keys[i % keys.length]!))!;
    if (!(await store.admit(account)).admitted) throw new Error('benchmark key hit its limit');
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  process.stdout.write(`metering on ${name}: authenticate + admit: ${((seconds / n) * 1e6).toFixed(1)} µs per request (${Math.round(n / seconds)} per second, one client)\n`);
}

function library(name: string, store: LibraryStore, n: number): void {
  const stamp = (i: number) => ({ org: 'bench', actor: 'cpes_bench', requestId: `r${i}`, source: 'call' as const, line: null, at: new Date(1_800_000_000_000 + i).toISOString() });
  store.savePatient(stamp(0), { patient_id: 'P', name: 'Bench', age: 50, weight: 70, sex: 'F', vitals: null, metadata: null });
  const start = process.hrtime.bigint();
  for (let i = 1; i <= n; i++) store.saveLab(stamp(i), { patient_id: 'P', test_name: 'K', canonical: 'K', value: 4, unit: 'mmol/L', is_critical: false });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  process.stdout.write(`library store on ${name}: db.save_lab (one transaction with its audit row): ${((seconds / n) * 1e6).toFixed(1)} µs per call\n`);
}

const dir = mkdtempSync(join(tmpdir(), 'cpes-bench-'));
const sqlite = SqliteKeyStore.open(dir);
await admission('SQLite', sqlite, 20_000);
await sqlite.close();
const sqliteLibrary = SqliteLibraryStore.open(dir);
library('SQLite', sqliteLibrary, 2000);
sqliteLibrary.close();
rmSync(dir, { recursive: true, force: true });

const database = `cpes_bench_${process.pid}`;
const admin = new pg.Client({ connectionString: `${SERVER}/postgres`, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
} catch (error) {
  process.stdout.write(`metering on PostgreSQL: skipped, no server at ${SERVER} (${(error as Error).message})\n`);
}
if ((admin as unknown as { _connected: boolean })._connected) {
  await admin.query(`CREATE DATABASE ${database}`);
  try {
    const url = `${SERVER}/${database}`;
    const postgres = await PostgresKeyStore.open({ url, poolSize: 4 });
    await admission('PostgreSQL', postgres, 5000);
    await postgres.close();
    const postgresLibrary = PostgresLibraryStore.open({ url, poolSize: 2 });
    library('PostgreSQL (synchronous bridge)', postgresLibrary, 1000);
    postgresLibrary.close();
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

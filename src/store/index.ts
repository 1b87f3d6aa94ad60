// The store: everything cpes keeps (keys, usage, db and research records, the audit trail, the research
// secret) behind one contract in two halves, store/keys.ts (asynchronous) and store/library.ts
// (synchronous), with two implementations: SQLite in the data directory (store/sqlite/, the zero-setup
// default for one server) and PostgreSQL (store/postgres/, shared by several instances). Callers name a
// location; this file opens the implementation that serves it.
import { StoreError } from './errors.js';
import type { KeyStore } from './keys.js';
import type { LibraryStore, Quotas } from './library.js';
import { isPostgresUrl, redactUrl } from './postgres/connection.js';
import { PostgresKeyStore } from './postgres/keys.js';
import { PostgresLibraryStore } from './postgres/library.js';
import { SqliteKeyStore } from './sqlite/keys.js';
import { SqliteLibraryStore } from './sqlite/library.js';

export { StoreError, StoreUnavailableError } from './errors.js';
export type { KeyInfo, KeyStore, Admission } from './keys.js';

/** Connections of one process to PostgreSQL unless --pool-size says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/** The data directory is kept with PostgreSQL too: it holds the data packs and the executable's file cache. */
export type StoreLocation = { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize: number; dataDir: string };

/**
 * Where the store is: `store` (a postgres:// URL from --store or CPES_STORE) when given, else SQLite in the
 * data directory. Throws StoreError for anything else.
 */
export function storeLocation(store: string | undefined, dataDir: string, poolSize = DEFAULT_POOL_SIZE): StoreLocation {
  if (store === undefined || store === '') return { kind: 'sqlite', dataDir };
  if (!isPostgresUrl(store)) {
    throw new StoreError(`--store must be a postgres:// URL (got '${redactUrl(store)}'); SQLite needs no --store: it lives in --data-dir`);
  }
  if (!Number.isInteger(poolSize) || poolSize < 1) throw new StoreError(`the pool size must be a whole number ≥ 1, got ${poolSize}`);
  return { kind: 'postgres', url: store, poolSize, dataDir };
}

/** The location for messages and logs (no password). */
export function describeLocation(location: StoreLocation): string {
  return location.kind === 'sqlite' ? `SQLite in ${location.dataDir}` : `PostgreSQL at ${redactUrl(location.url)}`;
}

/** Opens (and migrates) the key store; PostgreSQL throws StoreUnavailableError when it cannot be reached. */
export async function openKeyStore(location: StoreLocation, options: { now?: () => Date } = {}): Promise<KeyStore> {
  if (location.kind === 'sqlite') return SqliteKeyStore.open(location.dataDir, options);
  return PostgresKeyStore.open({ url: location.url, poolSize: location.poolSize, now: options.now });
}

/**
 * The library store of this process. SQLite opens the data directory's file; PostgreSQL connects on first
 * use through its bridge thread with a small pool (a process makes one call at a time).
 */
export function openLibraryStore(location: StoreLocation, quotas: Partial<Quotas>): LibraryStore {
  if (location.kind === 'sqlite') return SqliteLibraryStore.open(location.dataDir, { quotas });
  return PostgresLibraryStore.open({ url: location.url, poolSize: 2, quotas, dataDir: location.dataDir });
}

// Backup and restore of the key store through SQLite's online backup API: a backup is a consistent
// snapshot taken page by page while the server keeps writing; a restore checks the file before it
// replaces anything and keeps the previous database beside it.
import { chmodSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SCHEMA_VERSION } from './migrations.js';
import { StoreError } from '../errors.js';
import { createPrivateFile, ensurePrivateDir, DATABASE_FILE } from '../files.js';
import { sqliteNativeBinding } from '../sqlite-addon.js';

/** better-sqlite3 with the addon the single executable carries (undefined from a checkout). */
function open(file: string, dataDir: string, options: Database.Options = {}): Database.Database {
  return new Database(file, { ...options, nativeBinding: sqliteNativeBinding(dataDir) as string | undefined });
}

/** Copies the live database of `dataDir` to `file` (owner-only); resolves with the pages copied. */
export async function backupStore(dataDir: string, file: string): Promise<{ pages: number }> {
  const source = join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) throw new StoreError(`no database at ${source}; is --data-dir right?`);
  if (existsSync(file)) throw new StoreError(`${file} already exists; choose a new file name (a backup never overwrites)`);
  createPrivateFile(file);
  const db = open(source, dataDir, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const { totalPages } = await db.backup(file);
    chmodSync(file, 0o600);
    return { pages: totalPages };
  } finally {
    db.close();
  }
}

/** Why `file` is not a cpes backup this version can restore, or null. */
function checkBackup(file: string, dataDir: string): string | null {
  let db: Database.Database | null = null;
  try {
    db = open(file, dataDir, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') return `the file fails SQLite's integrity check (${String(integrity)})`;
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name));
    if (!tables.has('schema_version') || !tables.has('api_keys')) return 'the file is an SQLite database but not a cpes key store';
    const version = (db.prepare('SELECT version FROM schema_version').get() as { version: number } | undefined)?.version ?? 0;
    if (version > SCHEMA_VERSION) return `the backup has schema version ${version}, newer than this cpes (${SCHEMA_VERSION}); restore it with a newer cpes`;
    return null;
  } catch (error) {
    return `the file is not a readable SQLite database (${(error as Error).message})`;
  } finally {
    db?.close();
  }
}

/**
 * Replaces the database of `dataDir` with the backup in `file`. The server must be stopped: its open
 * connection would keep serving the old keys. The previous database is kept as cpes.db.before-restore-<time>.
 */
export async function restoreStore(dataDir: string, file: string, now: Date = new Date()): Promise<{ previous: string | null }> {
  if (!existsSync(file)) throw new StoreError(`no backup file at ${file}`);
  const problem = checkBackup(file, dataDir);
  if (problem) throw new StoreError(`cannot restore ${file}: ${problem}; nothing was changed`);
  ensurePrivateDir(dataDir);
  const target = join(dataDir, DATABASE_FILE);
  let previous: string | null = null;
  if (existsSync(target)) {
    // fold the write-ahead log into the file, then set the whole database aside
    const old = open(target, dataDir, { fileMustExist: true });
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    previous = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, previous);
    for (const suffix of ['-wal', '-shm']) if (existsSync(target + suffix)) renameSync(target + suffix, previous + suffix);
  }
  createPrivateFile(target);
  const source = open(file, dataDir, { readonly: true, fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
  return { previous };
}

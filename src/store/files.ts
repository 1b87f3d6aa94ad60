// The data directory and database files: created owner-only (0700 / 0600), since the database holds
// key hashes and usage that no other local account should read.
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

export const DATABASE_FILE = 'cpes.db';

/** Creates the directory (and parents) owner-only; an existing directory keeps the mode its operator chose. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/**
 * Creates an empty file owner-only before SQLite opens it, so the database and the -wal and -shm files
 * SQLite creates beside it (which copy its mode) are never readable by others. An existing file is left alone.
 */
export function createPrivateFile(file: string): void {
  if (existsSync(file)) return;
  closeSync(openSync(file, 'wx', 0o600));
}

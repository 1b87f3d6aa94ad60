// The packs this process uses. `cpes serve` names the data directory once (main process and every
// pool child); each run and each /v1/call refreshes the view when it starts (one stat of the index),
// so `cpes data import|remove` takes effect from the next request without a restart, and one run
// never sees two versions of a pack.
import { statSync } from 'node:fs';
import { indexPath, readIndex, readPack, type PackIndex } from './store.js';
import { PackError, type LoadedPack, type PackMeta } from './types.js';

let dataDir: string | null = null;
/** the index file of `dataDir`, stat'ed before every run and call (its path built once) */
let indexFile = '';
let seen = '';
let index: PackIndex = { format: 1, packs: {}, last_version: {} };
let indexError: string | null = null;
/** counts the changes of the index this process has seen, so descriptions built from it are rebuilt only then */
let generation = 0;
const loaded = new Map<string, LoadedPack | PackError>();

/** Points this process at a data directory (null: no packs). */
export function usePackDirectory(directory: string | null): void {
  dataDir = directory;
  indexFile = directory === null ? '' : indexPath(directory);
  seen = '';
  generation++;
  index = { format: 1, packs: {}, last_version: {} };
  indexError = null;
  loaded.clear();
  refreshPacks();
}

export function packDirectoryInUse(): string | null {
  return dataDir;
}

/** Re-reads the index when it changed on disk since the last look. */
export function refreshPacks(): void {
  if (dataDir === null) return;
  let signature = 'absent';
  try {
    // no exception for a missing index (the usual case without packs): building one cost more than the stat
    const stat = statSync(indexFile, { throwIfNoEntry: false });
    if (stat) signature = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  } catch {
    // unreadable: as absent
  }
  if (signature === seen) return;
  seen = signature;
  generation++;
  try {
    index = readIndex(dataDir);
    indexError = null;
  } catch (error) {
    index = { format: 1, packs: {}, last_version: {} };
    indexError = (error as Error).message;
  }
  for (const [kind, pack] of loaded) {
    const meta = index.packs[kind];
    if (!meta || pack instanceof PackError || pack.meta.version !== meta.version) loaded.delete(kind);
  }
}

/** The installed pack of a kind, or null when none is installed. Throws PackError when it cannot be used. */
export function activePack<Row>(kind: string): LoadedPack<Row> | null {
  if (indexError) throw new PackError(indexError);
  const meta = index.packs[kind];
  if (!meta || dataDir === null) return null;
  let pack = loaded.get(kind);
  if (!pack) {
    try {
      pack = readPack(dataDir, meta);
    } catch (error) {
      pack = error instanceof PackError ? error : new PackError((error as Error).message);
    }
    loaded.set(kind, pack);
  }
  if (pack instanceof PackError) throw pack;
  return pack as LoadedPack<Row>;
}

/** Changes whenever the installed packs may have changed (a new directory, a changed index). */
export function packGeneration(): number {
  refreshPacks();
  return generation;
}

/** Every installed pack as the index records it (for /v1/health). */
export function installedPacks(): { packs: PackMeta[]; error: string | null } {
  refreshPacks();
  return { packs: Object.values(index.packs).sort((a, b) => (a.kind < b.kind ? -1 : 1)), error: indexError };
}

const derivedByPack = new WeakMap<object, unknown>();

/** Builds a derived structure once per loaded pack version (e.g. a lookup index). */
export function derived<Row, T>(pack: LoadedPack<Row>, build: (rows: readonly Row[]) => T): T {
  let value = derivedByPack.get(pack) as T | undefined;
  if (value === undefined) {
    value = build(pack.rows);
    derivedByPack.set(pack, value);
  }
  return value;
}

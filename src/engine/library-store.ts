// The persistent store library functions reach through their context (db, research). The server and
// each pool worker install the data directory's store at start; without one (the CLI, tests) the process
// keeps a private in-memory store, opened on first use.
import type { LibraryStore } from '../store/library.js';
import { SqliteLibraryStore } from '../store/sqlite/library.js';
import { quotasFromEnv } from '../store/quotas.js';

let installed: LibraryStore | null = null;

export function installLibraryStore(store: LibraryStore | null): void {
  installed = store;
}

export function libraryStore(): LibraryStore {
  return (installed ??= SqliteLibraryStore.open(null, { quotas: quotasFromEnv(process.env) }));
}

// What PostgresLibraryStore and its worker thread say to each other.
import type { Quotas } from '../library.js';
import type { AsyncLibraryStore } from './library-operations.js';

export type BridgeRequest =
  | { url: string; poolSize: number; quotas: Partial<Quotas>; method: keyof AsyncLibraryStore & string; args: unknown[] }
  | { close: true }
  /** loads the thread and its modules without touching the database */
  | { warm: true };

/** A failure crosses the thread boundary as its class name, message and own fields. */
export type BridgeAnswer = { value: unknown } | { error: { name: string; message: string; fields: Record<string, unknown> } };

// Builds the context object every library function receives (modules.md §1.7): never from the protocol.
import { randomUUID } from 'node:crypto';
import { createRandom, seededOnFirstDraw } from '../../util/random.js';
import type { LibraryStore } from '../../store/library.js';
import { refreshPacks } from '../packs/active.js';
import type { CallContext, RunPatient, RunState } from './types.js';

export interface ContextOptions {
  source: 'run' | 'call';
  /** the key's owner; `development` in dev mode */
  organization?: string;
  requestId?: string;
  patient?: RunPatient | null;
  /** the run seed (seedFromText of the request body), or how to compute it: only calls that draw a number need it */
  seed: number | (() => number);
  /** injected clock; the system clock by default */
  now?: () => Date;
  /** the key's display prefix; `development` by default */
  actor?: string;
  /** opens (once) the persistent store of db and research */
  store?: () => LibraryStore;
}

/** Fresh per-run state: each module's slot is created on first use and dies with the context. */
export function createRunState(): RunState {
  const slots = new Map<string, unknown>();
  return {
    slot<T>(module: string, create: () => T): T {
      if (!slots.has(module)) slots.set(module, create());
      return slots.get(module) as T;
    },
  };
}

function noStore(): never {
  throw new Error('this context has no library store (the engine passes one)');
}

export function createContext(options: ContextOptions): CallContext {
  refreshPacks(); // a run sees the data packs installed when it starts, and only those
  return {
    organization: options.organization ?? 'development',
    requestId: options.requestId ?? randomUUID(),
    source: options.source,
    patient: options.patient ?? null,
    state: createRunState(),
    now: options.now ?? (() => new Date()),
    random: typeof options.seed === 'number' ? createRandom(options.seed) : seededOnFirstDraw(options.seed),
    actor: options.actor ?? 'development',
    line: null,
    store: options.store ?? noStore,
  };
}

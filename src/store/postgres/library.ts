// The library store on PostgreSQL, behind the synchronous contract of store/library.ts.
//
// Why a synchronous bridge: library functions (db, research) run inside a protocol run, which is a tree
// of synchronous closures in a pool worker, and node-postgres is asynchronous. Making the contract
// asynchronous would make every expression of the interpreter asynchronous (slower for every protocol,
// and a run could interleave with others in one process). Instead each process that calls the store
// starts one worker thread holding its connection pool; a call posts the operation to that thread and
// blocks on Atomics.wait until the answer arrives (synckit 0.11 does this; 0.12 preloads a file from its
// package directory into the thread, which the single executable's bundle does not carry). The cost is
// one thread hop per call on top of the query's round trip (npm run bench measures it). A run still
// stops at its time limit, since the pool kills a worker whatever it waits on; a /call waits at most
// BRIDGE_TIMEOUT_MS, and its admission has just reached the same database.
import { fileURLToPath } from 'node:url';
import { createSyncFn } from 'synckit';
import { inSingleExecutable } from '../../util/assets.js';
import { cachedAssetFile } from '../../util/asset-cache.js';
import { StoreUnavailableError } from '../errors.js';
import {
  InvalidValueError,
  MissingRecordError,
  QuotaExceededError,
  WriteTooLargeError,
  type AuditStamp,
  type LibraryStore,
  type Quotas,
} from '../library.js';
import type { BridgeAnswer, BridgeRequest } from './bridge-messages.js';
import type { AsyncLibraryStore } from './library-operations.js';
import type { PostgresOptions } from './connection.js';

/** The longest one operation may wait: above the bridge pool's connect (3 s) and query (10 s) deadlines. */
const BRIDGE_TIMEOUT_MS = 15_000;

let bridge: ((request: BridgeRequest) => BridgeAnswer) | null = null;

/** The thread's script: the bundled copy the executable embeds (written to its cache), else the module beside this one. */
function workerScript(dataDir: string): string {
  if (inSingleExecutable()) return cachedAssetFile('pgBridge', dataDir, (digest) => `pg-bridge-${digest}.cjs`);
  return fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './bridge-worker-tsx.mjs' : './bridge-worker.js', import.meta.url));
}

/** One worker thread per process, started on first use. */
function send(request: BridgeRequest, dataDir = '.'): BridgeAnswer {
  if (!bridge) {
    bridge = createSyncFn<(request: BridgeRequest) => Promise<BridgeAnswer>>(workerScript(dataDir), { timeout: BRIDGE_TIMEOUT_MS, execArgv: [] });
  }
  try {
    return bridge(request);
  } catch (error) {
    // synckit's own failure (the thread timed out or died): the database did not answer in time
    return { error: { name: 'StoreUnavailableError', message: '', fields: { reason: `no answer within ${BRIDGE_TIMEOUT_MS / 1000} s (${(error as Error).message.slice(0, 60)})` } } };
  }
}

/** Rebuilds a refusal as the class callers test for; anything unexpected stays an Error with its message. */
function rebuild({ name, message, fields }: { name: string; message: string; fields: Record<string, unknown> }): Error {
  switch (name) {
    case 'StoreUnavailableError':
      return new StoreUnavailableError(String(fields.reason ?? message));
    case 'QuotaExceededError':
      return new QuotaExceededError(fields.kind as keyof Quotas, fields.limit as number);
    case 'MissingRecordError':
      return new MissingRecordError(fields.what as 'patient' | 'run', fields.id as string | number);
    case 'WriteTooLargeError':
      return new WriteTooLargeError(fields.bytes as number);
    case 'InvalidValueError':
      return new InvalidValueError(message);
    default:
      return Object.assign(new Error(message), { name });
  }
}

type Method = keyof AsyncLibraryStore & string;

export class PostgresLibraryStore implements LibraryStore {
  private constructor(private readonly options: PostgresOptions & { quotas: Partial<Quotas> }) {}

  /**
   * Starts the bridge's thread now (so a run's first call does not pay for loading it) but connects only on
   * the first call; a database that is down then answers StoreUnavailableError.
   */
  static open(options: PostgresOptions & { quotas?: Partial<Quotas>; dataDir?: string }): PostgresLibraryStore {
    send({ warm: true }, options.dataDir);
    return new PostgresLibraryStore({ ...options, quotas: options.quotas ?? {} });
  }

  private call<T>(method: Method, ...args: unknown[]): T {
    const answer = send({ url: this.options.url, poolSize: this.options.poolSize, quotas: this.options.quotas, method, args });
    if ('error' in answer) throw rebuild(answer.error);
    return answer.value as T;
  }

  close(): void {
    if (bridge) send({ close: true });
  }

  installationSecret(): Buffer {
    // read on every use so an operator's rotation reaches every instance at once
    return Buffer.from(this.call<Uint8Array>('installationSecret'));
  }

  savePatient: LibraryStore['savePatient'] = (...a) => this.call('savePatient', ...a);
  getPatient: LibraryStore['getPatient'] = (...a) => this.call('getPatient', ...a);
  listPatients: LibraryStore['listPatients'] = (...a) => this.call('listPatients', ...a);
  startRun: LibraryStore['startRun'] = (...a) => this.call('startRun', ...a);
  endRun: LibraryStore['endRun'] = (...a) => this.call('endRun', ...a);
  getRun: LibraryStore['getRun'] = (...a) => this.call('getRun', ...a);
  listRuns: LibraryStore['listRuns'] = (...a) => this.call('listRuns', ...a);
  logIntervention: LibraryStore['logIntervention'] = (...a) => this.call('logIntervention', ...a);
  saveLab: LibraryStore['saveLab'] = (...a) => this.call('saveLab', ...a);
  getLabs: LibraryStore['getLabs'] = (...a) => this.call('getLabs', ...a);
  logAlert: LibraryStore['logAlert'] = (...a) => this.call('logAlert', ...a);
  logBilling: LibraryStore['logBilling'] = (...a) => this.call('logBilling', ...a);
  billingTotalCents: LibraryStore['billingTotalCents'] = (...a) => this.call('billingTotalCents', ...a);
  auditLog: LibraryStore['auditLog'] = (...a) => this.call('auditLog', ...a);
  appendAudit: LibraryStore['appendAudit'] = (stamp: AuditStamp, operation, target, outcome) => this.call('appendAudit', stamp, operation, target, outcome);
  storeStudyRecord: LibraryStore['storeStudyRecord'] = (...a) => this.call('storeStudyRecord', ...a);
  recordConsent: LibraryStore['recordConsent'] = (...a) => this.call('recordConsent', ...a);
  latestConsent: LibraryStore['latestConsent'] = (...a) => this.call('latestConsent', ...a);
}

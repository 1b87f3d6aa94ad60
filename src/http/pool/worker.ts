// A pool child: runs protocols with the engine entry point and answers over IPC. It exits when the
// parent goes away, so no orphan keeps running.
import { callFunction, checkCode, checkProtocol, runProtocol } from '../../engine/index.js';
import { StoreUnavailableError } from '../../store/errors.js';
import { constants, setPriority } from 'node:os';
import { installLibraryStore } from '../../engine/library-store.js';
import { openLibraryStore, storeLocation } from '../../store/index.js';
import { quotasFromEnv } from '../../store/quotas.js';
import { usePackDirectory } from '../../runtime/packs/active.js';
import { HttpError } from '../errors.js';
import { readRunBody } from '../request-body.js';
import type { RunOutcome } from '../../engine/types.js';
import { WORKER_ROLE_ARGUMENT, type PoolCallOutcome, type PoolCallRequest, type PoolRequest, type PoolResponse, type PoolRunTextRequest, type RunTextReply } from './messages.js';

if (!process.send) {
  process.stderr.write('cpes worker: must be started by the pool (no IPC channel)\n');
  process.exit(1);
}

// The data directory arrives as the one argument (after the role in the single executable); each run
// re-checks its pack index when it starts. The child opens the store itself: the directory's SQLite file
// (store/sqlite/library.ts says why) or, with CPES_STORE set by the pool, PostgreSQL through its bridge.
const [first, second] = process.argv.slice(2);
const dataDir = (first === WORKER_ROLE_ARGUMENT ? second : first) ?? null;
usePackDirectory(dataDir);
if (dataDir) installLibraryStore(openLibraryStore(storeLocation(process.env.CPES_STORE, dataDir), quotasFromEnv(process.env)));

process.on('disconnect', () => process.exit(0));
/** A library call; faults become outcomes the parent answers 503 or 500 (the fault itself is logged here, never sent). */
function call(message: PoolCallRequest): PoolCallOutcome {
  try {
    return callFunction(message.call, { organization: message.organization, requestId: message.requestId, actor: message.actor });
  } catch (error) {
    if (error instanceof StoreUnavailableError) return { kind: 'unavailable', message: error.reason };
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    process.stderr.write(`${JSON.stringify({ level: 'error', request_id: message.requestId, message: 'internal error in a library call', error: reason })}\n`);
    return { kind: 'internal' };
  }
}

/** The HTTP status of a run's outcome (api.md "Envelopes and errors"). */
const RUN_STATUS: Record<RunOutcome['kind'], number> = { ok: 200, runtime_error: 200, invalid: 400, timeout: 408, unavailable: 503 };

/** POST /v1/run from the body's text to the answer's text: a refused body gets the run envelope of its error. */
function runText(message: PoolRunTextRequest): RunTextReply {
  let request;
  try {
    request = readRunBody(message.body);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { kind: 'bad_request', status: error.status, json: JSON.stringify({ success: false, events: [], alerts: [], stats: {}, error: error.message, code: error.code }) };
  }
  const outcome = runProtocol(request.code, request.patient, { organization: message.organization, requestId: message.requestId, actor: message.actor, timeLimitMs: message.timeLimitMs });
  return { kind: outcome.kind, status: RUN_STATUS[outcome.kind], json: JSON.stringify(outcome.body) };
}

process.on('message', (message: PoolRequest) => {
  if (message.kind === 'check') {
    process.send!({ id: message.id, outcome: checkCode(message.code) } satisfies PoolResponse);
    return;
  }
  const outcome =
    message.kind === 'run_text'
      ? runText(message)
      : message.kind === 'call'
      ? call(message)
      : runProtocol(message.code, message.patient, { organization: message.organization, requestId: message.requestId, actor: message.actor, timeLimitMs: message.timeLimitMs });
  const reply: PoolResponse = { id: message.id, outcome };
  process.send!(reply);
});
// Runs yield the CPU to the server process, so /health and the HTTP layer keep answering while protocols compute.
setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
// Before taking work, so that no one-time cost counts against a run's or a call's time limit: the parser's
// analysis, and OpenChemLib's first molecule, which initialises its tables (about a second; several on a busy machine).
checkProtocol('protocol Warm {}');
callFunction({ module: 'chem', function: 'from_smiles', args: ['C'] });
process.send({ ready: true });

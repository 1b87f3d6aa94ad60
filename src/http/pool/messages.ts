// What the pool and its children say to each other over IPC.
import type { CallRequest } from '../../engine/call.js';
import type { CallOutcome, CheckEnvelope, RunOutcome } from '../../engine/types.js';
import type { JsonValue } from '../../runtime/modules/types.js';

interface RequestCommon {
  id: number;
  organization: string;
  requestId: string;
  /** the key's display prefix, for the library audit trail */
  actor: string;
  /** the pool's run timeout: the child stops the run itself just before it */
  timeLimitMs: number;
}

export interface PoolRunRequest extends RequestCommon {
  kind: 'run';
  code: string;
  patient: Record<string, JsonValue> | undefined;
}

/**
 * POST /v1/run as the client sent it: the body's raw JSON text, parsed and validated in the child, so the
 * parent never parses, walks or (de)serialises a protocol body (issue 30).
 */
export interface PoolRunTextRequest extends RequestCommon {
  kind: 'run_text';
  body: string;
}

/**
 * The answer to a `run_text`: the HTTP status and the envelope as JSON text, which the parent writes as it
 * is. `bad_request` is a body the endpoint refuses (400 or 413) before anything ran (not a run, so not in the runs metric).
 */
export interface RunTextReply {
  kind: RunOutcome['kind'] | 'bad_request';
  status: number;
  json: string;
}

/** POST /v1/check: the protocol's diagnostics, nothing run; in a child, since parsing a long protocol would hold the server's event loop. */
export interface PoolCheckRequest extends RequestCommon {
  kind: 'check';
  code: string;
}

/** One library call (POST /v1/call): run in a child like a protocol, so no call can hold the server's event loop. */
export interface PoolCallRequest extends RequestCommon {
  kind: 'call';
  call: CallRequest;
}

export type PoolRequest = PoolRunRequest | PoolRunTextRequest | PoolCheckRequest | PoolCallRequest;

/** A call that failed inside the child: the store was unreachable, or an internal fault (logged by the child). */
export type PoolCallOutcome = CallOutcome | { kind: 'unavailable'; message: string } | { kind: 'internal' };

export interface PoolResponse {
  id: number;
  /** a RunOutcome for a run, a RunTextReply for a run_text, a CheckEnvelope for a check, a PoolCallOutcome for a call */
  outcome: RunOutcome | RunTextReply | CheckEnvelope | PoolCallOutcome;
}

/** The argument that starts the single executable as a pool child (a SEA runs its own main script, whatever script `fork` names). */
export const WORKER_ROLE_ARGUMENT = '__pool-worker';

// What the pool and its children say to each other over IPC.
import type { CheckEnvelope, RunOutcome } from '../../engine/types.js';
import type { JsonValue } from '../../runtime/modules/types.js';

export interface PoolRequest {
  id: number;
  /** run the protocol, or only check it (POST /v1/check: parsing a long protocol would hold the server's event loop) */
  task: 'run' | 'check';
  code: string;
  patient: Record<string, JsonValue> | undefined;
  organization: string;
  requestId: string;
  /** the key's display prefix, for the library audit trail */
  actor: string;
  /** the pool's run timeout: the child stops the run itself just before it */
  timeLimitMs: number;
}

export interface PoolResponse {
  id: number;
  /** a RunOutcome for a run, a CheckEnvelope for a check */
  outcome: RunOutcome | CheckEnvelope;
}

/** The argument that starts the single executable as a pool child (a SEA runs its own main script, whatever script `fork` names). */
export const WORKER_ROLE_ARGUMENT = '__pool-worker';

// A pool child: runs protocols with the engine entry point and answers over IPC. It exits when the
// parent goes away, so no orphan keeps running.
import { runProtocol } from '../../engine/index.js';
import type { PoolRequest, PoolResponse } from './messages.js';

if (!process.send) {
  process.stderr.write('cpes worker: must be started by the pool (no IPC channel)\n');
  process.exit(1);
}

process.on('disconnect', () => process.exit(0));
process.on('message', (message: PoolRequest) => {
  const outcome = runProtocol(message.code, message.patient, { organization: message.organization, requestId: message.requestId, timeLimitMs: message.timeLimitMs });
  const reply: PoolResponse = { id: message.id, outcome };
  process.send!(reply);
});
process.send({ ready: true });

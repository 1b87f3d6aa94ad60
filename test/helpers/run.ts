// Runs a protocol through the engine entry point and reads what its `let` statements bound.
import { expect } from 'chai';
import { runProtocol } from '../../src/engine/index.js';

/** The last value each `let` bound, by name; the run must succeed. */
export function runLets(code: string, patient?: Record<string, unknown>): Record<string, any> {
  const { kind, body } = runProtocol(code, patient as never);
  expect(kind, body.error ?? '').to.equal('ok');
  const out: Record<string, any> = {};
  for (const e of body.events) if (e.kind === 'let') out[e.name as string] = e.value;
  return out;
}

/** The runtime error message of a run that must fail at run time. */
export function runError(code: string, patient?: Record<string, unknown>): string {
  const { kind, body } = runProtocol(code, patient as never);
  expect(kind, JSON.stringify(body.events)).to.equal('runtime_error');
  return body.error!;
}

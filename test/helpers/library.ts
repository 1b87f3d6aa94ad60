// Calls a library function through the engine's /call entry point, as the HTTP layer does.
import { expect } from 'chai';
import { callFunction } from '../../src/engine/call.js';

export function libraryOf(module: string) {
  return {
    /** the result of a call that must succeed */
    call(fn: string, ...args: unknown[]): any {
      const outcome = callFunction({ module, function: fn, args: args as never[] });
      if (outcome.kind !== 'ok') throw new Error(outcome.body.error!);
      return outcome.body.result;
    },
    /** the argument-error message of a call that must fail */
    error(fn: string, ...args: unknown[]): string {
      const outcome = callFunction({ module, function: fn, args: args as never[] });
      expect(outcome.kind, JSON.stringify(outcome.body.result)).to.equal('invalid');
      return outcome.body.error!;
    },
  };
}

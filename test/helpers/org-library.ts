// Calls library functions as one organization, through the engine's /call entry point, on a given store.
import { expect } from 'chai';
import { callFunction } from '../../src/engine/call.js';
import type { LibraryStore } from '../../src/store/library.js';

export function orgLibrary(store: LibraryStore, organization: string, now?: () => Date) {
  const options = { organization, store, actor: `key-of-${organization}`, now };
  return {
    /** the result of a call that must succeed */
    call(module: string, fn: string, ...args: unknown[]): any {
      const outcome = callFunction({ module, function: fn, args: args as never[] }, options);
      if (outcome.kind !== 'ok') throw new Error(outcome.body.error!);
      return outcome.body.result;
    },
    /** the argument-error message of a call that must fail */
    error(module: string, fn: string, ...args: unknown[]): string {
      const outcome = callFunction({ module, function: fn, args: args as never[] }, options);
      expect(outcome.kind, JSON.stringify(outcome.body.result)).to.equal('invalid');
      return outcome.body.error!;
    },
  };
}

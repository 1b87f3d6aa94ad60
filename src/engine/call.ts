// POST /v1/call through the registry: one call is one run (modules.md §1.7–§1.8).
import { registry } from '../runtime/modules/index.js';
import { createContext } from '../runtime/modules/context.js';
import { ArgumentError, type JsonValue } from '../runtime/modules/types.js';
import { seedFromText } from '../util/random.js';
import { libraryStore } from './library-store.js';
import type { CallOutcome, EngineOptions } from './types.js';

export interface CallRequest {
  module: string;
  function: string;
  args?: JsonValue[];
  kwargs?: Record<string, JsonValue>;
}

export function callFunction(request: CallRequest, options: EngineOptions = {}): CallOutcome {
  const fn = registry.resolve(request.module, request.function);
  if (!fn) return invalid(registry.describeUnknown(request.module, request.function));
  const args = request.args ?? [];
  const kwargs = request.kwargs ?? {};
  const context = createContext({
    source: 'call',
    organization: options.organization,
    requestId: options.requestId,
    now: options.now,
    actor: options.actor,
    store: () => options.store ?? libraryStore(),
    seed: () => seedFromText(JSON.stringify([request.module, request.function, args, kwargs])),
  });
  try {
    const result = registry.invoke(fn, args, kwargs, context);
    return { kind: 'ok', body: { success: true, result, error: null } };
  } catch (error) {
    if (error instanceof ArgumentError) return invalid(error.message);
    throw error;
  }
}

function invalid(message: string): CallOutcome {
  return { kind: 'invalid', body: { success: false, result: null, error: message, code: 'invalid_request' } };
}

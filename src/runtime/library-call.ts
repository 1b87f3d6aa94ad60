// The one boundary between a protocol and the library (language.md §9): arguments become plain JSON
// (quantities converted to the declared unit, decimals to the nearest double), the registry validates
// them against the declared schema and bounds and checks the result, and anything a function throws
// beyond an argument error is reported as a fault of that function with the arguments it was given.
import { toLibraryArgument } from './library-arguments.js';
import type { Registry, RegisteredFunction } from './modules/registry.js';
import { ArgumentError, type CallContext, type JsonValue } from './modules/types.js';
import { fromJson, type Value } from './values.js';

/** A library function failed on arguments it accepted: a defect of the library, reported where the protocol called it. */
export class LibraryFault extends Error {
  override name = 'LibraryFault';
  constructor(
    message: string,
    /** what the function threw, for the service log */
    readonly fault: unknown,
  ) {
    super(message);
  }
}

const SHOWN_LENGTH = 40;

function shown(value: JsonValue): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH - 1)}…` : text;
}

/** `argument 1 'drug' = "vancomycin", argument 2 'dose' = 512` */
function describeArguments(fn: RegisteredFunction, args: readonly JsonValue[]): string {
  return args.map((a, i) => `argument ${i + 1}${fn.params[i] ? ` '${fn.params[i]!.name}'` : ''} = ${shown(a)}`).join(', ') || 'no arguments';
}

/** Calls `fn` with protocol values; throws ArgumentError for what the protocol must fix and LibraryFault for a library defect. */
export function callLibrary(registry: Registry, fn: RegisteredFunction, values: readonly Value[], ctx: CallContext): Value {
  const label = `${fn.module}.${fn.name}`;
  return fromJson(callLibraryJson(registry, fn, values.map((v, i) => toLibraryArgument(v, fn.params[i], label, i)), ctx));
}

/** Calls `fn` with JSON arguments the runtime built itself (assess), under the same rules. */
export function callLibraryJson(registry: Registry, fn: RegisteredFunction, args: readonly JsonValue[], ctx: CallContext): JsonValue {
  try {
    return registry.invoke(fn, args, {}, ctx);
  } catch (error) {
    if (error instanceof ArgumentError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new LibraryFault(`${fn.module}.${fn.name}: internal error of the library for ${describeArguments(fn, args)} (${reason}); please report it`, error);
  }
}

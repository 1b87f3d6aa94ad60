// What compiled closures run against: the run's shared state and one frame per scope invocation.
import type { Span } from '../diagnostic.js';
import { RuntimeError } from '../runtime/errors.js';
import type { RunLog } from '../runtime/log.js';
import type { CallContext } from '../runtime/modules/types.js';
import { OperandError } from '../runtime/operators.js';
import type { RecordValue, Value } from '../runtime/values.js';
import { ArgumentError } from '../runtime/modules/types.js';
import { LibraryFault } from '../runtime/library-call.js';

/** A slot whose `let` has not run yet. */
export const UNSET: unique symbol = Symbol('unset');
export type Slot = Value | typeof UNSET;

export const MAX_CALL_DEPTH = 200;

/** State shared by every protocol and function call of one run. */
export interface Run {
  log: RunLog;
  ctx: CallContext;
  depth: number;
  /** the request's patient as a record (bound by `input: Patient p;`) */
  patient: RecordValue;
  /** performance.now() time at which the run stops itself; Infinity when it has no limit */
  deadline: number;
  /** user-function calls so far, so the deadline is checked on every 64th */
  calls: number;
}

/** Loops check the clock every 1024 iterations, function calls every 64 and library calls each time: cheap, and well inside the margin before the hard limit. */
export const DEADLINE_STRIDE = 1023;
export const CALL_DEADLINE_STRIDE = 63;

/** The run reached its deadline at a loop back-edge or a function entry (not an error of the protocol). */
export class TimeLimitReached extends Error {
  override name = 'TimeLimitReached';
  constructor(
    readonly line: number,
    /** `while loop`, `for loop`, `function 'f'`, `med.lab.interpret` */
    readonly construct: string,
  ) {
    super(`stopped at line ${line} (${construct})`);
  }
}

export function checkDeadline(run: Run, line: number, construct: string): void {
  if (performance.now() >= run.deadline) throw new TimeLimitReached(line, construct);
}

export interface Frame {
  slots: Slot[];
  /** the value of the last `return` */
  ret: Value;
  run: Run;
}

/** Evaluates an expression. */
export type Eval = (f: Frame) => Value;
/** Executes a statement; true means a `return` ran and the function must stop. */
export type Exec = (f: Frame) => boolean;

/** Gives an operator or library error the position of the construct that raised it. */
export function located(error: unknown, at: Span): unknown {
  if (error instanceof OperandError || error instanceof ArgumentError) return new RuntimeError(error.message, at);
  if (error instanceof LibraryFault) return new RuntimeError(error.message, at, error.fault);
  return error;
}

/**
 * Any other error a statement raises is a defect of the engine, not of the protocol: it still stops the
 * run at that statement with every event logged before it (stack overflows and the time limit pass on
 * to the run, which answers them itself).
 */
export function asStatementError(error: unknown, at: Span): unknown {
  if (error instanceof RuntimeError || error instanceof TimeLimitReached) return error;
  if (error instanceof RangeError && /call stack/i.test(error.message)) return error;
  const positioned = located(error, at);
  if (positioned !== error) return positioned;
  return new RuntimeError('internal error while running this statement; the service log has the details', at, error);
}

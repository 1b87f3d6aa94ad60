// What compiled closures run against: the run's shared state and one frame per scope invocation.
import type { Span } from '../diagnostic.js';
import { RuntimeError } from '../runtime/errors.js';
import type { RunLog } from '../runtime/log.js';
import type { CallContext } from '../runtime/modules/types.js';
import { OperandError } from '../runtime/operators.js';
import type { RecordValue, Value } from '../runtime/values.js';
import { ArgumentError } from '../runtime/modules/types.js';

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
  return error;
}

// A result computed from extreme but schema-valid inputs (1e-300 as a divisor) can overflow; that is the
// caller's input, so it is an argument error naming the inputs, never a crash or Infinity (modules.md §1.2).
import { ArgumentError } from '../types.js';

export function requireFinite(value: number, label: string, inputs: string): number {
  if (!Number.isFinite(value)) throw new ArgumentError(`${label}: ${inputs} give a result too large to represent; check their units and size`);
  return value;
}

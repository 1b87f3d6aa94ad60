// Sex normalisation (modules.md §1.4): M/F/male/female in any case, trimmed; anything else is an error.
import { ArgumentError } from '../types.js';

/** `label` is `<module>.<function>`; `what` names the parameter or patient field for the message. */
export function normalizeSex(value: unknown, label: string, what: string): 'M' | 'F' {
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === 'm' || v === 'male') return 'M';
    if (v === 'f' || v === 'female') return 'F';
  }
  const shown = value === undefined ? 'nothing' : JSON.stringify(value);
  throw new ArgumentError(`${label}: ${what} must be 'M', 'F', 'male' or 'female', got ${shown}`);
}

// Fields of declared library results (language.md §9): `r.levle` where `r` holds a result whose
// declaration has no field `levle` is a compile error, so authors learn the fields before running.
import type { ValueSpec } from '../../runtime/modules/types.js';
import { nearestName } from '../../util/names.js';

/** A value the checker knows the declared type of, and how a message names it. */
export interface KnownResult {
  spec: ValueSpec;
  /** `the result of med.pk.check_dose`, `the result of med.pk.check_dose's field 'dose_check'` */
  label: string;
}

const KIND_NAMES: Record<string, string> = { number: 'a number', integer: 'a whole number', string: 'a string', boolean: 'true or false', array: 'a list' };

/** Why `.property` cannot be read from the value, with the nearest declared field; null when it can (or cannot be known). */
export function fieldProblem(known: KnownResult, property: string): { message: string; suggestion: string | null } | null {
  const { spec, label } = known;
  const kinds = Array.isArray(spec.type) ? spec.type : [spec.type];
  if (kinds.includes('any') || kinds.includes('null')) return null;
  if (spec.values) return null; // a record keyed by data may hold any key
  if (spec.fields) {
    const names = spec.fields.map((f) => f.name);
    if (names.includes(property)) return null;
    const near = nearestName(property, names);
    return { message: `${label} has no field '${property}'` + (near ? `; did you mean '${near}'?` : `; its fields: ${names.join(', ')}`), suggestion: near };
  }
  if (kinds.includes('object')) return null;
  const kind = kinds.map((k) => KIND_NAMES[k] ?? k).join(' or ');
  return { message: `${label} is ${kind}, which has no field '${property}'`, suggestion: null };
}

// Builders of declared result fields (types.ts ResultField), one set for every module's results.ts, so
// that a field's shape is written once and every module declares its fields the same way.
import type { ResultField, ValueSpec } from '../types.js';

/** A string field; `extra` adds what else it declares (`enum`, `unit`). */
export const text = (name: string, description: string, extra: Partial<ResultField> = {}): ResultField => ({ name, type: 'string', description, ...extra });

/** A string field that takes one of `values`. */
export const oneOf = (name: string, description: string, values: readonly string[]): ResultField => text(name, description, { enum: values });

/** A string field with one value, said in its description (`always \`ADAG\``). */
export const always = (name: string, value: string): ResultField => text(name, `always \`${value}\``, { enum: [value] });

/** A string field that may be null. */
export const maybeText = (name: string, description: string, extra: Partial<ResultField> = {}): ResultField => ({ name, type: ['string', 'null'], description, ...extra });

/** A number field in `unit` (null for a plain number). */
export const num = (name: string, unit: string | null, description: string, extra: Partial<ResultField> = {}): ResultField => ({
  name,
  type: 'number',
  description,
  ...(unit !== null && { unit }),
  ...extra,
});

/** A whole-number field. */
export const int = (name: string, description: string, extra: Partial<ResultField> = {}): ResultField => ({ name, type: 'integer', description, ...extra });

/** A true-or-false field. */
export const flag = (name: string, description: string): ResultField => ({ name, type: 'boolean', description });

/** A record value: an object with declared fields. */
export const record = (description: string, fields: ResultField[]): ValueSpec => ({ type: 'object', description, fields });

/** A record's `type` tag declared by hand, for field lists that are also nested in other results (a top-level record gets it from its declaration). */
export const tag = (value: string): ResultField => text('type', 'the kind of record', { enum: [value] });

/** A list item that is a string. */
export const strings = (description: string): ValueSpec => ({ type: 'string', description });

/** A list of strings, each described by `item`. */
export const names = (name: string, description: string, item: string): ResultField => ({ name, type: 'array', items: strings(item), description });

/** A list of numbers, each described by `description` (in `unit` when given). */
export const numbers = (description: string, unit?: string): ValueSpec => ({ type: 'number', description, ...(unit && { unit }) });

/** The same field, null in answers where it has no value. */
export const orNull = (field: ResultField): ResultField => ({ ...field, type: [...(Array.isArray(field.type) ? field.type : [field.type as string]), 'null'] as ResultField['type'] });

/** The same field, absent from answers where it does not apply. */
export const optional = (field: ResultField): ResultField => ({ ...field, optional: true });

/** A lookup's `found`: false for a name its table does not hold (the answer then carries suggestions). */
export const found = (what: string): ResultField => ({ name: 'found', type: 'boolean', description: `false for ${what} not in the table` });

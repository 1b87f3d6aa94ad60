// What the checker can know about a value without running it: the kind of a literal, and whether
// that kind fits a type annotation (language.md §6 "Types").
import type { Expr, TypeDef } from '../../parser/ast.js';

/** Type names every program knows, with the value kind each accepts. */
export const BUILTIN_TYPES: Readonly<Record<string, LiteralKind | 'any' | 'record'>> = Object.freeze({
  int: 'number',
  float: 'number',
  number: 'number',
  str: 'string',
  string: 'string',
  bool: 'boolean',
  list: 'list',
  any: 'any',
  Patient: 'record',
});

export type LiteralKind = 'number' | 'string' | 'boolean' | 'null' | 'list' | 'record';

/** The kind of a literal expression, or null when only running it can tell. */
export function literalKind(expr: Expr): { kind: LiteralKind; typeName?: string } | null {
  switch (expr.kind) {
    case 'Number':
      return { kind: 'number' };
    case 'Unary':
      return expr.op === '-' && expr.operand.kind === 'Number' ? { kind: 'number' } : null;
    case 'String':
      return { kind: 'string' };
    case 'Boolean':
      return { kind: 'boolean' };
    case 'Null':
      return { kind: 'null' };
    case 'List':
      return { kind: 'list' };
    case 'Map':
      return { kind: 'record' };
    case 'Construct':
      return { kind: 'record', typeName: expr.typeName };
    default:
      return null;
  }
}

/** Describes a literal kind for messages: "a string", "a Vitals record". */
export function describeKind(found: { kind: LiteralKind; typeName?: string }): string {
  if (found.typeName) return `a ${found.typeName} record`;
  return { number: 'a number', string: 'a string', boolean: 'a boolean', null: 'null', list: 'a list', record: 'a record' }[found.kind];
}

/**
 * Whether a literal fits the annotated type. `types` are the program's type definitions; a user type
 * accepts its own constructor or one of a type that extends it. null fits every type (the default of an
 * unset field).
 */
export function literalFits(typeName: string, found: { kind: LiteralKind; typeName?: string }, types: ReadonlyMap<string, TypeDef>): boolean {
  if (found.kind === 'null') return true;
  const builtin = BUILTIN_TYPES[typeName];
  if (builtin === 'any') return true;
  if (builtin) return builtin === found.kind;
  if (!types.has(typeName)) return true; // unknown types are reported on their own
  if (found.typeName === undefined) return false;
  for (let t: string | null = found.typeName, guard = 0; t && guard < 100; guard++) {
    if (t === typeName) return true;
    t = types.get(t)?.parent ?? null;
  }
  return false;
}

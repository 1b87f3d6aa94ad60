// Expressions → closures. Names are resolved to frame slots here, once; running never looks a name up.
import type { Span } from '../diagnostic.js';
import type * as A from '../parser/ast.js';
import { RuntimeError } from '../runtime/errors.js';
import type { Registry } from '../runtime/modules/registry.js';
import { BuiltinArgumentError, BUILTINS } from '../runtime/builtins.js';
import { callLibrary } from '../runtime/library-call.js';
import { compareNum, equalNum, isNum, minus, NumberRangeError, parseNumber, plus, times } from '../runtime/numbers.js';
import { add, compare, contains, convert, divide, equals, MAX_LIST_LENGTH, multiply, negate, notBooleanError, OperandError, remainder, subtract, wholeNumber } from '../runtime/operators.js';
import { hasField, isRecord, kindOf, makeRecord, Quantity, recordType, type RecordValue, type Value } from '../runtime/values.js';
import { parseUnit } from '../units/index.js';
import { BUILTIN_TYPES } from './check/types.js';
import { CALL_DEADLINE_STRIDE, checkDeadline, located, MAX_CALL_DEPTH, UNSET, type Eval, type Exec, type Frame } from './frame.js';

export { MAX_LIST_LENGTH };

/** A user function, linked by name so that functions may call each other and themselves. */
export interface FunctionCode {
  name: string;
  paramTypes: (string | null)[];
  frameSize: number;
  body: Exec;
}

export interface TypeCode {
  name: string;
  /** every field of the type and its ancestors, ancestors first */
  fields: { name: string; typeName: string; defaultValue: Eval | null }[];
}

/** The names one scope binds, each to a slot. */
export class Scope {
  readonly slots = new Map<string, number>();
  constructor(names: Iterable<string>) {
    for (const name of names) if (!this.slots.has(name)) this.slots.set(name, this.slots.size);
  }
  get size(): number {
    return this.slots.size;
  }
}

export interface ProgramTables {
  functions: Map<string, FunctionCode>;
  types: Map<string, TypeCode>;
  registry: Registry;
}

/** Whether a value fits a type annotation (language.md §6 "Types"); null fits every type. */
export function fitsType(value: Value, typeName: string, types: Map<string, TypeCode>, parents: Map<string, string | null>): boolean {
  if (value === null) return true;
  const builtin = BUILTIN_TYPES[typeName];
  switch (builtin) {
    case 'any':
      return true;
    case 'number':
      return isNum(value) || value instanceof Quantity;
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'list':
      return Array.isArray(value);
    case 'record':
      return isRecord(value);
    default:
      break;
  }
  if (!types.has(typeName) || !isRecord(value)) return false;
  for (let t = recordType(value); t; t = parents.get(t) ?? undefined) if (t === typeName) return true;
  return false;
}

export function checkType(value: Value, typeName: string, what: string, at: Span, tables: ProgramTables, parents: Map<string, string | null>): void {
  if (!fitsType(value, typeName, tables.types, parents)) {
    throw new RuntimeError(`${what} is declared '${typeName}' but got ${kindOf(value)}`, at);
  }
}

/** Text of a simple access path for messages (`p.creatinine`), or null. */
export function pathText(e: A.Expr): string | null {
  if (e.kind === 'Name') return e.name;
  if (e.kind === 'Member') {
    const head = pathText(e.object);
    return head === null ? null : `${head}.${e.property}`;
  }
  return null;
}

export class ExpressionCompiler {
  constructor(
    private readonly tables: ProgramTables,
    private readonly parents: Map<string, string | null>,
    /** records that are the run's patient, for the "send it in the patient object" message */
    private readonly isPatient: (r: RecordValue) => boolean,
  ) {}

  compile(e: A.Expr, scope: Scope): Eval {
    switch (e.kind) {
      case 'Number': {
        const number = parseNumber(e.text);
        if (number === null) throw new Error(`unchecked number ${e.text}`);
        const value: Value = e.unit === null ? number : Quantity.of(number, e.unit);
        return () => value;
      }
      case 'String':
      case 'Boolean': {
        const value = e.value;
        return () => value;
      }
      case 'Null':
        return () => null;
      case 'Name':
        return this.name(e, scope);
      case 'List':
        return this.list(e, scope);
      case 'Map':
        return this.map(e, scope);
      case 'Construct':
        return this.construct(e, scope);
      case 'Member':
        return this.member(e, scope);
      case 'Index':
        return this.index(e, scope);
      case 'Call':
        return this.call(e, scope);
      case 'Unary':
        return this.unary(e, scope);
      case 'Binary':
        return this.binary(e, scope);
      case 'Convert':
        return this.convert(e, scope);
    }
  }

  private convert(e: A.Convert, scope: Scope): Eval {
    const value = this.compile(e.value, scope);
    const unit = parseUnit(e.unit);
    if (!unit) throw new Error(`unchecked unit ${e.unit}`);
    return (f) => {
      try {
        return convert(value(f), unit);
      } catch (error) {
        throw located(error, e);
      }
    };
  }

  private name(e: A.NameRef, scope: Scope): Eval {
    const slot = scope.slots.get(e.name);
    if (slot === undefined) throw new Error(`unchecked name ${e.name}`);
    const name = e.name;
    return (f) => {
      const v = f.slots[slot]!;
      if (v === UNSET) throw new RuntimeError(`'${name}' is read before any value was given to it`, e);
      return v;
    };
  }

  private list(e: A.ListLiteral, scope: Scope): Eval {
    const items = e.elements.map((x) => this.compile(x, scope));
    if (items.length > MAX_LIST_LENGTH) throw new RuntimeError(`a list holds at most ${MAX_LIST_LENGTH} elements`, e);
    return (f) => items.map((item) => item(f));
  }

  private map(e: A.MapLiteral, scope: Scope): Eval {
    const entries = e.entries.map((entry) => [entry.key, this.compile(entry.value, scope)] as const);
    return (f) => {
      const record = makeRecord();
      for (const [key, value] of entries) record[key] = value(f);
      return record;
    };
  }

  private construct(e: A.Construct, scope: Scope): Eval {
    const type = this.tables.types.get(e.typeName);
    if (!type) throw new Error(`unchecked type ${e.typeName}`);
    const given = new Map(e.fields.map((field) => [field.name, { eval: this.compile(field.value, scope), at: field as Span }]));
    return (f) => {
      const record = makeRecord(type.name);
      for (const field of type.fields) {
        const explicit = given.get(field.name);
        const value = explicit ? explicit.eval(f) : field.defaultValue ? field.defaultValue(emptyFrame(f)) : null;
        checkType(value, field.typeName, `field '${field.name}' of ${type.name}`, explicit?.at ?? e, this.tables, this.parents);
        record[field.name] = value;
      }
      return record;
    };
  }

  /** `optional`: the field of a `== null` test, which is null when the record lacks it (language.md §5). */
  private member(e: A.Member, scope: Scope, optional = false): Eval {
    const object = this.compile(e.object, scope);
    const property = e.property;
    const path = pathText(e.object);
    return (f) => {
      const target = object(f);
      if (!isRecord(target)) throw new RuntimeError(`cannot read field '${property}' of ${describeTarget(target)}`, e.propertySpan);
      if (hasField(target, property)) return target[property]!;
      if (optional) return null;
      if (this.isPatient(target) && path !== null) {
        throw new RuntimeError(`${path}.${property} is not set; send it in the patient object`, e.propertySpan);
      }
      const fields = Object.keys(target);
      throw new RuntimeError(`no field '${property}'${path ? ` in ${path}` : ''}; its fields are: ${fields.join(', ') || 'none'}`, e.propertySpan);
    };
  }

  private index(e: A.Index, scope: Scope, optional = false): Eval {
    const object = this.compile(e.object, scope);
    const index = this.compile(e.index, scope);
    return (f) => {
      const target = object(f);
      const key = index(f);
      if (Array.isArray(target)) {
        const position = wholeNumber(key);
        if (position === null) throw new RuntimeError(`a list index must be a whole number, got ${isNum(key) ? String(key) : kindOf(key)}`, e.index);
        if (position < 0 || position >= target.length) throw new RuntimeError(`index ${position} is outside the list (0 to ${target.length - 1})`, e.index);
        return target[position]!;
      }
      if (isRecord(target)) {
        if (typeof key !== 'string') throw new RuntimeError(`a record is indexed by a string key, got ${kindOf(key)}`, e.index);
        if (!hasField(target, key) && optional) return null;
        if (!hasField(target, key)) throw new RuntimeError(`no key ${JSON.stringify(key)}; the keys are: ${Object.keys(target).join(', ') || 'none'}`, e.index);
        return target[key]!;
      }
      throw new RuntimeError(`cannot index ${describeTarget(target)}`, e);
    };
  }

  /** `med.m.f(...)` when the callee is a library path; null otherwise. */
  libraryTarget(e: A.Call): { module: string; name: string } | null {
    const path = pathText(e.callee);
    if (path === null) return null;
    const parts = path.split('.');
    return parts.length === 3 && parts[0] === 'med' ? { module: parts[1]!, name: parts[2]! } : null;
  }

  private call(e: A.Call, scope: Scope): Eval {
    const args = e.args.map((a) => this.compile(a, scope));
    const library = e.callee.kind === 'Member' ? this.libraryTarget(e) : null;
    if (library) {
      const registry = this.tables.registry;
      const fn = registry.resolve(library.module, library.name);
      if (!fn) throw new Error(`unchecked library function ${library.module}.${library.name}`);
      return (f) => {
        // a library call can be slow, so each one checks the deadline
        checkDeadline(f.run, e.line, `med.${library.module}.${library.name}`);
        const values = args.map((a) => a(f));
        try {
          f.run.ctx.line = e.line; // for the audit trail of db and research
          return callLibrary(registry, fn, values, f.run.ctx);
        } catch (error) {
          throw located(error, e);
        }
      };
    }
    if (e.callee.kind !== 'Name') throw new Error('unchecked call target');
    const code = this.tables.functions.get(e.callee.name);
    if (!code) return this.builtinCall(e, e.callee.name, args);
    return (f) => {
      const run = f.run;
      if ((++run.calls & CALL_DEADLINE_STRIDE) === 0) checkDeadline(run, e.line, `function '${code.name}'`);
      if (run.depth >= MAX_CALL_DEPTH) throw new RuntimeError(`call depth limit of ${MAX_CALL_DEPTH} exceeded in '${code.name}' (runaway recursion?)`, e);
      const frame: Frame = { slots: new Array(code.frameSize).fill(UNSET), ret: null, run };
      for (let i = 0; i < args.length; i++) {
        const value = args[i]!(f);
        const type = code.paramTypes[i];
        if (type) checkType(value, type, `argument ${i + 1} of '${code.name}'`, e.args[i]!, this.tables, this.parents);
        frame.slots[i] = value;
      }
      run.depth++;
      try {
        code.body(frame);
      } finally {
        run.depth--;
      }
      return frame.ret;
    };
  }

  /** `round(x, 1)`, `max(a, b)`, `len(xs)`: an error names the function, at the argument it concerns when it names one. */
  private builtinCall(e: A.Call, name: string, args: Eval[]): Eval {
    const builtin = BUILTINS.get(name);
    if (!builtin) throw new Error(`unchecked function ${name}`);
    return (f) => {
      const values = args.map((a) => a(f));
      try {
        return builtin.apply(values);
      } catch (error) {
        if (error instanceof NumberRangeError) throw new RuntimeError(`${name}: the result is not a finite number`, e);
        if (error instanceof OperandError) throw new RuntimeError(error.message, (error instanceof BuiltinArgumentError && e.args[error.argument]) || e);
        throw error;
      }
    };
  }

  /** A field read that yields null instead of an error when the record lacks the field. */
  private maybeAbsent(e: A.Expr, scope: Scope): Eval {
    if (e.kind === 'Member') return this.member(e, scope, true);
    if (e.kind === 'Index') return this.index(e, scope, true);
    return this.compile(e, scope);
  }

  private unary(e: A.Unary, scope: Scope): Eval {
    const operand = this.compile(e.operand, scope);
    if (e.op === 'not') {
      return (f) => {
        const v = operand(f);
        if (v === true) return false;
        if (v === false) return true;
        throw located(notBooleanError(v, "the operand of 'not'"), e);
      };
    }
    return (f) => {
      const v = operand(f);
      try {
        return negate(v);
      } catch (error) {
        throw located(error, e);
      }
    };
  }

  private binary(e: A.Binary, scope: Scope): Eval {
    // `p.x == null` is a test of whether the field was sent, so that side may be absent
    const nullTest = e.op === '==' || e.op === '!=';
    const left = nullTest && e.right.kind === 'Null' ? this.maybeAbsent(e.left, scope) : this.compile(e.left, scope);
    const right = nullTest && e.left.kind === 'Null' ? this.maybeAbsent(e.right, scope) : this.compile(e.right, scope);
    const at: Span = e;
    switch (e.op) {
      case 'and':
        return (f) => {
          const a = left(f);
          if (a === false) return false;
          if (a !== true) throw located(notBooleanError(a, "the left side of 'and'"), at);
          const b = right(f);
          if (typeof b !== 'boolean') throw located(notBooleanError(b, "the right side of 'and'"), at);
          return b;
        };
      case 'or':
        return (f) => {
          const a = left(f);
          if (a === true) return true;
          if (a !== false) throw located(notBooleanError(a, "the left side of 'or'"), at);
          const b = right(f);
          if (typeof b !== 'boolean') throw located(notBooleanError(b, "the right side of 'or'"), at);
          return b;
        };
      case '+':
        return numeric(left, right, at, plus, add);
      case '-':
        return numeric(left, right, at, minus, subtract);
      case '*':
        return numeric(left, right, at, times, multiply);
      case '/':
        return numeric(left, right, at, null, divide);
      case '%':
        return numeric(left, right, at, null, remainder);
      case 'in':
        return (f) => {
          const a = left(f);
          const b = right(f);
          try {
            return contains(b, a);
          } catch (error) {
            throw located(error, at);
          }
        };
      case '<':
      case '<=':
      case '>':
      case '>=': {
        const op = e.op;
        return (f) => {
          const a = left(f);
          const b = right(f);
          if (isNum(a) && isNum(b)) {
            const c = compareNum(a, b);
            return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
          }
          try {
            return compare(op, a, b);
          } catch (error) {
            throw located(error, at);
          }
        };
      }
      case '==':
      case '!=': {
        const negated = e.op === '!=';
        return (f) => {
          const a = left(f);
          const b = right(f);
          if (isNum(a) && isNum(b)) return equalNum(a, b) !== negated;
          try {
            return equals(a, b) !== negated;
          } catch (error) {
            throw located(error, at);
          }
        };
      }
    }
  }
}

/** Arithmetic with a fast path for two plain numbers; anything else goes through the checked operator, which names every error. */
function numeric(left: Eval, right: Eval, at: Span, fast: ((a: number, b: number) => Value) | null, slow: (a: Value, b: Value) => Value): Eval {
  return (f) => {
    const a = left(f);
    const b = right(f);
    if (fast !== null && typeof a === 'number' && typeof b === 'number') {
      try {
        return fast(a, b);
      } catch (error) {
        if (!(error instanceof NumberRangeError)) throw error;
      }
    }
    try {
      return slow(a, b);
    } catch (error) {
      throw located(error, at);
    }
  };
}

function describeTarget(v: Value): string {
  const kind = kindOf(v);
  return kind === 'null' ? 'null' : `a ${kind}`;
}

/** Field defaults are evaluated with no variables in scope. */
function emptyFrame(f: Frame): Frame {
  return { slots: [], ret: null, run: f.run };
}

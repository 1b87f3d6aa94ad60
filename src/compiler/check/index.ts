// The semantic pass over the AST (language.md §5, §6, §7): every name resolves, every call has a
// target with the right number of arguments, every literal fits its annotation and unit dimensions
// agree. It reports every error it finds; it never throws.
import type { Diagnostic, Span } from '../../diagnostic.js';
import type * as A from '../../parser/ast.js';
import type { LibraryCatalog } from '../../runtime/modules/registry.js';
import type { ValueSpec } from '../../runtime/modules/types.js';
import { BUILTINS, MAX_ROUND_DIGITS, type Builtin, type BuiltinArgument } from '../../runtime/builtins.js';
import { ROUTES } from '../../runtime/modules/types.js';
import { commensurable, parseUnit, type Unit } from '../../units/index.js';
import { nearestName } from '../../util/names.js';
import { BUILTIN_TYPES, describeKind, literalFits, literalKind } from './types.js';
import { UnitChecker, type StaticUnit, type UnitScope } from './units.js';
import { fieldProblem, type KnownResult } from './results.js';
import { findWarnings } from './warnings.js';

export const SEVERITIES = ['info', 'warning', 'high', 'critical'] as const;
export const ASSESSMENTS = ['sepsis', 'shock', 'aki'] as const;
const LIBRARY_ROOT = 'med';

interface Scope {
  /** names bound anywhere in this scope (blocks open no scope, so a later `let` still declares) */
  names: Set<string>;
  inFunction: boolean;
  /** units known so far, in statement order */
  units: UnitScope;
  /** names with exactly one binding (one `let`, no parameter or loop variable): their unit is fixed */
  boundOnce: Set<string>;
  /** names bound once to a library call (or a field of one), with the result it declares */
  results: Map<string, KnownResult>;
}

/** Every compile error and warning of a parsed program, in source order. */
export function check(program: A.Program, catalog: LibraryCatalog): Diagnostic[] {
  return new Checker(catalog).run(program);
}

class Checker {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly functions = new Map<string, A.FunctionDef>();
  private readonly types = new Map<string, A.TypeDef>();
  /** whether some protocol has `input: Patient p`, so the dose check has a weight */
  private hasPatientInput = false;

  private readonly units: UnitChecker;

  constructor(private readonly catalog: LibraryCatalog) {
    const paramUnits = new Map<string, { name: string; unit: Unit | null }[] | null>();
    this.units = new UnitChecker(
      (at, message) => this.error(at, message),
      (module, name) => {
        const key = `${module}.${name}`;
        if (!paramUnits.has(key)) {
          const params = this.catalog.modules.get(module)?.get(name)?.params;
          paramUnits.set(key, params ? params.map((p) => ({ name: p.name, unit: p.unit === null ? null : parseUnit(p.unit) })) : null);
        }
        return paramUnits.get(key)!;
      },
      (name) => this.functions.has(name),
    );
  }

  run(program: A.Program): Diagnostic[] {
    this.collectTopLevel(program);
    this.hasPatientInput = program.items.some((item) => item.kind === 'Protocol' && item.body.some((s) => s.kind === 'Input' && s.typeName === 'Patient'));
    for (const item of program.items) {
      switch (item.kind) {
        case 'Import':
          this.checkImport(item);
          break;
        case 'TypeDef':
          this.checkTypeDef(item);
          break;
        case 'FunctionDef':
          this.checkFunction(item);
          break;
        case 'Protocol':
          this.checkBody(item.body, newScope(declaredNames(item.body), item.body, false));
          break;
      }
    }
    findWarnings(program, this.catalog, (at, message) => this.warn(at, message));
    return this.diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
  }

  /** `suggestion` replaces exactly the text of `at` (a name as written), so an editor can offer it as a fix. */
  private error(at: Span, message: string, suggestion?: string | null): void {
    this.report('error', at, message, suggestion);
  }

  private warn(at: Span, message: string): void {
    this.report('warning', at, message);
  }

  private report(severity: 'error' | 'warning', at: Span, message: string, suggestion?: string | null): void {
    const { line, column, endLine, endColumn } = at;
    this.diagnostics.push({ stage: 'compile', severity, line, column, endLine, endColumn, message, ...(suggestion ? { suggestion } : {}) });
  }

  private collectTopLevel(program: A.Program): void {
    const protocols = new Set<string>();
    for (const item of program.items) {
      if (item.kind === 'Import') continue;
      const name = item.name;
      if (item.kind === 'Protocol') {
        if (protocols.has(name)) this.error(item, `duplicate protocol '${name}'`);
        protocols.add(name);
        continue;
      }
      if (name === LIBRARY_ROOT) {
        this.error(item, `'${LIBRARY_ROOT}' is the library root and cannot be redefined`);
      } else if (this.functions.has(name) || this.types.has(name) || Object.hasOwn(BUILTIN_TYPES, name)) {
        this.error(item, `duplicate definition of '${name}'`);
      } else if (item.kind === 'FunctionDef') {
        this.functions.set(name, item);
      } else {
        this.types.set(name, item);
      }
    }
  }

  private checkImport(item: A.Import): void {
    const [root, module, ...rest] = item.path;
    if (root !== LIBRARY_ROOT || module === undefined || rest.length > 0) {
      this.error(item, `only library modules can be imported, as 'import ${LIBRARY_ROOT}.<module>;'`);
      return;
    }
    if (!this.catalog.modules.has(module)) this.error(item, this.unknownModule(module));
  }

  private unknownModule(module: string): string {
    const near = nearestName(module, this.catalog.modules.keys());
    return `unknown library module '${LIBRARY_ROOT}.${module}'` + (near ? `; did you mean '${LIBRARY_ROOT}.${near}'?` : '');
  }

  /** `at` is the type name itself when `named` (so a near name can replace it), else the construct holding it. */
  private checkTypeName(name: string, at: Span, named = true): void {
    if (Object.hasOwn(BUILTIN_TYPES, name)) return;
    if (this.types.has(name)) return;
    const near = nearestName(name, [...Object.keys(BUILTIN_TYPES), ...this.types.keys()]);
    this.error(at, `unknown type '${name}'` + (near ? `; did you mean '${near}'?` : ''), named ? near : null);
  }

  /** All fields of a type, its ancestors' first; null when the chain is broken or cyclic. */
  private fieldsOf(typeName: string): Map<string, A.FieldDef> | null {
    const chain: A.TypeDef[] = [];
    const seen = new Set<string>();
    for (let t = this.types.get(typeName); t; t = t.parent ? this.types.get(t.parent) : undefined) {
      if (seen.has(t.name)) return null;
      seen.add(t.name);
      chain.unshift(t);
    }
    const fields = new Map<string, A.FieldDef>();
    for (const t of chain) for (const f of t.fields) fields.set(f.name, f);
    return fields;
  }

  private checkTypeDef(item: A.TypeDef): void {
    if (item.parent !== null) {
      if (!this.types.has(item.parent)) {
        const near = nearestName(item.parent, this.types.keys());
        this.error(item, `type '${item.name}' extends unknown type '${item.parent}'` + (near ? `; did you mean '${near}'?` : ''));
      } else if (this.fieldsOf(item.name) === null) {
        this.error(item, `type '${item.name}' extends itself through '${item.parent}'`);
      }
    }
    const seen = new Set<string>();
    for (const field of item.fields) {
      if (seen.has(field.name)) this.error(field, `duplicate field '${field.name}' in type '${item.name}'`);
      seen.add(field.name);
      this.checkTypeName(field.typeName, field.typeSpan);
      if (field.defaultValue) {
        this.checkValue(field.defaultValue, newScope(new Set(), [], false));
        this.checkLiteralAgainst(field.typeName, field.defaultValue, `field '${field.name}'`);
      }
    }
  }

  private checkFunction(fn: A.FunctionDef): void {
    const names = declaredNames(fn.body);
    const params = new Set<string>();
    for (const param of fn.params) {
      if (params.has(param.name)) this.error(param, `duplicate parameter '${param.name}' in function '${fn.name}'`);
      params.add(param.name);
      names.add(param.name);
      if (param.typeName !== null) this.checkTypeName(param.typeName, param, false);
    }
    if (fn.returnType !== null) this.checkTypeName(fn.returnType, fn, false);
    const scope = newScope(names, fn.body, true);
    for (const param of fn.params) scope.boundOnce.delete(param.name);
    this.checkBody(fn.body, scope);
  }

  private checkLiteralAgainst(typeName: string, value: A.Expr, what: string): void {
    const found = literalKind(value);
    if (found && !literalFits(typeName, found, this.types)) {
      this.error(value, `${what} is declared '${typeName}' but is given ${describeKind(found)}`);
    }
  }

  private checkBody(statements: A.Statement[], scope: Scope): void {
    for (const s of statements) this.checkStatement(s, scope);
  }

  private checkStatement(s: A.Statement, scope: Scope): void {
    switch (s.kind) {
      case 'Input':
        if (s.typeName === 'Patient' && scope.boundOnce.has(s.name)) scope.units.patients.add(s.name);
        if (s.typeName !== 'Patient' && !this.types.has(s.typeName)) {
          const near = nearestName(s.typeName, ['Patient', ...this.types.keys()]);
          this.error(s.typeSpan, `input type must be 'Patient' or a type defined in this file, not '${s.typeName}'` + (near ? `; did you mean '${near}'?` : ''), near);
        }
        return;
      case 'Let': {
        const unit = this.checkValue(s.value, scope);
        if (scope.boundOnce.has(s.name)) {
          scope.units.known.set(s.name, unit);
          const result = this.resultOf(s.value, scope);
          if (result) scope.results.set(s.name, result);
        }
        if (s.typeName !== null && s.typeSpan !== null) {
          this.checkTypeName(s.typeName, s.typeSpan);
          this.checkLiteralAgainst(s.typeName, s.value, `'${s.name}'`);
        }
        return;
      }
      case 'If':
        for (const branch of s.branches) {
          this.checkValue(branch.condition, scope);
          this.checkBody(branch.then, scope);
        }
        if (s.otherwise) this.checkBody(s.otherwise, scope);
        return;
      case 'While':
        this.checkValue(s.condition, scope);
        this.checkBody(s.body, scope);
        return;
      case 'For':
        this.checkValue(s.iterable, scope);
        this.checkBody(s.body, scope);
        return;
      case 'Alert':
        this.checkValue(s.message, scope);
        if (s.severity !== null && !(SEVERITIES as readonly string[]).includes(s.severity)) {
          const near = nearestName(s.severity, SEVERITIES);
          this.error(s.severitySpan ?? s, `unknown severity '${s.severity}': use ${SEVERITIES.join(', ')}` + (near ? ` (did you mean '${near}'?)` : ''), s.severitySpan && near);
        }
        return;
      case 'Administer':
        this.checkAdminister(s, scope);
        return;
      case 'Track':
        this.checkPathRoot(s.path, s, scope);
        return;
      case 'Assess':
        this.checkPathRoot(s.target, s, scope);
        if (!(ASSESSMENTS as readonly string[]).includes(s.condition)) {
          const near = nearestName(s.condition, ASSESSMENTS);
          this.error(s.conditionSpan, `unknown assessment '${s.condition}': use ${ASSESSMENTS.join(', ')}` + (near ? ` (did you mean '${near}'?)` : ''), near);
        }
        return;
      case 'Return':
        if (!scope.inFunction) this.error(s, `'return' outside a function`);
        if (s.value) this.checkValue(s.value, scope);
        return;
      case 'ExprStatement':
        this.checkValue(s.expr, scope);
        return;
    }
  }

  /** `administer Drug dose: … [route: …] [every: …] [indication: "…"]`: each clause once, a dose with a unit, a known route, a duration. */
  private checkAdminister(s: A.Administer, scope: Scope): void {
    const seen = new Set<string>();
    for (const clause of s.clauses) {
      if (seen.has(clause.name)) this.error(clause, `the '${clause.name}:' clause of administer ${s.drug} is given twice`);
      seen.add(clause.name);
    }
    if (s.dose === null) {
      this.error(s, `administer ${s.drug} needs a dose: write 'administer ${s.drug} dose: 500 mg;'`);
    } else {
      const unit = this.checkValue(s.dose, scope);
      if (unit === 'plain') this.error(s.dose, `the dose of ${s.drug} needs a unit, e.g. '500 mg' or '15 mg/kg * p.weight'`);
      else if (unit !== null && !this.hasPatientInput && unit.terms.some((t) => t.spelling === 'kg' && t.exponent < 0)) {
        this.warn(s.dose, `the dose of ${s.drug} is per kg (${unit.text}) but the protocol has no 'input: Patient p;', so the dose check has no weight: add the input or give the whole dose`);
      }
    }
    if (s.route !== null && !(ROUTES as readonly string[]).includes(s.route)) {
      const near = suggestedRoute(s.route);
      this.error(s.routeSpan ?? s, `unknown route '${s.route}': use ${ROUTES.join(', ')}` + (near ? ` (did you mean '${near}'?)` : ''), s.routeSpan && near);
    }
    if (s.every !== null) {
      const unit = this.checkValue(s.every, scope);
      if (unit === 'plain' || (unit !== null && !commensurable(unit, HOUR))) {
        this.error(s.every, `the interval of ${s.drug} ('every:') must be a duration such as 8 h or 30 min` + (unit === 'plain' ? '; give it a unit' : `, not ${unit.dimension}`));
      } else if (literalNumber(s.every) !== null && literalNumber(s.every)! <= 0) {
        this.error(s.every, `the interval of ${s.drug} ('every:') must be above 0`);
      }
    }
  }

  /** Names and calls, then units; gives the unit when it is known. */
  private checkValue(e: A.Expr, scope: Scope): StaticUnit {
    this.checkExpr(e, scope);
    return this.units.infer(e, scope.units);
  }

  private checkPathRoot(path: string[], at: Span, scope: Scope): void {
    const root = path[0];
    if (root !== undefined && !scope.names.has(root)) this.unknownName(root, at, scope, false);
  }

  /** `at` is the name itself when `named` (so a near name can replace it), else the statement holding it. */
  private unknownName(name: string, at: Span, scope: Scope, named = true): void {
    const candidates = [...scope.names, ...this.functions.keys(), LIBRARY_ROOT];
    const near = nearestName(name, candidates);
    this.error(at, `unknown name '${name}'` + (near ? `; did you mean '${near}'?` : ''), named ? near : null);
  }

  private checkExpr(e: A.Expr, scope: Scope): void {
    switch (e.kind) {
      case 'Number':
        if (!Number.isFinite(e.value)) this.error(e, `the number ${e.text} is beyond the largest number the language holds (about 1.8e308)`);
        return;
      case 'String':
      case 'Boolean':
      case 'Null':
        return;
      case 'Name':
        this.checkValueName(e, scope);
        return;
      case 'List':
        for (const el of e.elements) this.checkExpr(el, scope);
        return;
      case 'Map': {
        const keys = new Set<string>();
        for (const entry of e.entries) {
          if (keys.has(entry.key)) this.error(entry, `duplicate key "${entry.key}" in map`);
          keys.add(entry.key);
          this.checkExpr(entry.value, scope);
        }
        return;
      }
      case 'Construct':
        this.checkConstruct(e, scope);
        return;
      case 'Member':
        if (isLibraryPath(e)) {
          if (this.resolveLibrary(e)) this.error(e, `library functions must be called: '${pathText(e)}(...)'`);
          return;
        }
        this.checkExpr(e.object, scope);
        this.checkField(e, scope);
        return;
      case 'Index':
        this.checkExpr(e.object, scope);
        this.checkExpr(e.index, scope);
        return;
      case 'Call':
        this.checkCall(e, scope);
        return;
      case 'Unary':
        this.checkExpr(e.operand, scope);
        return;
      case 'Binary':
        this.checkExpr(e.left, scope);
        this.checkExpr(e.right, scope);
        if (e.op === 'in') {
          const found = literalKind(e.right);
          if (found && found.kind !== 'list') this.error(e.right, `'in' tests membership of a list, but its right side is ${describeKind(found)}`);
        }
        return;
      case 'Convert':
        this.checkExpr(e.value, scope);
        return;
    }
  }

  /** `r.levle` where `r` holds a declared library result: the field must be one it declares. */
  private checkField(e: A.Member, scope: Scope): void {
    const known = this.resultOf(e.object, scope);
    if (!known) return;
    const problem = fieldProblem(known, e.property);
    if (problem) this.error(e.propertySpan, problem.message, problem.suggestion);
  }

  /** What a library call, a name bound once to one, or a field of either declares; null when unknown. */
  private resultOf(e: A.Expr, scope: Scope): KnownResult | null {
    if (e.kind === 'Name') return scope.results.get(e.name) ?? null;
    if (e.kind === 'Call' && e.callee.kind === 'Member' && isLibraryPath(e.callee)) {
      const path = pathParts(e.callee);
      const spec: ValueSpec | undefined = path.length === 3 ? this.catalog.modules.get(path[1]!)?.get(path[2]!)?.result : undefined;
      return spec ? { spec, label: `the result of ${path.join('.')}` } : null;
    }
    if (e.kind === 'Member' && !isLibraryPath(e)) {
      const parent = this.resultOf(e.object, scope);
      const field = parent?.spec.fields?.find((f) => f.name === e.property);
      if (parent && field) return { spec: field, label: `${parent.label}'s field '${field.name}'` };
      // a record keyed by data (arm labels, tiers): every other key holds a value of the declared shape
      return parent?.spec.values ? { spec: parent.spec.values, label: `${parent.label} at key '${e.property}'` } : null;
    }
    return null;
  }

  private checkValueName(e: A.NameRef, scope: Scope): void {
    if (scope.names.has(e.name)) return;
    if (e.name === LIBRARY_ROOT) {
      this.error(e, `'${LIBRARY_ROOT}' is the library root: call a function as '${LIBRARY_ROOT}.<module>.<function>(...)'`);
    } else if (this.functions.has(e.name)) {
      this.error(e, `function '${e.name}' must be called: '${e.name}(...)'`);
    } else if (this.types.has(e.name)) {
      this.error(e, `type '${e.name}' is not a value: build one with '${e.name} { field: value }'`);
    } else {
      this.unknownName(e.name, e, scope);
    }
  }

  private checkConstruct(e: A.Construct, scope: Scope): void {
    for (const f of e.fields) this.checkExpr(f.value, scope);
    if (!this.types.has(e.typeName)) {
      const near = nearestName(e.typeName, this.types.keys());
      this.error(e, `unknown type '${e.typeName}'` + (near ? `; did you mean '${near}'?` : ''));
      return;
    }
    const fields = this.fieldsOf(e.typeName);
    if (!fields) return;
    const given = new Set<string>();
    for (const f of e.fields) {
      if (given.has(f.name)) this.error(f, `field '${f.name}' is given twice`);
      given.add(f.name);
      const def = fields.get(f.name);
      if (!def) {
        const near = nearestName(f.name, fields.keys());
        this.error(f, `type '${e.typeName}' has no field '${f.name}'` + (near ? `; did you mean '${near}'?` : `; its fields: ${[...fields.keys()].join(', ') || 'none'}`));
        continue;
      }
      this.checkLiteralAgainst(def.typeName, f.value, `field '${f.name}'`);
    }
  }

  private checkCall(e: A.Call, scope: Scope): void {
    for (const arg of e.args) this.checkExpr(arg, scope);
    const callee = e.callee;
    if (callee.kind === 'Name' && !scope.names.has(callee.name)) {
      const fn = this.functions.get(callee.name);
      if (!fn) {
        const builtin = BUILTINS.get(callee.name);
        if (builtin) this.checkBuiltinCall(e, builtin);
        else if (this.types.has(callee.name)) this.error(callee, `type '${callee.name}' is built with '${callee.name} { field: value }', not called`);
        else this.unknownName(callee.name, callee, scope);
        return;
      }
      if (fn.params.length !== e.args.length) {
        this.error(e, `function '${fn.name}' takes ${plural(fn.params.length, 'argument')} but is given ${e.args.length}`);
      }
      return;
    }
    if (callee.kind === 'Member' && isLibraryPath(callee)) {
      this.checkLibraryCall(e, callee);
      return;
    }
    if (callee.kind === 'Name') {
      this.error(callee, `'${callee.name}' is a variable, not a function`);
      return;
    }
    this.checkExpr(callee, scope);
    this.error(e, 'only functions and library functions can be called');
  }

  /** A built-in's arity, and the kind of each literal argument (`round("a")`, `len(5)`, `round(x, 1.5)`). */
  private checkBuiltinCall(e: A.Call, builtin: Builtin): void {
    const count = e.args.length;
    if (count < builtin.minArgs || count > builtin.maxArgs) {
      const range = builtin.maxArgs === Infinity ? `at least ${builtin.minArgs}` : builtin.minArgs === builtin.maxArgs ? `${builtin.minArgs}` : `${builtin.minArgs} or ${builtin.maxArgs}`;
      this.error(e, `'${builtin.name}' takes ${range} argument${(builtin.maxArgs === Infinity ? builtin.minArgs : builtin.maxArgs) === 1 ? '' : 's'} but is given ${count}`);
      return;
    }
    e.args.forEach((arg, i) => {
      const wanted = builtin.args[Math.min(i, builtin.args.length - 1)]!;
      const problem = builtinArgumentProblem(wanted, arg, count);
      if (problem) this.error(arg, `${builtin.name}: argument ${i + 1} must be ${problem}`);
    });
  }

  /** Resolves `med.<module>.<function>`, reporting what does not exist; null when it does not. */
  private resolveLibrary(callee: A.Member): { minArgs: number; maxArgs: number; label: string } | null {
    const path = pathParts(callee);
    if (path.length !== 3) {
      this.error(callee, `library functions are reached as '${LIBRARY_ROOT}.<module>.<function>(...)', not '${path.join('.')}'`);
      return null;
    }
    const [, module, name] = path as [string, string, string];
    const functions = this.catalog.modules.get(module);
    if (!functions) {
      this.error(callee, this.unknownModule(module));
      return null;
    }
    const fn = functions.get(name);
    if (!fn) {
      const near = nearestName(name, functions.keys());
      this.error(callee.propertySpan, `unknown function '${LIBRARY_ROOT}.${module}.${name}'` + (near ? `; did you mean '${LIBRARY_ROOT}.${module}.${near}'?` : ''), near);
      return null;
    }
    return { ...fn, label: path.join('.') };
  }

  private checkLibraryCall(call: A.Call, callee: A.Member): void {
    const fn = this.resolveLibrary(callee);
    if (!fn) return;
    const count = call.args.length;
    if (count < fn.minArgs || count > fn.maxArgs) {
      const range = fn.minArgs === fn.maxArgs ? `${fn.minArgs}` : `${fn.minArgs} to ${fn.maxArgs}`;
      this.error(call, `'${fn.label}' takes ${range} argument${fn.maxArgs === 1 ? '' : 's'} but is given ${count}`);
    }
  }
}

const HOUR = parseUnit('h')!;

/** The value of a plain or unit number literal (`8 h` → 8, `-1` → -1), else null. */
function literalNumber(e: A.Expr): number | null {
  if (e.kind === 'Number') return e.value;
  if (e.kind === 'Unary' && e.op === '-' && e.operand.kind === 'Number') return -e.operand.value;
  return null;
}

/** What is wrong with a literal argument of a built-in, as the end of "must be …", or null (fine, or known only when running). */
function builtinArgumentProblem(wanted: BuiltinArgument, arg: A.Expr, count: number): string | null {
  const found = literalKind(arg);
  if (!found || found.kind === 'null') return found ? `${wanted === 'whole number' ? 'a whole number' : `a ${wanted}`}, got null` : null;
  const got = `, got ${describeKind(found)}`;
  switch (wanted) {
    case 'number or quantity':
      return found.kind === 'number' ? null : `a number or a quantity${got}`;
    case 'whole number': {
      const n = literalNumber(arg);
      if (found.kind !== 'number' || (arg.kind === 'Number' && arg.unit !== null)) return `a whole number of digits${found.kind === 'number' ? ', not a quantity' : got}`;
      return n !== null && (!Number.isInteger(n) || n < 0 || n > MAX_ROUND_DIGITS) ? `a whole number of digits from 0 to ${MAX_ROUND_DIGITS}, got ${n}` : null;
    }
    case 'list':
      return found.kind === 'list' ? null : `a list${got}`;
    case 'list or string':
      return found.kind === 'list' || found.kind === 'string' ? null : `a list or a string${got}`;
    case 'numbers, quantities or one list':
      return found.kind === 'number' || (found.kind === 'list' && count === 1) ? null : `a number or a quantity (or one list of them)${got}`;
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** `med.a.b` as written: every segment a plain name, rooted at `med`. */
function pathParts(e: A.Expr): string[] {
  if (e.kind === 'Name') return [e.name];
  if (e.kind === 'Member') {
    const head = pathParts(e.object);
    return head.length ? [...head, e.property] : [];
  }
  return [];
}

function isLibraryPath(e: A.Member): boolean {
  return pathParts(e)[0] === LIBRARY_ROOT;
}

function pathText(e: A.Member): string {
  return pathParts(e).join('.');
}

/** Names a body binds: its `let`s and `for` variables in any nested block, and its `input`s. */
export function declaredNames(body: A.Statement[], into = new Set<string>()): Set<string> {
  for (const s of body) {
    switch (s.kind) {
      case 'Let':
      case 'Input':
        into.add(s.name);
        break;
      case 'For':
        into.add(s.variable);
        declaredNames(s.body, into);
        break;
      case 'If':
        for (const branch of s.branches) declaredNames(branch.then, into);
        if (s.otherwise) declaredNames(s.otherwise, into);
        break;
      case 'While':
        declaredNames(s.body, into);
        break;
      default:
        break;
    }
  }
  return into;
}

/** How many times each name is bound in a body (`let`, `for`, `input`), nested blocks included. */
function bindingCounts(body: A.Statement[], into = new Map<string, number>()): Map<string, number> {
  const bump = (name: string, by = 1): void => void into.set(name, (into.get(name) ?? 0) + by);
  for (const s of body) {
    switch (s.kind) {
      case 'Let':
      case 'Input':
        bump(s.name);
        break;
      case 'For':
        bump(s.variable, 2);
        bindingCounts(s.body, into);
        break;
      case 'If':
        for (const branch of s.branches) bindingCounts(branch.then, into);
        if (s.otherwise) bindingCounts(s.otherwise, into);
        break;
      case 'While':
        bindingCounts(s.body, into);
        break;
      default:
        break;
    }
  }
  return into;
}

function newScope(names: Set<string>, body: A.Statement[], inFunction: boolean): Scope {
  const boundOnce = new Set([...bindingCounts(body)].filter(([, n]) => n === 1).map(([name]) => name));
  return { names, inFunction, units: { known: new Map(), patients: new Set() }, boundOnce, results: new Map() };
}

/** Abbreviations prescribers write for a route, mapped to its name (ISMP's error-prone list spells these out). */
const ROUTE_ABBREVIATIONS: Record<string, (typeof ROUTES)[number]> = { IT: 'INTRATHECAL', SQ: 'SC', SUBQ: 'SC', SUBCUT: 'SC', NEB: 'INH', IVP: 'IV', IVPB: 'IV' };

/** Codes of other routes, one letter from a route of ours: never "corrected" to it (intradermal, intranasal, intraosseous, intra-arterial, intraperitoneal, intracardiac, endotracheal, intravitreal). */
const OTHER_ROUTE_CODES = new Set(['ID', 'IN', 'IO', 'IA', 'IP', 'IC', 'ET', 'IVT']);

/**
 * The route a mistyped one most likely means: the same letters in another case, a known abbreviation, or a
 * near spelling. A code of another route one letter from ours (IN or IO against IV or IM) gets no suggestion,
 * and IT is answered with INTRATHECAL: IT read as IV can kill.
 */
function suggestedRoute(route: string): string | undefined {
  const upper = route.toUpperCase();
  return ROUTES.find((r) => r === upper) ?? ROUTE_ABBREVIATIONS[upper] ?? (OTHER_ROUTE_CODES.has(upper) ? undefined : nearestName(route, ROUTES));
}

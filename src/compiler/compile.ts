// A checked AST → a tree of closures (language.md §6, §8). Statements return true only when a
// `return` ran, so loops and returns never use exceptions; exceptions are for errors only.
import type * as A from '../parser/ast.js';
import { declaredNames } from './check/index.js';
import { RuntimeError } from '../runtime/errors.js';
import { administer, assess, track } from '../runtime/hooks.js';
import { RunLog, type Severity } from '../runtime/log.js';
import type { Registry } from '../runtime/modules/registry.js';
import type { CallContext, Route, RunPatient } from '../runtime/modules/types.js';
import { patientAsJson } from '../runtime/library-arguments.js';
import { sign, toNumber } from '../runtime/numbers.js';
import { parseUnit } from '../units/index.js';
import { notBooleanError } from '../runtime/operators.js';
import { formatQuantity, kindOf, makeRecord, Quantity, renderForLog, renderText, toJson, type RecordValue, type Value } from '../runtime/values.js';
import { patientRecord } from '../runtime/patient.js';
import { ExpressionCompiler, MAX_LIST_LENGTH, checkType, pathText, Scope, type FunctionCode, type ProgramTables, type TypeCode } from './expressions.js';
import { asStatementError, checkDeadline, DEADLINE_STRIDE, located, TimeLimitReached, UNSET, type Eval, type Exec, type Frame, type Run } from './frame.js';

export interface RunResult {
  log: RunLog;
  /** set when the run stopped with a runtime error */
  error: RuntimeError | null;
  /** set when the run stopped itself at its deadline */
  stopped: TimeLimitReached | null;
}

export interface CompiledProgram {
  /** `deadline`: a performance.now() time at which the run stops itself (Infinity: never) */
  run(patient: RunPatient, ctx: CallContext, deadline?: number): RunResult;
}

const NO_RETURN = false;

export function compileProgram(program: A.Program, registry: Registry): CompiledProgram {
  return new ProgramCompiler(program, registry).build();
}

class ProgramCompiler {
  private readonly tables: ProgramTables;
  private readonly parents = new Map<string, string | null>();
  private readonly patients = new WeakSet<RecordValue>();
  private readonly expressions: ExpressionCompiler;

  constructor(
    private readonly program: A.Program,
    registry: Registry,
  ) {
    this.tables = { functions: new Map(), types: new Map(), registry };
    this.expressions = new ExpressionCompiler(this.tables, this.parents, (r) => this.patients.has(r));
  }

  build(): CompiledProgram {
    const typeDefs = this.program.items.filter((i): i is A.TypeDef => i.kind === 'TypeDef');
    for (const t of typeDefs) this.parents.set(t.name, t.parent);
    for (const t of typeDefs) this.tables.types.set(t.name, { name: t.name, fields: [] });
    for (const t of typeDefs) this.tables.types.get(t.name)!.fields = this.typeFields(t, typeDefs);
    const functionDefs = this.program.items.filter((i): i is A.FunctionDef => i.kind === 'FunctionDef');
    // Register every function before compiling any body, so calls link to each other and to themselves.
    for (const fn of functionDefs) {
      this.tables.functions.set(fn.name, { name: fn.name, paramTypes: fn.params.map((p) => p.typeName), frameSize: 0, body: () => NO_RETURN });
    }
    for (const fn of functionDefs) this.compileFunction(fn);
    const imports = this.program.items.filter((i): i is A.Import => i.kind === 'Import');
    const protocols = this.program.items.filter((i): i is A.Protocol => i.kind === 'Protocol').map((p) => this.compileProtocol(p));
    return {
      run: (patient, ctx, deadline = Infinity) => {
        const log = new RunLog();
        const record = patientRecord(patient.fields);
        this.patients.add(record);
        const run: Run = { log, ctx, depth: 0, patient: record, deadline, calls: 0 };
        try {
          for (const i of imports) log.add(i.line, 'import', `import ${i.path.join('.')}`, { module: i.path.slice(1).join('.') });
          for (const protocol of protocols) protocol(run);
          return { log, error: null, stopped: null };
        } catch (error) {
          if (error instanceof TimeLimitReached) return { log, error: null, stopped: error };
          if (error instanceof RuntimeError) return { log, error, stopped: null };
          if (error instanceof RangeError && /call stack/i.test(error.message)) {
            return { log, error: new RuntimeError('the protocol nests too deeply to run', { line: 1, column: 1, endLine: 1, endColumn: 1 }), stopped: null };
          }
          throw error;
        }
      },
    };
  }

  private typeFields(t: A.TypeDef, all: A.TypeDef[]): TypeCode['fields'] {
    const chain: A.TypeDef[] = [];
    for (let cur: A.TypeDef | undefined = t; cur && !chain.includes(cur); cur = all.find((x) => x.name === cur!.parent)) chain.unshift(cur);
    const fields = new Map<string, TypeCode['fields'][number]>();
    const noNames = new Scope([]);
    for (const def of chain) {
      for (const field of def.fields) {
        fields.set(field.name, {
          name: field.name,
          typeName: field.typeName,
          defaultValue: field.defaultValue ? this.expressions.compile(field.defaultValue, noNames) : null,
        });
      }
    }
    return [...fields.values()];
  }

  private compileFunction(fn: A.FunctionDef): void {
    const scope = new Scope([...fn.params.map((p) => p.name), ...declaredNames(fn.body)]);
    const code: FunctionCode = this.tables.functions.get(fn.name)!;
    code.frameSize = scope.size;
    code.body = this.block(fn.body, scope, false);
  }

  private compileProtocol(p: A.Protocol): (run: Run) => void {
    const scope = new Scope(declaredNames(p.body));
    const body = this.block(p.body, scope, true);
    return (run) => {
      run.log.add(p.line, 'protocol', `protocol ${p.name} started`, { protocol: p.name });
      body({ slots: new Array(scope.size).fill(UNSET), ret: null, run });
    };
  }

  private block(statements: A.Statement[], scope: Scope, inProtocol: boolean): Exec {
    const compiled = statements.map((s) => this.statement(s, scope, inProtocol));
    const n = compiled.length;
    return (f) => {
      let i = 0;
      try {
        for (; i < n; i++) if (compiled[i]!(f)) return true;
        return false;
      } catch (error) {
        throw asStatementError(error, statements[i]!);
      }
    };
  }

  private expr(e: A.Expr, scope: Scope): Eval {
    return this.expressions.compile(e, scope);
  }

  private statement(s: A.Statement, scope: Scope, inProtocol: boolean): Exec {
    switch (s.kind) {
      case 'Input':
        return this.input(s, scope);
      case 'Let':
        return this.let(s, scope);
      case 'If':
        return this.if(s, scope, inProtocol);
      case 'While':
        return this.while(s, scope, inProtocol);
      case 'For':
        return this.for(s, scope, inProtocol);
      case 'Alert':
        return this.alert(s, scope);
      case 'Administer':
        return this.administer(s, scope, inProtocol);
      case 'Track':
        return this.track(s, scope);
      case 'Assess':
        return this.assess(s, scope);
      case 'Return': {
        const value = s.value ? this.expr(s.value, scope) : null;
        return (f) => {
          f.ret = value ? value(f) : null;
          return true;
        };
      }
      case 'ExprStatement':
        return this.expressionStatement(s, scope);
    }
  }

  private input(s: A.Input, scope: Scope): Exec {
    const slot = scope.slots.get(s.name)!;
    if (s.typeName === 'Patient') {
      return (f) => {
        f.slots[slot] = f.run.patient;
        return false;
      };
    }
    const type = this.tables.types.get(s.typeName)!;
    return (f) => {
      const record = makeRecord(type.name);
      for (const field of type.fields) record[field.name] = field.defaultValue ? field.defaultValue({ slots: [], ret: null, run: f.run }) : null;
      f.slots[slot] = record;
      return false;
    };
  }

  private let(s: A.Let, scope: Scope): Exec {
    const slot = scope.slots.get(s.name)!;
    const value = this.expr(s.value, scope);
    const { name, typeName, line } = s;
    const parents = this.parents;
    const tables = this.tables;
    return (f) => {
      const v = value(f);
      if (typeName !== null) checkType(v, typeName, `'${name}'`, s.value, tables, parents);
      f.slots[slot] = v;
      const log = f.run.log;
      if (log.accepting) log.add(line, 'let', `let ${name} = ${renderForLog(v)}`, { name, value: toJson(v) });
      return false;
    };
  }

  private condition(e: A.Expr, scope: Scope, what: string): (f: Frame) => boolean {
    const test = this.expr(e, scope);
    return (f) => {
      const v = test(f);
      if (v === true || v === false) return v;
      throw located(notBooleanError(v, what), e);
    };
  }

  /** An `else if` chain runs as a loop over its branches, logging each condition it tests. */
  private if(s: A.If, scope: Scope, inProtocol: boolean): Exec {
    const branches = s.branches.map((b) => ({
      test: this.condition(b.condition, scope, 'the if condition'),
      then: this.block(b.then, scope, inProtocol),
      line: b.line,
      text: b.conditionText,
    }));
    const otherwise = s.otherwise ? this.block(s.otherwise, scope, inProtocol) : null;
    return (f) => {
      for (const branch of branches) {
        const result = branch.test(f);
        const log = f.run.log;
        if (log.accepting) log.add(branch.line, 'if', `if ${branch.text} -> ${result}`, { condition: branch.text, result });
        if (result) return branch.then(f);
      }
      return otherwise ? otherwise(f) : false;
    };
  }

  private while(s: A.While, scope: Scope, inProtocol: boolean): Exec {
    const test = this.condition(s.condition, scope, 'the while condition');
    const body = this.block(s.body, scope, inProtocol);
    const { line, conditionText } = s;
    return (f) => {
      let iterations = 0;
      let returned = false;
      while (test(f)) {
        iterations++;
        if ((iterations & DEADLINE_STRIDE) === 0) checkDeadline(f.run, line, 'while loop');
        if (body(f)) {
          returned = true;
          break;
        }
      }
      f.run.log.add(line, 'while', `while ${conditionText} ran ${iterations} iteration${iterations === 1 ? '' : 's'}`, {
        condition: conditionText,
        iterations,
      });
      return returned;
    };
  }

  private for(s: A.For, scope: Scope, inProtocol: boolean): Exec {
    const slot = scope.slots.get(s.variable)!;
    const iterable = this.expr(s.iterable, scope);
    const body = this.block(s.body, scope, inProtocol);
    const { line, variable } = s;
    return (f) => {
      const list = iterable(f);
      if (!Array.isArray(list)) throw new RuntimeError(`'for ${variable} in' needs a list, found ${list === null ? 'null' : typeof list === 'object' ? 'a record' : `a ${typeof list}`}`, s.iterable);
      let iterations = 0;
      for (const element of list.slice(0, MAX_LIST_LENGTH)) {
        if ((++iterations & DEADLINE_STRIDE) === 0) checkDeadline(f.run, line, 'for loop');
        f.slots[slot] = element;
        const log = f.run.log;
        if (log.accepting) log.add(line, 'let', `let ${variable} = ${renderForLog(element)}`, { name: variable, value: toJson(element) });
        if (body(f)) return true;
      }
      return false;
    };
  }

  private alert(s: A.Alert, scope: Scope): Exec {
    const message = this.expr(s.message, scope);
    const severity = (s.severity ?? 'info') as Severity;
    const line = s.line;
    return (f) => {
      const text = renderText(message(f));
      const log = f.run.log;
      log.alert({ severity, message: text, line });
      log.add(line, 'alert', `alert [${severity}] ${text}`, { severity, message: text });
      return false;
    };
  }

  private administer(s: A.Administer, scope: Scope, inProtocol: boolean): Exec {
    const usesPatient = inProtocol && this.program.items.some((i) => i.kind === 'Protocol' && i.body.some((b) => b.kind === 'Input' && b.typeName === 'Patient'));
    if (!s.dose) throw new Error('unchecked administer without a dose');
    const doseAt = s.dose;
    const dose = this.expr(s.dose, scope);
    const every = s.every ? { at: s.every, eval: this.expr(s.every, scope) } : null;
    const route = s.route as Route | null;
    const { drug, indication } = s;
    return (f) => {
      const amount = dose(f);
      if (!(amount instanceof Quantity)) throw new RuntimeError(`the dose of ${drug} must be a quantity with a unit, got ${kindOf(amount)}`, doseAt);
      const everyHours = every ? intervalHours(drug, every.eval(f), every.at) : null;
      const patient = usesPatient ? patientAsJson(f.run.patient) : null;
      administer(f.run.ctx, f.run.log, s, { drug, dose: toNumber(amount.value), unit: amount.unit.text, route, everyHours, indication, patient });
      return false;
    };
  }

  /** Evaluates a dotted path (`p.lactate`) with the same rules and messages as member access. */
  private path(parts: string[], at: A.Statement, scope: Scope): Eval {
    let e: A.Expr = { kind: 'Name', name: parts[0]!, ...spanOf(at) };
    for (const property of parts.slice(1)) e = { kind: 'Member', object: e, property, propertySpan: spanOf(at), ...spanOf(at) };
    return this.expr(e, scope);
  }

  private track(s: A.Track, scope: Scope): Exec {
    const value = this.path(s.path, s, scope);
    const text = s.path.join('.');
    return (f) => {
      track(f.run.ctx, f.run.log, s, text, value(f), s.useKae);
      return false;
    };
  }

  private assess(s: A.Assess, scope: Scope): Exec {
    const target = this.path(s.target, s, scope);
    const text = s.target.join('.');
    return (f) => {
      assess(f.run.ctx, f.run.log, s, text, target(f), s.condition);
      return false;
    };
  }

  private expressionStatement(s: A.ExprStatement, scope: Scope): Exec {
    const value = this.expr(s.expr, scope);
    const library = s.expr.kind === 'Call' ? this.expressions.libraryTarget(s.expr) : null;
    if (!library) {
      return (f) => {
        value(f);
        return false;
      };
    }
    const label = `${pathText((s.expr as A.Call).callee)}`;
    return (f) => {
      const result: Value = value(f);
      const log = f.run.log;
      if (log.accepting) log.add(s.line, 'call', `${label} -> ${renderForLog(result)}`, { function: label, result: toJson(result) });
      return false;
    };
  }
}

const HOUR = parseUnit('h')!;

/** The `every:` clause in hours: a duration above zero. */
function intervalHours(drug: string, value: Value, at: A.Expr): number {
  const hours = value instanceof Quantity ? value.in(HOUR) : null;
  if (hours === null) throw new RuntimeError(`the interval of ${drug} ('every:') must be a duration such as 8 h or 30 min, got ${value instanceof Quantity ? formatQuantity(value) : kindOf(value)}`, at);
  if (sign(hours) <= 0) throw new RuntimeError(`the interval of ${drug} ('every:') must be above 0, got ${formatQuantity(value as Quantity)}`, at);
  return toNumber(hours);
}

function spanOf(s: A.Statement): { line: number; column: number; endLine: number; endColumn: number } {
  return { line: s.line, column: s.column, endLine: s.endLine, endColumn: s.endColumn };
}


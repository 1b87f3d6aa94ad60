// Warnings (language.md §9): what is legal but probably wrong. A warning never stops a run; it names
// the construct and says what to do. This pass reads a program the checker has already walked.
import type { Span } from '../../diagnostic.js';
import type * as A from '../../parser/ast.js';
import { BUILTINS } from '../../runtime/builtins.js';
import type { LibraryCatalog } from '../../runtime/modules/registry.js';

type Warn = (at: Span, message: string) => void;

export function findWarnings(program: A.Program, catalog: LibraryCatalog, warn: Warn): void {
  new WarningPass(program, catalog, warn).run();
}

class WarningPass {
  private readonly userFunctions = new Map<string, A.FunctionDef>();
  /** user functions known to have no effect (no alert, administer, track, assess or effectful call) */
  private readonly pure = new Map<string, boolean>();

  constructor(
    private readonly program: A.Program,
    private readonly catalog: LibraryCatalog,
    private readonly warn: Warn,
  ) {
    for (const item of program.items) if (item.kind === 'FunctionDef' && !this.userFunctions.has(item.name)) this.userFunctions.set(item.name, item);
  }

  run(): void {
    for (const item of this.program.items) {
      if (item.kind === 'FunctionDef') this.body(item.body);
      if (item.kind === 'Protocol') this.body(item.body);
    }
  }

  /** One scope (a protocol or a function body; blocks open none): unused `let`s, then each statement. */
  private body(statements: A.Statement[]): void {
    const read = new Set<string>();
    const lets = new Map<string, A.Let>();
    visitStatements(statements, (s) => {
      if (s.kind === 'Let' && !lets.has(s.name)) lets.set(s.name, s);
      if (s.kind === 'Track') read.add(s.path[0]!);
      if (s.kind === 'Assess') read.add(s.target[0]!);
    }, (e) => {
      if (e.kind === 'Name') read.add(e.name);
    });
    for (const [name, s] of lets) {
      if (!read.has(name)) this.warn(s, `'${name}' is assigned but never read: use it, or remove the let (its value is still logged)`);
    }
    this.block(statements);
  }

  private block(statements: A.Statement[]): void {
    const returnAt = statements.findIndex((s) => s.kind === 'Return');
    if (returnAt >= 0 && returnAt < statements.length - 1) {
      this.warn(statements[returnAt + 1]!, `this statement comes after 'return' and never runs: remove it or move it before the return`);
    }
    for (const s of statements) this.statement(s);
  }

  private statement(s: A.Statement): void {
    switch (s.kind) {
      case 'If':
        for (const branch of s.branches) {
          this.condition(branch.condition, 'if');
          this.block(branch.then);
        }
        if (s.otherwise) this.block(s.otherwise);
        return;
      case 'While':
        this.condition(s.condition, 'while');
        this.block(s.body);
        return;
      case 'For':
        this.block(s.body);
        return;
      case 'ExprStatement':
        if (s.expr.kind === 'Call' && this.callIsPure(s.expr)) {
          this.warn(s.expr, `the result of ${calleeText(s.expr.callee)}(...) is dropped (only logged): bind it with 'let' or remove the call`);
        }
        return;
      default:
        return;
    }
  }

  private condition(e: A.Expr, statement: 'if' | 'while'): void {
    const value = constantBoolean(e);
    if (value !== null) this.warn(e, `this ${statement} condition is always ${value}: ${value ? (statement === 'if' ? 'the test is not needed' : 'the loop only ends by an error or the time limit') : statement === 'if' ? 'its block never runs' : 'the loop never runs'}`);
  }

  /** A call with no effect beyond its result: a built-in, a library function without state, or a pure function of the file. */
  private callIsPure(call: A.Call, visiting = new Set<string>()): boolean {
    const callee = call.callee;
    if (callee.kind === 'Name') {
      const fn = this.userFunctions.get(callee.name);
      if (fn) return this.functionIsPure(fn, visiting);
      return BUILTINS.has(callee.name);
    }
    const path = libraryPath(callee);
    if (!path) return false;
    return this.catalog.modules.get(path[0])?.get(path[1])?.state === 'none';
  }

  private functionIsPure(fn: A.FunctionDef, visiting: Set<string>): boolean {
    const known = this.pure.get(fn.name);
    if (known !== undefined) return known;
    if (visiting.has(fn.name)) return true; // recursion adds no effect of its own
    visiting.add(fn.name);
    let pure = true;
    visitStatements(fn.body, (s) => {
      if (s.kind === 'Alert' || s.kind === 'Administer' || s.kind === 'Track' || s.kind === 'Assess') pure = false;
    }, (e) => {
      if (e.kind === 'Call' && !this.callIsPure(e, visiting)) pure = false;
    });
    visiting.delete(fn.name);
    this.pure.set(fn.name, pure);
    return pure;
  }
}

/** `med.<module>.<function>` → [module, function]; null for anything else. */
function libraryPath(e: A.Expr): [string, string] | null {
  if (e.kind !== 'Member' || e.object.kind !== 'Member' || e.object.object.kind !== 'Name' || e.object.object.name !== 'med') return null;
  return [e.object.property, e.property];
}

function calleeText(e: A.Expr): string {
  if (e.kind === 'Name') return e.name;
  if (e.kind === 'Member') return `${calleeText(e.object)}.${e.property}`;
  return 'the call';
}

/** The value of a condition that does not depend on anything run: literals, `not`, `and`, `or`, comparisons of plain numbers or strings. */
export function constantBoolean(e: A.Expr): boolean | null {
  switch (e.kind) {
    case 'Boolean':
      return e.value;
    case 'Unary': {
      if (e.op !== 'not') return null;
      const inner = constantBoolean(e.operand);
      return inner === null ? null : !inner;
    }
    case 'Binary': {
      if (e.op === 'and' || e.op === 'or') {
        const left = constantBoolean(e.left);
        const right = constantBoolean(e.right);
        const absorbing = e.op === 'or';
        if (left === absorbing || right === absorbing) return absorbing;
        return left !== null && right !== null ? !absorbing : null;
      }
      const a = plainLiteral(e.left);
      const b = plainLiteral(e.right);
      if (a === null || b === null || typeof a !== typeof b) return null;
      switch (e.op) {
        case '==':
          return a === b;
        case '!=':
          return a !== b;
        case '<':
          return typeof a === 'number' ? a < (b as number) : null;
        case '<=':
          return typeof a === 'number' ? a <= (b as number) : null;
        case '>':
          return typeof a === 'number' ? a > (b as number) : null;
        case '>=':
          return typeof a === 'number' ? a >= (b as number) : null;
        default:
          return null;
      }
    }
    default:
      return null;
  }
}

/** A number without a unit (`-3` included) or a string, as written; null for anything else. */
function plainLiteral(e: A.Expr): number | string | null {
  if (e.kind === 'Number' && e.unit === null) return e.value;
  if (e.kind === 'Unary' && e.op === '-' && e.operand.kind === 'Number' && e.operand.unit === null) return -e.operand.value;
  if (e.kind === 'String') return e.value;
  return null;
}

/** Every statement of a body, nested blocks included, and every expression in them. */
function visitStatements(statements: A.Statement[], onStatement: (s: A.Statement) => void, onExpr: (e: A.Expr) => void): void {
  const expr = (e: A.Expr | null): void => {
    if (e) visitExpr(e, onExpr);
  };
  for (const s of statements) {
    onStatement(s);
    switch (s.kind) {
      case 'Let':
        expr(s.value);
        break;
      case 'If':
        for (const branch of s.branches) {
          expr(branch.condition);
          visitStatements(branch.then, onStatement, onExpr);
        }
        if (s.otherwise) visitStatements(s.otherwise, onStatement, onExpr);
        break;
      case 'While':
        expr(s.condition);
        visitStatements(s.body, onStatement, onExpr);
        break;
      case 'For':
        expr(s.iterable);
        visitStatements(s.body, onStatement, onExpr);
        break;
      case 'Alert':
        expr(s.message);
        break;
      case 'Administer':
        expr(s.dose);
        expr(s.every);
        break;
      case 'Return':
        expr(s.value);
        break;
      case 'ExprStatement':
        expr(s.expr);
        break;
      default:
        break;
    }
  }
}

function visitExpr(e: A.Expr, on: (e: A.Expr) => void): void {
  on(e);
  switch (e.kind) {
    case 'List':
      for (const el of e.elements) visitExpr(el, on);
      return;
    case 'Map':
      for (const entry of e.entries) visitExpr(entry.value, on);
      return;
    case 'Construct':
      for (const f of e.fields) visitExpr(f.value, on);
      return;
    case 'Member':
      visitExpr(e.object, on);
      return;
    case 'Index':
      visitExpr(e.object, on);
      visitExpr(e.index, on);
      return;
    case 'Call':
      visitExpr(e.callee, on);
      for (const arg of e.args) visitExpr(arg, on);
      return;
    case 'Unary':
      visitExpr(e.operand, on);
      return;
    case 'Binary':
      visitExpr(e.left, on);
      visitExpr(e.right, on);
      return;
    case 'Convert':
      visitExpr(e.value, on);
      return;
    default:
      return;
  }
}

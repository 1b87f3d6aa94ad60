// Units known before running (language.md §7): literals, patient fields, `as` conversions, and names
// bound once to such an expression. Whatever this pass cannot know is left to the runtime, which
// applies the same rules; what it can know and is wrong is a compile error at the construct.
import type { Span } from '../../diagnostic.js';
import type * as A from '../../parser/ast.js';
import { BUILTINS } from '../../runtime/builtins.js';
import { patientFieldUnit } from '../../runtime/patient.js';
import { commensurable, invertUnit, multiplyUnits, parseUnit, UnitAlgebraError, withAnalyte, type Unit } from '../../units/index.js';

/** A plain number, a quantity in a known unit, or not known (any other value, or not knowable). */
export type StaticUnit = 'plain' | Unit | null;

export interface UnitScope {
  /** names whose unit is known: bound exactly once, to an expression of known unit */
  known: Map<string, StaticUnit>;
  /** names bound to the request's patient (`input: Patient p;`) */
  patients: Set<string>;
}

/** The parameters of `med.<module>.<function>` with the unit each declares (null: none), or null for an unknown function. */
export type LibraryParamUnits = (module: string, name: string) => readonly { name: string; unit: Unit | null }[] | null;

type Report = (at: Span, message: string) => void;

const COMPARISONS = new Set(['<', '<=', '>', '>=', '==', '!=']);
/** the statically known extremes of built-ins: `min(5 mg, 1 g)` must compare its arguments */
const EXTREMES = new Set(['min', 'max']);

/** How a message names an operand: `5 mL`, `dose (mg)`, `p.bp (mmHg)`, or `a quantity in mg`. */
function shown(u: Unit, e: A.Expr): string {
  const literal = quantityLiteral(e);
  if (literal) return literal;
  if (e.kind === 'Name') return `${e.name} (${u.text})`;
  if (e.kind === 'Member' && e.object.kind === 'Name') return `${e.object.name}.${e.property} (${u.text})`;
  return `a quantity in ${u.text}`;
}

function quantityLiteral(e: A.Expr): string | null {
  if (e.kind === 'Number' && e.unit !== null) return `${e.value} ${e.unit}`;
  if (e.kind === 'Unary' && e.op === '-' && e.operand.kind === 'Number' && e.operand.unit !== null) return `-${e.operand.value} ${e.operand.unit}`;
  return null;
}

function isUnit(u: StaticUnit): u is Unit {
  return u !== null && u !== 'plain';
}

export class UnitChecker {
  constructor(
    private readonly report: Report,
    private readonly paramUnits: LibraryParamUnits,
    /** a function of the file, which hides a built-in of the same name */
    private readonly isUserFunction: (name: string) => boolean,
  ) {}

  /** The unit of `e`, reporting every unit error inside it. */
  infer(e: A.Expr, scope: UnitScope): StaticUnit {
    switch (e.kind) {
      case 'Number': {
        if (e.unit === null) return 'plain';
        const unit = parseUnit(e.unit);
        if (!unit) this.report(e, `unknown unit '${e.unit}'`);
        return unit;
      }
      case 'Name':
        return scope.known.get(e.name) ?? null;
      case 'Member': {
        this.infer(e.object, scope);
        if (e.object.kind === 'Name' && scope.patients.has(e.object.name)) return patientFieldUnit(e.property);
        return null;
      }
      case 'Unary': {
        const operand = this.infer(e.operand, scope);
        return e.op === '-' ? operand : null;
      }
      case 'Convert':
        return this.convert(e, scope);
      case 'Binary':
        return this.binary(e, scope);
      case 'Call':
        return this.call(e, scope);
      case 'List':
        for (const x of e.elements) this.infer(x, scope);
        return null;
      case 'Map':
        for (const x of e.entries) this.infer(x.value, scope);
        return null;
      case 'Construct':
        for (const x of e.fields) this.infer(x.value, scope);
        return null;
      case 'Index':
        this.infer(e.object, scope);
        this.infer(e.index, scope);
        return null;
      default:
        return null;
    }
  }

  private convert(e: A.Convert, scope: UnitScope): StaticUnit {
    const from = this.infer(e.value, scope);
    const to = parseUnit(e.unit);
    if (!to) {
      this.report(e.unitSpan, `unknown unit '${e.unit}'`);
      return null;
    }
    if (from === 'plain') {
      this.report(e, `'as ${e.unit}' converts a quantity, but this is a plain number; write the unit after the number instead`);
    } else if (isUnit(from) && !commensurable(from, to)) {
      this.report(e, `cannot convert ${shown(from, e.value)} to ${to.text}: ${from.dimension} is not ${to.dimension}`);
    } else if (isUnit(from)) {
      return withAnalyte(to, from.analyte);
    }
    return to;
  }

  private binary(e: A.Binary, scope: UnitScope): StaticUnit {
    const left = this.infer(e.left, scope);
    const right = this.infer(e.right, scope);
    if (e.op === 'and' || e.op === 'or' || e.op === 'in') return null;
    const both = isUnit(left) && isUnit(right);
    if (COMPARISONS.has(e.op)) {
      if (both && !commensurable(left, right)) this.report(e, `cannot compare ${shown(left, e.left)} with ${shown(right, e.right)}: ${left.dimension} is not ${right.dimension}`);
      return null;
    }
    if (left === null || right === null) return null;
    switch (e.op) {
      case '+':
      case '-':
        if (both && !commensurable(left, right)) {
          const verb = e.op === '+' ? 'add' : 'subtract';
          this.report(e, `cannot ${verb} ${shown(left, e.left)} and ${shown(right, e.right)}: ${left.dimension} is not ${right.dimension}`);
          return null;
        }
        return isUnit(left) ? left : right;
      case '*':
      case '/': {
        if (!isUnit(left) && !isUnit(right)) return 'plain';
        if (!isUnit(right)) return left;
        try {
          if (!isUnit(left)) return e.op === '*' ? right : invertUnit(right);
          return multiplyUnits(left, right, e.op === '*' ? 1 : -1).unit ?? 'plain';
        } catch (error) {
          if (!(error instanceof UnitAlgebraError)) throw error;
          this.report(e, `cannot ${e.op === '*' ? 'multiply' : 'divide'} ${shown(left as Unit, e.left)} by ${shown(right, e.right)}: ${error.message}`);
          return null;
        }
      }
      case '%':
        if (both || isUnit(left) || isUnit(right)) this.report(e, `'%' needs two plain numbers`);
        return left === 'plain' && right === 'plain' ? 'plain' : null;
      default:
        return null;
    }
  }

  /** A library parameter declared with a unit takes a commensurable quantity (converted when it runs); a built-in keeps its argument's unit. */
  private call(e: A.Call, scope: UnitScope): StaticUnit {
    const args = e.args.map((a) => this.infer(a, scope));
    if (e.callee.kind === 'Name' && !scope.known.has(e.callee.name) && !this.isUserFunction(e.callee.name)) return this.builtin(e, e.callee.name, args);
    const path = libraryPath(e.callee);
    if (!path) return null;
    const params = this.paramUnits(path[0], path[1]);
    if (!params) return null;
    args.forEach((arg, i) => {
      const wanted = params[i]?.unit;
      if (wanted && isUnit(arg) && !commensurable(arg, wanted)) {
        const label = `${path[0]}.${path[1]}: argument ${i + 1} '${params[i]!.name}'`;
        this.report(e.args[i]!, `${label} must be in ${wanted.text} (${wanted.dimension}), got ${shown(arg, e.args[i]!)} (${arg.dimension})`);
      }
    });
    return null;
  }

  /** `round(5 mg)` is in mg; `min(5 mg, 1 g)` compares its arguments, so their units must be commensurable. */
  private builtin(e: A.Call, name: string, args: StaticUnit[]): StaticUnit {
    const builtin = BUILTINS.get(name);
    if (!builtin || !builtin.keepsUnit || args.length === 0) return null;
    const first = args[0]!;
    if (EXTREMES.has(name) && isUnit(first)) {
      args.forEach((u, i) => {
        if (i > 0 && isUnit(u) && !commensurable(first, u)) this.report(e.args[i]!, `${name}: cannot compare ${shown(first, e.args[0]!)} with ${shown(u, e.args[i]!)}: ${first.dimension} is not ${u.dimension}`);
      });
    }
    return first;
  }
}

function libraryPath(e: A.Expr): [string, string] | null {
  if (e.kind !== 'Member' || e.object.kind !== 'Member' || e.object.object.kind !== 'Name' || e.object.object.name !== 'med') return null;
  return [e.object.property, e.property];
}

// The built-in functions of the language (language.md §5): rounding, extremes and list measures on
// numbers and on quantities. The checker reads their arity and argument kinds from here; each throws
// OperandError naming the function and the argument, and the compiled call adds the position.
import { absolute, ceiled, floored, isNum, plus, rounded, type Num } from './numbers.js';
import { compare, OperandError, wholeNumber } from './operators.js';
import { formatQuantity, kindOf, Quantity, type Value } from './values.js';

/** What an argument may be, for the checker's messages and its literal checks. */
export type BuiltinArgument = 'number or quantity' | 'whole number' | 'list' | 'list or string' | 'numbers, quantities or one list';

export interface Builtin {
  name: string;
  minArgs: number;
  maxArgs: number;
  /** the kind each argument must have (the last one repeats) */
  args: readonly BuiltinArgument[];
  /** whether the result carries the unit of the first argument (for the checker's unit inference) */
  keepsUnit: boolean;
  apply(args: Value[]): Value;
}

export const MAX_ROUND_DIGITS = 28;

function describe(v: Value): string {
  return v instanceof Quantity ? formatQuantity(v) : isNum(v) ? `the number ${String(v)}` : `a ${kindOf(v)}`;
}

/** A wrong argument of a built-in; the compiled call reports it at that argument. */
export class BuiltinArgumentError extends OperandError {
  constructor(
    message: string,
    /** from 0 */
    readonly argument: number,
  ) {
    super(message);
  }
}

function argumentError(fn: string, index: number, wanted: string, got: Value): OperandError {
  return new BuiltinArgumentError(`${fn}: argument ${index + 1} must be ${wanted}, got ${describe(got)}`, index);
}

/** Applies a rounding to a number or to a quantity's magnitude, keeping the unit. */
function magnitude(fn: string, v: Value, step: (n: Num) => Num): Value {
  if (isNum(v)) return step(v);
  if (v instanceof Quantity) return new Quantity(step(v.value), v.unit);
  throw argumentError(fn, 0, 'a number or a quantity', v);
}

/** The smallest (sign −1) or largest (sign 1) of numbers and commensurable quantities, in the first one's unit. */
function extreme(fn: string, args: Value[], sign: 1 | -1): Value {
  const items = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
  if (items.length === 0) throw new OperandError(`${fn}: needs at least one value, got an empty list`);
  let best = items[0]!;
  items.forEach((item, i) => {
    if (!isNum(item) && !(item instanceof Quantity)) throw argumentError(fn, args.length === 1 ? 0 : i, args.length === 1 ? 'a list of numbers or quantities' : 'a number or a quantity', item);
    if (i > 0 && compare(sign === 1 ? '>' : '<', item, best)) best = item;
  });
  const first = items[0]!;
  // `min(1 g, 200 mg)` is 0.2 g: the answer in the first value's unit, as `+` does
  if (first instanceof Quantity && best instanceof Quantity && best !== first) return new Quantity(best.in(first.unit)!, first.unit);
  return best;
}

function total(args: Value[]): Value {
  const list = args[0]!;
  if (!Array.isArray(list)) throw argumentError('sum', 0, 'a list', list);
  if (list.length === 0) return 0;
  let acc: Value = list[0]!;
  list.forEach((item, i) => {
    if (!isNum(item) && !(item instanceof Quantity)) throw new OperandError(`sum: item ${i} of the list must be a number or a quantity, got ${describe(item)}`);
    if (i === 0) return;
    if (acc instanceof Quantity && item instanceof Quantity) {
      const value = item.in(acc.unit);
      if (value === null) throw new OperandError(`sum: item ${i} (${formatQuantity(item)}) cannot be added to ${formatQuantity(acc)}: ${acc.unit.dimension} is not ${item.unit.dimension}`);
      acc = new Quantity(plus(acc.value, value), acc.unit);
    } else if (acc instanceof Quantity) acc = new Quantity(plus(acc.value, item as Num), acc.unit);
    else if (item instanceof Quantity) acc = new Quantity(plus(acc as Num, item.value), item.unit);
    else acc = plus(acc as Num, item);
  });
  return acc;
}

const builtin = (spec: Builtin): Builtin => Object.freeze(spec);

export const BUILTINS: ReadonlyMap<string, Builtin> = new Map(
  [
    builtin({
      name: 'round',
      minArgs: 1,
      maxArgs: 2,
      args: ['number or quantity', 'whole number'],
      keepsUnit: true,
      apply: ([x, digits]) => {
        const places = digits === undefined ? 0 : wholeNumber(digits);
        if (places === null || places < 0 || places > MAX_ROUND_DIGITS) throw argumentError('round', 1, `a whole number of digits from 0 to ${MAX_ROUND_DIGITS}`, digits!);
        return magnitude('round', x!, (n) => rounded(n, places));
      },
    }),
    builtin({ name: 'floor', minArgs: 1, maxArgs: 1, args: ['number or quantity'], keepsUnit: true, apply: ([x]) => magnitude('floor', x!, floored) }),
    builtin({ name: 'ceil', minArgs: 1, maxArgs: 1, args: ['number or quantity'], keepsUnit: true, apply: ([x]) => magnitude('ceil', x!, ceiled) }),
    builtin({ name: 'abs', minArgs: 1, maxArgs: 1, args: ['number or quantity'], keepsUnit: true, apply: ([x]) => magnitude('abs', x!, absolute) }),
    builtin({ name: 'min', minArgs: 1, maxArgs: Infinity, args: ['numbers, quantities or one list'], keepsUnit: true, apply: (args) => extreme('min', args, -1) }),
    builtin({ name: 'max', minArgs: 1, maxArgs: Infinity, args: ['numbers, quantities or one list'], keepsUnit: true, apply: (args) => extreme('max', args, 1) }),
    builtin({
      name: 'len',
      minArgs: 1,
      maxArgs: 1,
      args: ['list or string'],
      keepsUnit: false,
      apply: ([x]) => {
        if (Array.isArray(x)) return x.length;
        if (typeof x === 'string') return [...x].length;
        throw argumentError('len', 0, 'a list or a string', x!);
      },
    }),
    builtin({ name: 'sum', minArgs: 1, maxArgs: 1, args: ['list'], keepsUnit: false, apply: total }),
  ].map((b) => [b.name, b]),
);

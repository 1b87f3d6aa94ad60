// Operators on values (language.md §5–§7): exact decimal arithmetic, unit-aware quantities, lists that
// join, no silent results. Each throws OperandError with a message; the compiled program adds the position.
import { invertUnit, multiplyUnits, UnitAlgebraError, withAnalyte, type Unit } from '../units/index.js';
import { convertedQuotient, ExactDecimal, quotient } from '../util/decimal.js';
import { canonical, dividedBy, isInteger, isNum, isZero, minus, modulo, negated, NumberRangeError, plus, times, toDecimal, type Num } from './numbers.js';
import { formatQuantity, kindOf, Quantity, renderText, valuesEqual, type Value } from './values.js';

export const MAX_STRING_LENGTH = 1_000_000;
export const MAX_LIST_LENGTH = 100_000;

export class OperandError extends Error {
  override name = 'OperandError';
}

function describe(v: Value): string {
  if (v instanceof Quantity) return formatQuantity(v);
  if (isNum(v)) return String(v);
  return kindOf(v) === 'string' ? 'a string' : `a ${kindOf(v)}`;
}

/** Runs one arithmetic step, naming it when the result leaves the range of numbers. */
function within<T>(what: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof NumberRangeError) throw new OperandError(`${what} is not a finite number`);
    throw error;
  }
}

/** `b` in `a`'s unit, or an error naming both units and their dimensions. */
function inUnitOf(a: Quantity, b: Quantity, verb: string, joiner: string): Num {
  const value = within('the converted value', () => b.in(a.unit));
  if (value === null) throw new OperandError(`cannot ${verb} ${formatQuantity(a)} ${joiner} ${formatQuantity(b)}: ${a.unit.dimension} is not ${b.unit.dimension}`);
  return value;
}

/** The unit of a sum: the left one, carrying the analyte of either side (`110 umol/L + p.creatinine`). */
function sumUnit(a: Quantity, b: Quantity): Unit {
  return a.unit.analyte || !b.unit.analyte ? a.unit : withAnalyte(a.unit, b.unit.analyte);
}

function concat(a: Value, b: Value): string {
  const text = renderText(a) + renderText(b);
  if (text.length > MAX_STRING_LENGTH) throw new OperandError(`string longer than ${MAX_STRING_LENGTH} characters`);
  return text;
}

/** `xs + ys`: a new list of both lists' elements. */
function join(a: Value[], b: Value[]): Value[] {
  if (a.length + b.length > MAX_LIST_LENGTH) throw new OperandError(`a list holds at most ${MAX_LIST_LENGTH} elements`);
  return [...a, ...b];
}

/** A plain number beside a quantity is taken in the quantity's unit (language.md §7). */
export function add(a: Value, b: Value): Value {
  if (isNum(a) && isNum(b)) return within('the sum', () => plus(a, b));
  if (typeof a === 'string' || typeof b === 'string') return concat(a, b);
  if (Array.isArray(a) && Array.isArray(b)) return join(a, b);
  if (a instanceof Quantity && b instanceof Quantity) return new Quantity(within('the sum', () => plus(a.value, inUnitOf(a, b, 'add', 'and'))), sumUnit(a, b));
  if (a instanceof Quantity && isNum(b)) return new Quantity(within('the sum', () => plus(a.value, b)), a.unit);
  if (isNum(a) && b instanceof Quantity) return new Quantity(within('the sum', () => plus(a, b.value)), b.unit);
  throw new OperandError(`cannot add ${describe(a)} and ${describe(b)}`);
}

export function subtract(a: Value, b: Value): Value {
  if (isNum(a) && isNum(b)) return within('the difference', () => minus(a, b));
  if (a instanceof Quantity && b instanceof Quantity) return new Quantity(within('the difference', () => minus(a.value, inUnitOf(a, b, 'subtract', 'and'))), sumUnit(a, b));
  if (a instanceof Quantity && isNum(b)) return new Quantity(within('the difference', () => minus(a.value, b)), a.unit);
  if (isNum(a) && b instanceof Quantity) return new Quantity(within('the difference', () => minus(a, b.value)), b.unit);
  throw new OperandError(`cannot subtract ${describe(b)} from ${describe(a)}`);
}

/** Units multiply and divide with cancellation (`15 mg/kg × 80 kg` = `1200 mg`); a dimensionless result is a plain number. */
function product(a: Quantity, b: Quantity, sign: 1 | -1, what: string): Value {
  let result;
  try {
    result = multiplyUnits(a.unit, b.unit, sign);
  } catch (error) {
    if (error instanceof UnitAlgebraError) throw new OperandError(`cannot ${sign === 1 ? 'multiply' : 'divide'} ${formatQuantity(a)} by ${formatQuantity(b)}: ${error.message}`);
    throw error;
  }
  const value = within(what, () => {
    const { num, den } = result.scale;
    const plain = sign === 1 ? times(a.value, b.value) : dividedBy(a.value, b.value);
    if (num.eq(den)) return plain;
    // the unit scale (`mL/h × min` is ÷ 60) applies exactly; a quotient keeps its 8 decimal places
    const left = new ExactDecimal(toDecimal(a.value));
    const right = new ExactDecimal(toDecimal(b.value));
    // a product is exact unless its unit scale repeats; a quotient always keeps 8 places
    if (sign === 1) return canonical(convertedQuotient(left.times(right).times(num), den));
    return canonical(quotient(left.times(num), right.times(den)));
  });
  return result.unit ? new Quantity(value, result.unit) : value;
}

export function multiply(a: Value, b: Value): Value {
  if (isNum(a) && isNum(b)) return within('the product', () => times(a, b));
  if (a instanceof Quantity && isNum(b)) return new Quantity(within('the product', () => times(a.value, b)), a.unit);
  if (isNum(a) && b instanceof Quantity) return new Quantity(within('the product', () => times(a, b.value)), b.unit);
  if (a instanceof Quantity && b instanceof Quantity) return product(a, b, 1, 'the product');
  throw new OperandError(`cannot multiply ${describe(a)} by ${describe(b)}`);
}

export function divide(a: Value, b: Value): Value {
  const divisor = b instanceof Quantity ? b.value : b;
  if (isNum(divisor) && isZero(divisor) && (isNum(a) || a instanceof Quantity)) throw new OperandError('division by zero');
  if (isNum(a) && isNum(b)) return within('the quotient', () => dividedBy(a, b));
  if (a instanceof Quantity && isNum(b)) return new Quantity(within('the quotient', () => dividedBy(a.value, b)), a.unit);
  if (a instanceof Quantity && b instanceof Quantity) return product(a, b, -1, 'the quotient');
  if (isNum(a) && b instanceof Quantity) {
    try {
      return new Quantity(within('the quotient', () => dividedBy(a, b.value)), invertUnit(b.unit));
    } catch (error) {
      if (error instanceof UnitAlgebraError) throw new OperandError(`cannot divide ${describe(a)} by ${formatQuantity(b)}: ${error.message}`);
      throw error;
    }
  }
  throw new OperandError(`cannot divide ${describe(a)} by ${describe(b)}`);
}

/** `e as unit`: converts a quantity, or says why it cannot; the result keeps the quantity's analyte. */
export function convert(a: Value, unit: Unit): Value {
  if (!(a instanceof Quantity)) {
    throw new OperandError(`'as ${unit.text}' converts a quantity, but got ${describe(a)}; write the unit after the number (${isNum(a) ? `${a} ${unit.text}` : `5 ${unit.text}`})`);
  }
  const value = within('the converted value', () => a.in(unit));
  if (value === null) throw new OperandError(`cannot convert ${formatQuantity(a)} to ${unit.text}: ${a.unit.dimension} is not ${unit.dimension}`);
  return new Quantity(value, withAnalyte(unit, a.unit.analyte ?? unit.analyte));
}

export function remainder(a: Value, b: Value): Value {
  if (isNum(a) && isNum(b)) {
    if (isZero(b)) throw new OperandError('remainder of division by zero');
    return within('the remainder', () => modulo(a, b));
  }
  throw new OperandError(`'%' needs two numbers, got ${describe(a)} and ${describe(b)}`);
}

export function negate(a: Value): Value {
  if (isNum(a)) return negated(a);
  if (a instanceof Quantity) return new Quantity(negated(a.value), a.unit);
  throw new OperandError(`cannot negate ${describe(a)}`);
}

function order(a: Value, b: Value, op: string): number {
  if (isNum(a) && isNum(b)) return toDecimal(a).comparedTo(toDecimal(b));
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof Quantity && b instanceof Quantity) {
    const result = a.compareTo(b);
    if (result === null) throw new OperandError(`cannot compare ${formatQuantity(a)} with ${formatQuantity(b)}: ${a.unit.dimension} is not ${b.unit.dimension}`);
    return result;
  }
  if (a instanceof Quantity && isNum(b)) return toDecimal(a.value).comparedTo(toDecimal(b));
  if (isNum(a) && b instanceof Quantity) return toDecimal(a).comparedTo(toDecimal(b.value));
  throw new OperandError(`cannot compare ${describe(a)} with ${describe(b)} using '${op}'`);
}

/** `<`, `<=`, `>`, `>=`: two numbers, two quantities of one dimension (compared exactly), a quantity and a number, or two strings. */
export function compare(op: '<' | '<=' | '>' | '>=', a: Value, b: Value): boolean {
  const c = order(a, b, op);
  switch (op) {
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
  }
}

/** `==`: structural; quantities of different dimensions cannot be compared. */
export function equals(a: Value, b: Value): boolean {
  if (a instanceof Quantity && b instanceof Quantity && a.compareTo(b) === null) {
    throw new OperandError(`cannot compare ${formatQuantity(a)} with ${formatQuantity(b)}: ${a.unit.dimension} is not ${b.unit.dimension}`);
  }
  return valuesEqual(a, b);
}

/** `x in xs`: whether an element of the list equals x as `==` does (strings exactly). */
export function contains(list: Value, x: Value): boolean {
  if (!Array.isArray(list)) throw new OperandError(`'in' needs a list on its right, found ${describe(list)}`);
  for (const item of list) if (equals(x, item)) return true;
  return false;
}

/** A whole number usable as a list index or digit count, else null. */
export function wholeNumber(v: Value): number | null {
  return isNum(v) && isInteger(v) ? Number(toDecimal(v).toFixed(0)) : null;
}

/** Conditions and logical operands must be booleans (language.md §6). */
export function notBooleanError(v: Value, where: string): OperandError {
  return new OperandError(`${where} must be true or false, found ${describe(v)}`);
}

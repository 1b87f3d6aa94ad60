// Operators on values (language.md §6, §7): strict arithmetic, unit-aware quantities, no silent results.
// Each throws OperandError with a message; the compiled program adds the source position.
import { invertUnit, multiplyUnits, tidy, UnitAlgebraError, type Unit } from '../units/index.js';
import { formatQuantity, kindOf, Quantity, renderText, valuesEqual, type Value } from './values.js';

export const MAX_STRING_LENGTH = 1_000_000;

export class OperandError extends Error {
  override name = 'OperandError';
}

function describe(v: Value): string {
  if (v instanceof Quantity) return formatQuantity(v);
  if (typeof v === 'number') return String(v);
  return kindOf(v) === 'string' ? 'a string' : `a ${kindOf(v)}`;
}

function finite(n: number, what: string): number {
  if (!Number.isFinite(n)) throw new OperandError(`${what} is not a finite number`);
  return n;
}

/** `b` in `a`'s unit, or an error naming both units and their dimensions. */
function inUnitOf(a: Quantity, b: Quantity, verb: string, joiner: string): number {
  const value = b.in(a.unit);
  if (value === null) {
    throw new OperandError(`cannot ${verb} ${formatQuantity(a)} ${joiner} ${formatQuantity(b)}: ${a.unit.dimension} is not ${b.unit.dimension}`);
  }
  return value;
}

function concat(a: Value, b: Value): string {
  const text = renderText(a) + renderText(b);
  if (text.length > MAX_STRING_LENGTH) throw new OperandError(`string longer than ${MAX_STRING_LENGTH} characters`);
  return text;
}

/** A plain number beside a quantity is taken in the quantity's unit (language.md §7). */
export function add(a: Value, b: Value): Value {
  if (typeof a === 'number' && typeof b === 'number') return finite(a + b, 'the sum');
  if (typeof a === 'string' || typeof b === 'string') return concat(a, b);
  if (a instanceof Quantity && b instanceof Quantity) return new Quantity(finite(a.value + inUnitOf(a, b, 'add', 'and'), 'the sum'), a.unit);
  if (a instanceof Quantity && typeof b === 'number') return new Quantity(finite(a.value + b, 'the sum'), a.unit);
  if (typeof a === 'number' && b instanceof Quantity) return new Quantity(finite(a + b.value, 'the sum'), b.unit);
  throw new OperandError(`cannot add ${describe(a)} and ${describe(b)}`);
}

export function subtract(a: Value, b: Value): Value {
  if (typeof a === 'number' && typeof b === 'number') return finite(a - b, 'the difference');
  if (a instanceof Quantity && b instanceof Quantity) return new Quantity(finite(a.value - inUnitOf(a, b, 'subtract', 'and'), 'the difference'), a.unit);
  if (a instanceof Quantity && typeof b === 'number') return new Quantity(finite(a.value - b, 'the difference'), a.unit);
  if (typeof a === 'number' && b instanceof Quantity) return new Quantity(finite(a - b.value, 'the difference'), b.unit);
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
  const raw = sign === 1 ? a.value * b.value : a.value / b.value;
  const value = finite(result.scale === 1 ? raw : tidy(raw * result.scale), what);
  return result.unit ? new Quantity(value, result.unit) : value;
}

export function multiply(a: Value, b: Value): Value {
  if (typeof a === 'number' && typeof b === 'number') return finite(a * b, 'the product');
  if (a instanceof Quantity && typeof b === 'number') return new Quantity(finite(a.value * b, 'the product'), a.unit);
  if (typeof a === 'number' && b instanceof Quantity) return new Quantity(finite(a * b.value, 'the product'), b.unit);
  if (a instanceof Quantity && b instanceof Quantity) return product(a, b, 1, 'the product');
  throw new OperandError(`cannot multiply ${describe(a)} by ${describe(b)}`);
}

export function divide(a: Value, b: Value): Value {
  const divisor = b instanceof Quantity ? b.value : b;
  if (divisor === 0 && (typeof a === 'number' || a instanceof Quantity)) throw new OperandError('division by zero');
  if (typeof a === 'number' && typeof b === 'number') return finite(a / b, 'the quotient');
  if (a instanceof Quantity && typeof b === 'number') return new Quantity(finite(a.value / b, 'the quotient'), a.unit);
  if (a instanceof Quantity && b instanceof Quantity) return product(a, b, -1, 'the quotient');
  if (typeof a === 'number' && b instanceof Quantity) {
    try {
      return new Quantity(finite(a / b.value, 'the quotient'), invertUnit(b.unit));
    } catch (error) {
      if (error instanceof UnitAlgebraError) throw new OperandError(`cannot divide ${describe(a)} by ${formatQuantity(b)}: ${error.message}`);
      throw error;
    }
  }
  throw new OperandError(`cannot divide ${describe(a)} by ${describe(b)}`);
}

/** `e as unit`: converts a quantity, or says why it cannot. */
export function convert(a: Value, unit: Unit): Value {
  if (!(a instanceof Quantity)) {
    throw new OperandError(`'as ${unit.text}' converts a quantity, but got ${describe(a)}; write the unit after the number (${typeof a === 'number' ? `${a} ${unit.text}` : `5 ${unit.text}`})`);
  }
  const value = a.in(unit);
  if (value === null) throw new OperandError(`cannot convert ${formatQuantity(a)} to ${unit.text}: ${a.unit.dimension} is not ${unit.dimension}`);
  return new Quantity(finite(value, 'the converted value'), unit);
}

export function remainder(a: Value, b: Value): Value {
  if (typeof a === 'number' && typeof b === 'number') {
    if (b === 0) throw new OperandError('remainder of division by zero');
    return finite(a % b, 'the remainder');
  }
  throw new OperandError(`'%' needs two numbers, got ${describe(a)} and ${describe(b)}`);
}

export function negate(a: Value): Value {
  if (typeof a === 'number') return a === 0 ? 0 : -a;
  if (a instanceof Quantity) return new Quantity(a.value === 0 ? 0 : -a.value, a.unit);
  throw new OperandError(`cannot negate ${describe(a)}`);
}

/** `<`, `<=`, `>`, `>=`: two numbers, two quantities of one dimension, a quantity and a number, or two strings. */
export function compare(op: '<' | '<=' | '>' | '>=', a: Value, b: Value): boolean {
  let x: number | string;
  let y: number | string;
  if (typeof a === 'number' && typeof b === 'number') [x, y] = [a, b];
  else if (typeof a === 'string' && typeof b === 'string') [x, y] = [a, b];
  else if (a instanceof Quantity && b instanceof Quantity) [x, y] = [a.value, inUnitOf(a, b, 'compare', 'with')]; else if (a instanceof Quantity && typeof b === 'number') [x, y] = [a.value, b];
  else if (typeof a === 'number' && b instanceof Quantity) [x, y] = [a, b.value];
  else throw new OperandError(`cannot compare ${describe(a)} with ${describe(b)} using '${op}'`);
  switch (op) {
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    case '>=':
      return x >= y;
  }
}

/** `==`: structural; quantities of different dimensions cannot be compared. */
export function equals(a: Value, b: Value): boolean {
  if (a instanceof Quantity && b instanceof Quantity) inUnitOf(a, b, 'compare', 'with');
  return valuesEqual(a, b);
}

/** Conditions and logical operands must be booleans (language.md §6). */
export function notBooleanError(v: Value, where: string): OperandError {
  return new OperandError(`${where} must be true or false, found ${describe(v)}`);
}

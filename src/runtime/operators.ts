// Operators on values (language.md §6, §7): strict arithmetic, unit-aware quantities, no silent results.
// Each throws OperandError with a message; the compiled program adds the source position.
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

function sameDimension(a: Quantity, b: Quantity, verb: string, joiner: string): void {
  if (a.dimension !== b.dimension) {
    throw new OperandError(`cannot ${verb} ${formatQuantity(a)} ${joiner} ${formatQuantity(b)}: ${a.dimension} is not ${b.dimension}`);
  }
}

function concat(a: Value, b: Value): string {
  const text = renderText(a) + renderText(b);
  if (text.length > MAX_STRING_LENGTH) throw new OperandError(`string longer than ${MAX_STRING_LENGTH} characters`);
  return text;
}

export function add(a: Value, b: Value): Value {
  if (typeof a === 'number' && typeof b === 'number') return finite(a + b, 'the sum');
  if (typeof a === 'string' || typeof b === 'string') return concat(a, b);
  if (a instanceof Quantity && b instanceof Quantity) {
    sameDimension(a, b, 'add', 'and');
    return new Quantity(finite(a.value + b.in(a), 'the sum'), a.unit, a.dimension, a.factor);
  }
  if (a instanceof Quantity && typeof b === 'number') return new Quantity(finite(a.value + b, 'the sum'), a.unit, a.dimension, a.factor);
  if (typeof a === 'number' && b instanceof Quantity) return new Quantity(finite(a + b.value, 'the sum'), b.unit, b.dimension, b.factor);
  throw new OperandError(`cannot add ${describe(a)} and ${describe(b)}`);
}

export function subtract(a: Value, b: Value): Value {
  if (typeof a === 'number' && typeof b === 'number') return finite(a - b, 'the difference');
  if (a instanceof Quantity && b instanceof Quantity) {
    sameDimension(a, b, 'subtract', 'and');
    return new Quantity(finite(a.value - b.in(a), 'the difference'), a.unit, a.dimension, a.factor);
  }
  if (a instanceof Quantity && typeof b === 'number') return new Quantity(finite(a.value - b, 'the difference'), a.unit, a.dimension, a.factor);
  if (typeof a === 'number' && b instanceof Quantity) return new Quantity(finite(a - b.value, 'the difference'), b.unit, b.dimension, b.factor);
  throw new OperandError(`cannot subtract ${describe(b)} from ${describe(a)}`);
}

export function multiply(a: Value, b: Value): Value {
  if (typeof a === 'number' && typeof b === 'number') return finite(a * b, 'the product');
  if (a instanceof Quantity && typeof b === 'number') return new Quantity(finite(a.value * b, 'the product'), a.unit, a.dimension, a.factor);
  if (typeof a === 'number' && b instanceof Quantity) return new Quantity(finite(a * b.value, 'the product'), b.unit, b.dimension, b.factor);
  if (a instanceof Quantity && b instanceof Quantity) {
    throw new OperandError(`cannot multiply ${formatQuantity(a)} by ${formatQuantity(b)}: only a plain number scales a quantity`);
  }
  throw new OperandError(`cannot multiply ${describe(a)} by ${describe(b)}`);
}

export function divide(a: Value, b: Value): Value {
  if (typeof b === 'number' && b === 0 && (typeof a === 'number' || a instanceof Quantity)) throw new OperandError('division by zero');
  if (typeof a === 'number' && typeof b === 'number') return finite(a / b, 'the quotient');
  if (a instanceof Quantity && typeof b === 'number') return new Quantity(finite(a.value / b, 'the quotient'), a.unit, a.dimension, a.factor);
  if (a instanceof Quantity && b instanceof Quantity) {
    throw new OperandError(`cannot divide ${formatQuantity(a)} by ${formatQuantity(b)}: only a plain number scales a quantity`);
  }
  throw new OperandError(`cannot divide ${describe(a)} by ${describe(b)}`);
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
  if (a instanceof Quantity) return new Quantity(-a.value, a.unit, a.dimension, a.factor);
  throw new OperandError(`cannot negate ${describe(a)}`);
}

/** `<`, `<=`, `>`, `>=`: two numbers, two quantities of one dimension, a quantity and a number, or two strings. */
export function compare(op: '<' | '<=' | '>' | '>=', a: Value, b: Value): boolean {
  let x: number | string;
  let y: number | string;
  if (typeof a === 'number' && typeof b === 'number') [x, y] = [a, b];
  else if (typeof a === 'string' && typeof b === 'string') [x, y] = [a, b];
  else if (a instanceof Quantity && b instanceof Quantity) {
    sameDimension(a, b, 'compare', 'with');
    [x, y] = [a.value, b.in(a)];
  } else if (a instanceof Quantity && typeof b === 'number') [x, y] = [a.value, b];
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
  if (a instanceof Quantity && b instanceof Quantity) sameDimension(a, b, 'compare', 'with');
  return valuesEqual(a, b);
}

/** Conditions and logical operands must be booleans (language.md §6). */
export function notBooleanError(v: Value, where: string): OperandError {
  return new OperandError(`${where} must be true or false, found ${describe(v)}`);
}

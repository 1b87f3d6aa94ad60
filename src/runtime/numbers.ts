// Numbers of the language (language.md §6): exact decimals. A number is held as a JavaScript double
// when the double's shortest text is exactly the decimal (0.1, 6.8, 1200: nearly every clinical
// value), so ordinary values stay fast and reach the library as they are; otherwise (more digits than
// a double keeps) as a Decimal. That form is canonical: a value never has both, so `===` on doubles and
// `<` between doubles keep their decimal meaning. + − × are exact (to 28 significant digits); ÷ rounds
// to 8 decimal places, ties away from zero (CQL).
import { Decimal, quotient } from '../util/decimal.js';

export type Num = number | Decimal;

/** An arithmetic result outside what the language holds (beyond ±1.8e308); the caller names the operation. */
export class NumberRangeError extends Error {
  override name = 'NumberRangeError';
}

export function isNum(v: unknown): v is Num {
  return typeof v === 'number' || v instanceof Decimal;
}

export function toDecimal(n: Num): Decimal {
  return n instanceof Decimal ? n : new Decimal(n);
}

/** The canonical form of a decimal: a double when it is exact, else the decimal; out of range throws. */
export function canonical(d: Decimal): Num {
  const n = d.toNumber();
  if (!Number.isFinite(n)) throw new NumberRangeError('out of range');
  if (n === 0) return d.isZero() ? 0 : d;
  return String(n) === d.toString() ? n : d;
}

/** A number literal as written (`0.1`, `9999999999999999999999`), or null when it is beyond the range. */
export function parseNumber(text: string): Num | null {
  const d = new Decimal(text);
  try {
    return canonical(d);
  } catch {
    return null;
  }
}

/** The nearest double, for the library boundary and JSON data. */
export function toNumber(n: Num): number {
  return typeof n === 'number' ? n : n.toNumber();
}

export function formatNum(n: Num): string {
  if (typeof n === 'number') return Object.is(n, -0) ? '0' : String(n);
  return n.toString();
}

export function isInteger(n: Num): boolean {
  return typeof n === 'number' ? Number.isInteger(n) : n.isInteger();
}

export function isZero(n: Num): boolean {
  return typeof n === 'number' ? n === 0 : n.isZero();
}

export function sign(n: Num): number {
  return typeof n === 'number' ? Math.sign(n) : n.isZero() ? 0 : n.isNegative() ? -1 : 1;
}

/** Two safe integers with a safe-integer result need no decimal: the common case of counters and indexes. */
const safe = (a: Num, b: Num, r: number): boolean => typeof a === 'number' && typeof b === 'number' && Number.isSafeInteger(a) && Number.isSafeInteger(b) && Number.isSafeInteger(r);

export function plus(a: Num, b: Num): Num {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a + b;
    if (safe(a, b, r)) return r;
  }
  return canonical(toDecimal(a).plus(toDecimal(b)));
}

export function minus(a: Num, b: Num): Num {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a - b;
    if (safe(a, b, r)) return r === 0 ? 0 : r;
  }
  return canonical(toDecimal(a).minus(toDecimal(b)));
}

export function times(a: Num, b: Num): Num {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a * b;
    if (safe(a, b, r)) return r === 0 ? 0 : r;
  }
  return canonical(toDecimal(a).times(toDecimal(b)));
}

/** a ÷ b to 8 decimal places; `b` is not zero (the caller reports division by zero). */
export function dividedBy(a: Num, b: Num): Num {
  if (typeof a === 'number' && typeof b === 'number' && Number.isSafeInteger(a) && Number.isSafeInteger(b) && a % b === 0) {
    const r = a / b;
    return r === 0 ? 0 : r;
  }
  return canonical(quotient(toDecimal(a), toDecimal(b)));
}

/** The remainder with the sign of the dividend (truncated division), exact. */
export function modulo(a: Num, b: Num): Num {
  if (typeof a === 'number' && typeof b === 'number' && Number.isSafeInteger(a) && Number.isSafeInteger(b)) {
    const r = a % b;
    return r === 0 ? 0 : r;
  }
  return canonical(toDecimal(a).mod(toDecimal(b)));
}

export function negated(a: Num): Num {
  if (typeof a === 'number') return a === 0 ? 0 : -a;
  return a.negated();
}

/** −1, 0 or 1. Canonical doubles order as the decimals they stand for. */
export function compareNum(a: Num, b: Num): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  return toDecimal(a).comparedTo(toDecimal(b));
}

export function equalNum(a: Num, b: Num): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  return toDecimal(a).eq(toDecimal(b));
}

/** Rounding for the built-ins (language.md §5): half away from zero to `places`, floor, ceil, abs. */
export function rounded(a: Num, places = 0): Num {
  if (typeof a === 'number' && places === 0 && Number.isSafeInteger(a)) return a;
  return canonical(toDecimal(a).toDecimalPlaces(places, Decimal.ROUND_HALF_UP));
}

export function floored(a: Num): Num {
  return typeof a === 'number' && Number.isSafeInteger(a) ? a : canonical(toDecimal(a).floor());
}

export function ceiled(a: Num): Num {
  return typeof a === 'number' && Number.isSafeInteger(a) ? a : canonical(toDecimal(a).ceil());
}

export function absolute(a: Num): Num {
  return typeof a === 'number' ? Math.abs(a) : a.abs();
}

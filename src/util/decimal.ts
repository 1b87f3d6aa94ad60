// Exact decimals for the protocol language (language.md §6): CQL's Decimal semantics (HL7 CQL 1.5,
// §"Decimal": 28 significant digits, quotients to 8 decimal places). decimal.js was chosen over
// hand-written arithmetic: it is exact in base 10, has configurable precision and rounding modes,
// ships its own types and has no dependencies (MIT).
import { Decimal as DecimalJs } from 'decimal.js';

/** The language's decimals: 28 significant digits, ties away from zero, shown like JavaScript numbers (`1e-7`, `1e+21`). */
export const Decimal = DecimalJs.clone({ precision: 28, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -7, toExpPos: 21, maxE: 9e15, minE: -9e15 });
export type Decimal = InstanceType<typeof Decimal>;

/** For exact intermediate products (unit factors, comparisons across units): wide enough never to round them. */
export const ExactDecimal = DecimalJs.clone({ precision: 200, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -7, toExpPos: 21, maxE: 9e15, minE: -9e15 });

/** Quotients are truncated at this precision first, then rounded half away from zero to 8 places: truncation keeps the tie test exact. */
const Quotient = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_DOWN, toExpNeg: -7, toExpPos: 21, maxE: 9e15, minE: -9e15 });

/** Decimal places of a quotient (CQL: the Decimal step is 10⁻⁸). */
export const QUOTIENT_PLACES = 8;

/** a ÷ b to 8 decimal places, ties away from zero, at most 28 significant digits. `b` must not be zero. */
export function quotient(a: DecimalJs.Value, b: DecimalJs.Value): Decimal {
  const x = new Quotient(a);
  const y = new Quotient(b);
  // digits before the point plus the 8 places and one more, so the rounding below sees the exact tie
  (Quotient as { precision: number }).precision = Math.max(1, x.e - y.e + 2) + QUOTIENT_PLACES + 2;
  const q = x.div(y);
  return new Decimal(q.toDecimalPlaces(QUOTIENT_PLACES, DecimalJs.ROUND_HALF_UP)).toSignificantDigits(28);
}

/**
 * a ÷ b exactly when the quotient terminates (mg → g, mcg/kg/min → mg/kg/h), else to 8 decimal places
 * (min → h, mg/dL → µmol/L); at most 28 significant digits either way. A quotient that fills the wide
 * precision did not terminate.
 */
export function convertedQuotient(a: DecimalJs.Value, b: DecimalJs.Value): Decimal {
  const exact = new ExactDecimal(a).div(b);
  if (exact.sd() < ExactDecimal.precision) return new Decimal(exact).toSignificantDigits(28);
  return quotient(a, b);
}

// Python's round(x, n) (modules.md §1.6): decided on the exact binary value of x, ties to even.
// round(2.675, 2) = 2.67 because the double 2.675 is 2.67499999...; Math.round and toFixed differ.

/** Rounds a finite double to `digits` decimals (0 or more) exactly as Python 3's round() does. */
export function pyRound(x: number, digits = 0): number {
  if (!Number.isFinite(x)) throw new RangeError(`cannot round ${x}`);
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) throw new RangeError(`bad digits ${digits}`);
  if (Number.isInteger(x)) return x;
  const { mantissa, exponent } = decompose(Math.abs(x));
  // |x| = mantissa * 2^exponent with exponent < 0 here (x is not an integer).
  const numerator = mantissa * 10n ** BigInt(digits);
  const denominator = 1n << BigInt(-exponent);
  let quotient = numerator / denominator;
  const twiceRemainder = 2n * (numerator - quotient * denominator);
  if (twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n)) quotient += 1n;
  const magnitude = Number(`${quotient}e-${digits}`);
  const result = x < 0 ? -magnitude : magnitude;
  return Object.is(result, -0) ? 0 : result;
}

/** Splits a positive finite double into an integer mantissa and a power-of-two exponent. */
function decompose(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biasedExponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  if (biasedExponent === 0) return { mantissa: fraction, exponent: -1074 };
  return { mantissa: fraction | (1n << 52n), exponent: biasedExponent - 1075 };
}

/** `x` to `digits` significant digits, decided on the exact binary value (toPrecision), ties away from zero. */
export function roundSignificant(x: number, digits: number): number {
  if (!Number.isFinite(x)) throw new RangeError(`cannot round ${x}`);
  return x === 0 ? 0 : Number(x.toPrecision(digits));
}

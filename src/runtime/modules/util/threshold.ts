// Threshold comparisons that ignore decimal artefacts (modules.md §1.6): a computed value within a
// relative 1e-9 of a threshold counts as equal to it (BUN 19.6/2.8 is urea 7.0).

const RELATIVE_TOLERANCE = 1e-9;

export function nearlyEqual(value: number, threshold: number): boolean {
  return Math.abs(value - threshold) <= RELATIVE_TOLERANCE * Math.max(Math.abs(value), Math.abs(threshold));
}

/** value ≥ threshold, counting near-equality as equal */
export function atLeast(value: number, threshold: number): boolean {
  return value >= threshold || nearlyEqual(value, threshold);
}

/** value > threshold, counting near-equality as equal (so not greater) */
export function above(value: number, threshold: number): boolean {
  return value > threshold && !nearlyEqual(value, threshold);
}

/** value ≤ threshold, counting near-equality as equal */
export function atMost(value: number, threshold: number): boolean {
  return value <= threshold || nearlyEqual(value, threshold);
}

/** value < threshold, counting near-equality as equal (so not less) */
export function below(value: number, threshold: number): boolean {
  return value < threshold && !nearlyEqual(value, threshold);
}

// The usual range of a dose (issue 22): how it reads, and what a dose outside it means. Ten times the top
// of the usual range is the tenfold error, the most common catastrophic slip of a decimal point or unit.
import { above, below } from '../util/threshold.js';

/** Ten times the top of the usual range is an ERROR and, where the table has no maximum, the hard limit. */
export const TENFOLD = 10;

export interface Range {
  low: number | null;
  high: number | null;
  unit: string;
}

/** A range as text that never prints a missing bound as a number: `500-1000 mg`, `up to 1.5 mg/kg`, `from 2 mg`. */
export function rangeText(range: Range): string {
  if (range.low !== null && range.high !== null) return range.low === range.high ? `${String(range.high)} ${range.unit}` : `${String(range.low)}-${String(range.high)} ${range.unit}`;
  if (range.high !== null) return `up to ${String(range.high)} ${range.unit}`;
  return `from ${String(range.low)} ${range.unit}`;
}

export function usualRangeReason(range: Range, converted: number, load: boolean): string | null {
  const what = load ? 'usual loading range' : 'usual range';
  if (range.high !== null && above(converted, range.high)) return `above ${what} ${rangeText(range)}`;
  if (range.low !== null && below(converted, range.low)) return `below ${what} ${rangeText(range)}`;
  return null;
}

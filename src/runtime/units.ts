// Units and their dimensions (language.md §2 and §7). A unit is a head unit followed by `/segment`s;
// its dimension is the head's dimension over the segments' dimensions, kept without cancelling
// (`mcg/kg/min` is mass/mass/time), so `mcg/kg/min` and `mg/kg/h` compare and `mcg/min` does not.

interface BaseUnit {
  dimension: string;
  /** size in the dimension's base unit (mg, mL, mmHg, mmol, mEq, units, min, %) */
  factor: number;
}

/** Units that may follow a number (language.md §2). */
export const HEAD_UNITS: Readonly<Record<string, BaseUnit>> = Object.freeze({
  mcg: { dimension: 'mass', factor: 0.001 },
  mg: { dimension: 'mass', factor: 1 },
  g: { dimension: 'mass', factor: 1000 },
  kg: { dimension: 'mass', factor: 1_000_000 },
  mL: { dimension: 'volume', factor: 1 },
  L: { dimension: 'volume', factor: 1000 },
  mmHg: { dimension: 'pressure', factor: 1 },
  mmol: { dimension: 'amount', factor: 1 },
  mol: { dimension: 'amount', factor: 1000 },
  mEq: { dimension: 'equivalents', factor: 1 },
  // IU and units are the same activity unit (modules.md §23: IU ≡ units)
  IU: { dimension: 'activity', factor: 1 },
  units: { dimension: 'activity', factor: 1 },
  s: { dimension: 'time', factor: 1 / 60 },
  min: { dimension: 'time', factor: 1 },
  h: { dimension: 'time', factor: 60 },
  hr: { dimension: 'time', factor: 60 },
  '%': { dimension: 'percent', factor: 1 },
});

/** Units that may follow a `/` inside a unit (language.md §2). */
export const SEGMENT_UNITS: Readonly<Record<string, BaseUnit>> = Object.freeze({
  min: HEAD_UNITS.min!,
  hr: HEAD_UNITS.hr!,
  h: HEAD_UNITS.h!,
  kg: HEAD_UNITS.kg!,
  L: HEAD_UNITS.L!,
  mL: HEAD_UNITS.mL!,
  dL: { dimension: 'volume', factor: 100 },
  day: { dimension: 'time', factor: 1440 },
});

export interface UnitInfo {
  /** the unit as written: `mcg/kg/min` */
  text: string;
  /** `mass/mass/time` */
  dimension: string;
  /** value in this unit × factor = value in the dimension's base units */
  factor: number;
}

/** Parses `mcg/kg/min`; null when the text is not a unit of the language. */
export function parseUnit(text: string): UnitInfo | null {
  const [head, ...segments] = text.split('/');
  const base = head === undefined ? undefined : HEAD_UNITS[head];
  if (!base || !Object.hasOwn(HEAD_UNITS, head!)) return null;
  let dimension = base.dimension;
  let factor = base.factor;
  for (const segment of segments) {
    const unit = Object.hasOwn(SEGMENT_UNITS, segment) ? SEGMENT_UNITS[segment] : undefined;
    if (!unit) return null;
    dimension += '/' + unit.dimension;
    factor /= unit.factor;
  }
  return { text, dimension, factor };
}

/** The dimension of a unit for messages: `mass/mass/time`; null when not a unit. */
export function dimensionOf(text: string): string | null {
  return parseUnit(text)?.dimension ?? null;
}

/** Converts `value` from one unit to another of the same dimension; null when the dimensions differ. */
export function convertUnit(value: number, from: string, to: string): number | null {
  const a = parseUnit(from);
  const b = parseUnit(to);
  if (!a || !b || a.dimension !== b.dimension) return null;
  if (a.factor === b.factor) return value;
  return (value * a.factor) / b.factor;
}

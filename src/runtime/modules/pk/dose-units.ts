// The dose-unit grammar of modules.md §4.3: `<quantity>{/<segment>}` with at most one `kg` and one time
// segment, and conversion between dose units through canonical quantities. Unit sizes come from the
// language's unit module (src/units), the one home of units.
import { atomNamed, tidy } from '../../../units/index.js';

export type Dimension = 'mass' | 'volume' | 'activity' | 'equivalents' | 'amount';
export type TimeUnit = 's' | 'min' | 'h' | 'day' | 'week';

export interface DoseUnit {
  text: string;
  quantity: string;
  dimension: Dimension;
  /** factor to the canonical unit of the dimension: mg, mL, units, mEq, mmol */
  factor: number;
  perKg: boolean;
  /** per m² of body surface (chemotherapy): converted with the patient's body surface area */
  perM2: boolean;
  time: TimeUnit | null;
}

/** The size of a unit atom in a canonical one (`mcg` in `mg` is 0.001), from the language's one unit table. */
function sizeIn(spelling: string, canonical: string): number {
  return tidy(atomNamed(spelling)!.factor / atomNamed(canonical)!.factor);
}

const quantity = (name: string, dimension: Dimension, canonical: string): { name: string; dimension: Dimension; factor: number } => ({
  name,
  dimension,
  factor: sizeIn(name, canonical),
});

/** Dose quantities by lower-case spelling; factors to mg, mL, units, mEq and mmol come from src/units. */
const QUANTITIES: Record<string, { name: string; dimension: Dimension; factor: number }> = {
  mcg: quantity('mcg', 'mass', 'mg'),
  ug: quantity('mcg', 'mass', 'mg'),
  µg: quantity('mcg', 'mass', 'mg'),
  mg: quantity('mg', 'mass', 'mg'),
  g: quantity('g', 'mass', 'mg'),
  kg: quantity('kg', 'mass', 'mg'),
  units: quantity('units', 'activity', 'units'),
  unit: quantity('units', 'activity', 'units'),
  u: quantity('units', 'activity', 'units'),
  iu: quantity('IU', 'activity', 'units'),
  meq: quantity('mEq', 'equivalents', 'mEq'),
  mmol: quantity('mmol', 'amount', 'mmol'),
  mol: quantity('mol', 'amount', 'mmol'),
  ml: quantity('mL', 'volume', 'mL'),
  l: quantity('L', 'volume', 'mL'),
};

const TIMES: Record<string, TimeUnit> = { s: 's', sec: 's', min: 'min', h: 'h', hr: 'h', day: 'day', d: 'day', week: 'week', wk: 'week' };
/** per-minute factor of each time segment: per h ÷ 60, per day ÷ 1440 */
const PER_MINUTE: Record<TimeUnit, number> = { s: 60, min: 1, h: 1 / 60, day: 1 / 1440, week: 1 / 10080 };
/** words that are units but never a dose denominator (a concentration such as mg/mL or mg/dL) */
const NON_DOSE_SEGMENTS = new Set(['ml', 'l', 'dl', 'mg', 'g', 'mcg', 'mmol', 'meq', 'units', 'iu']);

/** spellings of "per square metre of body surface" */
const SURFACE_SEGMENTS = new Set(['m2', 'm²', 'm^2']);

export type UnitParse = { ok: true; unit: DoseUnit } | { ok: false; notAUnit: boolean; reason: string };

/** Parses a dose unit. `notAUnit` distinguishes words that are no unit at all from non-dose units. */
export function parseDoseUnit(text: string): UnitParse {
  const parts = text.trim().split('/');
  const head = QUANTITIES[parts[0]!.toLowerCase()];
  if (!head) return { ok: false, notAUnit: true, reason: `'${parts[0]}' is not a dose quantity (mcg, mg, g, units, IU, mEq, mmol, mL, …)` };
  let perKg = false;
  let perM2 = false;
  let time: TimeUnit | null = null;
  for (const raw of parts.slice(1)) {
    const word = raw.toLowerCase();
    // a dose is per kg or per m² of body surface, never both
    if (word === 'kg' && !perKg && !perM2) perKg = true;
    else if (SURFACE_SEGMENTS.has(word) && !perKg && !perM2) perM2 = true;
    else if (TIMES[word] && time === null) time = TIMES[word]!;
    else if (word === 'kg' || SURFACE_SEGMENTS.has(word) || TIMES[word] || NON_DOSE_SEGMENTS.has(word)) return { ok: false, notAUnit: false, reason: `${text} is not a dose unit` };
    else return { ok: false, notAUnit: true, reason: `'${raw}' in '${text}' is not a unit segment (kg, m2, s, min, h, hr, day, week)` };
  }
  return { ok: true, unit: { text, quantity: head.name, dimension: head.dimension, factor: head.factor, perKg, perM2, time } };
}

/** The per-kg-free form of a unit for totals: `mg/kg` → `mg`, `mcg/kg/min` → `mcg/min`. */
export function withoutPerKg(unit: string): string {
  return unit
    .split('/')
    .filter((s, i) => i === 0 || s.toLowerCase() !== 'kg')
    .join('/');
}

export interface ConversionFacts {
  valence: number | null;
  meq_per_g: number | null;
  mmol_per_g: number | null;
}

export type Conversion = { ok: true; value: number; weightUsed: boolean; bsaUsed: boolean } | { ok: false; reason: string; needsWeight?: boolean; needsBsa?: boolean };

/**
 * Converts `value` in `from` into `to` (§4.3 step 4): quantity, time and per-kg segments all converted,
 * none dropped; across dimensions only mEq ↔ mmol (valence) and mass ↔ mEq/mmol (per-gram factors).
 */
export function convertDose(value: number, from: DoseUnit, to: DoseUnit, facts: ConversionFacts, weightKg: number | null, bsaM2: number | null = null): Conversion {
  const cannot = { ok: false as const, reason: `cannot compare ${from.text} with ${to.text}` };
  if ((from.time === null) !== (to.time === null)) return cannot;
  const quantity = quantityFactor(from, to, facts);
  if (quantity === null) return cannot;
  let result = value * quantity;
  if (from.time && to.time) result *= PER_MINUTE[from.time] / PER_MINUTE[to.time];
  let weightUsed = false;
  if (from.perKg !== to.perKg) {
    if (weightKg === null) return { ok: false, reason: `converting ${from.text} to ${to.text} needs the weight`, needsWeight: true };
    result = from.perKg ? result * weightKg : result / weightKg;
    weightUsed = true;
  }
  let bsaUsed = false;
  if (from.perM2 !== to.perM2) {
    if (bsaM2 === null) return { ok: false, reason: `converting ${from.text} to ${to.text} needs the body surface area`, needsBsa: true };
    result = from.perM2 ? result * bsaM2 : result / bsaM2;
    bsaUsed = true;
  }
  return { ok: true, value: result, weightUsed, bsaUsed };
}

/** canonical `from` amount per canonical `to` amount, or null when the dimensions cannot be bridged */
function quantityFactor(from: DoseUnit, to: DoseUnit, facts: ConversionFacts): number | null {
  const bridge = bridgeFactor(from.dimension, to.dimension, facts);
  return bridge === null ? null : (from.factor * bridge) / to.factor;
}

function bridgeFactor(from: Dimension, to: Dimension, f: ConversionFacts): number | null {
  if (from === to) return 1;
  const pair = `${from}>${to}`;
  switch (pair) {
    case 'amount>equivalents':
      return f.valence ?? null;
    case 'equivalents>amount':
      return f.valence ? 1 / f.valence : null;
    case 'mass>equivalents':
      return f.meq_per_g ? f.meq_per_g / 1000 : null;
    case 'equivalents>mass':
      return f.meq_per_g ? 1000 / f.meq_per_g : null;
    case 'mass>amount':
      return f.mmol_per_g ? f.mmol_per_g / 1000 : null;
    case 'amount>mass':
      return f.mmol_per_g ? 1000 / f.mmol_per_g : null;
    default:
      return null;
  }
}

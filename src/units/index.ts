// Units and their algebra (language.md §7): the one home of units for the lexer, the checker, the
// runtime and the library. A unit is a product of atoms with integer exponents (`mcg/kg/min` is
// mcg¹·kg⁻¹·min⁻¹). It sits below every stage and imports nothing of them.
import { ExactDecimal, type Decimal } from '../util/decimal.js';
import type { Analyte } from './analytes.js';
import { atomNamed, type Atom } from './atoms.js';

export { UNIT_SPELLINGS, atomNamed, type Atom } from './atoms.js';
export { ANALYTES, type Analyte } from './analytes.js';

/** An exact positive factor num/den (the sizes of time units and mmHg make some ratios non-terminating). */
export interface Ratio {
  num: Decimal;
  den: Decimal;
}

const ONE = new ExactDecimal(1);

export interface Term {
  atom: Atom;
  /** the spelling shown (`hr` stays `hr`) */
  spelling: string;
  exponent: number;
}

export interface Unit {
  /** `mcg/kg/min`, `mL/h`, `kg/cm2`, `/min` */
  text: string;
  terms: readonly Term[];
  /** what must agree for two units to add or compare: the kinds of its terms, not cancelled (`mass/mass/time`) */
  dimension: string;
  /** size in base units: value × factor = value in the kinds' base units */
  factor: number;
  /** the kinds as a canonical multiset (`mass-1 mass1 time-1`): equal for commensurable units */
  kinds: string;
  /** `factor` exactly */
  ratio: Ratio;
  /** the substance measured (`p.creatinine`), whose molar mass converts its mass and amount; null for most units */
  analyte: Analyte | null;
}

const parsed = new Map<string, Unit | null>();

/** `head{/segment}` where each part is an atom with an optional exponent digit (`kg/m2`, `mg/dL`, `/min`). */
export function parseUnit(text: string): Unit | null {
  let unit = parsed.get(text);
  if (unit === undefined) {
    unit = parseUncached(text);
    if (parsed.size < 10_000) parsed.set(text, unit);
  }
  return unit;
}

const PART = /^(.*?)([2-3])?$/;

function parseUncached(text: string): Unit | null {
  const parts = text.split('/');
  const terms: Term[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === '' && i === 0 && parts.length > 1) continue; // `/min`
    const direct = atomNamed(part);
    const [, name, power] = PART.exec(part)!;
    const found = direct ? { atom: direct, spelling: part, exponent: 1 } : power && atomNamed(name!) ? { atom: atomNamed(name!)!, spelling: name!, exponent: Number(power) } : null;
    if (!found) return null;
    if (i > 0 && found.atom.kind === 'percent') return null;
    if (i > 0) found.exponent = -found.exponent;
    const same = terms.find((t) => t.atom === found.atom);
    if (same) same.exponent += found.exponent;
    else terms.push(found);
  }
  if (terms.length === 0 || terms.some((t) => t.exponent === 0)) return null;
  return build(terms, text);
}

function build(terms: Term[], text?: string): Unit {
  let factor = 1;
  let num = ONE;
  let den = ONE;
  for (const t of terms) {
    factor *= t.atom.factor ** t.exponent;
    const size = new ExactDecimal(t.atom.factor).pow(Math.abs(t.exponent));
    if (t.exponent > 0) num = num.times(size);
    else den = den.times(size);
  }
  const frozen = Object.freeze(terms.map((t) => Object.freeze({ ...t })));
  return Object.freeze({ text: text ?? render(terms), terms: frozen, dimension: dimensionText(terms), factor, kinds: kindsOf(terms), ratio: { num, den }, analyte: null });
}

/** The term that carries a substance: the one mass or amount term, on top with exponent 1 (`mg/dL`, `umol/L`, `mmol`). */
function substanceTerm(u: Unit): Term | null {
  const terms = u.terms.filter((t) => t.atom.kind === 'mass' || t.atom.kind === 'amount');
  return terms.length === 1 && terms[0]!.exponent === 1 ? terms[0]! : null;
}

const withAnalytes = new Map<string, Unit>();

/** The unit as a measure of one analyte (`p.creatinine` is mg/dL of creatinine); unchanged when no term can carry it. */
export function withAnalyte(unit: Unit, analyte: Analyte | null): Unit {
  if (analyte === unit.analyte) return unit;
  if (analyte === null) return parseUnit(unit.text) ?? unit;
  if (!substanceTerm(unit)) return unit;
  const key = `${unit.text}|${analyte.name}`;
  let found = withAnalytes.get(key);
  if (!found) {
    found = Object.freeze({ ...unit, analyte });
    if (withAnalytes.size < 10_000) withAnalytes.set(key, found);
  }
  return found;
}

const SAME: Ratio = Object.freeze({ num: ONE, den: ONE });
const ratios = new WeakMap<Unit, Map<Unit, Ratio | null>>();

/** The exact factor from one unit to another (value × num ÷ den); null when they are not commensurable. Units are interned, so it is worked out once per pair. */
export function conversionRatio(from: Unit, to: Unit): Ratio | null {
  if (from === to || (from.text === to.text && from.kinds === to.kinds)) return SAME;
  let known = ratios.get(from);
  if (!known) ratios.set(from, (known = new Map()));
  let ratio = known.get(to);
  if (ratio === undefined) {
    ratio = ratioBetween(from, to);
    if (known.size < 1000) known.set(to, ratio);
  }
  return ratio;
}

function ratioBetween(from: Unit, to: Unit): Ratio | null {
  let num = from.ratio.num.times(to.ratio.den);
  let den = from.ratio.den.times(to.ratio.num);
  if (from.kinds === to.kinds) return { num, den };
  // mass ⇄ amount through the analyte's molar mass (g/mol): grams ÷ M = moles
  const analyte = from.analyte ?? to.analyte;
  if (!analyte || (from.analyte && to.analyte && from.analyte !== to.analyte)) return null;
  const a = substanceTerm(from);
  const b = substanceTerm(to);
  if (!a || !b || a.atom.kind === b.atom.kind) return null;
  const rest = (u: Unit, t: Term): string => kindsOf(u.terms.filter((x) => x !== t));
  if (rest(from, a) !== rest(to, b)) return null;
  const molarMass = new ExactDecimal(analyte.molarMass);
  if (a.atom.kind === 'mass') den = den.times(molarMass);
  else num = num.times(molarMass);
  return { num, den };
}

function render(terms: Term[]): string {
  // `cm2`, but `m2^2` where the spelling already ends in a digit
  const power = (t: Term): string => (Math.abs(t.exponent) === 1 ? '' : (/\d$/.test(t.spelling) ? '^' : '') + String(Math.abs(t.exponent)));
  const top = terms.filter((t) => t.exponent > 0).map((t) => t.spelling + power(t));
  const bottom = terms.filter((t) => t.exponent < 0).map((t) => `/${t.spelling}${power(t)}`);
  return top.join('·') + bottom.join('');
}

function dimensionText(terms: Term[]): string {
  const kind = (t: Term, exponent: number): string => t.atom.kind + (Math.abs(exponent * t.atom.power) === 1 ? '' : String(Math.abs(exponent * t.atom.power)));
  const top = terms.filter((t) => t.exponent > 0).map((t) => kind(t, t.exponent));
  const bottom = terms.filter((t) => t.exponent < 0).map((t) => `/${kind(t, t.exponent)}`);
  return (top.join('·') || '1') + bottom.join('');
}

/** Kinds as a canonical multiset, not cancelled: `mg/kg` and `g/kg` agree, `mg/kg` and `%` do not. */
function kindsOf(terms: readonly Term[]): string {
  return terms
    .map((t) => `${t.atom.kind}${t.exponent * t.atom.power}`)
    .sort()
    .join(' ');
}

/** Whether two units add and compare (after conversion): the same kinds, or mass and amount of one analyte. */
export function commensurable(a: Unit, b: Unit): boolean {
  return a === b || a.kinds === b.kinds || conversionRatio(a, b) !== null;
}

/** `value` from one unit into another (null: not commensurable), without binary noise; for the library's doubles. */
export function convertValue(value: number, from: Unit, to: Unit): number | null {
  if (from === to || from.text === to.text) return value;
  const ratio = conversionRatio(from, to);
  if (!ratio) return null;
  return tidy((value * ratio.num.toNumber()) / ratio.den.toNumber());
}

/**
 * A converted value to 15 significant digits: the sizes of the atoms are decimal, so binary noise
 * from multiplying them (`0.060000000000000005`) is dropped while every real digit is kept.
 */
export function tidy(x: number): number {
  return Number.isFinite(x) ? Number(x.toPrecision(15)) : x;
}

/** The outcome of multiplying or dividing two units: a unit, or null for a plain number, and a scale. */
export interface Product {
  unit: Unit | null;
  /** result value = left value × (right value)^±1 × scale.num ÷ scale.den */
  scale: Ratio;
}

const BODY_WEIGHT = 'kg';

/**
 * `a × b` (sign 1) or `a ÷ b` (sign −1). A right-hand atom joins a left-hand atom of its kind
 * (preferring one it cancels), converted to the left one's spelling, so `mg/kg × kg` is `mg`,
 * `mL/h × 30 min` is `mL` and `g ÷ mg` is a plain number. An incoming `kg` never joins another mass
 * atom: in dosing `mg/kg` means per kg of body weight, so `1200 mg ÷ 80 kg` is `15 mg/kg`, while
 * `15 mg/kg × 80000 g` still cancels to `1200 mg`. Percent is a fraction (0.01) once it meets another
 * quantity. Throws UnitAlgebraError for temperature, which has no products.
 */
export function multiplyUnits(a: Unit, b: Unit, sign: 1 | -1): Product {
  for (const t of [...a.terms, ...b.terms]) {
    if (t.atom.kind === 'temperature') throw new UnitAlgebraError(`a temperature (${t.spelling}) can be added, subtracted and compared but not ${sign === 1 ? 'multiplied' : 'divided'}`);
  }
  const terms: Term[] = a.terms.map((t) => ({ ...t }));
  let num = ONE;
  let den = ONE;
  const scaleBy = (factor: Decimal, exponent: number): void => {
    const size = factor.pow(Math.abs(exponent));
    if (exponent > 0) num = num.times(size);
    else den = den.times(size);
  };
  for (const t of b.terms) {
    const exponent = t.exponent * sign;
    const same = terms.find((x) => x.atom === t.atom);
    if (same) {
      same.exponent += exponent;
      continue;
    }
    const joinable = terms.filter((x) => x.atom.kind === t.atom.kind && x.atom.power === t.atom.power && t.atom.symbol !== BODY_WEIGHT);
    const target = joinable.find((x) => Math.sign(x.exponent) === -Math.sign(exponent)) ?? joinable[0];
    if (target) {
      scaleBy(new ExactDecimal(t.atom.factor), exponent);
      scaleBy(new ExactDecimal(target.atom.factor), -exponent);
      target.exponent += exponent;
    } else {
      terms.push({ ...t, exponent });
    }
  }
  const kept: Term[] = [];
  for (const t of terms) {
    if (t.exponent === 0) continue;
    if (t.atom.kind === 'percent') scaleBy(new ExactDecimal('0.01'), t.exponent);
    else kept.push(t);
  }
  return { unit: kept.length ? internComputed(kept) : null, scale: { num, den } };
}

/** 1/u, for a plain number divided by a quantity. */
export function invertUnit(u: Unit): Unit {
  if (u.terms.some((t) => t.atom.kind === 'temperature')) throw new UnitAlgebraError(`a temperature (${u.text}) cannot be divided into`);
  return internComputed(u.terms.map((t) => ({ ...t, exponent: -t.exponent })));
}

/** A unit built from terms, interned by its rendered text so repeated arithmetic allocates nothing. */
function internComputed(terms: Term[]): Unit {
  const text = render(terms);
  const known = parsed.get(text);
  if (known) return known;
  const unit = build(terms, text);
  if (parsed.size < 10_000) parsed.set(text, unit);
  return unit;
}

/** A unit rule broken (temperature products); the caller adds the position. */
export class UnitAlgebraError extends Error {
  override name = 'UnitAlgebraError';
}

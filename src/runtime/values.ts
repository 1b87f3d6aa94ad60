// The value model of language.md §4: numbers, quantities, strings, booleans, null, lists and records.
// Records have no prototype, so `constructor`, `__proto__` and `prototype` are never reachable.
import { conversionRatio, parseUnit, type Unit } from '../units/index.js';
import { convertedQuotient, Decimal, ExactDecimal } from '../util/decimal.js';
import type { JsonValue } from './modules/types.js';
import { canonical, compareNum, equalNum, formatNum, isNum, toDecimal, toNumber, type Num } from './numbers.js';

export class Quantity {
  constructor(
    readonly value: Num,
    readonly unit: Unit,
  ) {}

  static of(value: Num, unitText: string): Quantity {
    const unit = parseUnit(unitText);
    if (!unit) throw new Error(`unknown unit '${unitText}'`);
    return new Quantity(value, unit);
  }

  /** This quantity's magnitude in another unit (exact, or to 8 decimal places when the factor does not terminate); null when the units are not commensurable. */
  in(unit: Unit): Num | null {
    if (unit === this.unit) return this.value;
    const ratio = conversionRatio(this.unit, unit);
    if (!ratio) return null;
    if (ratio.num.eq(ratio.den)) return this.value;
    return canonical(convertedQuotient(new ExactDecimal(toDecimal(this.value)).times(ratio.num), ratio.den));
  }

  /** −1, 0 or 1 against another quantity, exactly (both sides scaled to base units); null when not commensurable. */
  compareTo(other: Quantity): number | null {
    const ratio = conversionRatio(other.unit, this.unit);
    if (!ratio) return null;
    if (ratio.num.eq(ratio.den)) return compareNum(this.value, other.value);
    return new ExactDecimal(toDecimal(this.value)).times(ratio.den).comparedTo(new ExactDecimal(toDecimal(other.value)).times(ratio.num));
  }
}

export type RecordValue = { [field: string]: Value };
export type Value = Num | string | boolean | null | Quantity | Value[] | RecordValue;

/** The type name a record was built from (`T { ... }`), for runtime annotation checks. */
const recordTypes = new WeakMap<object, string>();

export function makeRecord(typeName?: string): RecordValue {
  const record = Object.create(null) as RecordValue;
  if (typeName) recordTypes.set(record, typeName);
  return record;
}

export function recordType(record: RecordValue): string | undefined {
  return recordTypes.get(record);
}

export function isRecord(v: Value): v is RecordValue {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Quantity) && !(v instanceof Decimal);
}

export function hasField(record: RecordValue, name: string): boolean {
  return Object.hasOwn(record, name);
}

/** The kind of a value, as messages name it. */
export function kindOf(v: Value): string {
  if (v === null) return 'null';
  if (isNum(v)) return 'number';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'boolean';
  if (v instanceof Quantity) return 'quantity';
  if (Array.isArray(v)) return 'list';
  const t = recordType(v);
  return t ? `${t} record` : 'record';
}

/** The decimal as written: `2`, `0.1`, `6.8`, `1e-7`. */
export function formatNumber(n: Num): string {
  return formatNum(n);
}

export function formatQuantity(q: Quantity): string {
  return `${formatNum(q.value)} ${q.unit.text}`;
}

/** A value as JSON data (quantities as "0.1 mcg/kg/min"), for event data and library arguments. */
export function toJson(v: Value, quantityAsNumber = false): JsonValue {
  if (v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof Decimal) return toNumber(v);
  if (v instanceof Quantity) return quantityAsNumber ? toNumber(v.value) : formatQuantity(v);
  if (Array.isArray(v)) return v.map((x) => toJson(x, quantityAsNumber));
  const out: Record<string, JsonValue> = {};
  for (const key of Object.keys(v)) out[key] = toJson(v[key]!, quantityAsNumber);
  return out;
}

/** Library results (plain JSON) as language values: objects become records. */
export function fromJson(j: JsonValue): Value {
  if (j === null || typeof j !== 'object') return j;
  if (Array.isArray(j)) return j.map(fromJson);
  const record = makeRecord();
  for (const key of Object.keys(j)) record[key] = fromJson(j[key]!);
  return record;
}

/** JSON text of a value (language.md §8 `<v>`), numbers as the decimals they are. */
export function renderJson(v: Value): string {
  if (v === null) return 'null';
  if (isNum(v)) return formatNum(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Quantity) return JSON.stringify(formatQuantity(v));
  if (Array.isArray(v)) return `[${v.map(renderJson).join(', ')}]`;
  return `{${Object.keys(v)
    .map((k) => `${JSON.stringify(k)}: ${renderJson(v[k]!)}`)
    .join(', ')}}`;
}

const RENDER_LIMIT = 200;

/** `<v>` in event messages: JSON text cut to 200 characters with `…`. */
export function renderForLog(v: Value): string {
  const text = renderJson(v);
  return text.length > RENDER_LIMIT ? `${text.slice(0, RENDER_LIMIT - 1)}…` : text;
}

/** A value as text: strings as they are, everything else as JSON text (for `+` and alert messages). */
export function renderText(v: Value): string {
  if (typeof v === 'string') return v;
  if (v instanceof Quantity) return formatQuantity(v);
  return renderJson(v);
}

/** Structural equality (language.md §6): lists and records by content, quantities after conversion. */
export function valuesEqual(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (isNum(a) && isNum(b)) return equalNum(a, b);
  if (a instanceof Quantity && b instanceof Quantity) return a.compareTo(b) === 0;
  if (a instanceof Quantity && isNum(b)) return equalNum(a.value, b);
  if (b instanceof Quantity && isNum(a)) return equalNum(b.value, a);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => valuesEqual(x, b[i]!));
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => hasField(b, k) && valuesEqual(a[k]!, b[k]!));
  }
  return false;
}

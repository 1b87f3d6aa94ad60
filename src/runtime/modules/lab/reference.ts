// Reference intervals and critical limits (modules.md §5.1, §5.3): the test table, interpret and panel.
import testTable from './data/lab-tests.json' with { type: 'json' };
import { deepFreeze } from '../../../util/freeze.js';
import { normalizeName, suggestNames } from '../../../util/names.js';
import { NameIndex } from '../util/name-index.js';
import { normalizeSex } from '../util/sex.js';
import { activePack, derived } from '../../packs/active.js';
import { packReference, type LoadedPack } from '../../packs/types.js';
import { convertValue, parseUnit, tidy } from '../../../units/index.js';
import { ArgumentError, type JsonObject, type JsonValue } from '../types.js';
import type { LabRangeRow } from './range-row.js';

interface Interval {
  low: number | null;
  high: number | null;
}

export interface LabTest {
  canonical: string;
  aliases: string[];
  full_name: string;
  unit: string;
  panels: string[];
  range: Interval | { M: Interval; F: Interval };
  critical_low: number | null;
  critical_high: number | null;
  panic_low: number | null;
  panic_high: number | null;
  allow_negative: boolean;
  /** the assay the shipped limits belong to, where they are assay-specific (troponin) */
  assay?: string;
  /** laboratories report this analyte in two units a thousand apart: where a value without a unit cannot be in the test's unit */
  unit_ambiguity?: UnitAmbiguity;
  source: string;
}

/** A value without a unit outside [implausible_below, implausible_above] is not read in the test's unit. */
export interface UnitAmbiguity {
  other_unit: string;
  /** a value in other_unit times factor is the value in the test's unit */
  factor: number;
  implausible_below?: number;
  implausible_above?: number;
  why: string;
  source: string;
}

export const labTable = deepFreeze(testTable as unknown as { name: string; version: string; source: string; panels: string[]; tests: LabTest[] });
const index = new NameIndex(labTable.tests, (t) => [t.canonical, ...t.aliases]);
const panelIndex = new Map(labTable.panels.map((p) => [normalizeName(p), p]));

export const isSexSpecific = (t: LabTest): t is LabTest & { range: { M: Interval; F: Interval } } => 'M' in t.range;

export function findTest(name: string): LabTest | undefined {
  return index.get(name);
}

export function findPanel(name: string): string | undefined {
  return panelIndex.get(normalizeName(name));
}

export function testsOfPanel(panel: string): LabTest[] {
  return labTable.tests.filter((t) => t.panels.includes(panel));
}

/** The interval a value is judged against, and why (§5.3 range basis). */
function intervalFor(test: LabTest, sex: 'M' | 'F' | null): { interval: Interval; basis: string } {
  if (!isSexSpecific(test)) return { interval: test.range as Interval, basis: 'adult reference interval' };
  if (sex) return { interval: test.range[sex], basis: sex === 'M' ? 'adult male reference interval' : 'adult female reference interval' };
  const { M, F } = test.range;
  const lows = [M.low, F.low].filter((v): v is number => v !== null);
  const highs = [M.high, F.high].filter((v): v is number => v !== null);
  return {
    interval: { low: lows.length === 2 ? Math.min(...lows) : null, high: highs.length === 2 ? Math.max(...highs) : null },
    basis: "sex not given: both sexes' ranges combined",
  };
}

function rangeText(interval: Interval, unit: string): string {
  if (interval.low !== null && interval.high !== null) return `${interval.low}-${interval.high} ${unit}`;
  if (interval.high !== null) return `≤${interval.high} ${unit}`;
  if (interval.low !== null) return `≥${interval.low} ${unit}`;
  return `no reference interval ${unit}`;
}

type Limits = Pick<LabTest, 'panic_low' | 'panic_high' | 'critical_low' | 'critical_high'>;

function flagOf(test: Limits, value: number, interval: Interval): string {
  if (test.panic_low !== null && value <= test.panic_low) return 'PANIC_LOW';
  if (test.panic_high !== null && value >= test.panic_high) return 'PANIC_HIGH';
  if (test.critical_low !== null && value <= test.critical_low) return 'CRITICAL_LOW';
  if (test.critical_high !== null && value >= test.critical_high) return 'CRITICAL_HIGH';
  if (interval.low !== null && value < interval.low) return 'LOW';
  if (interval.high !== null && value > interval.high) return 'HIGH';
  return 'NORMAL';
}

const sameAssay = (a: string | null, b: string): boolean => a !== null && normalizeName(a) === normalizeName(b);
const sexWord = (sex: 'M' | 'F' | null): string => (sex === 'M' ? 'male' : sex === 'F' ? 'female' : 'both sexes');

function laboratoryRows(pack: LoadedPack<LabRangeRow>, canonical: string): LabRangeRow[] {
  const byTest = derived(pack, (rows) => {
    const map = new Map<string, LabRangeRow[]>();
    for (const row of rows) map.set(row.test, [...(map.get(row.test) ?? []), row]);
    return map;
  });
  return byTest.get(canonical) ?? [];
}

export interface Patient {
  sex: 'M' | 'F' | null;
  age: number | null;
  assay: string | null;
}

/**
 * The installed laboratory's row for this test and patient, or null when the laboratory gives no range
 * for the test (the shipped default applies). Where the laboratory's ranges depend on assay, sex or
 * age and the call does not say, that is an argument error: a guess could misclassify the value.
 */
function laboratoryRow(test: LabTest, who: Patient, label: string): { row: LabRangeRow; pack: LoadedPack<LabRangeRow> } | null {
  const pack = activePack<LabRangeRow>('lab-ranges');
  if (!pack) return null;
  let rows = laboratoryRows(pack, test.canonical);
  if (rows.length === 0) return null;
  const lab = pack.meta.label ?? 'the installed laboratory';
  const assays = [...new Set(rows.map((r) => r.assay).filter((a): a is string => a !== null))];
  if (who.assay !== null) {
    rows = rows.filter((r) => r.assay === null || sameAssay(r.assay, who.assay!));
    if (rows.length === 0) throw new ArgumentError(`${label}: ${lab} gives ${test.canonical} ranges for assay ${assays.join(', ')}, not ${JSON.stringify(who.assay)}`);
  } else if (assays.length > 1) {
    const how = label === 'lab.panel' ? 'interpret it with lab.interpret, which takes the assay' : 'pass the assay';
    throw new ArgumentError(`${label}: ${lab} gives ${test.canonical} ranges per assay (${assays.join(', ')}); ${how}`);
  }
  if (who.sex === null && rows.some((r) => r.sex !== null)) throw new ArgumentError(`${label}: ${lab} gives ${test.canonical} ranges per sex; pass sex`);
  rows = rows.filter((r) => r.sex === null || r.sex === who.sex);
  if (who.age === null && rows.some((r) => r.age_min !== null || r.age_max !== null)) throw new ArgumentError(`${label}: ${lab} gives ${test.canonical} ranges per age band; pass age`);
  const row = rows.find((r) => who.age === null || ((r.age_min ?? -Infinity) <= who.age && who.age < (r.age_max ?? Infinity)));
  if (!row) throw new ArgumentError(`${label}: ${lab} gives no ${test.canonical} range for ${sexWord(who.sex)} aged ${who.age}`);
  return { row, pack };
}

function laboratoryBasis(row: LabRangeRow): string {
  const ages = row.age_min === null && row.age_max === null ? '' : `, age ${row.age_min ?? 0}${row.age_max === null ? '+' : `–<${row.age_max}`}`;
  return `laboratory reference interval (${sexWord(row.sex)}${ages}${row.assay ? `, ${row.assay}` : ''})`;
}

/** §5.3. `who.sex` is already normalized (or null). */
export function interpretValue(name: string, given: number, who: Patient, label: string, unit: string | null = null): JsonObject {
  const test = findTest(name);
  if (!test) return { type: 'LAB_RESULT', found: false, test: name, value: given, flag: null, is_critical: null, reference_range: null, suggestions: index.suggest(name) };
  if (unit === null && test.unit_ambiguity && implausible(given, test.unit_ambiguity)) return ambiguousUnit(name, given, test, test.unit_ambiguity);
  const value = unit === null ? given : inTestUnit(given, unit, test.unit, test.canonical, label);
  if (value < 0 && !test.allow_negative) throw new ArgumentError(`${label}: ${test.canonical} value must not be negative, got ${value}`);
  const laboratory = laboratoryRow(test, who, label);
  if (!laboratory && who.assay !== null && !sameAssay(test.assay ?? null, who.assay)) {
    const held = test.assay ? `holds ${test.canonical} for ${test.assay} only` : `holds ${test.canonical} without an assay`;
    throw new ArgumentError(`${label}: the default table ${held}, not ${JSON.stringify(who.assay)}; import the laboratory's ranges (cpes data import lab-ranges) to interpret other assays`);
  }
  const limits = laboratory ? { ...laboratory.row, panic_low: null, panic_high: null } : test;
  const { interval, basis } = laboratory ? { interval: laboratory.row, basis: laboratoryBasis(laboratory.row) } : intervalFor(test, who.sex);
  const flag = flagOf(limits, value, interval);
  const source: JsonObject = laboratory
    ? { range_source: laboratory.pack.meta.label, assay: laboratory.row.assay, data_pack: packReference(laboratory.pack.meta) }
    : { range_source: 'cpes default table (see the table source)', assay: test.assay ?? null };
  return {
    type: 'LAB_RESULT',
    test: name,
    value,
    flag,
    is_critical: flag.startsWith('CRITICAL') || flag.startsWith('PANIC'),
    reference_range: rangeText(interval, test.unit),
    found: true,
    canonical: test.canonical,
    full_name: test.full_name,
    unit: test.unit,
    status: flag,
    panel: test.panels[0] ?? null,
    sex_specific: laboratory ? laboratory.row.sex !== null : isSexSpecific(test),
    range_basis: basis,
    ...source,
    given_value: given,
    given_unit: unit ?? test.unit,
  };
}

function implausible(value: number, a: UnitAmbiguity): boolean {
  return (a.implausible_below !== undefined && value < a.implausible_below) || (a.implausible_above !== undefined && value > a.implausible_above);
}

/**
 * Issue 24 item 5: a value without a unit that cannot be in the test's unit is not interpreted (a
 * thousandfold misreading is always stopped); the answer names both readings and asks for the unit.
 */
function ambiguousUnit(name: string, given: number, test: LabTest, a: UnitAmbiguity): JsonObject {
  const bound = a.implausible_below !== undefined && given < a.implausible_below ? `below ${a.implausible_below}` : `above ${a.implausible_above}`;
  const converted = tidy(given * a.factor);
  const readings: JsonObject[] = [
    { unit: test.unit, value: given, value_in_test_unit: given, plausible: false },
    { unit: a.other_unit, value: given, value_in_test_unit: converted, plausible: true },
  ];
  return {
    type: 'LAB_RESULT',
    test: name,
    value: null,
    flag: 'UNIT_AMBIGUOUS',
    is_critical: null,
    reference_range: null,
    found: true,
    canonical: test.canonical,
    full_name: test.full_name,
    unit: test.unit,
    status: 'UNIT_AMBIGUOUS',
    message: `${test.canonical} ${given} without a unit is ambiguous: ${given} ${test.unit} is ${bound} ${test.unit}, not a result in that unit (${a.why}); ${given} ${a.other_unit} is ${converted} ${test.unit}. Send the unit, or the value in ${test.unit}.`,
    readings,
    unit_source: a.source,
    given_value: given,
    given_unit: null,
  };
}

/**
 * A value given in another unit, in the test's unit. Troponin moved from ng/mL to ng/L with the
 * high-sensitivity row: a caller who says which unit it sends cannot be misread by a factor of 1000.
 */
function inTestUnit(value: number, unit: string, testUnit: string, test: string, label: string): number {
  const from = parseUnit(unit);
  if (!from) throw new ArgumentError(`${label}: argument 6 'unit' ${JSON.stringify(unit)} is not a unit (ng/mL, ng/L, mg/dL, mmol/L, …)`);
  const to = parseUnit(testUnit);
  const converted = to ? convertValue(value, from, to) : null;
  if (converted === null) throw new ArgumentError(`${label}: argument 6 'unit' ${unit} cannot be converted to ${test}'s unit ${testUnit}; send the value in ${testUnit}`);
  return tidy(converted);
}

export function optionalSex(value: JsonValue, label: string, position: number): 'M' | 'F' | null {
  return value === null ? null : normalizeSex(value, label, `argument ${position} 'sex'`);
}

/** §5.2 panel: results in panel order, then other known tests in input order. */
export function interpretPanel(panelName: string, values: Record<string, JsonValue>, who: Patient): JsonObject {
  const label = 'lab.panel';
  const panel = findPanel(panelName);
  if (!panel) {
    return { type: 'LAB_PANEL', panel: panelName, found: false, suggestions: suggestNames(panelName, labTable.panels) };
  }
  const byTest = new Map<LabTest, { key: string; value: number }>();
  const unrecognized: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new ArgumentError(`${label}: argument 2 'values' item '${key}' must be a number, got ${value === null ? 'null' : typeof value}`);
    const test = findTest(key);
    if (!test) unrecognized.push(key);
    else if (byTest.has(test)) throw new ArgumentError(`${label}: argument 2 'values' gives ${test.canonical} twice ('${byTest.get(test)!.key}' and '${key}')`);
    else byTest.set(test, { key, value });
  }
  const members = testsOfPanel(panel);
  const ordered = [...members.filter((t) => byTest.has(t)), ...[...byTest.keys()].filter((t) => !members.includes(t))];
  const results = ordered.map((t) => {
    const { key, value } = byTest.get(t)!;
    const r = interpretValue(key, value, who, label);
    return members.includes(t) ? r : { ...r, in_panel: false };
  });
  const abnormal = results.filter((r) => r.flag !== 'NORMAL').map((r) => r.canonical as string);
  const critical = results.filter((r) => r.is_critical === true).map((r) => r.canonical as string);
  return {
    type: 'LAB_PANEL',
    panel,
    found: true,
    total_tests: results.length,
    abnormal_count: abnormal.length,
    critical_count: critical.length,
    results,
    abnormal,
    critical,
    unrecognized,
    missing: members.filter((t) => !byTest.has(t)).map((t) => t.canonical),
  };
}

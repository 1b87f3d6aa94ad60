// Reference intervals and critical limits (modules.md §5.1, §5.3): the test table, interpret and panel.
import testTable from '../data/lab-tests.json' with { type: 'json' };
import { deepFreeze } from '../../../util/freeze.js';
import { normalizeName, suggestNames } from '../../../util/names.js';
import { NameIndex } from '../util/name-index.js';
import { normalizeSex } from '../util/sex.js';
import { ArgumentError, type JsonObject, type JsonValue } from '../types.js';

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

function flagOf(test: LabTest, value: number, interval: Interval): string {
  if (test.panic_low !== null && value <= test.panic_low) return 'PANIC_LOW';
  if (test.panic_high !== null && value >= test.panic_high) return 'PANIC_HIGH';
  if (test.critical_low !== null && value <= test.critical_low) return 'CRITICAL_LOW';
  if (test.critical_high !== null && value >= test.critical_high) return 'CRITICAL_HIGH';
  if (interval.low !== null && value < interval.low) return 'LOW';
  if (interval.high !== null && value > interval.high) return 'HIGH';
  return 'NORMAL';
}

/** §5.3. `sex` is already normalized (or null). */
export function interpretValue(name: string, value: number, sex: 'M' | 'F' | null, label: string): JsonObject {
  const test = findTest(name);
  if (!test) return { type: 'LAB_RESULT', found: false, test: name, value, flag: null, is_critical: null, reference_range: null, suggestions: index.suggest(name) };
  if (value < 0 && !test.allow_negative) throw new ArgumentError(`${label}: ${test.canonical} value must not be negative, got ${value}`);
  const { interval, basis } = intervalFor(test, sex);
  const flag = flagOf(test, value, interval);
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
    sex_specific: isSexSpecific(test),
    range_basis: basis,
  };
}

export function optionalSex(value: JsonValue, label: string, position: number): 'M' | 'F' | null {
  return value === null ? null : normalizeSex(value, label, `argument ${position} 'sex'`);
}

/** §5.2 panel: results in panel order, then other known tests in input order. */
export function interpretPanel(panelName: string, values: Record<string, JsonValue>, sex: 'M' | 'F' | null): JsonObject {
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
    const r = interpretValue(key, value, sex, label);
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

// Conformance fixtures (fixtures/README.md): loading them and judging a /v1/run answer against them.
// The same judge serves `cpes conformance` over HTTP and the engine test suite.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { readAssetDirectory } from '../util/assets.js';

export interface FixtureExpectation {
  status: number;
  success?: boolean;
  /** event strings that must appear, in this order (other events may come between) */
  events?: string[];
  /** event strings that must not appear */
  absent_events?: string[];
  /** the exact alert list */
  alerts?: { severity: string; message: string; line: number }[];
  /** a regular expression the `error` must match */
  error?: string;
  /** positions that must be among the diagnostics */
  diagnostics?: { line: number; column: number; message?: string }[];
  /** stats.events_dropped */
  events_dropped?: number;
}

export interface Fixture {
  name: string;
  description: string;
  code: string;
  patient?: Record<string, unknown>;
  expect: FixtureExpectation;
}

export async function loadFixtures(dir: string): Promise<Fixture[]> {
  const files: Record<string, string> = {};
  for (const file of await readdir(dir)) if (/\.(moiss|json)$/.test(file)) files[file] = await readFile(join(dir, file), 'utf8');
  return fixturesFrom(files);
}

/** The fixtures this build carries (fixtures/ of the checkout, or the copy inside the single executable). */
export function builtInFixtures(): Fixture[] {
  return fixturesFrom(readAssetDirectory('fixtures'));
}

/** Each NAME.moiss with its NAME.json, by name. */
function fixturesFrom(files: Record<string, string>): Fixture[] {
  const names = Object.keys(files).filter((f) => f.endsWith('.moiss') && !f.includes('/')).sort();
  return names.map((file) => {
    const name = basename(file, '.moiss');
    const specText = files[`${name}.json`];
    if (specText === undefined) throw new Error(`${file} has no ${name}.json beside it`);
    const spec = JSON.parse(specText) as Omit<Fixture, 'name' | 'code'>;
    return { name, code: files[file]!, description: spec.description, patient: spec.patient, expect: spec.expect };
  });
}

interface RunBody {
  success?: boolean;
  events?: { event: string }[];
  alerts?: unknown[];
  error?: string | null;
  diagnostics?: { line: number; column: number; message: string }[];
  stats?: { events_dropped?: number };
}

/** Every way the answer differs from the fixture (empty when it conforms). */
export function judge(expect: FixtureExpectation, status: number, body: RunBody): string[] {
  const problems: string[] = [];
  if (status !== expect.status) problems.push(`status ${status}, expected ${expect.status}`);
  if (expect.success !== undefined && body.success !== expect.success) problems.push(`success ${body.success}, expected ${expect.success}`);
  const events = (body.events ?? []).map((e) => e.event);
  let from = 0;
  for (const wanted of expect.events ?? []) {
    const at = events.indexOf(wanted, from);
    if (at < 0) problems.push(`missing event (in order): ${wanted}`);
    else from = at + 1;
  }
  for (const unwanted of expect.absent_events ?? []) if (events.includes(unwanted)) problems.push(`unexpected event: ${unwanted}`);
  if (expect.alerts && JSON.stringify(body.alerts) !== JSON.stringify(expect.alerts)) {
    problems.push(`alerts ${JSON.stringify(body.alerts)}, expected ${JSON.stringify(expect.alerts)}`);
  }
  if (expect.error !== undefined && !new RegExp(expect.error).test(body.error ?? '')) problems.push(`error ${JSON.stringify(body.error)} does not match /${expect.error}/`);
  for (const d of expect.diagnostics ?? []) {
    const found = (body.diagnostics ?? []).some((x) => x.line === d.line && x.column === d.column && (d.message === undefined || x.message.includes(d.message)));
    if (!found) problems.push(`missing diagnostic at ${d.line}:${d.column}${d.message ? ` (${d.message})` : ''}; got ${JSON.stringify(body.diagnostics ?? [])}`);
  }
  if (expect.events_dropped !== undefined && body.stats?.events_dropped !== expect.events_dropped) {
    problems.push(`events_dropped ${body.stats?.events_dropped}, expected ${expect.events_dropped}`);
  }
  return problems;
}

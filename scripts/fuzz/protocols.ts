// Protocol fuzzer: generated and mutated sources through check and compile (in this process) and run
// (in the real worker pool, under its time limit). Invariants (language.md §9): no exception escapes,
// every diagnostic has a line and column inside the source, every run ends within its limits with a
// result, a positioned error, or the time limit's answer, and never an internal error.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { checkProtocol } from '../../src/engine/index.js';
import { PoolTimeoutError, WorkerPool } from '../../src/http/pool/index.js';
import type { Diagnostic } from '../../src/diagnostic.js';
import { deeplyNested, mutate, protocolArbitrary } from './protocol-generator.js';
import type { Rng } from './random.js';
import { shorten, type Violation } from './violation.js';

export interface ProtocolFuzzOptions {
  rng: Rng;
  seed: number;
  count: number;
  /** deepest nesting generated (language issue: the checker bound lands separately) */
  maxDepth: number;
  deadline: number;
  workers: number;
  fixturesDir: string;
}

const PATIENTS = [
  undefined,
  {},
  { hr: 130, bp: 85, rr: 30, creatinine: 2.5, baseline_creatinine: 1.0 },
  { hr: 'fast' },
  { age: -5, gcs: 99 },
  { medications: ['Warfarin', 'Amiodarone'], creatinine: { value: 97, unit: 'umol/L' }, glucose: { value: 4, unit: 'mmol/L' } },
  { weight: { value: 1e308, unit: 'g' }, medications: [1, true, 'x'] },
];
const RUN_TIMEOUT_MS = 250;
/** run even past the deadline, so a slow machine still checks something */
const MIN_PROTOCOLS = 20;

/** Where a diagnostic lies outside the source, or null. */
export function diagnosticProblem(source: string, d: Diagnostic): string | null {
  const lines = source.split(/\r\n|\r|\n/);
  const inside = (line: number, column: number): boolean =>
    Number.isInteger(line) && Number.isInteger(column) && line >= 1 && line <= lines.length && column >= 1 && column <= lines[line - 1]!.length + 1;
  if (!inside(d.line, d.column)) return `diagnostic at line ${d.line}, column ${d.column} lies outside the source: ${d.message}`;
  if (!inside(d.endLine, d.endColumn)) return `diagnostic end at line ${d.endLine}, column ${d.endColumn} lies outside the source: ${d.message}`;
  if (!d.message) return 'diagnostic without a message';
  return null;
}

/** Check and compile in this process; what went wrong, or null. */
export function checkProblem(source: string): string | null {
  let diagnostics: Diagnostic[];
  try {
    diagnostics = checkProtocol(source);
  } catch (error) {
    return `check threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  }
  for (const d of diagnostics) {
    const problem = diagnosticProblem(source, d);
    if (problem) return problem;
  }
  return null;
}

/** The pool's answer for one run checked against the invariants; null when sound. */
async function runProblem(pool: WorkerPool, source: string, patient: Record<string, never> | undefined, index: number): Promise<string | null> {
  try {
    const { kind, body } = await pool.run(source, patient, 'fuzz', `fuzz-${index}`);
    if (kind === 'ok') return body.success ? null : 'ok outcome without success';
    const error = body.error ?? '';
    if (/internal error/i.test(error)) return `internal error: ${error}`;
    if (kind === 'runtime_error' && !/^Runtime error at line \d+, column \d+: ./.test(error)) return `runtime error without a position: ${error}`;
    if (kind === 'invalid' && body.code === 'syntax_error') {
      for (const d of (body.diagnostics ?? []) as Diagnostic[]) {
        const problem = diagnosticProblem(source, { ...d, stage: 'syntax' });
        if (problem) return problem;
      }
    }
    return null;
  } catch (error) {
    if (error instanceof PoolTimeoutError) return 'timeout'; // stopped at its limit: the 408 of /v1/run
    return `run failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  }
}

export async function fuzzProtocols(options: ProtocolFuzzOptions): Promise<{ protocols: number; timeouts: number; violations: Violation[] }> {
  const { rng, seed, count, maxDepth, deadline } = options;
  const fixtures = readdirSync(options.fixturesDir)
    .filter((f) => f.endsWith('.moiss'))
    .sort()
    .map((f) => readFileSync(join(options.fixturesDir, f), 'utf8'));
  const generated = fc.sample(protocolArbitrary(Math.min(maxDepth, 8)), { seed, numRuns: Math.ceil(count / 2) });
  const sources: string[] = [];
  for (let i = 0; i < count; i++) {
    const roll = rng.next();
    if (roll < 0.45) sources.push(mutate(fixtures[i % fixtures.length]!, rng));
    else if (roll < 0.5) sources.push(deeplyNested(rng.int(1, maxDepth), rng));
    else sources.push(generated[i % generated.length]!);
  }
  const pool = new WorkerPool({ workers: options.workers, runTimeoutMs: RUN_TIMEOUT_MS, maxQueue: 1_000_000, heapMb: 256 });
  const violations: Violation[] = [];
  const seen = new Set<string>();
  const report = (source: string, problem: string): void => {
    const key = problem.replace(/\d+/g, 'N').slice(0, 80);
    if (seen.has(key)) return;
    seen.add(key);
    violations.push({ fuzzer: 'protocol', input: shorten(source), problem });
  };
  let next = 0;
  let done = 0;
  let timeouts = 0;
  const lane = async (): Promise<void> => {
    while (next < sources.length && (next < MIN_PROTOCOLS || Date.now() < deadline)) {
      const index = next++;
      const source = sources[index]!;
      const checked = checkProblem(source);
      if (checked) report(source, checked);
      const ran = await runProblem(pool, source, PATIENTS[index % PATIENTS.length] as never, index);
      if (ran === 'timeout') timeouts++;
      else if (ran) report(source, ran);
      done++;
    }
  };
  try {
    await Promise.all(Array.from({ length: options.workers * 2 }, lane));
  } finally {
    await pool.close();
  }
  return { protocols: done, timeouts, violations };
}

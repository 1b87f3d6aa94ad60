// `npm run fuzz`: the three fuzzers, bounded by counts and time, seeded and reproducible.
//
//   npm run fuzz                                   full size: 100,000 protocols, 1,000 calls per library
//                                                  function, 10,000 HTTP requests
//   npm run fuzz -- --seed 1234                    replay a campaign from its printed seed
//   npm run fuzz -- --protocols 2000 --calls 50 --http 500 --minutes 5 --max-depth 40
//
// Exits 1 when any invariant is broken, printing each violation with the input that broke it.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../src/cli/serve.js';
import { SqliteKeyStore } from '../../src/store/sqlite/keys.js';
import { fuzzHttp } from './http.js';
import { fuzzLibrary } from './library.js';
import { fuzzProtocols } from './protocols.js';
import { createRng, randomSeed } from './random.js';
import type { Violation } from './violation.js';

export interface FuzzPlan {
  seed: number;
  protocols: number;
  callsPerFunction: number;
  httpRequests: number;
  maxDepth: number;
  minutes: number;
}

export interface FuzzReport {
  seed: number;
  protocols: number;
  protocolTimeouts: number;
  calls: number;
  httpRequests: number;
  violations: Violation[];
}

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));

/** Runs the campaign; each fuzzer gets its own generator from the seed, so one can be replayed alone. */
export async function runFuzz(plan: FuzzPlan, say: (line: string) => void = () => {}): Promise<FuzzReport> {
  const deadline = Date.now() + plan.minutes * 60_000;
  const share = (part: number): number => Date.now() + (deadline - Date.now()) * part;

  const library = fuzzLibrary({ rng: createRng(plan.seed), callsPerFunction: plan.callsPerFunction, deadline: share(0.3) });
  say(`library: ${library.calls} calls, ${library.violations.length} violations`);

  const workers = Math.max(1, Math.min(4, availableParallelism()));
  const protocols = await fuzzProtocols({ rng: createRng(plan.seed + 1), seed: plan.seed, count: plan.protocols, maxDepth: plan.maxDepth, deadline: share(0.7), workers, fixturesDir: FIXTURES });
  say(`protocols: ${protocols.protocols} (${protocols.timeouts} stopped at the run time limit), ${protocols.violations.length} violations`);

  // Half the requests reach a development server (every endpoint open), half a keyed one (auth and 429 paths).
  const dataDir = mkdtempSync(join(tmpdir(), 'cpes-fuzz-'));
  const store = SqliteKeyStore.open(dataDir);
  const key = (await store.createKey('fuzz', 'enterprise')).key;
  await store.close();
  const common = { port: 0, host: '127.0.0.1', workers: 2, runTimeoutMs: 2000, maxQueue: 64, heapMb: 128 };
  const dev = await startServer({ ...common, dataDir: '', dev: true }, () => {});
  const keyed = await startServer({ ...common, dataDir, dev: false }, () => {});
  let http;
  try {
    const half = Math.ceil(plan.httpRequests / 2);
    const end = share(1);
    const first = await fuzzHttp({ rng: createRng(plan.seed + 2), base: dev.url, apiKey: null, count: half, deadline: end, concurrency: 8 });
    const second = await fuzzHttp({ rng: createRng(plan.seed + 3), base: keyed.url, apiKey: key, count: plan.httpRequests - half, deadline: end, concurrency: 8 });
    http = { requests: first.requests + second.requests, violations: [...first.violations, ...second.violations] };
  } finally {
    await dev.close();
    await keyed.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  say(`http: ${http.requests} requests, ${http.violations.length} violations`);

  return {
    seed: plan.seed,
    protocols: protocols.protocols,
    protocolTimeouts: protocols.timeouts,
    calls: library.calls,
    httpRequests: http.requests,
    violations: [...library.violations, ...protocols.violations, ...http.violations],
  };
}

function parsePlan(argv: string[]): FuzzPlan {
  const plan: FuzzPlan = { seed: randomSeed(), protocols: 100_000, callsPerFunction: 1000, httpRequests: 10_000, maxDepth: 200, minutes: 120 };
  const flags: Record<string, keyof FuzzPlan> = { '--seed': 'seed', '--protocols': 'protocols', '--calls': 'callsPerFunction', '--http': 'httpRequests', '--max-depth': 'maxDepth', '--minutes': 'minutes' };
  for (let i = 0; i < argv.length; i++) {
    const key = flags[argv[i]!];
    const value = Number(argv[i + 1]);
    if (!key || !Number.isFinite(value) || value < 0) throw new Error(`usage: npm run fuzz -- [${Object.keys(flags).join(' N] [')} N]; got '${argv[i]} ${argv[i + 1] ?? ''}'`);
    plan[key] = key === 'minutes' ? value : Math.floor(value);
    i++;
  }
  return plan;
}

async function main(): Promise<number> {
  const plan = parsePlan(process.argv.slice(2));
  const say = (line: string): void => void process.stdout.write(`${line}\n`);
  say(`cpes fuzz: seed ${plan.seed} (replay with --seed ${plan.seed}); ${plan.protocols} protocols, ${plan.callsPerFunction} calls per library function, ${plan.httpRequests} HTTP requests, at most ${plan.minutes} min`);
  const report = await runFuzz(plan, say);
  for (const v of report.violations) say(`VIOLATION [${v.fuzzer}] ${v.problem}\n    input: ${v.input}`);
  const planned = report.protocols === plan.protocols && report.httpRequests === plan.httpRequests;
  say(`${report.violations.length} violations (seed ${plan.seed})${planned ? '' : '; the time bound ended the campaign before its counts'}`);
  return report.violations.length ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`cpes fuzz: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(2);
    },
  );
}

// `npm run bench` (HTTP part): the figures behind issue 30's targets, measured in one run with
// autocannon (load.ts): cpes in dev mode and in metered mode (SQLite store, many enterprise keys
// rotated per request; /call both in process, for a function proven bounded, and in a worker), the
// reference service (reference.ts), a bare node:http server and a bare
// Koa + @koa/router app answering a JSON the size of cpes's /health, and /health while two runaway
// protocols hold the workers. Each pair that is compared is measured back to back, BENCH_REPEAT
// times (2 by default), after a warm-up; the figures are the means. Beside req/s, each line shows the
// server's CPU time per request, the figure a shared machine distorts least.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteKeyStore } from '../../src/store/sqlite/keys.js';
import { CONNECTIONS, DURATION_S, load, type Figures, type LoadInit } from './load.js';
import { describeReference, referenceRps, type ReferenceEndpoint } from './reference.js';
import { cpuSeconds, start, stop, type Started } from './servers.js';
import { latency, printTargets, ratioTarget, share } from './targets.js';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 2);
const WARM_UP_S = 2;
const KEY_COUNT = 2000; // enterprise keys allow 600 a minute each: far more than a run can spend
const QSOFA = JSON.stringify({ module: 'scores', function: 'qsofa', args: [{ rr: 24, bp: 95, gcs: 14 }] });
// the same call with a body over BOUNDED_CALL_MAX_BYTES: answered by a worker, the path of every unbounded function
const QSOFA_IN_WORKER = JSON.stringify({ module: 'scores', function: 'qsofa', args: [{ rr: 24, bp: 95, gcs: 14, ward_note: 'x'.repeat(4096) }] });
const SMALL_PROTOCOL = `protocol Screen {
    input: Patient p;
    let score = med.scores.qsofa(p);
    if score >= 2 { alert "Sepsis suspected: qSOFA " + score severity: critical; }
}`;
const RUN = JSON.stringify({ code: SMALL_PROTOCOL, patient: { bp: 85 } });
// never reaches the end: its worker is killed at the run timeout
const RUNAWAY = JSON.stringify({ code: 'function fib(n) {\n    if n < 2 { return n; }\n    return fib(n - 1) + fib(n - 2);\n}\nprotocol P { let x = fib(60); }' });

const samples = new Map<string, Figures[]>();
/** server CPU seconds per request (parent and workers), per measurement */
const cpuPerRequest = new Map<string, number[]>();
async function measure(name: string, server: Started, path: string, init?: LoadInit): Promise<void> {
  if (!samples.has(name)) await load(`${server.url}${path}`, { ...init, durationS: WARM_UP_S }); // the JIT's first seconds are not the figure
  const before = cpuSeconds(server);
  const figures = await load(`${server.url}${path}`, init);
  const after = cpuSeconds(server);
  samples.set(name, [...(samples.get(name) ?? []), figures]);
  if (before && after) cpuPerRequest.set(name, [...(cpuPerRequest.get(name) ?? []), (after.own + after.children - before.own - before.children) / figures.requests]);
  const perRequest = (s: number): string => `${((s * 1e6) / figures.requests).toFixed(0).padStart(4)} µs`;
  const cpu = before && after ? `  CPU/request ${perRequest(after.own - before.own)}${after.children > before.children ? ` + workers ${perRequest(after.children - before.children)}` : ''}` : '';
  process.stdout.write(
    `${name.padEnd(34)} ${figures.rps.toFixed(0).padStart(7)} req/s  p50 ${String(figures.p50).padStart(3)} ms  p99 ${String(figures.p99).padStart(3)} ms  max ${String(figures.max).padStart(4)} ms${cpu}${figures.errors ? `  (${figures.errors} errors)` : ''}\n`,
  );
}
const mean = (name: string, pick: (f: Figures) => number): number => {
  const list = samples.get(name)!;
  return list.reduce((sum, f) => sum + pick(f), 0) / list.length;
};
/** how much more CPU a request of `versus` takes than one of `name`, in percent (null without /proc) */
const cpuShare = (name: string, versus: string): number | null => {
  const average = (list: number[] | undefined): number | null => (list?.length ? list.reduce((a, b) => a + b, 0) / list.length : null);
  const [a, b] = [average(cpuPerRequest.get(name)), average(cpuPerRequest.get(versus))];
  return a && b ? (b / a) * 100 : null;
};
const worst = (name: string, pick: (f: Figures) => number): number => Math.max(...samples.get(name)!.map(pick));

const references: Record<ReferenceEndpoint, number[]> = { health: [], call: [], run: [] };
async function reference(endpoint: ReferenceEndpoint, body?: string): Promise<void> {
  const rps = await referenceRps(endpoint, body);
  references[endpoint].push(rps);
  process.stdout.write(`${`reference /${endpoint}`.padEnd(34)} ${rps.toFixed(0).padStart(7)} req/s\n`);
}
const referenceMean = (endpoint: ReferenceEndpoint): number => references[endpoint].reduce((a, b) => a + b, 0) / references[endpoint].length;

/** Keeps two runaway protocols in the workers until `until` resolves. */
async function occupyWorkers(url: string, until: Promise<unknown>): Promise<void> {
  let done = false;
  void until.then(() => (done = true));
  const loop = async (): Promise<void> => {
    while (!done) await fetch(`${url}/run`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: RUNAWAY }).then((r) => r.arrayBuffer());
  };
  await Promise.all([loop(), loop()]);
}

const dataDir = mkdtempSync(join(tmpdir(), 'cpes-bench-http-'));
const keyStore = SqliteKeyStore.open(dataDir);
const keys: string[] = [];
for (let i = 0; i < KEY_COUNT; i++) keys.push((await keyStore.createKey(`bench-${i % 50}`, 'enterprise')).key);
await keyStore.close();

const started: Started[] = [];
try {
  const dev = await start('../../src/cli.js', ['serve', '--dev', '--port', '0']);
  started.push(dev);
  const metered = await start('../../src/cli.js', ['serve', '--data-dir', dataDir, '--host', '127.0.0.1', '--port', '0']);
  started.push(metered);
  const healthBody = await (await fetch(`${dev.url}/health`)).text();
  const bareHttp = await start('./bare-server.js', [], { BENCH_BODY: healthBody });
  started.push(bareHttp);
  const bareKoa = await start('./bare-koa.js', [], { BENCH_BODY: healthBody });
  started.push(bareKoa);

  process.stdout.write(`\nHTTP (${CONNECTIONS} connections, ${DURATION_S} s each, ${REPEAT} rounds; /health JSON ${Buffer.byteLength(healthBody)} bytes; ${describeReference()})\n`);
  for (let round = 0; round < REPEAT; round++) {
    await measure('bare node:http, same JSON', bareHttp, '/health');
    await measure('bare Koa + @koa/router, same JSON', bareKoa, '/health');
    await measure('GET /v1/health', dev, '/health');
    await reference('health');
    await reference('call', QSOFA);
    await measure('POST /v1/call scores.qsofa', dev, '/call', { method: 'POST', body: QSOFA, keys });
    await measure('POST /v1/call, metered', metered, '/call', { method: 'POST', body: QSOFA, keys });
    await measure('POST /v1/call in a worker (5 KB body)', dev, '/call', { method: 'POST', body: QSOFA_IN_WORKER, keys });
    await reference('run', RUN);
    await measure('POST /v1/run small protocol', dev, '/run', { method: 'POST', body: RUN, keys });
    await measure('POST /v1/run, metered', metered, '/run', { method: 'POST', body: RUN, keys });
  }
  const healthLoad = measure('GET /v1/health, 2 runaway runs', dev, '/health', { durationS: Math.min(DURATION_S, 8) });
  await Promise.all([healthLoad, occupyWorkers(dev.url, healthLoad)]);

  const rps = (name: string): number => mean(name, (f) => f.rps);
  printTargets([
    ratioTarget('/run small protocol vs reference', rps('POST /v1/run small protocol'), referenceMean('run'), 10),
    latency('/run small protocol p99 (worst round)', worst('POST /v1/run small protocol', (f) => f.p99), 5),
    ratioTarget('/call scores.qsofa vs reference', rps('POST /v1/call scores.qsofa'), referenceMean('call'), 10),
    share('/health vs bare Koa + @koa/router', rps('GET /v1/health'), rps('bare Koa + @koa/router, same JSON'), 90, cpuShare('GET /v1/health', 'bare Koa + @koa/router, same JSON')),
    share('/call metered vs dev', rps('POST /v1/call, metered'), rps('POST /v1/call scores.qsofa'), 85, cpuShare('POST /v1/call, metered', 'POST /v1/call scores.qsofa')),
    share('/run metered vs dev', rps('POST /v1/run, metered'), rps('POST /v1/run small protocol'), 85, cpuShare('POST /v1/run, metered', 'POST /v1/run small protocol')),
    latency('/health p99, 2 runaway runs in the workers', worst('GET /v1/health, 2 runaway runs', (f) => f.p99), 5),
  ]);
  process.stdout.write(`(/health vs reference: ${(rps('GET /v1/health') / referenceMean('health')).toFixed(1)}×; vs bare node:http: ${((rps('GET /v1/health') / rps('bare node:http, same JSON')) * 100).toFixed(0)}%)\n`);
} finally {
  await Promise.all(started.map(stop));
  rmSync(dataDir, { recursive: true, force: true });
}

// `npm run bench` (HTTP part): autocannon against a dev-mode server it starts, 10 connections for 10 s
// per endpoint, and a bare node:http server answering the same health JSON as the ceiling.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;

function start(script: string, args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url)), ...args], { stdio: ['ignore', 'pipe', 'ignore', 'ipc'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const match = /listening on (\S+)/.exec(out);
      if (match) resolve({ child, url: match[1]! });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(name: string, url: string, init: { method?: 'GET' | 'POST'; body?: string } = {}): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    method: init.method ?? 'GET',
    headers: init.body ? { 'content-type': 'application/json' } : {},
    body: init.body,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

const SMALL_PROTOCOL = `protocol Screen {
    input: Patient p;
    let score = med.scores.qsofa(p);
    if score >= 2 { alert "Sepsis suspected: qSOFA " + score severity: critical; }
}`;

const bare = await start('./bare-server.js', []);
const cpes = await start('../../src/cli.js', ['serve', '--dev', '--port', '0']);
try {
  const results: Figures[] = [];
  results.push(await load('bare node:http /health (ceiling)', `${bare.url}/health`));
  results.push(await load('GET /v1/health', `${cpes.url}/health`));
  results.push(
    await load('POST /v1/call scores.qsofa', `${cpes.url}/call`, {
      method: 'POST',
      body: JSON.stringify({ module: 'scores', function: 'qsofa', args: [{ rr: 24, bp: 95, gcs: 14 }] }),
    }),
  );
  results.push(await load('POST /v1/run small protocol', `${cpes.url}/run`, { method: 'POST', body: JSON.stringify({ code: SMALL_PROTOCOL, patient: { bp: 85 } }) }));
  const ceiling = results[0]!.rps;
  process.stdout.write(`\nHTTP (${CONNECTIONS} connections, ${DURATION_S} s each)\n`);
  for (const r of results) {
    process.stdout.write(
      `${r.name.padEnd(36)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  ${((r.rps / ceiling) * 100).toFixed(0).padStart(3)}% of ceiling${r.errors ? `  (${r.errors} errors)` : ''}\n`,
    );
  }
} finally {
  bare.child.kill();
  cpes.child.kill('SIGTERM');
}

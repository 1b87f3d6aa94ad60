// `npm run bench` (single executable part): builds release/cpes-linux-x64 as `npm run package` does, reports
// its size, and its cold start (process start to the first /v1/health answer) with a fresh data directory
// and again with an existing one, beside the same for `node` running the compiled checkout.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildExecutable } from '../package/build.js';

const RUNS = 5;

interface ColdStart {
  /** wall-clock ms from spawning `serve` to the first /v1/health answer (whatever its status) */
  wallMs: number;
  /** CPU ms the serving process used until then (its own, not its workers'): steadier than wall time on a busy machine */
  cpuMs: number;
}

/** utime + stime of a live process, from /proc (clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function coldStart(command: string, args: string[], dataDir: string): Promise<ColdStart> {
  const started = process.hrtime.bigint();
  const child = spawn(command, [...args, 'serve', '--port', '0', '--host', '127.0.0.1', '--workers', '2', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: {},
  });
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += d;
        const match = /listening on (\S+)/.exec(out);
        if (match) resolveUrl(match[1]!);
      });
      child.on('exit', (code) => reject(new Error(`serve exited with ${code}`)));
    });
    await fetch(`${url}/health`);
    return { wallMs: Number(process.hrtime.bigint() - started) / 1e6, cpuMs: cpuMsOf(child.pid!) };
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
  }
}

async function median(command: string, args: string[], freshDataDir: boolean): Promise<ColdStart> {
  const samples: ColdStart[] = [];
  const shared = mkdtempSync(join(tmpdir(), 'cpes-bench-data-'));
  await coldStart(command, args, shared); // creates the store (and the executable's addon cache) once
  for (let i = 0; i < RUNS; i++) {
    const dir = freshDataDir ? mkdtempSync(join(tmpdir(), 'cpes-bench-data-')) : shared;
    samples.push(await coldStart(command, args, dir));
    if (freshDataDir) rmSync(dir, { recursive: true, force: true });
  }
  rmSync(shared, { recursive: true, force: true });
  const middle = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  return { wallMs: middle(samples.map((s) => s.wallMs)), cpuMs: middle(samples.map((s) => s.cpuMs)) };
}

const built = await buildExecutable(resolve('release'));
const checkout = fileURLToPath(new URL('../../src/cli.js', import.meta.url));
process.stdout.write(`\nsingle executable ${built.path}: ${(built.bytes / 1048576).toFixed(1)} MiB\n`);
process.stdout.write(`cold start to the first /v1/health answer, 2 workers, median of ${RUNS} (wall ms / CPU ms of the serving process):\n`);
for (const [name, command, args] of [
  ['single executable', built.path, []],
  ['node + compiled checkout', process.execPath, [checkout]],
] as const) {
  const fresh = await median(command, [...args], true);
  const existing = await median(command, [...args], false);
  const figure = (c: ColdStart): string => `${c.wallMs.toFixed(0).padStart(5)} / ${c.cpuMs.toFixed(0).padStart(4)}`;
  process.stdout.write(`  ${name.padEnd(26)} fresh data dir ${figure(fresh)}   existing data dir ${figure(existing)}\n`);
}

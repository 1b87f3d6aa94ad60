// Starts the processes the HTTP benchmark loads: each prints "listening on URL" once it listens.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Started {
  child: ChildProcess;
  url: string;
}

/** A node script of this build (path relative to this file) with its arguments and extra environment. */
export function start(script: string, args: string[], env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url)), ...args], {
    stdio: ['ignore', 'pipe', 'ignore', 'ipc'],
    env: { ...process.env, ...env },
  });
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

/** Ends a started process and waits for it to be gone. */
export function stop(started: Started): Promise<void> {
  if (started.child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => started.child.once('exit', () => resolve()));
  started.child.kill('SIGTERM');
  return exited;
}

/** CPU seconds (user + system) a process has used, from /proc (Linux); null elsewhere or once it is gone. */
function cpuSecondsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime and stime, in USER_HZ (100 on Linux)
  } catch {
    return null;
  }
}

/**
 * CPU seconds of a started server and of its children (cpes's workers) so far. Per request, this is what
 * a loaded machine distorts least: req/s falls when other work takes the cores, CPU per request barely moves.
 */
export function cpuSeconds(started: Started): { own: number; children: number } | null {
  const pid = started.child.pid!;
  const own = cpuSecondsOf(pid);
  if (own === null) return null;
  let children = 0;
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) children += cpuSecondsOf(Number(child)) ?? 0;
  } catch {
    // no children list: count the server alone
  }
  return { own, children };
}

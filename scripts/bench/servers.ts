// Starts the processes the HTTP benchmark loads: each prints "listening on URL" once it listens.
import { spawn, type ChildProcess } from 'node:child_process';
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

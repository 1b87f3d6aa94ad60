// Builds the single executable once per test run and runs it as an operator would on a server without
// Node.js: an empty environment (`env -i`) and, where the test may make a mount namespace (root), every
// node binary on this machine hidden behind /dev/null, so nothing can fall back to an installed Node.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildExecutable, type BuiltExecutable } from '../../scripts/package/build.js';

let built: Promise<BuiltExecutable> | undefined;

export function buildOnce(): Promise<BuiltExecutable> {
  return (built ??= buildExecutable(mkdtempSync(join(tmpdir(), 'cpes-release-'))));
}

/** Every `node` this machine has on the usual paths, and the one running the tests. */
function nodeBinaries(): string[] {
  const found = spawnSync('sh', ['-c', 'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:$PATH; which -a node nodejs'], { encoding: 'utf8' }).stdout;
  return [...new Set([process.execPath, ...found.split('\n').filter(Boolean)])];
}

/** True where this test may make a mount namespace (root), so node can be hidden. */
export const nodeHidden = spawnSync('unshare', ['-m', 'true']).status === 0;

/** The command line that starts `executable args` with an empty environment and, when possible, no node anywhere. */
function sandboxed(executable: string, args: string[]): [string, string[]] {
  if (!nodeHidden) return ['env', ['-i', executable, ...args]];
  const hide = nodeBinaries().map((n) => `mount --bind /dev/null '${n}' || exit 97`).join('; ');
  return ['unshare', ['-m', 'sh', '-c', `${hide}; exec env -i "$@"`, 'sh', executable, ...args]];
}

export interface Result {
  status: number;
  stdout: string;
  stderr: string;
}

export function runExecutable(executable: string, args: string[], cwd: string): Promise<Result> {
  const [command, argv] = sandboxed(executable, args);
  return new Promise((resolve) => {
    const child = spawn(command, argv, { cwd, env: {} });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ status: code ?? -1, stdout, stderr }));
  });
}

/** Starts `serve`, resolving once it prints where it listens (its stdout so far holds the first key). */
export function serveExecutable(executable: string, args: string[], cwd: string): Promise<{ child: ChildProcess; url: string; stdout: () => string; stderr: () => string }> {
  const [command, argv] = sandboxed(executable, ['serve', ...args]);
  const child = spawn(command, argv, { cwd, env: {}, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const match = /listening on (\S+)/.exec(out);
      if (match) resolve({ child, url: match[1]!, stdout: () => out, stderr: () => err });
    });
    child.on('exit', (code) => reject(new Error(`serve exited (${code}) before listening: ${err}`)));
  });
}

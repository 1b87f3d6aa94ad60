// Runs the real `cpes` command (through tsx) and captures what a user would see.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function cpes(args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): CliResult {
  const result = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
    cwd: options.cwd,
    timeout: 60_000,
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** The same, without blocking this process (needed when the server under test runs in it). */
export function cpesAsync(args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, ...options.env }, cwd: options.cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ status: code ?? -1, stdout, stderr }));
  });
}

/** Starts `cpes serve` in a child process and resolves with its base URL once it listens. */
export function startServe(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const match = /listening on (\S+)/.exec(out);
      if (match) resolve({ child, url: match[1]! });
    });
    child.on('exit', () => reject(new Error('cpes serve exited before listening')));
  });
}

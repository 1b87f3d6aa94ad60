// `npm run package [-- --out DIR]`: builds release/cpes-linux-x64 and its .sha256 (see build.ts).
import { resolve } from 'node:path';
import { buildExecutable } from './build.js';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const outDir = resolve(outIndex >= 0 && args[outIndex + 1] ? args[outIndex + 1]! : 'release');

try {
  const built = await buildExecutable(outDir, (line) => process.stdout.write(`${line}\n`));
  process.stdout.write(`${built.path}: ${(built.bytes / 1048576).toFixed(1)} MiB, sha256 ${built.sha256}\n`);
} catch (error) {
  process.stderr.write(`npm run package: ${(error as Error).message}\n`);
  process.exitCode = 1;
}

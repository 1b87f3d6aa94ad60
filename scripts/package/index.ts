// `npm run package [-- --out DIR]`: builds release/cpes-linux-x64 and its .sha256 (see build.ts), and puts
// LICENSE and THIRD_PARTY.md (the licences of the shipped tables and dependencies) beside it.
import { copyFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildExecutable } from './build.js';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const outDir = resolve(outIndex >= 0 && args[outIndex + 1] ? args[outIndex + 1]! : 'release');

try {
  const built = await buildExecutable(outDir, (line) => process.stdout.write(`${line}\n`));
  process.stdout.write(`${built.path}: ${(built.bytes / 1048576).toFixed(1)} MiB, sha256 ${built.sha256}\n`);
  for (const notice of ['LICENSE', 'THIRD_PARTY.md']) copyFileSync(fileURLToPath(new URL(`../../${notice}`, import.meta.url)), join(outDir, notice));
} catch (error) {
  process.stderr.write(`npm run package: ${(error as Error).message}\n`);
  process.exitCode = 1;
}

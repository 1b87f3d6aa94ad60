// Builds the single executable (issue 16): esbuild bundles src/cli.ts into one CommonJS script, Node's SEA
// support turns it and the run-time assets (src/util/assets.ts) into a blob, and postject injects the
// blob into a copy of the node binary running this build. Works offline.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { collectDirectory, packageDirectory, RUNTIME_ASSETS } from '../../src/util/assets.js';

/** The fuse string Node's SEA loader looks for; a node binary without it cannot become a single executable. */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

export interface BuiltExecutable {
  path: string;
  bytes: number;
  sha256: string;
}

const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: `node${process.versions.node}`,
  format: 'cjs',
  legalComments: 'none',
  logLevel: 'warning',
  // import.meta is read only when running from a checkout (src/util/assets.ts, src/http/pool), never in the executable
  logOverride: { 'empty-import-meta': 'silent' },
} as const;

export async function buildExecutable(outDir: string, log: (line: string) => void = () => {}): Promise<BuiltExecutable> {
  const root = packageDirectory();
  const work = mkdtempSync(join(tmpdir(), 'cpes-package-'));
  try {
    const nodeBinary = readFileSync(process.execPath);
    if (!nodeBinary.includes(SEA_FUSE)) {
      throw new Error(`${process.execPath} (Node.js ${process.versions.node}) was built without single executable support (no ${SEA_FUSE}); build with an official Node.js 20 binary`);
    }

    log('bundling src/cli.ts with esbuild');
    const script = join(work, 'cpes.cjs');
    await build({ ...BUNDLE_OPTIONS, entryPoints: [join(root, 'src/cli.ts')], outfile: script });

    const assets: Record<string, string> = {};
    for (const [name, asset] of Object.entries(RUNTIME_ASSETS)) {
      if (asset.kind === 'file') assets[name] = join(root, asset.path);
      else if (asset.kind === 'bundle') {
        log(`bundling ${asset.path} with esbuild`);
        assets[name] = join(work, `${name}.cjs`);
        // pg-native is node-postgres's optional libpq binding, never installed here
        await build({ ...BUNDLE_OPTIONS, entryPoints: [join(root, asset.path)], outfile: assets[name], external: ['pg-native'] });
      } else {
        assets[name] = join(work, `${name}.json`);
        writeFileSync(assets[name], JSON.stringify(collectDirectory(join(root, asset.path), asset.match)));
      }
    }

    log(`preparing the SEA blob with ${Object.keys(assets).length} assets`);
    const blob = join(work, 'sea-prep.blob');
    // no code cache: pool children start with a heap-limit flag, and V8 rejects a cache made without it (with a warning)
    const config = { main: script, output: blob, disableExperimentalSEAWarning: true, useCodeCache: false, assets };
    writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config, null, 2));
    execFileSync(process.execPath, ['--experimental-sea-config', join(work, 'sea-config.json')], { stdio: 'pipe' });

    log(`injecting it into a copy of ${process.execPath} with postject`);
    const executable = join(work, `cpes-${process.platform}-${process.arch}`);
    copyFileSync(process.execPath, executable);
    chmodSync(executable, 0o755);
    const postject = createRequire(import.meta.url)('postject') as {
      inject(file: string, resource: string, data: Buffer, options: { sentinelFuse: string }): Promise<void>;
    };
    await quietly(() => postject.inject(executable, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: SEA_FUSE }));

    const version = execFileSync(executable, ['version', '--json'], { encoding: 'utf8', env: {} });
    if (!(JSON.parse(version) as { single_executable?: boolean }).single_executable) throw new Error('the built executable does not run as a single executable');

    mkdirSync(outDir, { recursive: true });
    const target = join(outDir, basename(executable));
    renameOrCopy(executable, target);
    const bytes = readFileSync(target);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    writeFileSync(`${target}.sha256`, `${sha256}  ${basename(target)}\n`); // the format `sha256sum -c` reads
    return { path: target, bytes: bytes.length, sha256 };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** postject's ELF library warns on stderr about note sections it does not rewrite; those lines say nothing to act on. */
async function quietly<T>(action: () => Promise<T>): Promise<T> {
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) =>
    /Can't find string offset for section name/.test(String(chunk)) ? true : write(chunk, ...rest)) as typeof process.stderr.write;
  try {
    return await action();
  } finally {
    process.stderr.write = write;
  }
}

function renameOrCopy(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch {
    copyFileSync(from, to); // another filesystem
  }
}

// Files cpes reads at run time, listed once. From a checkout (src/, dist/) they are read from the package
// directory; in the single executable (`npm run package`, scripts/package/) the build embeds each one as
// a SEA asset under its name, so the executable needs nothing beside it. Add a file here and both follow.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isSea, getAsset } from 'node:sea';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

interface FileAsset {
  kind: 'file';
  /** path from the package directory */
  path: string;
}

/** Every file under `path` (recursively) whose path relative to it matches `match`; embedded as one JSON object. */
interface DirectoryAsset {
  kind: 'directory';
  path: string;
  match: RegExp;
}

/** A script the build bundles with esbuild from `entry` (a worker thread of the executable runs it); a checkout runs the source. */
interface BundleAsset {
  kind: 'bundle';
  /** path of the entry module from the package directory */
  path: string;
}

export const RUNTIME_ASSETS = {
  /** name and version of the engine */
  manifest: { kind: 'file', path: 'package.json' },
  /** the conformance fixtures `cpes conformance` runs when given no directory */
  fixtures: { kind: 'directory', path: 'fixtures', match: /\.(moiss|json)$/ },
  /** the library's reference tables, read for their name and version (runtime/modules/data-versions.ts) */
  tables: { kind: 'directory', path: 'src/runtime/modules', match: /(^|\/)data\/[^/]+\.json$/ },
  /** the pk drug rows, one file per therapeutic group (runtime/modules/pk/table.ts) */
  pkDrugRows: { kind: 'directory', path: 'src/runtime/modules/pk/data/drugs', match: /^[a-z0-9-]+\.json$/ },
  /** the author's references `cpes docs` prints: docs/language.md and the generated docs/library.md */
  docs: { kind: 'directory', path: 'docs', match: /^[a-z-]+\.md$/ },
  /** the playground page at `/`: its HTML, stylesheet and the script `npm run playground` bundles (http/playground.ts) */
  playground: { kind: 'directory', path: 'playground', match: /^(index\.html|style\.css|app\.js)$/ },
  /** better-sqlite3's compiled addon; the executable writes it to a cache directory to load it (store/sqlite-addon.ts) */
  sqliteAddon: { kind: 'file', path: 'node_modules/better-sqlite3/build/Release/better_sqlite3.node' },
  /** the PostgreSQL store's bridge thread with node-postgres inside; the executable writes it to the cache to start it (store/postgres/library.ts) */
  pgBridge: { kind: 'bundle', path: 'src/store/postgres/bridge-worker.ts' },
} as const satisfies Record<string, FileAsset | DirectoryAsset | BundleAsset>;

export type AssetName = keyof typeof RUNTIME_ASSETS;

/** True inside the single executable. */
export function inSingleExecutable(): boolean {
  return isSea();
}

let root: string | undefined;

/** The package directory (the one holding cpes's package.json), found by walking up from this file. */
export function packageDirectory(): string {
  if (root) return root;
  let dir = fileURLToPath(new URL('.', import.meta.url));
  for (let i = 0; i < 6; i++, dir = join(dir, '..')) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'cpes') return (root = dir);
  }
  throw new Error('cannot find the cpes package directory');
}

/** A file asset's bytes. */
export function readAsset(name: AssetName): Buffer {
  const asset = RUNTIME_ASSETS[name];
  if (asset.kind === 'directory') throw new Error(`asset '${name}' is a directory`);
  if (inSingleExecutable()) return Buffer.from(getAsset(name));
  if (asset.kind === 'bundle') throw new Error(`asset '${name}' exists only inside the executable; a checkout runs ${asset.path}`);
  return readFileSync(join(packageDirectory(), asset.path));
}

/** A directory asset: text of each file by its '/'-separated path relative to the directory. */
export function readAssetDirectory(name: AssetName): Record<string, string> {
  if (inSingleExecutable()) return JSON.parse(getAsset(name, 'utf8')) as Record<string, string>;
  const asset = RUNTIME_ASSETS[name];
  if (asset.kind !== 'directory') throw new Error(`asset '${name}' is a file`);
  return collectDirectory(join(packageDirectory(), asset.path), asset.match);
}

/** What the build embeds for a directory asset (and what a checkout reads). */
export function collectDirectory(dir: string, match: RegExp): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (match.test(path)) files[path] = readFileSync(join(dir, path), 'utf8');
  }
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
}

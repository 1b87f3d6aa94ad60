// Files the single executable must hand to the system as real files (a native addon for dlopen, a script
// for a worker thread): written once per cpes version to a private cache directory, named by their
// SHA-256, and checked against the embedded bytes before each use.
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsyncSync, lstatSync, mkdirSync, openSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { readAsset, type AssetName } from './assets.js';
import { PACKAGE_VERSION } from './package-version.js';

/**
 * `$XDG_CACHE_HOME/cpes/<version>` when XDG_CACHE_HOME is set, else `<data dir>/cache/<version>`; created
 * owner-only. Refused when another user could swap the file before it is loaded: the cache or the
 * directory it sits in is writable by others, or a directory above is neither ours nor root's, or is
 * world-writable without the sticky bit (as ssh checks the directories above its key files).
 */
export function addonCacheDirectory(dataDir: string): string {
  const xdg = process.env.XDG_CACHE_HOME;
  const base = xdg && isAbsolute(xdg) ? resolve(xdg, 'cpes') : resolve(dataDir, 'cache');
  const dir = join(base, PACKAGE_VERSION);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const uid = process.getuid?.() ?? 0;
  for (const owned of [base, dir]) {
    const stat = lstatSync(owned);
    if (!stat.isDirectory()) throw new Error(`the addon cache ${owned} is not a directory (a symbolic link?)`);
    if (stat.uid !== uid) throw new Error(`the addon cache ${owned} belongs to another user (uid ${stat.uid})`);
    if (stat.mode & 0o077) chmodSync(owned, 0o700);
  }
  const holder = dirname(realpathSync(base));
  if (statSync(holder).mode & 0o002) throw new Error(`the addon cache would sit in ${holder}, which anyone can write to; choose another data directory or XDG_CACHE_HOME`);
  for (let above = holder; ; above = dirname(above)) {
    const stat = statSync(above);
    if (stat.uid !== uid && stat.uid !== 0) throw new Error(`the addon cache would sit under ${above}, which belongs to another user (uid ${stat.uid})`);
    if (stat.mode & 0o002 && !(stat.mode & 0o1000)) throw new Error(`the addon cache would sit under ${above}, which anyone can write to`);
    if (above === dirname(above)) return dir;
  }
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function matches(path: string, digest: string): boolean {
  try {
    return sha256(readFileSync(path)) === digest;
  } catch {
    return false;
  }
}

/** Write beside the target and rename, so a reader never sees half a file. */
function writeAtomically(path: string, bytes: Buffer): void {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o500);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** The path of the embedded asset `name` as a verified file in the cache; `fileName` gets the asset's SHA-256. */
export function cachedAssetFile(name: AssetName, dataDir: string, fileName: (digest: string) => string): string {
  const bytes = readAsset(name);
  const digest = sha256(bytes);
  const path = join(addonCacheDirectory(dataDir), fileName(digest));
  if (!matches(path, digest)) {
    writeAtomically(path, bytes);
    if (!matches(path, digest)) throw new Error(`the file written to ${path} does not match its SHA-256 ${digest}; is the disk full or the directory shared?`);
  }
  return path;
}

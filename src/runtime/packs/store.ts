// The pack directory `<data-dir>/packs/`: `index.json` names the installed version of each kind;
// `<kind>/v<N>.json` holds that version's validated rows. Files are written to a temporary name and
// renamed, the rows before the index, so a reader sees the old pack or the new one, never half of one.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { PackError, type LoadedPack, type PackKind, type PackMeta, type PackProblem } from './types.js';

export interface PackIndex {
  format: 1;
  packs: Record<string, PackMeta>;
  /** the highest version ever given per kind, so numbers are never reused after a removal */
  last_version: Record<string, number>;
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

export const packDirectory = (dataDir: string): string => join(dataDir, 'packs');
export const indexPath = (dataDir: string): string => join(packDirectory(dataDir), 'index.json');

/** The largest file an import reads (the complete SNOMED CT to ICD-10-CM map is about 100 MB). */
export const MAX_PACK_FILE_BYTES = 512 * 1024 * 1024;

/** Pack directories and files are owner-only, like the rest of the data directory. */
const makePrivateDir = (path: string): void => void mkdirSync(path, { recursive: true, mode: 0o700 });

function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, path);
}

export function readIndex(dataDir: string): PackIndex {
  const path = indexPath(dataDir);
  if (!existsSync(path)) return { format: 1, packs: {}, last_version: {} };
  try {
    const index = JSON.parse(readFileSync(path, 'utf8')) as PackIndex;
    if (index.format !== 1 || typeof index.packs !== 'object' || index.packs === null) throw new Error('unknown format');
    index.last_version ??= {};
    return index;
  } catch (error) {
    // named relative to the data directory: this message reaches tenants' errors, which must not learn server paths
    const reason = error instanceof SyntaxError ? 'not valid JSON' : (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new PackError(`the data directory's pack index (packs/index.json) cannot be read (${reason}); restore it or remove the packs directory and import again`);
  }
}

/** The rows of an installed pack, refused when the stored file no longer matches its checksum. */
export function readPack(dataDir: string, meta: PackMeta): LoadedPack {
  const relative = `packs/${meta.kind}/v${meta.version}.json`; // never the absolute path: tenants see this message
  const path = join(dataDir, relative);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new PackError(`the ${meta.kind} pack v${meta.version} is missing from the data directory (${relative}); import it again`);
  }
  if (sha256(text) !== meta.rows_sha256) throw new PackError(`the ${meta.kind} pack v${meta.version} (${relative} in the data directory) fails its checksum (changed on disk); import it again`);
  return { meta, rows: JSON.parse(text) as unknown[] };
}

/** One writer at a time: a lock file created exclusively, removed when done. */
function withLock<T>(dataDir: string, work: () => T): T {
  makePrivateDir(packDirectory(dataDir));
  const lock = join(packDirectory(dataDir), '.lock');
  let fd: number;
  try {
    fd = openSync(lock, 'wx', 0o600);
  } catch {
    throw new PackError(`another 'cpes data' command is changing ${packDirectory(dataDir)} (lock file ${lock}); try again, or delete the lock file if no such command runs`);
  }
  try {
    return work();
  } finally {
    closeSync(fd);
    unlinkSync(lock);
  }
}

function readText(filePath: string): { bytes: Buffer; text: string } {
  let bytes: Buffer;
  let fd: number | undefined;
  try {
    // a regular file of bounded size: never a device (/dev/zero), a FIFO (opening one would wait) or a directory
    if (!statSync(filePath).isFile()) throw new PackError(`${filePath} is not a regular file`);
    fd = openSync(filePath, 'r');
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new PackError(`${filePath} is not a regular file`);
    if (stat.size > MAX_PACK_FILE_BYTES) throw new PackError(`${filePath} is larger than ${MAX_PACK_FILE_BYTES / 1024 / 1024} MiB (${stat.size} bytes)`);
    bytes = Buffer.alloc(stat.size);
    let read = 0;
    while (read < stat.size) {
      const n = readSync(fd, bytes, read, stat.size - read, read);
      if (n === 0) break;
      read += n;
    }
    bytes = bytes.subarray(0, read);
  } catch (error) {
    if (error instanceof PackError) throw error;
    throw new PackError(`cannot read ${filePath}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD')) throw new PackError(`${filePath} is not UTF-8 text`);
  return { bytes, text: text.replace(/^\uFEFF/, '') };
}

/**
 * Validates the whole file (and the kind's optional companion file), then installs it as the kind's next
 * version. Throws PackError (nothing changed).
 */
export function importPack(dataDir: string, kind: PackKind, filePath: string, now: Date = new Date(), companionPath?: string): PackMeta {
  // a file name is shown in results, /v1/health and terminals: printable text only
  for (const path of [filePath, companionPath]) {
    if (path !== undefined && /[\p{Cc}\p{Cf}]/u.test(basename(path))) throw new PackError(`the file name ${JSON.stringify(basename(path))} holds control or format characters; rename the file`);
  }
  if (companionPath !== undefined && !kind.companion) throw new PackError(`a ${kind.kind} pack is one file; a second file (${basename(companionPath)}) was given`);
  const main = readText(filePath);
  const companion = companionPath === undefined ? undefined : { path: companionPath, ...readText(companionPath) };
  const parsed = kind.parse(main.text, { name: basename(filePath), ...(companion ? { companion: { name: basename(companion.path), text: companion.text } } : {}) });
  if ('problems' in parsed) {
    const shown = parsed.problems.slice(0, 50);
    const more = parsed.problems.length > shown.length ? `\n… and ${parsed.problems.length - shown.length} more` : '';
    const where = (p: PackProblem): string => `${p.file ? `${p.file} ` : ''}line ${p.line}`;
    throw new PackError(`${basename(filePath)} is not a valid ${kind.kind} pack; nothing was changed:\n${shown.map((p) => `  ${where(p)}: ${p.message}`).join('\n')}${more}`, parsed.problems);
  }
  if (parsed.rows.length === 0) throw new PackError(`${basename(filePath)} holds no rows; nothing was changed`);
  return withLock(dataDir, () => {
    const index = readIndex(dataDir);
    const directory = join(packDirectory(dataDir), kind.kind);
    makePrivateDir(directory);
    const version = (index.last_version[kind.kind] ?? 0) + 1;
    const rowsText = JSON.stringify(parsed.rows);
    writeAtomically(join(directory, `v${version}.json`), rowsText);
    const meta: PackMeta = {
      kind: kind.kind,
      version,
      file_name: basename(filePath),
      sha256: sha256(main.bytes),
      label: parsed.label,
      rows: parsed.rows.length,
      imported_at: now.toISOString(),
      rows_sha256: sha256(rowsText),
      ...(companion ? { companion: { file_name: basename(companion.path), sha256: sha256(companion.bytes) } } : {}),
    };
    const next: PackIndex = { format: 1, packs: { ...index.packs, [kind.kind]: meta }, last_version: { ...index.last_version, [kind.kind]: version } };
    writeAtomically(indexPath(dataDir), JSON.stringify(next, null, 1));
    return meta;
  });
}

/** Uninstalls a kind: the shipped data (or nothing) answers again. Its stored versions are deleted. */
export function removePack(dataDir: string, kind: string): PackMeta {
  return withLock(dataDir, () => {
    const index = readIndex(dataDir);
    const meta = index.packs[kind];
    if (!meta) throw new PackError(`no ${kind} pack is installed in ${packDirectory(dataDir)}`);
    const { [kind]: _removed, ...rest } = index.packs;
    writeAtomically(indexPath(dataDir), JSON.stringify({ format: 1, packs: rest, last_version: index.last_version } satisfies PackIndex, null, 1));
    rmSync(join(packDirectory(dataDir), kind), { recursive: true, force: true });
    return meta;
  });
}

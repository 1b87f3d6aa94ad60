// `cpes research rotate-secret [--data-dir DIR]`: replaces the per-installation research secret that
// keys de-identified pseudonyms (modules.md §19). Later pseudonyms change; the secret is never printed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isPostgresUrl, redactUrl } from '../store/postgres/connection.js';
import { PostgresLibraryOperations } from '../store/postgres/library-operations.js';
import { rotateSecret, SECRET_FILE } from '../store/sqlite/library.js';

const USAGE = `usage: cpes research rotate-secret [--data-dir DIR | --store URL]
  Replaces the installation's research secret (the key of research.deidentify's patient_hash).
  Every pseudonym made afterwards differs from the ones made before; the old secret is gone.
  (--data-dir defaults to $CPES_DATA_DIR or ./data; a PostgreSQL store keeps the secret in the database,
  shared by every instance: --store postgres://… or $CPES_STORE)`;

async function rotateInPostgres(url: string): Promise<number> {
  try {
    const operations = await PostgresLibraryOperations.open({ url, poolSize: 1 });
    await operations.rotateSecret();
    await operations.close();
  } catch (error) {
    process.stderr.write(`cpes research: cannot rotate the secret: ${(error as Error).message}\n`);
    return 1;
  }
  process.stdout.write(`rotated the research secret in ${redactUrl(url)}; pseudonyms made from now on differ from earlier ones, on every instance\n`);
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [command, ...rest] = argv;
  let dataDir = process.env.CPES_DATA_DIR ?? './data';
  let store = process.env.CPES_STORE || undefined;
  for (let i = 0; i < rest.length; i++) {
    const [flag, inline] = rest[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    if ((flag !== '--data-dir' && flag !== '--store') || (inline ?? rest[i + 1]) === undefined) {
      process.stderr.write(`cpes research: unexpected argument '${rest[i]}'\n${USAGE}\n`);
      return 1;
    }
    if (flag === '--store') store = inline ?? rest[++i]!;
    else dataDir = inline ?? rest[++i]!;
  }
  if (command !== 'rotate-secret') {
    process.stderr.write(`${USAGE}\n`);
    return 1;
  }
  if (store !== undefined) {
    if (!isPostgresUrl(store)) {
      process.stderr.write(`cpes research: --store must be a postgres:// URL\n${USAGE}\n`);
      return 1;
    }
    return rotateInPostgres(store);
  }
  if (!existsSync(join(dataDir, 'cpes.db'))) {
    process.stderr.write(`cpes research: ${dataDir} is not a cpes data directory (no cpes.db); start 'cpes serve --data-dir ${dataDir}' once first\n`);
    return 1;
  }
  try {
    rotateSecret(dataDir);
  } catch (error) {
    process.stderr.write(`cpes research: cannot rotate the secret: ${(error as Error).message}\n`);
    return 1;
  }
  process.stdout.write(`rotated the research secret in ${join(dataDir, SECRET_FILE)}; pseudonyms made from now on differ from earlier ones\n`);
  return 0;
}

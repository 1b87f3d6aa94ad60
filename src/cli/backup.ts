// `cpes backup FILE` and `cpes restore FILE`: copy the key store out and back with SQLite's online
// backup API. A backup is consistent while the server runs; a restore needs the server stopped.
import { isPostgresUrl } from '../store/postgres/connection.js';
import { backupStore, restoreStore } from '../store/sqlite/backup.js';

/** A PostgreSQL store is backed up by PostgreSQL's own tools, which copy it consistently while instances run. */
const POSTGRES_ADVICE = {
  backup: "a PostgreSQL store is backed up with PostgreSQL's own tool, consistently while the instances keep serving:\n  pg_dump --format=custom --file=cpes.dump 'postgres://user@host/db'\n(the research secret is in the database too; the data packs stay in each instance's --data-dir)",
  restore: "a PostgreSQL store is restored with PostgreSQL's own tool, into an empty database, with every instance stopped:\n  pg_restore --dbname='postgres://user@host/db' --exit-on-error cpes.dump",
};
const USAGE = {
  backup: `usage: cpes backup FILE [--data-dir DIR]
  Copies the SQLite store (keys, usage counts, db and research records) to FILE, owner-only, while the
  server keeps serving. FILE must not exist. --data-dir defaults to $CPES_DATA_DIR or ./data.
  A PostgreSQL store (--store) is backed up with pg_dump instead.`,
  restore: `usage: cpes restore FILE [--data-dir DIR]
  Replaces the SQLite store with the backup in FILE after checking it (stop the server first; start it after).
  The previous database is kept as cpes.db.before-restore-<time>. --data-dir defaults to $CPES_DATA_DIR or ./data.
  A PostgreSQL store (--store) is restored with pg_restore instead.`,
};

function parse(argv: string[]): { file: string; dataDir: string; store: string | undefined } {
  let file: string | undefined;
  let dataDir = process.env.CPES_DATA_DIR ?? './data';
  let store = process.env.CPES_STORE || undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--store' || arg.startsWith('--store=')) {
      store = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      if (!store) throw new Error('--store needs a value');
    } else if (arg === '--data-dir' || arg.startsWith('--data-dir=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      if (!value) throw new Error('--data-dir needs a value');
      dataDir = value;
    } else if (arg.startsWith('-')) throw new Error(`unknown option '${arg}'`);
    else if (file === undefined) file = arg;
    else throw new Error(`one FILE only, got '${file}' and '${arg}'`);
  }
  if (!file && !store) throw new Error('FILE is required');
  return { file: file ?? '', dataDir, store };
}

function command(kind: 'backup' | 'restore') {
  return async (argv: string[]): Promise<number> => {
    if (argv.includes('--help') || argv.includes('-h')) {
      process.stdout.write(`${USAGE[kind]}\n`);
      return 0;
    }
    let options: { file: string; dataDir: string; store: string | undefined };
    try {
      options = parse(argv);
    } catch (error) {
      process.stderr.write(`cpes ${kind}: ${(error as Error).message}\n${USAGE[kind]}\n`);
      return 1;
    }
    if (options.store && isPostgresUrl(options.store)) {
      process.stderr.write(`cpes ${kind}: ${POSTGRES_ADVICE[kind]}\n`);
      return 1;
    }
    try {
      if (kind === 'backup') {
        const { pages } = await backupStore(options.dataDir, options.file);
        process.stdout.write(`backed up ${options.dataDir} to ${options.file} (${pages} pages)\n`);
      } else {
        const { previous } = await restoreStore(options.dataDir, options.file);
        process.stdout.write(`restored ${options.file} into ${options.dataDir}${previous ? `; the previous database is kept as ${previous}` : ''}\n`);
      }
      return 0;
    } catch (error) {
      process.stderr.write(`cpes ${kind}: ${(error as Error).message}\n`);
      return 1;
    }
  };
}

export const backup = { main: command('backup') };
export const restore = { main: command('restore') };

// `cpes backup FILE` and `cpes restore FILE`: copy the key store out and back with SQLite's online
// backup API. A backup is consistent while the server runs; a restore needs the server stopped.
import { backupStore, restoreStore } from '../store/backup.js';

const USAGE = {
  backup: `usage: cpes backup FILE [--data-dir DIR]
  Copies the key store (keys, usage counts) to FILE, owner-only, while the server keeps serving.
  FILE must not exist. --data-dir defaults to $CPES_DATA_DIR or ./data`,
  restore: `usage: cpes restore FILE [--data-dir DIR]
  Replaces the key store with the backup in FILE after checking it (stop the server first; start it after).
  The previous database is kept as cpes.db.before-restore-<time>. --data-dir defaults to $CPES_DATA_DIR or ./data`,
};

function parse(argv: string[]): { file: string; dataDir: string } {
  let file: string | undefined;
  let dataDir = process.env.CPES_DATA_DIR ?? './data';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--data-dir' || arg.startsWith('--data-dir=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      if (!value) throw new Error('--data-dir needs a value');
      dataDir = value;
    } else if (arg.startsWith('-')) throw new Error(`unknown option '${arg}'`);
    else if (file === undefined) file = arg;
    else throw new Error(`one FILE only, got '${file}' and '${arg}'`);
  }
  if (!file) throw new Error('FILE is required');
  return { file, dataDir };
}

function command(kind: 'backup' | 'restore') {
  return async (argv: string[]): Promise<number> => {
    if (argv.includes('--help') || argv.includes('-h')) {
      process.stdout.write(`${USAGE[kind]}\n`);
      return 0;
    }
    let options: { file: string; dataDir: string };
    try {
      options = parse(argv);
    } catch (error) {
      process.stderr.write(`cpes ${kind}: ${(error as Error).message}\n${USAGE[kind]}\n`);
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

// `cpes store migrate --from FILE --to URL`: moves a single server's SQLite store to PostgreSQL, so that
// several instances can share it; the copy is compared table by table before this says it is done.
import { copySqliteToPostgres } from '../store/sqlite-to-postgres.js';
import { isPostgresUrl, redactUrl } from '../store/postgres/connection.js';

const USAGE = `usage: cpes store migrate --from DATA_DIR/cpes.db --to postgres://user@host/db
  Copies keys, usage counts, db and research records, the audit trail and the research secret from a
  SQLite store into an EMPTY PostgreSQL database (one transaction), then compares the row count of every
  table. Stop the server that uses the SQLite file first, so nothing changes during the copy.`;

export async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [command, ...rest] = argv;
  const flags = new Map<string, string>();
  for (let i = 0; i < rest.length; i++) {
    const [flag, inline] = rest[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = inline ?? rest[++i];
    if ((flag !== '--from' && flag !== '--to') || value === undefined) {
      process.stderr.write(`cpes store: unexpected argument '${rest[i - (inline === undefined ? 1 : 0)]}'\n${USAGE}\n`);
      return 1;
    }
    flags.set(flag, value);
  }
  const from = flags.get('--from');
  const to = flags.get('--to');
  if (command !== 'migrate' || !from || !to) {
    process.stderr.write(`${USAGE}\n`);
    return 1;
  }
  if (!isPostgresUrl(to)) {
    process.stderr.write(`cpes store: --to must be a postgres:// URL, got '${redactUrl(to)}'\n`);
    return 1;
  }
  let counts;
  try {
    counts = await copySqliteToPostgres(from, to);
  } catch (error) {
    process.stderr.write(`cpes store: ${(error as Error).message}\n`);
    return 1;
  }
  const width = Math.max(...counts.map((c) => c.table.length));
  for (const c of counts) process.stdout.write(`${c.table.padEnd(width)}  ${String(c.sqlite).padStart(9)}  ${String(c.postgres).padStart(9)}${c.sqlite === c.postgres ? '' : '  DIFFERS'}\n`);
  const differing = counts.filter((c) => c.sqlite !== c.postgres);
  if (differing.length) {
    process.stderr.write(`cpes store: the counts of ${differing.map((c) => c.table).join(', ')} differ after the copy; do not start instances on ${redactUrl(to)}\n`);
    return 1;
  }
  process.stdout.write(`copied ${from} to ${redactUrl(to)}: every table has the same number of rows; start the instances with --store\n`);
  return 0;
}

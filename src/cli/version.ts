// `cpes version [--json] [--data-dir DIR]`: what this install is made of: engine, API, the Node.js inside,
// whether it is the single executable, and every reference table with what answers for it: the shipped
// table (version, licence) or the operator pack installed in the data directory (what an operator quotes in a report).
import { API_VERSION, ENGINE_VERSION } from '../engine/version.js';
import { tableStatus, type TableStatus } from '../runtime/modules/table-status.js';
import { usePackDirectory } from '../runtime/packs/active.js';
import { inSingleExecutable } from '../util/assets.js';

const USAGE = 'usage: cpes version [--json] [--data-dir DIR]   (--data-dir defaults to $CPES_DATA_DIR or ./data, whose packs are shown)';

function describe(t: TableStatus): string {
  if (t.pack === null) return `${t.version} (shipped${t.licence ? `, ${t.licence}` : ''})`;
  return `${t.pack.kind} pack v${t.pack.version}${t.pack.label ? `: ${t.pack.label}` : ''}, ${t.pack.rows} rows, imported ${t.pack.imported_at}${t.version ? ` (replaces shipped ${t.version})` : ''}`;
}

export async function main(argv: string[]): Promise<number> {
  let json = false;
  let dataDir = process.env.CPES_DATA_DIR || './data';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (arg === '--json') json = true;
    else if (arg === '--data-dir' && argv[i + 1] !== undefined) dataDir = argv[++i]!;
    else if (arg.startsWith('--data-dir=')) dataDir = arg.slice('--data-dir='.length);
    else {
      process.stderr.write(`cpes version: unknown argument '${arg}'\n${USAGE}\n`);
      return 1;
    }
  }
  usePackDirectory(dataDir);
  const status = tableStatus();
  const report = {
    engine_version: ENGINE_VERSION,
    api_version: API_VERSION,
    node_version: process.versions.node,
    platform: `${process.platform}-${process.arch}`,
    single_executable: inSingleExecutable(),
    tables: status.tables,
    ...(status.error ? { packs_error: status.error } : {}),
  };
  if (json) {
    process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    return 0;
  }
  const width = Math.max(...report.tables.map((t) => t.name.length));
  process.stdout.write(
    [
      `cpes ${report.engine_version} (API ${report.api_version})`,
      `Node.js ${report.node_version} on ${report.platform}${report.single_executable ? ', single executable' : ''}`,
      'reference tables:',
      ...report.tables.map((t) => `  ${t.name.padEnd(width)}  ${describe(t)}`),
      ...(status.error ? [`data packs: ${status.error}`] : []),
    ].join('\n') + '\n',
  );
  return 0;
}

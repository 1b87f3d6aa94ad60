// `cpes version [--json]`: what this install is made of: engine, API, the Node.js inside, whether it is the
// single executable, and the name and version of every reference table (what an operator quotes in a report).
import { API_VERSION, ENGINE_VERSION } from '../engine/version.js';
import { shippedTables } from '../runtime/modules/data-versions.js';
import { inSingleExecutable } from '../util/assets.js';

const USAGE = 'usage: cpes version [--json]';

export async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const unknown = argv.find((a) => a !== '--json');
  if (unknown === '--help' || unknown === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (unknown !== undefined) {
    process.stderr.write(`cpes version: unknown argument '${unknown}'\n${USAGE}\n`);
    return 1;
  }
  const report = {
    engine_version: ENGINE_VERSION,
    api_version: API_VERSION,
    node_version: process.versions.node,
    platform: `${process.platform}-${process.arch}`,
    single_executable: inSingleExecutable(),
    tables: shippedTables(),
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
      ...report.tables.map((t) => `  ${t.name.padEnd(width)}  ${t.version}`),
    ].join('\n') + '\n',
  );
  return 0;
}

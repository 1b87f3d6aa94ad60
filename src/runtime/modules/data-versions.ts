// The name, version and licence of every shipped reference table, for /v1/health, /v1/modules and `cpes version`
// (read once per process): the tables in each module's <name>/data/,
// read through the asset list so the single executable answers the same.
import { readAssetDirectory } from '../../util/assets.js';

export interface ShippedTable {
  name: string;
  version: string;
  /** the licence id the table records (see table-licences.ts); null when it records none */
  licence: string | null;
}

let versions: ShippedTable[] | null = null;

export function shippedTables(): ShippedTable[] {
  versions ??= Object.entries(readAssetDirectory('tables'))
    .map(([file, text]) => {
      const table = JSON.parse(text) as { name?: string; version?: string; licence?: unknown };
      return { name: table.name ?? file.replace(/^.*\//, '').replace(/\.json$/, ''), version: table.version ?? 'unversioned', licence: typeof table.licence === 'string' ? table.licence : null };
    })
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  return versions;
}

// The name and version of every shipped reference table, for /v1/health, /v1/modules and `cpes version`
// (read once per process): the tables in each module's <name>/data/,
// read through the asset list so the single executable answers the same.
import { readAssetDirectory } from '../../util/assets.js';

let versions: { name: string; version: string }[] | null = null;

export function shippedTables(): { name: string; version: string }[] {
  versions ??= Object.entries(readAssetDirectory('tables'))
    .map(([file, text]) => {
      const table = JSON.parse(text) as { name?: string; version?: string };
      return { name: table.name ?? file.replace(/^.*\//, '').replace(/\.json$/, ''), version: table.version ?? 'unversioned' };
    })
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  return versions;
}

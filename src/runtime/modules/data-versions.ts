// The name and version of every shipped reference table, for /v1/health and /v1/modules (read once per
// process): the tables in modules/data/ and in each one-folder module's <name>/data/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

let versions: { name: string; version: string }[] | null = null;

function tablesIn(directory: URL): { name: string; version: string }[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const table = JSON.parse(readFileSync(new URL(file, directory), 'utf8')) as { name?: string; version?: string };
      return { name: table.name ?? file.replace(/\.json$/, ''), version: table.version ?? 'unversioned' };
    });
}

export function shippedTables(): { name: string; version: string }[] {
  if (versions) return versions;
  const modules = new URL('./', import.meta.url);
  const folders = readdirSync(modules, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'data');
  versions = [tablesIn(new URL('./data/', modules)), ...folders.map((d) => tablesIn(new URL(`./${d.name}/data/`, modules)))]
    .flat()
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  return versions;
}

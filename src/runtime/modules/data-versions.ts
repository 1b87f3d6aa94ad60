// The name and version of every shipped reference table, for /v1/health (read once per process).
import { readdirSync, readFileSync } from 'node:fs';

let versions: { name: string; version: string }[] | null = null;

export function shippedTables(): { name: string; version: string }[] {
  if (versions) return versions;
  const directory = new URL('./data/', import.meta.url);
  versions = readdirSync(directory)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const table = JSON.parse(readFileSync(new URL(file, directory), 'utf8')) as { name?: string; version?: string };
      return { name: table.name ?? file.replace(/\.json$/, ''), version: table.version ?? 'unversioned' };
    });
  return versions;
}

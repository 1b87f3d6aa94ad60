// The runtime dependencies a hospital installs, as npm's own `npm sbom` names them (CycloneDX, from the
// lock file), with a licence npm cannot name ("SEE LICENSE IN <file>", NLM's ucum-lhc) copied from the
// package's own licence file. Shared by `npm run sbom` and `npm run notices`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Component {
  name: string;
  version?: string;
  purl?: string;
  hashes?: unknown[];
  licenses?: { license?: { id?: string; name?: string }; expression?: string }[];
}

export const root = fileURLToPath(new URL('../', import.meta.url));

export function runtimeBom(): { metadata: { component: Record<string, unknown> }; components: Component[] } {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const bom = JSON.parse(
    execFileSync(npm, ['sbom', '--sbom-format', 'cyclonedx', '--sbom-type', 'application', '--omit', 'dev', '--package-lock-only'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
  ) as { metadata: { component: Record<string, unknown> }; components: Component[] };
  for (const c of bom.components) {
    if (c.licenses?.length) continue;
    const declared = (JSON.parse(readFileSync(`${root}node_modules/${c.name}/package.json`, 'utf8')) as { license?: string }).license ?? '';
    const file = /^SEE LICEN[CS]E IN (.+)$/i.exec(declared)?.[1];
    if (file && existsSync(`${root}node_modules/${c.name}/${file}`)) {
      const content = readFileSync(`${root}node_modules/${c.name}/${file}`, 'utf8');
      c.licenses = [{ license: { name: `${c.name} ${file}`, text: { contentType: 'text/plain', content } } as never }];
    }
  }
  return bom;
}

/** A component's licence as one short name (SPDX id or expression, else the name npm or the file gives). */
export const licenceOf = (c: Component): string => (c.licenses ?? []).map((l) => l.expression ?? l.license?.id ?? l.license?.name ?? '?').join(' AND ') || '?';

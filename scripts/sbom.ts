// `npm run sbom`: the CycloneDX software bill of materials of what a hospital installs (runtime
// dependencies only), produced by npm's own `npm sbom` from the lock file and written to
// release/cpes.cdx.json. It fails when a component lacks a version, a package URL, hashes or a licence
// (a licence npm cannot name is copied from the package's own licence file),
// since a regulator's inventory with gaps is worse than none.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface Component {
  name: string;
  version?: string;
  purl?: string;
  hashes?: unknown[];
  licenses?: { license?: { id?: string; name?: string }; expression?: string }[];
}

const root = fileURLToPath(new URL('../', import.meta.url));
const out = fileURLToPath(new URL('../release/cpes.cdx.json', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { name: string; version: string; description: string };

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const bom = JSON.parse(
  execFileSync(npm, ['sbom', '--sbom-format', 'cyclonedx', '--sbom-type', 'application', '--omit', 'dev', '--package-lock-only'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
) as { metadata: { component: Record<string, unknown> }; components: Component[] };

// npm names the root after the folder it runs in; the product is cpes whatever the checkout is called
Object.assign(bom.metadata.component, { name: pkg.name, version: pkg.version, description: pkg.description, 'bom-ref': `${pkg.name}@${pkg.version}` });

// npm leaves out a licence written as "SEE LICENSE IN <file>" (NLM's ucum-lhc); the file itself goes in, as CycloneDX allows
for (const c of bom.components) {
  if (c.licenses?.length) continue;
  const declared = (JSON.parse(readFileSync(`${root}node_modules/${c.name}/package.json`, 'utf8')) as { license?: string }).license ?? '';
  const file = /^SEE LICEN[CS]E IN (.+)$/i.exec(declared)?.[1];
  if (file && existsSync(`${root}node_modules/${c.name}/${file}`)) {
    const content = readFileSync(`${root}node_modules/${c.name}/${file}`, 'utf8');
    c.licenses = [{ license: { name: `${c.name} ${file}`, text: { contentType: 'text/plain', content } } as never }];
  }
}

const gaps = bom.components.flatMap((c) => {
  const missing = [!c.version && 'version', !c.purl && 'purl', !c.hashes?.length && 'hashes', !c.licenses?.length && 'licence'].filter(Boolean);
  return missing.length ? [`${c.name}: no ${missing.join(', ')}`] : [];
});
if (gaps.length) {
  process.stderr.write(`sbom: ${gaps.length} components are incomplete:\n  ${gaps.join('\n  ')}\n`);
  process.exit(1);
}

mkdirSync(fileURLToPath(new URL('../release/', import.meta.url)), { recursive: true });
writeFileSync(out, `${JSON.stringify(bom, null, 2)}\n`);
const licences = new Map<string, number>();
for (const c of bom.components) {
  for (const l of c.licenses ?? []) {
    const id = l.expression ?? l.license?.id ?? l.license?.name ?? '?';
    licences.set(id, (licences.get(id) ?? 0) + 1);
  }
}
const summary = [...licences].sort((a, b) => b[1] - a[1]).map(([id, n]) => `${id} ${n}`).join(', ');
process.stdout.write(`wrote ${out}: CycloneDX, ${bom.components.length} runtime components (${summary})\n`);

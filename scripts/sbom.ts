// `npm run sbom`: the CycloneDX software bill of materials of what a hospital installs (runtime
// dependencies only), produced by npm's own `npm sbom` from the lock file and written to
// release/cpes.cdx.json. It fails when a component lacks a version, a package URL, hashes or a licence
// (a licence npm cannot name is copied from the package's own licence file),
// since a regulator's inventory with gaps is worse than none.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { licenceOf, root, runtimeBom } from './sbom-components.js';

const out = fileURLToPath(new URL('../release/cpes.cdx.json', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { name: string; version: string; description: string };
const bom = runtimeBom();

// npm names the root after the folder it runs in; the product is cpes whatever the checkout is called
Object.assign(bom.metadata.component, { name: pkg.name, version: pkg.version, description: pkg.description, 'bom-ref': `${pkg.name}@${pkg.version}` });

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
  licences.set(licenceOf(c), (licences.get(licenceOf(c)) ?? 0) + 1);
}
const summary = [...licences].sort((a, b) => b[1] - a[1]).map(([id, n]) => `${id} ${n}`).join(', ');
process.stdout.write(`wrote ${out}: CycloneDX, ${bom.components.length} runtime components (${summary})\n`);

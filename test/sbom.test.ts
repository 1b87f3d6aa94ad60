// The release's software bill of materials: CycloneDX from `npm sbom`, runtime dependencies only.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

describe('npm run sbom', function () {
  this.timeout(60_000);

  it('writes release/cpes.cdx.json naming every runtime dependency with version, purl, hashes and licence, and no dev tool', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/sbom.ts'], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).to.equal('');
    expect(run.status).to.equal(0);
    const bom = JSON.parse(readFileSync(`${root}release/cpes.cdx.json`, 'utf8'));
    expect(bom.bomFormat).to.equal('CycloneDX');
    expect(bom.metadata.component).to.include({ name: 'cpes', type: 'application' });
    const names = bom.components.map((c: { name: string }) => c.name);
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
    for (const dependency of Object.keys(pkg.dependencies)) expect(names, dependency).to.include(dependency);
    for (const tool of ['mocha', 'typescript', 'fast-check', 'tsx']) expect(names, tool).to.not.include(tool);
    for (const c of bom.components) {
      expect(c.purl, c.name).to.match(/^pkg:npm\//);
      expect(c.licenses, c.name).to.have.length.of.at.least(1);
    }
  });
});

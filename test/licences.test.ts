// Licences: the project is Apache-2.0, every shipped reference table records a licence on the allowed list
// (a GPL, CLSI or unlicensed source fails the build), and THIRD_PARTY.md is what `npm run notices` makes now.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { thirdPartyMarkdown } from '../scripts/third-party.js';
import { shippedTables } from '../src/runtime/modules/data-versions.js';
import { ALLOWED_TABLE_LICENCES } from '../src/runtime/modules/table-licences.js';
import { readAssetDirectory } from '../src/util/assets.js';

const read = (path: string): string => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

describe('licences', function () {
  this.timeout(60_000);

  it('the project is released under the Apache License 2.0', () => {
    const licence = read('LICENSE');
    expect(licence).to.match(/^\s+Apache License\n\s+Version 2\.0, January 2004\n/);
    expect(licence).to.contain('TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION').and.contain('END OF TERMS AND CONDITIONS');
    expect(JSON.parse(read('package.json')).license).to.equal('Apache-2.0');
  });

  it('every shipped table records a licence on the allowed list, and none derives from a GPL source', () => {
    const tables = readAssetDirectory('tables');
    expect(Object.keys(tables).length).to.be.above(20);
    for (const [file, text] of Object.entries(tables)) {
      const table = JSON.parse(text) as { licence?: unknown };
      expect(table.licence, `${file} records no licence id in its licence field`).to.be.a('string');
      expect(Object.keys(ALLOWED_TABLE_LICENCES), `${file}: licence ${String(table.licence)} is not on the allowed list`).to.include(table.licence);
      expect(text, file).to.not.match(/\bGPL\b|GNU General Public/);
    }
    expect(shippedTables().every((t) => t.licence !== null)).to.equal(true);
  });

  it('the allowed list has no licence that forbids shipping under Apache-2.0', () => {
    for (const id of Object.keys(ALLOWED_TABLE_LICENCES)) expect(id).to.not.match(/GPL|BUSL|NC|ND|CLSI|UMLS|proprietary/i);
  });

  it('THIRD_PARTY.md lists every shipped table and runtime dependency as npm run notices writes them now', () => {
    const expected = thirdPartyMarkdown();
    expect(read('THIRD_PARTY.md') === expected, 'THIRD_PARTY.md is stale: run npm run notices').to.equal(true);
    for (const t of shippedTables()) expect(expected).to.contain(`| ${t.name} |`);
    for (const dependency of Object.keys(JSON.parse(read('package.json')).dependencies)) expect(expected).to.contain(`| ${dependency} |`);
  });
});

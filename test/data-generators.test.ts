// The reference-table generators under scripts/data/, run on small files in the official layouts
// (test/data/official/) and compared with committed outputs; and the build checks of the tables they make.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { buildCompounds } from '../scripts/data/compounds.js';
import { buildIcdTable } from '../scripts/data/icd10cm.js';
import { applyTable5 } from '../scripts/data/msdrg-weights.js';
import { parseOrderFile, parseTable5 } from '../src/runtime/modules/icd/official-files.js';
import codeTable from '../src/runtime/modules/icd/data/icd10cm.json' with { type: 'json' };
import drgTable from '../src/runtime/modules/icd/data/msdrg.json' with { type: 'json' };

const official = (name: string): string => readFileSync(new URL(`./data/official/${name}`, import.meta.url), 'latin1');
const expected = (name: string): unknown => JSON.parse(official(name));

describe('reference-table generators (scripts/data)', () => {
  it('icd10cm: the order file gives every code with its long title, billable flag and header status; Appendix C Part 1 the CC/MCC level', () => {
    const table = buildIcdTable(official('icd10cm_order_excerpt.txt'), official('appendix_C_excerpt.txt'), {
      order: { file: 'icd10cm_order_excerpt.txt', sha256: 'order-sha', release: 'test release' },
      cc: { file: 'appendix_C_excerpt.txt', sha256: 'cc-sha', grouper: 'vtest' },
    }, []);
    expect(table).to.deep.equal(expected('icd10cm.expected.json'));
    // Part 2 (MCC only when discharged alive) is not a level of its own: I46.9 is not in the excerpt's order file and is not an error
    const codes = table.codes as { code: string; billable: boolean; cc_level: string | null }[];
    expect(codes.find((c) => c.code === 'I50.21')).to.include({ billable: true, cc_level: 'MCC' });
    expect(codes.find((c) => c.code === 'T39.1X1')).to.include({ billable: false, cc_level: null });
  });

  it('icd10cm: refuses a malformed order file, naming every bad line', () => {
    expect(parseOrderFile(official('icd10cm_order_bad.txt'))).to.deep.equal({
      problems: [
        { line: 2, message: 'order number 00001 does not follow 00001' },
        { line: 3, message: 'not an order-file record (order, code, 0/1 flag, 60-character short title, long title)' },
        { line: 4, message: 'not an order-file record (order, code, 0/1 flag, 60-character short title, long title)' },
      ],
    });
  });

  it('msdrg: Table 5 columns are found by their header text; the capped weight and both mean stays are applied', () => {
    const table = applyTable5({ source: 'test', drgs: [{ drg: '064', weight: null }, { drg: '066', weight: null }] }, official('table5_excerpt.txt'), { name: 'table5_excerpt.txt', sha256: 't5-sha', release: 'test release' });
    expect(table).to.deep.equal(expected('msdrg.expected.json'));
    expect(() => applyTable5({ source: 'test', drgs: [{ drg: '999', weight: null }] }, official('table5_excerpt.txt'), { name: 'x', sha256: 'x', release: 'x' })).to.throw('Table 5 has no row for DRG 999');
    expect(parseTable5(official('table5_bad.txt'))).to.deep.equal({
      problems: [
        { line: 4, message: 'DRG 065 weight "-" is not a positive number' },
        { line: 5, message: 'MS-DRG "66" is not three digits' },
      ],
    });
    expect(JSON.stringify(parseTable5('MS-DRG\tTitle\n001\tx\n'))).to.match(/not an IPPS Table 5 text file/);
  });

  it('compounds: a DrugCentral structure is taken only when its formula matches the row, and descriptors are computed for every structure', () => {
    const built = buildCompounds(JSON.parse(official('compounds.excerpt.json')), official('structures.smiles.excerpt.tsv'), { file: 'structures.smiles.excerpt.tsv', sha256: 'dc-sha', copy: 'test copy' });
    expect(built).to.deep.equal(expected('compounds.expected.json'));
    // by hand: ethanol Ertl TPSA = one OH 20.23; glycerol three OH = 60.69; Lipinski donors = H on O
    const rows = built.table.compounds as Record<string, unknown>[];
    expect(rows[0]).to.include({ smiles: 'CCO', psa: 20.2, hbd: 1, hba: 1, rotatable_bonds: 0 });
    expect(rows[1]).to.include({ psa: 60.7, hbd: 3, hba: 3, rotatable_bonds: 2 });
    expect(rows[2]).to.include({ smiles: null, logp: null });
  });
});

describe('shipped ICD-10-CM and MS-DRG tables (full-table checks)', () => {
  it('gives every billable code a CC/MCC level or none, and headers none', () => {
    for (const c of codeTable.codes) {
      expect(['CC', 'MCC', null], c.code).to.include(c.cc_level);
      if (!c.billable) expect(c.cc_level, c.code).to.equal(null);
    }
  });

  it('still holds the checked FY2026 subset, not the complete code set, and no FY2026 weights: both are open (see README)', () => {
    // The complete order file (14.6 MB) and Table 5 could not be brought into this workplace; when they are,
    // scripts/data/icd10cm.ts and scripts/data/msdrg-weights.ts regenerate the tables and these counts change.
    expect(codeTable.codes.length).to.equal(1079);
    expect(codeTable.codes.filter((c) => c.billable).length).to.be.below(74_000);
    expect(drgTable.drgs.every((d) => d.weight === null)).to.equal(true);
  });
});

// The icd10cm and msdrg-weights data packs: the official CMS files loaded by the operator, refused whole
// when malformed, replaced by a newer release, removed back to the shipped tables, and picked up by a
// running server. The files are the hand-written official-layout samples of test/data/official/.
import { expect } from 'chai';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../src/cli/serve.js';
import { usePackDirectory } from '../src/runtime/packs/active.js';
import { registry } from '../src/runtime/modules/index.js';
import { importPack, readIndex, removePack } from '../src/runtime/packs/store.js';
import { cpes } from './helpers/cli.js';
import { libraryOf } from './helpers/library.js';

const official = (name: string): string => fileURLToPath(new URL(`./data/official/${name}`, import.meta.url));
let dir: string;
/** what `cpes data import` prints after "cpes data: " when it refuses a file (the CLI itself is run once per kind) */
function refusal(kind: string, file: string, companion?: string): string {
  try {
    importPack(dir, registry.packKind(kind)!, file, new Date(), companion);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${file} was imported`);
}
const icd = libraryOf('icd');

describe('icd10cm and msdrg-weights data packs', function () {
  this.timeout(180_000); // CLI commands and pool workers each compile the library under tsx
  let orderFile: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cpes-icd-packs-'));
    orderFile = join(dir, 'icd10cm_order_2026.txt');
    copyFileSync(official('icd10cm_order_excerpt.txt'), orderFile);
    usePackDirectory(dir);
  });
  afterEach(() => {
    usePackDirectory(null);
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads an order file with Appendix C: every icd function answers from it and names the pack', () => {
    const r = cpes(['data', 'import', 'icd10cm', orderFile, official('appendix_C_excerpt.txt'), '--data-dir', dir]);
    expect(r.status, r.stderr).to.equal(0);
    expect(r.stdout).to.match(/^imported icd10cm v1 from icd10cm_order_2026\.txt with appendix_C_excerpt\.txt \(sha256 [0-9a-f]{64}\): 12 rows, FY2026, 7 billable codes, CC\/MCC from Appendix C, sha256 [0-9a-f]{64}\n/);
    const lookup = icd.call('lookup', 'A00.1');
    expect(lookup).to.include({ found: true, description: 'Cholera due to Vibrio cholerae 01, biovar eltor', is_billable: true, cc_level: 'CC' });
    expect(lookup.category).to.deep.equal({ code: 'A00', title: 'Cholera' });
    expect(lookup.data_packs[0]).to.include({ kind: 'icd10cm', version: 1, label: 'FY2026, 7 billable codes, CC/MCC from Appendix C' });
    expect(icd.call('lookup', 'I50.21')).to.include({ cc_level: 'MCC' });
    expect(icd.call('lookup', 'E11.9')).to.include({ found: true, cc_level: null });
    // a code of the shipped subset the pack does not hold is not found: the pack is the whole code set
    expect(icd.call('lookup', 'J18.9')).to.include({ found: false });
    expect(icd.call('search', 'cholera', 10).results.map((c: any) => c.code)).to.deep.equal(['A00', 'A00.0', 'A00.1', 'A00.9']);
    expect(icd.call('validate_codes', ['A00.9', 'J18.9'])).to.include({ valid: 1, invalid: 1 });
    expect(icd.call('list_codes')).to.have.length(12);
  });

  it('without Appendix C reports CC/MCC levels as unknown, and drg_lookup chooses no severity', () => {
    importPack(dir, registry.packKind('icd10cm')!, orderFile);
    const lookup = icd.call('lookup', 'I50.21');
    expect(lookup).to.include({ cc_level: null, cc_note: 'CC/MCC level unknown: the installed icd10cm pack was loaded without Appendix C' });
    expect(icd.call('lookup', 'I50')).to.include({ is_billable: false, cc_level: null }).and.not.have.property('cc_note');
    const drg = icd.call('drg_lookup', ['I61.9', 'I50.21']);
    expect(drg).to.include({ severity: null, primary_drg: null });
    expect(drg.grouper_note).to.contain('loaded without Appendix C, so the CC/MCC level of the secondary codes is unknown');
    // with no secondary codes the severity is known: none
    expect(icd.call('drg_lookup', ['I61.9']).primary_drg).to.include({ drg: '066' });
  });

  it('refuses a malformed order file or an Appendix C of another year whole, naming file and line; nothing changes', () => {
    importPack(dir, registry.packKind('icd10cm')!, orderFile);
    const before = readFileSync(join(dir, 'packs', 'index.json'), 'utf8');
    expect(refusal('icd10cm', official('icd10cm_order_bad.txt'))).to.equal(
      'icd10cm_order_bad.txt is not a valid icd10cm pack; nothing was changed:\n' +
        '  line 2: order number 00001 does not follow 00001\n' +
        '  line 3: not an order-file record (order, code, 0/1 flag, 60-character short title, long title)\n' +
        '  line 4: not an order-file record (order, code, 0/1 flag, 60-character short title, long title)',
    );
    const otherYear = join(dir, 'appendix_C_v44.txt');
    writeFileSync(otherYear, `${readFileSync(official('appendix_C_excerpt.txt'), 'latin1').replace('Appendix C Part 2', ' Z9981   CC  0002:3 codes     Dependence on supplemental oxygen\n\nAppendix C Part 2')}`);
    expect(refusal('icd10cm', orderFile, otherYear)).to.contain('  appendix_C_v44.txt line 1: lists codes the order file does not hold (Z99.81): the two files are of different years');
    expect(refusal('icd10cm', orderFile, official('table5_excerpt.txt'))).to.contain('  table5_excerpt.txt line 1: no "Appendix C Part 1" CC/MCC lines found');
    expect(refusal('lab-ranges', orderFile, official('appendix_C_excerpt.txt'))).to.equal('a lab-ranges pack is one file; a second file (appendix_C_excerpt.txt) was given');
    expect(readFileSync(join(dir, 'packs', 'index.json'), 'utf8')).to.equal(before);
    expect(icd.call('lookup', 'A00.1').data_packs[0]).to.include({ version: 1 });
  });

  it('installs a newer fiscal year as the next version and restores the shipped subset on removal', () => {
    importPack(dir, registry.packKind('icd10cm')!, orderFile);
    const next = join(dir, 'icd10cm_order_2027.txt');
    const added = '00013 Z9981   1 Dependence on supplemental oxygen                            Dependence on supplemental oxygen';
    writeFileSync(next, `${readFileSync(orderFile, 'latin1').trimEnd()}\n${added}\n`);
    expect(importPack(dir, registry.packKind('icd10cm')!, next)).to.include({ version: 2, rows: 13, label: 'FY2027, 8 billable codes, no CC/MCC levels' });
    expect(icd.call('lookup', 'Z99.81')).to.include({ found: true });
    expect(icd.call('lookup', 'Z99.81').data_packs[0]).to.include({ version: 2, label: 'FY2027, 8 billable codes, no CC/MCC levels' });
    removePack(dir, 'icd10cm');
    const shipped = icd.call('lookup', 'J18.9');
    expect(shipped).to.include({ found: true, cc_level: 'MCC' }).and.not.have.property('data_packs');
    expect(icd.call('list_codes').length).to.be.above(1000);
  });

  it('msdrg-weights: Table 5 gives drg_lookup its weights and mean stays; a bad file changes nothing; removal restores null weights', () => {
    expect(refusal('msdrg-weights', official('table5_bad.txt')).split('\n').slice(1)).to.deep.equal(['  line 4: DRG 065 weight "-" is not a positive number', '  line 5: MS-DRG "66" is not three digits']);
    expect(readIndex(dir).packs).to.deep.equal({});
    expect(importPack(dir, registry.packKind('msdrg-weights')!, official('table5_excerpt.txt'))).to.include({ version: 1, rows: 3, label: 'FY2026, 3 MS-DRGs' });
    const drg = icd.call('drg_lookup', ['I61.9', 'E11.9']);
    // the weight after the 10% cap is the one paid
    expect(drg.primary_drg).to.deep.include({ drg: '066', weight: 0.76, geometric_mean_los: 2.2, arithmetic_mean_los: 2.7 });
    expect(drg.matches[0].levels.map((l: any) => l.weight)).to.deep.equal([1.95, 1.06, 0.76]);
    expect(drg.data_packs[0]).to.include({ kind: 'msdrg-weights', version: 1 });
    expect(drg.grouper_note).to.not.contain('no relative weights');
    const newer = join(dir, 'CMS-1900-F Table 5.txt');
    writeFileSync(newer, readFileSync(official('table5_excerpt.txt'), 'latin1').replaceAll('FY 2026', 'FY 2027').replace('0.7600', '0.7700'));
    expect(importPack(dir, registry.packKind('msdrg-weights')!, newer)).to.include({ version: 2, label: 'FY2027, 3 MS-DRGs' });
    expect(icd.call('drg_lookup', ['I61.9']).primary_drg.weight).to.equal(0.77);
    removePack(dir, 'msdrg-weights');
    expect(icd.call('drg_lookup', ['I61.9']).primary_drg).to.include({ weight: null, geometric_mean_los: null });
  });

  it('cpes version shows which tables are shipped and which a pack replaces', () => {
    importPack(dir, registry.packKind('icd10cm')!, orderFile);
    const text = cpes(['version', '--data-dir', dir]).stdout;
    expect(text).to.match(/\n {2}icd10cm +icd10cm pack v1: FY2026, 7 billable codes, no CC\/MCC levels, 12 rows, imported \S+ \(replaces shipped FY2026 .*checked subset\)\n/);
    expect(text).to.match(/\n {2}msdrg +MS-DRG v43\.0 \(FY2026, effective 2025-10-01\) \(shipped, LicenseRef-US-Government-Public-Domain\)\n/);
    const json = JSON.parse(cpes(['version', '--json', '--data-dir', dir]).stdout);
    expect(json.tables.find((t: any) => t.name === 'icd10cm')).to.deep.include({ in_use: 'pack', pack: json.tables.find((t: any) => t.name === 'icd10cm').pack });
    expect(json.tables.find((t: any) => t.name === 'icd10cm').pack).to.include({ kind: 'icd10cm', version: 1, rows: 12 });
    expect(json.tables.find((t: any) => t.name === 'lab-tests')).to.include({ in_use: 'shipped', pack: null });
  });
});

describe('a running server and the icd packs', function () {
  this.timeout(180_000); // CLI commands and pool workers each compile the library under tsx
  let server: RunningServer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cpes-icd-serve-'));
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: dir, workers: 1, runTimeoutMs: 5000, maxQueue: 4, heapMb: 128, dev: true }, () => {});
  });
  after(async () => {
    await server.close();
    usePackDirectory(null);
    rmSync(dir, { recursive: true, force: true });
  });

  const call = async (fn: string, args: unknown[]): Promise<any> =>
    ((await (await fetch(`${server.url}/call`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ module: "icd", function: fn, args }) })).json()) as any).result;
  const icdTable = async (): Promise<any> => ((await (await fetch(`${server.url}/health`)).json()) as any).data.tables.find((t: any) => t.name === 'icd10cm');

  it('answers from an icd10cm pack imported while it runs, shows it in /v1/health without file names, and drops it on removal', async () => {
    expect(await icdTable()).to.include({ in_use: 'shipped', pack: null });
    const order = join(dir, 'icd10cm_order_2026.txt');
    copyFileSync(official('icd10cm_order_excerpt.txt'), order);
    importPack(dir, registry.packKind('icd10cm')!, order);
    expect(await call('lookup', ['J18.9'])).to.include({ found: false });
    const table = await icdTable();
    expect(table).to.include({ in_use: 'pack' });
    expect(table.pack).to.include({ kind: 'icd10cm', version: 1, rows: 12, label: 'FY2026, 7 billable codes, no CC/MCC levels' });
    expect(JSON.stringify(table)).to.not.contain('icd10cm_order_2026.txt');
    removePack(dir, 'icd10cm');
    expect(await call('lookup', ['J18.9'])).to.include({ found: true });
    expect(await icdTable()).to.include({ in_use: 'shipped' });
  });

  it('gives drg_lookup the weights of an msdrg-weights pack imported while it runs, and none after removal', async () => {
    expect((await call('drg_lookup', [['I61.9']])).primary_drg.weight).to.equal(null);
    importPack(dir, registry.packKind('msdrg-weights')!, official('table5_excerpt.txt'));
    expect((await call('drg_lookup', [['I61.9']])).primary_drg).to.include({ weight: 0.76, geometric_mean_los: 2.2 });
    removePack(dir, 'msdrg-weights');
    expect((await call('drg_lookup', [['I61.9']])).primary_drg.weight).to.equal(null);
  });
});

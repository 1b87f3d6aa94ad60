// The cpic and breakpoints data packs: CPIC's recommendation export and a laboratory's CLSI M100 table
// loaded by the operator, refused whole when malformed, replaced by a newer release, removed back to the
// shipped tables, and picked up by a running server.
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import guidanceTable from '../src/runtime/modules/genomics/data/cpic-guidance.json' with { type: 'json' };
import { startServer, type RunningServer } from '../src/cli/serve.js';
import { parseCpicExport } from '../src/runtime/modules/genomics/cpic-export.js';
import { registry } from '../src/runtime/modules/index.js';
import { usePackDirectory } from '../src/runtime/packs/active.js';
import { importPack, readIndex, removePack } from '../src/runtime/packs/store.js';
import { cpes } from './helpers/cli.js';
import { libraryOf } from './helpers/library.js';

const sample = (name: string): string => fileURLToPath(new URL(`./data/packs/${name}`, import.meta.url));
const cpicExcerpt = fileURLToPath(new URL('./fixtures-data/cpic/export-excerpt.json', import.meta.url));
const genomics = libraryOf('genomics');
const micro = libraryOf('micro');
const EUCAST = 'EUCAST Clinical Breakpoint Tables v. 15.0 (valid from 2025-01-01)';

/** what `cpes data import` prints after "cpes data: " when it refuses a file (the CLI itself is run once per kind) */
function refusal(dir: string, kind: string, file: string): string {
  try {
    importPack(dir, registry.packKind(kind)!, file);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${file} was imported`);
}

/** the excerpt as a newer CPIC release: a new version and one changed recommendation */
function newerRelease(dir: string): string {
  const path = join(dir, 'cpic-export-v1.99.json');
  writeFileSync(path, readFileSync(cpicExcerpt, 'utf8').replaceAll('v1.20.0', 'v1.99.0').replaceAll('Avoid codeine use because of potential for serious toxicity.', 'Avoid codeine (newer release text).'));
  return path;
}

describe('the CPIC export reader (shared by the generator and the cpic pack)', () => {
  it('re-derives the shipped rows of the committed CPIC export excerpt', () => {
    const parsed = parseCpicExport(readFileSync(cpicExcerpt, 'utf8'));
    if ('problems' in parsed) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.value.version).to.equal('v1.20.0');
    const shipped = (guidanceTable as any).rows as any[];
    const fromExport = parsed.value.rows.filter((r) => r.drug === 'celecoxib' || r.drug === 'abacavir');
    expect(fromExport.length).to.be.above(4);
    // the shipped table's newer (2025) rows win over the export's for the same phenotype; the others are the export's
    for (const row of fromExport) {
      const same = shipped.find((s) => s.drug === row.drug && JSON.stringify(s.phenotypes) === JSON.stringify(row.phenotypes) && JSON.stringify(s.activity_score ?? null) === JSON.stringify(row.activity_score ?? null));
      expect(same, `${row.drug} ${JSON.stringify(row.phenotypes)}`).to.not.equal(undefined);
      if (same.source.includes('v1.20.0')) expect(same).to.deep.equal(row);
    }
  });
});

describe('cpic and breakpoints data packs', function () {
  this.timeout(180_000); // CLI commands and pool workers each compile the library under tsx
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cpes-cpic-bp-packs-'));
    usePackDirectory(dir);
  });
  afterEach(() => {
    usePackDirectory(null);
    rmSync(dir, { recursive: true, force: true });
  });

  it('cpic: an export replaces the shipped recommendations and is named in data_pack; a newer release replaces it; removal restores the shipped table', () => {
    const kind = registry.packKind('cpic')!;
    const meta = importPack(dir, kind, cpicExcerpt);
    expect(meta).to.include({ version: 1, label: 'CPIC data v1.20.0, 3 drugs, 10 recommendations' });
    const um = genomics.call('dosing_guidance', 'CYP2D6', 'codeine', '*1/*1x2');
    expect(um.recommendation).to.match(/^Avoid codeine use because of potential for serious toxicity/);
    expect(um.data_pack).to.include({ kind: 'cpic', version: 1, file_name: 'export-excerpt.json' });
    // the pack is the whole table: a pair it does not hold has no guideline while it is installed
    expect(genomics.call('dosing_guidance', 'CYP2C19', 'clopidogrel', '*2/*2')).to.include({ has_guideline: false });
    importPack(dir, kind, newerRelease(dir));
    const newer = genomics.call('dosing_guidance', 'CYP2D6', 'codeine', '*1/*1x2');
    expect(newer).to.include({ recommendation: 'Avoid codeine (newer release text). If opioid use is warranted, consider a non-tramadol opioid.' });
    expect(newer.source).to.contain('CPIC data v1.99.0');
    expect(newer.data_pack).to.include({ version: 2, label: 'CPIC data v1.99.0, 3 drugs, 10 recommendations' });
    removePack(dir, 'cpic');
    const shipped = genomics.call('dosing_guidance', 'CYP2C19', 'clopidogrel', '*2/*2');
    expect(shipped).to.include({ has_guideline: true }).and.not.have.property('data_pack');
  });

  it('cpic: refuses a malformed export whole, naming the line of each bad drug entry; nothing changes', () => {
    importPack(dir, registry.packKind('cpic')!, cpicExcerpt);
    const before = readFileSync(join(dir, 'packs', 'index.json'), 'utf8');
    expect(refusal(dir, 'cpic', sample('cpic-bad.json')).split('\n')).to.deep.equal([
      'cpic-bad.json is not a valid cpic pack; nothing was changed:',
      '  line 3: codeine: recommendation 1 names no phenotype, activity score or allele status',
      '  line 11: celecoxib: cpicVersion is missing',
      '  line 16: tramadol: recommendation 1 has no drugrecommendation text (CPIC writes "No recommendation" where it has none)',
      '  line 16: tramadol: recommendation 2 is keyed by CYP2C19, which is not among the drug\'s genes',
    ]);
    const notJson = join(dir, 'cpic.json');
    writeFileSync(notJson, '[\n {"drugname": "codeine",\n');
    expect(refusal(dir, 'cpic', notJson)).to.match(/\n {2}line \d: not JSON \(invalid syntax/);
    expect(readFileSync(join(dir, 'packs', 'index.json'), 'utf8')).to.equal(before);
  });

  it("breakpoints: a laboratory's CLSI table becomes the default standard and answers CLSI; EUCAST stays available; removal restores EUCAST", () => {
    expect(micro.call('susceptibility', 'E.coli', 'ceftriaxone', 2, 'nonmeningitis')).to.include({ standard: 'EUCAST', standard_version: EUCAST });
    const r = cpes(['data', 'import', 'breakpoints', sample('clsi-breakpoints.csv'), '--data-dir', dir]);
    expect(r.stdout).to.contain('imported breakpoints v1 from clsi-breakpoints.csv: 7 rows, CLSI M100 99th ed. (synthetic test sample), Example General Hospital Microbiology (synthetic values, not CLSI\'s)');
    const clsi = micro.call('susceptibility', 'E.coli', 'ceftriaxone', 2);
    expect(clsi).to.include({ standard: 'CLSI', interpretation: 'INTERMEDIATE' });
    expect(clsi.standard_version).to.equal("CLSI M100 99th ed. (synthetic test sample), Example General Hospital Microbiology (synthetic values, not CLSI's) (breakpoints data pack v1)");
    expect(clsi.breakpoint).to.include({ s: 1, r: 4, standard: 'CLSI M100', edition: '99th ed. (synthetic test sample)' });
    expect(clsi.data_pack).to.include({ kind: 'breakpoints', version: 1 });
    // CLSI S ≤, I, SDD and R ≥ at each boundary of the pack's rows
    const at = (organism: string, drug: string, mic: number, site: string | null = null) => micro.call('susceptibility', organism, drug, mic, site).interpretation;
    expect([1, 2, 4, 8].map((m) => at('E.coli', 'ceftriaxone', m))).to.deep.equal(['SUSCEPTIBLE', 'INTERMEDIATE', 'RESISTANT', 'RESISTANT']);
    expect([2, 4, 8, 16].map((m) => at('Klebsiella', 'cefepime', m))).to.deep.equal(['SUSCEPTIBLE', 'SUSCEPTIBLE_DOSE_DEPENDENT', 'SUSCEPTIBLE_DOSE_DEPENDENT', 'RESISTANT']);
    expect([1, 2].map((m) => at('MRSA', 'daptomycin', m))).to.deep.equal(['SUSCEPTIBLE', 'NON_SUSCEPTIBLE']);
    expect(at('E.coli', 'nitrofurantoin', 64, 'urine_only')).to.equal('INTERMEDIATE');
    expect(at('Klebsiella', 'nitrofurantoin', 64, 'urine_only')).to.equal('NO_BREAKPOINT'); // the row names E. coli only
    expect(at('Strep_pneumo', 'penicillin', 0.12, 'meningitis')).to.equal('RESISTANT');
    // a drug the laboratory's table lacks is not answered from the shipped subset
    const absent = micro.call('susceptibility', 'P. aeruginosa', 'colistin', 2);
    expect(absent).to.include({ interpretation: 'NO_BREAKPOINT', note: 'the installed CLSI breakpoints pack holds no P. aeruginosa breakpoint for Colistin' });
    expect(micro.call('susceptibility', 'E.coli', 'ceftriaxone', 2, 'nonmeningitis', 'EUCAST')).to.include({ standard: 'EUCAST', interpretation: 'SUSCEPTIBLE_INCREASED_EXPOSURE' });
    // a newer edition replaces the older one
    const newer = join(dir, 'clsi-2027.csv');
    writeFileSync(newer, readFileSync(sample('clsi-breakpoints.csv'), 'utf8').replace('99th ed.', '100th ed.').replace('Enterobacterales,Ceftriaxone,1,2,2,,,4,,', 'Enterobacterales,Ceftriaxone,2,4,4,,,8,,'));
    expect(importPack(dir, registry.packKind('breakpoints')!, newer).version).to.equal(2);
    expect(micro.call('susceptibility', 'E.coli', 'ceftriaxone', 2)).to.include({ interpretation: 'SUSCEPTIBLE' });
    removePack(dir, 'breakpoints');
    expect(micro.call('susceptibility', 'E.coli', 'ceftriaxone', 2, 'nonmeningitis')).to.include({ standard: 'EUCAST' }).and.not.have.property('data_pack');
  });

  it('breakpoints: refuses a malformed table with every problem and its line; nothing changes', () => {
    expect(refusal(dir, 'breakpoints', sample('clsi-breakpoints-bad.csv')).split('\n').slice(1)).to.deep.equal([
      "  line 1: the file must say which standard it holds: '# standard: CLSI M100'",
      '  line 3: s 4 must be below r 1',
      `  line 4: organism_group "Enterobactericeae" is not one of Enterobacterales, P. aeruginosa, S. aureus, Enterococcus, S. pneumoniae, coagulase-negative staphylococci, beta-haemolytic streptococci, Acinetobacter, S. maltophilia, anaerobes, H. influenzae, N. meningitidis, N. gonorrhoeae`,
      '  line 5: antibiotic "Aspirin" is not an antibiotic micro knows (a name, alias or three-letter code)',
      '  line 6: i_low and i_high must both be given, i_low ≤ i_high',
      '  line 7: site "brain" is not one of meningitis, nonmeningitis, oral, parenteral, urine_only, urinary_origin, systemic (or empty)',
      '  line 8: s "two" is not an MIC in mcg/mL (a number above 0, at most 1024)',
    ]);
    expect(readIndex(dir).packs).to.deep.equal({});
  });
});

describe('a running server and the cpic and breakpoints packs', function () {
  this.timeout(180_000); // CLI commands and pool workers each compile the library under tsx
  let dir: string;
  let server: RunningServer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cpes-cpic-bp-serve-'));
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: dir, workers: 1, runTimeoutMs: 5000, maxQueue: 4, heapMb: 128, dev: true }, () => {});
  });
  after(async () => {
    await server.close();
    usePackDirectory(null);
    rmSync(dir, { recursive: true, force: true });
  });

  const post = async (path: string, body: unknown): Promise<any> => (await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  const standardInRun = async (): Promise<string> => {
    const body = await post('/run', { code: 'protocol P {\n  let r = med.micro.susceptibility("E.coli", "ceftriaxone", 2);\n  let standard = r.standard;\n}' });
    return body.events.filter((e: any) => e.kind === 'let' && e.name === 'standard')[0].value;
  };

  it('uses packs imported while it runs, in runs and calls, and drops them on removal', async () => {
    expect(await standardInRun()).to.equal('EUCAST');
    importPack(dir, registry.packKind('breakpoints')!, sample('clsi-breakpoints.csv'));
    importPack(dir, registry.packKind('cpic')!, newerRelease(dir));
    expect(await standardInRun()).to.equal('CLSI');
    const dosing = await post('/call', { module: 'genomics', function: 'dosing_guidance', args: ['CYP2D6', 'codeine', '*1/*1x2'] });
    expect(dosing.result.recommendation).to.match(/^Avoid codeine \(newer release text\)/);
    const health: any = await (await fetch(`${server.url}/health`)).json();
    expect(health.data.tables.find((t: any) => t.name === 'CPIC gene–drug recommendations')).to.deep.include({ in_use: 'pack' });
    expect(health.data.tables.find((t: any) => t.name === 'CLSI and FDA MIC breakpoints (shipped subset)').pack).to.include({ kind: 'breakpoints', version: 1 });
    removePack(dir, 'breakpoints');
    removePack(dir, 'cpic');
    expect(await standardInRun()).to.equal('EUCAST');
    expect((await post('/call', { module: 'genomics', function: 'dosing_guidance', args: ['CYP2D6', 'codeine', '*1/*1x2'] })).result.recommendation).to.match(/^Avoid codeine use because/);
  });
});

// Operator data packs: `cpes data import|list|remove`, validation before anything changes, versions,
// checksums, and what the library answers with and without a pack, in-process and through a live server.
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../src/cli/serve.js';
import { usePackDirectory } from '../src/runtime/packs/active.js';
import { registry } from '../src/runtime/modules/index.js';
import { importPack, readIndex, removePack } from '../src/runtime/packs/store.js';
import { cpes } from './helpers/cli.js';
import { libraryOf } from './helpers/library.js';

const sample = (name: string): string => fileURLToPath(new URL(`./data/packs/${name}`, import.meta.url));
const icd = libraryOf('icd');
const lab = libraryOf('lab');
const NO_MAP = 'no SNOMED CT map is loaded on this installation; see cpes data import';

describe('cpes data (operator data packs)', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cpes-packs-'));
    usePackDirectory(dir);
  });
  afterEach(() => {
    usePackDirectory(null);
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports the NLM map file, lists it with its checksum, and removes it again', () => {
    const imported = cpes(['data', 'import', 'snomed-icd10-map', sample('snomed-map.tsv'), '--data-dir', dir]);
    expect(imported.status, imported.stderr).to.equal(0);
    const sha = /sha256 ([0-9a-f]{64})/.exec(imported.stdout)![1];
    expect(imported.stdout).to.contain('imported snomed-icd10-map v1 from snomed-map.tsv: 5 rows, release 2025-03-01');
    const listed = cpes(['data', 'list', '--data-dir', dir]);
    expect(listed.stdout).to.match(/snomed-icd10-map\s+v1\s+5\s+snomed-map\.tsv\s+release 2025-03-01/).and.contain(sha);
    const removed = cpes(['data', 'remove', 'snomed-icd10-map', '--data-dir', dir]);
    expect(removed.status).to.equal(0);
    expect(cpes(['data', 'list', '--data-dir', dir]).stdout).to.contain('no data packs installed');
    const again = cpes(['data', 'remove', 'snomed-icd10-map', '--data-dir', dir]);
    expect([again.status, again.stderr]).to.deep.equal([1, `cpes data: no snomed-icd10-map pack is installed in ${join(dir, 'packs')}\n` + again.stderr.split('\n').slice(1).join('\n')]);
  });

  it('refuses a malformed file with every problem and its line, and changes nothing', () => {
    importPack(dir, registry.packKind('snomed-icd10-map')!, sample('snomed-map.tsv'));
    const before = readFileSync(join(dir, 'packs', 'index.json'), 'utf8');
    const r = cpes(['data', 'import', 'snomed-icd10-map', sample('snomed-map-bad.tsv'), '--data-dir', dir]);
    expect(r.status).to.equal(1);
    expect(r.stderr).to.equal(
      'cpes data: snomed-map-bad.tsv is not a valid snomed-icd10-map pack; nothing was changed:\n' +
        '  line 3: referencedComponentId "38341004" is not a SNOMED CT id (6–18 digits with a Verhoeff check digit)\n' +
        '  line 4: mapGroup must be a whole number ≥ 1, got "one"\n' +
        '  line 4: mapTarget "121.9" is not an ICD-10-CM code\n' +
        '  line 5: has 10 tab-separated fields, the header has 16\n',
    );
    expect(readFileSync(join(dir, 'packs', 'index.json'), 'utf8')).to.equal(before);
    expect(icd.call('snomed_to_icd', '44054006').data_pack.version).to.equal(1);
  });

  it('answers snomed_to_icd from the installed map in group and priority order, naming the pack', () => {
    expect(icd.call('snomed_to_icd', 22298006)).to.deep.equal({
      type: 'ICD_SNOMED_MAP', snomed_ct: '22298006', found: false, icd10_matches: [], count: 0, note: NO_MAP,
    });
    const meta = importPack(dir, registry.packKind('snomed-icd10-map')!, sample('snomed-map.tsv'));
    const r = icd.call('snomed_to_icd', 22298006);
    expect(r.icd10_matches.map((m: any) => [m.code, m.map_group, m.map_priority])).to.deep.equal([['I25.2', 1, 1], ['I21.9', 1, 2]]);
    expect(r.icd10_matches[1]).to.deep.equal({ code: 'I21.9', description: 'Acute myocardial infarction, unspecified', map_group: 1, map_priority: 2, map_rule: 'OTHERWISE TRUE', map_advice: 'ALWAYS I21.9' });
    expect(r).to.include({ found: true, count: 2, snomed_term: 'Myocardial infarction' });
    expect(r.data_pack).to.deep.equal({ kind: 'snomed-icd10-map', version: 1, label: 'release 2025-03-01', file_name: 'snomed-map.tsv', sha256: meta.sha256 });
    expect(icd.call('lookup', 'E11.9')).to.deep.include({ snomed_ct: ['44054006'] });
    // a member whose newest state is inactive is not in the map; a concept NLM maps to no code is not "found"
    expect(icd.call('snomed_to_icd', 195967001)).to.include({ found: false, count: 0 });
    const unmapped = icd.call('snomed_to_icd', 73211009);
    expect(unmapped).to.include({ found: false, count: 1 });
    expect(unmapped.icd10_matches[0]).to.include({ code: null, map_advice: 'MAP SOURCE CONCEPT CANNOT BE CLASSIFIED WITH AVAILABLE DATA' });
  });

  it('installs a re-import as the next version, keeps numbering after a removal, and reports the one in use', () => {
    const kind = registry.packKind('snomed-icd10-map')!;
    expect(importPack(dir, kind, sample('snomed-map.tsv')).version).to.equal(1);
    const newer = join(dir, 'tls_Icd10cmHumanReadableMap_US1000124_20250901.tsv');
    writeFileSync(newer, readFileSync(sample('snomed-map.tsv'), 'utf8').replaceAll('20250301', '20250901'));
    expect(importPack(dir, kind, newer)).to.include({ version: 2, label: 'release 2025-09-01' });
    expect(icd.call('snomed_to_icd', 44054006).data_pack).to.include({ version: 2, file_name: 'tls_Icd10cmHumanReadableMap_US1000124_20250901.tsv' });
    removePack(dir, 'snomed-icd10-map');
    expect(icd.call('snomed_to_icd', 44054006)).to.include({ found: false, note: NO_MAP });
    expect(importPack(dir, kind, sample('snomed-map.tsv')).version).to.equal(3);
  });

  it('refuses to answer from a pack whose stored rows no longer match their checksum', () => {
    importPack(dir, registry.packKind('snomed-icd10-map')!, sample('snomed-map.tsv'));
    const stored = join(dir, 'packs', 'snomed-icd10-map', 'v1.json');
    writeFileSync(stored, readFileSync(stored, 'utf8').replace('E11.9', 'E11.8'));
    usePackDirectory(dir); // a process starting after the change
    // named relative to the data directory: callers never learn the server's paths
    expect(icd.error('snomed_to_icd', 44054006)).to.equal('icd.snomed_to_icd: the snomed-icd10-map pack v1 (packs/snomed-icd10-map/v1.json in the data directory) fails its checksum (changed on disk); import it again');
  });

  it("judges values against the laboratory's own rows by age band, sex and assay, and the defaults elsewhere", () => {
    importPack(dir, registry.packKind('lab-ranges')!, sample('lab-ranges.csv'));
    const adult = lab.call('interpret', 'K', 4.9, null, 40);
    expect(adult).to.include({ flag: 'HIGH', reference_range: '3.4-4.8 mEq/L', range_basis: 'laboratory reference interval (both sexes, age 18+)' });
    expect(adult.range_source).to.equal('Example General Hospital Clinical Laboratory (synthetic test sample), effective 2026-11-01');
    expect(adult.data_pack).to.include({ kind: 'lab-ranges', version: 1 });
    expect(lab.call('interpret', 'K', 6.2, null, 18).flag).to.equal('CRITICAL_HIGH');
    expect(lab.call('interpret', 'K', 6.2, null, 17.9).flag).to.equal('HIGH');
    expect(lab.call('interpret', 'K', 2.9, null, 40).flag).to.equal('CRITICAL_LOW');
    expect(lab.call('interpret', 'K', 3.0, null, 40).flag).to.equal('LOW');
    expect(lab.error('interpret', 'K', 4, null)).to.equal('lab.interpret: Example General Hospital Clinical Laboratory (synthetic test sample), effective 2026-11-01 gives K ranges per age band; pass age');
    expect(lab.error('interpret', 'K', 4, null, 0.5)).to.equal('lab.interpret: Example General Hospital Clinical Laboratory (synthetic test sample), effective 2026-11-01 gives no K range for both sexes aged 0.5');
    expect(lab.call('interpret', 'Troponin', 10, 'F', null, 'roche elecsys hs-ctnt')).to.include({ flag: 'HIGH', reference_range: '≤9 ng/L', assay: 'Roche Elecsys hs-cTnT' });
    expect(lab.call('interpret', 'Troponin', 10, 'F', null, 'Abbott ARCHITECT hs-cTnI')).to.include({ flag: 'NORMAL', reference_range: '≤16 ng/L' });
    expect(lab.error('interpret', 'Troponin', 10, 'F')).to.match(/gives Troponin ranges per assay \(Abbott ARCHITECT hs-cTnI, Roche Elecsys hs-cTnT\); pass the assay$/);
    expect(lab.error('interpret', 'Troponin', 10, null, null, 'Roche Elecsys hs-cTnT')).to.match(/gives Troponin ranges per sex; pass sex$/);
    expect(lab.error('panel', 'CARDIAC', { Troponin: 10 }, 'F')).to.match(/lab\.panel: .* gives Troponin ranges per assay \(.*\); interpret it with lab\.interpret, which takes the assay$/);
    expect(lab.call('panel', 'BMP', { K: 4.9 }, null, 40).results[0]).to.include({ flag: 'HIGH', range_source: adult.range_source });
    // a test the laboratory does not cover keeps the shipped default, and says so
    expect(lab.call('interpret', 'Na', 140)).to.include({ flag: 'NORMAL', range_source: 'cpes default table (see the table source)' });
    removePack(dir, 'lab-ranges');
    expect(lab.call('interpret', 'K', 4.9)).to.include({ flag: 'NORMAL', reference_range: '3.5-5 mEq/L' });
  });

  it('refuses a lab-ranges file with wrong units, overlapping bands, unknown tests and bad limits, line by line', () => {
    const r = cpes(['data', 'import', 'lab-ranges', sample('lab-ranges-bad.csv'), '--data-dir', dir]);
    expect(r.status).to.equal(1);
    expect(r.stderr.split('\n').slice(1, -1)).to.deep.equal([
      "  line 1: the file must name its laboratory first: '# laboratory: NAME'",
      '  line 2: unit "mmol/L" is not K\'s unit mEq/L (convert the values; cpes does not convert laboratory units)',
      '  line 4: K overlaps line 3: same sex and overlapping ages, so a value could match both',
      '  line 5: test "Kalium" is not a test cpes knows (use its name or an alias from lab.list_tests)',
      '  line 6: sex must be M, F or empty (both), got "X"',
      '  line 6: low 150 must be below high 135',
    ]);
    expect(readIndex(dir).packs).to.deep.equal({});
  });

  it('cpes run uses the packs of --data-dir, as a server on that directory would', () => {
    importPack(dir, registry.packKind('lab-ranges')!, sample('lab-ranges.csv'));
    const protocol = join(dir, 'k.moiss');
    writeFileSync(protocol, 'protocol P {\n  let r = med.lab.interpret("K", 4.9, null, 40);\n  let flag = r.flag;\n}\n');
    const flagOf = (args: string[]): string => JSON.parse(cpes(['run', protocol, '--json', ...args]).stdout).events.find((e: any) => e.name === 'flag').value;
    expect(flagOf(['--data-dir', dir])).to.equal('HIGH');
    expect(flagOf([])).to.equal('NORMAL');
  });

  it('names the kinds it knows and refuses an unknown one', () => {
    const r = cpes(['data', 'import', 'drug-prices', sample('lab-ranges.csv'), '--data-dir', dir]);
    expect(r.status).to.equal(1);
    expect(r.stderr).to.contain("cpes data: unknown kind 'drug-prices'; kinds: breakpoints, cpic, formulary, icd10cm, lab-ranges, msdrg-weights, snomed-icd10-map");
  });
});

describe('a running server and data packs', function () {
  this.timeout(60_000);
  let dir: string;
  let server: RunningServer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cpes-packs-serve-'));
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: dir, workers: 1, runTimeoutMs: 5000, maxQueue: 4, heapMb: 128, dev: true }, () => {});
  });
  after(async () => {
    await server.close();
    usePackDirectory(null);
    rmSync(dir, { recursive: true, force: true });
  });

  const post = async (path: string, body: unknown): Promise<any> =>
    (await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  const runFlag = async (): Promise<string> => {
    const body = await post('/run', { code: 'protocol P {\n  let r = med.lab.interpret("K", 4.9, null, 40);\n  let flag = r.flag;\n}' });
    return body.events.filter((e: any) => e.kind === 'let' && e.name === 'flag')[0].value;
  };

  it('uses a pack imported while it runs from the next request (runs and calls), reports it in /v1/health, and drops it on removal', async () => {
    expect(await runFlag()).to.equal('NORMAL');
    const health: any = await (await fetch(`${server.url}/health`)).json();
    expect(health.data.packs).to.deep.equal([]);
    expect(health.data.tables.map((t: any) => t.name)).to.include.members(['icd10cm', 'lab-tests', 'msdrg']);

    const imported = cpes(['data', 'import', 'lab-ranges', sample('lab-ranges.csv'), '--data-dir', dir]);
    expect(imported.status, imported.stderr).to.equal(0);
    expect(await runFlag()).to.equal('HIGH'); // the pool child re-reads the index at the start of the run
    const call = await post('/call', { module: 'lab', function: 'interpret', args: ['K', 4.9, null, 40] });
    expect(call.result).to.include({ flag: 'HIGH' });
    const after: any = await (await fetch(`${server.url}/health`)).json();
    expect(after.data.packs).to.have.length(1);
    expect(after.data.packs[0]).to.include({ kind: 'lab-ranges', version: 1, rows: 6, file_name: 'lab-ranges.csv' });

    expect(cpes(['data', 'remove', 'lab-ranges', '--data-dir', dir]).status).to.equal(0);
    expect(await runFlag()).to.equal('NORMAL');
  });

  it('answers /v1/health 503 degraded while the pack index cannot be read and healthy once it is repaired (its cached description follows each change)', async () => {
    const health = async (): Promise<[number, string]> => {
      const r = await fetch(`${server.url}/health`);
      return [r.status, ((await r.json()) as { status: string }).status];
    };
    expect(cpes(['data', 'import', 'lab-ranges', sample('lab-ranges.csv'), '--data-dir', dir]).status).to.equal(0);
    expect(await health()).to.deep.equal([200, 'healthy']);
    const index = join(dir, 'packs', 'index.json');
    const intact = readFileSync(index, 'utf8');
    writeFileSync(index, '{"format": 1, "packs": ');
    expect(await health()).to.deep.equal([503, 'degraded']);
    expect(await health()).to.deep.equal([503, 'degraded']);
    writeFileSync(index, intact);
    expect(await health()).to.deep.equal([200, 'healthy']);
    const body: any = await (await fetch(`${server.url}/health`)).json();
    expect(body.data.packs.map((p: any) => p.kind)).to.deep.equal(['lab-ranges']);
    expect(cpes(['data', 'remove', 'lab-ranges', '--data-dir', dir]).status).to.equal(0);
  });
});

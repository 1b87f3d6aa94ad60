// The `formulary` data pack (issue "reference data and packs", modules.md §4.7): a site's own drug rows
// and rules override or extend the shipped pk table for every protocol on the installation, results
// name the formulary, and removing the pack restores the shipped limits.
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProtocol } from '../src/engine/index.js';
import { usePackDirectory } from '../src/runtime/packs/active.js';
import { registry } from '../src/runtime/modules/index.js';
import { importPack, removePack } from '../src/runtime/packs/store.js';
import { cpes } from './helpers/cli.js';
import { libraryOf } from './helpers/library.js';

const sample = (name: string): string => fileURLToPath(new URL(`./data/packs/${name}`, import.meta.url));
const pk = libraryOf('pk');
const KETOROLAC_20 = 'protocol P {\n  input: Patient p;\n  administer Toradol dose: 20 mg;\n}';

function administerEvent() {
  const { body } = runProtocol(KETOROLAC_20, { weight: 70 });
  return body.events.find((e) => e.kind === 'administer')!;
}

describe('formulary data pack (pk)', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cpes-formulary-'));
    usePackDirectory(dir);
  });
  afterEach(() => {
    usePackDirectory(null);
    rmSync(dir, { recursive: true, force: true });
  });

  it("a pack that lowers a drug's limit changes administer's answer; removing it restores the shipped limit", () => {
    const shipped = administerEvent();
    expect(shipped.level).to.not.equal('ERROR'); // 20 mg is within the shipped 30 mg label maximum
    expect(shipped.source).to.equal('pk-drugs');

    importPack(dir, registry.packKind('formulary')!, sample('formulary.jsonl'));
    const site = administerEvent();
    expect(site.event).to.equal('[3] LOG: administer Toradol 20 mg: dose ERROR 20 mg exceeds maximum 15 mg');
    expect(site.source).to.equal('formulary pack: Test Hospital formulary (effective 2026-11-01)');
    expect(site.table_version).to.match(/^pack v1 sha256:[0-9a-f]{12}$/);
    // the site's own drug and rule extend the table; shipped drugs it does not name stay as shipped
    expect(pk.call('check_interactions', 'Sitedrug', ['Ibuprofen', 'Ketorolac']).interactions.map((r: { severity: string }) => r.severity)).to.include('MAJOR');
    expect(pk.call('list_drugs')).to.include('Sitedrug');
    expect(pk.call('validate_dose', 'Vancomycin', 500, 'mg').source).to.equal('pk-drugs');

    removePack(dir, 'formulary');
    const restored = administerEvent();
    expect(restored.level).to.equal(shipped.level);
    expect(restored.source).to.equal('pk-drugs');
    expect(pk.call('get_profile', 'Sitedrug')).to.include({ found: false });
  });

  it('refuses a malformed formulary with every problem and its line, and changes nothing', () => {
    importPack(dir, registry.packKind('formulary')!, sample('formulary.jsonl'));
    const before = readFileSync(join(dir, 'packs', 'index.json'), 'utf8');
    const r = cpes(['data', 'import', 'formulary', sample('formulary-bad.jsonl'), '--data-dir', dir]);
    expect(r.status).to.equal(1);
    expect(r.stderr.split('\n').slice(0, 5)).to.deep.equal([
      'cpes data: formulary-bad.jsonl is not a valid formulary pack; nothing was changed:',
      '  line 2: drug "Ketorolac": default_route PO is not among routes',
      "  line 3: rule side 'Nosuchclass' is neither a drug nor an interaction class",
      '  line 4: rule: severity must be one of MONITOR, MODERATE, MAJOR, SEVERE, EXPECTED, got "TERRIBLE"',
      '  line 5: not JSON (invalid syntax)',
    ]);
    expect(readFileSync(join(dir, 'packs', 'index.json'), 'utf8')).to.equal(before);
    expect(administerEvent().level).to.equal('ERROR'); // the good pack is still the one in force
  });
});

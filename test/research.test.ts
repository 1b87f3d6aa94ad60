import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProtocol } from '../src/engine/index.js';
import { inverseNormal } from '../src/runtime/modules/research/inverse-normal.js';
import { SqliteLibraryStore } from '../src/store/sqlite/library.js';
import { cpes } from './helpers/cli.js';
import { orgLibrary } from './helpers/org-library.js';

describe('research: sample size and randomization', () => {
  const store = SqliteLibraryStore.open(null);
  const lib = orgLibrary(store, 'Trials');
  after(() => store.close());

  it('AS241 gives the textbook quantiles', () => {
    expect(inverseNormal(0.975)).to.be.closeTo(1.959963984540054, 1e-14);
    expect(inverseNormal(0.8)).to.be.closeTo(0.8416212335729143, 1e-14);
    expect(inverseNormal(0.5)).to.equal(0);
    expect(inverseNormal(0.025)).to.be.closeTo(-1.959963984540054, 1e-14);
    expect(inverseNormal(0.999)).to.be.closeTo(3.090232306167813, 1e-13); // the |q| > 0.425 branch
  });

  it('§23: (0.5) → 63/126; (0.3, 0.01, 0.9) → 331/662; (0.5, 0.02, 0.99) → 174/348', () => {
    // n = ⌈2(z₀.₉₇₅ + z₀.₈)²/0.5²⌉ = ⌈2·2.80159²/0.25⌉ = ⌈62.79⌉ = 63
    expect(lib.call('research', 'sample_size', 0.5)).to.deep.equal({ type: 'RESEARCH_SAMPLE_SIZE', effect_size: 0.5, alpha: 0.05, power: 0.8, z_alpha: 1.96, z_beta: 0.8416, n_per_group: 63, total_n: 126 });
    expect(lib.call('research', 'sample_size', 0.3, 0.01, 0.9)).to.include({ z_alpha: 2.5758, z_beta: 1.2816, n_per_group: 331, total_n: 662 });
    expect(lib.call('research', 'sample_size', 0.5, 0.02, 0.99)).to.include({ z_alpha: 2.3263, z_beta: 2.3263, n_per_group: 174, total_n: 348 });
  });

  it('checks the ranges of effect size, alpha and power at their edges', () => {
    expect(lib.error('research', 'sample_size', 0)).to.contain("argument 1 'effect_size' must be ≥ 0.01");
    expect(lib.call('research', 'sample_size', 5).n_per_group).to.equal(1); // 2·2.8016²/25 = 0.63 → 1
    expect(lib.error('research', 'sample_size', 5.01)).to.contain("argument 1 'effect_size' must be ≤ 5");
    expect(lib.error('research', 'sample_size', 0.5, 0.5)).to.contain("argument 2 'alpha' must be < 0.5");
    expect(lib.error('research', 'sample_size', 0.5, 0)).to.contain("argument 2 'alpha' must be ≥ 0.000001");
    expect(lib.call('research', 'sample_size', 0.5, 0.05, 0.5).z_beta).to.equal(0);
    expect(lib.error('research', 'sample_size', 0.5, 0.05, 0.49)).to.contain("argument 3 'power' must be ≥ 0.5");
    expect(lib.error('research', 'sample_size', 0.5, 0.05, 1)).to.contain("argument 3 'power' must be < 1");
  });

  it('§23: randomize(200, 3, [2, 1, 1], seed 42) twice is identical and every block of 8 holds 4/2/2', () => {
    const first = lib.call('research', 'randomize', 200, 3, [2, 1, 1], 42);
    expect(lib.call('research', 'randomize', 200, 3, [2, 1, 1], 42)).to.deep.equal(first);
    expect(first).to.include({ patient_count: 200, arms: 3, block_size: 8, seed: 42, method: 'permuted blocks' });
    expect(first.arm_labels).to.deep.equal(['Arm_A', 'Arm_B', 'Arm_C']);
    expect(first.arm_counts).to.deep.equal({ Arm_A: 100, Arm_B: 50, Arm_C: 50 });
    const arms = Object.values(first.assignments) as string[];
    expect(Object.keys(first.assignments).slice(0, 2)).to.deep.equal(['PT-0001', 'PT-0002']);
    for (let block = 0; block < 25; block++) {
      const slice = arms.slice(block * 8, block * 8 + 8);
      expect(['Arm_A', 'Arm_B', 'Arm_C'].map((arm) => slice.filter((x) => x === arm).length)).to.deep.equal([4, 2, 2]);
    }
    expect(lib.call('research', 'randomize', 200, 3, [2, 1, 1], 43).assignments).to.not.deep.equal(first.assignments);
  });

  it('reports a drawn seed that reproduces the allocation; validates ratio and block size', () => {
    const drawn = lib.call('research', 'randomize', 10);
    expect(drawn.seed).to.be.within(0, 4294967295);
    expect(lib.call('research', 'randomize', 10, 2, null, drawn.seed).assignments).to.deep.equal(drawn.assignments);
    expect(drawn.block_size).to.equal(4);
    expect(lib.call('research', 'randomize', 12345, 2, null, 1).assignments).to.have.property('PT-12345');
    expect(lib.error('research', 'randomize', 10, 3, [1, 1])).to.equal("research.randomize: argument 3 'ratio' must have one entry per arm (3), got 2");
    expect(lib.error('research', 'randomize', 10, 2, [1, 2], 1, 4)).to.equal("research.randomize: argument 5 'block_size' must be a multiple of the ratio sum 3, got 4");
    const sevenFirst = Object.values(lib.call('research', 'randomize', 7, 2, [1, 2], 1, 6).assignments).slice(0, 6);
    expect(['Arm_A', 'Arm_B'].map((arm) => sevenFirst.filter((x) => x === arm).length)).to.deep.equal([2, 4]);
    expect(lib.error('research', 'randomize', 10, 27)).to.contain("argument 2 'arms' must be ≤ 26");
    expect(lib.error('research', 'randomize', 0)).to.contain("argument 1 'patient_count' must be ≥ 1");
  });

  it('stratifies evenly with the remainder in earlier strata, ids consecutive, one schedule per stratum', () => {
    const s = lib.call('research', 'stratify', 10, 'site', ['North', 'South', 'East']);
    expect(s.allocation).to.deep.equal({ North: 4, South: 3, East: 3 });
    expect(s.patients.South).to.deep.equal(['PT-0005', 'PT-0006', 'PT-0007']);
    expect(s).to.not.have.property('randomization');
    const r = lib.call('research', 'stratify', 10, 'site', ['North', 'South'], 2, 100);
    expect(r.seed).to.equal(100);
    expect(r.randomization.South.seed).to.equal(101);
    // each stratum's schedule is the one randomize gives for its size and seed, over the stratum's own ids
    expect(Object.values(r.randomization.South.assignments)).to.deep.equal(Object.values(lib.call('research', 'randomize', 5, 2, null, 101).assignments));
    expect(Object.keys(r.randomization.South.assignments)).to.deep.equal(['PT-0006', 'PT-0007', 'PT-0008', 'PT-0009', 'PT-0010']);
    expect(lib.call('research', 'stratify', 5, 'age group').allocation).to.deep.equal({ Stratum_A: 3, Stratum_B: 2 });
    expect(lib.error('research', 'stratify', 4, 'site', ['A', 'A'])).to.equal("research.stratify: argument 3 'strata' lists 'A' twice");
  });
});

describe('research: consent and de-identification', () => {
  const store = SqliteLibraryStore.open(null);
  const lib = orgLibrary(store, 'Clinic', () => new Date('2026-11-25T12:00:00.000Z'));
  after(() => store.close());

  it('§23: consent_check with no record → found false, consented false; consent is never inferred', () => {
    expect(lib.call('research', 'consent_check', 'PT-1', 'S-1')).to.deep.equal({ type: 'RESEARCH_CONSENT', patient_id: 'PT-1', study_id: 'S-1', found: false, consented: false, consent_date: null, recorded_at: null });
  });

  it('the latest consent record counts: given, then withdrawn', () => {
    expect(lib.call('research', 'record_consent', 'PT-2', 'S-1', true, '2026-11-25', 'Dr X')).to.deep.equal({ type: 'RESEARCH_CONSENT', patient_id: 'PT-2', study_id: 'S-1', found: true, consented: true, consent_date: '2026-11-25', recorded_at: '2026-11-25T12:00:00.000Z' });
    lib.call('research', 'record_consent', 'PT-2', 'S-1', false);
    expect(lib.call('research', 'consent_check', 'PT-2', 'S-1')).to.include({ found: true, consented: false, consent_date: null });
    expect(lib.call('research', 'consent_check', 'PT-2', 'S-2').found).to.equal(false);
    expect(lib.error('research', 'record_consent', 'PT-2', 'S-1', true, '2026-11-26')).to.equal("research.record_consent: argument 4 'consent_date' 2026-11-26 is in the future");
    expect(lib.error('research', 'record_consent', 'PT-2', 'S-1', true, '2026-02-30')).to.contain("argument 4 'consent_date' must be an ISO date YYYY-MM-DD");
    expect(lib.error('research', 'record_consent', 'PT-2', 'S-1', 'yes')).to.contain("argument 3 'consented' must be a boolean");
  });

  it('keeps only Safe Harbor fields: age over 89 → 90+, identifiers, dates and free text removed', () => {
    const out = lib.call('research', 'deidentify', { mrn: 'MRN-9', name: 'Ann Smith', age: 90, sex: 'female', birth_date: '1936-01-01', phone: '555-0100', sbp: 130, hr: 88, on_oxygen: true, zip: '02139', note: 'lives alone', consciousness: 'A' });
    expect(out).to.deep.equal({
      type: 'RESEARCH_DEIDENTIFIED',
      patient_hash: createHmac('sha256', store.installationSecret()).update('6:ClinicMRN-9').digest('hex').slice(0, 32),
      age: '90+',
      sex: 'F',
      bp: 130,
      hr: 88,
      on_oxygen: true,
      removed_fields: ['mrn', 'name', 'birth_date', 'phone', 'zip', 'note', 'consciousness'],
      method: out.method,
    });
    expect(out.method).to.contain('164.514(b)(2)');
    const young = lib.call('research', 'deidentify', { name: 'Bo', age: 89, birth_date: '1937-05-05' });
    expect(young).to.include({ age: 89, birth_year: 1937, patient_hash: createHmac('sha256', store.installationSecret()).update('6:ClinicBo').digest('hex').slice(0, 32) });
    expect(lib.call('research', 'deidentify', { age: 40 }).patient_hash).to.equal(null);
    expect(lib.error('research', 'deidentify', { age: 121 })).to.contain("patient field 'age' (years, age) must be between 0 and 120, got 121");
    expect(lib.error('research', 'deidentify', { hr: '80' })).to.contain("patient field 'hr' must be a number");
    expect(lib.error('research', 'deidentify', { sex: 'U' })).to.contain("patient field 'sex' must be 'M', 'F'");
  });

  it('in a run, leaves out the fields that took a service.md default', () => {
    const code = 'protocol P { input: Patient p; let d = med.research.deidentify(p); }';
    const outcome = runProtocol(code, { id: 'X-1', age: 40, lactate: 3.1 }, { organization: 'Clinic', store });
    const d = outcome.body.events.find((e) => e.name === 'd')!.value as Record<string, unknown>;
    expect(Object.keys(d)).to.deep.equal(['type', 'patient_hash', 'age', 'sex', 'lactate', 'removed_fields', 'method']);
    expect(d).to.include({ age: 40, sex: null, lactate: 3.1 });
  });

  it('stores only deidentify results in the study data lake, numbered per organization', () => {
    const anon = lib.call('research', 'deidentify', { id: 'PT-3', age: 61, hr: 90 });
    expect(lib.call('research', 'log_to_datalake', anon, 'S-1')).to.deep.equal({ type: 'RESEARCH_LOG', study_id: 'S-1', record_id: 1, stored: true });
    expect(lib.call('research', 'data_lake_log', anon, 'S-1').record_id).to.equal(2);
    expect(lib.error('research', 'log_to_datalake', { ...anon, name: 'Ann' }, 'S-1')).to.equal("research.log_to_datalake: argument 1 'anon_data' must be a research.deidentify result; field 'name' is not one it writes");
    expect(lib.error('research', 'log_to_datalake', { ...anon, age: 95 }, 'S-1')).to.contain("age must be a number ≤ 89, '90+' or null");
    expect(lib.error('research', 'log_to_datalake', { type: 'SCORE' }, 'S-1')).to.contain('its type is "SCORE"');
    expect(lib.error('research', 'log_to_datalake', anon, 'bad study')).to.contain("argument 2 'study_id' must be 1–64 characters");
  });
});

describe('research: the installation secret', function () {
  this.timeout(60_000);

  it('is rotated by an operator command that never prints it; later pseudonyms change', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpes-secret-'));
    try {
      const store = SqliteLibraryStore.open(dir);
      const lib = orgLibrary(store, 'Org');
      const before = lib.call('research', 'deidentify', { id: 'P' }).patient_hash;
      expect(lib.call('research', 'deidentify', { id: 'P' }).patient_hash).to.equal(before);
      const old = readFileSync(join(dir, 'research-secret.key'), 'utf8');
      const rotated = cpes(['research', 'rotate-secret', '--data-dir', dir]);
      expect(rotated.status, rotated.stderr).to.equal(0);
      expect(rotated.stdout).to.contain('rotated the research secret');
      expect(rotated.stdout + rotated.stderr).to.not.contain(old);
      expect(rotated.stdout).to.not.contain(readFileSync(join(dir, 'research-secret.key'), 'utf8'));
      expect(lib.call('research', 'deidentify', { id: 'P' }).patient_hash).to.not.equal(before);
      store.close();
      expect(cpes(['research', 'rotate-secret', '--data-dir', join(dir, 'nothing')]).stderr).to.contain('is not a cpes data directory');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

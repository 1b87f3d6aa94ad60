import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpes } from './helpers/cli.js';
import { runProtocol } from '../src/engine/index.js';
import { SqliteLibraryStore } from '../src/store/sqlite/library.js';
import { orgLibrary } from './helpers/org-library.js';

describe('db: organization-scoped records', () => {
  let store: SqliteLibraryStore;
  let a: ReturnType<typeof orgLibrary>;
  let b: ReturnType<typeof orgLibrary>;
  beforeEach(() => {
    store = SqliteLibraryStore.open(null);
    a = orgLibrary(store, 'Hospital A');
    b = orgLibrary(store, 'Hospital B');
  });
  afterEach(() => store.close());

  it('§23: org A saves PT-1, org B does not find it, and A’s audit_log lists the save', () => {
    expect(a.call('db', 'save_patient', 'PT-1')).to.deep.equal({ type: 'DB_EVENT', action: 'SAVE_PATIENT', patient_id: 'PT-1', created: true });
    expect(b.call('db', 'get_patient', 'PT-1')).to.deep.equal({ type: 'DB_PATIENT', found: false, patient_id: 'PT-1' });
    const audit = a.call('db', 'audit_log');
    expect(audit).to.have.length(1);
    expect(audit[0]).to.include({ actor: 'key-of-Hospital A', source: 'call', operation: 'save_patient', target: 'PT-1', outcome: 'ok' });
    expect(b.call('db', 'audit_log').map((e: any) => e.operation)).to.deep.equal(['get_patient']);
  });

  it('saves, replaces and reads a patient with its JSON fields; sex per §1.4', () => {
    a.call('db', 'save_patient', 'PT-1', 'Ann', 50, 70, 'female', { hr: 80 }, { ward: '3B' });
    expect(a.call('db', 'save_patient', 'PT-1', 'Ann', 51, 69, 'F', null, null).created).to.equal(false);
    const p = a.call('db', 'query_patient', 'PT-1');
    expect(p).to.include({ found: true, patient_id: 'PT-1', name: 'Ann', age: 51, weight: 69, sex: 'F', vitals: null, metadata: null });
    expect(Object.keys(p)).to.deep.equal(['type', 'found', 'patient_id', 'name', 'age', 'weight', 'sex', 'vitals', 'metadata', 'created_at', 'updated_at']);
    expect(a.error('db', 'save_patient', 'PT-2', '', null, null, 'U')).to.equal("db.save_patient: argument 5 'sex' must be 'M', 'F', 'male' or 'female', got \"U\"");
  });

  it('refuses bad ids, out-of-range values and oversized JSON, naming the argument', () => {
    expect(a.error('db', 'save_patient', 'PT 1')).to.contain("argument 1 'patient_id' must be 1–64 characters of A–Z a–z 0–9 . _ -");
    expect(a.error('db', 'save_patient', 'x'.repeat(65))).to.contain("argument 1 'patient_id' must be at most 64 characters");
    expect(a.call('db', 'save_patient', 'x'.repeat(64)).created).to.equal(true);
    expect(a.error('db', 'save_patient', 'P', '', 121)).to.contain("argument 3 'age' must be ≤ 120, got 121");
    expect(a.error('db', 'save_patient', 'P', '', 50, 0.2)).to.contain("argument 4 'weight' must be ≥ 0.3, got 0.2");
    const big = { note: 'x'.repeat(64 * 1024) };
    expect(a.error('db', 'save_patient', 'P', '', null, null, null, big)).to.match(/argument 6 'vitals' must be at most 64 KiB when serialized, got 65547 bytes/);
    const fits = { n: 'x'.repeat(64 * 1024 - 8) }; // {"n":"…"} is exactly 64 KiB
    expect(a.call('db', 'save_patient', 'P', '', null, null, null, fits).created).to.equal(true);
    expect(a.error('db', 'save_patient', 'P', 'x'.repeat(1001))).to.contain("argument 2 'name' must be at most 1000 characters");
  });

  it('starts, ends and lists runs numbered per organization; a missing patient or run is an argument error', () => {
    a.call('db', 'save_patient', 'PT-1');
    expect(a.call('db', 'start_run', 'sepsis', 'PT-1')).to.equal(1);
    expect(a.call('db', 'start_run', 'aki')).to.equal(2);
    expect(b.call('db', 'start_run', 'other')).to.equal(1);
    expect(a.error('db', 'start_run', 'sepsis', 'PT-9')).to.equal("db.start_run: no patient 'PT-9' exists for this organization");
    expect(a.call('db', 'end_run', 1, [{ event: 'x' }], 'FAILED')).to.deep.equal({ type: 'DB_EVENT', action: 'END_RUN', run_id: 1 });
    expect(a.error('db', 'end_run', 1, null, 'DONE')).to.contain("argument 3 'status' must be one of \"COMPLETED\", \"FAILED\", \"CANCELLED\"");
    expect(b.error('db', 'end_run', 2)).to.equal("db.end_run: no run '2' exists for this organization");
    const run = a.call('db', 'get_run', 1);
    expect(run).to.include({ found: true, id: 1, protocol_name: 'sepsis', patient_id: 'PT-1', status: 'FAILED', run_by: 'system' });
    expect(run.events).to.deep.equal([{ event: 'x' }]);
    expect(a.call('db', 'get_run', 3)).to.deep.equal({ type: 'DB_RUN', found: false, id: 3 });
    expect(a.call('db', 'list_runs').map((r: any) => r.id)).to.deep.equal([2, 1]);
    expect(a.call('db', 'list_runs', 'PT-1').map((r: any) => r.id)).to.deep.equal([1]);
    expect(a.error('db', 'end_run', 1, new Array(10_001).fill(0))).to.contain("argument 2 'events' must have at most 10000 items");
  });

  it('stores labs with the lab canonical name and finds them through aliases', () => {
    a.call('db', 'save_patient', 'PT-1');
    expect(a.call('db', 'save_lab', 'PT-1', 'Creatinine', 1.4, 'mg/dL', true)).to.deep.equal({ type: 'DB_EVENT', action: 'SAVE_LAB', patient_id: 'PT-1', test: 'Creatinine', value: 1.4 });
    a.call('db', 'save_lab', 'PT-1', 'Cr', 1.6, 'mg/dL');
    a.call('db', 'save_lab', 'PT-1', 'K', 4.1, 'mmol/L');
    a.call('db', 'save_lab', 'PT-1', 'Troponin-X', 3, 'ng/L');
    const cr = a.call('db', 'get_labs', 'PT-1', 'Cr');
    expect(cr.map((l: any) => [l.test_name, l.canonical, l.value, l.is_critical])).to.deep.equal([
      ['Cr', 'Cr', 1.6, false],
      ['Creatinine', 'Cr', 1.4, true],
    ]);
    expect(Object.keys(cr[0])).to.deep.equal(['id', 'test_name', 'canonical', 'value', 'unit', 'is_critical', 'timestamp']);
    expect(a.call('db', 'get_labs', 'PT-1', 'troponin-x')[0].canonical).to.equal(null);
    expect(a.call('db', 'get_labs', 'PT-1', null, 2)).to.have.length(2);
    expect(a.error('db', 'save_lab', 'PT-2', 'K', 4)).to.equal("db.save_lab: no patient 'PT-2' exists for this organization");
    expect(a.error('db', 'get_labs', 'PT-1', null, 1001)).to.contain("argument 3 'limit' must be ≤ 1000");
  });

  it('records interventions, alerts and billing in whole cents; totals per run and overall', () => {
    const run = a.call('db', 'start_run', 'x');
    const other = a.call('db', 'start_run', 'y');
    expect(a.call('db', 'log_intervention', run, 'Norepinephrine', '0.1 mcg/kg/min', 'A')).to.deep.equal({ type: 'DB_EVENT', action: 'LOG_INTERVENTION', run_id: run });
    expect(a.call('db', 'log_alert', run, 'MAP low', 'critical').action).to.equal('LOG_ALERT');
    expect(a.error('db', 'log_alert', run, 'm', 'urgent')).to.contain("argument 3 'severity' must be one of");
    a.call('db', 'log_billing', run, '99291', 'critical care', 285.1);
    a.call('db', 'log_billing', run, '36415', 'blood draw', 0.2);
    a.call('db', 'log_billing', other, '36415', 'blood draw', 10);
    expect(a.call('db', 'get_billing_total', run)).to.equal(285.3); // 28510 + 20 cents, never 285.29999
    expect(a.call('db', 'get_billing_total')).to.equal(295.3);
    expect(a.call('db', 'get_billing_total', a.call('db', 'start_run', 'z'))).to.equal(0);
    expect(a.error('db', 'get_billing_total', 99)).to.equal("db.get_billing_total: no run '99' exists for this organization");
    expect(a.error('db', 'log_billing', run, '1', 'x', 1.005)).to.contain("argument 4 'amount' must be whole cents");
    expect(a.error('db', 'log_billing', run, '1', 'x', -1)).to.contain("argument 4 'amount' must be ≥ 0");
    expect(a.error('db', 'log_intervention', 99, 'd', '1', 'A')).to.equal("db.log_intervention: no run '99' exists for this organization");
  });

  it('lists patients newest first within the limit; close does nothing to the store', () => {
    let t = Date.parse('2026-11-25T10:00:00.000Z');
    const timed = orgLibrary(store, 'Timed', () => new Date((t += 1000)));
    for (const id of ['P1', 'P2', 'P3']) timed.call('db', 'save_patient', id, id.toLowerCase());
    timed.call('db', 'save_patient', 'P1', 'again');
    expect(timed.call('db', 'list_patients', 2).map((p: any) => p.patient_id)).to.deep.equal(['P1', 'P3']);
    expect(Object.keys(timed.call('db', 'list_patients')[0])).to.deep.equal(['patient_id', 'name', 'age', 'weight', 'updated_at']);
    expect(timed.call('db', 'close')).to.deep.equal({ type: 'DB_EVENT', action: 'CLOSE' });
    expect(timed.call('db', 'get_patient', 'P2').found).to.equal(true);
  });

  it('audits refused calls too: schema failures, argument errors and missing records', () => {
    a.error('db', 'save_patient', 42);
    a.error('db', 'save_patient', 'bad id');
    a.error('db', 'log_alert', 7, 'x');
    const audit = a.call('db', 'audit_log', 10);
    expect(audit.map((e: any) => [e.operation, e.target, e.outcome])).to.deep.equal([
      ['log_alert', '7', 'error'],
      ['save_patient', 'bad id', 'error'],
      ['save_patient', null, 'error'],
    ]);
  });

  it('answers "quota exceeded" at the organization\'s quota, not before', () => {
    const small = SqliteLibraryStore.open(null, { quotas: { patients: 2, lab_results: 1 } });
    const org = orgLibrary(small, 'Small');
    org.call('db', 'save_patient', 'P1');
    expect(org.call('db', 'save_patient', 'P2').created).to.equal(true);
    expect(org.error('db', 'save_patient', 'P3')).to.equal('db.save_patient: quota exceeded: this organization already holds 2 patients (the limit)');
    expect(org.call('db', 'save_lab', 'P1', 'K', 4).action).to.equal('SAVE_LAB');
    expect(org.error('db', 'save_lab', 'P1', 'K', 4)).to.equal('db.save_lab: quota exceeded: this organization already holds 1 lab results (the limit)');
    expect(orgLibrary(small, 'Other').call('db', 'save_patient', 'P3').created).to.equal(true);
    small.close();
  });

  it('allows 1,000 db calls per run and refuses the next one', () => {
    const over = runProtocol('protocol P { let i = 0; while i < 1001 { let r = med.db.get_patient("P"); let i = i + 1; } }', undefined, { organization: 'Busy', store });
    expect(over.kind).to.equal('runtime_error');
    expect(over.body.error).to.equal('Runtime error at line 1, column 50: db.get_patient: at most 1000 db calls per run');
    const exact = runProtocol('protocol P { let i = 0; while i < 1000 { let r = med.db.get_patient("P"); let i = i + 1; } }', undefined, { organization: 'Busy2', store });
    expect(exact.kind).to.equal('ok');
  });

  it('keeps writes made before a later runtime error, and audits the protocol line', () => {
    const code = ['protocol P {', '    let s = med.db.save_patient("PT-7", "x");', '    let boom = 1 / 0;', '}'].join('\n');
    const outcome = runProtocol(code, undefined, { organization: 'Crashy', store, actor: 'cpes_abcdefg' });
    expect(outcome.kind).to.equal('runtime_error');
    const crashy = orgLibrary(store, 'Crashy');
    expect(crashy.call('db', 'get_patient', 'PT-7').found).to.equal(true);
    expect(crashy.call('db', 'audit_log', 5)[1]).to.include({ actor: 'cpes_abcdefg', source: 'run', line: 2, operation: 'save_patient', outcome: 'ok' });
  });

  it('cpes run keeps records in --data-dir between runs, and only in memory without it', function () {
    this.timeout(60_000);
    const dir = mkdtempSync(join(tmpdir(), 'cpes-run-db-'));
    try {
      writeFileSync(join(dir, 'save.moiss'), 'protocol S { let s = med.db.save_patient("CLI-1", "kept"); }');
      writeFileSync(join(dir, 'read.moiss'), 'protocol R { let n = med.db.get_patient("CLI-1").found; }');
      expect(cpes(['run', join(dir, 'save.moiss'), '--data-dir', join(dir, 'data')]).status).to.equal(0);
      expect(cpes(['run', join(dir, 'read.moiss'), '--data-dir', join(dir, 'data')]).stdout).to.contain('let n = true');
      expect(cpes(['run', join(dir, 'read.moiss')]).stdout).to.contain('let n = false');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

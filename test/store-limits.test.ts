// Issue 29, the store's side: per-call size limits and per-organization byte quotas (audit trail
// included) refused as clear 400s on /call and positioned runtime errors in protocols; non-finite numbers
// refused before anything is written; a bad value already stored never breaks get_labs.
import { expect } from 'chai';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { callFunction } from '../src/engine/call.js';
import { runProtocol } from '../src/engine/index.js';
import { patientBytes } from '../src/store/library.js';
import { MIGRATIONS } from '../src/store/sqlite/migrations.js';
import { SqliteLibraryStore } from '../src/store/sqlite/library.js';
import { orgLibrary } from './helpers/org-library.js';

describe('store limits through the library', () => {
  it('refuses a lab value of 1e400 (Infinity once parsed) with nothing written, and audits the refusal', () => {
    const store = SqliteLibraryStore.open(null);
    const clinic = orgLibrary(store, 'Clinic');
    clinic.call('db', 'save_patient', 'P1');
    const outcome = callFunction({ module: 'db', function: 'save_lab', args: ['P1', 'K', JSON.parse('1e400') as number, 'mmol/L'] }, { organization: 'Clinic', store });
    expect(outcome.kind).to.equal('invalid');
    expect(outcome.body.error).to.match(/^db\.save_lab: .*(finite|Infinity)/);
    expect(clinic.call('db', 'get_labs', 'P1')).to.deep.equal([]);
    expect(clinic.call('db', 'audit_log', 3).map((e: { operation: string; outcome: string }) => [e.operation, e.outcome])).to.deep.equal([
      ['get_labs', 'ok'],
      ['save_lab', 'error'],
      ['save_patient', 'ok'],
    ]);
    store.close();
  });

  it('answers get_labs with the value missing (null) when a stored value is not a finite number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpes-limits-'));
    const store = SqliteLibraryStore.open(dir);
    const clinic = orgLibrary(store, 'Clinic');
    clinic.call('db', 'save_patient', 'P1');
    clinic.call('db', 'save_lab', 'P1', 'K', 4.2, 'mmol/L');
    // a row written before non-finite values were refused
    const raw = new Database(join(dir, 'cpes.db'));
    raw.prepare("INSERT INTO lib_db_lab_results VALUES ('Clinic', 99, 'P1', 'K', 'K', 9e999, 'mmol/L', 0, '2099-01-01T00:00:00.000Z')").run();
    raw.close();
    const labs = clinic.call('db', 'get_labs', 'P1', 'K', 10);
    expect(labs.map((l: { value: number | null }) => l.value)).to.deep.equal([null, 4.2]);
    store.close();
  });

  it('refuses writes past the byte quota: 400 on /call, a positioned runtime error in a protocol', () => {
    const store = SqliteLibraryStore.open(null, { quotas: { bytes: 2000 } });
    const clinic = orgLibrary(store, 'Clinic');
    clinic.call('db', 'save_patient', 'P1', 'x'.repeat(900));
    const outcome = callFunction({ module: 'db', function: 'save_patient', args: ['P2', 'y'.repeat(900)] }, { organization: 'Clinic', store });
    expect(outcome).to.deep.include({ kind: 'invalid' });
    expect(outcome.body.error).to.equal("db.save_patient: quota exceeded: this organization's records and audit trail would pass 2000 bytes (the limit); nothing was written");
    const run = runProtocol('protocol Fill {\n  let a = med.db.get_patient("P1");\n  let b = med.db.save_patient("P3", "' + 'z'.repeat(900) + '");\n}', undefined, { organization: 'Clinic', store });
    expect(run.kind).to.equal('runtime_error');
    expect(run.body.error).to.match(/^Runtime error at line 3, column \d+: db\.save_patient: quota exceeded: this organization's records and audit trail would pass 2000 bytes/);
    expect(orgLibrary(store, 'Other').call('db', 'save_patient', 'P2', 'y'.repeat(900))).to.include({ created: true });
    store.close();
  });

  it('refuses a request that sends more than 8 MiB to the store, however many calls it makes', () => {
    const store = SqliteLibraryStore.open(null);
    const events = JSON.stringify(Array.from({ length: 8000 }, (_, i) => ({ step: i, note: 'n'.repeat(90) })));
    const run = runProtocol(
      `protocol Flood {\n  let events = ${events};\n  let id = med.db.start_run("flood");\n  for i in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] {\n    let done = med.db.end_run(id, events, "COMPLETED");\n  }\n}`,
      undefined,
      { organization: 'Clinic', store },
    );
    expect(run.kind, JSON.stringify(run.body.error)).to.equal('runtime_error');
    expect(run.body.error).to.match(/^Runtime error at line 5, column \d+: db\.end_run: this request has sent more than 8 MiB to the record store \(the limit per request\); nothing more is written$/);
    store.close();
  });

  it('counts the bytes an organization already holds when an older data directory is upgraded', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpes-limits-'));
    const old = new Database(join(dir, 'cpes.db'));
    old.exec('CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (3);');
    for (const step of MIGRATIONS.slice(0, 3)) old.exec(step);
    old.prepare("INSERT INTO lib_db_patients VALUES ('Clinic', 'P1', 'Ann', 40, 60, 'F', NULL, NULL, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')").run();
    old.close();
    SqliteLibraryStore.open(dir).close();
    const upgraded = new Database(join(dir, 'cpes.db'));
    const bytes = upgraded.prepare("SELECT value FROM lib_counters WHERE org = 'Clinic' AND kind = 'bytes'").pluck().get();
    upgraded.close();
    const expected = patientBytes({ patient_id: 'P1', name: 'Ann', age: 40, weight: 60, sex: 'F', vitals: null, metadata: null }, '2026-01-01T00:00:00.000Z');
    expect(bytes).to.equal(expected);
  });
});

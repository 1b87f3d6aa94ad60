// Organization B tries every db and research function on organization A's records and learns nothing:
// answers are exactly those for records that exist nowhere, ids start at 1, hashes do not link.
import { expect } from 'chai';
import { registry } from '../src/runtime/modules/index.js';
import { SqliteLibraryStore } from '../src/store/sqlite/library.js';
import { orgLibrary } from './helpers/org-library.js';

describe('isolation between organizations', () => {
  const store = SqliteLibraryStore.open(null);
  const a = orgLibrary(store, 'A');
  const b = orgLibrary(store, 'B');
  const fresh = orgLibrary(store, 'Fresh'); // an organization with nothing: what "learns nothing" must equal
  const strip = (v: any): any => JSON.parse(JSON.stringify(v, (k, x) => (['created_at', 'updated_at', 'recorded_at', 'at', 'timestamp', 'started_at', 'actor'].includes(k) ? '*' : x)));
  const tried = new Set<string>();
  const same = (module: string, fn: string, ...args: unknown[]) => {
    tried.add(`${module}.${fn}`);
    const answer = (lib: typeof b) => {
      try {
        return { result: strip(lib.call(module, fn, ...args)) };
      } catch (error) {
        return { error: (error as Error).message };
      }
    };
    expect(answer(b), `${module}.${fn}`).to.deep.equal(answer(fresh));
  };

  before(() => {
    a.call('db', 'save_patient', 'PT-1', 'Ann Secret', 50, 70, 'F', { hr: 80 });
    const run = a.call('db', 'start_run', 'sepsis', 'PT-1');
    a.call('db', 'save_lab', 'PT-1', 'Cr', 1.4);
    a.call('db', 'log_billing', run, '99291', 'cc', 285);
    a.call('research', 'record_consent', 'PT-1', 'STUDY-1', true);
    a.call('research', 'log_to_datalake', a.call('research', 'deidentify', { id: 'PT-1', age: 50 }), 'STUDY-1');
  });
  after(() => store.close());

  it('reads, lists and counts nothing of A through db', () => {
    same('db', 'get_patient', 'PT-1');
    same('db', 'query_patient', 'PT-1');
    same('db', 'list_patients', 1000);
    same('db', 'get_run', 1);
    same('db', 'list_runs', null, 1000);
    same('db', 'list_runs', 'PT-1');
    same('db', 'get_labs', 'PT-1', null, 1000);
    same('db', 'get_labs', 'PT-1', 'Creatinine');
    same('db', 'get_billing_total', null);
    same('db', 'get_billing_total', 1);
    same('db', 'audit_log', 1000);
  });

  it('cannot write against A’s records, and its own ids do not reveal A’s counts', () => {
    same('db', 'start_run', 'x', 'PT-1');
    same('db', 'end_run', 1);
    same('db', 'log_intervention', 1, 'd', '1 mg', 'A');
    same('db', 'save_lab', 'PT-1', 'Cr', 2);
    same('db', 'log_alert', 1, 'm');
    same('db', 'log_billing', 1, '99291', 'cc', 1);
    same('db', 'close');
    // the same patient id names a new record of B's own; its first run is run 1
    same('db', 'save_patient', 'PT-1', 'Bob');
    same('db', 'start_run', 'x');
    expect(a.call('db', 'get_patient', 'PT-1').name).to.equal('Ann Secret');
  });

  it('reads nothing of A through research, and pseudonyms do not link across organizations', () => {
    same('research', 'consent_check', 'PT-1', 'STUDY-1');
    same('research', 'record_consent', 'PT-1', 'STUDY-1', false);
    const record = b.call('research', 'deidentify', { id: 'PT-1', age: 50 });
    expect(record.patient_hash).to.not.equal(a.call('research', 'deidentify', { id: 'PT-1', age: 50 }).patient_hash);
    tried.add('research.deidentify');
    same('research', 'log_to_datalake', fresh.call('research', 'deidentify', { age: 50 }), 'STUDY-1');
    same('research', 'data_lake_log', fresh.call('research', 'deidentify', { age: 50 }), 'STUDY-1');
    expect(a.call('research', 'consent_check', 'PT-1', 'STUDY-1').consented).to.equal(true);
  });

  it('tried every db and research function that touches the store', () => {
    const stateful = registry.functions().filter((f) => f.state === 'org').flatMap((f) => [f.name, ...(f.aliases ?? [])].map((n) => `${f.module}.${n}`));
    expect(stateful.filter((name) => !tried.has(name))).to.deep.equal([]);
  });
});

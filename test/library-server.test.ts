// db and research through a live server: pool workers open the data directory's store themselves, so
// this is where concurrency, a worker killed mid-write and organization scoping over HTTP are shown.
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startServer, type RunningServer } from '../src/cli/serve.js';
import { SqliteKeyStore } from '../src/store/sqlite/keys.js';

const logLines: string[] = [];

describe('stateful library modules through a live server', function () {
  this.timeout(120_000);
  let dir: string;
  let server: RunningServer;
  const keys: Record<string, { key: string; prefix: string }> = {};

  const post = async (path: string, key: string, body: unknown): Promise<{ status: number; body: any }> => {
    const response = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  };
  const call = (org: string, module: string, fn: string, ...args: unknown[]) => post('/call', keys[org]!.key, { module, function: fn, args });
  const run = (org: string, code: string, patient?: unknown) => post('/run', keys[org]!.key, { code, patient });
  const lets = (body: any): Record<string, any> => Object.fromEntries(body.events.filter((e: any) => e.kind === 'let').map((e: any) => [e.name, e.value]));
  const readDb = <T>(read: (db: Database.Database) => T): T => {
    const db = new Database(join(dir, 'cpes.db'), { readonly: true });
    try {
      return read(db);
    } finally {
      db.close();
    }
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cpes-library-'));
    const store = SqliteKeyStore.open(dir);
    for (const org of ['North Hospital', 'South Clinic', 'Busy Ward', 'Crash Unit']) keys[org] = await store.createKey(org, 'enterprise');
    await store.close();
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: dir, workers: 3, runTimeoutMs: 8000, maxQueue: 64, heapMb: 128, dev: false }, (line) => logLines.push(line));
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists db, io, finance and research as complete modules', async () => {
    const modules = (await (await fetch(`${server.url}/modules`)).json()) as { module_count: number; modules: Record<string, string[]> };
    expect(modules.modules.db).to.include.members(['save_patient', 'get_patient', 'query_patient', 'audit_log', 'close']);
    expect(modules.modules.io).to.include.members(['connect_device', 'connect', 'infuse', 'read_waveform', 'status']);
    expect(modules.modules.finance).to.deep.equal(['bill', 'get_total', 'get_ledger', 'estimate_cost', 'summary', 'bill_cpt']);
    expect(modules.modules.research).to.deep.equal(['deidentify', 'log_to_datalake', 'record_consent', 'consent_check', 'randomize', 'sample_size', 'stratify', 'data_lake_log']);
    const health = (await (await fetch(`${server.url}/health`)).json()) as { modules: number };
    expect(health.modules).to.equal(modules.module_count);
  });

  it('scopes /call and /run to the key’s organization, and audits the key prefix and protocol line', async () => {
    expect((await call('North Hospital', 'db', 'save_patient', 'PT-1', 'North patient')).body.result.created).to.equal(true);
    expect((await call('South Clinic', 'db', 'get_patient', 'PT-1')).body.result.found).to.equal(false);
    const south = await run('South Clinic', 'protocol P {\n  let p1 = med.db.get_patient("PT-1");\n  let n = med.db.list_patients(1000);\n}');
    expect(lets(south.body)).to.deep.include({ p1: { type: 'DB_PATIENT', found: false, patient_id: 'PT-1' }, n: [] });
    const north = await run('North Hospital', 'protocol P {\n  let p1 = med.db.get_patient("PT-1");\n}');
    expect(lets(north.body).p1.name).to.equal('North patient');
    const audit = (await call('North Hospital', 'db', 'audit_log', 10)).body.result;
    expect(audit[0]).to.include({ actor: keys['North Hospital']!.prefix, source: 'run', line: 2, operation: 'get_patient', outcome: 'ok' });
    expect(audit[1]).to.include({ actor: keys['North Hospital']!.prefix, source: 'call', line: null, operation: 'save_patient' });
    // the server log holds request facts only: no patient names or ids
    expect(logLines.length).to.be.above(3);
    expect(logLines.filter((line) => line.includes('North patient') || line.includes('PT-1'))).to.deep.equal([]);
  });

  it('loses nothing when 20 runs of one organization write patients and labs at once; ids stay dense', async () => {
    const code = (k: number) => `protocol Load {
      let id = "L-${k}";
      let s = med.db.save_patient(id, "load ${k}");
      let run = med.db.start_run("load", id);
      let i = 0;
      while i < 5 { let lab = med.db.save_lab(id, "K", 4 + i / 10); let i = i + 1; }
      let e = med.db.end_run(run, null, "COMPLETED");
    }`;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, k) => run('Busy Ward', code(k))));
    expect(answers.map((a) => [a.status, a.body.success, a.body.error])).to.deep.equal(answers.map(() => [200, true, null]));
    const { patients, labIds, runIds, audits } = readDb((db) => ({
      patients: db.prepare("SELECT COUNT(*) AS n FROM lib_db_patients WHERE org = 'Busy Ward'").get() as { n: number },
      labIds: db.prepare("SELECT id FROM lib_db_lab_results WHERE org = 'Busy Ward' ORDER BY id").pluck().all() as number[],
      runIds: db.prepare("SELECT id FROM lib_db_runs WHERE org = 'Busy Ward' AND status = 'COMPLETED' ORDER BY id").pluck().all() as number[],
      audits: db.prepare("SELECT COUNT(*) AS n FROM lib_db_audit WHERE org = 'Busy Ward'").get() as { n: number },
    }));
    expect(patients.n).to.equal(20);
    expect(labIds).to.deep.equal(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(runIds).to.deep.equal(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(audits.n).to.equal(20 * 8);
  });

  it('keeps the store consistent with every committed write when a worker is killed mid-protocol or at the time limit', async () => {
    // a write, then about ten million loop steps, repeated: far longer than the 8 s limit
    const code = 'protocol Slow { let i = 0; while i < 900 { let s = med.db.save_patient("K-" + i); let j = 0; while j < 2000000 { let j = j + 1; } let i = i + 1; } }';
    const killed = run('Crash Unit', code);
    const count = () => readDb((db) => (db.prepare("SELECT COUNT(*) AS n FROM lib_db_patients WHERE org = 'Crash Unit'").get() as { n: number }).n);
    while (count() < 2) await new Promise((r) => setTimeout(r, 50));
    for (const pid of server.pool.busyPids) process.kill(pid, 'SIGKILL');
    expect((await killed).status).to.equal(500);
    const timedOut = await run('Crash Unit', code.replace('"K-"', '"T-"'));
    expect(timedOut.status).to.equal(408);
    const check = readDb((db) => ({
      integrity: db.pragma('integrity_check', { simple: true }),
      saved: db.prepare("SELECT patient_id FROM lib_db_patients WHERE org = 'Crash Unit'").pluck().all() as string[],
      audited: db.prepare("SELECT target FROM lib_db_audit WHERE org = 'Crash Unit' AND operation = 'save_patient' AND outcome = 'ok'").pluck().all() as string[],
      auditIds: db.prepare("SELECT id FROM lib_db_audit WHERE org = 'Crash Unit' ORDER BY id").pluck().all() as number[],
    }));
    expect(check.integrity).to.equal('ok');
    // every write that committed is there with its audit row, and the writes are a gapless prefix of each loop
    expect([...check.audited].sort()).to.deep.equal([...check.saved].sort());
    for (const prefix of ['K-', 'T-']) {
      const numbers = check.saved.filter((id) => id.startsWith(prefix)).map((id) => Number(id.slice(2))).sort((x, y) => x - y);
      expect(numbers.length, prefix).to.be.above(0);
      expect(numbers).to.deep.equal(numbers.map((_, i) => i));
    }
    expect(check.auditIds).to.deep.equal(check.auditIds.map((_, i) => i + 1));
    // the replacement worker writes on: ids continue densely
    const after = await run('Crash Unit', 'protocol P { let s = med.db.save_patient("after"); let r = med.db.start_run("after"); }');
    expect(lets(after.body).r).to.equal(1);
  });
});

// PostgreSQL as the shared store (issue 28), against the machine's real server: the key store contract,
// several instances on one database behaving like one server (exact limits, one month boundary, a
// SIGKILLed instance, a database that goes away and comes back), migrations under concurrent starts.
// Each run creates its own database and drops it at the end.
import { expect } from 'chai';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer, type RunningServer } from '../src/cli/serve.js';
import { PostgresKeyStore } from '../src/store/postgres/keys.js';
import { PostgresLibraryStore } from '../src/store/postgres/library.js';
import { SqliteKeyStore } from '../src/store/sqlite/keys.js';
import { SqliteLibraryStore } from '../src/store/sqlite/library.js';
import { tierById } from '../src/store/tiers.js';
import { stampFor } from './helpers/store-contract.js';
import { PG_SCHEMA_VERSION } from '../src/store/postgres/migrations.js';
import { cpes, cpesAsync, startServe } from './helpers/cli.js';
import { keyStoreContract, manualClock } from './helpers/key-store-contract.js';
import { createTestDatabase, type TestDatabase } from './helpers/postgres.js';
import { startTcpProxy } from './helpers/tcp-proxy.js';

const quiet = (): void => {};
const scratch = (): string => mkdtempSync(join(tmpdir(), 'cpes-pg-'));

async function post(base: string, key: string, body: unknown = { module: 'kae', function: 'update', args: [1] }): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${base}/call`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** The count the database holds for a key this month, read directly (not through an instance). */
async function counted(url: string, prefix: string, period: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT COALESCE(SUM(u.requests), 0)::int AS n FROM usage_monthly u JOIN api_keys k ON k.id = u.key_id WHERE k.prefix = $1 AND u.period = $2', [prefix, period]);
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}

function instances(url: string, count: number, extra: { now?: () => Date } = {}): Promise<RunningServer[]> {
  return Promise.all(
    Array.from({ length: count }, () =>
      startServer({ port: 0, host: '127.0.0.1', dataDir: scratch(), workers: 1, runTimeoutMs: 10_000, maxQueue: 64, heapMb: 128, dev: false, store: url, ...extra }, quiet),
    ),
  );
}

describe('PostgreSQL store', function () {
  this.timeout(120_000);
  let database: TestDatabase;
  before(async () => (database = await createTestDatabase()));
  after(async () => database?.drop());

  keyStoreContract('PostgreSQL', async () => {
    const url = await database.freshSchema();
    return { open: (now) => PostgresKeyStore.open({ url, poolSize: 4, now }), dispose: async () => {} };
  });

  it('migrates once when several instances start together, and the first start makes one admin key', async () => {
    const url = await database.freshSchema();
    const stores = await Promise.all(Array.from({ length: 4 }, () => PostgresKeyStore.open({ url, poolSize: 2 })));
    const initial = await Promise.all(stores.map((s) => s.ensureInitialKey()));
    expect(initial.filter((k) => k !== null)).to.have.length(1);
    const schema = decodeURIComponent(new URL(url).searchParams.get('options')!).split('=')[1]!;
    const [version] = await database.query(`SELECT version FROM ${schema}.cpes_schema_version`);
    expect(version).to.deep.equal({ version: PG_SCHEMA_VERSION });
    for (const store of stores) await store.close();
  });

  it('refuses to update, delete or truncate audit rows, even through raw SQL', async () => {
    const url = await database.freshSchema();
    const schema = decodeURIComponent(new URL(url).searchParams.get('options')!).split('=')[1]!;
    const library = PostgresLibraryStore.open({ url, poolSize: 1 });
    library.appendAudit(stampFor('A'), 'close', null, 'ok');
    library.close();
    for (const statement of [`UPDATE ${schema}.lib_db_audit SET outcome = 'error'`, `DELETE FROM ${schema}.lib_db_audit`, `TRUNCATE ${schema}.lib_db_audit`]) {
      const failure = await database.query(statement).then(() => 'allowed', (e: Error) => e.message);
      expect(failure, statement).to.equal('the audit trail is append-only');
    }
    expect(await database.query(`SELECT count(*)::int AS n FROM ${schema}.lib_db_audit`)).to.deep.equal([{ n: 1 }]);
  });

  it('three instances on one database admit exactly 30 of 90 concurrent requests of a 30-per-minute key', async () => {
    const url = await database.freshSchema();
    const servers = await instances(url, 3);
    try {
      const created = cpes(['keys', 'create', '--owner', 'Busy', '--tier', 'starter', '--store', url]);
      expect(created.status, created.stderr).to.equal(0);
      const key = created.stdout.trim();
      // in waves of 12, four at once on each instance: a starter key's in-flight limit (4) never answers first,
      // so every refusal below is the shared per-minute window's
      const answers: Awaited<ReturnType<typeof post>>[] = [];
      for (let wave = 0; wave < 90; wave += 12) {
        answers.push(...(await Promise.all(Array.from({ length: Math.min(12, 90 - wave) }, (_, i) => post(servers[i % 3]!.url, key)))));
      }
      expect(answers.filter((a) => a.status === 200)).to.have.length(30);
      expect(answers.filter((a) => a.status === 429)).to.have.length(60);
      for (const server of servers) {
        const usage = (await (await fetch(`${server.url}/usage`, { headers: { 'x-api-key': key } })).json()) as { requests_used: number };
        expect(usage.requests_used).to.equal(30);
      }
      // revocation on one instance's database is seen by every instance on its next request
      expect(cpes(['keys', 'revoke', key.slice(0, 12), '--store', url]).status).to.equal(0);
      for (const server of servers) expect((await post(server.url, key)).status).to.equal(401);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });

  it('three instances count a month boundary exactly on an injected clock', async () => {
    const url = await database.freshSchema();
    const clock = manualClock('2026-11-30T23:40:00Z');
    const servers = await instances(url, 3, { now: clock.now });
    try {
      const setup = await PostgresKeyStore.open({ url, poolSize: 1 });
      const { key } = await setup.createKey('Clinic', 'sandbox'); // 5 per minute, 50 per month
      await setup.close();
      // nine requests, at most two at once on each instance (a sandbox key's in-flight limit): every refusal is the window's or the month's
      const wave = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => post(servers[i % 3]!.url, key)));
      const round = async (): Promise<number> => [...(await wave(6)), ...(await wave(3))].filter((a) => a.status === 200).length;
      const admitted: number[] = [];
      for (let i = 0; i < 11; i++) {
        clock.advance(61_000);
        admitted.push(await round());
      }
      expect(admitted).to.deep.equal([5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 0]);
      const refused = await post(servers[1]!.url, key);
      expect(refused.body.error).to.match(/^Monthly limit of 50 requests \(tier sandbox\) reached for 2026-11; resets at 2026-12-01T00:00:00Z/);
      clock.set('2026-12-01T00:00:00Z');
      expect(await round()).to.equal(5);
      expect(await counted(url, key.slice(0, 12), '2026-11')).to.equal(50);
      expect(await counted(url, key.slice(0, 12), '2026-12')).to.equal(5);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });

  it('keeps each organization to its records and shares them, and the research secret, across instances', async () => {
    const url = await database.freshSchema();
    const servers = await instances(url, 2);
    try {
      const setup = await PostgresKeyStore.open({ url, poolSize: 1 });
      const north = (await setup.createKey('North Hospital', 'enterprise')).key;
      const south = (await setup.createKey('South Clinic', 'enterprise')).key;
      await setup.close();
      const [one, two] = [servers[0]!.url, servers[1]!.url];
      expect((await post(one, north, { module: 'db', function: 'save_patient', args: ['PT-1', 'Ann'] })).status).to.equal(200);
      expect((await post(two, north, { module: 'db', function: 'get_patient', args: ['PT-1'] })).body.result).to.include({ found: true, name: 'Ann' });
      expect((await post(two, south, { module: 'db', function: 'get_patient', args: ['PT-1'] })).body.result).to.include({ found: false });
      // a protocol in a pool worker of the other instance sees the same record
      const run = await fetch(`${two}/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': north },
        body: JSON.stringify({ code: 'protocol P {\n  let p = med.db.get_patient("PT-1");\n  let name = p.name;\n}' }),
      });
      const ran = (await run.json()) as { success: boolean; events: { event: string }[] };
      expect(ran.success, JSON.stringify(ran)).to.equal(true);
      expect(ran.events.map((e) => e.event)).to.include('[3] LOG: let name = "Ann"');
      const pseudonym = async (base: string) => (await post(base, north, { module: 'research', function: 'deidentify', args: [{ patient_id: 'PT-1', age: 40 }] })).body.result.patient_hash;
      expect(await pseudonym(one)).to.equal(await pseudonym(two)).and.to.match(/^[0-9a-f]{32}$/);
      const trail = (await post(one, north, { module: 'db', function: 'audit_log', args: [10] })).body.result;
      expect(trail.map((e: { operation: string }) => e.operation)).to.include.members(['save_patient', 'get_patient']);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });

  it('counts every answered request of an instance SIGKILLed mid-burst, and nothing twice', async () => {
    const url = await database.freshSchema();
    const setup = await PostgresKeyStore.open({ url, poolSize: 1 });
    const { key, prefix } = await setup.createKey('Burst', 'enterprise');
    await setup.close();
    const started = await Promise.all(Array.from({ length: 3 }, () => startServe(['--port', '0', '--host', '127.0.0.1', '--data-dir', scratch(), '--workers', '1', '--store', url])));
    let ok = 0;
    let sent = 0;
    try {
      const burst = Array.from({ length: 300 }, async (_, i) => {
        await new Promise((r) => setTimeout(r, i));
        sent++;
        try {
          if ((await post(started[i % 3]!.url, key)).status === 200) ok++;
        } catch {
          // the connection died with the killed instance: not answered
        }
      });
      await new Promise((r) => setTimeout(r, 120));
      started[0]!.child.kill('SIGKILL');
      await Promise.all(burst);
    } finally {
      for (const { child } of started) child.kill('SIGTERM');
    }
    const total = await counted(url, prefix, new Date().toISOString().slice(0, 7));
    expect(ok, "enough answers to mean something").to.be.greaterThan(30);
    expect(total).to.be.at.least(ok);
    expect(total).to.be.at.most(sent);
    // only requests in flight on the killed instance may be counted without an answer: an instance holds at
    // most the key's in-flight limit of them (enterprise 32) between admission and answer
    expect(total - ok).to.be.at.most(tierById('enterprise')!.max_in_flight);
  });

  it('answers 503 with Retry-After while the database is unreachable, never unmetered, and recovers by itself', async () => {
    const database2Url = await database.freshSchema();
    const proxy = await startTcpProxy(Number(new URL(database2Url).port || 5432));
    const viaProxy = database2Url.replace(/:\d+\//, `:${proxy.port}/`);
    const servers = await instances(viaProxy, 2);
    try {
      const setup = await PostgresKeyStore.open({ url: database2Url, poolSize: 1 });
      const { key, prefix } = await setup.createKey('Ward', 'enterprise');
      await setup.close();
      let answered200 = 0;
      const traffic = async (n: number) => {
        const answers = await Promise.all(Array.from({ length: n }, (_, i) => post(servers[i % 2]!.url, key)));
        answered200 += answers.filter((a) => a.status === 200).length;
        return answers;
      };
      expect((await traffic(10)).every((a) => a.status === 200)).to.equal(true);

      proxy.cut();
      const during = await traffic(10);
      expect(during.map((a) => a.status)).to.deep.equal(Array(10).fill(503));
      expect(during[0]!.headers.get('retry-after')).to.equal('5');
      expect(during[0]!.body).to.include({ success: false, code: 'unavailable' });
      expect(during[0]!.body.error).to.match(/^the database is unreachable \(.+\); nothing was counted or written; retry shortly$/);
      const run = await fetch(`${servers[0]!.url}/run`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: '{"code":"protocol P { let x = 1; }"}' });
      expect([run.status, run.headers.get('retry-after')]).to.deep.equal([503, '5']);
      const health = await fetch(`${servers[1]!.url}/health`);
      expect(health.status).to.equal(503);
      expect(((await health.json()) as { status: string }).status).to.equal('degraded');

      proxy.restore();
      const after = await traffic(10);
      expect(after.map((a) => a.status)).to.deep.equal(Array(10).fill(200));
      expect((await fetch(`${servers[1]!.url}/health`)).status).to.equal(200);
      expect(await counted(database2Url, prefix, new Date().toISOString().slice(0, 7))).to.equal(answered200);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
      await proxy.close();
    }
  });

  it('serves /metrics to loopback with requests, runs, admission latency, the pool and refusals', async () => {
    const url = await database.freshSchema();
    const [server] = await instances(url, 1);
    try {
      const setup = await PostgresKeyStore.open({ url, poolSize: 1 });
      const { key } = await setup.createKey('Metered', 'sandbox');
      await setup.close();
      const ran = await fetch(`${server!.url}/run`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: '{"code":"protocol P { let x = 1; }"}' });
      expect(ran.status).to.equal(200);
      for (let i = 0; i < 5; i++) await post(server!.url, key);
      const response = await fetch(server!.url.replace(/\/v1$/, '/metrics'));
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
      const text = await response.text();
      expect(text).to.match(/^cpes_http_requests_total\{endpoint="\/v1\/call",method="POST",status="200"\} 4$/m);
      expect(text).to.match(/^cpes_http_requests_total\{endpoint="\/v1\/call",method="POST",status="429"\} 1$/m);
      expect(text).to.match(/^cpes_runs_total\{outcome="ok"\} 1$/m);
      expect(text).to.match(/^cpes_rate_limit_refusals_total\{limit="minute"\} 1$/m);
      expect(text).to.match(/^cpes_admission_duration_seconds_count 6$/m);
      expect(text).to.match(/^cpes_store_duration_seconds_count\{operation="admit"\} 6$/m);
      expect(text).to.match(/^cpes_worker_pool_size 1$/m);
      expect(text).to.match(/^cpes_worker_queue_depth 0$/m);
      expect(text).to.match(/^cpes_worker_restarts_total 0$/m);
      expect(text).to.match(/^cpes_http_request_duration_seconds_bucket\{le="\+Inf",endpoint="\/v1\/call"\} 5$/m);
    } finally {
      await server!.close();
    }
  });

  it('serves /metrics on its own port when --metrics-port is given, and then not on the API port', async () => {
    const url = await database.freshSchema();
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: scratch(), workers: 1, runTimeoutMs: 5000, maxQueue: 64, heapMb: 128, dev: false, store: url, metricsPort: 0 }, quiet);
    try {
      expect((await fetch(server.url.replace(/\/v1$/, '/metrics'))).status).to.equal(404);
      const scraped = await fetch(server.metricsUrl!);
      expect(scraped.status).to.equal(200);
      expect(await scraped.text()).to.match(/^cpes_worker_pool_size [01]$/m);
      expect((await fetch(server.metricsUrl!.replace(/metrics$/, 'other'))).status).to.equal(404);
    } finally {
      await server.close();
    }
  });

  it('cpes store migrate copies a SQLite store into an empty database and compares every table', async () => {
    const dir = scratch();
    const keys = SqliteKeyStore.open(dir);
    const { key } = await keys.createKey('Clinic', 'starter');
    for (let i = 0; i < 3; i++) await keys.admit((await keys.authenticate(key))!);
    await keys.close();
    const records = SqliteLibraryStore.open(dir);
    records.savePatient(stampFor('Clinic'), { patient_id: 'P', name: 'Ann', age: 40, weight: 60, sex: 'F', vitals: null, metadata: null });
    records.saveLab(stampFor('Clinic'), { patient_id: 'P', test_name: 'K', canonical: 'K', value: 4.1, unit: 'mmol/L', is_critical: true });
    records.recordConsent(stampFor('Clinic'), { patient_id: 'P', study_id: 'S', consented: true, consent_date: null, recorded_by: null });
    const secret = records.installationSecret();
    records.close();

    const url = await database.freshSchema();
    const migrated = await cpesAsync(['store', 'migrate', '--from', join(dir, 'cpes.db'), '--to', url]);
    expect(migrated.status, migrated.stderr).to.equal(0);
    expect(migrated.stdout).to.match(/^usage_monthly\s+1\s+1$/m);
    expect(migrated.stdout).to.match(/^lib_db_audit\s+3\s+3$/m);
    expect(migrated.stdout).to.contain('every table has the same number of rows');

    const store = await PostgresKeyStore.open({ url, poolSize: 1 });
    const account = (await store.authenticate(key))!;
    expect((await store.usage(account)).requests_used).to.equal(3);
    expect((await store.createKey('Next', 'sandbox')).prefix).to.match(/^cpes_/); // ids continue after the copied ones
    expect((await store.listKeys()).map((k) => k.id)).to.deep.equal([1, 2]);
    await store.close();
    const library = PostgresLibraryStore.open({ url, poolSize: 1 });
    expect(library.getLabs(stampFor('Clinic'), 'P', null, 5)).to.deep.include.members([{ ...library.getLabs(stampFor('Clinic'), 'P', null, 5)[0]!, value: 4.1, is_critical: true }]);
    expect(library.latestConsent(stampFor('Clinic'), 'P', 'S')!.consented).to.equal(true);
    expect(library.installationSecret().equals(secret)).to.equal(true);
    library.close();

    const again = await cpesAsync(['store', 'migrate', '--from', join(dir, 'cpes.db'), '--to', url]);
    expect([again.status, again.stderr]).to.deep.equal([1, 'cpes store: the target database already holds rows in api_keys; migrate into an empty database (nothing was written)\n']);
  });

  it('cpes research rotate-secret replaces the secret every instance reads from the database', async () => {
    const url = await database.freshSchema();
    const library = PostgresLibraryStore.open({ url, poolSize: 1 });
    const before = library.installationSecret();
    const rotated = await cpesAsync(['research', 'rotate-secret', '--store', url]);
    expect(rotated.status, rotated.stderr).to.equal(0);
    expect(rotated.stdout).to.match(/^rotated the research secret in postgres:\/\/.*; pseudonyms made from now on differ from earlier ones, on every instance\n$/);
    const after = library.installationSecret();
    expect(after).to.have.length(32);
    expect(after.equals(before)).to.equal(false);
    library.close();
  });

  it('cpes keys works against the URL and says clearly when the database cannot be reached', async () => {
    const url = await database.freshSchema();
    const created = await cpesAsync(['keys', 'create', '--owner', 'Clinic', '--tier', 'sandbox'], { env: { CPES_STORE: url } });
    expect(created.status, created.stderr).to.equal(0);
    expect((await cpesAsync(['keys', 'list', '--store', url])).stdout).to.match(/cpes_\w+\s+Clinic\s+sandbox/);
    const proxy = await startTcpProxy(5432);
    proxy.cut();
    const refused = await cpesAsync(['keys', 'list', '--store', `postgres://postgres@127.0.0.1:${proxy.port}/x`]);
    await proxy.close();
    expect(refused.status).to.equal(1);
    expect(refused.stderr).to.match(/^cpes keys: the database is unreachable \(.+\); nothing was counted or written\n$/);
    expect(cpes(['keys', 'list', '--store', 'mysql://x']).stderr).to.contain("--store must be a postgres:// URL (got 'mysql://x'); SQLite needs no --store: it lives in --data-dir");
  });
});

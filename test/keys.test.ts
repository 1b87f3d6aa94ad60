import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { AddressInfo } from 'node:net';
import { startServer, type RunningServer } from '../src/cli/serve.js';
import { createAccessControl } from '../src/http/access.js';
import { createApp } from '../src/http/app.js';
import type { WorkerPool } from '../src/http/pool/index.js';
import { SqliteKeyStore } from '../src/store/sqlite/keys.js';
import { MIGRATIONS } from '../src/store/sqlite/migrations.js';
import { cpes, cpesAsync, startServe } from './helpers/cli.js';
import { keyStoreContract, manualClock } from './helpers/key-store-contract.js';

const quiet = (): void => {};
const freshDir = (): string => mkdtempSync(join(tmpdir(), 'cpes-store-'));

async function call(base: string, key: string | null): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${base}/call`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'x-api-key': key }) },
    body: JSON.stringify({ module: 'kae', function: 'update', args: [1] }),
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

keyStoreContract('SQLite', async () => {
  const dir = freshDir();
  return { open: async (now) => SqliteKeyStore.open(dir, { now }), dispose: async () => rmSync(dir, { recursive: true, force: true }) };
});

describe('keys in SQLite', () => {
  it('are stored only as a hash', async () => {
    const dir = freshDir();
    const store = SqliteKeyStore.open(dir);
    const { key } = await store.createKey('Acme Hospital', 'starter');
    for (let i = 0; i < 20; i++) await store.admit((await store.authenticate(key))!);
    await store.close();
    for (const file of readdirSync(dir)) {
      const bytes = readFileSync(join(dir, file));
      expect(bytes.includes(Buffer.from(key)), `${file} holds the raw key`).to.equal(false);
      expect(bytes.includes(Buffer.from(key.slice(12))), `${file} holds the secret part`).to.equal(false);
    }
  });

  it('cpes keys create, list and revoke manage the store', () => {
    const dir = freshDir();
    const created = cpes(['keys', 'create', '--owner', 'Clinic', '--tier', 'sandbox', '--data-dir', dir]);
    expect(created.status).to.equal(0);
    const key = created.stdout.trim();
    expect(key).to.match(/^cpes_[A-Za-z0-9]{32}$/);
    const listed = cpes(['keys', 'list', '--data-dir', dir]);
    expect(listed.stdout).to.match(new RegExp(`${key.slice(0, 12)}\\s+Clinic\\s+sandbox\\s+\\S+\\s+-\\s+0`));
    expect(listed.stdout).to.not.contain(key);
    expect(cpes(['keys', 'create', '--owner', 'X', '--tier', 'gold', '--data-dir', dir]).stderr).to.contain("unknown tier 'gold'; tiers: sandbox, starter, professional, enterprise");
    expect(cpes(['keys', 'revoke', 'cpes_nothere', '--data-dir', dir]).status).to.equal(1);
    const revoked = cpes(['keys', 'revoke', key.slice(0, 12), '--data-dir', dir]);
    expect(revoked.stdout).to.contain(`revoked ${key.slice(0, 12)}`);
    expect(cpes(['keys', 'list', '--data-dir', dir]).stdout).to.match(/sandbox\s+\S+Z\s+\S+Z\s+0/);
  });

  it('upgrades a data directory written by an older schema', async () => {
    const dir = freshDir();
    const db = new Database(join(dir, 'cpes.db'));
    db.exec('CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1);');
    db.exec(MIGRATIONS[0]!);
    db.exec("INSERT INTO api_keys (prefix, key_hash, owner, tier, created_at) VALUES ('cpes_old', x'00', 'legacy', 'starter', '2026-01-01T00:00:00Z')");
    db.close();
    const store = SqliteKeyStore.open(dir);
    expect((await store.listKeys()).map((k) => k.owner)).to.deep.equal(['legacy']);
    const { key } = await store.createKey('new', 'starter');
    expect((await store.admit((await store.authenticate(key))!)).admitted).to.equal(true);
    await store.close();
  });

  it("keeps each key's minute window when the admissions table becomes one row per key (schema 5)", async () => {
    const dir = freshDir();
    const clock = manualClock('2026-11-22T10:00:30Z');
    const first = SqliteKeyStore.open(dir, { now: clock.now });
    const { key } = await first.createKey('Clinic', 'sandbox');
    await first.close();
    // the window as schema 4 kept it: one row per admission, at 10:00:00 and 10:00:20
    const db = new Database(join(dir, 'cpes.db'));
    db.exec('DROP TABLE rate_windows; UPDATE schema_version SET version = 4;');
    db.exec(MIGRATIONS[1]!);
    db.exec(`INSERT INTO admissions (key_id, at_ms) VALUES (1, ${Date.parse('2026-11-22T10:00:20Z')}), (1, ${Date.parse('2026-11-22T10:00:00Z')}), (1, ${Date.parse('2026-11-22T09:59:00Z')})`);
    db.close();
    const store = SqliteKeyStore.open(dir, { now: clock.now });
    const account = (await store.authenticate(key))!;
    expect(await store.admit(account)).to.deep.include({ admitted: true, minuteRemaining: 2, minuteResetS: 30 });
    await store.close();
  });
});

describe('metering over HTTP (injected clock)', () => {
  it('answers a monthly 429 with the month policy in the draft-10 fields, remaining 0, reset at the month boundary', async () => {
    const clock = manualClock('2026-11-30T23:40:00Z');
    const store = SqliteKeyStore.open(freshDir(), { now: clock.now });
    const key = (await store.createKey('Clinic', 'sandbox')).key;
    const account = (await store.authenticate(key))!;
    for (let i = 0; i < 50; i++) {
      if (i % 5 === 0) clock.advance(61_000);
      await store.admit(account);
    }
    clock.set('2026-11-30T23:59:50Z');
    // /call never reaches the pool, so this app needs none
    const server = createApp({ pool: {} as WorkerPool, access: createAccessControl(store), log: quiet }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const refused = await call(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, key);
      expect(refused.status).to.equal(429);
      expect(refused.headers.get('retry-after')).to.equal('10');
      expect(refused.headers.get('ratelimit-policy')).to.equal('"minute";q=5;w=60, "month";q=50');
      expect(refused.headers.get('ratelimit')).to.equal('"month";r=0;t=10');
      expect(refused.headers.get('x-monthly-remaining')).to.equal('0');
    } finally {
      server.close();
      await store.close();
    }
  });

});

describe('authentication and limits over HTTP', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let base: string;
  let dir: string;
  let sandboxKey: string;

  before(async () => {
    dir = freshDir();
    const store = SqliteKeyStore.open(dir);
    sandboxKey = (await store.createKey('Small Clinic', 'sandbox')).key;
    await store.close();
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: dir, workers: 1, runTimeoutMs: 5000, maxQueue: 64, heapMb: 128, dev: false }, quiet);
    base = server.url;
  });
  after(async () => server.close());

  it('keeps /health, /tiers, /modules and /openapi.json public', async () => {
    for (const path of ['/health', '/tiers', '/modules', '/openapi.json']) expect((await fetch(base + path)).status, path).to.equal(200);
  });

  it('answers 401 in the endpoint envelope without a key or with an unknown one', async () => {
    const missing = await call(base, null);
    expect(missing.status).to.equal(401);
    expect(missing.body).to.deep.equal({ success: false, result: null, error: 'Missing X-API-Key header', code: 'unauthorized' });
    const unknown = await fetch(`${base}/run`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'cpes_nope' }, body: '{"code":""}' });
    expect(unknown.status).to.equal(401);
    expect(await unknown.json()).to.deep.equal({ success: false, events: [], alerts: [], stats: {}, error: 'Invalid or revoked API key', code: 'unauthorized' });
    const usage = await fetch(`${base}/usage`);
    expect(await usage.json()).to.deep.equal({ success: false, error: 'Missing X-API-Key header', code: 'unauthorized' });
  });

  it('counts admitted requests with rate headers, answers 429 with Retry-After, and never counts 429s', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await call(base, sandboxKey));
    expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 200, 200, 200, 429]);
    expect(answers[0]!.headers.get('ratelimit-policy')).to.equal('"minute";q=5;w=60');
    expect(answers[0]!.headers.get('ratelimit')).to.match(/^"minute";r=4;t=\d+$/);
    expect(answers[4]!.headers.get('x-monthly-limit')).to.equal('50');
    expect(answers[4]!.headers.get('x-monthly-remaining')).to.equal('45');
    const refused = answers[5]!;
    expect(refused.body.code).to.equal('rate_limited');
    expect(refused.body.error).to.match(/^Per-minute limit of 5 requests \(tier sandbox\) reached; retry after \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(in \d+ s\)$/);
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 60);
    // the draft-10 fields on the 429 as well: nothing remains, reset when Retry-After says
    expect(refused.headers.get('ratelimit-policy')).to.equal('"minute";q=5;w=60');
    expect(refused.headers.get('ratelimit')).to.equal(`"minute";r=0;t=${refused.headers.get('retry-after')}`);
    expect(refused.headers.get('x-monthly-remaining')).to.equal('45');
    const usage = await (await fetch(`${base}/usage`, { headers: { 'x-api-key': sandboxKey } })).json();
    expect(usage).to.deep.equal({ tier: 'sandbox', owner: 'Small Clinic', requests_used: 5, requests_limit: 50, period: new Date().toISOString().slice(0, 7) });
  });

  it('admits exactly 30 of 40 concurrent requests on a 30-per-minute key', async () => {
    const { key } = cpes(['keys', 'create', '--owner', 'Busy', '--tier', 'starter', '--data-dir', dir]).stdout.trim().split('\n').map((k) => ({ key: k }))[0]!;
    // in waves of four, a starter key's in-flight limit: every refusal below is the per-minute window's
    const answers: Awaited<ReturnType<typeof call>>[] = [];
    for (let wave = 0; wave < 40; wave += 4) answers.push(...(await Promise.all(Array.from({ length: 4 }, () => call(base, key)))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).to.have.length(30);
    expect(statuses.filter((s) => s === 429)).to.have.length(10);
    const usage = (await (await fetch(`${base}/usage`, { headers: { 'x-api-key': key } })).json()) as { requests_used: number };
    expect(usage.requests_used).to.equal(30);
  });

  it('counts /run requests whatever their outcome (400 and 413 too)', async () => {
    const key = cpes(['keys', 'create', '--owner', 'Counted', '--tier', 'professional', '--data-dir', dir]).stdout.trim();
    const send = (body: string) => fetch(`${base}/run`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body });
    expect((await send('{"code": "protocol P { let = 1; }"}')).status).to.equal(400);
    expect((await send(JSON.stringify({ code: 'x'.repeat(10_001) }))).status).to.equal(413);
    expect((await send('{"code": "protocol P { }"}')).status).to.equal(200);
    const usage = (await (await fetch(`${base}/usage`, { headers: { 'x-api-key': key } })).json()) as { requests_used: number };
    expect(usage.requests_used).to.equal(3);
  });

  it('applies a revocation to the very next request of the running server', async () => {
    const key = cpes(['keys', 'create', '--owner', 'Leaving', '--tier', 'starter', '--data-dir', dir]).stdout.trim();
    expect((await call(base, key)).status).to.equal(200);
    const revoked = await cpesAsync(['keys', 'revoke', key.slice(0, 12), '--data-dir', dir]);
    expect(revoked.status).to.equal(0);
    const after = await call(base, key);
    expect(after.status).to.equal(401);
    expect(after.body.error).to.equal('Invalid or revoked API key');
  });
});

describe('crash safety', function () {
  this.timeout(60_000);

  it('a server killed with SIGKILL during a burst loses no answered count and counts nothing unadmitted', async () => {
    const dir = freshDir();
    const store = SqliteKeyStore.open(dir);
    const { key } = await store.createKey('Burst', 'enterprise');
    await store.close();
    const { child, url } = await startServe(['--port', '0', '--host', '127.0.0.1', '--data-dir', dir, '--workers', '1']);
    // calls run in the pool's worker: wait until it answers, so the burst meets a serving server
    let sent = 1;
    let ok = (await call(url, key)).status === 200 ? 1 : 0;
    const burst = Array.from({ length: 300 }, async (_, i) => {
      await new Promise((r) => setTimeout(r, i));
      sent++;
      try {
        if ((await call(url, key)).status === 200) ok++;
      } catch {
        // the connection died with the server: not answered, so not counted as answered
      }
    });
    await new Promise((r) => setTimeout(r, 120));
    child.kill('SIGKILL');
    await Promise.all(burst);
    const reopened = SqliteKeyStore.open(dir);
    const account = (await reopened.authenticate(key))!;
    const counted = (await reopened.usage(account)).requests_used;
    await reopened.close();
    expect(ok).to.be.greaterThan(0);
    expect(counted).to.be.at.least(ok);
    expect(counted).to.be.at.most(sent);
  });
});

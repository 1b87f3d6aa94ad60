// Data safety for operators: owner-only files, `cpes backup` while serving, `cpes restore` into a new
// data directory, and refusals that change nothing.
import { expect } from 'chai';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteKeyStore } from '../src/store/sqlite/keys.js';
import { cpes, cpesAsync, startServe } from './helpers/cli.js';

const scratch = (): string => mkdtempSync(join(tmpdir(), 'cpes-backup-'));
const mode = (path: string): number => statSync(path).mode & 0o777;

async function usage(url: string, key: string): Promise<{ status: number; body: { requests_used: number } }> {
  const response = await fetch(`${url}/usage`, { headers: { 'x-api-key': key } });
  return { status: response.status, body: (await response.json()) as { requests_used: number } };
}

describe('backup, restore and file permissions', function () {
  this.timeout(90_000);

  it('creates the data directory 0700 and the database, its WAL and shared-memory files 0600', async () => {
    const dataDir = join(scratch(), 'nested', 'data');
    const store = SqliteKeyStore.open(dataDir);
    await store.createKey('Clinic', 'starter');
    expect(mode(dataDir)).to.equal(0o700);
    for (const file of readdirSync(dataDir)) expect(mode(join(dataDir, file)), file).to.equal(0o600);
    expect(readdirSync(dataDir)).to.include.members(['cpes.db', 'cpes.db-wal']);
    await store.close();
  });

  it('backs up while the server counts requests, and restores into a new data directory that serves the same keys and counts', async () => {
    const dataDir = scratch();
    const key = cpes(['keys', 'create', '--owner', 'Clinic', '--tier', 'enterprise', '--data-dir', dataDir]).stdout.trim();
    const served = await startServe(['--port', '0', '--workers', '1', '--data-dir', dataDir]);
    const file = join(scratch(), 'cpes-backup.db');
    try {
      const call = (): Promise<number> =>
        fetch(`${served.url}/call`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: '{"module":"kae","function":"update","args":[1]}' }).then((r) => r.status);
      // requests keep arriving while the backup runs (30 at once: within an enterprise key's 32 in flight)
      const traffic = Promise.all(Array.from({ length: 30 }, call));
      const result = await cpesAsync(['backup', file, '--data-dir', dataDir]);
      expect(await traffic).to.deep.equal(Array(30).fill(200));
      expect(result.stderr).to.equal('');
      expect(result.status).to.equal(0);
      expect(result.stdout).to.match(/^backed up .* \(\d+ pages\)\n$/);
      expect(mode(file)).to.equal(0o600);

      const copy = new Database(file, { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).to.equal('ok');
      const counted = (copy.prepare('SELECT COALESCE(SUM(requests), 0) AS n FROM usage_monthly').get() as { n: number }).n;
      copy.close();
      expect(counted).to.be.within(0, 30); // a consistent snapshot taken somewhere during the traffic
      expect((await usage(served.url, key)).body.requests_used).to.equal(30);

      expect(cpes(['backup', file, '--data-dir', dataDir]).stderr).to.contain('already exists; choose a new file name');
    } finally {
      served.child.kill('SIGTERM');
      await new Promise((resolve) => served.child.once('exit', resolve));
    }

    const restoredDir = join(scratch(), 'restored');
    const restored = cpes(['restore', file, '--data-dir', restoredDir]);
    expect(restored.stderr).to.equal('');
    expect(restored.stdout).to.equal(`restored ${file} into ${restoredDir}\n`);
    expect(mode(restoredDir)).to.equal(0o700);
    expect(mode(join(restoredDir, 'cpes.db'))).to.equal(0o600);
    const again = await startServe(['--port', '0', '--workers', '1', '--data-dir', restoredDir]);
    try {
      const answer = await usage(again.url, key);
      expect(answer.status).to.equal(200);
      const copy = new Database(file, { readonly: true });
      const counted = (copy.prepare('SELECT COALESCE(SUM(requests), 0) AS n FROM usage_monthly').get() as { n: number }).n;
      copy.close();
      expect(answer.body.requests_used).to.equal(counted);
    } finally {
      again.child.kill('SIGTERM');
      await new Promise((resolve) => again.child.once('exit', resolve));
    }
  });

  it('keeps the previous database when restoring over one, and refuses a file that is not a cpes backup without changing anything', async () => {
    const dataDir = scratch();
    const store = SqliteKeyStore.open(dataDir);
    const before = (await store.createKey('Before', 'starter')).key;
    await store.close();
    const file = join(scratch(), 'b.db');
    expect(cpes(['backup', file, '--data-dir', dataDir]).status).to.equal(0);

    const junk = join(scratch(), 'junk.db');
    writeFileSync(junk, 'not a database at all, just text');
    const refused = cpes(['restore', junk, '--data-dir', dataDir]);
    expect(refused.status).to.equal(1);
    expect(refused.stderr).to.match(/^cpes restore: cannot restore .*junk\.db: the file (is not a readable SQLite database|fails SQLite's integrity check).*; nothing was changed\n$/);
    const other = join(scratch(), 'other.db');
    new Database(other).exec('CREATE TABLE t (x)');
    expect(cpes(['restore', other, '--data-dir', dataDir]).stderr).to.contain('the file is an SQLite database but not a cpes key store; nothing was changed');
    expect(readdirSync(dataDir).filter((f) => f.includes('before-restore'))).to.deep.equal([]);

    const over = cpes(['restore', file, '--data-dir', dataDir]);
    expect(over.status).to.equal(0);
    expect(over.stdout).to.match(/; the previous database is kept as .*cpes\.db\.before-restore-\d{4}-\d\d-\d\dT/);
    const reopened = SqliteKeyStore.open(dataDir);
    expect((await reopened.authenticate(before))?.owner).to.equal('Before');
    await reopened.close();
  });

  it('explains usage errors', () => {
    const r = cpes(['backup']);
    expect(r.status).to.equal(1);
    expect(r.stderr).to.contain('cpes backup: FILE is required');
    expect(cpes(['restore', 'x', '--force']).stderr).to.contain("cpes restore: unknown option '--force'");
    expect(cpes(['backup', join(scratch(), 'x.db'), '--data-dir', join(scratch(), 'empty')]).stderr).to.match(/no database at .*cpes\.db; is --data-dir right\?/);
    const postgres = cpes(['backup', '--store', 'postgres://cpes@db.example/cpes']);
    expect([postgres.status, postgres.stderr]).to.deep.equal([1, "cpes backup: a PostgreSQL store is backed up with PostgreSQL's own tool, consistently while the instances keep serving:\n  pg_dump --format=custom --file=cpes.dump 'postgres://user@host/db'\n(the research secret is in the database too; the data packs stay in each instance's --data-dir)\n"]);
    expect(cpes(['restore', 'x.dump', '--store', 'postgres://cpes@db.example/cpes']).stderr).to.contain('pg_restore');
  });
});

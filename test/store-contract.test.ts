// Runs the library store contract against every implementation, plus what only SQLite can show.
import { expect } from 'chai';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { rotateSecret, SqliteLibraryStore } from '../src/store/sqlite/library.js';
import { PostgresLibraryStore } from '../src/store/postgres/library.js';
import { createTestDatabase, type TestDatabase } from './helpers/postgres.js';
import { libraryStoreContract, stampFor } from './helpers/store-contract.js';

libraryStoreContract('SQLite in memory', (quotas) => {
  const store = SqliteLibraryStore.open(null, { quotas });
  return { store, dispose: () => store.close() };
});

libraryStoreContract('SQLite data directory', (quotas) => {
  const dir = mkdtempSync(join(tmpdir(), 'cpes-contract-'));
  const store = SqliteLibraryStore.open(dir, { quotas });
  return {
    store,
    dispose: () => {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('on PostgreSQL', () => {
  let database: TestDatabase;
  before(async () => (database = await createTestDatabase()));
  after(async () => database?.drop());
  libraryStoreContract('PostgreSQL', async (quotas) => {
    const store = PostgresLibraryStore.open({ url: await database.freshSchema(), poolSize: 2, quotas });
    return { store, dispose: () => store.close() };
  });
});

describe('SQLite library store specifics', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'cpes-sqlite-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses to update or delete audit rows, even through raw SQL', () => {
    const store = SqliteLibraryStore.open(dir);
    store.appendAudit(stampFor('A'), 'close', null, 'ok');
    store.close();
    const db = new Database(join(dir, 'cpes.db'));
    expect(() => db.prepare("UPDATE lib_db_audit SET outcome = 'error'").run()).to.throw(/append-only/);
    expect(() => db.prepare('DELETE FROM lib_db_audit').run()).to.throw(/append-only/);
    expect(db.prepare('SELECT COUNT(*) AS n FROM lib_db_audit').get()).to.deep.equal({ n: 1 });
    db.close();
  });

  it('keeps the secret owner-only in the data directory, shared by every process, until an operator rotates it', () => {
    const first = SqliteLibraryStore.open(dir);
    const second = SqliteLibraryStore.open(dir);
    const secret = first.installationSecret();
    expect(second.installationSecret().equals(secret)).to.equal(true);
    expect(statSync(join(dir, 'research-secret.key')).mode & 0o777).to.equal(0o600);
    rotateSecret(dir);
    expect(first.installationSecret().equals(secret)).to.equal(false);
    expect(statSync(join(dir, 'research-secret.key')).mode & 0o777).to.equal(0o600);
    first.close();
    second.close();
  });

  it('enforces foreign keys within an organization in the schema itself', () => {
    const store = SqliteLibraryStore.open(dir);
    store.close();
    const db = new Database(join(dir, 'cpes.db'));
    db.pragma('foreign_keys = ON');
    db.prepare("INSERT INTO lib_db_patients VALUES ('A', 'P', '', NULL, NULL, NULL, NULL, NULL, 't', 't')").run();
    expect(() => db.prepare("INSERT INTO lib_db_lab_results VALUES ('B', 1, 'P', 'K', 'K', 4, '', 0, 't')").run()).to.throw(/FOREIGN KEY/);
    db.close();
  });
});

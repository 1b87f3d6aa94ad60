// The PostgreSQL server of the machine (127.0.0.1:5432, trust authentication): each test run creates its
// own uniquely named database and drops it at the end, since other runs use the same server at once.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const SERVER_URL = process.env.CPES_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';

async function admin<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, database = 'postgres'): Promise<T[]> {
  const client = new pg.Client({ connectionString: `${SERVER_URL}/${database}`, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`the tests need PostgreSQL at ${SERVER_URL} (start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start): ${(error as Error).message}`);
  }
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  /** runs SQL in this database as the superuser */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string): Promise<T[]>;
  /** a URL of a fresh, empty schema of this database (a clean store without a new database) */
  freshSchema(): Promise<string>;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `cpes_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = `${SERVER_URL}/${name}`;
  let schemas = 0;
  return {
    name,
    url,
    query: (sql) => admin(sql, name),
    freshSchema: async () => {
      const schema = `s${++schemas}`;
      await admin(`CREATE SCHEMA ${schema}`, name);
      return `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    },
    drop: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

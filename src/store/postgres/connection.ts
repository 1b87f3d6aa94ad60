// Connections to PostgreSQL through node-postgres's pool. Every query has a deadline, so an instance whose
// database vanishes answers 503 within seconds instead of hanging, and the pool opens fresh connections
// by itself when the database returns. Connection failures become StoreUnavailableError; anything else
// (a bug, a constraint) stays what it is.
import pg from 'pg';
import { StoreError, StoreUnavailableError } from '../errors.js';

export interface PostgresOptions {
  url: string;
  /** connections this process may hold (pg's `max`) */
  poolSize: number;
  /** the longest to wait for a connection, queueing for a free one of the pool included (10 s) */
  connectTimeoutMs?: number;
}

/** SQLSTATE classes that mean "the database cannot serve now": connection (08), resources (53), operator (57), and retryable conflicts. */
const UNAVAILABLE_STATES = /^(08|53|57|40001|40P01)/;
/** Socket errors and node-postgres's own messages for a lost or refused connection. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Connection ended|Client has encountered a connection error|Cannot use a pool after calling end/i;

/** The StoreUnavailableError a failure means, or null when it is not about reaching the database. */
export function asUnavailable(error: unknown): StoreUnavailableError | null {
  if (error instanceof StoreUnavailableError) return error;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || (code.length === 5 && UNAVAILABLE_STATES.test(code)))) return new StoreUnavailableError(code);
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return new StoreUnavailableError(message.split('\n')[0]!.slice(0, 80));
  return null;
}

/** Rethrows a failure as StoreUnavailableError when that is what it is. */
export function rethrow(error: unknown): never {
  throw asUnavailable(error) ?? error;
}

/** True for a postgres:// or postgresql:// URL. */
export function isPostgresUrl(value: string): boolean {
  return /^postgres(ql)?:\/\//i.test(value);
}

/** The URL without its password, for logs and messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}

// 64-bit integers (bigint counters, COUNT(*)) as numbers: every one cpes stores stays far below 2^53.
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === 20 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export function createPool(options: PostgresOptions): pg.Pool {
  if (!isPostgresUrl(options.url)) throw new StoreError(`the store must be a postgres:// URL, got '${redactUrl(options.url)}'`);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    // also the longest a request waits for a free connection of the pool: a burst queues, a dead database fails
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    query_timeout: 10_000,
    idleTimeoutMillis: 30_000,
    application_name: 'cpes',
    types,
  });
  // An idle connection that the server or the network drops emits 'error' on the pool; without a listener
  // Node would end the process. The next query opens a new connection or reports the database unreachable.
  pool.on('error', () => {});
  return pool;
}

/** Runs `work` in one transaction on one connection; a failure rolls back and is rethrown (classified). */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    rethrow(error);
  }
  let broken = false;
  try {
    await client.query('BEGIN');
    const value = await work(client);
    await client.query('COMMIT');
    return value;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch {
      broken = true; // the connection itself failed: do not hand it out again
    }
    return rethrow(error);
  } finally {
    client.release(broken);
  }
}

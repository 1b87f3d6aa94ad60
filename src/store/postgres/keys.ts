// Keys and metering in PostgreSQL, shared by every instance on the database (store/keys.ts is the
// contract). Admission is one call of cpes_admit (migrations.ts): one statement, one transaction, a row
// lock on the key, so three instances admit exactly what one would. Nothing is counted in the process.
import { timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import type { Account, UsageRecord } from '../account.js';
import {
  checkNewKey,
  decideAdmission,
  type Counting,
  generateKey,
  hashKey,
  keyToRevoke,
  periodOf,
  PREFIX_LENGTH,
  usageRecord,
  type Admission,
  type KeyInfo,
  type KeyStore,
} from '../keys.js';
import { tierById, type TierId } from '../tiers.js';
import { createPool, inTransaction, rethrow, type PostgresOptions } from './connection.js';
import { migratePostgres } from './migrations.js';

export class PostgresKeyStore implements KeyStore {
  private constructor(
    private readonly pool: pg.Pool,
    /** the injected clock of tests; null: the database's clock decides the window and the month */
    private readonly clock: (() => Date) | null,
  ) {}

  /** Connects, migrates (once across instances) and returns the store; throws StoreUnavailableError when unreachable. */
  static async open(options: PostgresOptions & { now?: () => Date }): Promise<PostgresKeyStore> {
    const pool = createPool(options);
    try {
      await migratePostgres(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresKeyStore(pool, options.now ?? null);
  }

  private now(): Date {
    return this.clock ? this.clock() : new Date();
  }

  private async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
    try {
      return (await this.pool.query<R>(text, values)).rows;
    } catch (error) {
      return rethrow(error);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  async ping(): Promise<boolean> {
    try {
      await this.pool.query({ text: 'SELECT 1', query_timeout: 2000 } as pg.QueryConfig);
      return true;
    } catch {
      return false;
    }
  }

  private async insertKey(db: Pick<pg.PoolClient, 'query'>, owner: string, tier: string): Promise<{ key: string; prefix: string }> {
    const checked = checkNewKey(owner, tier);
    const key = generateKey();
    const prefix = key.slice(0, PREFIX_LENGTH);
    await db.query('INSERT INTO api_keys (prefix, key_hash, owner, tier, created_at) VALUES ($1, $2, $3, $4, $5)', [
      prefix,
      hashKey(key),
      checked.owner,
      checked.tier,
      this.now().toISOString(),
    ]);
    return { key, prefix };
  }

  async createKey(owner: string, tier: string): Promise<{ key: string; prefix: string }> {
    try {
      return await this.insertKey(this.pool, owner, tier);
    } catch (error) {
      return rethrow(error);
    }
  }

  listKeys(): Promise<KeyInfo[]> {
    return this.query<KeyInfo>(
      `SELECT k.id, k.prefix, k.owner, k.tier, k.created_at AS created, k.revoked_at AS revoked, COALESCE(u.requests, 0)::bigint AS requests_this_month
       FROM api_keys k LEFT JOIN usage_monthly u ON u.key_id = k.id AND u.period = $1 ORDER BY k.id`,
      [periodOf(this.now())],
    );
  }

  async revokeKey(prefix: string): Promise<KeyInfo> {
    const key = keyToRevoke(await this.listKeys(), prefix);
    const revoked = this.now().toISOString();
    const updated = await this.query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL RETURNING id', [revoked, key.id]);
    // another operator revoked it between the read and the update: report what they did
    if (updated.length === 0) return keyToRevoke(await this.listKeys(), prefix);
    return { ...key, revoked };
  }

  async authenticate(rawKey: string): Promise<Account | null> {
    const digest = hashKey(rawKey);
    const [row] = await this.query<{ id: number; prefix: string; key_hash: Buffer; owner: string; tier: TierId; revoked_at: string | null }>(
      'SELECT id, prefix, key_hash, owner, tier, revoked_at FROM api_keys WHERE key_hash = $1',
      [digest],
    );
    if (!row || !timingSafeEqual(row.key_hash, digest) || row.revoked_at !== null) return null;
    return { keyId: row.id, prefix: row.prefix, owner: row.owner, tier: row.tier };
  }

  async admit(account: Account, counting: Counting = 'minute-and-month'): Promise<Admission> {
    const tier = tierById(account.tier)!;
    const [row] = await this.query<{ now_ms: number; used: number; in_window: number; oldest_ms: number | null; admitted: boolean }>(
      'SELECT now_ms, used, in_window, oldest_ms, admitted FROM cpes_admit($1, $2, $3, $4, $5)',
      [account.keyId, this.clock ? this.clock().getTime() : null, tier.rate_limit_per_minute, tier.requests_per_month, counting === 'minute-and-month'],
    );
    const admission = decideAdmission(tier, { nowMs: row!.now_ms, used: row!.used, inWindow: row!.in_window, oldestMs: row!.oldest_ms }, counting);
    if (admission.admitted !== row!.admitted) throw new Error('cpes_admit and decideAdmission disagree; the schema and the code are from different versions');
    return admission;
  }

  async usage(account: Account): Promise<UsageRecord> {
    const period = periodOf(this.now());
    const [row] = await this.query<{ requests: number }>('SELECT requests FROM usage_monthly WHERE key_id = $1 AND period = $2', [account.keyId, period]);
    return usageRecord(account, row?.requests ?? 0, period);
  }

  ensureInitialKey(): Promise<string | null> {
    return inTransaction(this.pool, async (client) => {
      // one instance creates the admin key, even when several start on an empty database together
      await client.query('LOCK TABLE api_keys IN EXCLUSIVE MODE');
      const { rows } = await client.query<{ n: number }>('SELECT count(*) AS n FROM api_keys');
      return rows[0]!.n === 0 ? (await this.insertKey(client, 'admin', 'enterprise')).key : null;
    });
  }
}

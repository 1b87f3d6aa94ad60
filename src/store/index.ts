// Keys and metering in SQLite (api.md "Keys, tiers and counting").
//
//   Store.open(dataDir, { now })      open or create <dataDir>/cpes.db (WAL), migrating older schemas
//   store.createKey(owner, tier)      → { key, prefix }   the raw key is returned once and never stored
//   store.listKeys()                  keys with this month's count
//   store.revokeKey(prefix)           takes effect for the very next request
//   store.authenticate(rawKey)        → Account | null    (SHA-256 lookup, constant-time comparison)
//   store.admit(account)              one BEGIN IMMEDIATE transaction: check both limits, record the request
//   store.usage(account)              the GET /usage record (not counted)
//   store.ensureInitialKey()          the first start's admin key, or null once any key exists
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Account, UsageRecord } from './account.js';
import { migrate } from './migrations.js';
import { sqliteNativeBinding } from './sqlite-addon.js';
import { tierById, TIERS, type TierId } from './tiers.js';

export const MINUTE_MS = 60_000;
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_BODY_LENGTH = 32;
const PREFIX_LENGTH = 12;

export class StoreError extends Error {
  override name = 'StoreError';
}

export interface KeyInfo {
  id: number;
  prefix: string;
  owner: string;
  tier: TierId;
  created: string;
  revoked: string | null;
  requests_this_month: number;
}

export type Admission =
  | { admitted: true; minuteLimit: number; minuteRemaining: number; minuteResetS: number; monthlyLimit: number; monthlyRemaining: number }
  | { admitted: false; limit: 'minute' | 'month'; message: string; retryAfterS: number; minuteLimit: number; monthlyLimit: number };

/** `cpes_` + 32 base62 characters; rejection sampling keeps every character equally likely. */
export function generateKey(): string {
  let body = '';
  while (body.length < KEY_BODY_LENGTH) {
    for (const byte of randomBytes(48)) {
      if (byte < 248 && body.length < KEY_BODY_LENGTH) body += KEY_ALPHABET[byte % 62];
    }
  }
  return `cpes_${body}`;
}

function hashKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** YYYY-MM of a date in UTC. */
export function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export class Store {
  /** Statements of the per-request path, prepared once. */
  private readonly sql: {
    byHash: Database.Statement;
    monthly: Database.Statement;
    prune: Database.Statement;
    window: Database.Statement;
    record: Database.Statement;
    count: Database.Statement;
  };

  private constructor(
    private readonly db: Database.Database,
    private readonly now: () => Date,
  ) {
    this.sql = {
      byHash: db.prepare('SELECT id, prefix, key_hash, owner, tier, revoked_at FROM api_keys WHERE key_hash = ?'),
      monthly: db.prepare('SELECT requests FROM usage_monthly WHERE key_id = ? AND period = ?'),
      prune: db.prepare('DELETE FROM admissions WHERE key_id = ? AND at_ms <= ?'),
      window: db.prepare('SELECT COUNT(*) AS n, MIN(at_ms) AS oldest FROM admissions WHERE key_id = ?'),
      record: db.prepare('INSERT INTO admissions (key_id, at_ms) VALUES (?, ?)'),
      count: db.prepare(
        'INSERT INTO usage_monthly (key_id, period, requests) VALUES (?, ?, 1) ON CONFLICT (key_id, period) DO UPDATE SET requests = requests + 1',
      ),
    };
  }

  static open(dataDir: string, options: { now?: () => Date } = {}): Store {
    mkdirSync(dataDir, { recursive: true });
    // better-sqlite3 takes a loaded addon object too; its type definitions know only a path
    const db = new Database(join(dataDir, 'cpes.db'), { nativeBinding: sqliteNativeBinding(dataDir) as string | undefined });
    db.pragma('journal_mode = WAL');
    // A committed transaction survives a crash of the process (WAL in the OS cache); FULL would add an fsync per request.
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    migrate(db);
    return new Store(db, options.now ?? (() => new Date()));
  }

  close(): void {
    this.db.close();
  }

  ping(): boolean {
    try {
      return this.db.prepare('SELECT 1 AS ok').get() !== undefined;
    } catch {
      return false;
    }
  }

  createKey(owner: string, tier: string): { key: string; prefix: string } {
    const trimmed = owner.trim();
    if (!trimmed) throw new StoreError('the owner must not be empty');
    if (!tierById(tier)) throw new StoreError(`unknown tier '${tier}'; tiers: ${TIERS.map((t) => t.id).join(', ')}`);
    const key = generateKey();
    const prefix = key.slice(0, PREFIX_LENGTH);
    this.db
      .prepare('INSERT INTO api_keys (prefix, key_hash, owner, tier, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(prefix, hashKey(key), trimmed, tier, this.now().toISOString());
    return { key, prefix };
  }

  listKeys(): KeyInfo[] {
    const period = periodOf(this.now());
    return this.db
      .prepare(
        `SELECT k.id, k.prefix, k.owner, k.tier, k.created_at AS created, k.revoked_at AS revoked, COALESCE(u.requests, 0) AS requests_this_month
         FROM api_keys k LEFT JOIN usage_monthly u ON u.key_id = k.id AND u.period = ? ORDER BY k.id`,
      )
      .all(period) as KeyInfo[];
  }

  revokeKey(prefix: string): KeyInfo {
    const matches = this.listKeys().filter((k) => k.prefix.startsWith(prefix) || prefix.startsWith(k.prefix));
    if (prefix.length < 6 || matches.length === 0) throw new StoreError(`no key has the prefix '${prefix}' (see 'cpes keys list')`);
    if (matches.length > 1) throw new StoreError(`the prefix '${prefix}' matches ${matches.length} keys; give more characters`);
    const key = matches[0]!;
    if (key.revoked) throw new StoreError(`the key ${key.prefix} was already revoked at ${key.revoked}`);
    const revoked = this.now().toISOString();
    this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').run(revoked, key.id);
    return { ...key, revoked };
  }

  /** The account of a valid, unrevoked key; null otherwise. */
  authenticate(rawKey: string): Account | null {
    const digest = hashKey(rawKey);
    const row = this.sql.byHash.get(digest) as
      | { id: number; prefix: string; key_hash: Buffer; owner: string; tier: TierId; revoked_at: string | null }
      | undefined;
    if (!row || !timingSafeEqual(row.key_hash, digest) || row.revoked_at !== null) return null;
    return { keyId: row.id, prefix: row.prefix, owner: row.owner, tier: row.tier };
  }

  /** Checks the monthly and the sliding per-minute limit and records the request, in one transaction. */
  admit(account: Account): Admission {
    const tier = tierById(account.tier)!;
    const keyId = account.keyId!;
    const run = this.db.transaction((): Admission => {
      const nowMs = this.now().getTime();
      const period = periodOf(new Date(nowMs));
      const used = (this.sql.monthly.get(keyId, period) as { requests: number } | undefined)?.requests ?? 0;
      const monthlyLimit = tier.requests_per_month;
      const minuteLimit = tier.rate_limit_per_minute;
      if (monthlyLimit !== -1 && used >= monthlyLimit) {
        const date = new Date(nowMs);
        const resetMs = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
        const retryAfterS = Math.ceil((resetMs - nowMs) / 1000);
        return {
          admitted: false,
          limit: 'month',
          message: `Monthly limit of ${monthlyLimit} requests (tier ${tier.id}) reached for ${period}; resets at ${isoSeconds(resetMs)} (in ${retryAfterS} s)`,
          retryAfterS,
          minuteLimit,
          monthlyLimit,
        };
      }
      this.sql.prune.run(keyId, nowMs - MINUTE_MS);
      const window = this.sql.window.get(keyId) as { n: number; oldest: number | null };
      if (window.n >= minuteLimit) {
        const resetMs = window.oldest! + MINUTE_MS;
        const retryAfterS = Math.max(1, Math.ceil((resetMs - nowMs) / 1000));
        return {
          admitted: false,
          limit: 'minute',
          message: `Per-minute limit of ${minuteLimit} requests (tier ${tier.id}) reached; retry after ${isoSeconds(nowMs + retryAfterS * 1000)} (in ${retryAfterS} s)`,
          retryAfterS,
          minuteLimit,
          monthlyLimit,
        };
      }
      this.sql.record.run(keyId, nowMs);
      this.sql.count.run(keyId, period);
      const oldest = window.oldest ?? nowMs;
      return {
        admitted: true,
        minuteLimit,
        minuteRemaining: minuteLimit - window.n - 1,
        minuteResetS: Math.max(0, Math.ceil((oldest + MINUTE_MS - nowMs) / 1000)),
        monthlyLimit,
        monthlyRemaining: monthlyLimit === -1 ? -1 : monthlyLimit - used - 1,
      };
    });
    return run.immediate();
  }

  usage(account: Account): UsageRecord {
    const period = periodOf(this.now());
    const used = (this.sql.monthly.get(account.keyId, period) as { requests: number } | undefined)?.requests ?? 0;
    return { tier: account.tier, owner: account.owner, requests_used: used, requests_limit: tierById(account.tier)!.requests_per_month, period };
  }

  /** On the first start (no key at all) creates the enterprise key of owner `admin` and returns it once. */
  ensureInitialKey(): string | null {
    const create = this.db.transaction(() => {
      const count = (this.db.prepare('SELECT COUNT(*) AS n FROM api_keys').get() as { n: number }).n;
      return count === 0 ? this.createKey('admin', 'enterprise').key : null;
    });
    return create.immediate();
  }
}

// Keys and metering in SQLite, the embedded default (store/keys.ts is the contract). One connection per
// process; the admissions of one turn of the event loop share one BEGIN IMMEDIATE transaction (group
// commit), so several processes on one file (the server and `cpes keys`) never count twice. The work is
// synchronous; the contract's promises resolve at once, an admission once its transaction has committed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import Database from 'better-sqlite3';
import type { Account, UsageRecord } from '../account.js';
import { createPrivateFile, DATABASE_FILE, ensurePrivateDir } from '../files.js';
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
  readWindow,
  appendToWindow,
} from '../keys.js';
import { tierById, type Tier, type TierId } from '../tiers.js';
import { sqliteNativeBinding } from '../sqlite-addon.js';
import { migrate } from './migrations.js';
import { rethrowUnavailable } from './unavailable.js';


/** True when `<dataDir>/cpes.db` exists and holds an API key (read-only; nothing is created). */
export function holdsKeys(dataDir: string): boolean {
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) return false;
  const db = new Database(file, { readonly: true, fileMustExist: true, nativeBinding: sqliteNativeBinding(dataDir) as string | undefined });
  try {
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'api_keys'").get();
    return table !== undefined && db.prepare('SELECT 1 FROM api_keys LIMIT 1').get() !== undefined;
  } finally {
    db.close();
  }
}

/** Opens `<dataDir>/cpes.db` (WAL, owner-only), migrated to this version's schema. */
export function openDatabase(dataDir: string): Database.Database {
  ensurePrivateDir(dataDir);
  const file = join(dataDir, DATABASE_FILE);
  createPrivateFile(file);
  // better-sqlite3 takes a loaded addon object too; its type definitions know only a path
  const db = new Database(file, { nativeBinding: sqliteNativeBinding(dataDir) as string | undefined });
  db.pragma('journal_mode = WAL');
  // A committed transaction survives a crash of the process (WAL in the OS cache); FULL would add an fsync per request.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}

interface PendingAdmission {
  tier: Tier;
  keyId: number;
  counting: Counting;
  resolve(admission: Admission): void;
  reject(error: unknown): void;
}

export class SqliteKeyStore implements KeyStore {
  /** Statements of the per-request path, prepared once. */
  private readonly sql: Record<'byHash' | 'monthly' | 'state' | 'record' | 'count' | 'ping', Database.Statement>;
  /** the admissions asked for in this turn of the event loop, decided in order in one IMMEDIATE transaction */
  private readonly admitAll: Database.Transaction<(batch: readonly PendingAdmission[]) => Admission[]>;
  private pending: PendingAdmission[] = [];

  private constructor(
    private readonly db: Database.Database,
    private readonly now: () => Date,
  ) {
    this.sql = {
      byHash: db.prepare('SELECT id, prefix, key_hash, owner, tier, revoked_at FROM api_keys WHERE key_hash = ?'),
      monthly: db.prepare('SELECT requests FROM usage_monthly WHERE key_id = ? AND period = ?'),
      // the month's count and the minute window in one read; the window written back in one statement
      state: db.prepare('SELECT (SELECT requests FROM usage_monthly WHERE key_id = ? AND period = ?) AS used, (SELECT times FROM rate_windows WHERE key_id = ?) AS times'),
      record: db.prepare('INSERT INTO rate_windows (key_id, times) VALUES (?, ?) ON CONFLICT (key_id) DO UPDATE SET times = excluded.times'),
      ping: db.prepare('SELECT 1 AS ok'),
      count: db.prepare(
        'INSERT INTO usage_monthly (key_id, period, requests) VALUES (?, ?, 1) ON CONFLICT (key_id, period) DO UPDATE SET requests = requests + 1',
      ),
    };
    // one admission: count the window, decide, record
    const admitOne = ({ tier, keyId, counting }: PendingAdmission): Admission => {
      const nowMs = this.now().getTime();
      const period = periodOf(new Date(nowMs));
      const state = this.sql.state.get(keyId, period, keyId) as { used: number | null; times: string | null };
      const window = readWindow(state.times, nowMs);
      const admission = decideAdmission(tier, { nowMs, used: state.used ?? 0, inWindow: window.count, oldestMs: window.oldestMs }, counting);
      if (admission.admitted) {
        this.sql.record.run(keyId, appendToWindow(window, nowMs));
        if (counting === 'minute-and-month') this.sql.count.run(keyId, period);
      }
      return admission;
    };
    // built once: db.transaction() makes four wrapper functions, a sixth of admit's time when made per request
    this.admitAll = db.transaction((batch: readonly PendingAdmission[]) => batch.map(admitOne));
  }

  static open(dataDir: string, options: { now?: () => Date } = {}): SqliteKeyStore {
    return new SqliteKeyStore(openDatabase(dataDir), options.now ?? (() => new Date()));
  }

  /** Runs `work`, turning "the database cannot be used now" into StoreUnavailableError (503, not 500). */
  private guarded<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve) => resolve(work())).catch(rethrowUnavailable);
  }

  async close(): Promise<void> {
    this.db.close();
  }

  async ping(): Promise<boolean> {
    try {
      return this.sql.ping.get() !== undefined;
    } catch {
      return false;
    }
  }

  private insertKey(owner: string, tier: string): { key: string; prefix: string } {
    const checked = checkNewKey(owner, tier);
    const key = generateKey();
    const prefix = key.slice(0, PREFIX_LENGTH);
    this.db
      .prepare('INSERT INTO api_keys (prefix, key_hash, owner, tier, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(prefix, hashKey(key), checked.owner, checked.tier, this.now().toISOString());
    return { key, prefix };
  }

  createKey(owner: string, tier: string): Promise<{ key: string; prefix: string }> {
    return this.guarded(() => this.insertKey(owner, tier));
  }

  private keys(): KeyInfo[] {
    return this.db
      .prepare(
        `SELECT k.id, k.prefix, k.owner, k.tier, k.created_at AS created, k.revoked_at AS revoked, COALESCE(u.requests, 0) AS requests_this_month
         FROM api_keys k LEFT JOIN usage_monthly u ON u.key_id = k.id AND u.period = ? ORDER BY k.id`,
      )
      .all(periodOf(this.now())) as KeyInfo[];
  }

  listKeys(): Promise<KeyInfo[]> {
    return this.guarded(() => this.keys());
  }

  revokeKey(prefix: string): Promise<KeyInfo> {
    return this.guarded(() => {
      const key = keyToRevoke(this.keys(), prefix);
      const revoked = this.now().toISOString();
      this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').run(revoked, key.id);
      return { ...key, revoked };
    });
  }

  authenticate(rawKey: string): Promise<Account | null> {
    return this.guarded(() => {
      const digest = hashKey(rawKey);
      const row = this.sql.byHash.get(digest) as
        | { id: number; prefix: string; key_hash: Buffer; owner: string; tier: TierId; revoked_at: string | null }
        | undefined;
      if (!row || !timingSafeEqual(row.key_hash, digest) || row.revoked_at !== null) return null;
      return { keyId: row.id, prefix: row.prefix, owner: row.owner, tier: row.tier };
    });
  }

  /**
   * Admissions asked for in one turn of the event loop share one transaction (group commit): its BEGIN,
   * locks and WAL writes cost more than the statements, so under load an admission costs about half. Each
   * is still decided in turn, as alone, and each caller hears only once the transaction has committed.
   */
  admit(account: Account, counting: Counting = 'minute-and-month'): Promise<Admission> {
    const admission = new Promise<Admission>((resolve, reject) => {
      this.pending.push({ tier: tierById(account.tier)!, keyId: account.keyId!, counting, resolve, reject });
      if (this.pending.length === 1) setImmediate(this.commitPending);
    });
    return admission.catch(rethrowUnavailable);
  }

  private readonly commitPending = (): void => {
    const batch = this.pending;
    this.pending = [];
    let admissions: Admission[];
    try {
      admissions = this.admitAll.immediate(batch);
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    batch.forEach((waiting, i) => waiting.resolve(admissions[i]!));
  };

  usage(account: Account): Promise<UsageRecord> {
    return this.guarded(() => {
      const period = periodOf(this.now());
      const used = (this.sql.monthly.get(account.keyId, period) as { requests: number } | undefined)?.requests ?? 0;
      return usageRecord(account, used, period);
    });
  }

  ensureInitialKey(): Promise<string | null> {
    const create = this.db.transaction(() => {
      const count = (this.db.prepare('SELECT COUNT(*) AS n FROM api_keys').get() as { n: number }).n;
      return count === 0 ? this.insertKey('admin', 'enterprise').key : null;
    });
    return this.guarded(() => create.immediate());
  }
}

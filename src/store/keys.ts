// The key and metering half of the store contract (api.md "Keys, tiers and counting"); the library half is
// store/library.ts. Both implementations (store/sqlite/, store/postgres/) pass test/helpers/key-store-contract.ts.
//
// The contract is asynchronous because everything that calls it can wait: the HTTP middleware, the CLI.
// An implementation decides the sliding 60-second window and the monthly count of one request in ONE
// transaction (the SQL of each backend), so that several processes or instances on one database admit
// exactly the tier's numbers; this file holds what both share: key format, hashing, and the decision.
import { createHash, randomBytes } from 'node:crypto';
import type { Account, UsageRecord } from './account.js';
import { StoreError } from './errors.js';
import { tierById, TIERS, type Tier, type TierId } from './tiers.js';

export const MINUTE_MS = 60_000;
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_BODY_LENGTH = 32;
export const PREFIX_LENGTH = 12;

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
  | { admitted: false; limit: 'minute' | 'month'; message: string; retryAfterS: number; minuteLimit: number; monthlyLimit: number; monthlyRemaining: number };

export interface KeyStore {
  /** the raw key is returned once and never stored */
  createKey(owner: string, tier: string): Promise<{ key: string; prefix: string }>;
  /** every key with this month's count */
  listKeys(): Promise<KeyInfo[]>;
  /** takes effect for the very next request, on every instance */
  revokeKey(prefix: string): Promise<KeyInfo>;
  /** the account of a valid, unrevoked key; null otherwise */
  authenticate(rawKey: string): Promise<Account | null>;
  /**
   * checks the monthly and the sliding per-minute limit and records the request, in one transaction;
   * with `counting: 'minute'` (POST /v1/check) only the per-minute window applies and records it
   */
  admit(account: Account, counting?: Counting): Promise<Admission>;
  /** the GET /usage record (not counted) */
  usage(account: Account): Promise<UsageRecord>;
  /** on the first start (no key at all) creates the enterprise key of owner `admin` and returns it once */
  ensureInitialKey(): Promise<string | null>;
  /** true when the database answers */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** The organization of development mode (no key); no key may be made for it, so its records stay apart. */
export const DEVELOPMENT_OWNER = 'development';

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

export function hashKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** YYYY-MM of a date in UTC. */
export function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The owner and tier of a new key, checked; throws StoreError naming what is wrong. */
export function checkNewKey(owner: string, tier: string): { owner: string; tier: TierId } {
  const trimmed = owner.trim();
  if (!trimmed) throw new StoreError('the owner must not be empty');
  // the owner names an organization in records, logs and pseudonym input: printable text only
  if (/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(trimmed)) throw new StoreError('the owner must not contain control or format characters (newlines, tabs, …)');
  if (trimmed.toLowerCase() === DEVELOPMENT_OWNER) throw new StoreError(`the owner name '${DEVELOPMENT_OWNER}' is reserved for development mode's records`);
  if (!tierById(tier)) throw new StoreError(`unknown tier '${tier}'; tiers: ${TIERS.map((t) => t.id).join(', ')}`);
  return { owner: trimmed, tier: tier as TierId };
}

/** The one key a revocation prefix names; throws StoreError when it names none, several, or a revoked one. */
export function keyToRevoke(keys: readonly KeyInfo[], prefix: string): KeyInfo {
  // the whole display prefix, exactly: a shorter one (`cpes_k`) once revoked whichever key it began
  if (prefix.length !== PREFIX_LENGTH) {
    throw new StoreError(`give the key's whole ${PREFIX_LENGTH}-character display prefix as 'cpes keys list' shows it (like cpes_AbCdEfG), not ${prefix.length} characters`);
  }
  const matches = keys.filter((k) => k.prefix === prefix);
  if (matches.length === 0) throw new StoreError(`no key has the prefix '${prefix}' (see 'cpes keys list')`);
  if (matches.length > 1) throw new StoreError(`the prefix '${prefix}' matches ${matches.length} keys (a rare clash of display prefixes); nothing was revoked`);
  const key = matches[0]!;
  if (key.revoked) throw new StoreError(`the key ${key.prefix} was already revoked at ${key.revoked}`);
  return key;
}

/** Digits of one admission time in a stored window: ms since 1970, zero-padded (13 digits last until the year 2286). */
const TIME_DIGITS = 13;
const TIME_STRIDE = TIME_DIGITS + 1; // with its comma

/**
 * A key's minute window as its row stores it (`rate_windows.times`): its admission times of the last
 * 60 s, ascending, each 13 digits, joined by commas. Fixed width, so the window is read without parsing
 * it: a binary search finds the first time inside the last 60 s before `nowMs`.
 */
export function readWindow(stored: string | null | undefined, nowMs: number): { kept: string; count: number; oldestMs: number | null; newestMs: number | null } {
  if (!stored) return { kept: '', count: 0, oldestMs: null, newestMs: null };
  const n = (stored.length + 1) / TIME_STRIDE;
  const at = (i: number): number => Number(stored.slice(i * TIME_STRIDE, i * TIME_STRIDE + TIME_DIGITS));
  const cutoff = nowMs - MINUTE_MS;
  let low = 0;
  let high = n;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (at(middle) > cutoff) high = middle;
    else low = middle + 1;
  }
  return { kept: stored.slice(low * TIME_STRIDE), count: n - low, oldestMs: low < n ? at(low) : null, newestMs: low < n ? at(n - 1) : null };
}

/** The stored window with one more admission; a clock that stepped back records the newest time again, so the window stays ascending (and only ever stricter). */
export function appendToWindow(window: { kept: string; newestMs: number | null }, nowMs: number): string {
  const time = String(Math.max(nowMs, window.newestMs ?? nowMs)).padStart(TIME_DIGITS, '0');
  return window.kept ? `${window.kept},${time}` : time;
}

/** What a request counts against: both limits (/run, /call), or the per-minute window alone (/check). */
export type Counting = 'minute-and-month' | 'minute';

/** What a backend read inside its admission transaction, before recording anything. */
export interface AdmissionState {
  nowMs: number;
  /** requests counted this month before this one */
  used: number;
  /** admissions inside the last 60 s before this one */
  inWindow: number;
  /** the oldest of those, in ms, or null */
  oldestMs: number | null;
}

/**
 * The decision on one request from the state read in the transaction. When it admits, the backend
 * records the request (window row and monthly count) in the same transaction.
 */
export function decideAdmission(tier: Tier, state: AdmissionState, counting: Counting = 'minute-and-month'): Admission {
  const { nowMs, used, inWindow, oldestMs } = state;
  const period = periodOf(new Date(nowMs));
  const monthlyLimit = tier.requests_per_month;
  const minuteLimit = tier.rate_limit_per_minute;
  const countsMonth = counting === 'minute-and-month';
  if (countsMonth && monthlyLimit !== -1 && used >= monthlyLimit) {
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
      monthlyRemaining: 0,
    };
  }
  if (inWindow >= minuteLimit) {
    const resetMs = oldestMs! + MINUTE_MS;
    const retryAfterS = Math.max(1, Math.ceil((resetMs - nowMs) / 1000));
    return {
      admitted: false,
      limit: 'minute',
      message: `Per-minute limit of ${minuteLimit} requests (tier ${tier.id}) reached; retry after ${isoSeconds(nowMs + retryAfterS * 1000)} (in ${retryAfterS} s)`,
      retryAfterS,
      minuteLimit,
      monthlyLimit,
      monthlyRemaining: monthlyLimit === -1 ? -1 : Math.max(0, monthlyLimit - used),
    };
  }
  const oldest = oldestMs ?? nowMs;
  return {
    admitted: true,
    minuteLimit,
    minuteRemaining: minuteLimit - inWindow - 1,
    minuteResetS: Math.max(0, Math.ceil((oldest + MINUTE_MS - nowMs) / 1000)),
    monthlyLimit,
    monthlyRemaining: monthlyLimit === -1 ? -1 : Math.max(0, monthlyLimit - used - (countsMonth ? 1 : 0)),
  };
}

/** The GET /usage record from this month's count. */
export function usageRecord(account: Account, used: number, period: string): UsageRecord {
  return { tier: account.tier, owner: account.owner, requests_used: used, requests_limit: tierById(account.tier)!.requests_per_month, period };
}

// The seam between the HTTP app and access control (keys, tiers, metering). The app mounts
// `authenticate` on every endpoint that needs a key and `admit` on the counted ones (/run, /call);
// development mode plugs in an implementation that lets everything through.
import type { Middleware } from 'koa';

/** Set on `ctx.state.account` by `authenticate`. */
export interface Account {
  keyId: number | null;
  owner: string;
  tier: 'sandbox' | 'starter' | 'professional' | 'enterprise';
}

/** GET /usage body (service.md §2). */
export interface UsageRecord {
  tier: string;
  owner: string;
  requests_used: number;
  requests_limit: number;
  period: string;
}

export interface AccessControl {
  /** 401 (HttpError 'unauthorized') without a valid key; sets ctx.state.account */
  authenticate: Middleware;
  /** 429 (HttpError 'rate_limited', Retry-After) over a limit; otherwise counts the request and sets the rate headers */
  admit: Middleware;
  /** the usage record of the authenticated account (never counted) */
  usage(account: Account): UsageRecord;
  /** true when the store answers (GET /health) */
  healthy(): boolean;
}

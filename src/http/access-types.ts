// The seam between the HTTP app and access control (keys, tiers, metering). The app mounts
// `authenticate` on every endpoint that needs a key and `admit` on the counted ones (/run, /call);
// development mode plugs in an implementation that lets everything through.
import type { Middleware } from 'koa';

/** Set on `ctx.state.account` by `authenticate`. */
export type { Account, UsageRecord } from '../store/account.js';
import type { Account, UsageRecord } from '../store/account.js';

export interface AccessControl {
  /** false in development mode, where every request acts as the development account without a key */
  keyRequired: boolean;
  /** 401 (HttpError 'unauthorized') without a valid key; sets ctx.state.account */
  authenticate: Middleware;
  /** 429 (HttpError 'rate_limited', Retry-After) over a limit; otherwise counts the request and sets the rate headers */
  admit: Middleware;
  /** like `admit`, but counted against the per-minute limit only, never the month (POST /v1/check) */
  admitMinuteOnly: Middleware;
  /** the usage record of the authenticated account (never counted) */
  usage(account: Account): Promise<UsageRecord>;
  /** true when the store answers (GET /health) */
  healthy(): Promise<boolean>;
}

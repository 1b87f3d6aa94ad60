// Access control over the store: X-API-Key authentication and admission of counted requests, with
// the rate-limit headers of draft-ietf-httpapi-ratelimit-headers-10 and the monthly counters. A store
// that cannot be reached throws StoreUnavailableError, which the app answers 503 with Retry-After:
// a request is never served unmetered.
import type { Context, Middleware } from 'koa';
import type { Counting, KeyStore } from '../store/keys.js';
import type { AccessControl, Account } from './access-types.js';
import { HttpError } from './errors.js';

const POLICY = 'minute';

function setRateHeaders(ctx: Context, minuteLimit: number, minuteRemaining: number, resetS: number, monthlyLimit: number, monthlyRemaining: number): void {
  ctx.set('RateLimit-Policy', `"${POLICY}";q=${minuteLimit};w=60`);
  ctx.set('RateLimit', `"${POLICY}";r=${minuteRemaining};t=${resetS}`);
  ctx.set('X-Monthly-Limit', String(monthlyLimit));
  ctx.set('X-Monthly-Remaining', String(monthlyRemaining));
}

export interface AccessObserver {
  /** seconds spent authenticating and admitting one request */
  admissionSeconds?(seconds: number): void;
  /** a request refused by its minute or month limit */
  refused?(limit: 'minute' | 'month'): void;
}

export function createAccessControl(store: KeyStore, observer: AccessObserver = {}): AccessControl {
  return {
    keyRequired: true,
    authenticate: async (ctx, next) => {
      const key = ctx.get('X-API-Key');
      if (!key) throw new HttpError(401, 'unauthorized', 'Missing X-API-Key header');
      const started = performance.now();
      const account = await store.authenticate(key);
      ctx.state.admissionStarted = started;
      if (!account) throw new HttpError(401, 'unauthorized', 'Invalid or revoked API key');
      ctx.state.account = account;
      await next();
    },
    admit: admitter(store, observer, 'minute-and-month'),
    admitMinuteOnly: admitter(store, observer, 'minute'),
    usage: (account) => store.usage(account),
    healthy: () => store.ping(),
  };
}

/** The middleware that admits a request against the limits `counting` names (a 429 over one of them). */
function admitter(store: KeyStore, observer: AccessObserver, counting: Counting): Middleware {
  return async (ctx, next) => {
    const account = ctx.state.account as Account;
    const admission = await store.admit(account, counting);
    const started = ctx.state.admissionStarted as number | undefined;
    if (started !== undefined) observer.admissionSeconds?.((performance.now() - started) / 1000);
    if (!admission.admitted) {
      observer.refused?.(admission.limit);
      // draft-ietf-httpapi-ratelimit-headers-10 fields on the 429 too (remaining 0, reset in seconds),
      // so a client backs off by one code path whether or not it was refused
      const minutePolicy = `"${POLICY}";q=${admission.minuteLimit};w=60`;
      const refusing = admission.limit === 'month' ? 'month' : POLICY;
      throw new HttpError(429, 'rate_limited', admission.message, {
        'Retry-After': String(admission.retryAfterS),
        'RateLimit-Policy': admission.limit === 'month' ? `${minutePolicy}, "month";q=${admission.monthlyLimit}` : minutePolicy,
        RateLimit: `"${refusing}";r=0;t=${admission.retryAfterS}`,
        'X-Monthly-Limit': String(admission.monthlyLimit),
        'X-Monthly-Remaining': String(admission.monthlyRemaining),
      });
    }
    setRateHeaders(ctx, admission.minuteLimit, admission.minuteRemaining, admission.minuteResetS, admission.monthlyLimit, admission.monthlyRemaining);
    await next();
  };
}

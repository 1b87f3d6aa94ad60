// In-flight limits (issue 29): how many /run and /call requests one key, and one organization, may have
// being answered at once, by tier. Together with the pool's per-organization share and round-robin
// queue, one tenant's runaway protocols cannot hold every worker or fill the queue for the others.
import type { Middleware } from 'koa';
import { tierById } from '../store/tiers.js';
import type { Account } from './access-types.js';
import { HttpError } from './errors.js';

export function createInFlightLimit(): Middleware {
  const byKey = new Map<number, number>();
  const byOrganization = new Map<string, number>();
  const change = <K>(counts: Map<K, number>, key: K, by: 1 | -1): void => {
    const count = (counts.get(key) ?? 0) + by;
    if (count > 0) counts.set(key, count);
    else counts.delete(key);
  };
  return async (ctx, next) => {
    const account = ctx.state.account as Account;
    // development mode has no key: nothing to share between tenants
    if (account.keyId === null) return next();
    const tier = tierById(account.tier);
    if (!tier) return next();
    const keyCount = byKey.get(account.keyId) ?? 0;
    const organizationCount = byOrganization.get(account.owner) ?? 0;
    if (keyCount >= tier.max_in_flight || organizationCount >= tier.max_in_flight_per_organization) {
      const [limit, whose] = keyCount >= tier.max_in_flight ? [tier.max_in_flight, 'this key'] : [tier.max_in_flight_per_organization, "this key's organization"];
      throw new HttpError(429, 'rate_limited', `${whose} already has ${limit} requests being answered (the ${tier.id} tier's limit); retry when one has finished`, { 'Retry-After': '1' });
    }
    change(byKey, account.keyId, 1);
    change(byOrganization, account.owner, 1);
    try {
      await next();
    } finally {
      change(byKey, account.keyId, -1);
      change(byOrganization, account.owner, -1);
    }
  };
}

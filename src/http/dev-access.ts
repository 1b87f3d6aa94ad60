// Development mode (api.md): no key, nothing counted or limited, a fixed usage record.
import type { AccessControl, Account } from './access-types.js';

const DEVELOPMENT: Account = Object.freeze({ keyId: null, prefix: null, owner: 'development', tier: 'enterprise' });

export function createDevAccess(now: () => Date = () => new Date()): AccessControl {
  return {
    keyRequired: false,
    authenticate: async (ctx, next) => {
      ctx.state.account = DEVELOPMENT;
      await next();
    },
    admit: async (_ctx, next) => {
      await next();
    },
    admitMinuteOnly: async (_ctx, next) => {
      await next();
    },
    usage: async () => ({ tier: 'enterprise', owner: 'development', requests_used: 0, requests_limit: -1, period: now().toISOString().slice(0, 7) }),
    healthy: async () => true,
  };
}

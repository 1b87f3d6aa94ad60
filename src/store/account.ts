// Who a request is made for, and the usage record reported for them (service.md §2).
import type { TierId } from './tiers.js';

export interface Account {
  /** null in development mode */
  keyId: number | null;
  /** the key's display prefix (`cpes_AbCdEfG`), null in development mode; the library audit trail's actor */
  prefix: string | null;
  owner: string;
  tier: TierId;
}

/** GET /usage body. */
export interface UsageRecord {
  tier: string;
  owner: string;
  requests_used: number;
  requests_limit: number;
  period: string;
}

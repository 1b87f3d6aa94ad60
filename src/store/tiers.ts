// The pricing tiers of service.md §2: constants, never stored.

export type TierId = 'sandbox' | 'starter' | 'professional' | 'enterprise';

export interface Tier {
  id: TierId;
  name: string;
  /** -1 means unlimited */
  requests_per_month: number;
  /** -1 means custom pricing; 0 is free */
  price_usd: number;
  rate_limit_per_minute: number;
  /** /run and /call requests of one key being answered at once; more are refused 429 */
  max_in_flight: number;
  /** the same for all keys of one organization together (the requesting key's tier decides); below --max-queue's 64, so one organization cannot fill the queue */
  max_in_flight_per_organization: number;
  description: string;
}

export const TIERS: readonly Tier[] = Object.freeze([
  { id: 'sandbox', name: 'Sandbox', requests_per_month: 50, price_usd: 0, rate_limit_per_minute: 5, max_in_flight: 2, max_in_flight_per_organization: 2, description: 'Free tier for trying the API and building integrations.' },
  { id: 'starter', name: 'Starter', requests_per_month: 5000, price_usd: 99, rate_limit_per_minute: 30, max_in_flight: 4, max_in_flight_per_organization: 8, description: 'For small clinics and pilot deployments.' },
  { id: 'professional', name: 'Professional', requests_per_month: 50000, price_usd: 299, rate_limit_per_minute: 120, max_in_flight: 8, max_in_flight_per_organization: 16, description: 'For hospital departments running protocols in production.' },
  { id: 'enterprise', name: 'Enterprise', requests_per_month: -1, price_usd: -1, rate_limit_per_minute: 600, max_in_flight: 32, max_in_flight_per_organization: 32, description: 'Unlimited monthly requests and custom pricing for health systems.' },
].map((t) => Object.freeze(t as Tier)));

export function tierById(id: string): Tier | undefined {
  return TIERS.find((t) => t.id === id);
}

// The reference service (the MOISSCode Python service, one worker) for the ratio targets of issue 30:
// measured in the same run when BENCH_REFERENCE_URL names it (its routes have no /v1), otherwise the
// figures recorded in the issue (the middle of each measured range; a ratio against them is only
// meaningful on an idle machine like the one they were taken on).
import { load, type Figures } from './load.js';

export const REFERENCE_URL = process.env.BENCH_REFERENCE_URL?.replace(/\/$/, '');

const RECORDED_RPS = { health: 5250, call: 2090, run: 955 } as const;

export type ReferenceEndpoint = keyof typeof RECORDED_RPS;

/** The reference's requests per second on an endpoint, with the same body cpes gets. */
export async function referenceRps(endpoint: ReferenceEndpoint, body?: string): Promise<number> {
  if (!REFERENCE_URL) return RECORDED_RPS[endpoint];
  const figures: Figures = await load(`${REFERENCE_URL}/${endpoint}`, body ? { method: 'POST', body } : {});
  if (figures.errors) throw new Error(`the reference answered ${figures.errors} of its ${endpoint} requests with errors`);
  return figures.rps;
}

export function describeReference(): string {
  return REFERENCE_URL
    ? `reference measured in this run at ${REFERENCE_URL}`
    : 'reference NOT measured: the figures recorded in issue 30 (idle machine); set BENCH_REFERENCE_URL to measure it';
}

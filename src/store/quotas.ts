// Per-organization quotas of the library store are installation configuration (modules.md §16):
// CPES_QUOTA_PATIENTS, CPES_QUOTA_LAB_RESULTS, CPES_QUOTA_RUNS, CPES_QUOTA_OTHER_RECORDS, CPES_QUOTA_BYTES. Pool workers
// inherit the environment, so the server and its workers agree.
import type { Quotas } from './library.js';

const VARIABLES: Record<keyof Quotas, string> = {
  patients: 'CPES_QUOTA_PATIENTS',
  lab_results: 'CPES_QUOTA_LAB_RESULTS',
  runs: 'CPES_QUOTA_RUNS',
  other_records: 'CPES_QUOTA_OTHER_RECORDS',
  bytes: 'CPES_QUOTA_BYTES',
};

/** The quotas set in the environment; throws naming a variable that is not a whole number ≥ 0. */
export function quotasFromEnv(env: NodeJS.ProcessEnv): Partial<Quotas> {
  const quotas: Partial<Quotas> = {};
  for (const [kind, variable] of Object.entries(VARIABLES) as [keyof Quotas, string][]) {
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${variable} must be a whole number ≥ 0, got '${raw}'`);
    quotas[kind] = n;
  }
  return quotas;
}

// MOISSCode's timing classifier (modules.md §21): is a drug's onset early enough for a deadline?
// A MOISSCode heuristic with no clinical validation; kept apart so that pk and moiss both use it.

export type TimingClass = 'PROPHYLACTIC' | 'ON_TIME' | 'PARTIAL' | 'MARGINAL' | 'FUTILE' | 'TOO_LATE' | 'UNKNOWN';

/** Δ = t_crit − onset, compared with fractions of the onset; an unknown onset gives UNKNOWN. */
export function classifyTiming(tCritMin: number, onsetMin: number | null): TimingClass {
  if (onsetMin === null) return 'UNKNOWN';
  const delta = tCritMin - onsetMin;
  if (delta > onsetMin) return 'PROPHYLACTIC';
  if (delta > 0) return 'ON_TIME';
  if (delta > -0.25 * onsetMin) return 'PARTIAL';
  if (delta > -0.5 * onsetMin) return 'MARGINAL';
  if (delta > -onsetMin) return 'FUTILE';
  return 'TOO_LATE';
}

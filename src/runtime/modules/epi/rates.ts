// R0, herd immunity and the basic rates (modules.md §13).
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type JsonObject } from '../types.js';
import { requireFinite } from '../util/finite.js';

const show = (x: number): string => String(x);

/** HIT = 1 − 1/R0 for R0 > 1, else 0 (Anderson & May, Infectious Diseases of Humans, 1991). */
export function herdImmunityThreshold(r0: number): number {
  return r0 > 1 ? 1 - 1 / r0 : 0;
}

export function herdImmunityFields(r0: number): JsonObject {
  const hit = herdImmunityThreshold(r0);
  return { herd_immunity_threshold: pyRound(hit, 4), herd_immunity_threshold_percent: pyRound(hit * 100, 2) };
}

export function r0(beta: number, gamma: number, sigma: number | null): JsonObject {
  const value = requireFinite(beta / gamma, 'epi.r0', "'beta' and 'gamma'");
  const status = Math.abs(value - 1) <= 1e-9 ? 'ENDEMIC' : value > 1 ? 'EPIDEMIC' : 'DECLINING';
  const model: JsonObject = sigma === null ? { model: 'SIR' } : { model: 'SEIR', sigma, incubation_period_days: pyRound(1 / sigma, 1) };
  return {
    type: 'EPI_R0',
    R0: pyRound(value, 3),
    beta,
    gamma,
    infectious_period_days: pyRound(1 / gamma, 1),
    status,
    ...herdImmunityFields(value),
    ...model,
  };
}

/** Rothman, Greenland & Lash, Modern Epidemiology, 3rd ed. 2008: cases per person-time, per 100,000 per year. */
export function incidenceRate(cases: number, atRisk: number, days: number): JsonObject {
  return {
    type: 'EPI_INCIDENCE',
    new_cases: cases,
    population_at_risk: atRisk,
    time_period_days: days,
    incidence_per_100k_per_year: pyRound(requireFinite((cases / atRisk) * 100_000 * (365 / days), 'epi.incidence_rate', "'population_at_risk' and 'time_period_days'"), 2),
  };
}

export function prevalence(cases: number, population: number, label: string): JsonObject {
  if (cases > population) throw new ArgumentError(`${label}: argument 1 'total_cases' (${cases}) must not exceed 'population' (${population})`);
  return {
    type: 'EPI_PREVALENCE',
    total_cases: cases,
    population,
    prevalence_percent: pyRound((cases / population) * 100, 4),
    prevalence_per_100k: pyRound((cases / population) * 100_000, 2),
  };
}

export function caseFatalityRate(deaths: number, cases: number, label: string): JsonObject {
  if (deaths > cases) throw new ArgumentError(`${label}: argument 1 'deaths' (${deaths}) must not exceed 'confirmed_cases' (${cases})`);
  return { type: 'EPI_CFR', deaths, confirmed_cases: cases, cfr_percent: pyRound((deaths / cases) * 100, 3) };
}

export function herdImmunity(value: number): JsonObject {
  const hit = herdImmunityThreshold(value);
  const percent = pyRound(hit * 100, 2);
  return {
    type: 'EPI_HERD',
    R0: value,
    threshold_fraction: pyRound(hit, 4),
    threshold_percent: percent,
    interpretation: hit > 0 ? `${show(percent)}% of the population must be immune` : 'R0 ≤ 1: transmission declines without population immunity',
  };
}

// What each epi function answers (docs/library.md, the checker's field check and the boundary check read these).
import type { RecordResultSpec, ResultField, ValueSpec } from '../types.js';
import { flag, int, num, oneOf, optional, text } from '../util/result-fields.js';

const people = (name: string, description: string): ResultField => num(name, null, `${description} (people, whole)`);

const HIT: ResultField[] = [
  num('herd_immunity_threshold', null, 'fraction of the population that must be immune, 1 − 1/R0 (0 when R0 ≤ 1), four decimals'),
  num('herd_immunity_threshold_percent', '%', 'the same in percent, two decimals'),
];
const R0_OF_RATES = num('R0', null, 'β / γ, three decimals');

const SIMULATED: ResultField[] = [
  num('peak_infected', null, 'the most people infectious on one day (whole)'),
  int('peak_day', 'the day of that peak, from 0'),
  people('total_infected', 'everyone ever infected by the last day'),
  num('attack_rate', '%', 'total infected over the population, two decimals'),
];

const day = (compartments: readonly [string, string][]): ValueSpec => ({
  type: 'object',
  description: 'one day',
  fields: [int('day', 'the day, from 0'), ...compartments.map(([name, what]) => people(name, what))],
});

export const EPI_RESULTS: Readonly<Record<string, RecordResultSpec>> = {
  r0: {
    type: 'EPI_R0',
    description: 'the basic reproduction number of the rates',
    fields: [
      R0_OF_RATES,
      num('beta', '1/day', 'the transmission rate given'),
      num('gamma', '1/day', 'the recovery rate given'),
      num('infectious_period_days', 'days', '1 / γ, one decimal'),
      oneOf('status', 'EPIDEMIC above 1, DECLINING below, ENDEMIC at 1', ['EPIDEMIC', 'ENDEMIC', 'DECLINING']),
      ...HIT,
      oneOf('model', 'SEIR when an incubation rate is given, else SIR', ['SIR', 'SEIR']),
      optional(num('sigma', '1/day', 'the incubation rate given (SEIR)')),
      optional(num('incubation_period_days', 'days', '1 / σ, one decimal (SEIR)')),
    ],
  },
  sir_model: {
    type: 'EPI_SIR',
    description: 'an SIR epidemic, sampled daily',
    fields: [
      int('population', 'the population given'),
      R0_OF_RATES,
      ...SIMULATED,
      people('currently_infected', 'infectious on the last day'),
      people('recovered', 'recovered on the last day'),
      { name: 'trajectory', type: 'array', items: day([['S', 'susceptible'], ['I', 'infectious'], ['R', 'recovered']]), description: 'each day from 0' },
    ],
  },
  seir_model: {
    type: 'EPI_SEIR',
    description: 'an SEIR epidemic, sampled daily',
    fields: [
      int('population', 'the population given'),
      R0_OF_RATES,
      num('incubation_period', 'days', '1 / σ, one decimal'),
      num('infectious_period', 'days', '1 / γ, one decimal'),
      ...SIMULATED,
      people('currently_exposed', 'exposed on the last day'),
      people('currently_infected', 'infectious on the last day'),
      people('recovered', 'recovered on the last day'),
      { name: 'trajectory', type: 'array', items: day([['S', 'susceptible'], ['E', 'exposed'], ['I', 'infectious'], ['R', 'recovered']]), description: 'each day from 0' },
    ],
  },
  incidence_rate: {
    type: 'EPI_INCIDENCE',
    description: 'incidence per person-time',
    fields: [
      num('new_cases', null, 'the new cases given'),
      num('population_at_risk', null, 'the population at risk given'),
      num('time_period_days', 'days', 'the observation period given'),
      num('incidence_per_100k_per_year', null, 'new cases per 100,000 people per year'),
    ],
  },
  prevalence: {
    type: 'EPI_PREVALENCE',
    description: 'point prevalence',
    fields: [
      num('total_cases', null, 'the cases given'),
      num('population', null, 'the population given'),
      num('prevalence_percent', '%', 'cases over the population, four decimals'),
      num('prevalence_per_100k', null, 'cases per 100,000 people, two decimals'),
    ],
  },
  cfr: {
    type: 'EPI_CFR',
    description: 'case fatality rate',
    fields: [num('deaths', null, 'the deaths given'), num('confirmed_cases', null, 'the confirmed cases given'), num('cfr_percent', '%', 'deaths over confirmed cases, three decimals')],
  },
  herd_immunity: {
    type: 'EPI_HERD',
    description: 'the herd-immunity threshold',
    fields: [
      num('R0', null, 'the R0 given'),
      num('threshold_fraction', null, '1 − 1/R0 (0 when R0 ≤ 1), four decimals'),
      num('threshold_percent', '%', 'the same in percent, two decimals'),
      text('interpretation', 'the threshold in words'),
    ],
  },
  disease_params: {
    type: 'EPI_DISEASE',
    description: "a disease's published parameters; a value no source was checked for is null",
    fields: [
      text('disease', "the table's name of the disease (the query when not found)"),
      flag('found', 'false for a disease not in the table'),
      optional({ name: 'R0', type: ['number', 'null'], description: 'basic reproduction number; null when unknown' }),
      optional({ name: 'r0_range', type: ['array', 'null'], items: { type: 'number', description: 'R0' }, description: 'the published range [low, high]; null when unknown' }),
      optional({ name: 'incubation_days', type: ['number', 'null'], unit: 'days', description: 'incubation period; null when unknown' }),
      optional({ name: 'infectious_days', type: ['number', 'null'], unit: 'days', description: 'infectious period; null when unknown' }),
      optional({ name: 'cfr', type: ['number', 'null'], unit: '%', description: 'case fatality rate; null when unknown' }),
      ...HIT.map((f) => optional({ ...f, type: ['number', 'null'], description: `${f.description}; null when R0 is unknown` })),
      optional(text('source', 'the sources of the row')),
    ],
  },
};

// modules.md §13: R0 and herd immunity, SIR/SEIR compartment models, incidence, prevalence, CFR, disease facts.
import type { FunctionSpec, ModuleDef, ParamSpec } from '../types.js';
import { seirModel, sirModel } from './compartments.js';
import { diseaseParams } from './diseases.js';
import { EPI_RESULTS } from './results.js';
import { caseFatalityRate, herdImmunity, incidenceRate, prevalence, r0 } from './rates.js';

// RK4 with a 0.1-day step is stable for rates up to about 27/day; 20/day keeps a margin. Recovery and
// incubation rates start at 0.0001/day (periods up to 27 years), so 1/γ and β/γ stay finite.
const MAX_RATE = 20;
const MIN_PERIOD_RATE = 0.0001;
const rate = (name: string, description: string, minimum: number): ParamSpec => ({ name, type: 'number', unit: '1/day', minimum, maximum: MAX_RATE, description });
const BETA = rate('beta', 'transmission rate per day', 0);
const GAMMA = rate('gamma', 'recovery rate per day (1 / infectious period)', MIN_PERIOD_RATE);
const SIGMA = rate('sigma', 'incubation rate per day (1 / latent period)', MIN_PERIOD_RATE);
const POPULATION: ParamSpec = { name: 'population', type: 'integer', minimum: 1, maximum: 1e10, description: 'population size N' };
const DAYS: ParamSpec = { name: 'days', type: 'integer', default: 100, minimum: 1, maximum: 3650, unit: 'days', description: 'days to simulate' };
const count = (name: string, description: string, minimum = 0): ParamSpec => ({ name, type: 'integer', minimum, maximum: 1e10, description });

const fn = (spec: Omit<FunctionSpec, 'state'>): FunctionSpec => ({ ...spec, state: 'none' });
const n = (v: unknown): number => v as number;

const KERMACK = 'Kermack & McKendrick, Proc R Soc Lond A 1927;115:700-721';
const ANDERSON_MAY = 'Anderson & May, Infectious Diseases of Humans, 1991 (herd-immunity threshold)';
const ROTHMAN = 'Rothman, Greenland & Lash, Modern Epidemiology, 3rd ed., 2008';

const epi: ModuleDef = {
  name: 'epi',
  description: 'Infectious-disease epidemiology: R0, SIR/SEIR compartment models, incidence, prevalence and case fatality.',
  functions: [
    fn({
      name: 'r0',
      description: 'Basic reproduction number β/γ with epidemic status and herd-immunity threshold.',
      params: [BETA, GAMMA, { ...SIGMA, type: ['number', 'null'], default: null, description: 'incubation rate per day for an SEIR model (optional)' }],
      result: EPI_RESULTS.r0!,
      sources: [KERMACK, ANDERSON_MAY],
      impl: (a) => r0(n(a.beta), n(a.gamma), a.sigma as number | null),
    }),
    fn({
      name: 'sir_model',
      description: 'SIR epidemic by classical RK4 (step 0.1 day), sampled daily.',
      params: [POPULATION, count('initial_infected', 'infected at day 0 (at most the population)', 1), BETA, GAMMA, DAYS],
      result: EPI_RESULTS.sir_model!,
      sources: [KERMACK],
      impl: (a) => sirModel(n(a.population), n(a.initial_infected), n(a.beta), n(a.gamma), n(a.days), 'epi.sir_model'),
    }),
    fn({
      name: 'seir_model',
      description: 'SEIR epidemic by classical RK4 (step 0.1 day), sampled daily; everyone starts susceptible or exposed.',
      params: [POPULATION, count('initial_exposed', 'exposed at day 0 (at most the population)', 1), BETA, GAMMA, SIGMA, DAYS],
      result: EPI_RESULTS.seir_model!,
      sources: [KERMACK],
      impl: (a) => seirModel(n(a.population), n(a.initial_exposed), n(a.beta), n(a.gamma), n(a.sigma), n(a.days), 'epi.seir_model'),
    }),
    fn({
      name: 'incidence_rate',
      description: 'New cases per 100,000 population per year.',
      params: [
        count('new_cases', 'new cases in the period'),
        { name: 'population_at_risk', type: 'number', exclusiveMinimum: 0, maximum: 1e10, description: 'population at risk' },
        { name: 'time_period_days', type: 'number', default: 365, exclusiveMinimum: 0, maximum: 36500, unit: 'days', description: 'length of the observation period' },
      ],
      result: EPI_RESULTS.incidence_rate!,
      sources: [ROTHMAN],
      impl: (a) => incidenceRate(n(a.new_cases), n(a.population_at_risk), n(a.time_period_days)),
    }),
    fn({
      name: 'prevalence',
      description: 'Point prevalence in percent and per 100,000.',
      params: [count('total_cases', 'existing cases'), count('population', 'population', 1)],
      result: EPI_RESULTS.prevalence!,
      sources: [ROTHMAN],
      impl: (a) => prevalence(n(a.total_cases), n(a.population), 'epi.prevalence'),
    }),
    fn({
      name: 'cfr',
      description: 'Case fatality rate: deaths among confirmed cases, in percent.',
      params: [count('deaths', 'deaths among the confirmed cases'), count('confirmed_cases', 'confirmed cases', 1)],
      result: EPI_RESULTS.cfr!,
      sources: [ROTHMAN],
      impl: (a) => caseFatalityRate(n(a.deaths), n(a.confirmed_cases), 'epi.cfr'),
    }),
    fn({
      name: 'herd_immunity',
      description: 'Herd-immunity threshold 1 − 1/R0 (0 when R0 ≤ 1).',
      params: [{ name: 'r0', type: 'number', exclusiveMinimum: 0, maximum: 1000, description: 'basic reproduction number' }],
      result: EPI_RESULTS.herd_immunity!,
      sources: [ANDERSON_MAY],
      impl: (a) => herdImmunity(n(a.r0)),
    }),
    fn({
      name: 'disease_params',
      description: 'Published R0, incubation, infectious period and CFR of a disease; unknown values are null.',
      params: [{ name: 'disease', type: 'string', maxLength: 200, description: 'disease name or alias (covid-19, tb, varicella, …)' }],
      result: EPI_RESULTS.disease_params!,
      sources: ['per row: Guerra et al. 2017; Liu et al. 2020; WHO Ebola Response Team 2014; Biggerstaff et al. 2014; Fine 1993'],
      impl: (a) => diseaseParams(a.disease as string),
    }),
  ],
};

export default epi;

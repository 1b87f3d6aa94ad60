import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import { libraryOf } from './helpers/library.js';
import { runLets } from './helpers/run.js';

const { call, error } = libraryOf('epi');

describe('epi.r0 and herd immunity', () => {
  it('β 0.3, γ 0.1 → R0 3, EPIDEMIC, HIT 2/3; with σ the model is SEIR', () => {
    expect(call('r0', 0.3, 0.1)).to.deep.equal({
      type: 'EPI_R0', R0: 3, beta: 0.3, gamma: 0.1, infectious_period_days: 10, status: 'EPIDEMIC',
      herd_immunity_threshold: 0.6667, herd_immunity_threshold_percent: 66.67, model: 'SIR',
    });
    expect(call('r0', 0.3, 0.1, 0.2)).to.include({ model: 'SEIR', sigma: 0.2, incubation_period_days: 5 });
  });
  it('status on both sides of R0 = 1 (0.3/0.3 and 0.1·3/0.3 are ENDEMIC within 1e-9)', () => {
    expect(call('r0', 0.3, 0.3)).to.include({ status: 'ENDEMIC', herd_immunity_threshold: 0 });
    expect(call('r0', 0.1 * 3, 0.3).status).to.equal('ENDEMIC');
    expect(call('r0', 0.301, 0.3).status).to.equal('EPIDEMIC');
    expect(call('r0', 0.299, 0.3)).to.include({ status: 'DECLINING', herd_immunity_threshold_percent: 0 });
    expect(call('r0', 0, 0.3)).to.include({ R0: 0, status: 'DECLINING' });
  });
  it('argument errors: γ at least 0.0001/day, rates above 20/day are refused', () => {
    expect(error('r0', 0.3, 0)).to.equal("epi.r0: argument 2 'gamma' must be ≥ 0.0001, got 0");
    expect(call('r0', 0.3, 0.0001).R0).to.equal(3000);
    expect(error('r0', -1, 0.1)).to.equal("epi.r0: argument 1 'beta' must be ≥ 0, got -1");
    expect(error('r0', 21, 0.1)).to.equal("epi.r0: argument 1 'beta' must be ≤ 20, got 21");
  });
  it('herd_immunity: R0 4 → 75 %; R0 ≤ 1 has the same keys with 0', () => {
    expect(call('herd_immunity', 4)).to.deep.equal({ type: 'EPI_HERD', R0: 4, threshold_fraction: 0.75, threshold_percent: 75, interpretation: '75% of the population must be immune' });
    expect(call('herd_immunity', 15)).to.include({ threshold_fraction: 0.9333, threshold_percent: 93.33 });
    expect(call('herd_immunity', 1)).to.deep.equal({ type: 'EPI_HERD', R0: 1, threshold_fraction: 0, threshold_percent: 0, interpretation: 'R0 ≤ 1: transmission declines without population immunity' });
    expect(call('herd_immunity', 1.01).threshold_percent).to.equal(0.99);
    expect(error('herd_immunity', 0)).to.match(/argument 1 'r0' must be > 0/);
  });
});

describe('epi.sir_model', () => {
  it('§23: (10000, 10, 0.3, 0.1, 30) → day 30 S 6522, I 2057, R 1421; total 3478; attack 34.78', () => {
    const r = call('sir_model', 10000, 10, 0.3, 0.1, 30);
    expect(r.trajectory).to.have.length(31);
    expect(r.trajectory[0]).to.deep.equal({ day: 0, S: 9990, I: 10, R: 0 });
    expect(r.trajectory[30]).to.deep.equal({ day: 30, S: 6522, I: 2057, R: 1421 });
    expect(r).to.include({ type: 'EPI_SIR', population: 10000, R0: 3, total_infected: 3478, attack_rate: 34.78, currently_infected: 2057, recovered: 1421, peak_day: 30, peak_infected: 2057 });
  });
  it('§23: over 365 days the attack rate is within 0.1 of 94.05 (final size z = 1 − e^(−3z))', () => {
    const r = call('sir_model', 10000, 10, 0.3, 0.1, 365);
    expect(Math.abs(r.attack_rate - 94.05)).to.be.at.most(0.1);
    expect(r.peak_infected).to.equal(Math.max(...r.trajectory.map((p: any) => p.I)));
    expect(r.trajectory[r.peak_day].I).to.equal(r.peak_infected);
  });
  it('R0 < 1: the outbreak dies out and the peak is day 0', () => {
    const r = call('sir_model', 1000, 10, 0.05, 0.1, 100);
    expect(r).to.include({ peak_day: 0, peak_infected: 10 });
    expect(r.currently_infected).to.equal(0);
  });
  it('argument errors: initial infected above the population, days outside 1–3650, non-integer population', () => {
    expect(error('sir_model', 100, 101, 0.3, 0.1)).to.equal("epi.sir_model: argument 2 'initial_infected' (101) must not exceed 'population' (100)");
    expect(error('sir_model', 100, 1, 0.3, 0.1, 3651)).to.match(/argument 5 'days' must be ≤ 3650/);
    expect(error('sir_model', 100, 1, 0.3, 0.1, 0)).to.match(/argument 5 'days' must be ≥ 1/);
    expect(error('sir_model', 100.5, 1, 0.3, 0.1)).to.match(/argument 1 'population' must be an integer/);
    expect(error('sir_model', 100, 0, 0.3, 0.1)).to.match(/argument 2 'initial_infected' must be ≥ 1/);
  });
});

describe('epi.seir_model', () => {
  it('starts with S = N − E0 and I = R = 0, and conserves the population', () => {
    // β 0.5, γ 0.2, σ 0.25: R0 2.5; final size z = 1 − e^(−2.5z) gives z ≈ 0.8926
    const r = call('seir_model', 100000, 10, 0.5, 0.2, 0.25, 365);
    expect(r.trajectory[0]).to.deep.equal({ day: 0, S: 99990, E: 10, I: 0, R: 0 });
    expect(r).to.include({ type: 'EPI_SEIR', R0: 2.5, incubation_period: 4, infectious_period: 5 });
    expect(Math.abs(r.attack_rate - 89.26)).to.be.at.most(0.1);
    for (const p of r.trajectory) expect(Math.abs(p.S + p.E + p.I + p.R - 100000)).to.be.at.most(2);
    expect(error('seir_model', 10, 11, 0.5, 0.2, 0.25)).to.match(/'initial_exposed' \(11\) must not exceed 'population' \(10\)/);
    expect(error('seir_model', 10, 1, 0.5, 0.2, 0)).to.match(/argument 5 'sigma' must be ≥ 0.0001/);
  });
  it('a 3,650-day SEIR runs from a protocol inside the run limits and reads like any result', () => {
    const code =
      'protocol Long {\n  let run = med.epi.seir_model(1000000, 10, 0.5, 0.2, 0.25, 3650);\n  let days = len(run.trajectory);\n  let last = run.recovered;\n  let total = run.total_infected;\n}';
    const { kind, body } = runProtocol(code);
    expect(kind, body.error ?? '').to.equal('ok');
    expect(body.stats.events_dropped ?? 0).to.equal(0);
    const lets = runLets(code);
    expect(lets.days).to.equal(3651);
    expect(lets.last).to.equal(lets.total);
    // the whole trajectory is the run's to use; its `let` event shows it cut to the log's size limit, saying so
    expect(lets.run).to.be.a('string').and.match(/… \(cut from \d+ bytes\)$/);
  });
});

describe('epi rates', () => {
  it('incidence_rate: 50 cases in 100,000 over 365 days → 50; over 30 days scaled to a year', () => {
    expect(call('incidence_rate', 50, 100000)).to.deep.equal({ type: 'EPI_INCIDENCE', new_cases: 50, population_at_risk: 100000, time_period_days: 365, incidence_per_100k_per_year: 50 });
    expect(call('incidence_rate', 10, 50000, 30).incidence_per_100k_per_year).to.equal(243.33); // 20 × 365/30
    expect(error('incidence_rate', 1, 0)).to.match(/argument 2 'population_at_risk' must be > 0/);
    expect(error('incidence_rate', 1, 1e-320)).to.equal("epi.incidence_rate: 'population_at_risk' and 'time_period_days' give a result too large to represent; check their units and size");
  });
  it('prevalence: 250 of 10,000 → 2.5 %, 2500 per 100k; cases above the population is an error', () => {
    expect(call('prevalence', 250, 10000)).to.deep.equal({ type: 'EPI_PREVALENCE', total_cases: 250, population: 10000, prevalence_percent: 2.5, prevalence_per_100k: 2500 });
    expect(call('prevalence', 10000, 10000).prevalence_percent).to.equal(100);
    expect(error('prevalence', 10001, 10000)).to.equal("epi.prevalence: argument 1 'total_cases' (10001) must not exceed 'population' (10000)");
  });
  it('cfr: 3 of 7 → 42.857 %; deaths above cases is an error', () => {
    expect(call('cfr', 3, 7)).to.deep.equal({ type: 'EPI_CFR', deaths: 3, confirmed_cases: 7, cfr_percent: 42.857 });
    expect(call('cfr', 7, 7).cfr_percent).to.equal(100);
    expect(error('cfr', 8, 7)).to.equal("epi.cfr: argument 1 'deaths' (8) must not exceed 'confirmed_cases' (7)");
    expect(error('cfr', 0, 0)).to.match(/argument 2 'confirmed_cases' must be ≥ 1/);
  });
});

describe('epi.disease_params and the disease table', () => {
  it('measles: R0 range 12–18 (Guerra et al. 2017), HIT from the midpoint 15', () => {
    expect(call('disease_params', 'Measles')).to.deep.include({ disease: 'measles', found: true, R0: 15, r0_range: [12, 18], herd_immunity_threshold: 0.9333, herd_immunity_threshold_percent: 93.33 });
    expect(call('disease_params', 'measles').source).to.match(/Guerra et al/);
  });
  it('aliases: covid-19, SARS-CoV-2, tb, varicella', () => {
    expect(call('disease_params', 'SARS-CoV-2').disease).to.equal('covid19');
    expect(call('disease_params', ' covid 19 ').disease).to.equal('covid19');
    expect(call('disease_params', 'TB').disease).to.equal('tuberculosis');
    expect(call('disease_params', 'varicella').disease).to.equal('chickenpox');
  });
  it('incubation periods of the reviews: measles 12.5, influenza A 1.4 (Lessler 2009), COVID-19 5.1 days (Lauer 2020)', () => {
    expect(call('disease_params', 'measles').incubation_days).to.equal(12.5);
    expect(call('disease_params', 'flu').incubation_days).to.equal(1.4);
    expect(call('disease_params', 'covid19').incubation_days).to.equal(5.1);
  });
  it('ebola: values of the WHO Ebola Response Team 2014', () => {
    expect(call('disease_params', 'ebola')).to.include({ R0: 1.83, incubation_days: 11.4, cfr: 70.8 });
  });
  it('an unverified value is null, never a default', () => {
    expect(call('disease_params', 'malaria')).to.include({ found: true, R0: null, herd_immunity_threshold: null, cfr: null });
  });
  it('not found → found false with suggestions', () => {
    expect(call('disease_params', 'measels')).to.deep.equal({ type: 'EPI_DISEASE', disease: 'measels', found: false, suggestions: ['measles'] });
  });
  it('table build check: 11 rows, ranges hold their R0, sources on every row', async () => {
    const { DISEASES } = await import('../src/runtime/modules/epi/diseases.js');
    expect(DISEASES.rows.map((r) => r.name)).to.deep.equal(['measles', 'covid19', 'ebola', 'influenza', 'pertussis', 'smallpox', 'chickenpox', 'mumps', 'rubella', 'tuberculosis', 'malaria']);
    for (const row of DISEASES.rows) {
      expect(row.source, row.name).to.be.a('string').and.not.empty;
      if (row.R0 !== null) {
        expect(row.r0_range, row.name).to.have.length(2);
        expect(row.R0).to.be.within(row.r0_range![0], row.r0_range![1]);
      }
      if (row.cfr_percent !== null) expect(row.cfr_percent).to.be.within(0, 100);
    }
  });
});

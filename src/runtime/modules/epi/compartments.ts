// SIR and SEIR compartment models (Kermack & McKendrick, Proc R Soc Lond A 1927) integrated by the
// classical 4th-order Runge–Kutta method, step 0.1 day, sampled at whole days (modules.md §13).
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type JsonObject } from '../types.js';

const STEPS_PER_DAY = 10;
const H = 1 / STEPS_PER_DAY;

type State = number[];
type Derivative = (y: State) => State;

function rk4Step(f: Derivative, y: State): State {
  const k1 = f(y);
  const k2 = f(y.map((v, i) => v + (H / 2) * k1[i]!));
  const k3 = f(y.map((v, i) => v + (H / 2) * k2[i]!));
  const k4 = f(y.map((v, i) => v + H * k3[i]!));
  return y.map((v, i) => v + (H / 6) * (k1[i]! + 2 * k2[i]! + 2 * k3[i]! + k4[i]!));
}

/** Daily samples of the state for days 0…days; a compartment below 0 beyond rounding noise is an unstable step. */
function integrate(f: Derivative, y0: State, days: number, population: number, label: string): State[] {
  const samples: State[] = [y0];
  let y = y0;
  for (let day = 1; day <= days; day++) {
    for (let s = 0; s < STEPS_PER_DAY; s++) y = rk4Step(f, y);
    if (y.some((v) => !Number.isFinite(v) || v < -1e-9 * population)) {
      throw new ArgumentError(`${label}: the rates are too fast for a 0.1-day integration step (a compartment went negative on day ${day}); send beta, gamma and sigma per day`);
    }
    y = y.map((v) => (v < 0 ? 0 : v));
    samples.push(y);
  }
  return samples;
}

/** Largest daily I sample, first on ties; `infectedIndex` is I's position in the state. */
function peak(samples: State[], infectedIndex: number): { value: number; day: number } {
  let best = { value: -1, day: 0 };
  samples.forEach((y, day) => {
    const value = pyRound(y[infectedIndex]!);
    if (value > best.value) best = { value, day };
  });
  return best;
}

function finalSize(population: number, susceptible: number): JsonObject {
  return {
    total_infected: pyRound(population - susceptible),
    attack_rate: pyRound(((population - susceptible) / population) * 100, 2),
  };
}

export function sirModel(population: number, infected0: number, beta: number, gamma: number, days: number, label: string): JsonObject {
  if (infected0 > population) throw new ArgumentError(`${label}: argument 2 'initial_infected' (${infected0}) must not exceed 'population' (${population})`);
  const f: Derivative = ([s, i]) => {
    const infection = (beta * s! * i!) / population;
    return [-infection, infection - gamma * i!, gamma * i!];
  };
  const samples = integrate(f, [population - infected0, infected0, 0], days, population, label);
  const last = samples[samples.length - 1]!;
  const top = peak(samples, 1);
  return {
    type: 'EPI_SIR',
    population,
    R0: pyRound(beta / gamma, 3),
    peak_infected: top.value,
    peak_day: top.day,
    ...finalSize(population, last[0]!),
    currently_infected: pyRound(last[1]!),
    recovered: pyRound(last[2]!),
    trajectory: samples.map(([s, i, r], day) => ({ day, S: pyRound(s!), I: pyRound(i!), R: pyRound(r!) })),
  };
}

export function seirModel(population: number, exposed0: number, beta: number, gamma: number, sigma: number, days: number, label: string): JsonObject {
  if (exposed0 > population) throw new ArgumentError(`${label}: argument 2 'initial_exposed' (${exposed0}) must not exceed 'population' (${population})`);
  const f: Derivative = ([s, e, i]) => {
    const infection = (beta * s! * i!) / population;
    return [-infection, infection - sigma * e!, sigma * e! - gamma * i!, gamma * i!];
  };
  const samples = integrate(f, [population - exposed0, exposed0, 0, 0], days, population, label);
  const last = samples[samples.length - 1]!;
  const top = peak(samples, 2);
  return {
    type: 'EPI_SEIR',
    population,
    R0: pyRound(beta / gamma, 3),
    incubation_period: pyRound(1 / sigma, 1),
    infectious_period: pyRound(1 / gamma, 1),
    peak_infected: top.value,
    peak_day: top.day,
    ...finalSize(population, last[0]!),
    currently_exposed: pyRound(last[1]!),
    currently_infected: pyRound(last[2]!),
    recovered: pyRound(last[3]!),
    trajectory: samples.map(([s, e, i, r], day) => ({ day, S: pyRound(s!), E: pyRound(e!), I: pyRound(i!), R: pyRound(r!) })),
  };
}

// modules.md §20: the constant-velocity Kalman estimator behind `track … using KAE`
// (Bar-Shalom, Li & Kirubarajan, Estimation with Applications to Tracking and Navigation, 2001).
import type { CallContext, JsonObject, ModuleDef, RecordResultSpec } from '../types.js';

/** Update interval in minutes (MOISSCode's step; updates carry no timestamps). */
const DT = 5;

/** Measurement noise σz and acceleration noise σa (per min²) by the key's last path segment. */
const NOISE: Readonly<Record<string, { sigmaZ: number; sigmaA: number }>> = Object.freeze({
  hr: { sigmaZ: 3, sigmaA: 0.05 },
  bp: { sigmaZ: 5, sigmaA: 0.05 },
  diastolic_bp: { sigmaZ: 4, sigmaA: 0.05 },
  map: { sigmaZ: 4, sigmaA: 0.05 },
  rr: { sigmaZ: 2, sigmaA: 0.02 },
  temp: { sigmaZ: 0.2, sigmaA: 0.002 },
  spo2: { sigmaZ: 1.5, sigmaA: 0.02 },
  lactate: { sigmaZ: 0.3, sigmaA: 0.005 },
  gcs: { sigmaZ: 1, sigmaA: 0.01 },
  weight: { sigmaZ: 0.5, sigmaA: 0.001 },
  creatinine: { sigmaZ: 0.1, sigmaA: 0.002 },
  glucose: { sigmaZ: 10, sigmaA: 0.1 },
});
/** Any other key, and the generic filter: R = 25 (MOISSCode's value). */
const DEFAULT_NOISE = { sigmaZ: 5, sigmaA: 0.1 };

interface Filter {
  pos: number;
  vel: number;
  /** covariance [[p00, p01], [p01, p11]] */
  p00: number;
  p01: number;
  p11: number;
  updates: number;
}

interface KaeState {
  generic: Filter | null;
  byKey: Map<string, Filter>;
}

function noiseFor(key: string | null): { sigmaZ: number; sigmaA: number } {
  if (key === null) return DEFAULT_NOISE;
  const last = key.split('.').pop()!;
  return Object.hasOwn(NOISE, last) ? NOISE[last]! : DEFAULT_NOISE;
}

function step(filter: Filter | null, z: number, sigmaZ: number, sigmaA: number, reliability: number): Filter {
  const r = (sigmaZ * sigmaZ) / reliability;
  if (filter === null) return { pos: z, vel: 0, p00: r, p01: 0, p11: (2 * r) / (DT * DT), updates: 1 };
  const q = sigmaA * sigmaA;
  // predict: x⁻ = F·x, P⁻ = F·P·Fᵀ + Q with F = [[1, dt], [0, 1]]
  const xPos = filter.pos + DT * filter.vel;
  const xVel = filter.vel;
  const m00 = filter.p00 + 2 * DT * filter.p01 + DT * DT * filter.p11 + (q * DT ** 4) / 4;
  const m01 = filter.p01 + DT * filter.p11 + (q * DT ** 3) / 2;
  const m11 = filter.p11 + q * DT * DT;
  // update with H = [1, 0]
  const s = m00 + r;
  const k0 = m00 / s;
  const k1 = m01 / s;
  const innovation = z - xPos;
  const p00 = (1 - k0) * m00;
  const p01a = (1 - k0) * m01;
  const p10 = m01 - k1 * m00;
  const p11 = m11 - k1 * m01;
  return {
    pos: xPos + k0 * innovation,
    vel: xVel + k1 * innovation,
    p00,
    p01: (p01a + p10) / 2,
    p11,
    updates: filter.updates + 1,
  };
}

function stateOf(ctx: CallContext): KaeState {
  return ctx.state.slot<KaeState>('kae', () => ({ generic: null, byKey: new Map() }));
}

/** Feeds one measurement to the run's filter for `key` (null: the generic filter) and returns KAE_STATE. */
export function observe(ctx: CallContext, key: string | null, measurement: number, reliability = 1): JsonObject {
  const state = stateOf(ctx);
  const { sigmaZ, sigmaA } = noiseFor(key);
  const previous = key === null ? state.generic : (state.byKey.get(key) ?? null);
  const next = step(previous, measurement, sigmaZ, sigmaA, reliability);
  if (key === null) state.generic = next;
  else state.byKey.set(key, next);
  return { type: 'KAE_STATE', key, pos: next.pos, vel: next.vel, var_pos: next.p00, var_vel: next.p11, updates: next.updates, reliability };
}

const RESULT: RecordResultSpec = {
  type: 'KAE_STATE',
  description: 'the filter after this measurement',
  fields: [
    { name: 'key', type: ['string', 'null'], description: 'the key of the filter; null for the generic filter' },
    { name: 'pos', type: 'number', description: 'the estimated level, in the unit of the measurements' },
    { name: 'vel', type: 'number', description: 'the estimated trend: change of the level per minute' },
    { name: 'var_pos', type: 'number', description: 'variance of the level estimate (the unit squared)' },
    { name: 'var_vel', type: 'number', description: 'variance of the trend estimate' },
    { name: 'updates', type: 'integer', description: 'measurements this filter has taken in the run' },
    { name: 'reliability', type: 'number', description: 'the trust given to this measurement (0.001 to 1)' },
  ],
};
const SOURCE = 'Bar-Shalom, Li & Kirubarajan, Estimation with Applications to Tracking and Navigation, 2001 (constant-velocity model)';
// Clinical measurements are far inside ±1e9; the bound keeps the filter's squares finite.
const measurementParam = { name: 'measurement', type: 'number', minimum: -1e9, maximum: 1e9, description: 'the measured value, within ±1e9' } as const;
const reliabilityParam = {
  name: 'reliability',
  type: 'number',
  description: 'trust in the measurement, 0.001–1; R = σz²/reliability',
  default: 1,
  minimum: 0.001, // smaller trust would make R overflow; 0.001 already weights a reading a thousand times less
  maximum: 1,
} as const;

const kae: ModuleDef = {
  name: 'kae',
  description: 'Kalman estimator of a measurement level and its trend per minute (per-run filters).',
  functions: [
    {
      name: 'update',
      description: "Feeds the run's generic filter (R = 25, σa = 0.1).",
      params: [measurementParam, reliabilityParam],
      result: RESULT,
      state: 'run',
      sources: [SOURCE],
      impl: (args, ctx) => observe(ctx, null, args.measurement as number, args.reliability as number),
    },
    {
      name: 'track',
      description: 'Feeds the run filter for a key (the same filter `track <key> using KAE;` feeds).',
      params: [
        { name: 'key', type: 'string', description: 'the dotted path, e.g. p.lactate; noise by its last segment', maxLength: 200 },
        measurementParam,
        reliabilityParam,
      ],
      result: RESULT,
      state: 'run',
      sources: [SOURCE],
      impl: (args, ctx) => observe(ctx, args.key as string, args.measurement as number, args.reliability as number),
    },
  ],
};

export default kae;

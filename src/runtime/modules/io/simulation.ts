// Simulated readings and waveforms (modules.md §17): centred on the run patient's value when the request
// sent it, else on the nominal value, plus Gaussian noise from the run's seeded generator, so the same
// request gives the same readings.
import { pyRound } from '../../../util/round.js';
import type { CallContext } from '../types.js';

export interface VitalParameter {
  name: string;
  field: string | null;
  nominal: number;
  sd: number;
  unit: string;
}

export const VITALS: readonly VitalParameter[] = [
  { name: 'HR', field: 'hr', nominal: 72, sd: 2, unit: '/min' },
  { name: 'SpO2', field: 'spo2', nominal: 97, sd: 1, unit: '%' },
  { name: 'RR', field: 'rr', nominal: 16, sd: 1, unit: '/min' },
  { name: 'BP_SYS', field: 'bp', nominal: 120, sd: 3, unit: 'mmHg' },
  { name: 'BP_DIA', field: 'diastolic_bp', nominal: 75, sd: 2, unit: 'mmHg' },
  { name: 'TEMP', field: 'temp', nominal: 37.0, sd: 0.1, unit: '°C' },
  { name: 'ETCO2', field: null, nominal: 38, sd: 1, unit: 'mmHg' },
  { name: 'CVP', field: null, nominal: 8, sd: 1, unit: 'mmHg' },
];

/** What io.read_all_vitals reads: every vital but ETCO2 and CVP. */
export const ALL_VITALS = VITALS.slice(0, 6);

export const findVital = (name: string): VitalParameter | undefined => VITALS.find((v) => v.name.toLowerCase() === name.trim().toLowerCase());

/** A standard normal draw (Box–Muller) from the run's generator. */
export function gaussian(ctx: CallContext): number {
  const u1 = 1 - ctx.random(); // in (0, 1], so the logarithm is finite
  const u2 = ctx.random();
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** The run patient's value of a field, only when the request sent it (a service.md default is not a measurement). */
export function patientValue(ctx: CallContext, field: string | null): number | null {
  if (field === null || !ctx.patient?.supplied.has(field)) return null;
  const value = ctx.patient.fields[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function readVital(ctx: CallContext, p: VitalParameter): { value: number; source: 'patient' | 'nominal' } {
  const centre = patientValue(ctx, p.field);
  let value = pyRound(Math.max(0, (centre ?? p.nominal) + p.sd * gaussian(ctx)), 1);
  if (p.name === 'SpO2') value = Math.min(100, value);
  return { value, source: centre === null ? 'nominal' : 'patient' };
}

export const CHANNELS = ['ECG_II', 'PLETH', 'RESP', 'ABP'] as const;
export type Channel = (typeof CHANNELS)[number];

const bump = (phase: number, centre: number, width: number): number => Math.exp(-(((phase - centre) / width) ** 2));

/**
 * Samples of a synthetic channel. ECG_II: P, R spike and T wave per beat at the heart rate (mV);
 * PLETH: a normalized pulse (0–1) with a dicrotic notch; RESP: a sine at rr/60 Hz; ABP: a pulse between
 * the diastolic and systolic pressure (mmHg). Noise is small and every sample is kept within its range.
 */
export function waveform(ctx: CallContext, channel: Channel, samples: number, rateHz: number): number[] {
  const hr = patientValue(ctx, 'hr') ?? 72;
  const rr = patientValue(ctx, 'rr') ?? 16;
  const sys = patientValue(ctx, 'bp') ?? 120;
  const dia = Math.min(patientValue(ctx, 'diastolic_bp') ?? 75, sys);
  const beat = hr > 0 ? 60 / hr : Infinity;
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = i / rateHz;
    const phase = Number.isFinite(beat) ? (t % beat) / beat : 0;
    const pulse = Number.isFinite(beat) ? bump(phase, 0.25, 0.08) + 0.35 * bump(phase, 0.5, 0.08) : 0;
    let value: number;
    let low: number;
    let high: number;
    switch (channel) {
      case 'ECG_II':
        value = Number.isFinite(beat) ? 0.15 * bump(phase, 0.15, 0.03) + 1.0 * bump(phase, 0.35, 0.012) + 0.3 * bump(phase, 0.6, 0.05) : 0;
        value += 0.01 * gaussian(ctx);
        [low, high] = [-0.5, 1.5];
        break;
      case 'PLETH':
        value = Math.min(1, pulse) + 0.005 * gaussian(ctx);
        [low, high] = [0, 1];
        break;
      case 'RESP':
        value = Math.sin((2 * Math.PI * rr * t) / 60) + 0.01 * gaussian(ctx);
        [low, high] = [-1, 1];
        break;
      case 'ABP':
        value = dia + (sys - dia) * Math.min(1, pulse) + 0.3 * gaussian(ctx);
        [low, high] = [dia, sys];
        break;
    }
    out.push(pyRound(Math.min(high, Math.max(low, value)), 4));
  }
  return out;
}

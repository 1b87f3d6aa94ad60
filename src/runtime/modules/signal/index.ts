// modules.md §8: physiological signal processing on sample arrays (stateless).
import {
  classifyRhythm,
  detectAnomaly,
  detectPeaks,
  heartRateFromRr,
  hrvMetrics,
  movingAverage,
  perfusionIndex,
  respiratoryRate,
  spo2FromRatio,
} from './analysis.js';
import type { FunctionSpec, ModuleDef, ParamSpec } from '../types.js';
import { bedsideFunctions } from './bedside.js';
import { SIGNAL_RESULTS } from './results.js';

// Samples and levels are bounded so sums, squares and ratios over 100,000 of them stay finite numbers
// (±1e9 covers raw ADC counts and every physical unit a waveform is sent in).
const SAMPLE_LIMIT = 1e9;
const samples = (name: string, minItems: number, description: string): ParamSpec => ({
  name,
  type: 'array',
  items: { type: 'number', minimum: -SAMPLE_LIMIT, maximum: SAMPLE_LIMIT },
  minItems,
  description: `${description}, each within ±1e9`,
});
const samplingRate = (defaultHz: number | null, description: string): ParamSpec => ({
  name: 'sampling_rate_hz',
  type: defaultHz === null ? ['number', 'null'] : 'number',
  default: defaultHz,
  minimum: 0.1,
  maximum: 100_000,
  unit: 'Hz',
  description: `${description}, 0.1–100,000 Hz`,
});
const rrParam = (minItems: number): ParamSpec => ({
  name: 'rr_intervals_ms',
  type: 'array',
  items: { type: 'number' },
  minItems,
  unit: 'ms',
  description: 'RR (NN) intervals, 200–3000 ms each',
});
/** A pleth amplitude or level: positive, and at least 1e-6 so the ratio of ratios stays finite. */
const level = (name: string, description: string): ParamSpec => ({ name, type: 'number', minimum: 1e-6, maximum: SAMPLE_LIMIT, description: `${description}, 1e-6 to 1e9` });
const fn = (spec: Omit<FunctionSpec, 'state'>): FunctionSpec => ({ ...spec, state: 'none' });
const n = (v: unknown): number => v as number;
const list = (v: unknown): number[] => v as number[];

const signal: ModuleDef = {
  name: 'signal',
  description: 'Physiological signal processing on sample arrays.',
  functions: [
    fn({
      name: 'detect_peaks',
      description: 'Peak picking with a relative threshold and a refractory distance (not a QRS detector).',
      params: [
        samples('waveform', 3, 'samples'),
        { name: 'threshold', type: 'number', default: 0.5, minimum: 0, maximum: 1, description: 'fraction of the largest absolute sample' },
        { name: 'min_distance', type: ['integer', 'null'], default: null, minimum: 1, description: 'samples between kept peaks' },
        samplingRate(null, 'sampling rate (200 ms refractory distance by default)'),
      ],
      result: SIGNAL_RESULTS.detect_peaks!,
      sources: ['Pan & Tompkins, IEEE Trans Biomed Eng 1985;32:230-236 (refractory period)'],
      impl: (a) => detectPeaks(list(a.waveform), n(a.threshold), a.min_distance as number | null, a.sampling_rate_hz as number | null),
    }),
    fn({
      name: 'heart_rate_from_rr',
      description: 'Mean, minimum and maximum heart rate from RR intervals (rate only, no rhythm).',
      params: [rrParam(1)],
      result: SIGNAL_RESULTS.heart_rate_from_rr!,
      sources: ['60000 / RR (ms)'],
      impl: (a) => heartRateFromRr(list(a.rr_intervals_ms)),
    }),
    fn({
      name: 'hrv_metrics',
      description: 'Time-domain HRV (SDNN, RMSSD, pNN50) per the 1996 Task Force; rated only for 24-hour recordings.',
      params: [rrParam(5)],
      result: SIGNAL_RESULTS.hrv_metrics!,
      sources: ['Task Force of the ESC and NASPE, Circulation 1996;93:1043-1065', 'Kleiger et al., Am J Cardiol 1987;59:256-262'],
      impl: (a) => hrvMetrics(list(a.rr_intervals_ms)),
    }),
    fn({
      name: 'classify_rhythm',
      description: 'Rate and regularity heuristic from RR intervals (MOISSCode labels; P waves not assessed).',
      params: [rrParam(3)],
      result: SIGNAL_RESULTS.classify_rhythm!,
      sources: ['MOISSCode rhythm heuristic (no clinical validation)'],
      impl: (a) => classifyRhythm(list(a.rr_intervals_ms)),
    }),
    fn({
      name: 'spo2_from_ratio',
      aliases: ['spo2_from_pleth'],
      description: 'SpO2 from red/infrared ratio of ratios with a linear calibration; null outside 70–100 %.',
      params: [
        level('red_ac', 'red AC amplitude'),
        level('red_dc', 'red DC level'),
        level('ir_ac', 'infrared AC amplitude'),
        level('ir_dc', 'infrared DC level'),
        { name: 'a', type: 'number', default: 110, minimum: -1e6, maximum: 1e6, description: 'calibration intercept' },
        { name: 'b', type: 'number', default: 25, minimum: -1e6, maximum: 1e6, description: 'calibration slope' },
      ],
      result: SIGNAL_RESULTS.spo2_from_ratio!,
      sources: ['Webster, Design of Pulse Oximeters, 1997'],
      impl: (a) => spo2FromRatio(n(a.red_ac), n(a.red_dc), n(a.ir_ac), n(a.ir_dc), n(a.a), n(a.b)),
    }),
    fn({
      name: 'moving_average',
      aliases: ['moving_average_filter'],
      description: 'Centred moving average, truncated at the ends.',
      params: [samples('data', 1, 'samples'), { name: 'window', type: 'integer', default: 5, minimum: 1, description: 'window length in samples' }],
      result: SIGNAL_RESULTS.moving_average!,
      sources: ['centred moving average'],
      impl: (a) => movingAverage(list(a.data), n(a.window)),
    }),
    fn({
      name: 'detect_anomaly',
      aliases: ['detect_anomalies'],
      description: 'Points further than threshold_sd robust SDs (1.4826 × MAD) from the median or a given baseline.',
      params: [
        samples('data', 3, 'samples'),
        { name: 'baseline_mean', type: ['number', 'null'], default: null, minimum: -SAMPLE_LIMIT, maximum: SAMPLE_LIMIT, description: 'centre to use instead of the median' },
        { name: 'threshold_sd', type: 'number', default: 2.0, exclusiveMinimum: 0, maximum: 1000, description: 'how many robust SDs count as anomalous (at most 1000)' },
      ],
      result: SIGNAL_RESULTS.detect_anomaly!,
      sources: ['Leys et al., J Exp Soc Psychol 2013;49:764-766'],
      impl: (a) => detectAnomaly(list(a.data), a.baseline_mean as number | null, n(a.threshold_sd)),
    }),
    fn({
      name: 'respiratory_rate',
      description: 'Breaths per minute from a respiratory waveform by hysteresis zero-crossing counting.',
      params: [samples('waveform', 10, 'respiratory waveform samples'), samplingRate(25.0, 'sampling rate')],
      result: SIGNAL_RESULTS.respiratory_rate!,
      sources: ['Charlton et al., Physiol Meas 2016;37:610-626'],
      impl: (a) => respiratoryRate(list(a.waveform), n(a.sampling_rate_hz)),
    }),
    fn({
      name: 'perfusion_index',
      description: 'Perfusion index AC/DC × 100; below 1.4 is low.',
      params: [{ name: 'ac_component', type: 'number', minimum: 0, maximum: SAMPLE_LIMIT, description: 'pulsatile (AC) amplitude' }, level('dc_component', 'non-pulsatile (DC) level')],
      result: SIGNAL_RESULTS.perfusion_index!,
      sources: ['Lima et al., Crit Care Med 2002;30:1210-1213'],
      impl: (a) => perfusionIndex(n(a.ac_component), n(a.dc_component)),
    }),
    ...bedsideFunctions,
  ],
};

export default signal;

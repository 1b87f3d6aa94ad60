// What each signal function answers (docs/library.md, the checker's field check and the boundary check read these).
import type { RecordResultSpec } from '../types.js';
import { always, int, num, numbers, oneOf, text } from '../util/result-fields.js';

export const SIGNAL_RESULTS: Readonly<Record<string, RecordResultSpec>> = {
  detect_peaks: {
    type: 'SIGNAL_PEAKS',
    description: 'the peaks found',
    fields: [
      int('total_samples', 'samples given'),
      int('peaks_detected', 'peaks kept'),
      {
        name: 'peaks',
        type: 'array',
        description: 'each peak in sample order',
        items: { type: 'object', description: 'one peak', fields: [int('index', 'its sample index, from 0'), num('amplitude', null, 'its sample value, three decimals')] },
      },
      { name: 'inter_peak_intervals', type: 'array', items: { type: 'integer', description: 'samples between two peaks' }, description: 'samples between consecutive peaks' },
      { name: 'inter_peak_intervals_ms', type: ['array', 'null'], items: numbers('one interval', 'ms'), description: 'the same in milliseconds; null without a sampling rate' },
      num('threshold_used', null, 'the absolute amplitude a peak had to exceed, three decimals'),
      int('min_distance', 'samples kept between peaks'),
    ],
  },
  heart_rate_from_rr: {
    type: 'SIGNAL_HR',
    description: 'heart rate from RR intervals',
    fields: [
      num('mean_hr_bpm', '/min', 'mean heart rate, one decimal'),
      num('min_hr_bpm', '/min', 'lowest rate (from the longest interval)'),
      num('max_hr_bpm', '/min', 'highest rate (from the shortest interval)'),
      num('mean_rr_ms', 'ms', 'mean RR interval'),
      int('beats_analyzed', 'intervals given'),
      oneOf('classification', 'the mean rate class', ['BRADYCARDIA', 'NORMAL', 'TACHYCARDIA', 'SEVERE_TACHYCARDIA']),
    ],
  },
  hrv_metrics: {
    type: 'SIGNAL_HRV',
    description: 'time-domain heart-rate variability',
    fields: [
      num('sdnn_ms', 'ms', 'standard deviation of the intervals, one decimal'),
      num('rmssd_ms', 'ms', 'root mean square of successive differences'),
      num('pnn50_pct', '%', 'successive differences above 50 ms'),
      num('mean_rr_ms', 'ms', 'mean interval'),
      int('intervals_analyzed', 'intervals given'),
      num('duration_s', 's', 'the recording length (sum of the intervals)'),
      oneOf('autonomic_status', 'SDNN band; NOT_RATED below 24 hours of recording', ['NOT_RATED', 'LOW_HRV', 'MODERATE_HRV', 'HIGH_HRV']),
      text('interpretation', 'the rating in words'),
    ],
  },
  classify_rhythm: {
    type: 'SIGNAL_RHYTHM',
    description: 'a rhythm suggested by rate and regularity (P waves not assessed)',
    fields: [
      oneOf('rhythm', 'the rhythm suggested', ['ATRIAL_FIBRILLATION_SUSPECTED', 'SINUS_BRADYCARDIA', 'MILD_BRADYCARDIA', 'NORMAL_SINUS_RHYTHM', 'SINUS_TACHYCARDIA', 'SVT_POSSIBLE']),
      num('heart_rate', '/min', 'mean rate, one decimal'),
      oneOf('regularity', 'by the coefficient of variation of the intervals', ['REGULAR', 'MILDLY_IRREGULAR', 'IRREGULAR']),
      num('cv_percent', '%', 'coefficient of variation of the intervals'),
      text('action', 'what to do, in words'),
      text('method', 'how the rhythm was suggested'),
    ],
  },
  spo2_from_ratio: {
    type: 'SIGNAL_SPO2',
    description: 'SpO2 by the ratio of ratios',
    fields: [
      { name: 'spo2', type: ['number', 'null'], unit: '%', description: 'SpO2, one decimal; null outside 70–100 % (beyond the calibration)' },
      num('r_ratio', null, 'the ratio of ratios, three decimals'),
      oneOf('status', 'the saturation band', ['NORMAL', 'MILD_HYPOXEMIA', 'MODERATE_HYPOXEMIA', 'SEVERE_HYPOXEMIA', 'OUT_OF_CALIBRATION_RANGE']),
      { name: 'calibration', type: 'object', description: 'the calibration used, SpO2 = a − b·R', fields: [num('a', null, 'intercept'), num('b', null, 'slope')] },
      text('method', 'the method in words'),
    ],
  },
  moving_average: {
    type: 'SIGNAL_FILTERED',
    description: 'the smoothed samples',
    fields: [
      always('method', 'moving_average'),
      int('window', 'the window length in samples'),
      int('input_length', 'samples given'),
      { name: 'smoothed', type: 'array', items: numbers('one smoothed sample, three decimals'), description: 'the centred moving average, truncated at the ends' },
    ],
  },
  detect_anomaly: {
    type: 'SIGNAL_ANOMALY',
    description: 'the points beyond the robust limits',
    fields: [
      num('baseline_mean', null, 'the centre used, three decimals'),
      oneOf('center_method', '`median` of the data, or `given`', ['median', 'given']),
      num('sd', null, 'the robust scale (1.4826 × MAD, or the sample SD when MAD is 0), three decimals'),
      num('threshold_sd', null, 'the threshold given, in scales'),
      num('upper_limit', null, 'centre + threshold × scale'),
      num('lower_limit', null, 'centre − threshold × scale'),
      int('total_points', 'points given'),
      int('anomalies_detected', 'points beyond the limits'),
      {
        name: 'anomalies',
        type: 'array',
        description: 'each point beyond the limits',
        items: {
          type: 'object',
          description: 'one anomalous point',
          fields: [int('index', 'its index, from 0'), num('value', null, 'its value, three decimals'), num('deviation_sd', null, 'its distance from the centre in scales, one decimal'), oneOf('direction', 'above or below the centre', ['HIGH', 'LOW'])],
        },
      },
    ],
  },
  respiratory_rate: {
    type: 'SIGNAL_RR',
    description: 'breathing rate from a respiratory waveform',
    fields: [
      num('respiratory_rate', '/min', 'breaths per minute, one decimal'),
      num('duration_sec', 's', 'the waveform length'),
      int('cycles_detected', 'breaths counted'),
      oneOf('status', 'the rate band', ['BRADYPNEA', 'NORMAL', 'TACHYPNEA', 'SEVERE_TACHYPNEA']),
    ],
  },
  perfusion_index: {
    type: 'SIGNAL_PI',
    description: 'perfusion index',
    fields: [num('perfusion_index', '%', 'AC/DC × 100, two decimals'), oneOf('status', 'low below 1.4', ['LOW_PERFUSION', 'NORMAL_PERFUSION']), text('interpretation', 'the index in words')],
  },
};

import { expect } from 'chai';
import { callFunction } from '../src/engine/call.js';

function call(fn: string, ...args: unknown[]): any {
  const outcome = callFunction({ module: 'signal', function: fn, args: args as never[] });
  if (outcome.kind !== 'ok') throw new Error(outcome.body.error!);
  return outcome.body.result;
}

function error(fn: string, ...args: unknown[]): string {
  const outcome = callFunction({ module: 'signal', function: fn, args: args as never[] });
  expect(outcome.kind).to.equal('invalid');
  return outcome.body.error!;
}

describe('signal.detect_peaks', () => {
  it('§23: 100 zeros with 0.6 at 10 and 1.0 at 12, threshold 0.5 → one peak at 12 (refractory distance 3)', () => {
    const x = new Array(100).fill(0);
    x[10] = 0.6;
    x[12] = 1.0;
    const r = call('detect_peaks', x, 0.5);
    expect(r).to.include({ peaks_detected: 1, threshold_used: 0.5, min_distance: 3 });
    expect(r.peaks).to.deep.equal([{ index: 12, amplitude: 1 }]);
  });
  it('counts a plateau once, uses 200 ms with a sampling rate, and reports intervals in ms', () => {
    const x = [0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0];
    const r = call('detect_peaks', x, 0.5, null, 50); // d = round(0.2 × 50) = 10
    expect(r.peaks.map((p: any) => p.index)).to.deep.equal([1, 11]);
    expect(r.inter_peak_intervals).to.deep.equal([10]);
    expect(r.inter_peak_intervals_ms).to.deep.equal([200]);
    expect(error('detect_peaks', [1, 'x', 2])).to.equal("signal.detect_peaks: argument 1 'waveform' item 1 must be a number, got string");
  });
});

describe('signal: RR-interval functions', () => {
  it('heart_rate_from_rr: rate classes at 60 and 100 bpm', () => {
    expect(call('heart_rate_from_rr', [1000, 1000])).to.deep.equal({
      type: 'SIGNAL_HR', mean_hr_bpm: 60, min_hr_bpm: 60, max_hr_bpm: 60, mean_rr_ms: 1000, beats_analyzed: 2, classification: 'NORMAL',
    });
    expect(call('heart_rate_from_rr', [1001]).classification).to.equal('BRADYCARDIA');
    expect(call('heart_rate_from_rr', [600]).classification).to.equal('NORMAL');
    expect(call('heart_rate_from_rr', [599]).classification).to.equal('TACHYCARDIA');
    expect(call('heart_rate_from_rr', [399]).classification).to.equal('SEVERE_TACHYCARDIA');
    expect(call('heart_rate_from_rr', [500, 1000])).to.include({ min_hr_bpm: 60, max_hr_bpm: 120 });
    expect(error('heart_rate_from_rr', [800, 150])).to.equal("signal.heart_rate_from_rr: argument 1 'rr_intervals_ms' item 1 must be 200–3000 ms, got 150");
  });

  it('hrv_metrics §23: [800, 860, 790, 850, 800] → SDNN 32.4, RMSSD 60.4, pNN50 60, NOT_RATED', () => {
    // SDNN = √(4200/4); RMSSD = √((60² + 70² + 60² + 50²)/4); |Δ| > 50 for 3 of 5 intervals (exactly 50 does not count)
    expect(call('hrv_metrics', [800, 860, 790, 850, 800])).to.include({ sdnn_ms: 32.4, rmssd_ms: 60.4, pnn50_pct: 60, mean_rr_ms: 820, autonomic_status: 'NOT_RATED', duration_s: 4.1 });
    expect(error('hrv_metrics', [800, 800, 800, 800])).to.match(/must have at least 5 items/);
  });

  it('classify_rhythm: regular sinus rhythm and a suspected AF pattern, labelled as a heuristic', () => {
    expect(call('classify_rhythm', [1000, 1000, 1000])).to.include({ rhythm: 'NORMAL_SINUS_RHYTHM', regularity: 'REGULAR', cv_percent: 0, method: 'RR-interval heuristic; P waves not assessed' });
    expect(call('classify_rhythm', [600, 1000, 1400])).to.include({ rhythm: 'ATRIAL_FIBRILLATION_SUSPECTED', regularity: 'IRREGULAR', cv_percent: 40 });
    expect(call('classify_rhythm', [1300, 1300, 1300]).rhythm).to.equal('SINUS_BRADYCARDIA');
    expect(call('classify_rhythm', [350, 350, 350]).rhythm).to.equal('SVT_POSSIBLE');
  });
});

describe('signal: oximetry, filters, anomalies, respiration', () => {
  it('spo2_from_ratio: R 0.5 → 97.5 % NORMAL; out of the calibration range → null, never clamped', () => {
    expect(call('spo2_from_ratio', 1, 100, 2, 100)).to.include({ spo2: 97.5, r_ratio: 0.5, status: 'NORMAL' });
    expect(call('spo2_from_pleth', 4, 100, 2, 100)).to.include({ spo2: null, r_ratio: 2, status: 'OUT_OF_CALIBRATION_RANGE' });
    expect(call('spo2_from_ratio', 1, 100, 1, 100)).to.include({ spo2: 85, status: 'MODERATE_HYPOXEMIA' }); // 110 − 25
    expect(error('spo2_from_ratio', 0, 100, 1, 100)).to.match(/'red_ac' must be ≥ 0.000001, got 0/);
  });

  it('moving_average §23: [1..10], window 3 → [1.5, 2, …, 9, 9.5]; an even window leans forward', () => {
    expect(call('moving_average', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 3).smoothed).to.deep.equal([1.5, 2, 3, 4, 5, 6, 7, 8, 9, 9.5]);
    expect(call('moving_average_filter', [1, 2, 3, 4], 2).smoothed).to.deep.equal([1.5, 2.5, 3.5, 4]);
    expect(error('moving_average', [1, 2], 3)).to.match(/'window' \(3\) must not exceed the number of samples \(2\)/);
  });

  it('detect_anomaly §23: centre 100, scale 1.483, only index 5', () => {
    // median 100; |x − 100| = 0,1,1,0,2,100,1,0 → MAD 1 → scale 1.4826; limit 2 × 1.4826
    const r = call('detect_anomaly', [100, 101, 99, 100, 102, 200, 99, 100]);
    expect(r).to.include({ baseline_mean: 100, center_method: 'median', sd: 1.483, anomalies_detected: 1 });
    expect(r.anomalies).to.deep.equal([{ index: 5, value: 200, deviation_sd: 67.4, direction: 'HIGH' }]);
    // MAD 0 → the sample SD about the centre: √(6²/8) = 2.12; |4 − 10| = 6 > 2 × 2.12
    expect(call('detect_anomalies', [10, 10, 10, 10, 10, 10, 10, 10, 4]).anomalies).to.deep.equal([{ index: 8, value: 4, deviation_sd: 2.8, direction: 'LOW' }]);
  });

  it('respiratory_rate: a 15-breath/min waveform over 60 s', () => {
    const fs = 25;
    const wave = Array.from({ length: 60 * fs }, (_, i) => -Math.cos((2 * Math.PI * 0.25 * i) / fs));
    expect(call('respiratory_rate', wave, fs)).to.deep.equal({ type: 'SIGNAL_RR', respiratory_rate: 15, duration_sec: 60, cycles_detected: 15, status: 'NORMAL' });
    expect(error('respiratory_rate', new Array(20).fill(0), 25)).to.match(/send at least 10 s/);
  });

  it('perfusion_index: 1.4 is normal, below is low; AC above DC is an error', () => {
    expect(call('perfusion_index', 1.4, 100)).to.include({ perfusion_index: 1.4, status: 'NORMAL_PERFUSION' });
    expect(call('perfusion_index', 1.39, 100)).to.include({ status: 'LOW_PERFUSION' });
    expect(error('perfusion_index', 2, 1)).to.match(/must not exceed 'dc_component'/);
  });
});

// Each input here once reached an internal error (a 500 over HTTP) or broke a result invariant when the
// fuzzer (npm run fuzz) found it; it must now answer a result or an argument error naming the parameter.
import { expect } from 'chai';
import { checkCall } from '../scripts/fuzz/library.js';
import { libraryOf } from './helpers/library.js';

describe('fuzz regressions: library', () => {
  it('signal.detect_anomaly: a MAD far below the data scale no longer divides to Infinity', () => {
    expect(checkCall('signal', 'detect_anomaly', [[0, -681.83, -1, -1, 1, 0, 0, 1e-300], null, 217.17])).to.equal(null);
    expect(checkCall('signal', 'detect_anomalies', [[5e-324, 2.2250738585072014e-308, -300680521.8756199], null])).to.equal(null);
    const result = libraryOf('signal').call('detect_anomaly', [5e-324, 2.2250738585072014e-308, -300680521.8756199]);
    expect(result.sd).to.be.greaterThan(0); // the sample SD stands in for the vanishing MAD
    expect(result.anomalies_detected).to.equal(0);
  });

  it('signal: samples beyond ±1e9 and huge baselines or thresholds are argument errors, not "cannot round Infinity"', () => {
    const signal = libraryOf('signal');
    expect(signal.error('detect_anomaly', [0, 1, 2], 1e308, 2)).to.equal("signal.detect_anomaly: argument 2 'baseline_mean' must be ≤ 1000000000, got 1e+308");
    expect(signal.error('moving_average', [1, 1e308, 2], 2)).to.equal("signal.moving_average: argument 1 'data' item 1 must be ≤ 1000000000, got 1e+308");
    expect(signal.error('detect_peaks', [-1, 1e308, 0])).to.match(/^signal\.detect_peaks: argument 1 'waveform' item 1 must be ≤ 1000000000/);
    expect(signal.error('spo2_from_ratio', 864, 403, 2.2250738585072014e-308, 972)).to.match(/^signal\.spo2_from_ratio: argument 3 'ir_ac' must be ≥ 0.000001/);
    expect(signal.error('respiratory_rate', Array(20).fill(1), 5e-324)).to.match(/^signal\.respiratory_rate: argument 2 'sampling_rate_hz' must be ≥ 0.1/);
  });

  it('signal.detect_peaks always carries inter_peak_intervals_ms, null without a sampling rate', () => {
    expect(libraryOf('signal').call('detect_peaks', [0, 1, 0, 1, 0]).inter_peak_intervals_ms).to.equal(null);
  });

  it('glucose.correction_dose: an ISF below 1 mg/dL per unit is an argument error, not an overflow', () => {
    expect(libraryOf('glucose').error('correction_dose', 977, 10, 2.2250738585072014e-308)).to.match(/^glucose\.correction_dose: argument 3 'isf' must be ≥ 1/);
  });

  it('glucose.full_regimen names itself when its insulin type is wrong', () => {
    expect(libraryOf('glucose').error('full_regimen', 40, 'nph')).to.match(/^glucose\.full_regimen: argument 2 'insulin_type' must be one of/);
  });

  it('pk.trough_estimate: a dosing interval under 15 minutes is an argument error, not an overflow', () => {
    expect(libraryOf('pk').error('trough_estimate', 'vancomycin', 512, 5e-324, 70)).to.match(/^pk\.trough_estimate: argument 3 'interval_hr' must be ≥ 0.25/);
  });

  it('pk.get_profile declares the notes field its table rows carry', () => {
    expect(checkCall('pk', 'get_profile', ['vancomycin'])).to.equal(null);
  });
});

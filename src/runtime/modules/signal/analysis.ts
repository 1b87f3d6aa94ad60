// Physiological signal processing on sample arrays (modules.md §8).
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type JsonObject } from '../types.js';

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const sampleSd = (xs: readonly number[], centre = mean(xs)): number => Math.sqrt(xs.reduce((a, x) => a + (x - centre) ** 2, 0) / (xs.length - 1));
const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** RR intervals must be physiological: 200–3000 ms. */
function checkRr(rr: readonly number[], label: string): void {
  const bad = rr.findIndex((x) => x < 200 || x > 3000);
  if (bad >= 0) throw new ArgumentError(`${label}: argument 1 'rr_intervals_ms' item ${bad} must be 200–3000 ms, got ${rr[bad]}`);
}

// Peak picking with a refractory distance (200 ms default with a sampling rate: Pan & Tompkins, IEEE TBME 1985).
export function detectPeaks(x: number[], threshold: number, minDistance: number | null, fs: number | null): JsonObject {
  const n = x.length;
  const thr = threshold * x.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  const candidates: number[] = [];
  for (let i = 1; i <= n - 2; i++) if (x[i]! > thr && x[i]! > x[i - 1]! && x[i]! >= x[i + 1]!) candidates.push(i);
  const d = minDistance ?? (fs !== null ? pyRound(0.2 * fs) : Math.max(3, Math.floor(n / 50)));
  candidates.sort((a, b) => x[b]! - x[a]! || a - b);
  const kept: number[] = [];
  for (const c of candidates) if (kept.every((k) => Math.abs(k - c) >= d)) kept.push(c);
  kept.sort((a, b) => a - b);
  const intervals = kept.slice(1).map((k, i) => k - kept[i]!);
  return {
    type: 'SIGNAL_PEAKS',
    total_samples: n,
    peaks_detected: kept.length,
    peaks: kept.map((index) => ({ index, amplitude: pyRound(x[index]!, 3) })),
    inter_peak_intervals: intervals,
    inter_peak_intervals_ms: fs === null ? null : intervals.map((s) => pyRound((s / fs) * 1000, 3)),
    threshold_used: pyRound(thr, 3),
    min_distance: d,
  };
}

function rateClass(hr: number): string {
  return hr < 60 ? 'BRADYCARDIA' : hr <= 100 ? 'NORMAL' : hr <= 150 ? 'TACHYCARDIA' : 'SEVERE_TACHYCARDIA';
}

export function heartRateFromRr(rr: number[]): JsonObject {
  checkRr(rr, 'signal.heart_rate_from_rr');
  const meanRr = mean(rr);
  const hr = 60000 / meanRr;
  return {
    type: 'SIGNAL_HR',
    mean_hr_bpm: pyRound(hr, 1),
    min_hr_bpm: pyRound(60000 / rr.reduce((a, b) => Math.max(a, b)), 1),
    max_hr_bpm: pyRound(60000 / rr.reduce((a, b) => Math.min(a, b)), 1),
    mean_rr_ms: pyRound(meanRr, 1),
    beats_analyzed: rr.length,
    classification: rateClass(hr),
  };
}

// HRV time-domain measures per the Task Force of the ESC and NASPE, Circulation 1996;93:1043-1065; SDNN bands
// for 24-hour recordings after Kleiger et al., Am J Cardiol 1987;59:256-262.
export function hrvMetrics(rr: number[]): JsonObject {
  checkRr(rr, 'signal.hrv_metrics');
  const n = rr.length;
  const diffs = rr.slice(1).map((v, i) => v - rr[i]!);
  const sdnn = sampleSd(rr);
  const rmssd = Math.sqrt(diffs.reduce((a, d) => a + d * d, 0) / diffs.length);
  const pnn50 = (100 * diffs.filter((d) => Math.abs(d) > 50).length) / n;
  const total = rr.reduce((a, b) => a + b, 0);
  const rated = total >= 86_400_000;
  const status = !rated ? 'NOT_RATED' : sdnn < 50 ? 'LOW_HRV' : sdnn <= 100 ? 'MODERATE_HRV' : 'HIGH_HRV';
  return {
    type: 'SIGNAL_HRV',
    sdnn_ms: pyRound(sdnn, 1),
    rmssd_ms: pyRound(rmssd, 1),
    pnn50_pct: pyRound(pnn50, 1),
    mean_rr_ms: pyRound(mean(rr), 1),
    intervals_analyzed: n,
    duration_s: pyRound(total / 1000, 1),
    autonomic_status: status,
    interpretation: rated
      ? `SDNN ${pyRound(sdnn, 1)} ms over a 24-hour recording.`
      : 'SDNN bands apply only to recordings of at least 24 hours; this series is shorter and is not rated.',
  };
}

// RR-interval rhythm heuristic (MOISSCode labels; P waves are not assessed).
export function classifyRhythm(rr: number[]): JsonObject {
  checkRr(rr, 'signal.classify_rhythm');
  const m = mean(rr);
  const hr = 60000 / m;
  const cv = (sampleSd(rr) / m) * 100;
  const regularity = cv < 10 ? 'REGULAR' : cv < 20 ? 'MILDLY_IRREGULAR' : 'IRREGULAR';
  const rhythm =
    regularity === 'IRREGULAR'
      ? 'ATRIAL_FIBRILLATION_SUSPECTED'
      : hr < 50
        ? 'SINUS_BRADYCARDIA'
        : hr < 60
          ? 'MILD_BRADYCARDIA'
          : hr <= 100
            ? 'NORMAL_SINUS_RHYTHM'
            : hr <= 150
              ? 'SINUS_TACHYCARDIA'
              : 'SVT_POSSIBLE';
  const action =
    rhythm === 'NORMAL_SINUS_RHYTHM' ? 'No action from the rate and regularity alone.' : 'Confirm with a 12-lead ECG; this heuristic does not diagnose a rhythm.';
  return { type: 'SIGNAL_RHYTHM', rhythm, heart_rate: pyRound(hr, 1), regularity, cv_percent: pyRound(cv, 1), action, method: 'RR-interval heuristic; P waves not assessed' };
}

// Ratio-of-ratios with an empirical linear calibration (Webster, Design of Pulse Oximeters, 1997); no clamping.
export function spo2FromRatio(redAc: number, redDc: number, irAc: number, irDc: number, a: number, b: number): JsonObject {
  const r = redAc / redDc / (irAc / irDc);
  const value = a - b * r;
  const inRange = value >= 70 && value <= 100;
  const status = !inRange ? 'OUT_OF_CALIBRATION_RANGE' : value >= 95 ? 'NORMAL' : value >= 90 ? 'MILD_HYPOXEMIA' : value >= 85 ? 'MODERATE_HYPOXEMIA' : 'SEVERE_HYPOXEMIA';
  return {
    type: 'SIGNAL_SPO2',
    spo2: inRange ? pyRound(value, 1) : null,
    r_ratio: pyRound(r, 3),
    status,
    calibration: { a, b },
    method: 'ratio of ratios, SpO2 = a − b·R (empirical linear calibration; device curves differ)',
  };
}

/** Centred window of exactly `window` samples, truncated at the ends. */
function smooth(data: readonly number[], window: number): number[] {
  const before = Math.floor((window - 1) / 2);
  const after = Math.ceil((window - 1) / 2);
  const prefix = [0];
  for (const v of data) prefix.push(prefix[prefix.length - 1]! + v);
  return data.map((_, i) => {
    const lo = Math.max(0, i - before);
    const hi = Math.min(data.length - 1, i + after);
    return (prefix[hi + 1]! - prefix[lo]!) / (hi - lo + 1);
  });
}

export function movingAverage(data: number[], window: number): JsonObject {
  if (window > data.length) throw new ArgumentError(`signal.moving_average: argument 2 'window' (${window}) must not exceed the number of samples (${data.length})`);
  return { type: 'SIGNAL_FILTERED', method: 'moving_average', window, input_length: data.length, smoothed: smooth(data, window).map((v) => pyRound(v, 3)) };
}

// Robust anomaly detection: median centre and 1.4826 × MAD scale (Leys et al., J Exp Soc Psychol 2013;49:764-766).
export function detectAnomaly(data: number[], baselineMean: number | null, thresholdSd: number): JsonObject {
  const centre = baselineMean ?? median(data);
  const deviations = data.map((x) => Math.abs(x - centre));
  const robust = 1.4826 * median(deviations);
  // A MAD below the rounding error of the largest deviation is zero in all but name (it made
  // deviation / scale overflow to Infinity); like a zero MAD, it falls back to the sample SD.
  const largest = deviations.reduce((a, b) => Math.max(a, b), 0);
  const scale = robust > largest * Number.EPSILON ? robust : Math.sqrt(data.reduce((a, x) => a + (x - centre) ** 2, 0) / (data.length - 1));
  const limit = thresholdSd * scale;
  const anomalies = data.flatMap((value, index) =>
    Math.abs(value - centre) > limit && scale > 0
      ? [{ index, value: pyRound(value, 3), deviation_sd: pyRound(Math.abs(value - centre) / scale, 1), direction: value > centre ? 'HIGH' : 'LOW' }]
      : [],
  );
  return {
    type: 'SIGNAL_ANOMALY',
    baseline_mean: pyRound(centre, 3),
    center_method: baselineMean === null ? 'median' : 'given',
    sd: pyRound(scale, 3),
    threshold_sd: thresholdSd,
    upper_limit: pyRound(centre + limit, 3),
    lower_limit: pyRound(centre - limit, 3),
    total_points: data.length,
    anomalies_detected: anomalies.length,
    anomalies,
  };
}

// Breath counting by zero crossings with hysteresis (see Charlton et al., Physiol Meas 2016;37:610-626).
export function respiratoryRate(waveform: number[], fs: number): JsonObject {
  const duration = waveform.length / fs;
  if (duration < 10) throw new ArgumentError(`signal.respiratory_rate: the waveform lasts ${pyRound(duration, 3)} s; send at least 10 s (n / sampling_rate_hz)`);
  const centre = mean(waveform);
  const centred = waveform.map((v) => v - centre);
  const smoothed = smooth(centred, Math.max(1, pyRound(0.5 * fs)));
  const h = 0.5 * sampleSd(smoothed, mean(smoothed));
  let breaths = 0;
  let armed = false;
  for (const v of smoothed) {
    if (v < -h) armed = true;
    else if (v > h && armed) {
      breaths++;
      armed = false;
    }
  }
  const rate = (breaths / duration) * 60;
  const status = rate < 12 ? 'BRADYPNEA' : rate <= 20 ? 'NORMAL' : rate <= 30 ? 'TACHYPNEA' : 'SEVERE_TACHYPNEA';
  return { type: 'SIGNAL_RR', respiratory_rate: pyRound(rate, 1), duration_sec: duration, cycles_detected: breaths, status };
}

// Perfusion index = AC/DC × 100; < 1.4 low (Lima et al., Crit Care Med 2002;30:1210-1213).
export function perfusionIndex(ac: number, dc: number): JsonObject {
  if (ac > dc) throw new ArgumentError(`signal.perfusion_index: 'ac_component' (${ac}) must not exceed 'dc_component' (${dc})`);
  const pi = (ac / dc) * 100;
  const low = pi < 1.4;
  return {
    type: 'SIGNAL_PI',
    perfusion_index: pyRound(pi, 2),
    status: low ? 'LOW_PERFUSION' : 'NORMAL_PERFUSION',
    interpretation: low ? 'Low peripheral perfusion (PI < 1.4).' : 'Peripheral perfusion within the normal range (PI ≥ 1.4).',
  };
}

// Glucose metrics: ADAG HbA1c ⇄ mean glucose, GMI, CGM time in range and glycaemic variability.
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type JsonObject } from '../types.js';
import { atLeast } from '../util/threshold.js';

// ADAG (Nathan et al., Diabetes Care 2008;31:1473-1478): A1c = (mean + 46.7) / 28.7; ADA Standards of Care 2024 §2 categories.
export function hba1cFromGlucose(mean: number): JsonObject {
  const a1c = pyRound((mean + 46.7) / 28.7, 1);
  const category = atLeast(a1c, 6.5) ? 'DIABETES' : atLeast(a1c, 5.7) ? 'PREDIABETES' : 'NORMAL';
  return { type: 'GLUCOSE', method: 'ADAG', mean_glucose_mgdl: mean, estimated_hba1c: a1c, category };
}

// eAG = 28.7 × A1c − 46.7 mg/dL (ADAG); mmol/L = mg/dL ÷ 18 as in the ADA eAG table.
export function glucoseFromHba1c(hba1c: number): JsonObject {
  const mgdl = 28.7 * hba1c - 46.7;
  return { type: 'GLUCOSE', method: 'ADAG_reverse', hba1c, estimated_mean_glucose_mgdl: mgdl, estimated_mean_glucose_mmol: pyRound(mgdl / 18, 1) };
}

// Glucose management indicator (Bergenstal et al., Diabetes Care 2018;41:2275-2280): GMI % = 3.31 + 0.02392 × mean mg/dL.
export function gmi(mean: number): JsonObject {
  const value = pyRound(3.31 + 0.02392 * mean, 1);
  return {
    type: 'GLUCOSE',
    method: 'GMI',
    mean_glucose_mgdl: mean,
    gmi: value,
    interpretation: `CGM mean glucose ${mean} mg/dL corresponds to a GMI of ${value}%; GMI estimates, and can differ from, a laboratory HbA1c.`,
  };
}

// Time in ranges with the international consensus targets (Battelino et al., Diabetes Care 2019;42:1593-1603).
export function timeInRange(readings: number[], low: number, high: number): JsonObject {
  if (!(low < high)) throw new ArgumentError(`glucose.time_in_range: 'low' (${low}) must be below 'high' (${high})`);
  const n = readings.length;
  const pct = (count: number): number => pyRound((100 * count) / n, 1);
  const inRange = pct(readings.filter((r) => r >= low && r <= high).length);
  const below = pct(readings.filter((r) => r < low).length);
  const below54 = pct(readings.filter((r) => r < 54).length);
  const above = pct(readings.filter((r) => r > high).length);
  const above250 = pct(readings.filter((r) => r > 250).length);
  const standard = low === 70 && high === 180;
  const targets = standard
    ? { time_in_range: inRange > 70, time_below_range: below < 4, time_below_54: below54 < 1, time_above_range: above < 25, time_above_250: above250 < 5 }
    : null;
  return {
    type: 'GLUCOSE_TIR',
    total_readings: n,
    time_in_range_pct: inRange,
    time_below_range_pct: below,
    time_below_54_pct: below54,
    time_above_range_pct: above,
    time_above_250_pct: above250,
    range_low: low,
    range_high: high,
    targets_met: targets,
    assessment: targets === null ? null : Object.values(targets).every(Boolean) ? 'AT_TARGET' : 'NOT_AT_TARGET',
  };
}

/** Local maxima and minima after merging equal neighbours, with the series' ends as its first and last turning points. */
function turningPoints(series: number[]): number[] {
  const merged = series.filter((v, i) => i === 0 || v !== series[i - 1]);
  if (merged.length <= 2) return merged;
  const points = [merged[0]!];
  for (let i = 1; i < merged.length - 1; i++) {
    const [a, b, c] = [merged[i - 1]!, merged[i]!, merged[i + 1]!];
    if ((b > a && b > c) || (b < a && b < c)) points.push(b);
  }
  points.push(merged[merged.length - 1]!);
  return points;
}

// Mean, SD (n − 1), CV; MAGE per Service et al., Diabetes 1970;19:644-655; CV ≤ 36 % stable (Monnier et al., Diabetes Care 2017).
export function glycemicVariability(readings: number[]): JsonObject {
  const n = readings.length;
  const mean = readings.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(readings.reduce((a, r) => a + (r - mean) ** 2, 0) / (n - 1));
  const cv = (sd / mean) * 100;
  const points = turningPoints(readings);
  const excursions = points.slice(1).map((p, i) => p - points[i]!).filter((e) => Math.abs(e) > sd);
  let mage = 0;
  if (excursions.length) {
    const rising = excursions[0]! > 0;
    const kept = excursions.filter((e) => e > 0 === rising).map(Math.abs);
    mage = kept.reduce((a, b) => a + b, 0) / kept.length;
  }
  return {
    type: 'GLUCOSE_VARIABILITY',
    mean: pyRound(mean, 1),
    sd: pyRound(sd, 1),
    cv_percent: pyRound(cv, 1),
    mage: pyRound(mage, 1),
    min: pyRound(readings.reduce((a, b) => Math.min(a, b)), 1),
    max: pyRound(readings.reduce((a, b) => Math.max(a, b)), 1),
    stability: cv <= 36 ? 'STABLE' : 'UNSTABLE',
    target: 'CV ≤ 36%',
  };
}

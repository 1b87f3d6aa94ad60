// Body size: BMI, Devine ideal weight and adjusted weight (modules.md §14).
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type JsonObject } from '../types.js';
import { above, atLeast } from '../util/threshold.js';

const CM_PER_INCH = 2.54;

/** WHO BMI classes (WHO Technical Report Series 894, 2000), decided on the BMI rounded to 0.1. */
const BMI_CLASSES: readonly [number, string][] = [
  [40, 'Obese Class III'],
  [35, 'Obese Class II'],
  [30, 'Obese Class I'],
  [25, 'Overweight'],
  [18.5, 'Normal'],
];

export function bmiValue(weightKg: number, heightCm: number): number {
  return weightKg / (heightCm / 100) ** 2;
}

export function bmiCategory(roundedBmi: number): string {
  return BMI_CLASSES.find(([limit]) => roundedBmi >= limit)?.[1] ?? 'Underweight';
}

export function bmi(weightKg: number, heightCm: number): JsonObject {
  const value = pyRound(bmiValue(weightKg, heightCm), 1);
  return { type: 'NUTR_BMI', bmi: value, category: bmiCategory(value), weight_kg: weightKg, height_cm: heightCm };
}

/**
 * Devine, Drug Intell Clin Pharm 1974: 50 kg (men) or 45.5 kg (women) + 2.3 kg per inch over 5 ft.
 * Below 5 ft the line is extended; where it no longer gives a positive weight the formula has no answer.
 */
export function devineIbw(heightCm: number, sex: 'M' | 'F', label: string): { ibw: number; extrapolated: boolean } {
  const inches = heightCm / CM_PER_INCH;
  const ibw = (sex === 'M' ? 50 : 45.5) + 2.3 * (inches - 60);
  if (ibw <= 0) {
    const shortest = pyRound((60 - (sex === 'M' ? 50 : 45.5) / 2.3) * CM_PER_INCH, 1);
    throw new ArgumentError(`${label}: the Devine formula gives no positive ideal weight below ${shortest} cm (${sex === 'M' ? 'male' : 'female'}), got height_cm ${heightCm}; use a paediatric method`);
  }
  return { ibw, extrapolated: !atLeast(heightCm, 60 * CM_PER_INCH) };
}

export function idealBodyWeight(heightCm: number, sex: 'M' | 'F', label: string): JsonObject {
  const { ibw, extrapolated } = devineIbw(heightCm, sex, label);
  return { type: 'NUTR_IBW', ibw_kg: pyRound(ibw, 1), height_cm: heightCm, sex, formula: 'Devine', extrapolated };
}

/** Pai & Paloucek, Ann Pharmacother 2000: IBW + 0.4 × (actual − IBW), used when actual > 120 % of IBW. */
export function adjustedBodyWeight(actualKg: number, heightCm: number, sex: 'M' | 'F', label: string): JsonObject {
  const { ibw } = devineIbw(heightCm, sex, label);
  const adjusted = ibw + 0.4 * (actualKg - ibw);
  return {
    type: 'NUTR_ADJBW',
    adjusted_bw_kg: pyRound(adjusted, 1),
    ibw_kg: pyRound(ibw, 1),
    actual_kg: actualKg,
    use_adjusted: above(actualKg, 1.2 * ibw),
  };
}

// Energy expenditure: Harris–Benedict, Mifflin–St Jeor and total energy with activity and stress factors.
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type JsonObject } from '../types.js';

/** Both equations were fitted on adults; far outside that they can go to 0 or below, which is no answer. */
function positive(kcal: number, label: string): number {
  if (kcal <= 0) throw new ArgumentError(`${label}: the equation gives ${pyRound(kcal)} kcal/day for these inputs, which is no answer; it was derived for adults`);
  return kcal;
}

/** Harris & Benedict, A Biometric Study of Basal Metabolism in Man, 1919 (coefficients as usually quoted). */
export function harrisBenedict(weightKg: number, heightCm: number, age: number, sex: 'M' | 'F', label: string): JsonObject {
  const bee = sex === 'M' ? 66.5 + 13.75 * weightKg + 5.003 * heightCm - 6.755 * age : 655.1 + 9.563 * weightKg + 1.85 * heightCm - 4.676 * age;
  return { type: 'NUTR_BEE', bee_kcal: pyRound(positive(bee, label)), formula: 'Harris-Benedict', weight_kg: weightKg, height_cm: heightCm, age, sex };
}

/** Mifflin et al., Am J Clin Nutr 1990;51:241-247. */
export function mifflinStJeor(weightKg: number, heightCm: number, age: number, sex: 'M' | 'F', label: string): JsonObject {
  const ree = 10 * weightKg + 6.25 * heightCm - 5 * age + (sex === 'M' ? 5 : -161);
  return { type: 'NUTR_REE', ree_kcal: pyRound(positive(ree, label)), formula: 'Mifflin-St Jeor', weight_kg: weightKg, height_cm: heightCm, age, sex };
}

/** Conventional activity factors. */
export const ACTIVITY_FACTORS: Readonly<Record<string, number>> = Object.freeze({ bedrest: 1.2, sedentary: 1.3, ambulatory: 1.5, active: 1.7, very_active: 1.9 });

/** Stress factors: point values within the ranges of Long et al., JPEN 1979;3:452-456. */
export const STRESS_FACTORS: Readonly<Record<string, number>> = Object.freeze({
  none: 1.0,
  minor_surgery: 1.1,
  major_surgery: 1.2,
  infection: 1.3,
  sepsis: 1.5,
  trauma: 1.35,
  head_injury: 1.6,
  burns_20: 1.5,
  burns_40: 1.8,
  burns_60: 2.0,
});

export function totalEnergy(beeKcal: number, activity: string, stress: string): JsonObject {
  const activityFactor = ACTIVITY_FACTORS[activity]!;
  const stressFactor = STRESS_FACTORS[stress]!;
  return {
    type: 'NUTR_TEE',
    tee_kcal: pyRound(beeKcal * activityFactor * stressFactor),
    bee_kcal: beeKcal,
    activity_factor: activityFactor,
    stress_factor: stressFactor,
    activity,
    stress,
  };
}

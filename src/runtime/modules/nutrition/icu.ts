// ICU energy and protein targets (modules.md §14): ASPEN 2022 acute phase, ASPEN/SCCM 2016 recovery and obesity rules.
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type JsonObject } from '../types.js';
import { above, atLeast } from '../util/threshold.js';
import { bmiValue, devineIbw } from './body.js';

const ASPEN_2022 = 'ASPEN adult critical care nutrition guideline (Compher et al., JPEN 2022;46:12-41)';
const ASPEN_2016 = 'ASPEN/SCCM critical care nutrition guideline (McClave et al., JPEN 2016;40:159-211)';

export const ICU_PHASES = ['acute', 'early', 'recovery', 'obese'] as const;

interface Target {
  phase: string;
  kcalPerKg: [number, number];
  proteinPerKg: [number, number];
  calorieWeight: number;
  proteinWeight: number;
  basis: 'actual' | 'ideal';
  guideline: string;
  ibw: number | null;
}

const range = ([low, high]: [number, number]): string => (low === high ? `${low}` : `${low}-${high}`);

function obeseTarget(weightKg: number, heightCm: number | null, sex: 'M' | 'F' | null, label: string): Target {
  if (heightCm === null || sex === null) throw new ArgumentError(`${label}: phase 'obese' needs 'height_cm' and 'sex' (for BMI and ideal weight)`);
  const bmi = bmiValue(weightKg, heightCm);
  if (!atLeast(bmi, 30)) {
    throw new ArgumentError(`${label}: phase 'obese' applies from BMI 30, got BMI ${pyRound(bmi, 2)}; use 'acute' or 'recovery'`);
  }
  const { ibw } = devineIbw(heightCm, sex, label);
  const protein = atLeast(bmi, 40) ? 2.5 : 2.0;
  const superObese = above(bmi, 50);
  return {
    phase: 'obese',
    kcalPerKg: superObese ? [22, 25] : [11, 14],
    proteinPerKg: [protein, protein],
    calorieWeight: superObese ? ibw : weightKg,
    proteinWeight: ibw,
    basis: superObese ? 'ideal' : 'actual',
    guideline: ASPEN_2016,
    ibw,
  };
}

function target(weightKg: number, phase: string, heightCm: number | null, sex: 'M' | 'F' | null, label: string): Target {
  if (phase === 'acute' || phase === 'early') {
    return { phase: 'acute', kcalPerKg: [12, 25], proteinPerKg: [1.2, 2.0], calorieWeight: weightKg, proteinWeight: weightKg, basis: 'actual', guideline: ASPEN_2022, ibw: null };
  }
  if (phase === 'recovery') {
    return { phase, kcalPerKg: [25, 30], proteinPerKg: [1.2, 2.0], calorieWeight: weightKg, proteinWeight: weightKg, basis: 'actual', guideline: ASPEN_2016, ibw: null };
  }
  return obeseTarget(weightKg, heightCm, sex, label);
}

export function icuCaloricTarget(weightKg: number, phase: string, heightCm: number | null, sex: 'M' | 'F' | null, label: string): JsonObject {
  const t = target(weightKg, phase, heightCm, sex, label);
  return {
    type: 'NUTR_ICU',
    phase: t.phase,
    calorie_target_low: pyRound(t.kcalPerKg[0] * t.calorieWeight),
    calorie_target_high: pyRound(t.kcalPerKg[1] * t.calorieWeight),
    protein_target_g: pyRound(t.proteinPerKg[0] * t.proteinWeight),
    protein_target_high_g: pyRound(t.proteinPerKg[1] * t.proteinWeight),
    kcal_per_kg_range: range(t.kcalPerKg),
    protein_g_per_kg: range(t.proteinPerKg),
    weight_basis: t.basis,
    weight_kg: pyRound(t.calorieWeight, 1),
    ibw_kg: t.ibw === null ? null : pyRound(t.ibw, 1),
    guideline: t.guideline,
  };
}

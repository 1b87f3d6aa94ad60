// modules.md §14: body size, energy expenditure, ICU nutrition targets, parenteral nutrition, maintenance fluids.
import type { FunctionSpec, ModuleDef, ParamSpec } from '../types.js';
import { normalizeSex } from '../util/sex.js';
import { adjustedBodyWeight, bmi, idealBodyWeight } from './body.js';
import { ACTIVITY_FACTORS, STRESS_FACTORS, harrisBenedict, mifflinStJeor, totalEnergy } from './energy.js';
import { ICU_PHASES, icuCaloricTarget } from './icu.js';
import { NUTRITION_RESULTS } from './results.js';
import { maintenanceFluids, tpnCalculate } from './tpn.js';
import { surfaceFunctions } from './surface.js';

const weight = (name = 'weight_kg', description = 'body weight'): ParamSpec => ({ name, type: 'number', unit: 'kg', minimum: 0.3, maximum: 500, description });
const height: ParamSpec = { name: 'height_cm', type: 'number', unit: 'cm', minimum: 30, maximum: 250, description: 'height' };
const age: ParamSpec = { name: 'age', type: 'number', unit: 'years', minimum: 0, maximum: 120, description: 'age' };
const sex: ParamSpec = { name: 'sex', type: 'string', maxLength: 200, description: "sex: 'M', 'F', 'male' or 'female'" };
const fn = (spec: Omit<FunctionSpec, 'state'>): FunctionSpec => ({ ...spec, state: 'none' });
const n = (v: unknown): number => v as number;
const sexOf = (v: unknown, label: string): 'M' | 'F' => normalizeSex(v, label, "argument 'sex'");

const DEVINE = 'Devine, Drug Intell Clin Pharm 1974;8:650-655';

const nutrition: ModuleDef = {
  name: 'nutrition',
  description: 'Body size, energy expenditure, ICU nutrition targets, parenteral nutrition arithmetic and maintenance fluids.',
  functions: [
    fn({
      name: 'bmi',
      description: 'Body-mass index with the WHO class decided on the value rounded to 0.1.',
      params: [weight(), height],
      result: NUTRITION_RESULTS.bmi!,
      sources: ['WHO Technical Report Series 894, 2000'],
      impl: (a) => bmi(n(a.weight_kg), n(a.height_cm)),
    }),
    fn({
      name: 'ideal_body_weight',
      description: 'Devine ideal body weight; below 152.4 cm the line is extended and flagged as extrapolated.',
      params: [height, sex],
      result: NUTRITION_RESULTS.ideal_body_weight!,
      sources: [DEVINE],
      impl: (a) => idealBodyWeight(n(a.height_cm), sexOf(a.sex, 'nutrition.ideal_body_weight'), 'nutrition.ideal_body_weight'),
    }),
    fn({
      name: 'adjusted_body_weight',
      description: 'Adjusted body weight IBW + 0.4 × (actual − IBW); use it when actual weight exceeds 120 % of IBW.',
      params: [weight('actual_kg', 'actual body weight'), height, sex],
      result: NUTRITION_RESULTS.adjusted_body_weight!,
      sources: ['Pai & Paloucek, Ann Pharmacother 2000;34:1066-1069', DEVINE],
      impl: (a) => adjustedBodyWeight(n(a.actual_kg), n(a.height_cm), sexOf(a.sex, 'nutrition.adjusted_body_weight'), 'nutrition.adjusted_body_weight'),
    }),
    fn({
      name: 'harris_benedict',
      description: 'Basal energy expenditure by the Harris–Benedict equations.',
      params: [weight(), height, age, sex],
      result: NUTRITION_RESULTS.harris_benedict!,
      sources: ['Harris & Benedict, A Biometric Study of Basal Metabolism in Man, Carnegie Institution 1919'],
      impl: (a) => harrisBenedict(n(a.weight_kg), n(a.height_cm), n(a.age), sexOf(a.sex, 'nutrition.harris_benedict'), 'nutrition.harris_benedict'),
    }),
    fn({
      name: 'mifflin_st_jeor',
      description: 'Resting energy expenditure by the Mifflin–St Jeor equation.',
      params: [weight(), height, age, sex],
      result: NUTRITION_RESULTS.mifflin_st_jeor!,
      sources: ['Mifflin et al., Am J Clin Nutr 1990;51:241-247'],
      impl: (a) => mifflinStJeor(n(a.weight_kg), n(a.height_cm), n(a.age), sexOf(a.sex, 'nutrition.mifflin_st_jeor'), 'nutrition.mifflin_st_jeor'),
    }),
    fn({
      name: 'total_energy',
      description: 'Total energy expenditure: basal energy × activity factor × stress factor.',
      params: [
        { name: 'bee_kcal', type: 'number', unit: 'kcal/day', exclusiveMinimum: 0, maximum: 20000, description: 'basal or resting energy expenditure' },
        { name: 'activity', type: 'string', default: 'sedentary', enum: Object.keys(ACTIVITY_FACTORS), description: 'activity level' },
        { name: 'stress', type: 'string', default: 'none', enum: Object.keys(STRESS_FACTORS), description: 'metabolic stress' },
      ],
      result: NUTRITION_RESULTS.total_energy!,
      sources: ['Long et al., JPEN 1979;3:452-456 (stress factor ranges)'],
      impl: (a) => totalEnergy(n(a.bee_kcal), a.activity as string, a.stress as string),
    }),
    fn({
      name: 'icu_caloric_target',
      description: 'ICU energy and protein targets: acute (ASPEN 2022), recovery and obese (ASPEN/SCCM 2016).',
      params: [
        weight(),
        { name: 'phase', type: 'string', default: 'acute', enum: ICU_PHASES, description: "'acute' (alias 'early'), 'recovery', or 'obese' (needs height_cm and sex, BMI ≥ 30)" },
        { ...height, type: ['number', 'null'], default: null, description: 'height (needed for the obese phase)' },
        { ...sex, type: ['string', 'null'], default: null, description: "sex (needed for the obese phase): 'M', 'F', 'male' or 'female'" },
      ],
      result: NUTRITION_RESULTS.icu_caloric_target!,
      sources: ['Compher et al., JPEN 2022;46:12-41', 'McClave et al., JPEN 2016;40:159-211', DEVINE],
      impl: (a) => {
        const label = 'nutrition.icu_caloric_target';
        return icuCaloricTarget(n(a.weight_kg), a.phase as string, a.height_cm as number | null, a.sex === null ? null : sexOf(a.sex, label), label);
      },
    }),
    fn({
      name: 'tpn_calculate',
      description: 'Parenteral nutrition: protein, dextrose (65 % of non-protein calories) and lipid amounts, volume, GIR and limits.',
      params: [
        weight(),
        { name: 'calorie_target', type: 'number', unit: 'kcal/day', exclusiveMinimum: 0, maximum: 10000, description: 'total energy target' },
        { name: 'protein_target_g', type: 'number', unit: 'g/day', exclusiveMinimum: 0, maximum: 1000, description: 'protein target' },
      ],
      result: NUTRITION_RESULTS.tpn_calculate!,
      sources: ['ASPEN Parenteral Nutrition Handbook, 3rd ed., 2020'],
      impl: (a) => tpnCalculate(n(a.weight_kg), n(a.calorie_target), n(a.protein_target_g), 'nutrition.tpn_calculate'),
    }),
    fn({
      name: 'maintenance_fluids',
      description: 'Holliday–Segar maintenance fluids per day and per hour, and the 4-2-1 hourly rate.',
      params: [weight()],
      result: NUTRITION_RESULTS.maintenance_fluids!,
      sources: ['Holliday & Segar, Pediatrics 1957;19:823-832'],
      impl: (a) => maintenanceFluids(n(a.weight_kg)),
    }),
    ...surfaceFunctions,
  ],
};

export default nutrition;

// What each nutrition function answers (docs/library.md, the checker's field check and the boundary check read these).
import type { RecordResultSpec } from '../types.js';
import { always, flag, num, orNull, text } from '../util/result-fields.js';

const weightKg = num('weight_kg', 'kg', 'the body weight given');
const heightCm = num('height_cm', 'cm', 'the height given');
const sex = text('sex', 'the sex used', { enum: ['M', 'F'] });
const INPUTS = [weightKg, heightCm, num('age', 'years', 'the age given'), sex];

export const NUTRITION_RESULTS: Readonly<Record<string, RecordResultSpec>> = {
  bmi: {
    type: 'NUTR_BMI',
    description: 'body-mass index and its WHO class',
    fields: [num('bmi', 'kg/m2', 'body-mass index, one decimal'), text('category', 'the WHO class of the rounded value'), weightKg, heightCm],
  },
  ideal_body_weight: {
    type: 'NUTR_IBW',
    description: 'Devine ideal body weight',
    fields: [num('ibw_kg', 'kg', 'ideal body weight, one decimal'), heightCm, sex, always('formula', 'Devine'), flag('extrapolated', 'true below 152.4 cm, where the line is extended beyond its range')],
  },
  adjusted_body_weight: {
    type: 'NUTR_ADJBW',
    description: 'adjusted body weight',
    fields: [
      num('adjusted_bw_kg', 'kg', 'IBW + 0.4 × (actual − IBW), one decimal'),
      num('ibw_kg', 'kg', 'Devine ideal body weight, one decimal'),
      num('actual_kg', 'kg', 'the actual weight given'),
      flag('use_adjusted', 'true when the actual weight is above 120 % of the ideal'),
    ],
  },
  harris_benedict: {
    type: 'NUTR_BEE',
    description: 'basal energy expenditure',
    fields: [num('bee_kcal', 'kcal/day', 'basal energy expenditure, whole kcal'), always('formula', 'Harris-Benedict'), ...INPUTS],
  },
  mifflin_st_jeor: {
    type: 'NUTR_REE',
    description: 'resting energy expenditure',
    fields: [num('ree_kcal', 'kcal/day', 'resting energy expenditure, whole kcal'), always('formula', 'Mifflin-St Jeor'), ...INPUTS],
  },
  total_energy: {
    type: 'NUTR_TEE',
    description: 'total energy expenditure',
    fields: [
      num('tee_kcal', 'kcal/day', 'basal energy × activity factor × stress factor, whole kcal'),
      num('bee_kcal', 'kcal/day', 'the basal energy given'),
      num('activity_factor', null, 'the factor of the activity level'),
      num('stress_factor', null, 'the factor of the metabolic stress'),
      text('activity', 'the activity level given'),
      text('stress', 'the metabolic stress given'),
    ],
  },
  icu_caloric_target: {
    type: 'NUTR_ICU',
    description: 'ICU energy and protein targets',
    fields: [
      text('phase', 'the phase used (`early` is read as `acute`)', { enum: ['acute', 'recovery', 'obese'] }),
      num('calorie_target_low', 'kcal/day', 'lower energy target, whole kcal'),
      num('calorie_target_high', 'kcal/day', 'upper energy target, whole kcal'),
      num('protein_target_g', 'g/day', 'lower protein target, whole grams'),
      num('protein_target_high_g', 'g/day', 'upper protein target, whole grams'),
      text('kcal_per_kg_range', 'the guideline range of energy per kg, as text'),
      text('protein_g_per_kg', 'the guideline range of protein per kg, as text'),
      text('weight_basis', 'which weight the energy target uses', { enum: ['actual', 'ideal'] }),
      num('weight_kg', 'kg', 'the weight the energy target uses, one decimal'),
      orNull(num('ibw_kg', 'kg', 'ideal body weight for the obese phase; null otherwise')),
      text('guideline', 'the guideline the targets come from'),
    ],
  },
  tpn_calculate: {
    type: 'NUTR_TPN',
    description: 'parenteral nutrition amounts and limits',
    fields: [
      num('total_kcal', 'kcal/day', 'the energy target given'),
      num('protein_g', 'g/day', 'protein, one decimal'),
      num('protein_kcal', 'kcal/day', 'energy from protein'),
      num('dextrose_g', 'g/day', 'dextrose (65 % of non-protein energy), one decimal'),
      num('dextrose_kcal', 'kcal/day', 'energy from dextrose, one decimal'),
      num('lipid_g', 'g/day', 'lipid, one decimal'),
      num('lipid_kcal', 'kcal/day', 'energy from lipid, one decimal'),
      num('lipid_g_per_kg', 'g/kg/day', 'lipid per kg, two decimals'),
      num('glucose_infusion_rate_mg_kg_min', 'mg/kg/min', 'glucose infusion rate, two decimals'),
      num('estimated_volume_ml', 'mL/day', 'volume of the stock solutions, whole mL'),
      num('npc_n_ratio', null, 'non-protein kcal per gram of nitrogen, whole'),
      num('npn_ratio', null, 'the same ratio under its older name'),
      weightKg,
      flag('gir_safe', 'true when the glucose infusion rate is at most 5 mg/kg/min'),
      { name: 'gir_warning', type: ['string', 'null'], description: 'why the glucose infusion rate is too high; null when it is not' },
      { name: 'lipid_warning', type: ['string', 'null'], description: 'why the lipid dose is too high (above 2.5 g/kg/day); null when it is not' },
    ],
  },
  maintenance_fluids: {
    type: 'NUTR_FLUIDS',
    description: 'Holliday–Segar maintenance fluids',
    fields: [
      num('daily_volume_ml', 'mL/day', 'maintenance volume per day, whole mL'),
      num('hourly_rate_ml', 'mL/h', 'the daily volume over 24 hours, one decimal'),
      num('hourly_4_2_1_ml', 'mL/h', 'the 4-2-1 hourly rate, one decimal'),
      weightKg,
      always('formula', 'Holliday-Segar'),
    ],
  },
};

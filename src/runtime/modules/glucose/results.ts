// What each glucose function answers (docs/library.md, the checker's field check and the boundary check read these).
import type { RecordResultSpec, ResultField } from '../types.js';
import { always, flag, int, num, text } from '../util/result-fields.js';

const method = (value: string): ResultField => always('method', value);

const tdd = num('tdd', 'units/day', 'the total daily insulin dose given');
const currentBg = num('current_bg', 'mg/dL', 'the glucose given');

export const GLUCOSE_RESULTS: Readonly<Record<string, RecordResultSpec>> = {
  hba1c_from_glucose: {
    type: 'GLUCOSE',
    description: 'estimated HbA1c from mean glucose (ADAG)',
    fields: [
      method('ADAG'),
      num('mean_glucose_mgdl', 'mg/dL', 'the mean glucose given'),
      num('estimated_hba1c', '%', 'estimated HbA1c, one decimal'),
      text('category', 'ADA category of the estimate', { enum: ['NORMAL', 'PREDIABETES', 'DIABETES'] }),
    ],
  },
  glucose_from_hba1c: {
    type: 'GLUCOSE',
    description: 'estimated average glucose from HbA1c (ADAG)',
    fields: [
      method('ADAG_reverse'),
      num('hba1c', '%', 'the HbA1c given'),
      num('estimated_mean_glucose_mgdl', 'mg/dL', 'estimated average glucose'),
      num('estimated_mean_glucose_mmol', 'mmol/L', 'the same in mmol/L (mg/dL ÷ 18), one decimal'),
    ],
  },
  time_in_range: {
    type: 'GLUCOSE_TIR',
    description: 'CGM time in ranges',
    fields: [
      int('total_readings', 'readings counted'),
      num('time_in_range_pct', '%', 'readings from low to high inclusive, one decimal'),
      num('time_below_range_pct', '%', 'readings below low'),
      num('time_below_54_pct', '%', 'readings below 54 mg/dL'),
      num('time_above_range_pct', '%', 'readings above high'),
      num('time_above_250_pct', '%', 'readings above 250 mg/dL'),
      num('range_low', 'mg/dL', 'the lower bound used'),
      num('range_high', 'mg/dL', 'the upper bound used'),
      {
        name: 'targets_met',
        type: ['object', 'null'],
        description: 'each consensus target met or not; null unless the range is 70–180 mg/dL',
        fields: [
          flag('time_in_range', 'above 70 % in range'),
          flag('time_below_range', 'below 4 % under 70 mg/dL'),
          flag('time_below_54', 'below 1 % under 54 mg/dL'),
          flag('time_above_range', 'below 25 % over 180 mg/dL'),
          flag('time_above_250', 'below 5 % over 250 mg/dL'),
        ],
      },
      { name: 'assessment', type: ['string', 'null'], enum: ['AT_TARGET', 'NOT_AT_TARGET'], description: 'whether every target is met; null unless the range is 70–180 mg/dL' },
    ],
  },
  gmi: {
    type: 'GLUCOSE',
    description: 'glucose management indicator',
    fields: [method('GMI'), num('mean_glucose_mgdl', 'mg/dL', 'the CGM mean glucose given'), num('gmi', '%', 'GMI, one decimal'), text('interpretation', 'the GMI in words')],
  },
  glycemic_variability: {
    type: 'GLUCOSE_VARIABILITY',
    description: 'glycaemic variability of the readings',
    fields: [
      num('mean', 'mg/dL', 'mean, one decimal'),
      num('sd', 'mg/dL', 'standard deviation, one decimal'),
      num('cv_percent', '%', 'coefficient of variation, one decimal'),
      num('mage', 'mg/dL', 'mean amplitude of glycaemic excursions, one decimal'),
      num('min', 'mg/dL', 'lowest reading'),
      num('max', 'mg/dL', 'highest reading'),
      text('stability', 'STABLE at a CV of 36 % or less', { enum: ['STABLE', 'UNSTABLE'] }),
      text('target', 'the target the stability is judged by'),
    ],
  },
  insulin_sensitivity_factor: {
    type: 'GLUCOSE_ISF',
    description: 'insulin sensitivity factor',
    fields: [
      tdd,
      num('isf', 'mg/dL per unit', 'glucose lowered by one unit, one decimal'),
      text('rule', 'the rule used', { enum: ['1800 rule', '1500 rule'] }),
      text('insulin_type', 'the insulin type given, in lower case'),
      text('unit', 'the unit of isf', { enum: ['mg/dL per unit'] }),
      text('interpretation', 'the factor in words'),
    ],
  },
  carb_ratio: {
    type: 'GLUCOSE_ICR',
    description: 'insulin-to-carbohydrate ratio',
    fields: [tdd, num('icr', 'g per unit', 'carbohydrate covered by one unit, one decimal'), text('rule', 'the rule used', { enum: ['500 rule'] }), text('interpretation', 'the ratio in words')],
  },
  correction_dose: {
    type: 'GLUCOSE_CORRECTION',
    description: 'correction insulin',
    fields: [
      currentBg,
      num('target_bg', 'mg/dL', 'the target given'),
      num('isf', 'mg/dL per unit', 'the sensitivity factor given'),
      num('correction_units', 'units', 'correction insulin, one decimal; 0 at or below target'),
      text('action', 'what to give, in words'),
    ],
  },
  basal_rate: {
    type: 'GLUCOSE_BASAL',
    description: 'basal and bolus split',
    fields: [
      tdd,
      num('basal_units_per_day', 'units/day', 'half the total daily dose, one decimal'),
      num('bolus_units_per_day', 'units/day', 'the other half, one decimal'),
      text('rule', 'the rule used', { enum: ['50% rule'] }),
      num('hourly_rate', 'units/h', 'basal over 24 hours, two decimals'),
    ],
  },
  sliding_scale: {
    type: 'GLUCOSE_SLIDING_SCALE',
    description: 'the dose of the installation default sliding scale',
    fields: [
      currentBg,
      num('recommended_dose_units', 'units', 'rapid-acting insulin to give'),
      text('action', 'what to do, in words'),
      text('severity', 'the band of the glucose', { enum: ['critical', 'normal', 'mild', 'moderate', 'elevated', 'high'] }),
      {
        name: 'scale',
        type: 'object',
        description: 'the scale used',
        fields: [text('name', 'the name of the scale'), text('source', 'where the scale comes from')],
      },
      text('note', 'the guideline caution on sliding-scale insulin'),
    ],
  },
  full_regimen: {
    type: 'GLUCOSE_REGIMEN',
    description: 'a basal-bolus starting regimen',
    fields: [
      tdd,
      num('basal_units_per_day', 'units/day', 'basal insulin per day'),
      num('basal_hourly_rate', 'units/h', 'basal insulin per hour'),
      num('bolus_units_per_day', 'units/day', 'bolus insulin per day'),
      num('isf', 'mg/dL per unit', 'insulin sensitivity factor'),
      text('isf_rule', 'the rule of the sensitivity factor'),
      num('icr', 'g per unit', 'insulin-to-carbohydrate ratio'),
      text('icr_rule', 'the rule of the ratio'),
    ],
  },
  dka_check: {
    type: 'GLUCOSE_DKA',
    description: 'the DKA criteria and severity',
    fields: [
      num('glucose', 'mg/dL', 'the glucose given'),
      num('ph', null, 'the pH given'),
      num('bicarb', 'mmol/L', 'the bicarbonate given'),
      num('ketones', 'mmol/L', 'the β-hydroxybutyrate given'),
      int('criteria_met', 'how many of the three criteria (diabetes, ketosis, acidosis) are met'),
      { name: 'findings', type: 'array', items: { type: 'string', description: 'one criterion met, with its value' }, description: 'the criteria met, in words' },
      text('diagnosis', 'DKA when all three criteria are met', { enum: ['DKA', 'NOT_DKA'] }),
      { name: 'severity', type: ['string', 'null'], enum: ['MILD', 'MODERATE', 'SEVERE'], description: 'DKA severity; null when it is not DKA' },
      text('management', 'what to do, in words'),
    ],
  },
  hypo_check: {
    type: 'GLUCOSE_HYPO',
    description: 'the hypoglycaemia level',
    fields: [
      num('glucose', 'mg/dL', 'the glucose given'),
      { name: 'level', type: 'integer', enum: [0, 1, 2, 3], description: 'hypoglycaemia level, 0 for none' },
      text('severity', 'the level in words', { enum: ['NORMAL', 'ALERT_VALUE', 'CLINICALLY_SIGNIFICANT', 'SEVERE'] }),
      text('action', 'what to do, in words'),
    ],
  },
};

// modules.md §6: glucose metrics, CGM analytics, insulin dose arithmetic, DKA and hypoglycaemia.
import { dkaCheck, hypoCheck } from './diagnosis.js';
import { basalRate, carbRatio, correctionDose, fullRegimen, insulinSensitivityFactor, slidingScale } from './insulin.js';
import { glucoseFromHba1c, glycemicVariability, gmi, hba1cFromGlucose, timeInRange } from './metrics.js';
import { GLUCOSE_RESULTS } from './results.js';
import type { FunctionSpec, ModuleDef, ParamSpec } from '../types.js';
import { homaFunction } from './homa.js';

const WALSH = 'Walsh & Roberts, Pumping Insulin, 4th ed., 2006';

const glucoseParam = (name: string, description: string): ParamSpec => ({ name, type: 'number', unit: 'mg/dL', minimum: 10, maximum: 1000, description });
const tddParam: ParamSpec = { name: 'tdd', type: 'number', unit: 'units/day', minimum: 1, maximum: 500, description: 'total daily insulin dose' };
const insulinTypeParam: ParamSpec = {
  name: 'insulin_type',
  type: 'string',
  default: 'rapid',
  maxLength: 200,
  description: 'rapid (lispro, aspart, glulisine, analog) for the 1800 rule, or regular for the 1500 rule',
};
const readingsParam = (minItems: number): ParamSpec => ({
  name: 'readings',
  type: 'array',
  items: { type: 'number', minimum: 10, maximum: 1000 },
  minItems,
  unit: 'mg/dL',
  description: 'glucose readings, equally spaced in time',
});

const fn = (spec: Omit<FunctionSpec, 'state'>): FunctionSpec => ({ ...spec, state: 'none' });
const n = (v: unknown): number => v as number;

const glucose: ModuleDef = {
  name: 'glucose',
  description: 'Glucose metrics, CGM analytics, insulin dose arithmetic, DKA and hypoglycaemia classification.',
  functions: [
    fn({
      name: 'hba1c_from_glucose',
      description: 'Estimated HbA1c from mean glucose (ADAG), with the ADA category on the rounded value.',
      params: [glucoseParam('mean_glucose_mgdl', 'mean glucose')],
      result: GLUCOSE_RESULTS.hba1c_from_glucose!,
      sources: ['Nathan et al., ADAG, Diabetes Care 2008;31:1473-1478', 'ADA Standards of Care in Diabetes 2024, §2'],
      impl: (a) => hba1cFromGlucose(n(a.mean_glucose_mgdl)),
    }),
    fn({
      name: 'glucose_from_hba1c',
      aliases: ['eag'],
      description: 'Estimated average glucose from HbA1c (ADAG).',
      params: [{ name: 'hba1c', type: 'number', unit: '%', minimum: 3, maximum: 20, description: 'HbA1c' }],
      result: GLUCOSE_RESULTS.glucose_from_hba1c!,
      sources: ['Nathan et al., ADAG, Diabetes Care 2008;31:1473-1478'],
      impl: (a) => glucoseFromHba1c(n(a.hba1c)),
    }),
    fn({
      name: 'time_in_range',
      description: 'CGM time in, below and above range, with consensus targets for the standard 70–180 mg/dL range.',
      params: [
        readingsParam(1),
        { name: 'low', type: 'number', unit: 'mg/dL', default: 70, minimum: 10, maximum: 1000, description: 'lower bound of the range' },
        { name: 'high', type: 'number', unit: 'mg/dL', default: 180, minimum: 10, maximum: 1000, description: 'upper bound of the range' },
      ],
      result: GLUCOSE_RESULTS.time_in_range!,
      sources: ['Battelino et al., Diabetes Care 2019;42:1593-1603'],
      impl: (a) => timeInRange(a.readings as number[], n(a.low), n(a.high)),
    }),
    fn({
      name: 'gmi',
      description: 'Glucose management indicator from CGM mean glucose.',
      params: [glucoseParam('mean_glucose_mgdl', 'CGM mean glucose')],
      result: GLUCOSE_RESULTS.gmi!,
      sources: ['Bergenstal et al., Diabetes Care 2018;41:2275-2280'],
      impl: (a) => gmi(n(a.mean_glucose_mgdl)),
    }),
    fn({
      name: 'glycemic_variability',
      description: 'Mean, SD, CV and MAGE of a glucose series; CV ≤ 36 % is stable.',
      params: [readingsParam(2)],
      result: GLUCOSE_RESULTS.glycemic_variability!,
      sources: ['Service et al., Diabetes 1970;19:644-655 (MAGE)', 'Monnier et al., Diabetes Care 2017;40:832-838', 'Battelino et al., Diabetes Care 2019'],
      impl: (a) => glycemicVariability(a.readings as number[]),
    }),
    fn({
      name: 'insulin_sensitivity_factor',
      description: 'Correction factor by the 1800 (rapid-acting) or 1500 (regular) rule.',
      params: [tddParam, insulinTypeParam],
      result: GLUCOSE_RESULTS.insulin_sensitivity_factor!,
      sources: [WALSH],
      impl: (a) => insulinSensitivityFactor(n(a.tdd), a.insulin_type as string),
    }),
    fn({
      name: 'carb_ratio',
      description: 'Insulin-to-carbohydrate ratio by the 500 rule.',
      params: [tddParam],
      result: GLUCOSE_RESULTS.carb_ratio!,
      sources: [WALSH],
      impl: (a) => carbRatio(n(a.tdd)),
    }),
    fn({
      name: 'correction_dose',
      description: 'Correction insulin: (current − target) / ISF, never below 0.',
      params: [
        glucoseParam('current_bg', 'current glucose'),
        glucoseParam('target_bg', 'target glucose'),
        { name: 'isf', type: 'number', unit: 'mg/dL per unit', minimum: 1, maximum: 1000, description: 'insulin sensitivity factor, 1–1000' },
      ],
      result: GLUCOSE_RESULTS.correction_dose!,
      sources: [WALSH],
      impl: (a) => correctionDose(n(a.current_bg), n(a.target_bg), n(a.isf)),
    }),
    fn({
      name: 'basal_rate',
      description: 'Basal and bolus split by the 50 % rule, with the hourly basal rate.',
      params: [tddParam],
      result: GLUCOSE_RESULTS.basal_rate!,
      sources: [WALSH],
      impl: (a) => basalRate(n(a.tdd)),
    }),
    fn({
      name: 'sliding_scale',
      description: "Rapid-acting insulin by the installation's sliding scale (MOISSCode's scale by default).",
      params: [glucoseParam('current_bg', 'current glucose')],
      result: GLUCOSE_RESULTS.sliding_scale!,
      sources: ['MOISSCode default sliding scale', 'ADA Standards of Care in Diabetes 2024, §16'],
      impl: (a) => slidingScale(n(a.current_bg)),
    }),
    fn({
      name: 'full_regimen',
      description: 'Basal rate, sensitivity factor and carbohydrate ratio together.',
      params: [tddParam, insulinTypeParam],
      result: GLUCOSE_RESULTS.full_regimen!,
      sources: [WALSH],
      impl: (a) => fullRegimen(n(a.tdd), a.insulin_type as string),
    }),
    fn({
      name: 'dka_check',
      description: 'Diabetic ketoacidosis by the 2024 consensus criteria, with severity.',
      params: [
        glucoseParam('glucose', 'plasma glucose'),
        { name: 'ph', type: 'number', minimum: 6.5, maximum: 8.0, description: 'venous or arterial pH' },
        { name: 'bicarb', type: 'number', unit: 'mmol/L', minimum: 1, maximum: 60, description: 'serum bicarbonate' },
        { name: 'ketones', type: 'number', unit: 'mmol/L', minimum: 0, maximum: 20, description: 'β-hydroxybutyrate' },
        { name: 'known_diabetes', type: 'boolean', default: false, description: 'known diabetes (counts for the D criterion whatever the glucose)' },
      ],
      result: GLUCOSE_RESULTS.dka_check!,
      sources: ['Umpierrez et al., Hyperglycemic crises in adults with diabetes: a consensus report, Diabetes Care 2024;47:1257-1275'],
      impl: (a) => dkaCheck(n(a.glucose), n(a.ph), n(a.bicarb), n(a.ketones), a.known_diabetes as boolean),
    }),
    fn({
      name: 'hypo_check',
      description: 'Hypoglycaemia level 1–3.',
      params: [glucoseParam('glucose', 'plasma glucose'), { name: 'assistance_required', type: 'boolean', default: false, description: 'needs assistance from another person (level 3)' }],
      result: GLUCOSE_RESULTS.hypo_check!,
      sources: ['ADA Standards of Care in Diabetes 2024, §6', 'International Hypoglycaemia Study Group, Diabetes Care 2017;40:155-157'],
      impl: (a) => hypoCheck(n(a.glucose), a.assistance_required as boolean),
    }),
    homaFunction,
  ],
};

export default glucose;

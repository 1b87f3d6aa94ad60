// Bedside kidney, electrolyte and lipid calculators (issue 25): Cockcroft-Gault, MDRD, corrected calcium and
// sodium, free water deficit, FENa and calculated LDL. Each states the units and the variant it used.
import { pyRound } from '../../../util/round.js';
import { ANALYTES } from '../../../units/analytes.js';
import { devineIbw, bmiValue } from '../nutrition/body.js';
import { ArgumentError, type FunctionSpec, type JsonObject, type ParamSpec } from '../types.js';
import { normalizeSex } from '../util/sex.js';
import { above, atLeast, below } from '../util/threshold.js';
import {
  booleanField,
  centimetres,
  checkedCreatinine,
  creatinineParam,
  creatinineUnitParam,
  heightUnitParam,
  numberField,
  textField,
  
} from '../util/calc-units.js';

const n = (v: unknown): number => v as number;
const s = (v: unknown): string => v as string;
const fn = (spec: Omit<FunctionSpec, 'state'>): FunctionSpec => ({ ...spec, state: 'none' });
const num = (name: string, unit: string, minimum: number, maximum: number, description: string): ParamSpec => ({ name, type: 'number', unit, minimum, maximum, description });
const sexParam: ParamSpec = { name: 'sex', type: 'string', maxLength: 200, description: 'M, F, male or female' };
const ageParam = (minimum = 18): ParamSpec => num('age', 'years', minimum, 120, minimum === 18 ? 'age (adult equations)' : 'age');
const weightParam: ParamSpec = num('weight_kg', 'kg', 1, 500, 'actual body weight');
const sexOf = (v: unknown, label: string): 'M' | 'F' => normalizeSex(v, label, "argument 'sex'");

// ---- Cockcroft-Gault ------------------------------------------------------------------------------

export const CG_WEIGHTS = ['actual', 'ideal', 'adjusted', 'bmi_based'] as const;

/**
 * The weight Cockcroft-Gault is given. 'bmi_based' is the common pharmacy rule: underweight (BMI < 18.5)
 * actual weight; normal (18.5–24.9) the lesser of ideal and actual; overweight or obese (≥ 25) adjusted weight.
 */
function cgWeight(basis: string, weightKg: number, heightCm: number | null, sex: 'M' | 'F', label: string): { kg: number; used: string } {
  if (basis === 'actual') return { kg: weightKg, used: 'actual' };
  if (heightCm === null) throw new ArgumentError(`${label}: argument 'height' is required for weight_basis '${basis}' (send the height, or weight_basis 'actual')`);
  const { ibw } = devineIbw(heightCm, sex, label);
  const adjusted = ibw + 0.4 * (weightKg - ibw);
  if (basis === 'ideal') return { kg: ibw, used: 'ideal' };
  if (basis === 'adjusted') return { kg: adjusted, used: 'adjusted' };
  const bmi = pyRound(bmiValue(weightKg, heightCm), 1);
  if (below(bmi, 18.5)) return { kg: weightKg, used: 'actual (BMI < 18.5)' };
  if (below(bmi, 25)) return weightKg < ibw ? { kg: weightKg, used: 'actual (BMI 18.5–24.9, actual < ideal)' } : { kg: ibw, used: 'ideal (BMI 18.5–24.9)' };
  return { kg: adjusted, used: 'adjusted (BMI ≥ 25)' };
}

// Cockcroft & Gault, Nephron 1976;16:31-41: CrCl = (140 − age) × weight / (72 × SCr), × 0.85 for women.
export function cockcroftGault(a: JsonObject): JsonObject {
  const label = 'lab.creatinine_clearance';
  const sex = sexOf(a.sex, label);
  const creatinine = checkedCreatinine(n(a.creatinine), s(a.creatinine_unit), label);
  const heightCm = a.height === null ? null : centimetres(n(a.height), s(a.height_unit));
  if (heightCm !== null && (heightCm < 30 || heightCm > 250)) throw new ArgumentError(`${label}: argument 'height' must be 30–250 cm (11.8–98.4 in), got ${n(a.height)} ${s(a.height_unit)}`);
  const weight = cgWeight(s(a.weight_basis), n(a.weight_kg), heightCm, sex, label);
  const crcl = ((140 - n(a.age)) * weight.kg) / (72 * creatinine) * (sex === 'F' ? 0.85 : 1);
  return {
    type: 'LAB_CRCL',
    crcl_ml_min: pyRound(crcl, 1),
    weight_basis: s(a.weight_basis),
    weight_used: weight.used,
    weight_used_kg: pyRound(weight.kg, 1),
    creatinine_mg_dl: pyRound(creatinine, 2),
    creatinine_unit: s(a.creatinine_unit),
    height_cm: heightCm === null ? null : pyRound(heightCm, 1),
    sex,
    equation: 'Cockcroft-Gault 1976',
  };
}

// ---- MDRD -----------------------------------------------------------------------------------------

// Levey et al., Ann Intern Med 2006;145:247-254 (IDMS-traceable 4-variable MDRD): 175 × SCr^−1.154 × age^−0.203 × 0.742 (female) × 1.212 (Black).
export function mdrd(a: JsonObject): JsonObject {
  const label = 'lab.mdrd_gfr';
  const sex = sexOf(a.sex, label);
  const creatinine = checkedCreatinine(n(a.creatinine), s(a.creatinine_unit), label);
  const black = a.black === true;
  const egfr = 175 * creatinine ** -1.154 * n(a.age) ** -0.203 * (sex === 'F' ? 0.742 : 1) * (black ? 1.212 : 1);
  return {
    type: 'LAB_GFR',
    eGFR: pyRound(egfr, 1),
    unit: 'mL/min/1.73m²',
    equation: 'MDRD 4-variable, IDMS-traceable (175)',
    race_coefficient_applied: black,
    creatinine_mg_dl: pyRound(creatinine, 2),
    creatinine_unit: s(a.creatinine_unit),
    sex,
  };
}

// ---- Corrections ----------------------------------------------------------------------------------

// Payne et al., BMJ 1973;4:643-646: corrected Ca = Ca + 0.8 × (normal albumin − albumin), mg/dL and g/dL.
export function correctedCalcium(calcium: number, albumin: number, normalAlbumin: number): JsonObject {
  const corrected = calcium + 0.8 * (normalAlbumin - albumin);
  return { type: 'LAB_CORRECTED_CALCIUM', corrected_calcium_mg_dl: pyRound(corrected, 2), calcium_mg_dl: calcium, albumin_g_dl: albumin, normal_albumin_g_dl: normalAlbumin, formula: 'Payne 1973' };
}

export const SODIUM_CORRECTIONS = { katz: 1.6, hillier: 2.4 } as const;
const GLUCOSE_MG_DL_PER_MMOL_L = ANALYTES.glucose.molarMass / 10;

// Katz, NEJM 1973;289:843-844 (1.6 mEq/L per 100 mg/dL); Hillier et al., Am J Med 1999;106:399-403 (2.4).
export function correctedSodium(sodium: number, glucose: number, glucoseUnit: string, method: string): JsonObject {
  const glucoseMgDl = glucoseUnit === 'mmol/L' ? glucose * GLUCOSE_MG_DL_PER_MMOL_L : glucose;
  if (glucoseMgDl < 5 || glucoseMgDl > 3000) throw new ArgumentError(`lab.corrected_sodium: argument 'glucose' must be 5–3000 mg/dL (0.3–166.5 mmol/L), got ${glucose} ${glucoseUnit}; check glucose_unit`);
  const factor = SODIUM_CORRECTIONS[method as keyof typeof SODIUM_CORRECTIONS];
  const corrected = sodium + (factor * (glucoseMgDl - 100)) / 100;
  return {
    type: 'LAB_CORRECTED_SODIUM',
    corrected_sodium: pyRound(corrected, 1),
    sodium,
    glucose_mg_dl: pyRound(glucoseMgDl, 1),
    glucose_unit: glucoseUnit,
    method,
    factor_per_100_mg_dl: factor,
  };
}

// ---- Free water deficit ---------------------------------------------------------------------------

/** Total body water fraction of weight: children 0.6, men 0.6 (≥ 65 y: 0.5), women 0.5 (≥ 65 y: 0.45). */
function tbwFraction(age: number, sex: 'M' | 'F'): { fraction: number; group: string } {
  if (below(age, 18)) return { fraction: 0.6, group: 'child' };
  if (atLeast(age, 65)) return sex === 'M' ? { fraction: 0.5, group: 'older man' } : { fraction: 0.45, group: 'older woman' };
  return sex === 'M' ? { fraction: 0.6, group: 'adult man' } : { fraction: 0.5, group: 'adult woman' };
}

// Adrogué & Madias, NEJM 2000;342:1493-1499: deficit = TBW × (Na / target − 1), TBW = fraction × weight.
export function freeWaterDeficit(sodium: number, weightKg: number, age: number, sex: 'M' | 'F', target: number): JsonObject {
  const { fraction, group } = tbwFraction(age, sex);
  const tbw = fraction * weightKg;
  const deficit = tbw * (sodium / target - 1);
  return {
    type: 'LAB_FREE_WATER_DEFICIT',
    free_water_deficit_l: pyRound(deficit, 2),
    total_body_water_l: pyRound(tbw, 1),
    tbw_fraction: fraction,
    tbw_group: group,
    sodium,
    target_sodium: target,
    hypernatremic: above(sodium, target),
  };
}

// ---- FENa -----------------------------------------------------------------------------------------

// Espinel, JAMA 1976;236:579-581: FENa = (urine Na × plasma Cr) / (plasma Na × urine Cr) × 100; < 1 % prerenal.
export function fena(serumNa: number, urineNa: number, serumCr: number, urineCr: number): JsonObject {
  const value = ((urineNa * serumCr) / (serumNa * urineCr)) * 100;
  return {
    type: 'LAB_FENA',
    fena_percent: pyRound(value, 2),
    interpretation: below(value, 1) ? 'prerenal pattern (FENa < 1 %)' : 'intrinsic renal (acute tubular necrosis) pattern (FENa ≥ 1 %)',
    caveat: 'not interpretable after diuretics, in chronic kidney disease, or with contrast or myoglobin injury; see FEUrea',
  };
}

// ---- LDL ------------------------------------------------------------------------------------------

export const LDL_METHODS = ['friedewald', 'sampson'] as const;

// Friedewald et al., Clin Chem 1972;18:499-502 (TC − HDL − TG/5, not for TG > 400 mg/dL);
// Sampson et al., JAMA Cardiol 2020;5:540-548 (NIH equation 2, TG up to 800 mg/dL).
export function ldlCalculated(total: number, hdl: number, tg: number, method: string): JsonObject {
  const label = 'lab.ldl_calculated';
  if (hdl >= total) throw new ArgumentError(`${label}: argument 'hdl' (${hdl} mg/dL) must be less than 'total_cholesterol' (${total} mg/dL)`);
  const limit = method === 'friedewald' ? 400 : 800;
  if (above(tg, limit)) {
    throw new ArgumentError(`${label}: argument 'triglycerides' ${tg} mg/dL is above ${limit} mg/dL, where the ${method} equation is not valid; ${method === 'friedewald' ? "use method 'sampson' or " : ''}measure LDL directly`);
  }
  const nonHdl = total - hdl;
  const ldl = method === 'friedewald' ? total - hdl - tg / 5 : total / 0.948 - hdl / 0.971 - (tg / 8.56 + (tg * nonHdl) / 2140 - (tg * tg) / 16100) - 9.44;
  return { type: 'LAB_LDL', ldl_mg_dl: pyRound(ldl, 1), method, non_hdl_mg_dl: nonHdl, triglycerides_mg_dl: tg, valid_up_to_tg_mg_dl: limit };
}

// ---- Registry entries -----------------------------------------------------------------------------

const UNIT_NOTE = 'stated as given';

export const labCalculators: FunctionSpec[] = [
  fn({
    name: 'creatinine_clearance',
    aliases: ['cockcroft_gault'],
    description: 'Creatinine clearance by Cockcroft-Gault; the weight used (actual, ideal, adjusted or chosen by BMI) is stated.',
    params: [
      ageParam(),
      weightParam,
      sexParam,
      creatinineParam(),
      creatinineUnitParam,
      { name: 'weight_basis', type: 'string', default: 'actual', enum: CG_WEIGHTS, description: "'actual' (the 1976 equation), 'ideal' (Devine), 'adjusted' (IBW + 0.4 × excess) or 'bmi_based' (on BMI rounded to 0.1: actual if < 18.5, lesser of ideal and actual if 18.5–24.9, adjusted if ≥ 25, as pharmacy practice applies it); all but 'actual' need height" },
      { name: 'height', type: ['number', 'null'], unit: 'cm', default: null, exclusiveMinimum: 0, maximum: 250, description: 'height in height_unit (needed for ideal, adjusted and bmi_based)' },
      heightUnitParam,
    ],
    result: {
      type: 'LAB_CRCL',
      fields: [
        numberField('crcl_ml_min', 'creatinine clearance, rounded to 0.1', 'mL/min'),
        textField('weight_basis', 'the weight_basis asked for', CG_WEIGHTS),
        textField('weight_used', 'which weight the equation used and why'),
        numberField('weight_used_kg', 'the weight put into the equation, rounded to 0.1', 'kg'),
        numberField('creatinine_mg_dl', 'creatinine after conversion, rounded to 0.01', 'mg/dL'),
        textField('creatinine_unit', `the unit the creatinine was given in (${UNIT_NOTE})`),
        { name: 'height_cm', type: ['number', 'null'], unit: 'cm', description: 'height after conversion, or null when not given' },
        textField('sex', 'M or F'),
        textField('equation', 'the equation'),
      ],
    },
    sources: ['Cockcroft & Gault, Nephron 1976;16:31-41', 'Devine, Drug Intell Clin Pharm 1974;8:650-655', 'Pai & Paloucek, Ann Pharmacother 2000;34:1066-1069'],
    impl: (a) => cockcroftGault(a),
  }),
  fn({
    name: 'mdrd_gfr',
    description: 'Estimated GFR by the IDMS-traceable 4-variable MDRD equation.',
    params: [creatinineParam(), ageParam(), sexParam, { name: 'black', type: 'boolean', default: false, description: 'apply the published race coefficient 1.212 (the equation as published; CKD-EPI 2021 in lab.gfr has none)' }, creatinineUnitParam],
    result: {
      type: 'LAB_GFR',
      fields: [
        numberField('eGFR', 'estimated GFR, rounded to 0.1', 'mL/min/1.73m²'),
        textField('unit', 'the unit of eGFR'),
        textField('equation', 'the equation'),
        booleanField('race_coefficient_applied', 'whether the 1.212 coefficient was applied'),
        numberField('creatinine_mg_dl', 'creatinine after conversion, rounded to 0.01', 'mg/dL'),
        textField('creatinine_unit', 'the unit the creatinine was given in'),
        textField('sex', 'M or F'),
      ],
    },
    sources: ['Levey et al., Ann Intern Med 2006;145:247-254', 'Levey et al., Ann Intern Med 1999;130:461-470'],
    impl: (a) => mdrd(a),
  }),
  fn({
    name: 'corrected_calcium',
    description: 'Total calcium corrected for hypoalbuminaemia: Ca + 0.8 × (normal albumin − albumin).',
    params: [num('calcium', 'mg/dL', 1, 25, 'total serum calcium'), num('albumin', 'g/dL', 0.5, 7, 'serum albumin'), { ...num('normal_albumin', 'g/dL', 3, 5, 'the normal albumin the correction refers to'), default: 4 }],
    result: {
      type: 'LAB_CORRECTED_CALCIUM',
      fields: [
        numberField('corrected_calcium_mg_dl', 'corrected total calcium, rounded to 0.01', 'mg/dL'),
        numberField('calcium_mg_dl', 'measured calcium', 'mg/dL'),
        numberField('albumin_g_dl', 'measured albumin', 'g/dL'),
        numberField('normal_albumin_g_dl', 'the normal albumin used', 'g/dL'),
        textField('formula', 'the formula'),
      ],
    },
    sources: ['Payne et al., BMJ 1973;4:643-646'],
    impl: (a) => correctedCalcium(n(a.calcium), n(a.albumin), n(a.normal_albumin)),
  }),
  fn({
    name: 'corrected_sodium',
    description: 'Serum sodium corrected for hyperglycaemia (Katz 1.6 or Hillier 2.4 mEq/L per 100 mg/dL glucose above 100).',
    params: [
      num('sodium', 'mmol/L', 90, 200, 'measured serum sodium'),
      { name: 'glucose', type: 'number', unit: 'mg/dL', exclusiveMinimum: 0, maximum: 3000, description: 'plasma glucose in glucose_unit' },
      { name: 'method', type: 'string', default: 'katz', enum: Object.keys(SODIUM_CORRECTIONS), description: "'katz' (1.6, the common default) or 'hillier' (2.4)" },
      { name: 'glucose_unit', type: 'string', default: 'mg/dL', enum: ['mg/dL', 'mmol/L'], description: "unit of the glucose: 'mg/dL' or 'mmol/L'" },
    ],
    result: {
      type: 'LAB_CORRECTED_SODIUM',
      fields: [
        numberField('corrected_sodium', 'corrected sodium, rounded to 0.1', 'mmol/L'),
        numberField('sodium', 'measured sodium', 'mmol/L'),
        numberField('glucose_mg_dl', 'glucose after conversion, rounded to 0.1', 'mg/dL'),
        textField('glucose_unit', 'the unit the glucose was given in'),
        textField('method', 'the correction used', Object.keys(SODIUM_CORRECTIONS)),
        numberField('factor_per_100_mg_dl', 'sodium added per 100 mg/dL of glucose above 100', 'mmol/L'),
      ],
    },
    sources: ['Katz, NEJM 1973;289:843-844', 'Hillier et al., Am J Med 1999;106:399-403'],
    impl: (a) => correctedSodium(n(a.sodium), n(a.glucose), s(a.glucose_unit), s(a.method)),
  }),
  fn({
    name: 'free_water_deficit',
    description: 'Free water deficit in hypernatraemia from total body water (fraction by age and sex, stated).',
    params: [num('sodium', 'mmol/L', 90, 200, 'serum sodium'), weightParam, ageParam(0), sexParam, { ...num('target_sodium', 'mmol/L', 130, 150, 'the sodium to correct to'), default: 140 }],
    result: {
      type: 'LAB_FREE_WATER_DEFICIT',
      fields: [
        numberField('free_water_deficit_l', 'free water deficit, rounded to 0.01 (negative when sodium is below target)', 'L'),
        numberField('total_body_water_l', 'total body water, rounded to 0.1', 'L'),
        numberField('tbw_fraction', 'fraction of body weight taken as water'),
        textField('tbw_group', 'the group the fraction belongs to'),
        numberField('sodium', 'serum sodium', 'mmol/L'),
        numberField('target_sodium', 'the target sodium', 'mmol/L'),
        booleanField('hypernatremic', 'sodium above the target'),
      ],
    },
    sources: ['Adrogué & Madias, NEJM 2000;342:1493-1499'],
    impl: (a) => freeWaterDeficit(n(a.sodium), n(a.weight_kg), n(a.age), sexOf(a.sex, 'lab.free_water_deficit'), n(a.target_sodium)),
  }),
  fn({
    name: 'fena',
    description: 'Fractional excretion of sodium from paired serum and urine sodium and creatinine.',
    params: [
      num('serum_sodium', 'mmol/L', 90, 200, 'serum sodium'),
      { name: 'urine_sodium', type: 'number', unit: 'mmol/L', minimum: 0, maximum: 400, description: 'urine sodium' },
      { name: 'serum_creatinine', type: 'number', minimum: 0.01, maximum: 3000, description: 'serum creatinine (the same unit as urine_creatinine)' },
      { name: 'urine_creatinine', type: 'number', minimum: 0.01, maximum: 100000, description: 'urine creatinine (the same unit as serum_creatinine)' },
    ],
    result: {
      type: 'LAB_FENA',
      fields: [numberField('fena_percent', 'FENa, rounded to 0.01', '%'), textField('interpretation', 'prerenal below 1 %, intrinsic renal at or above'), textField('caveat', 'when the test misleads')],
    },
    sources: ['Espinel, JAMA 1976;236:579-581'],
    impl: (a) => fena(n(a.serum_sodium), n(a.urine_sodium), n(a.serum_creatinine), n(a.urine_creatinine)),
  }),
  fn({
    name: 'ldl_calculated',
    description: 'Calculated LDL cholesterol: Friedewald (default, TG ≤ 400 mg/dL) or Sampson/NIH (TG ≤ 800 mg/dL).',
    params: [
      num('total_cholesterol', 'mg/dL', 50, 1000, 'total cholesterol'),
      num('hdl', 'mg/dL', 5, 200, 'HDL cholesterol'),
      num('triglycerides', 'mg/dL', 10, 5000, 'triglycerides'),
      { name: 'method', type: 'string', default: 'friedewald', enum: LDL_METHODS, description: "'friedewald' or 'sampson'" },
    ],
    result: {
      type: 'LAB_LDL',
      fields: [
        numberField('ldl_mg_dl', 'calculated LDL cholesterol, rounded to 0.1', 'mg/dL'),
        textField('method', 'the equation used', LDL_METHODS),
        numberField('non_hdl_mg_dl', 'total − HDL cholesterol', 'mg/dL'),
        numberField('triglycerides_mg_dl', 'triglycerides', 'mg/dL'),
        numberField('valid_up_to_tg_mg_dl', 'the highest triglycerides the method is valid for', 'mg/dL'),
      ],
    },
    sources: ['Friedewald et al., Clin Chem 1972;18:499-502', 'Sampson et al., JAMA Cardiol 2020;5:540-548'],
    impl: (a) => ldlCalculated(n(a.total_cholesterol), n(a.hdl), n(a.triglycerides), s(a.method)),
  }),
];


// Body surface area and the weight for a target BMI (issue 25); height in cm or in, stated in the result.
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type FunctionSpec, type JsonObject, type ParamSpec } from '../types.js';
import { centimetres, heightUnitParam, numberField, textField } from '../util/calc-units.js';

const n = (v: unknown): number => v as number;
const s = (v: unknown): string => v as string;
const fn = (spec: Omit<FunctionSpec, 'state'>): FunctionSpec => ({ ...spec, state: 'none' });

export const BSA_FORMULAS: Readonly<Record<string, { compute: (kg: number, cm: number) => number; source: string }>> = {
  // Mosteller, NEJM 1987;317:1098: √(height cm × weight kg / 3600)
  mosteller: { compute: (kg, cm) => Math.sqrt((cm * kg) / 3600), source: 'Mosteller, NEJM 1987;317:1098' },
  // Du Bois & Du Bois, Arch Intern Med 1916;17:863-871: 0.007184 × W^0.425 × H^0.725
  dubois: { compute: (kg, cm) => 0.007184 * kg ** 0.425 * cm ** 0.725, source: 'Du Bois & Du Bois, Arch Intern Med 1916;17:863-871' },
};

const heightParam: ParamSpec = { name: 'height', type: 'number', unit: 'cm', exclusiveMinimum: 0, maximum: 250, description: 'height in height_unit (30–250 cm, 11.8–98.4 in)' };

function heightCm(a: JsonObject, label: string): number {
  const cm = centimetres(n(a.height), s(a.height_unit));
  if (cm < 30 || cm > 250) throw new ArgumentError(`${label}: argument 'height' must be 30–250 cm (11.8–98.4 in), got ${n(a.height)} ${s(a.height_unit)}; check height_unit`);
  return cm;
}

export function bsa(a: JsonObject): JsonObject {
  const cm = heightCm(a, 'nutrition.bsa');
  const formula = s(a.formula);
  return { type: 'NUTR_BSA', bsa_m2: pyRound(BSA_FORMULAS[formula]!.compute(n(a.weight_kg), cm), 2), formula, weight_kg: n(a.weight_kg), height_cm: pyRound(cm, 1), height_unit: s(a.height_unit) };
}

// Weight for a target BMI = BMI × height² (the BMI definition, WHO Technical Report Series 894, 2000).
export function targetWeight(a: JsonObject): JsonObject {
  const cm = heightCm(a, 'nutrition.target_weight');
  return { type: 'NUTR_TARGET_WEIGHT', target_weight_kg: pyRound(n(a.target_bmi) * (cm / 100) ** 2, 1), target_bmi: n(a.target_bmi), height_cm: pyRound(cm, 1), height_unit: s(a.height_unit) };
}

const HEIGHT_FIELDS = [numberField('height_cm', 'height after conversion, rounded to 0.1', 'cm'), textField('height_unit', 'the unit the height was given in')];

export const surfaceFunctions: FunctionSpec[] = [
  fn({
    name: 'bsa',
    aliases: ['body_surface_area'],
    description: 'Body surface area by Mosteller (default) or Du Bois.',
    params: [
      { name: 'weight_kg', type: 'number', unit: 'kg', minimum: 0.3, maximum: 500, description: 'body weight' },
      heightParam,
      { name: 'formula', type: 'string', default: 'mosteller', enum: Object.keys(BSA_FORMULAS), description: "'mosteller' or 'dubois'" },
      heightUnitParam,
    ],
    result: {
      type: 'NUTR_BSA',
      fields: [numberField('bsa_m2', 'body surface area, rounded to 0.01', 'm²'), textField('formula', 'the formula used', Object.keys(BSA_FORMULAS)), numberField('weight_kg', 'body weight', 'kg'), ...HEIGHT_FIELDS],
    },
    sources: Object.values(BSA_FORMULAS).map((f) => f.source),
    impl: (a) => bsa(a),
  }),
  fn({
    name: 'target_weight',
    description: 'The body weight that gives a target BMI at this height: target BMI × height².',
    params: [{ name: 'target_bmi', type: 'number', unit: 'kg/m2', minimum: 10, maximum: 60, description: 'target body-mass index' }, heightParam, heightUnitParam],
    result: {
      type: 'NUTR_TARGET_WEIGHT',
      fields: [numberField('target_weight_kg', 'weight at the target BMI, rounded to 0.1', 'kg'), numberField('target_bmi', 'the target BMI', 'kg/m²'), ...HEIGHT_FIELDS],
    },
    sources: ['WHO Technical Report Series 894, 2000 (BMI = weight / height²)'],
    impl: (a) => targetWeight(a),
  }),
];

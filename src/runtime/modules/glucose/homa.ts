// HOMA-IR (issue 25): fasting insulin × fasting glucose / 22.5 (mmol/L), glucose in mg/dL or mmol/L.
import { pyRound } from '../../../util/round.js';
import { ANALYTES } from '../../../units/analytes.js';
import { ArgumentError, type FunctionSpec, type JsonObject } from '../types.js';
import { numberField, textField } from '../util/calc-units.js';

const MG_DL_PER_MMOL_L = ANALYTES.glucose.molarMass / 10;

// Matthews et al., Diabetologia 1985;28:412-419: HOMA-IR = insulin (µU/mL) × glucose (mmol/L) / 22.5.
export function homaIr(insulin: number, glucose: number, unit: string): JsonObject {
  const mmol = unit === 'mg/dL' ? glucose / MG_DL_PER_MMOL_L : glucose;
  if (mmol < 1 || mmol > 40) throw new ArgumentError(`glucose.homa_ir: argument 'fasting_glucose' must be 1–40 mmol/L (18–720 mg/dL), got ${glucose} ${unit}; check glucose_unit`);
  return { type: 'GLUCOSE_HOMA_IR', homa_ir: pyRound((insulin * mmol) / 22.5, 2), fasting_insulin_uU_ml: insulin, fasting_glucose_mmol_l: pyRound(mmol, 2), glucose_unit: unit, model: 'HOMA1 (Matthews 1985)' };
}

export const homaFunction: FunctionSpec = {
  name: 'homa_ir',
  description: 'Insulin resistance by the homeostatic model (HOMA1-IR) from fasting insulin and glucose; there is no universal cut-off.',
  params: [
    { name: 'fasting_insulin', type: 'number', unit: 'uU/mL', exclusiveMinimum: 0, maximum: 1000, description: 'fasting insulin (µU/mL = mU/L)' },
    { name: 'fasting_glucose', type: 'number', unit: 'mg/dL', exclusiveMinimum: 0, maximum: 1000, description: 'fasting glucose in glucose_unit' },
    { name: 'glucose_unit', type: 'string', default: 'mg/dL', enum: ['mg/dL', 'mmol/L'], description: "unit of the glucose: 'mg/dL' or 'mmol/L'" },
  ],
  result: {
    type: 'GLUCOSE_HOMA_IR',
    fields: [
      numberField('homa_ir', 'HOMA-IR, rounded to 0.01 (1 is the reference of normal insulin sensitivity)'),
      numberField('fasting_insulin_uU_ml', 'fasting insulin', 'µU/mL'),
      numberField('fasting_glucose_mmol_l', 'fasting glucose after conversion, rounded to 0.01', 'mmol/L'),
      textField('glucose_unit', 'the unit the glucose was given in'),
      textField('model', 'the model'),
    ],
  },
  state: 'none',
  sources: ['Matthews et al., Diabetologia 1985;28:412-419'],
  impl: (a) => homaIr(a.fasting_insulin as number, a.fasting_glucose as number, a.glucose_unit as string),
};

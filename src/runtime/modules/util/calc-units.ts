// Units clinicians enter for the bedside calculators (issue 25): creatinine in mg/dL or µmol/L, temperature
// in °C or °F, height in cm or in. Each calculator takes the unit as a named parameter, converts here, and
// states in its result which unit it was given.
import { ANALYTES } from '../../../units/analytes.js';
import { ArgumentError, type ParamSpec, type ResultField } from '../types.js';
import { flag, int, num, oneOf, text } from './result-fields.js';

export const CREATININE_UNITS = ['mg/dL', 'umol/L'] as const;
export const TEMPERATURE_UNITS = ['C', 'F'] as const;
export const HEIGHT_UNITS = ['cm', 'in'] as const;

/** µmol/L × g/mol = µg/L; ÷ 10 000 gives mg/dL (creatinine 88.4 µmol/L = 1 mg/dL). */
export function creatinineMgDl(value: number, unit: string): number {
  return unit === 'umol/L' ? (value * ANALYTES.creatinine.molarMass) / 10_000 : value;
}

/** The creatinine in mg/dL, refusing a value outside 0.1–30 mg/dL (a wrong unit, usually), naming the parameter. */
export function checkedCreatinine(value: number, unit: string, label: string, name = 'creatinine'): number {
  const mgDl = creatinineMgDl(value, unit);
  if (mgDl < 0.1 || mgDl > 30) {
    throw new ArgumentError(`${label}: argument '${name}' must be 0.1–30 mg/dL (8.8–2652 umol/L), got ${value} ${unit}; check creatinine_unit`);
  }
  return mgDl;
}

export function celsius(value: number, unit: string): number {
  return unit === 'F' ? ((value - 32) * 5) / 9 : value;
}

export function centimetres(value: number, unit: string): number {
  return unit === 'in' ? value * 2.54 : value;
}

export const creatinineUnitParam: ParamSpec = { name: 'creatinine_unit', type: 'string', default: 'mg/dL', enum: CREATININE_UNITS, description: "unit of the creatinine value: 'mg/dL' or 'umol/L'" };
export const temperatureUnitParam: ParamSpec = { name: 'temperature_unit', type: 'string', default: 'C', enum: TEMPERATURE_UNITS, description: "unit of the temperature: 'C' or 'F'" };
export const heightUnitParam: ParamSpec = { name: 'height_unit', type: 'string', default: 'cm', enum: HEIGHT_UNITS, description: "unit of the height: 'cm' or 'in'" };

/**
 * A creatinine parameter wide enough for either unit; the plausible range is checked after conversion. Its
 * declared unit is mg/dL so that a protocol quantity (`p.creatinine`, `88 umol/L`) arrives converted to mg/dL.
 */
export const creatinineParam = (name = 'creatinine', description = 'serum creatinine, in creatinine_unit'): ParamSpec => ({ name, type: 'number', unit: 'mg/dL', exclusiveMinimum: 0, maximum: 3000, description });

/** Typed result fields in the calculators' order (description, then unit), built by the shared result-fields builders. */
export const numberField = (name: string, description: string, unit?: string): ResultField => num(name, unit || null, description);
export const integerField = (name: string, description: string): ResultField => int(name, description);
export const textField = (name: string, description: string, values?: readonly string[]): ResultField => (values ? oneOf(name, description, values) : text(name, description));
export const booleanField = flag;

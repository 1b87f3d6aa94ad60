// Reading named patient fields (modules.md §1.5, §2): aliases, plausible ranges, strict booleans,
// derived map and pao2_fio2, and an argument error naming any needed field that is absent.
import { ArgumentError, type JsonObject, type JsonValue } from '../types.js';

interface FieldSpec {
  alias?: string;
  unit: string;
  meaning: string;
  min?: number;
  max?: number;
}

/** The numeric fields of §2 with their plausible ranges. */
export const PATIENT_FIELDS: Readonly<Record<string, FieldSpec>> = Object.freeze({
  age: { unit: 'years', meaning: 'age', min: 0, max: 120 },
  weight: { unit: 'kg', meaning: 'body weight', min: 0.3, max: 500 },
  height: { unit: 'cm', meaning: 'height', min: 30, max: 250 },
  bp: { alias: 'sbp', unit: 'mmHg', meaning: 'systolic blood pressure', min: 20, max: 300 },
  diastolic_bp: { alias: 'dbp', unit: 'mmHg', meaning: 'diastolic blood pressure', min: 10, max: 200 },
  map: { unit: 'mmHg', meaning: 'mean arterial pressure', min: 10, max: 250 },
  hr: { unit: 'beats/min', meaning: 'heart rate', min: 0, max: 300 },
  rr: { unit: 'breaths/min', meaning: 'respiratory rate', min: 0, max: 80 },
  temp: { unit: '°C', meaning: 'body temperature', min: 25, max: 45 },
  spo2: { unit: '%', meaning: 'oxygen saturation', min: 0, max: 100 },
  gcs: { unit: '3–15', meaning: 'Glasgow Coma Scale', min: 3, max: 15 },
  lactate: { unit: 'mmol/L', meaning: 'lactate', min: 0, max: 40 },
  creatinine: { unit: 'mg/dL', meaning: 'serum creatinine', min: 0.1, max: 30 },
  baseline_creatinine: { unit: 'mg/dL', meaning: 'baseline serum creatinine', min: 0.1, max: 30 },
  bun: { unit: 'mg/dL', meaning: 'blood urea nitrogen', min: 1, max: 300 },
  urea: { unit: 'mmol/L', meaning: 'urea', min: 0.3, max: 110 },
  platelets: { unit: '×10³/µL', meaning: 'platelet count', min: 0, max: 2000 },
  bilirubin: { unit: 'mg/dL', meaning: 'total bilirubin', min: 0, max: 80 },
  inr: { unit: 'ratio', meaning: 'INR', min: 0.5, max: 20 },
  sodium: { unit: 'mmol/L', meaning: 'serum sodium', min: 90, max: 200 },
  potassium: { unit: 'mmol/L', meaning: 'serum potassium', min: 1, max: 12 },
  chloride: { unit: 'mmol/L', meaning: 'serum chloride', min: 50, max: 150 },
  hco3: { unit: 'mmol/L', meaning: 'bicarbonate', min: 1, max: 80 },
  albumin: { unit: 'g/dL', meaning: 'serum albumin', min: 0.5, max: 7 },
  hemoglobin: { unit: 'g/dL', meaning: 'hemoglobin', min: 1, max: 25 },
  hematocrit: { unit: '%', meaning: 'hematocrit', min: 5, max: 75 },
  wbc: { unit: '×10³/µL', meaning: 'white cell count', min: 0, max: 500 },
  glucose: { unit: 'mg/dL', meaning: 'glucose', min: 5, max: 3000 },
  total_cholesterol: { unit: 'mg/dL', meaning: 'total cholesterol', min: 50, max: 600 },
  hdl: { unit: 'mg/dL', meaning: 'HDL cholesterol', min: 5, max: 200 },
  ph: { unit: 'pH', meaning: 'arterial pH', min: 6.5, max: 8.0 },
  pao2: { unit: 'mmHg', meaning: 'arterial PaO2', min: 10, max: 700 },
  paco2: { unit: 'mmHg', meaning: 'arterial PaCO2', min: 5, max: 200 },
  fio2: { unit: 'fraction', meaning: 'inspired oxygen fraction', min: 0.21, max: 1.0 },
  pao2_fio2: { unit: 'mmHg', meaning: 'PaO2/FiO2 ratio', min: 10, max: 800 },
  urine_output_ml_kg_hr: { unit: 'mL/kg/h', meaning: 'urine output', min: 0, max: 20 },
  urine_output_hours: { unit: 'h', meaning: 'hours the urine output was averaged over', min: 0, max: 168 },
  urine_output_ml_day: { unit: 'mL/24 h', meaning: 'daily urine output', min: 0, max: 20000 },
  norepinephrine: { unit: 'mcg/kg/min', meaning: 'norepinephrine infusion', min: 0, max: 5 },
  epinephrine: { unit: 'mcg/kg/min', meaning: 'epinephrine infusion', min: 0, max: 5 },
  dopamine: { unit: 'mcg/kg/min', meaning: 'dopamine infusion', min: 0, max: 50 },
  dobutamine: { unit: 'mcg/kg/min', meaning: 'dobutamine infusion', min: 0, max: 50 },
  ast: { unit: 'U/L', meaning: 'aspartate aminotransferase', min: 1, max: 20000 },
  alt: { unit: 'U/L', meaning: 'alanine aminotransferase', min: 1, max: 20000 },
  bands_percent: { unit: '%', meaning: 'band neutrophils', min: 0, max: 100 },
});

/** Reads fields of one patient object for one function, naming that function in every error. */
export class PatientReader {
  constructor(
    private readonly patient: JsonObject,
    private readonly label: string,
  ) {}

  private raw(name: string): JsonValue | undefined {
    const value = this.patient[name];
    if (value !== undefined && value !== null) return value;
    const alias = PATIENT_FIELDS[name]?.alias;
    const aliased = alias === undefined ? undefined : this.patient[alias];
    return aliased === null ? undefined : aliased;
  }

  has(name: string): boolean {
    if (name === 'map') return this.raw('map') !== undefined || (this.has('bp') && this.has('diastolic_bp'));
    if (name === 'pao2_fio2') return this.raw('pao2_fio2') !== undefined || (this.has('pao2') && this.has('fio2'));
    return this.raw(name) !== undefined;
  }

  private describe(name: string): string {
    const spec = PATIENT_FIELDS[name];
    return spec ? `patient field '${name}' (${spec.unit}, ${spec.meaning})` : `patient field '${name}'`;
  }

  /** A needed number: absent or null is an argument error naming the field; implausible values too. */
  number(name: string): number {
    const derived = this.derived(name);
    if (derived !== null) return derived;
    const value = this.raw(name);
    if (value === undefined) throw new ArgumentError(`${this.label}: ${this.describe(name)} is required`);
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new ArgumentError(`${this.label}: ${this.describe(name)} must be a number, got ${typeof value === 'string' ? JSON.stringify(value) : typeof value}`);
    }
    const spec = PATIENT_FIELDS[name];
    if (spec && ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max))) {
      throw new ArgumentError(`${this.label}: ${this.describe(name)} must be between ${spec.min} and ${spec.max}, got ${value}`);
    }
    return value;
  }

  /** A number when present, else null. */
  optionalNumber(name: string): number | null {
    return this.has(name) ? this.number(name) : null;
  }

  /** A needed boolean: only true or false is accepted. */
  boolean(name: string): boolean {
    const value = this.raw(name);
    if (value === undefined) throw new ArgumentError(`${this.label}: ${this.describe(name)} (true or false) is required`);
    if (typeof value !== 'boolean') throw new ArgumentError(`${this.label}: ${this.describe(name)} must be true or false, got ${JSON.stringify(value)}`);
    return value;
  }

  optionalBoolean(name: string): boolean | null {
    return this.raw(name) === undefined ? null : this.boolean(name);
  }

  string(name: string): string {
    const value = this.raw(name);
    if (typeof value !== 'string') throw new ArgumentError(`${this.label}: ${this.describe(name)} is required as text`);
    return value;
  }

  optionalString(name: string): string | null {
    return this.raw(name) === undefined ? null : this.string(name);
  }

  private derived(name: string): number | null {
    if (this.raw(name) !== undefined) return null;
    // mean arterial pressure ≈ (SBP + 2·DBP)/3 (modules.md §2)
    if (name === 'map' && this.has('bp') && this.has('diastolic_bp')) return (this.number('bp') + 2 * this.number('diastolic_bp')) / 3;
    if (name === 'pao2_fio2' && this.has('pao2') && this.has('fio2')) return this.number('pao2') / this.number('fio2');
    return null;
  }
}

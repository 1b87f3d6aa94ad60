// The patient values a dose check may use (issue 22 rule 3), read from a call's `patient` argument or the
// run's patient, and the renal function derived from them. A value counts only when it was sent: a
// default (the service's weight 70, age 55, sex M) never satisfies a patient rule.
import { ArgumentError, type CallContext, type JsonObject, type JsonValue } from '../types.js';

export interface PatientFacts {
  weight: number | null;
  age: number | null;
  sex: 'M' | 'F' | null;
  height: number | null;
  /** serum creatinine, mg/dL */
  creatinine: number | null;
  /** an eGFR or CrCl the caller measured or computed, mL/min(/1.73 m²) */
  egfr: number | null;
  crcl: number | null;
  childPugh: 'A' | 'B' | 'C' | null;
  pregnant: boolean | null;
  medications: string[] | null;
}

/** A renal measure with how it was obtained, for the result and the rule text. */
export interface RenalValue {
  value: number;
  basis: string;
}

const NUMBER_FIELDS = ['weight', 'age', 'height', 'creatinine', 'egfr', 'crcl'] as const;

/** The facts of a `patient` argument (every field counts as sent); `where` names the argument for an error. */
export function patientFacts(argument: JsonObject | null, where: string): PatientFacts | null {
  return argument === null ? null : readFacts(argument, () => true, where);
}

/** The run patient's own medications (issue 22 rule 5), when the request sent them. */
export function runMedications(ctx: CallContext): string[] {
  const run = ctx.patient;
  if (!run || !run.supplied.has('medications')) return [];
  return readFacts(run.fields, (name) => name === 'medications', null).medications ?? [];
}

/** The administer statement's patient: the protocol patient's fields, counting only those the request sent. */
export function statementFacts(ctx: CallContext, fields: JsonObject | null): PatientFacts | null {
  if (fields === null) return null;
  const supplied = ctx.patient?.supplied;
  return readFacts(fields, (name) => supplied === undefined || supplied.has(name), null);
}

function readFacts(fields: JsonObject, sent: (name: string) => boolean, where: string | null): PatientFacts {
  const value = (name: string): JsonValue | undefined => (sent(name) ? fields[name] : undefined);
  const bad = (name: string, wanted: string): null => {
    if (where !== null) throw new ArgumentError(`${where} field '${name}' must be ${wanted}, got ${JSON.stringify(fields[name])}`);
    return null; // a run's patient was validated by the language; anything else is treated as absent
  };
  const numbers: Record<string, number | null> = {};
  for (const name of NUMBER_FIELDS) {
    const v = value(name);
    numbers[name] = v === undefined || v === null ? null : typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : bad(name, `a number ≥ 0${name === 'creatinine' ? ' in mg/dL' : ''}`);
  }
  const sexValue = value('sex');
  const sexText = typeof sexValue === 'string' ? sexValue.trim().toUpperCase() : null;
  const sex = sexValue === undefined || sexValue === null ? null : sexText === 'M' || sexText === 'MALE' ? 'M' : sexText === 'F' || sexText === 'FEMALE' ? 'F' : bad('sex', '"M" or "F"');
  const classValue = value('child_pugh');
  const classText = typeof classValue === 'string' ? classValue.trim().toUpperCase() : null;
  const childPugh = classValue === undefined || classValue === null ? null : classText === 'A' || classText === 'B' || classText === 'C' ? classText : bad('child_pugh', 'A, B or C');
  const pregnantValue = value('pregnant');
  const pregnant = pregnantValue === undefined || pregnantValue === null ? null : typeof pregnantValue === 'boolean' ? pregnantValue : bad('pregnant', 'true or false');
  const meds = value('medications');
  const medications = meds === undefined || meds === null ? null : Array.isArray(meds) && meds.every((m) => typeof m === 'string') ? (meds as string[]) : bad('medications', 'a list of drug names');
  return { weight: numbers.weight!, age: numbers.age!, sex, height: numbers.height!, creatinine: numbers.creatinine!, egfr: numbers.egfr!, crcl: numbers.crcl!, childPugh, pregnant, medications };
}

/** Creatinine clearance: the patient's own value, else Cockcroft-Gault from age, weight, sex and creatinine. */
export function creatinineClearance(p: PatientFacts): RenalValue | { needs: string[] } {
  if (p.crcl !== null) return { value: p.crcl, basis: 'CrCl as sent' };
  const needs = (['creatinine', 'age', 'weight', 'sex'] as const).filter((k) => p[k] === null);
  if (needs.length > 0 || p.creatinine === 0) return { needs: needs.length ? [...needs] : ['creatinine above 0'] };
  // Cockcroft DW, Gault MH, Nephron 1976;16:31-41: (140 − age) × weight / (72 × SCr), × 0.85 for women; actual body weight as in the paper
  const crcl = ((140 - p.age!) * p.weight!) / (72 * p.creatinine!) * (p.sex === 'F' ? 0.85 : 1);
  return { value: Math.round(Math.max(crcl, 0) * 10) / 10, basis: 'Cockcroft-Gault with actual body weight' };
}

/** eGFR: the patient's own value, else CKD-EPI 2021 from creatinine, age and sex. */
export function estimatedGfr(p: PatientFacts): RenalValue | { needs: string[] } {
  if (p.egfr !== null) return { value: p.egfr, basis: 'eGFR as sent' };
  const needs = (['creatinine', 'age', 'sex'] as const).filter((k) => p[k] === null);
  if (needs.length > 0 || p.creatinine === 0) return { needs: needs.length ? [...needs] : ['creatinine above 0'] };
  // CKD-EPI 2021 creatinine equation without race (Inker et al., NEJM 2021;385:1737-1749)
  const [kappa, alpha] = p.sex === 'F' ? [0.7, -0.241] : [0.9, -0.302];
  const ratio = p.creatinine! / kappa;
  const egfr = 142 * Math.min(ratio, 1) ** alpha * Math.max(ratio, 1) ** -1.2 * 0.9938 ** p.age! * (p.sex === 'F' ? 1.012 : 1);
  return { value: Math.round(egfr * 10) / 10, basis: 'CKD-EPI 2021 (race-free)' };
}

/** The values a check used, as the result shows them. */
export function factsRecord(p: PatientFacts): JsonObject {
  const out: JsonObject = {};
  const entries: [string, JsonValue][] = [
    ['weight', p.weight],
    ['age', p.age],
    ['sex', p.sex],
    ['height', p.height],
    ['creatinine', p.creatinine],
    ['egfr', p.egfr],
    ['crcl', p.crcl],
    ['child_pugh', p.childPugh],
    ['pregnant', p.pregnant],
    ['medications', p.medications],
  ];
  for (const [k, v] of entries) if (v !== null) out[k] = v;
  return out;
}

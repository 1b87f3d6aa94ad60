// Liver scores: MELD, MELD-Na, MELD 3.0 and Child-Pugh.
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type JsonObject } from '../types.js';
import { normalizeSex } from '../util/sex.js';
import { PatientReader } from '../util/patient.js';

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

const MELD_MORTALITY: readonly [number, string][] = [[40, '71.3%'], [30, '52.6%'], [20, '19.6%'], [10, '6.0%'], [-Infinity, '1.9%']];

// MELD and MELD-Na per OPTN policy 9.1 (2016; Kim et al., NEJM 2008;359:1018-1026); MELD 3.0 (Kim et al., Gastroenterology 2021;161:1887-1895);
// 3-month mortality strata: Wiesner et al., Gastroenterology 2003;124:91-96.
export function meld(patient: JsonObject): JsonObject {
  const label = 'scores.meld';
  const r = new PatientReader(patient, label);
  const dialysis = r.optionalBoolean('dialysis') === true;
  const creatinine = dialysis ? 4 : clamp(r.number('creatinine'), 1, 4);
  const bilirubin = Math.max(1, r.number('bilirubin'));
  const inr = Math.max(1, r.number('inr'));
  const sodium = clamp(r.number('sodium'), 125, 137);
  const meldI = pyRound(10 * pyRound(0.957 * Math.log(creatinine) + 0.378 * Math.log(bilirubin) + 1.12 * Math.log(inr) + 0.643, 1));
  const meldNaRaw = meldI > 11 ? meldI + 1.32 * (137 - sodium) - 0.033 * meldI * (137 - sodium) : meldI;
  const meldScore = clamp(pyRound(meldI), 6, 40);
  const meldNa = clamp(pyRound(meldNaRaw), 6, 40);
  let meld3: number | null = null;
  if (r.has('albumin') && patient.sex !== undefined && patient.sex !== null) {
    const female = normalizeSex(patient.sex, label, "patient field 'sex'") === 'F' ? 1 : 0;
    const cr3 = dialysis ? 3 : clamp(r.number('creatinine'), 1, 3);
    const alb = clamp(r.number('albumin'), 1.5, 3.5);
    const lnB = Math.log(bilirubin);
    const lnC = Math.log(cr3);
    const raw =
      1.33 * female + 4.56 * lnB + 0.82 * (137 - sodium) - 0.24 * (137 - sodium) * lnB + 9.09 * Math.log(inr) + 11.14 * lnC + 1.85 * (3.5 - alb) - 1.83 * (3.5 - alb) * lnC + 6;
    meld3 = clamp(pyRound(raw), 6, 40);
  }
  return {
    type: 'SCORE',
    scoring: 'MELD-Na',
    meld: meldScore,
    meld_na: meldNa,
    meld_3: meld3,
    mortality_3mo: MELD_MORTALITY.find(([lower]) => meldScore >= lower)![1],
    bounded_inputs: { creatinine, bilirubin, inr, sodium, dialysis },
  };
}

const ASCITES: Record<string, number> = { none: 1, mild: 2, slight: 2, controlled: 2, moderate: 3, severe: 3, tense: 3 };
const ENCEPHALOPATHY: Record<string, number> = { none: 1, grade1: 2, grade2: 2, mild: 2, grade3: 3, grade4: 3, severe: 3 };
const SURVIVAL = { A: ['100%', '85%'], B: ['80%', '60%'], C: ['45%', '35%'] } as const;

function word(patient: JsonObject, field: string, table: Record<string, number>, label: string): number {
  const value = patient[field];
  const key = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  if (key === undefined || !Object.hasOwn(table, key)) {
    throw new ArgumentError(`${label}: patient field '${field}' must be one of ${Object.keys(table).join(', ')}, got ${value === undefined ? 'nothing' : JSON.stringify(value)}`);
  }
  return table[key]!;
}

// Child-Pugh (Pugh et al., Br J Surg 1973;60:646-649), INR in place of prothrombin-time prolongation.
// Survival figures as modules.md §3.9 tabulates them ("as commonly tabulated"); their primary source is not verified here.
export function childPugh(patient: JsonObject): JsonObject {
  const label = 'scores.child_pugh';
  const r = new PatientReader(patient, label);
  const bili = r.number('bilirubin');
  const alb = r.number('albumin');
  const inr = r.number('inr');
  const components = {
    bilirubin: bili < 2 ? 1 : bili <= 3 ? 2 : 3,
    albumin: alb > 3.5 ? 1 : alb >= 2.8 ? 2 : 3,
    inr: inr < 1.7 ? 1 : inr <= 2.3 ? 2 : 3,
    ascites: word(patient, 'ascites', ASCITES, label),
    encephalopathy: word(patient, 'encephalopathy', ENCEPHALOPATHY, label),
  };
  const score = Object.values(components).reduce((a, b) => a + b, 0);
  const grade = score <= 6 ? 'A' : score <= 9 ? 'B' : 'C';
  return { type: 'SCORE', scoring: 'Child-Pugh', score, max_score: 15, components, class: grade, survival_1yr: SURVIVAL[grade][0], survival_2yr: SURVIVAL[grade][1] };
}

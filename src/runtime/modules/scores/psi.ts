// Pneumonia Severity Index (Fine et al., NEJM 1997;336:243-250): class I by the first step, else points.
import type { JsonObject } from '../types.js';
import { PatientReader } from '../util/patient.js';
import { atLeast, below } from '../util/threshold.js';
import { normalizeSex } from '../util/sex.js';

const BUN_MG_DL_PER_UREA_MMOL_L = 2.8014; // two nitrogen atoms per urea molecule

const RECOMMENDATION: Readonly<Record<string, string>> = {
  I: 'Outpatient care.',
  II: 'Outpatient care.',
  III: 'Outpatient care or a brief inpatient observation.',
  IV: 'Inpatient care.',
  V: 'Inpatient care.',
};

export function psi(patient: JsonObject): JsonObject {
  const label = 'scores.psi';
  const r = new PatientReader(patient, label);
  const age = Math.floor(r.number('age'));
  const female = normalizeSex(patient.sex, label, "patient field 'sex'") === 'F';
  const comorbid = {
    neoplastic_disease: r.boolean('neoplastic_disease') ? 30 : 0,
    liver_disease: r.boolean('liver_disease') ? 20 : 0,
    chf: r.boolean('chf') ? 10 : 0,
    cerebrovascular_disease: r.boolean('cerebrovascular_disease') ? 10 : 0,
    renal_disease: r.boolean('renal_disease') ? 10 : 0,
  };
  const temp = r.number('temp');
  const exam = {
    altered_mental_status: r.boolean('confusion') ? 20 : 0,
    respiratory_rate_30: atLeast(r.number('rr'), 30) ? 20 : 0,
    systolic_below_90: below(r.number('bp'), 90) ? 20 : 0,
    temperature_below_35_or_40: below(temp, 35) || atLeast(temp, 40) ? 15 : 0,
    pulse_125: atLeast(r.number('hr'), 125) ? 10 : 0,
  };
  const bun = r.has('bun') ? r.number('bun') : r.number('urea') * BUN_MG_DL_PER_UREA_MMOL_L;
  const hypoxaemic = r.has('pao2') ? below(r.number('pao2'), 60) : below(r.number('spo2'), 90);
  const labs = {
    ph_below_7_35: below(r.number('ph'), 7.35) ? 30 : 0,
    bun_30: atLeast(bun, 30) ? 20 : 0,
    sodium_below_130: below(r.number('sodium'), 130) ? 20 : 0,
    glucose_250: atLeast(r.number('glucose'), 250) ? 10 : 0,
    hematocrit_below_30: below(r.number('hematocrit'), 30) ? 10 : 0,
    hypoxaemia: hypoxaemic ? 10 : 0,
    pleural_effusion: r.boolean('pleural_effusion') ? 10 : 0,
  };
  const demographic = { age: female ? age - 10 : age, nursing_home_resident: r.boolean('nursing_home_resident') ? 10 : 0 };
  const components = { ...demographic, ...comorbid, ...exam, ...labs };
  const score = Object.values(components).reduce((a, b) => a + b, 0);
  // Step 1: 50 or younger with no comorbidity and no examination finding is class I without further points.
  const stepOne = age <= 50 && Object.values(comorbid).every((v) => v === 0) && Object.values(exam).every((v) => v === 0);
  const riskClass = stepOne ? 'I' : score <= 70 ? 'II' : score <= 90 ? 'III' : score <= 130 ? 'IV' : 'V';
  return { type: 'SCORE', scoring: 'PSI', score, components, risk_class: riskClass, class_by_first_step: stepOne, recommendation: RECOMMENDATION[riskClass]! };
}

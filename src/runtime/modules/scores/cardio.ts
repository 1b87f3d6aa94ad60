// Cardiovascular and thrombosis scores: CHA2DS2-VASc, HEART, Framingham and Wells PE.
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type JsonObject } from '../types.js';
import { normalizeSex } from '../util/sex.js';
import { PatientReader } from '../util/patient.js';
import { atLeast } from '../util/threshold.js';

// CHA2DS2-VASc (Lip et al., Chest 2010;137:263-272); recommendation per ESC AF guideline 2020, sex point excluded.
export function cha2ds2Vasc(patient: JsonObject): JsonObject {
  const label = 'scores.cha2ds2_vasc';
  const r = new PatientReader(patient, label);
  const age = r.number('age');
  const female = normalizeSex(patient.sex, label, "patient field 'sex'") === 'F';
  const components = {
    chf: r.boolean('chf') ? 1 : 0,
    hypertension: r.boolean('hypertension') ? 1 : 0,
    age: age >= 75 ? 2 : age >= 65 ? 1 : 0,
    diabetes: r.boolean('diabetes') ? 1 : 0,
    stroke_history: anyOf(r, ['stroke_history', 'tia', 'thromboembolism'], label, 'prior stroke, TIA or thromboembolism', ['stroke_history']) ? 2 : 0,
    vascular_disease: r.boolean('vascular_disease') ? 1 : 0,
    sex_female: female ? 1 : 0,
  };
  const score = Object.values(components).reduce((a, b) => a + b, 0);
  const withoutSex = score - components.sex_female;
  const [risk, recommendation] =
    withoutSex === 0
      ? ['LOW', 'No antithrombotic therapy.']
      : withoutSex === 1
        ? ['MODERATE', 'Consider oral anticoagulation.']
        : ['HIGH', 'Oral anticoagulation is recommended.'];
  return { type: 'SCORE', scoring: 'CHA2DS2-VASc', score, max_score: 9, components, risk, recommendation };
}

/**
 * One criterion that the published rule lets the caller state in several fields: true when any of them
 * is true; false only when a `decisive` field (one that covers the whole criterion) is false.
 */
function anyOf(r: PatientReader, fields: readonly string[], label: string, meaning: string, decisive: readonly string[]): boolean {
  const given = fields.map((f) => r.optionalBoolean(f));
  if (given.includes(true)) return true;
  if (decisive.some((f) => given[fields.indexOf(f)] === false)) return false;
  throw new ArgumentError(`${label}: patient field ${fields.map((f) => `'${f}'`).join(' or ')} (true or false: ${meaning}) is required`);
}

const HEART_ITEMS = ['chest_pain_history', 'ecg_findings', 'cardiac_risk_factors', 'troponin_level'] as const;

// HEART (Six et al., Neth Heart J 2008;16:191-196; Backus et al., Int J Cardiol 2013;168:2153-2158).
export function heartScore(patient: JsonObject): JsonObject {
  const label = 'scores.heart_score';
  const r = new PatientReader(patient, label);
  const components: Record<string, number> = {};
  for (const item of HEART_ITEMS) {
    const value = patient[item];
    if (value === undefined || value === null) throw new ArgumentError(`${label}: patient field '${item}' (0, 1 or 2) is required`);
    if (value !== 0 && value !== 1 && value !== 2) throw new ArgumentError(`${label}: patient field '${item}' must be 0, 1 or 2, got ${JSON.stringify(value)}`);
    components[item] = value;
  }
  const age = r.number('age');
  components.age = age >= 65 ? 2 : age >= 45 ? 1 : 0;
  const score = Object.values(components).reduce((a, b) => a + b, 0);
  const [risk, mace, recommendation] =
    score <= 3
      ? ['LOW', 1.7, 'Low risk: early discharge can be considered.']
      : score <= 6
        ? ['MODERATE', 16.6, 'Admit for observation and further testing.']
        : ['HIGH', 50.1, 'Early invasive strategy.'];
  return { type: 'SCORE', scoring: 'HEART', score, max_score: 10, components, risk, mace_6wk_percent: mace, recommendation };
}

// Framingham general CVD 10-year risk (D'Agostino et al., Circulation 2008;117:743-753), Cox model coefficients.
const FRAMINGHAM = {
  M: { age: 3.06117, tc: 1.1237, hdl: -0.93263, sbpUntreated: 1.93303, sbpTreated: 1.99881, smoker: 0.65451, diabetes: 0.57367, s0: 0.88936, mean: 23.9802 },
  F: { age: 2.32888, tc: 1.20904, hdl: -0.70833, sbpUntreated: 2.76157, sbpTreated: 2.82263, smoker: 0.52873, diabetes: 0.69154, s0: 0.95012, mean: 26.1931 },
} as const;

export function framingham(patient: JsonObject): JsonObject {
  const label = 'scores.framingham';
  const r = new PatientReader(patient, label);
  const age = r.number('age');
  if (age < 30 || age > 100) throw new ArgumentError(`${label}: patient field 'age' must be 30–74 (validated) or 75–100 (computed outside validation), got ${age}`);
  const c = FRAMINGHAM[normalizeSex(patient.sex, label, "patient field 'sex'")];
  const treated = r.boolean('bp_treated');
  const sum =
    c.age * Math.log(age) +
    c.tc * Math.log(r.number('total_cholesterol')) +
    c.hdl * Math.log(r.number('hdl')) +
    (treated ? c.sbpTreated : c.sbpUntreated) * Math.log(r.number('bp')) +
    (r.boolean('smoker') ? c.smoker : 0) +
    (r.boolean('diabetes') ? c.diabetes : 0);
  const risk = (1 - c.s0 ** Math.exp(sum - c.mean)) * 100;
  const category = atLeast(risk, 20) ? 'HIGH' : atLeast(risk, 10) ? 'MODERATE' : 'LOW';
  return { type: 'SCORE', scoring: 'Framingham', risk_10yr_percent: pyRound(risk, 1), category, outside_validation: age > 74 };
}

// Wells criteria for PE (Wells et al., Thromb Haemost 2000;83:416-420): three-tier and two-tier readings.
export function wellsPe(patient: JsonObject): JsonObject {
  const label = 'scores.wells_pe';
  const r = new PatientReader(patient, label);
  const components = {
    dvt_symptoms: r.boolean('dvt_symptoms') ? 3 : 0,
    pe_most_likely: r.boolean('pe_most_likely') ? 3 : 0,
    heart_rate: r.number('hr') > 100 ? 1.5 : 0,
    recent_immobilization: anyOf(r, ['recent_immobilization', 'recent_surgery'], label, 'immobilization ≥ 3 days or surgery within 4 weeks', ['recent_immobilization']) ? 1.5 : 0,
    prior_dvt_pe: r.boolean('prior_dvt_pe') ? 1.5 : 0,
    hemoptysis: r.boolean('hemoptysis') ? 1 : 0,
    active_cancer: r.boolean('active_cancer') ? 1 : 0,
  };
  const score = Object.values(components).reduce((a, b) => a + b, 0);
  const probability = score < 2 ? 'LOW' : score <= 6 ? 'MODERATE' : 'HIGH';
  const likely = score > 4;
  return {
    type: 'SCORE',
    scoring: 'Wells-PE',
    score,
    max_score: 12.5,
    components,
    probability,
    two_tier: likely ? 'PE_LIKELY' : 'PE_UNLIKELY',
    recommendation: likely ? 'PE likely: CT pulmonary angiography.' : 'PE unlikely: D-dimer; image only if it is raised.',
  };
}

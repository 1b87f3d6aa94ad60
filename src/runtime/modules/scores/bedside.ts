// Checklist scores over the patient (issue 25): HAS-BLED, Wells DVT, PERC, RCRI, Centor/McIsaac, FeverPAIN,
// SIRS and FIB-4. Every criterion is a named patient field; an absent one is an argument error naming it.
import { pyRound } from '../../../util/round.js';
import { ArgumentError, type JsonObject } from '../types.js';
import { PatientReader } from '../util/patient.js';
import { above, atLeast, below } from '../util/threshold.js';
import { celsius } from '../util/calc-units.js';

const sum = (components: Record<string, number>): number => Object.values(components).reduce((a, b) => a + b, 0);
/** One point for each of these yes/no patient fields that is true, by field name. */
const points = (r: PatientReader, fields: readonly string[]): Record<string, number> => Object.fromEntries(fields.map((f) => [f, r.boolean(f) ? 1 : 0]));

/** The patient with `temp` converted from °F when the caller says so (temperature_unit 'F'). */
export function withCelsius(patient: JsonObject, unit: string): JsonObject {
  if (unit !== 'F' || typeof patient.temp !== 'number') return patient;
  return { ...patient, temp: celsius(patient.temp, 'F') };
}

// HAS-BLED (Pisters et al., Chest 2010;138:1093-1100): ≥ 3 is high bleeding risk.
export function hasBled(patient: JsonObject): JsonObject {
  const r = new PatientReader(patient, 'scores.has_bled');
  const components = {
    ...points(r, ['uncontrolled_hypertension', 'abnormal_renal_function', 'abnormal_liver_function', 'stroke_history', 'bleeding_history', 'labile_inr']),
    elderly: above(r.number('age'), 65) ? 1 : 0,
    ...points(r, ['antiplatelet_or_nsaid', 'alcohol_excess']),
  };
  const score = sum(components);
  return {
    type: 'SCORE', scoring: 'HAS-BLED', score, max_score: 9, components,
    high_risk: score >= 3,
    recommendation: score >= 3 ? 'High bleeding risk: correct modifiable factors and review regularly; not by itself a reason to withhold anticoagulation.' : 'Bleeding risk not high; address modifiable factors.',
  };
}

// Wells DVT (Wells et al., NEJM 2003;349:1227-1235): two-tier, likely at ≥ 2; three-tier (Wells et al., Lancet 1997;350:1795-1798).
export function wellsDvt(patient: JsonObject): JsonObject {
  const r = new PatientReader(patient, 'scores.wells_dvt');
  const components = {
    ...points(r, ['active_cancer', 'leg_paralysis_or_cast', 'bedridden_or_recent_surgery', 'deep_vein_tenderness', 'entire_leg_swollen', 'calf_swelling_3cm', 'pitting_edema', 'collateral_veins', 'prior_dvt']),
    alternative_diagnosis_likely: r.boolean('alternative_diagnosis_likely') ? -2 : 0,
  };
  const score = sum(components);
  return {
    type: 'SCORE', scoring: 'Wells DVT', score, max_score: 9, components,
    two_tier: score >= 2 ? 'DVT likely' : 'DVT unlikely',
    three_tier: score >= 3 ? 'High' : score >= 1 ? 'Moderate' : 'Low',
    recommendation: score >= 2 ? 'DVT likely: proximal or whole-leg ultrasound (D-dimer alone does not exclude).' : 'DVT unlikely: a negative D-dimer excludes DVT; otherwise ultrasound.',
  };
}

// PERC (Kline et al., J Thromb Haemost 2004;2:1247-1255): all eight absent rules out PE when pre-test probability is low.
export function perc(patient: JsonObject): JsonObject {
  const r = new PatientReader(patient, 'scores.perc');
  const components = {
    age_50_or_more: atLeast(r.number('age'), 50) ? 1 : 0,
    heart_rate_100_or_more: atLeast(r.number('hr'), 100) ? 1 : 0,
    spo2_below_95: below(r.number('spo2'), 95) ? 1 : 0,
    ...points(r, ['unilateral_leg_swelling', 'hemoptysis', 'recent_surgery_or_trauma', 'prior_dvt_pe', 'hormone_use']),
  };
  const score = sum(components);
  return {
    type: 'SCORE', scoring: 'PERC', score, max_score: 8, components,
    perc_negative: score === 0,
    recommendation: score === 0 ? 'PERC negative: with a low clinical pre-test probability (< 15 %), no further testing for PE.' : 'PERC positive: the rule cannot exclude PE; consider D-dimer or imaging.',
  };
}

/** Lee et al. 1999, validation cohort: major cardiac complication rate by class (0, 1, 2, ≥ 3 factors). */
const RCRI_RISK = [0.4, 0.9, 6.6, 11.0];

// Revised Cardiac Risk Index (Lee et al., Circulation 1999;100:1043-1049).
export function rcri(patient: JsonObject): JsonObject {
  const r = new PatientReader(patient, 'scores.rcri');
  const components = {
    ...points(r, ['high_risk_surgery', 'ischemic_heart_disease', 'chf', 'cerebrovascular_disease', 'insulin_treated_diabetes']),
    creatinine_above_2: above(r.number('creatinine'), 2) ? 1 : 0,
  };
  const score = sum(components);
  const riskClass = Math.min(score, 3);
  return { type: 'SCORE', scoring: 'RCRI', score, max_score: 6, components, risk_class: ['I', 'II', 'III', 'IV'][riskClass]!, major_cardiac_complication_percent: RCRI_RISK[riskClass]! };
}

export const CENTOR_VARIANTS = ['mcisaac', 'centor'] as const;

// Centor et al., Med Decis Making 1981;1:239-246; McIsaac et al., CMAJ 1998;158:75-83 (age 3–14 +1, ≥ 45 −1).
export function centor(patient: JsonObject, variant: string): JsonObject {
  const r = new PatientReader(patient, 'scores.centor');
  const components: Record<string, number> = {
    fever_above_38: above(r.number('temp'), 38) ? 1 : 0,
    ...points(r, ['no_cough', 'tender_anterior_nodes', 'tonsillar_exudate']),
  };
  if (variant === 'mcisaac') {
    const age = r.number('age');
    if (below(age, 3)) throw new ArgumentError("scores.centor: the McIsaac score is for ages 3 and over, got patient field 'age' " + age);
    components.age = below(age, 15) ? 1 : atLeast(age, 45) ? -1 : 0;
  }
  const score = sum(components);
  return {
    type: 'SCORE', scoring: variant === 'mcisaac' ? 'Centor (McIsaac)' : 'Centor', score, max_score: variant === 'mcisaac' ? 5 : 4, components, variant,
    recommendation: score <= 1 ? 'No throat culture or antibiotic.' : score <= 3 ? 'Throat culture or rapid antigen test; treat if positive.' : 'Culture or rapid antigen test, or empirical antibiotics.',
  };
}

// FeverPAIN (Little et al., BMJ 2013;347:f5806); strep likelihood bands as in NICE NG84 (2018).
export function feverPain(patient: JsonObject): JsonObject {
  const r = new PatientReader(patient, 'scores.feverpain');
  const components = {
    ...points(r, ['fever_past_24h', 'purulence', 'rapid_attendance', 'severely_inflamed_tonsils', 'no_cough_or_coryza']),
  };
  const score = sum(components);
  const [likelihood, recommendation] =
    score <= 1 ? ['13–18 %', 'No antibiotic.'] : score <= 3 ? ['34–40 %', 'Consider no antibiotic or a back-up (delayed) prescription.'] : ['62–65 %', 'Consider an immediate antibiotic or a back-up prescription.'];
  return { type: 'SCORE', scoring: 'FeverPAIN', score, max_score: 5, components, streptococcus_likelihood: likelihood, recommendation };
}

// SIRS (Bone et al., ACCP/SCCM consensus, Chest 1992;101:1644-1655): two or more of four criteria.
export function sirs(patient: JsonObject): JsonObject {
  const r = new PatientReader(patient, 'scores.sirs');
  const temp = r.number('temp');
  const paco2 = r.optionalNumber('paco2');
  const bands = r.optionalNumber('bands_percent');
  const wbc = r.number('wbc');
  const components = {
    temperature: above(temp, 38) || below(temp, 36) ? 1 : 0,
    heart_rate: above(r.number('hr'), 90) ? 1 : 0,
    respiratory: above(r.number('rr'), 20) || (paco2 !== null && below(paco2, 32)) ? 1 : 0,
    white_cells: above(wbc, 12) || below(wbc, 4) || (bands !== null && above(bands, 10)) ? 1 : 0,
  };
  const score = sum(components);
  return { type: 'SCORE', scoring: 'SIRS', score, max_score: 4, components, sirs: score >= 2 };
}

// FIB-4 (Sterling et al., Hepatology 2006;43:1317-1325): age × AST / (platelets × √ALT); < 1.45 and > 3.25, decided on the value rounded to 0.01.
export function fib4(patient: JsonObject): JsonObject {
  const r = new PatientReader(patient, 'scores.fib4');
  const platelets = r.number('platelets');
  if (platelets <= 0) throw new ArgumentError(`scores.fib4: patient field 'platelets' (×10³/µL) must be above 0, got ${platelets}`);
  const value = pyRound((r.number('age') * r.number('ast')) / (platelets * Math.sqrt(r.number('alt'))), 2);
  const [risk, interpretation] =
    value < 1.45 ? ['LOW', 'Advanced fibrosis unlikely (FIB-4 < 1.45).'] : value > 3.25 ? ['HIGH', 'Advanced fibrosis likely (FIB-4 > 3.25); refer for assessment.'] : ['INDETERMINATE', 'Indeterminate (1.45–3.25): elastography or another test.'];
  return { type: 'SCORE', scoring: 'FIB-4', fib4: value, risk, interpretation };
}

// Clinical inputs that used to under-score silently (issue 19): unknown fields are refused by name,
// contradictions are refused, and each criterion is read in every form its published rule allows.
import { expect } from 'chai';
import { libraryOf } from './helpers/library.js';
import { runError } from './helpers/run.js';

const scores = libraryOf('scores');

// CHA2DS2-VASc (Lip et al., Chest 2010): "stroke/TIA/thromboembolism" is one 2-point criterion.
const AF = { age: 60, sex: 'M', chf: false, hypertension: false, diabetes: false, vascular_disease: false };
// Wells (Wells et al., Thromb Haemost 2000): "immobilization ≥ 3 days or surgery in the previous 4 weeks" 1.5.
const CHEST = { dvt_symptoms: false, pe_most_likely: false, hr: 80, prior_dvt_pe: false, hemoptysis: false, active_cancer: false };
// SOFA (Vincent et al., Intensive Care Med 1996): every organ at 0 points.
const SOFA_ZERO = { pao2_fio2: 450, platelets: 200, bilirubin: 1.0, map: 75, gcs: 15, creatinine: 1.0 };
const sofa = (patient: Record<string, unknown>): Record<string, number> => scores.call('sofa', patient, true).components;

describe('scores: strict clinical inputs', () => {
  it('cha2ds2_vasc scores a TIA or thromboembolism as the stroke criterion (2 points)', () => {
    expect(scores.call('cha2ds2_vasc', { ...AF, tia: true }).components.stroke_history).to.equal(2);
    expect(scores.call('cha2ds2_vasc', { ...AF, thromboembolism: true, stroke_history: false }).score).to.equal(2);
    expect(scores.call('cha2ds2_vasc', { ...AF, stroke_history: false }).score).to.equal(0);
    expect(scores.call('cha2ds2_vasc', { ...AF, stroke_history: true }).score).to.equal(2);
  });

  it('cha2ds2_vasc will not read "no TIA" as "no stroke"', () => {
    expect(scores.error('cha2ds2_vasc', { ...AF, tia: false })).to.equal(
      "scores.cha2ds2_vasc: patient field 'stroke_history' or 'tia' or 'thromboembolism' (true or false: prior stroke, TIA or thromboembolism) is required",
    );
  });

  it('refuses a near miss of a field the score reads, naming it, the field meant and what the score reads', () => {
    expect(scores.error('cha2ds2_vasc', { ...AF, stroke_history: false, tia2: true })).to.equal(
      "scores.cha2ds2_vasc: unknown patient field 'tia2' (did you mean 'tia'?); this score reads age, sex, chf, hypertension, diabetes, stroke_history or tia or thromboembolism, vascular_disease",
    );
    expect(scores.error('wells_pe', { ...CHEST, recent_immobilization: false, surgery: true })).to.match(
      /^scores\.wells_pe: unknown patient field 'surgery' \(did you mean 'recent_surgery'\?\); this score reads .*recent_immobilization, \(recent_surgery\)/,
    );
    expect(scores.error('sofa', { ...SOFA_ZERO, on_vasopressors: false, plateletts: 100 })).to.match(/^scores\.sofa: unknown patient field 'plateletts' \(did you mean 'platelets'\?\)/);
    // case and separator variants are near misses too
    expect(scores.error('qsofa', { rr: 20, bp: 120, gcs: 15, GCS: 15 })).to.match(/^scores\.qsofa: unknown patient field 'GCS' \(did you mean 'gcs'\?\)/);
    expect(scores.error('cha2ds2_vasc', { ...AF, stroke_history: false, 'Vascular-Disease': true })).to.match(/did you mean 'vascular_disease'/);
  });

  it('ignores fields the score does not read and that name nothing it reads (a protocol own inputs, other scores fields)', () => {
    expect(scores.call('qsofa', { rr: 22, bp: 100, gcs: 15, minutes_since_recognition: 30, plateletts: 100, medications: ['Warfarin'], day: 3 })).to.equal(2);
    // two letters apart from a two-letter field is no near miss: ph is not a misspelt hr
    expect(scores.call('news2', { rr: 16, spo2: 97, on_oxygen: false, bp: 120, hr: 70, temp: 37, gcs: 15, xx: 1 }).score).to.equal(0);
  });

  it('accepts every §2 field and the fields a run derives, so one patient can go to every score', () => {
    expect(scores.call('qsofa', { rr: 22, bp: 100, gcs: 15, name: 'A', mrn: '1', weight: 70, lactate: 4, shock_index: 1.1, bmi: 24, sbp: 100 })).to.equal(2);
  });

  it('wells_pe takes recent surgery as the immobilization criterion (1.5)', () => {
    expect(scores.call('wells_pe', { ...CHEST, recent_surgery: true }).score).to.equal(1.5);
    expect(scores.call('wells_pe', { ...CHEST, recent_immobilization: false, recent_surgery: true }).score).to.equal(1.5);
    expect(scores.call('wells_pe', { ...CHEST, recent_immobilization: false }).score).to.equal(0);
    expect(scores.error('wells_pe', { ...CHEST, recent_surgery: false })).to.match(/'recent_immobilization' or 'recent_surgery' \(true or false: immobilization ≥ 3 days or surgery within 4 weeks\) is required/);
  });

  it('sofa scores vasopressor doses without on_vasopressors, on both sides of norepinephrine 0.1', () => {
    expect(sofa({ ...SOFA_ZERO, norepinephrine: 0.2 }).cardiovascular).to.equal(4);
    expect(sofa({ ...SOFA_ZERO, norepinephrine: 0.1 }).cardiovascular).to.equal(3);
    expect(sofa({ ...SOFA_ZERO, on_vasopressors: true, norepinephrine: 0.11 }).cardiovascular).to.equal(4);
    expect(sofa({ ...SOFA_ZERO, dopamine: 5 }).cardiovascular).to.equal(2);
    expect(sofa({ ...SOFA_ZERO, on_vasopressors: false }).cardiovascular).to.equal(0);
    expect(sofa({ ...SOFA_ZERO, on_vasopressors: false, norepinephrine: 0 }).cardiovascular).to.equal(0);
  });

  it('sofa refuses on_vasopressors false with a running dose instead of ignoring the dose', () => {
    expect(scores.error('sofa', { ...SOFA_ZERO, on_vasopressors: false, norepinephrine: 0.2 })).to.equal(
      "scores.sofa: on_vasopressors is false but 'norepinephrine' is 0.2 mcg/kg/min; send on_vasopressors true with the running doses, or a dose of 0",
    );
    expect(scores.error('sofa', { ...SOFA_ZERO })).to.match(/^scores\.sofa: patient field 'on_vasopressors' \(true or false\) or the running doses/);
    // in a protocol the same refusal is a runtime error at the call
    expect(runError('protocol P { let s = med.scores.sofa({"pao2_fio2": 450, "platelets": 200, "bilirubin": 1.0, "map": 75, "gcs": 15, "creatinine": 1.0, "on_vasopressors": false, "norepinephrine": 0.2}); }')).to.match(
      /^Runtime error at line 1, column 22: scores\.sofa: on_vasopressors is false but 'norepinephrine' is 0\.2/,
    );
  });

  it('sofa scores renal from urine output alone, on both sides of 200 and 500 mL/day', () => {
    const noCreatinine = { ...SOFA_ZERO, on_vasopressors: false, creatinine: undefined };
    expect(sofa({ ...noCreatinine, urine_output_ml_day: 199 }).renal).to.equal(4);
    expect(sofa({ ...noCreatinine, urine_output_ml_day: 200 }).renal).to.equal(3);
    expect(sofa({ ...noCreatinine, urine_output_ml_day: 499 }).renal).to.equal(3);
    expect(sofa({ ...noCreatinine, urine_output_ml_day: 500 }).renal).to.equal(0);
    expect(sofa({ ...SOFA_ZERO, on_vasopressors: false, creatinine: 3.5, urine_output_ml_day: 150 }).renal).to.equal(4); // the higher counts
    expect(scores.error('sofa', noCreatinine)).to.equal(
      "scores.sofa: patient field 'creatinine' (mg/dL, serum creatinine) or 'urine_output_ml_day' (mL/24 h) is required for the renal score",
    );
  });
});

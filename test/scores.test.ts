import { expect } from 'chai';
import { callFunction } from '../src/engine/call.js';
import { registry } from '../src/runtime/modules/index.js';

type Obj = Record<string, any>;

function score(fn: string, patient: Obj, extra: unknown[] = []): any {
  const outcome = callFunction({ module: 'scores', function: fn, args: [patient, ...(extra as never[])] });
  if (outcome.kind !== 'ok') throw new Error(outcome.body.error!);
  return outcome.body.result;
}

function error(fn: string, patient: Obj): string {
  const outcome = callFunction({ module: 'scores', function: fn, args: [patient] });
  expect(outcome.kind).to.equal('invalid');
  return outcome.body.error!;
}

describe('scores: registry', () => {
  it('registers the 13 functions of modules.md §3.1 in order, then the MedCalc-Bench scores of issue 25, then aliases', () => {
    expect(registry.listing().scores).to.deep.equal([
      'qsofa', 'sofa', 'news2', 'cha2ds2_vasc', 'heart_score', 'framingham', 'meld', 'child_pugh', 'curb65', 'wells_pe',
      'glasgow_blatchford', 'kdigo_aki', 'apache_ii',
      'has_bled', 'wells_dvt', 'perc', 'rcri', 'centor', 'feverpain', 'sirs', 'fib4', 'psi', 'framingham_hard_chd', 'charlson', 'caprini',
      'gcs', 'due_date', 'conception_date', 'gestational_age',
      'cha2ds2vasc', 'mcisaac', 'pneumonia_severity_index', 'charlson_comorbidity_index', 'glasgow_coma_scale',
    ]);
  });
});

describe('scores.qsofa', () => {
  it('scores RR ≥ 22, SBP ≤ 100 and altered mentation at their boundaries', () => {
    expect(score('qsofa', { rr: 21, bp: 101, gcs: 15 })).to.equal(0);
    expect(score('qsofa', { rr: 22, bp: 101, gcs: 15 })).to.equal(1);
    expect(score('qsofa', { rr: 22, bp: 100, gcs: 15 })).to.equal(2);
    expect(score('qsofa', { rr: 22, bp: 100, gcs: 14 })).to.equal(3);
    expect(score('qsofa', { rr: 10, bp: 120, gcs: 15, consciousness: 'V' })).to.equal(1);
    expect(score('qsofa', { rr: 10, bp: 120, gcs: 14, consciousness: 'A' })).to.equal(0); // consciousness wins when present
  });

  it('returns the SCORE record with detail, positive at ≥ 2', () => {
    expect(score('qsofa', { rr: 22, bp: 100, gcs: 15 }, [true])).to.deep.equal({
      type: 'SCORE', scoring: 'qSOFA', score: 2, max_score: 3, components: { rr: 1, bp: 1, mentation: 0 }, positive: true,
    });
  });

  it('names a missing field and an implausible one', () => {
    expect(error('qsofa', { bp: 90, gcs: 15 })).to.equal("scores.qsofa: patient field 'rr' (breaths/min, respiratory rate) is required");
    expect(error('qsofa', { rr: 20, bp: 90, gcs: 16 })).to.match(/'gcs'.*must be between 3 and 15, got 16/);
    expect(error('qsofa', { rr: 20, bp: 90, consciousness: 'Z' })).to.match(/'consciousness' must be one of A, C, V, P, U/);
  });
});

describe('scores.sofa (modules.md §23 vectors)', () => {
  const base = { pao2_fio2: 450, ventilated: false, platelets: 200, bilirubin: 1.0, map: 80, on_vasopressors: false, gcs: 15, creatinine: 1.0 };
  const organ = (patch: Obj, name: string): number => score('sofa', { ...base, ...patch }, [true]).components[name];

  it('liver: bilirubin 1.19 / 1.2 / 1.95 / 2.0 score 0 / 1 / 1 / 2', () => {
    expect([1.19, 1.2, 1.95, 2.0, 6, 12].map((b) => organ({ bilirubin: b }, 'liver'))).to.deep.equal([0, 1, 1, 2, 3, 4]);
  });
  it('renal: creatinine 3.5 scores 3; urine output below 500 / 200 mL/day scores 3 / 4', () => {
    expect(organ({ creatinine: 3.5 }, 'renal')).to.equal(3);
    expect(organ({ creatinine: 3.49 }, 'renal')).to.equal(2);
    expect(organ({ urine_output_ml_day: 499 }, 'renal')).to.equal(3);
    expect(organ({ urine_output_ml_day: 199 }, 'renal')).to.equal(4);
  });
  it('respiration: PF 180 not ventilated 2, ventilated 3; below 100 ventilated 4', () => {
    expect(organ({ pao2_fio2: 180, ventilated: false }, 'respiration')).to.equal(2);
    expect(organ({ pao2_fio2: 180, ventilated: true }, 'respiration')).to.equal(3);
    expect(organ({ pao2_fio2: 99, ventilated: true }, 'respiration')).to.equal(4);
    expect(organ({ pao2_fio2: 400 }, 'respiration')).to.equal(0);
    expect(organ({ pao2_fio2: 399 }, 'respiration')).to.equal(1);
  });
  it('cardiovascular: norepinephrine 0.1 scores 3, 0.11 scores 4; dopamine 5 scores 2; MAP 69 scores 1', () => {
    expect(organ({ on_vasopressors: true, norepinephrine: 0.1 }, 'cardiovascular')).to.equal(3);
    expect(organ({ on_vasopressors: true, norepinephrine: 0.11 }, 'cardiovascular')).to.equal(4);
    expect(organ({ on_vasopressors: true, dopamine: 5 }, 'cardiovascular')).to.equal(2);
    expect(organ({ on_vasopressors: true, dopamine: 5.1 }, 'cardiovascular')).to.equal(3);
    expect(organ({ map: 69 }, 'cardiovascular')).to.equal(1);
    expect(organ({ map: 70 }, 'cardiovascular')).to.equal(0);
  });
  it('coagulation and CNS bands', () => {
    expect([150, 149, 99, 49, 19].map((p) => organ({ platelets: p }, 'coagulation'))).to.deep.equal([0, 1, 2, 3, 4]);
    expect([15, 14, 12, 9, 5].map((g) => organ({ gcs: g }, 'cns'))).to.deep.equal([0, 1, 2, 3, 4]);
  });
  it('asks for the doses when on_vasopressors is true without any', () => {
    expect(error('sofa', { ...base, on_vasopressors: true })).to.match(/send the running doses/);
    expect(error('sofa', { ...base, platelets: undefined })).to.match(/'platelets' \(×10³\/µL, platelet count\) is required/);
  });
});

describe('scores.news2', () => {
  const base = { rr: 18, spo2: 96, on_oxygen: false, bp: 120, hr: 70, temp: 37, consciousness: 'A' };
  it('§23: rr 18, spo2 96, air, bp 85, hr 95, temp 37, alert → 4 LOW-MEDIUM (SBP scores 3)', () => {
    const r = score('news2', { ...base, bp: 85, hr: 95 });
    expect(r).to.include({ score: 4, risk: 'LOW-MEDIUM', single_parameter_3: true, spo2_scale: 1 });
    expect(Object.keys(r)).to.deep.equal(['type', 'scoring', 'score', 'max_score', 'components', 'risk', 'action', 'spo2_scale', 'single_parameter_3']);
  });
  it('respiration rate 20 / 21 / 24 / 25 and the other bands at their edges', () => {
    const c = (patch: Obj, key: string): number => score('news2', { ...base, ...patch }).components[key];
    expect([8, 9, 11, 12, 20, 21, 24, 25].map((rr) => c({ rr }, 'respiration_rate'))).to.deep.equal([3, 1, 1, 0, 0, 2, 2, 3]);
    expect([91, 92, 93, 94, 95, 96].map((spo2) => c({ spo2 }, 'spo2'))).to.deep.equal([3, 2, 2, 1, 1, 0]);
    expect([90, 91, 100, 101, 110, 111, 219, 220].map((bp) => c({ bp }, 'systolic_bp'))).to.deep.equal([3, 2, 2, 1, 1, 0, 0, 3]);
    expect([40, 41, 50, 51, 90, 91, 110, 111, 130, 131].map((hr) => c({ hr }, 'pulse'))).to.deep.equal([3, 1, 1, 0, 0, 1, 1, 2, 2, 3]);
    expect([35, 35.1, 36, 36.1, 38, 38.1, 39, 39.1].map((temp) => c({ temp }, 'temperature'))).to.deep.equal([3, 1, 1, 0, 0, 1, 1, 2]);
  });
  it('uses SpO2 scale 2 only when the patient says so', () => {
    const c = (patch: Obj): number => score('news2', { ...base, spo2_scale: 2, ...patch }).components.spo2;
    expect([83, 84, 86, 88, 92].map((spo2) => c({ spo2 }))).to.deep.equal([3, 2, 1, 0, 0]);
    expect([93, 95, 97].map((spo2) => c({ spo2, on_oxygen: true }))).to.deep.equal([1, 2, 3]);
    expect(c({ spo2: 97, on_oxygen: false })).to.equal(0);
  });
  it('bands risk: 5 MEDIUM, 7 HIGH; needs on_oxygen', () => {
    expect(score('news2', { ...base, rr: 21, hr: 111, temp: 38.1 }).risk).to.equal('MEDIUM'); // 2 + 2 + 1
    expect(score('news2', { ...base, rr: 25, hr: 131, temp: 39.1 }).risk).to.equal('HIGH'); // 3 + 3 + 2
    expect(error('news2', { ...base, on_oxygen: undefined })).to.match(/'on_oxygen' \(true or false\) is required/);
  });
});

describe('scores.cha2ds2_vasc and heart_score', () => {
  const none = { age: 60, sex: 'M', chf: false, hypertension: false, diabetes: false, stroke_history: false, vascular_disease: false };
  it('counts age 65 / 75, and risk excludes the sex point', () => {
    expect(score('cha2ds2_vasc', none)).to.include({ score: 0, risk: 'LOW' });
    expect(score('cha2ds2_vasc', { ...none, sex: 'female' })).to.include({ score: 1, risk: 'LOW' });
    expect(score('cha2ds2_vasc', { ...none, age: 65 })).to.include({ score: 1, risk: 'MODERATE' });
    expect(score('cha2ds2vasc', { ...none, age: 75, stroke_history: true })).to.include({ score: 4, risk: 'HIGH' });
    expect(error('cha2ds2_vasc', { ...none, sex: 'U' })).to.match(/'sex' must be 'M', 'F', 'male' or 'female', got "U"/);
  });
  it('HEART: risk bands 3 / 4 and 6 / 7, age 45 and 65', () => {
    const items = (h: number, e: number, r: number, t: number, age: number) => ({ chest_pain_history: h, ecg_findings: e, cardiac_risk_factors: r, troponin_level: t, age });
    expect(score('heart_score', items(1, 1, 1, 0, 44))).to.include({ score: 3, risk: 'LOW', mace_6wk_percent: 1.7 });
    expect(score('heart_score', items(1, 1, 1, 0, 45))).to.include({ score: 4, risk: 'MODERATE' });
    expect(score('heart_score', items(2, 2, 0, 0, 65))).to.include({ score: 6, risk: 'MODERATE', mace_6wk_percent: 16.6 });
    expect(score('heart_score', items(2, 2, 1, 0, 65))).to.include({ score: 7, risk: 'HIGH', mace_6wk_percent: 50.1 });
    expect(error('heart_score', items(3, 0, 0, 0, 50))).to.match(/'chest_pain_history' must be 0, 1 or 2, got 3/);
  });
});

describe('scores.framingham (§23 vectors)', () => {
  it('man 55, TC 213, HDL 50, SBP 120 untreated → 10.2 % MODERATE', () => {
    // Σβx = 3.06117·ln55 + 1.12370·ln213 − 0.93263·ln50 + 1.93303·ln120 = 23.8975; 1 − 0.88936^exp(23.8975 − 23.9802) = 0.1023
    const r = score('framingham', { age: 55, sex: 'M', total_cholesterol: 213, hdl: 50, bp: 120, bp_treated: false, smoker: false, diabetes: false });
    expect(r).to.deep.equal({ type: 'SCORE', scoring: 'Framingham', risk_10yr_percent: 10.2, category: 'MODERATE', outside_validation: false });
  });
  it('woman 61, TC 180, HDL 47, SBP 124 treated, smoker → 13.8 %', () => {
    // Σβx = 27.2597; 1 − 0.95012^exp(27.2597 − 26.1931) = 0.1381
    const r = score('framingham', { age: 61, sex: 'F', total_cholesterol: 180, hdl: 47, bp: 124, bp_treated: true, smoker: true, diabetes: false });
    expect(r.risk_10yr_percent).to.equal(13.8);
  });
  it('flags ages over 74 and refuses ages outside 30–100', () => {
    const p = { sex: 'M', total_cholesterol: 213, hdl: 50, bp: 120, bp_treated: false, smoker: false, diabetes: false };
    expect(score('framingham', { ...p, age: 75 }).outside_validation).to.equal(true);
    expect(score('framingham', { ...p, age: 74 }).outside_validation).to.equal(false);
    expect(error('framingham', { ...p, age: 29 })).to.match(/'age' must be 30–74/);
  });
});

describe('scores.meld (§23 vectors)', () => {
  it('Cr 2.1, bili 3.2, INR 1.8, Na 130 → MELD 25, MELD-Na 28', () => {
    // 0.957·ln2.1 + 0.378·ln3.2 + 1.120·ln1.8 + 0.643 = 2.451 → 2.5 → 25; 25 + 1.32·7 − 0.033·25·7 = 28.465 → 28
    expect(score('meld', { creatinine: 2.1, bilirubin: 3.2, inr: 1.8, sodium: 130 })).to.include({ meld: 25, meld_na: 28, mortality_3mo: '19.6%', meld_3: null });
  });
  it('Cr 1.0, bili 1.0, INR 1.0, Na 130 → 6 / 6 (no sodium term at MELD(i) ≤ 11)', () => {
    expect(score('meld', { creatinine: 1.0, bilirubin: 1.0, inr: 1.0, sodium: 130 })).to.include({ meld: 6, meld_na: 6, mortality_3mo: '1.9%' });
  });
  it('Cr 1.5, bili 2.0, INR 1.5, Na 137 → 17 / 17', () => {
    expect(score('meld', { creatinine: 1.5, bilirubin: 2.0, inr: 1.5, sodium: 137 })).to.include({ meld: 17, meld_na: 17 });
  });
  it('bounds inputs and puts dialysis at creatinine 4.0', () => {
    const r = score('meld', { creatinine: 0.5, bilirubin: 0.4, inr: 0.9, sodium: 150, dialysis: false });
    expect(r.bounded_inputs).to.deep.equal({ creatinine: 1, bilirubin: 1, inr: 1, sodium: 137, dialysis: false });
    expect(score('meld', { creatinine: 1.0, bilirubin: 1.0, inr: 1.0, sodium: 137, dialysis: true }).bounded_inputs.creatinine).to.equal(4);
  });
  it('computes MELD 3.0 when albumin and sex are given', () => {
    // female, bili 1, INR 1, Cr 1, Na 137, albumin 3.5: 1.33 + 6 = 7.33 → 7
    expect(score('meld', { creatinine: 1, bilirubin: 1, inr: 1, sodium: 137, albumin: 3.5, sex: 'F' }).meld_3).to.equal(7);
  });
});

describe('scores.child_pugh, curb65, wells_pe, glasgow_blatchford', () => {
  it('Child-Pugh classes A 5–6, B 7–9, C 10–15 at the item boundaries', () => {
    const p = { bilirubin: 1.9, albumin: 3.6, inr: 1.6, ascites: 'none', encephalopathy: 'none' };
    expect(score('child_pugh', p)).to.include({ score: 5, class: 'A', survival_1yr: '100%', survival_2yr: '85%' });
    expect(score('child_pugh', { ...p, bilirubin: 2, albumin: 3.5, inr: 1.7 })).to.include({ score: 8, class: 'B' });
    expect(score('child_pugh', { ...p, bilirubin: 3.1, albumin: 2.7, inr: 2.4, ascites: 'tense', encephalopathy: 'grade3' })).to.include({ score: 15, class: 'C' });
    expect(error('child_pugh', { ...p, ascites: true } as Obj)).to.match(/'ascites' must be one of none, mild/);
  });
  it('CURB-65: BUN 19.6 / 20 mg/dL score 0 / 1 (§23)', () => {
    const p = { gcs: 15, rr: 20, bp: 120, diastolic_bp: 80, age: 50 };
    expect(score('curb65', { ...p, bun: 19.6 }).score).to.equal(0);
    expect(score('curb65', { ...p, bun: 20 })).to.include({ score: 1, risk: 'LOW', mortality: '3.2%' });
    expect(score('curb65', { ...p, urea: 8, rr: 30, age: 65 })).to.include({ score: 3, risk: 'HIGH' });
    expect(score('curb65', { ...p, urea: 5, diastolic_bp: 60 }).components.blood_pressure).to.equal(1);
    expect(score('curb65', { gcs: 15, rr: 20, bp: 89, age: 50, urea: 5 }).components.blood_pressure).to.equal(1); // DBP not needed
  });
  it('Wells PE tiers: < 2 LOW, 2–6 MODERATE, > 6 HIGH; two-tier at 4', () => {
    const none = { dvt_symptoms: false, pe_most_likely: false, hr: 90, recent_immobilization: false, prior_dvt_pe: false, hemoptysis: false, active_cancer: false };
    expect(score('wells_pe', { ...none, hemoptysis: true })).to.include({ score: 1, probability: 'LOW', two_tier: 'PE_UNLIKELY' });
    expect(score('wells_pe', { ...none, hr: 101, hemoptysis: true })).to.include({ score: 2.5, probability: 'MODERATE' });
    expect(score('wells_pe', { ...none, pe_most_likely: true, active_cancer: true })).to.include({ score: 4, two_tier: 'PE_UNLIKELY' });
    expect(score('wells_pe', { ...none, pe_most_likely: true, hr: 101 })).to.include({ score: 4.5, two_tier: 'PE_LIKELY' });
    expect(score('wells_pe', { ...none, pe_most_likely: true, dvt_symptoms: true, hemoptysis: true })).to.include({ score: 7, probability: 'HIGH' });
  });
  it('Glasgow-Blatchford: BUN 70 mg/dL (urea 25) alone scores 6 (§23); urea bands and sex-specific hemoglobin', () => {
    const p = { hemoglobin: 14, sex: 'M', bp: 120, hr: 80, melena: false, syncope: false, liver_disease: false, chf: false };
    expect(score('glasgow_blatchford', { ...p, bun: 70 })).to.include({ score: 6, risk: 'MODERATE' });
    expect([6.4, 6.5, 8, 10, 24.9].map((urea) => score('glasgow_blatchford', { ...p, urea }).components.urea)).to.deep.equal([0, 2, 3, 4, 4]);
    expect(score('glasgow_blatchford', { ...p, urea: 5, hemoglobin: 12.5 }).components.hemoglobin).to.equal(1);
    expect(score('glasgow_blatchford', { ...p, urea: 5, hemoglobin: 12.5, sex: 'F' }).components.hemoglobin).to.equal(0);
    expect(score('glasgow_blatchford', { ...p, urea: 5 })).to.include({ score: 0, risk: 'VERY LOW' });
  });
});

describe('scores.kdigo_aki (§23 vectors)', () => {
  it('Cr 1.3 / 1.0 → stage 1 (rise 0.3); 2.1 / 1.0 → 2; 4.0 / 2.5 → 3 (≥ 4.0 with ratio 1.6)', () => {
    expect(score('kdigo_aki', { creatinine: 1.3, baseline_creatinine: 1.0 })).to.include({ stage: 1, risk: 'Stage 1 AKI', creatinine_ratio: 1.3 });
    expect(score('kdigo_aki', { creatinine: 1.29, baseline_creatinine: 1.0 }).stage).to.equal(0);
    expect(score('kdigo_aki', { creatinine: 2.1, baseline_creatinine: 1.0 })).to.include({ stage: 2, creatinine_ratio: 2.1 });
    expect(score('kdigo_aki', { creatinine: 4.0, baseline_creatinine: 2.5 })).to.include({ stage: 3, creatinine_ratio: 1.6 });
    expect(score('kdigo_aki', { creatinine: 3.0, baseline_creatinine: 1.0 }).stage).to.equal(3);
  });
  it('urine-output criteria and RRT', () => {
    const uo = (rate: number, hours: number) => score('kdigo_aki', { urine_output_ml_kg_hr: rate, urine_output_hours: hours }).stage;
    expect([uo(0.49, 6), uo(0.5, 6), uo(0.49, 5.9), uo(0.49, 12), uo(0.29, 24), uo(0, 12)]).to.deep.equal([1, 0, 0, 2, 3, 3]);
    expect(score('kdigo_aki', { on_rrt: true }).stage).to.equal(3);
    expect(error('kdigo_aki', {})).to.match(/send creatinine and baseline_creatinine/);
    expect(error('kdigo_aki', { creatinine: 2 })).to.match(/'baseline_creatinine'.*is required/);
  });
});

describe('scores.apache_ii', () => {
  const normal = {
    temp: 37, map: 90, hr: 80, rr: 16, fio2: 0.21, pao2: 90, ph: 7.4, sodium: 140, potassium: 4, creatinine: 1,
    hematocrit: 40, wbc: 8, gcs: 15, age: 40, chronic_health: false,
  };
  it('a physiologically normal 40-year-old scores 0', () => {
    expect(score('apache_ii', normal)).to.include({ score: 0, estimated_mortality: '~4%' });
  });
  it('adds age, GCS, doubled creatinine in acute renal failure and chronic health points', () => {
    // age 65 → 5; GCS 12 → 3; creatinine 2.0 → 3 ×2 = 6; chronic, nonoperative → 5: total 19
    const r = score('apache_ii', { ...normal, age: 65, gcs: 12, creatinine: 2, acute_renal_failure: true, chronic_health: true, admission_type: 'nonoperative' });
    expect(r.score).to.equal(19);
    expect(r.estimated_mortality).to.equal('~24%');
  });
  it('uses the A-aDO2 at FiO2 ≥ 0.5 and PaO2 below it', () => {
    // FiO2 0.6: 0.6·713 − 40/0.8 − 60 = 317.8 → 2 points
    expect(score('apache_ii', { ...normal, fio2: 0.6, pao2: 60, paco2: 40 }).components.oxygenation).to.equal(2);
    expect([71, 70, 61, 60, 55, 54].map((pao2) => score('apache_ii', { ...normal, pao2 }).components.oxygenation)).to.deep.equal([0, 1, 1, 3, 3, 4]);
  });
  it('needs admission_type when chronic_health is true', () => {
    expect(error('apache_ii', { ...normal, chronic_health: true })).to.match(/'admission_type' must be nonoperative/);
  });
});

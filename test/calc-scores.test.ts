// Issue 25: the MedCalc-Bench scores and dates added to the scores module, through /v1/call and from a protocol.
// Each case is hand-scored from the primary paper's item list, with both sides of every threshold.
import { expect } from 'chai';
import { libraryOf } from './helpers/library.js';
import { runError, runLets } from './helpers/run.js';

const { call, error } = libraryOf('scores');

const NO_BLEED = { uncontrolled_hypertension: false, abnormal_renal_function: false, abnormal_liver_function: false, stroke_history: false, bleeding_history: false, labile_inr: false, age: 60, antiplatelet_or_nsaid: false, alcohol_excess: false };

describe('scores.has_bled (Pisters 2010)', () => {
  it('no factor scores 0; age over 65 scores, 65 does not; ≥ 3 is high risk', () => {
    expect(call('has_bled', NO_BLEED)).to.include({ type: 'SCORE', scoring: 'HAS-BLED', score: 0, max_score: 9, high_risk: false });
    expect(call('has_bled', { ...NO_BLEED, age: 65 }).score).to.equal(0);
    expect(call('has_bled', { ...NO_BLEED, age: 66 }).score).to.equal(1);
    const two = { ...NO_BLEED, age: 70, labile_inr: true };
    expect(call('has_bled', two)).to.include({ score: 2, high_risk: false });
    expect(call('has_bled', { ...two, alcohol_excess: true })).to.include({ score: 3, high_risk: true });
    const all = Object.fromEntries(Object.keys(NO_BLEED).map((k) => [k, k === 'age' ? 80 : true]));
    expect(call('has_bled', all).score).to.equal(9);
  });
  it('a missing criterion is an argument error naming it; a near miss is named too', () => {
    const { labile_inr: _omitted, ...missing } = NO_BLEED;
    expect(error('has_bled', missing)).to.equal("scores.has_bled: patient field 'labile_inr' (true or false) is required");
    expect(error('has_bled', { ...NO_BLEED, labile_inrr: true })).to.match(/unknown patient field 'labile_inrr' \(did you mean 'labile_inr'\?\)/);
  });
});

const NO_DVT = { active_cancer: false, leg_paralysis_or_cast: false, bedridden_or_recent_surgery: false, deep_vein_tenderness: false, entire_leg_swollen: false, calf_swelling_3cm: false, pitting_edema: false, collateral_veins: false, prior_dvt: false, alternative_diagnosis_likely: false };

describe('scores.wells_dvt (Wells 2003)', () => {
  it('two-tier at 2, three-tier at 1 and 3; an alternative diagnosis subtracts 2', () => {
    expect(call('wells_dvt', NO_DVT)).to.include({ score: 0, two_tier: 'DVT unlikely', three_tier: 'Low' });
    expect(call('wells_dvt', { ...NO_DVT, active_cancer: true })).to.include({ score: 1, two_tier: 'DVT unlikely', three_tier: 'Moderate' });
    expect(call('wells_dvt', { ...NO_DVT, active_cancer: true, pitting_edema: true })).to.include({ score: 2, two_tier: 'DVT likely', three_tier: 'Moderate' });
    expect(call('wells_dvt', { ...NO_DVT, active_cancer: true, pitting_edema: true, prior_dvt: true })).to.include({ score: 3, three_tier: 'High' });
    expect(call('wells_dvt', { ...NO_DVT, active_cancer: true, alternative_diagnosis_likely: true })).to.include({ score: -1, three_tier: 'Low' });
  });
});

const PERC_NEG = { age: 49, hr: 99, spo2: 95, unilateral_leg_swelling: false, hemoptysis: false, recent_surgery_or_trauma: false, prior_dvt_pe: false, hormone_use: false };

describe('scores.perc (Kline 2004)', () => {
  it('negative only with all eight absent; age 50, HR 100 and SpO2 below 95 each count', () => {
    expect(call('perc', PERC_NEG)).to.include({ score: 0, perc_negative: true });
    expect(call('perc', { ...PERC_NEG, age: 50 })).to.include({ score: 1, perc_negative: false });
    expect(call('perc', { ...PERC_NEG, hr: 100 }).score).to.equal(1);
    expect(call('perc', { ...PERC_NEG, spo2: 94 }).score).to.equal(1);
    expect(call('perc', { ...PERC_NEG, hormone_use: true }).components.hormone_use).to.equal(1);
  });
});

const NO_RCRI = { high_risk_surgery: false, ischemic_heart_disease: false, chf: false, cerebrovascular_disease: false, insulin_treated_diabetes: false, creatinine: 1.0 };

describe('scores.rcri (Lee 1999)', () => {
  it('classes I–IV with their complication rates; creatinine above 2.0 mg/dL counts, 2.0 does not', () => {
    expect(call('rcri', NO_RCRI)).to.include({ score: 0, risk_class: 'I', major_cardiac_complication_percent: 0.4 });
    expect(call('rcri', { ...NO_RCRI, creatinine: 2.0 }).score).to.equal(0);
    expect(call('rcri', { ...NO_RCRI, creatinine: 2.1 })).to.include({ score: 1, risk_class: 'II', major_cardiac_complication_percent: 0.9 });
    expect(call('rcri', { ...NO_RCRI, chf: true, high_risk_surgery: true })).to.include({ risk_class: 'III', major_cardiac_complication_percent: 6.6 });
    expect(call('rcri', { ...NO_RCRI, chf: true, high_risk_surgery: true, insulin_treated_diabetes: true, cerebrovascular_disease: true })).to.include({ score: 4, risk_class: 'IV', major_cardiac_complication_percent: 11 });
  });
});

const THROAT = { temp: 38.5, no_cough: true, tender_anterior_nodes: true, tonsillar_exudate: true, age: 30 };

describe('scores.centor (Centor 1981, McIsaac 1998)', () => {
  it('all four criteria at 30 years: 4; McIsaac adds 1 under 15 and takes 1 from 45', () => {
    expect(call('centor', THROAT)).to.include({ score: 4, scoring: 'Centor (McIsaac)', max_score: 5, variant: 'mcisaac' });
    expect(call('centor', { ...THROAT, age: 14 }).score).to.equal(5);
    expect(call('centor', { ...THROAT, age: 15 }).score).to.equal(4);
    expect(call('centor', { ...THROAT, age: 44 }).score).to.equal(4);
    expect(call('centor', { ...THROAT, age: 45 }).score).to.equal(3);
    expect(call('centor', { ...THROAT, age: 45 }, 'centor')).to.include({ score: 4, scoring: 'Centor', max_score: 4 });
    expect(error('centor', { ...THROAT, age: 2 })).to.equal("scores.centor: the McIsaac score is for ages 3 and over, got patient field 'age' 2");
    expect(call('centor', { ...THROAT, age: 2 }, 'centor').score).to.equal(4); // the original score does not read age
  });
  it('fever is above 38 °C; a temperature in °F is converted', () => {
    expect(call('centor', { ...THROAT, temp: 38 }).components.fever_above_38).to.equal(0);
    expect(call('centor', { ...THROAT, temp: 38.1 }).components.fever_above_38).to.equal(1);
    expect(call('centor', { ...THROAT, temp: 101.3 }, 'mcisaac', 'F').components.fever_above_38).to.equal(1); // 38.5 °C
    expect(call('centor', { ...THROAT, temp: 100.4 }, 'mcisaac', 'F').components.fever_above_38).to.equal(0); // 38.0 °C
    expect(error('centor', { ...THROAT, temp: 101.3 })).to.match(/patient field 'temp' \(°C, body temperature\) must be between 25 and 45, got 101.3/);
  });
  it('recommendations at ≤ 1, 2–3 and ≥ 4', () => {
    const at = (patient: object) => call('centor', patient).recommendation;
    expect(at({ ...THROAT, no_cough: false, tender_anterior_nodes: false, tonsillar_exudate: false })).to.equal('No throat culture or antibiotic.');
    expect(at({ ...THROAT, tonsillar_exudate: false, no_cough: false })).to.equal('Throat culture or rapid antigen test; treat if positive.');
    expect(at(THROAT)).to.match(/empirical antibiotics/);
  });
});

describe('scores.feverpain (Little 2013)', () => {
  const none = { fever_past_24h: false, purulence: false, rapid_attendance: false, severely_inflamed_tonsils: false, no_cough_or_coryza: false };
  it('bands at 0–1, 2–3 and 4–5', () => {
    expect(call('feverpain', { ...none, purulence: true })).to.include({ score: 1, streptococcus_likelihood: '13–18 %' });
    expect(call('feverpain', { ...none, purulence: true, fever_past_24h: true })).to.include({ score: 2, streptococcus_likelihood: '34–40 %' });
    expect(call('feverpain', { ...none, purulence: true, fever_past_24h: true, rapid_attendance: true })).to.include({ score: 3, streptococcus_likelihood: '34–40 %' });
    expect(call('feverpain', { ...none, purulence: true, fever_past_24h: true, rapid_attendance: true, no_cough_or_coryza: true })).to.include({ score: 4, streptococcus_likelihood: '62–65 %' });
  });
});

describe('scores.sirs (Bone 1992)', () => {
  const normal = { temp: 37, hr: 90, rr: 20, wbc: 12 };
  it('each criterion on both sides of its limits; two or more is SIRS', () => {
    expect(call('sirs', normal)).to.include({ score: 0, sirs: false });
    expect(call('sirs', { ...normal, temp: 38.1 }).components.temperature).to.equal(1);
    expect(call('sirs', { ...normal, temp: 36 }).components.temperature).to.equal(0);
    expect(call('sirs', { ...normal, temp: 35.9 }).components.temperature).to.equal(1);
    expect(call('sirs', { ...normal, hr: 91, rr: 21 })).to.include({ score: 2, sirs: true });
    expect(call('sirs', { ...normal, paco2: 31 }).components.respiratory).to.equal(1);
    expect(call('sirs', { ...normal, paco2: 32 }).components.respiratory).to.equal(0);
    expect(call('sirs', { ...normal, wbc: 4 }).components.white_cells).to.equal(0);
    expect(call('sirs', { ...normal, wbc: 3.9 }).components.white_cells).to.equal(1);
    expect(call('sirs', { ...normal, bands_percent: 11 }).components.white_cells).to.equal(1);
    expect(call('sirs', { ...normal, temp: 100.6 }, 'F').components.temperature).to.equal(1); // 38.1 °C
  });
});

describe('scores.fib4 (Sterling 2006)', () => {
  it('age 50, AST 40, ALT 36, platelets 200 → 1.67; bands decided on the value rounded to 0.01', () => {
    expect(call('fib4', { age: 50, ast: 40, alt: 36, platelets: 200 })).to.deep.equal({ type: 'SCORE', scoring: 'FIB-4', fib4: 1.67, risk: 'INDETERMINATE', interpretation: 'Indeterminate (1.45–3.25): elastography or another test.' });
    const risk = (age: number) => call('fib4', { age, ast: 30, alt: 36, platelets: 100 }); // FIB-4 = age / 20
    expect(risk(28.8)).to.include({ fib4: 1.44, risk: 'LOW' });
    expect(risk(29)).to.include({ fib4: 1.45, risk: 'INDETERMINATE' });
    expect(risk(65)).to.include({ fib4: 3.25, risk: 'INDETERMINATE' });
    expect(risk(65.2)).to.include({ fib4: 3.26, risk: 'HIGH' });
    expect(error('fib4', { age: 50, ast: 40, alt: 36, platelets: 0 })).to.equal("scores.fib4: patient field 'platelets' (×10³/µL) must be above 0, got 0");
    expect(error('fib4', { age: 50, ast: 40, platelets: 200 })).to.equal("scores.fib4: patient field 'alt' (U/L, alanine aminotransferase) is required");
  });
});

const PNEUMONIA = {
  age: 70, sex: 'M', nursing_home_resident: false, neoplastic_disease: false, liver_disease: false, chf: false, cerebrovascular_disease: false, renal_disease: false, confusion: false,
  rr: 24, bp: 120, temp: 38, hr: 100, ph: 7.4, bun: 20, sodium: 138, glucose: 120, hematocrit: 40, pao2: 70, pleural_effusion: false,
};

describe('scores.psi (Fine 1997)', () => {
  it('a 70-year-old man with no other finding: 70 points, class II; a woman of 70: 60', () => {
    expect(call('psi', PNEUMONIA)).to.include({ score: 70, risk_class: 'II', class_by_first_step: false, recommendation: 'Outpatient care.' });
    expect(call('psi', { ...PNEUMONIA, sex: 'F' }).score).to.equal(60);
  });
  it('class boundaries 70/71, 90/91, 130/131 and the first step', () => {
    expect(call('psi', { ...PNEUMONIA, age: 71 }).risk_class).to.equal('III');
    expect(call('psi', { ...PNEUMONIA, chf: true, age: 80 })).to.include({ score: 90, risk_class: 'III' });
    expect(call('psi', { ...PNEUMONIA, chf: true, age: 81 }).risk_class).to.equal('IV');
    expect(call('psi', { ...PNEUMONIA, neoplastic_disease: true, ph: 7.3, age: 70 })).to.include({ score: 130, risk_class: 'IV' });
    expect(call('psi', { ...PNEUMONIA, neoplastic_disease: true, ph: 7.3, age: 71 }).risk_class).to.equal('V');
    expect(call('psi', { ...PNEUMONIA, age: 50 })).to.include({ risk_class: 'I', class_by_first_step: true });
    expect(call('psi', { ...PNEUMONIA, age: 50, hr: 125 })).to.include({ risk_class: 'II', class_by_first_step: false });
  });
  it('every finding at its threshold; urea instead of BUN, SpO2 instead of PaO2, °F converted', () => {
    const c = (patch: object) => call('psi', { ...PNEUMONIA, ...patch }).components;
    expect([c({ rr: 30 }).respiratory_rate_30, c({ rr: 29 }).respiratory_rate_30]).to.deep.equal([20, 0]);
    expect([c({ bp: 89 }).systolic_below_90, c({ bp: 90 }).systolic_below_90]).to.deep.equal([20, 0]);
    expect([c({ temp: 34.9 }).temperature_below_35_or_40, c({ temp: 35 }).temperature_below_35_or_40, c({ temp: 40 }).temperature_below_35_or_40]).to.deep.equal([15, 0, 15]);
    expect([c({ hr: 125 }).pulse_125, c({ hr: 124 }).pulse_125]).to.deep.equal([10, 0]);
    expect([c({ ph: 7.34 }).ph_below_7_35, c({ ph: 7.35 }).ph_below_7_35]).to.deep.equal([30, 0]);
    expect([c({ bun: 30 }).bun_30, c({ bun: 29 }).bun_30]).to.deep.equal([20, 0]);
    const { bun: _bun, ...withUrea } = PNEUMONIA;
    expect(call('psi', { ...withUrea, urea: 10.709 }).components.bun_30).to.equal(20); // 10.709 mmol/L × 2.8014 = 30.0 mg/dL
    expect([c({ sodium: 129 }).sodium_below_130, c({ sodium: 130 }).sodium_below_130]).to.deep.equal([20, 0]);
    expect([c({ glucose: 250 }).glucose_250, c({ glucose: 249 }).glucose_250]).to.deep.equal([10, 0]);
    expect([c({ hematocrit: 29 }).hematocrit_below_30, c({ hematocrit: 30 }).hematocrit_below_30]).to.deep.equal([10, 0]);
    expect([c({ pao2: 59 }).hypoxaemia, c({ pao2: 60 }).hypoxaemia]).to.deep.equal([10, 0]);
    const { pao2: _pao2, ...withSpo2 } = PNEUMONIA;
    expect(call('psi', { ...withSpo2, spo2: 89 }).components.hypoxaemia).to.equal(10);
    expect(call('psi', { ...PNEUMONIA, temp: 104 }, 'F').components.temperature_below_35_or_40).to.equal(15);
  });
});

const ATP_MAN = { age: 55, sex: 'M', total_cholesterol: 213, hdl: 50, bp: 120, bp_treated: false, smoker: false };

describe('scores.framingham_hard_chd (ATP III 2001 tables)', () => {
  it('man 55, TC 213, HDL 50, SBP 120 untreated, non-smoker: 8 + 3 + 0 + 0 + 0 = 11 points, 8 %', () => {
    expect(call('framingham_hard_chd', ATP_MAN)).to.deep.include({ score: 11, risk_10yr_percent: '8', components: { age: 8, total_cholesterol: 3, smoker: 0, hdl: 0, systolic_bp: 0 }, applies: true });
  });
  it('woman 55 with the same values: 8 + 4 + 1 (SBP 120–129) = 13 points, 2 %; smoking adds 4 (age 50–59) → 17, 5 %', () => {
    expect(call('framingham_hard_chd', { ...ATP_MAN, sex: 'F' })).to.include({ score: 13, risk_10yr_percent: '2' });
    expect(call('framingham_hard_chd', { ...ATP_MAN, sex: 'F', smoker: true })).to.include({ score: 17, risk_10yr_percent: '5' });
  });
  it('the ends of the risk tables and the cut points of HDL and treated systolic pressure', () => {
    expect(call('framingham_hard_chd', { ...ATP_MAN, age: 30, total_cholesterol: 150, hdl: 60 })).to.include({ score: -10, risk_10yr_percent: '< 1' });
    expect(call('framingham_hard_chd', { ...ATP_MAN, age: 75, smoker: true, bp: 160, bp_treated: true, hdl: 35, total_cholesterol: 280 })).to.include({ score: 20, risk_10yr_percent: '≥ 30' });
    const hdl = (value: number) => call('framingham_hard_chd', { ...ATP_MAN, hdl: value }).components.hdl;
    expect([hdl(60), hdl(59), hdl(50), hdl(49), hdl(40), hdl(39)]).to.deep.equal([-1, 0, 0, 1, 1, 2]);
    const sbp = (value: number) => call('framingham_hard_chd', { ...ATP_MAN, sex: 'F', bp: value, bp_treated: true }).components.systolic_bp;
    expect([sbp(119), sbp(120), sbp(130), sbp(140), sbp(160)]).to.deep.equal([0, 3, 4, 5, 6]);
  });
  it('outside 20–79 years is an argument error; diabetes says the table does not apply', () => {
    expect(error('framingham_hard_chd', { ...ATP_MAN, age: 80 })).to.equal("scores.framingham_hard_chd: the ATP III tables cover ages 20–79, got patient field 'age' 80");
    expect(call('framingham_hard_chd', { ...ATP_MAN, diabetes: true }).applies).to.equal(false);
  });
});

describe('scores.charlson (Charlson 1987, age points 1994)', () => {
  it('MI, diabetes with end-organ damage and metastatic tumour at 72: 1 + 2 + 6 + 3 = 12; milder forms do not add', () => {
    const r = call('charlson', { age: 72 }, ['myocardial_infarction', 'diabetes_end_organ_damage', 'diabetes_uncomplicated', 'metastatic_solid_tumor', 'solid_tumor']);
    expect(r).to.include({ score: 12, comorbidity_points: 9, age_points: 3, age_adjusted: true });
    expect(r.components).to.deep.equal({ myocardial_infarction: 1, diabetes_end_organ_damage: 2, metastatic_solid_tumor: 6, age: 3 });
  });
  it('age points at 49/50, 59/60, 69/70, 79/80; without age adjustment the age is not read', () => {
    const age = (years: number) => call('charlson', { age: years }, []).age_points;
    expect([age(49), age(50), age(59), age(60), age(69), age(70), age(79), age(80)]).to.deep.equal([0, 1, 1, 2, 2, 3, 3, 4]);
    expect(call('charlson', {}, ['Moderate severe liver disease', 'aids'], false)).to.include({ score: 9, age_points: 0 });
  });
  it('an unknown condition is an argument error with a suggestion', () => {
    expect(error('charlson', { age: 60 }, ['dementa'])).to.match(/^scores.charlson: argument 2 'conditions' item 1 "dementa" is not an item of this score \(did you mean 'dementia'\?\)/);
    expect(error('charlson', { age: 60 }, ['aids', 'AIDS'])).to.equal("scores.charlson: argument 2 'conditions' lists 'aids' twice");
    expect(error('charlson', { age: 60, dementia: true }, [])).to.equal("scores.charlson: patient field 'dementia' is an item of this score; list it in argument 2 'conditions' instead");
  });
});

describe('scores.caprini (Caprini 2005)', () => {
  it('a 65-year-old for major surgery with varicose veins: 2 + 2 + 1 = 5, highest', () => {
    expect(call('caprini', { age: 65 }, ['major_surgery', 'varicose_veins'])).to.deep.equal({
      type: 'SCORE', scoring: 'Caprini 2005', score: 5, components: { age: 2, varicose_veins: 1, major_surgery: 2 }, risk: 'Highest',
    });
  });
  it('age points at 40/41, 60/61, 74/75 and the risk levels 1/2, 2/3, 4/5', () => {
    const age = (years: number) => call('caprini', { age: years }, []).components.age;
    expect([age(40), age(41), age(60), age(61), age(74), age(75)]).to.deep.equal([0, 1, 1, 2, 2, 3]);
    const risk = (factors: string[]) => call('caprini', { age: 30 }, factors).risk;
    expect(risk(['obesity'])).to.equal('Low');
    expect(risk(['malignancy'])).to.equal('Moderate');
    expect(risk(['history_of_vte'])).to.equal('High');
    expect(risk(['history_of_vte', 'obesity'])).to.equal('High');
    expect(risk(['stroke'])).to.equal('Highest');
  });
  it('women-only items need a woman; unknown items are named', () => {
    expect(call('caprini', { age: 30, sex: 'F' }, ['oral_contraceptives_or_hrt']).score).to.equal(1);
    expect(error('caprini', { age: 30, sex: 'M' }, ['pregnancy_or_postpartum'])).to.equal("scores.caprini: argument 2 'factors' item 'pregnancy_or_postpartum' applies to women only, and patient field 'sex' is male");
    expect(error('caprini', { age: 30 }, ['knee_replacement'])).to.match(/argument 2 'factors' item 1 "knee_replacement" is not an item of this score/);
    expect(error('caprini', { age: 30, Varicose_Veins: true }, [])).to.equal("scores.caprini: patient field 'Varicose_Veins' is an item of this score; list it in argument 2 'factors' instead");
  });
});

describe('scores.gcs (Teasdale & Jennett 1974)', () => {
  it('numbers or words; severity at 8/9 and 12/13', () => {
    expect(call('gcs', 4, 5, 6)).to.deep.equal({ type: 'SCORE', scoring: 'GCS', score: 15, max_score: 15, components: { eye: 4, verbal: 5, motor: 6 }, severity: 'Mild', not_testable: [], display: 'E4 V5 M6' });
    expect(call('gcs', 'to sound', 'confused', 'localising')).to.include({ score: 12, severity: 'Moderate' });
    expect(call('gcs', 'To_Pain', 'Confused', 'obeys commands')).to.include({ score: 12, display: 'E2 V4 M6' });
    expect(call('gcs', 3, 4, 6)).to.include({ score: 13, severity: 'Mild' });
    expect(call('gcs', 2, 2, 5)).to.include({ score: 9, severity: 'Moderate' });
    expect(call('gcs', 2, 2, 4)).to.include({ score: 8, severity: 'Severe' });
    expect(call('gcs', 'none', 'none', 'none')).to.include({ score: 3, severity: 'Severe' });
  });
  it('not testable gives no total; out-of-range numbers and unknown words are argument errors', () => {
    expect(call('gcs', 3, 'NT', 6)).to.deep.include({ score: null, severity: null, not_testable: ['verbal'], display: 'E3 VNT M6' });
    expect(error('gcs', 5, 5, 6)).to.match(/^scores.gcs: argument 1 'eye' must be 1–4 or a word/);
    expect(error('gcs', 4, 'mumbles', 6)).to.match(/^scores.gcs: argument 2 'verbal' must be 1–5 or one of 'oriented'/);
  });
});

describe('pregnancy dates', () => {
  it("Naegele: LMP 2024-01-01 → due 2024-10-07 (280 days); a 35-day cycle adds 7 days, a 21-day cycle takes 7", () => {
    expect(call('due_date', '2024-01-01')).to.deep.equal({ type: 'OB_DATES', due_date: '2024-10-07', lmp_date: '2024-01-01', cycle_length_days: 28, adjustment_days: 0, rule: 'Naegele (LMP + 280 days, adjusted for cycle length)' });
    expect(call('due_date', '2024-01-01', 35).due_date).to.equal('2024-10-14');
    expect(call('due_date', '2024-01-01', 21).due_date).to.equal('2024-09-30');
    expect(error('due_date', '2024-02-30')).to.equal("scores.due_date: argument 1 'lmp_date' must be a date 'YYYY-MM-DD', got \"2024-02-30\"");
    expect(error('due_date', '2024-01-01', 50)).to.match(/argument 2 'cycle_length_days' must be ≤ 45/);
  });
  it('conception: LMP + 14 days for a 28-day cycle, + 21 for a 35-day cycle', () => {
    expect(call('conception_date', '2024-01-01')).to.include({ conception_date: '2024-01-15', due_date: '2024-10-07' });
    expect(call('conception_date', '2024-01-01', 35).conception_date).to.equal('2024-01-22');
  });
  it('gestational age on a date: 13 weeks 6 days is the first trimester, 14 weeks the second, 28 the third', () => {
    expect(call('gestational_age', '2024-01-01', '2024-04-07')).to.deep.equal({ type: 'OB_DATES', gestational_age: '13 weeks 6 days', weeks: 13, days: 6, total_days: 97, trimester: 1, lmp_date: '2024-01-01', on_date: '2024-04-07', due_date: '2024-10-07' });
    expect(call('gestational_age', '2024-01-01', '2024-04-08')).to.include({ weeks: 14, days: 0, trimester: 2 });
    expect(call('gestational_age', '2024-01-01', '2024-07-15')).to.include({ weeks: 28, trimester: 3 });
    expect(error('gestational_age', '2024-01-01', '2023-12-31')).to.equal("scores.gestational_age: argument 2 'on_date' (2023-12-31) is before argument 1 'lmp_date' (2024-01-01)");
  });
});

describe('the scores from a protocol', () => {
  it('a protocol calls them with the run patient and literal arguments', () => {
    const lets = runLets(
      `protocol P {
  input: Patient p;
  let bled = med.scores.has_bled(p);
  let g = med.scores.gcs("to sound", 4, 6);
  let due = med.scores.due_date("2024-01-01", 35);
}`,
      NO_BLEED,
    );
    expect(lets.bled.score).to.equal(0);
    expect(lets.g.score).to.equal(13);
    expect(lets.due.due_date).to.equal('2024-10-14');
  });
  it('a missing patient field is a runtime error naming the field', () => {
    expect(runError('protocol P {\n  input: Patient p;\n  let s = med.scores.perc(p);\n}', { age: 40 })).to.equal("Runtime error at line 3, column 11: scores.perc: patient field 'unilateral_leg_swelling' (true or false) is required");
  });
});

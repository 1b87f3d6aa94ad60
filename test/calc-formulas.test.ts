// Issue 25: the MedCalc-Bench formulas added to lab, signal, nutrition, biochem, glucose and pk, through the
// /v1/call entry point and from protocols. Expected values are hand-checked from each primary paper's formula.
import { expect } from 'chai';
import { libraryOf } from './helpers/library.js';
import { runError, runLets } from './helpers/run.js';
import { runProtocol } from '../src/engine/index.js';

const lab = libraryOf('lab');
const signal = libraryOf('signal');
const nutrition = libraryOf('nutrition');
const biochem = libraryOf('biochem');
const glucose = libraryOf('glucose');
const pk = libraryOf('pk');

describe('lab.creatinine_clearance (Cockcroft-Gault 1976)', () => {
  it('60-year-old man, 72 kg, creatinine 1.0 mg/dL → (140 − 60) × 72 / (72 × 1.0) = 80.0 mL/min; a woman × 0.85 = 68.0', () => {
    expect(lab.call('creatinine_clearance', 60, 72, 'M', 1.0)).to.deep.equal({
      type: 'LAB_CRCL', crcl_ml_min: 80, weight_basis: 'actual', weight_used: 'actual', weight_used_kg: 72, creatinine_mg_dl: 1, creatinine_unit: 'mg/dL', height_cm: null, sex: 'M', equation: 'Cockcroft-Gault 1976',
    });
    expect(lab.call('creatinine_clearance', 60, 72, 'female', 1.0).crcl_ml_min).to.equal(68);
  });
  it('creatinine in µmol/L: 88.4 µmol/L is 1.00 mg/dL (molar mass 113.12), stated in the result', () => {
    const r = lab.call('creatinine_clearance', 60, 72, 'M', 88.4, 'umol/L');
    expect(r).to.include({ crcl_ml_min: 80, creatinine_mg_dl: 1, creatinine_unit: 'umol/L' });
  });
  it('weight basis: ideal, adjusted, and the BMI-based choice on both sides of BMI 18.5 and 25, height in cm or in', () => {
    // 180 cm man: IBW 50 + 2.3 × (70.866 − 60) = 74.99 kg; adjusted for 100 kg = 85.00 kg
    expect(lab.call('creatinine_clearance', 60, 100, 'M', 1.0, 'mg/dL', 'ideal', 180)).to.include({ weight_used: 'ideal', weight_used_kg: 75, crcl_ml_min: 83.3 });
    expect(lab.call('creatinine_clearance', 60, 100, 'M', 1.0, 'mg/dL', 'adjusted', 180)).to.include({ weight_used_kg: 85, crcl_ml_min: 94.4 });
    expect(lab.call('creatinine_clearance', 60, 100, 'M', 1.0, 'mg/dL', 'adjusted', 70.866, 'in')).to.include({ weight_used_kg: 85, height_cm: 180 });
    // height 100 cm makes BMI equal to weight; below 152.4 cm Devine is extrapolated (IBW 100 cm man = 50 − 2.3 × 20.63 = 2.55)
    const bmiBased = (kg: number) => lab.call('creatinine_clearance', 60, kg, 'M', 1.0, 'mg/dL', 'bmi_based', 180).weight_used;
    // 180 cm: BMI 18.5 ↔ 59.94 kg, BMI 25 ↔ 81 kg
    expect(bmiBased(59.7)).to.equal('actual (BMI < 18.5)'); // 18.43 → 18.4
    expect(bmiBased(60)).to.equal('actual (BMI 18.5–24.9, actual < ideal)'); // 18.5, actual below IBW 74.99
    expect(bmiBased(80.8)).to.equal('ideal (BMI 18.5–24.9)'); // 24.94 → 24.9
    expect(bmiBased(81)).to.equal('adjusted (BMI ≥ 25)'); // 25.0
  });
  it('argument errors name the parameter and the unit', () => {
    expect(lab.error('creatinine_clearance', 60, 72, 'M', 88.4)).to.equal("lab.creatinine_clearance: argument 'creatinine' must be 0.1–30 mg/dL (8.8–2652 umol/L), got 88.4 mg/dL; check creatinine_unit");
    expect(lab.error('creatinine_clearance', 60, 72, 'M', 1, 'mmol/L')).to.match(/argument 5 'creatinine_unit' must be one of/);
    expect(lab.error('creatinine_clearance', 60, 72, 'M', 1, 'mg/dL', 'ideal')).to.equal("lab.creatinine_clearance: argument 'height' is required for weight_basis 'ideal' (send the height, or weight_basis 'actual')");
    expect(lab.error('creatinine_clearance', 17, 72, 'M', 1)).to.match(/argument 1 'age' must be ≥ 18/);
    expect(lab.error('creatinine_clearance', 60, 72, 'X', 1)).to.match(/argument 'sex' must be 'M', 'F'/);
  });
});

describe('lab.mdrd_gfr (IDMS-traceable MDRD, Levey 2006)', () => {
  it('man 50 y, creatinine 1.0 → 175 × 50^−0.203 = 79.1; woman 60 y, 2.0 → 25.4; with the race coefficient 30.8', () => {
    expect(lab.call('mdrd_gfr', 1.0, 50, 'M')).to.deep.equal({ type: 'LAB_GFR', eGFR: 79.1, unit: 'mL/min/1.73m²', equation: 'MDRD 4-variable, IDMS-traceable (175)', race_coefficient_applied: false, creatinine_mg_dl: 1, creatinine_unit: 'mg/dL', sex: 'M' });
    expect(lab.call('mdrd_gfr', 2.0, 60, 'F').eGFR).to.equal(25.4);
    expect(lab.call('mdrd_gfr', 2.0, 60, 'F', true)).to.include({ eGFR: 30.8, race_coefficient_applied: true });
    expect(lab.call('mdrd_gfr', 176.8, 60, 'F', false, 'umol/L').eGFR).to.equal(25.4);
  });
});

describe('lab corrections', () => {
  it('corrected calcium (Payne 1973): Ca 8.0, albumin 2.0 → 8.0 + 0.8 × 2.0 = 9.6; albumin at normal leaves it unchanged', () => {
    expect(lab.call('corrected_calcium', 8.0, 2.0)).to.deep.equal({ type: 'LAB_CORRECTED_CALCIUM', corrected_calcium_mg_dl: 9.6, calcium_mg_dl: 8, albumin_g_dl: 2, normal_albumin_g_dl: 4, formula: 'Payne 1973' });
    expect(lab.call('corrected_calcium', 9.0, 4.0).corrected_calcium_mg_dl).to.equal(9);
    expect(lab.call('corrected_calcium', 8.0, 2.0, 4.4).corrected_calcium_mg_dl).to.equal(9.92);
    expect(lab.error('corrected_calcium', 8.0, 0.1)).to.match(/argument 2 'albumin' must be ≥ 0.5/);
  });
  it('corrected sodium: Na 140, glucose 500 mg/dL → Katz 146.4, Hillier 149.6; glucose in mmol/L converted', () => {
    expect(lab.call('corrected_sodium', 140, 500)).to.deep.equal({ type: 'LAB_CORRECTED_SODIUM', corrected_sodium: 146.4, sodium: 140, glucose_mg_dl: 500, glucose_unit: 'mg/dL', method: 'katz', factor_per_100_mg_dl: 1.6 });
    expect(lab.call('corrected_sodium', 140, 500, 'hillier').corrected_sodium).to.equal(149.6);
    // 27.75 mmol/L × 18.0156 = 499.9 mg/dL
    expect(lab.call('corrected_sodium', 140, 27.75, 'katz', 'mmol/L')).to.include({ corrected_sodium: 146.4, glucose_mg_dl: 499.9, glucose_unit: 'mmol/L' });
    expect(lab.call('corrected_sodium', 135, 100).corrected_sodium).to.equal(135);
    expect(lab.error('corrected_sodium', 140, 500, 'katz', 'mmol/L')).to.match(/argument 'glucose' must be 5–3000 mg\/dL .*got 500 mmol\/L; check glucose_unit/);
    expect(lab.error('corrected_sodium', 140, 500, 'fast')).to.match(/argument 3 'method' must be one of/);
  });
  it('free water deficit (Adrogué & Madias 2000): TBW fraction by age and sex, on both sides of 18 and 65 years', () => {
    // Na 160, 70 kg man 40 y: 0.6 × 70 × (160/140 − 1) = 6.00 L
    expect(lab.call('free_water_deficit', 160, 70, 40, 'M')).to.deep.equal({ type: 'LAB_FREE_WATER_DEFICIT', free_water_deficit_l: 6, total_body_water_l: 42, tbw_fraction: 0.6, tbw_group: 'adult man', sodium: 160, target_sodium: 140, hypernatremic: true });
    const fraction = (age: number, sex: string) => lab.call('free_water_deficit', 160, 70, age, sex).tbw_fraction;
    expect([fraction(17.9, 'F'), fraction(18, 'F'), fraction(64.9, 'F'), fraction(65, 'F')]).to.deep.equal([0.6, 0.5, 0.5, 0.45]);
    expect([fraction(64.9, 'M'), fraction(65, 'M')]).to.deep.equal([0.6, 0.5]);
    expect(lab.call('free_water_deficit', 160, 70, 70, 'F').free_water_deficit_l).to.equal(4.5);
    expect(lab.call('free_water_deficit', 140, 70, 40, 'M')).to.include({ free_water_deficit_l: 0, hypernatremic: false });
  });
  it('FENa (Espinel 1976): < 1 % prerenal, 1 % and above intrinsic', () => {
    expect(lab.call('fena', 140, 20, 2, 100)).to.include({ fena_percent: 0.29, interpretation: 'prerenal pattern (FENa < 1 %)' });
    expect(lab.call('fena', 140, 35, 1.0, 25).fena_percent).to.equal(1); // exactly 1 %
    expect(lab.call('fena', 140, 35, 1.0, 25).interpretation).to.match(/^intrinsic renal/);
    expect(lab.call('fena', 140, 34.9, 1.0, 25).interpretation).to.match(/^prerenal/);
    expect(lab.error('fena', 140, 20, 0, 100)).to.match(/argument 3 'serum_creatinine' must be ≥ 0.01/);
    // fuzz seed 19: a denormal urine creatinine overflowed the ratio
    expect(lab.error('fena', 129, 363, 154, 2.2250738585072014e-308)).to.match(/argument 4 'urine_creatinine' must be ≥ 0.01/);
  });
  it('calculated LDL: Friedewald 200/50/150 → 120.0; Sampson → 123.4; Friedewald refuses TG above 400 mg/dL, Sampson above 800', () => {
    expect(lab.call('ldl_calculated', 200, 50, 150)).to.deep.equal({ type: 'LAB_LDL', ldl_mg_dl: 120, method: 'friedewald', non_hdl_mg_dl: 150, triglycerides_mg_dl: 150, valid_up_to_tg_mg_dl: 400 });
    expect(lab.call('ldl_calculated', 200, 50, 150, 'sampson').ldl_mg_dl).to.equal(123.4);
    expect(lab.call('ldl_calculated', 250, 40, 400).ldl_mg_dl).to.equal(130);
    expect(lab.error('ldl_calculated', 250, 40, 401)).to.equal("lab.ldl_calculated: argument 'triglycerides' 401 mg/dL is above 400 mg/dL, where the friedewald equation is not valid; use method 'sampson' or measure LDL directly");
    expect(lab.call('ldl_calculated', 250, 40, 800, 'sampson').method).to.equal('sampson');
    expect(lab.error('ldl_calculated', 250, 40, 801, 'sampson')).to.match(/above 800 mg\/dL/);
    expect(lab.error('ldl_calculated', 100, 100, 150)).to.match(/argument 'hdl' \(100 mg\/dL\) must be less than 'total_cholesterol'/);
  });
});

describe('signal.mean_arterial_pressure and signal.qtc', () => {
  it('MAP 120/80 → 93.3 mmHg; diastolic above systolic is an argument error', () => {
    expect(signal.call('mean_arterial_pressure', 120, 80)).to.deep.equal({ type: 'SIGNAL_MAP', map_mmhg: 93.3, sbp: 120, dbp: 80, formula: 'DBP + (SBP − DBP)/3' });
    expect(signal.call('mean_arterial_pressure', 90, 60).map_mmhg).to.equal(70);
    expect(signal.error('mean_arterial_pressure', 80, 90)).to.equal("signal.mean_arterial_pressure: argument 2 'dbp' (90 mmHg) must not exceed argument 1 'sbp' (80 mmHg)");
  });
  it('QT 400 ms at 75/min (RR 0.8 s) by each formula; at 60/min every formula returns QT itself', () => {
    const at75 = (formula: string) => signal.call('qtc', 400, 75, formula).qtc_ms;
    expect(signal.call('qtc', 400, 75)).to.deep.equal({ type: 'SIGNAL_QTC', qtc_ms: 447.2, formula: 'bazett', qt_ms: 400, heart_rate: 75, rr_s: 0.8, prolonged: null, prolonged_limit_ms: null });
    expect([at75('fridericia'), at75('framingham'), at75('hodges'), at75('rautaharju')]).to.deep.equal([430.9, 430.8, 426.2, 433.3]); // Hodges 426.25 rounds half to even (modules.md §1.6)
    for (const formula of ['bazett', 'fridericia', 'framingham', 'hodges', 'rautaharju']) expect(signal.call('qtc', 400, 60, formula).qtc_ms, formula).to.equal(400);
  });
  it('prolonged above 450 ms (men) and 460 ms (women), not at the limit', () => {
    expect(signal.call('qtc', 450, 60, 'bazett', 'M')).to.include({ prolonged: false, prolonged_limit_ms: 450 });
    expect(signal.call('qtc', 451, 60, 'bazett', 'M').prolonged).to.equal(true);
    expect(signal.call('qtc', 460, 60, 'bazett', 'F').prolonged).to.equal(false);
    expect(signal.call('qtc', 461, 60, 'bazett', 'female').prolonged).to.equal(true);
    expect(signal.error('qtc', 400, 75, 'bazet')).to.match(/argument 3 'formula' must be one of/);
    expect(signal.error('qtc', 400, 0)).to.match(/argument 2 'heart_rate' must be ≥ 20/);
  });
});

describe('nutrition.bsa and nutrition.target_weight', () => {
  it('70 kg, 170 cm: Mosteller √(170 × 70 / 3600) = 1.82 m², Du Bois 1.81 m²; height in inches converted', () => {
    expect(nutrition.call('bsa', 70, 170)).to.deep.equal({ type: 'NUTR_BSA', bsa_m2: 1.82, formula: 'mosteller', weight_kg: 70, height_cm: 170, height_unit: 'cm' });
    expect(nutrition.call('bsa', 70, 170, 'dubois').bsa_m2).to.equal(1.81);
    expect(nutrition.call('bsa', 70, 66.929, 'mosteller', 'in')).to.include({ bsa_m2: 1.82, height_cm: 170, height_unit: 'in' });
    expect(nutrition.error('bsa', 70, 170, 'mosteller', 'in')).to.match(/argument 'height' must be 30–250 cm \(11.8–98.4 in\), got 170 in; check height_unit/);
  });
  it('target weight: BMI 22 at 175 cm → 22 × 1.75² = 67.4 kg', () => {
    expect(nutrition.call('target_weight', 22, 175)).to.deep.equal({ type: 'NUTR_TARGET_WEIGHT', target_weight_kg: 67.4, target_bmi: 22, height_cm: 175, height_unit: 'cm' });
    expect(nutrition.call('target_weight', 22, 68.898, 'in')).to.include({ target_weight_kg: 67.4, height_cm: 175, height_unit: 'in' });
    expect(nutrition.error('target_weight', 5, 175)).to.match(/argument 1 'target_bmi' must be ≥ 10/);
  });
});

describe('biochem.delta_gap', () => {
  it('Na 140, Cl 100, HCO3 12: AG 28, delta gap 16, delta ratio 1.33 (high gap acidosis alone); albumin 2.0 corrects to 33, 21, 1.75', () => {
    expect(biochem.call('delta_gap', 140, 100, 12, 2.0)).to.deep.equal({
      type: 'BIOCHEM_DELTA_GAP', anion_gap: 28, delta_gap: 16, delta_ratio: 1.33, delta_ratio_meaning: 'high anion gap metabolic acidosis alone',
      albumin_corrected_anion_gap: 33, albumin_corrected_delta_gap: 21, albumin_corrected_delta_ratio: 1.75, albumin_corrected_delta_ratio_meaning: 'high anion gap metabolic acidosis alone',
      normal_anion_gap: 12, normal_bicarbonate: 24, high_anion_gap: true,
    });
  });
  it('Rastegar bands on both sides of 0.4, 0.8 and 2 (HCO3 14: ratio = delta gap / 10)', () => {
    const meaning = (cl: number) => biochem.call('delta_gap', 140, cl, 14).delta_ratio_meaning; // AG = 126 − cl
    expect(meaning(111)).to.equal('hyperchloraemic normal anion gap acidosis'); // ratio 0.3
    expect(meaning(110)).to.equal('combined high anion gap and normal anion gap acidosis'); // 0.4
    expect(meaning(107)).to.equal('combined high anion gap and normal anion gap acidosis'); // 0.7
    expect(meaning(106)).to.equal('high anion gap metabolic acidosis alone'); // 0.8
    expect(meaning(94)).to.equal('high anion gap metabolic acidosis alone'); // 2.0
    expect(meaning(93)).to.equal('high anion gap acidosis with concurrent metabolic alkalosis or compensated respiratory acidosis'); // 2.1
    expect(biochem.call('delta_gap', 140, 104, 24)).to.include({ delta_ratio: null, delta_ratio_meaning: 'undefined: bicarbonate is at its normal value', albumin_corrected_anion_gap: null });
  });
});

describe('glucose.homa_ir (Matthews 1985)', () => {
  it('insulin 10 µU/mL, glucose 5.0 mmol/L → 2.22; glucose 90 mg/dL (4.996 mmol/L) → 2.22', () => {
    expect(glucose.call('homa_ir', 10, 5, 'mmol/L')).to.deep.equal({ type: 'GLUCOSE_HOMA_IR', homa_ir: 2.22, fasting_insulin_uU_ml: 10, fasting_glucose_mmol_l: 5, glucose_unit: 'mmol/L', model: 'HOMA1 (Matthews 1985)' });
    expect(glucose.call('homa_ir', 10, 90).homa_ir).to.equal(2.22);
    expect(glucose.call('homa_ir', 5, 4.5, 'mmol/L').homa_ir).to.equal(1); // the model's normal reference
    expect(glucose.error('homa_ir', 10, 90, 'mmol/L')).to.match(/argument 'fasting_glucose' must be 1–40 mmol\/L .*check glucose_unit/);
  });
});

describe('pk.mme (CDC 2022) and pk.steroid_conversion', () => {
  it("CDC's own examples: hydrocodone 5 mg four times a day = 20 MME; oxycodone ER 10 mg twice a day = 30 MME", () => {
    const r = pk.call('mme', [{ drug: 'Hydrocodone', dose: 5, doses_per_day: 4 }, { drug: 'oxycodone', dose: 10, doses_per_day: 2 }]);
    expect(r.total_mme_per_day).to.equal(50);
    expect(r.items).to.deep.equal([
      { drug: 'hydrocodone', daily_dose: 20, dose_unit: 'mg/day', factor: 1, mme_per_day: 20 },
      { drug: 'oxycodone', daily_dose: 20, dose_unit: 'mg/day', factor: 1.5, mme_per_day: 30 },
    ]);
    expect(r).to.include({ at_least_50: true, at_least_90: false, factors: 'CDC 2022' });
  });
  it('fentanyl patch 25 mcg/h = 60 MME; methadone × 4.7; buprenorphine named but given no MME', () => {
    expect(pk.call('mme', [{ drug: 'fentanyl patch', dose: 25 }]).total_mme_per_day).to.equal(60);
    expect(pk.call('mme', [{ drug: 'methadone', dose: 10, doses_per_day: 2 }]).total_mme_per_day).to.equal(94);
    const bup = pk.call('mme', [{ drug: 'buprenorphine', dose: 8, doses_per_day: 1 }, { drug: 'tramadol', dose: 50, doses_per_day: 4 }]);
    expect(bup.total_mme_per_day).to.equal(40);
    expect(bup.at_least_50).to.equal(false);
    expect(bup.excluded[0].drug).to.equal('buprenorphine');
    expect(pk.call('mme', [{ drug: 'morphine', dose: 44.9, doses_per_day: 2 }]).at_least_90).to.equal(false);
    expect(pk.call('mme', [{ drug: 'morphine', dose: 45, doses_per_day: 2 }]).at_least_90).to.equal(true);
  });
  it('argument errors name the item and the field', () => {
    expect(pk.error('mme', [{ drug: 'oxycodon', dose: 5, doses_per_day: 2 }])).to.match(/^pk.mme: argument 1 'opioids' item 1 'drug' "oxycodon" has no CDC 2022 conversion factor \(did you mean 'oxycodone'/);
    expect(pk.error('mme', [{ drug: 'morphine', dose: 5 }])).to.match(/item 1 'doses_per_day' must be a number above 0/);
    expect(pk.error('mme', [{ drug: 'fentanyl_patch', dose: 25, doses_per_day: 3 }])).to.match(/fentanyl patch dose is its rate in mcg\/h/);
    expect(pk.error('mme', [{ drug: 'fentanyl', dose: 100 }])).to.match(/item 1 'drug' "fentanyl": CDC 2022 gives a factor only for the transdermal patch: send 'fentanyl_patch'/);
    expect(pk.error('mme', [{ drug: 'morphine', dose: 5, per_day: 2 }])).to.match(/unknown field 'per_day'/);
  });
  it('prednisone 40 mg = methylprednisolone 32 mg = dexamethasone 6 mg = hydrocortisone 160 mg', () => {
    expect(pk.call('steroid_conversion', 'prednisone', 40, 'methylprednisolone')).to.deep.equal({
      type: 'PK_STEROID_CONVERSION', from_drug: 'prednisone', from_dose_mg: 40, to_drug: 'methylprednisolone', equivalent_dose_mg: 32, from_equivalent_mg: 5, to_equivalent_mg: 4,
      basis: 'anti-inflammatory (glucocorticoid) potency; mineralocorticoid effect differs',
    });
    expect(pk.call('steroid_conversion', 'Prednisone', 40, 'Dexamethasone').equivalent_dose_mg).to.equal(6);
    expect(pk.call('steroid_conversion', 'prednisone', 40, 'hydrocortisone').equivalent_dose_mg).to.equal(160);
    expect(pk.error('steroid_conversion', 'betamethasone', 4, 'prednisone')).to.match(/argument 1 'from_drug' "betamethasone" is not in the equivalence table/);
  });
});

describe('the formulas from protocols', () => {
  it('each module answers a protocol call, quantities converted to the declared unit', () => {
    const lets = runLets(`protocol P {
  let crcl = med.lab.creatinine_clearance(60, 72 kg, "M", 1.0);
  let map = med.signal.mean_arterial_pressure(120, 80);
  let bsa = med.nutrition.bsa(70000 g, 1.7 m);
  let dg = med.biochem.delta_gap(140, 100, 12);
  let homa = med.glucose.homa_ir(10, 90);
  let mme = med.pk.mme([{"drug": "morphine", "dose": 10, "doses_per_day": 3}]);
}`);
    expect(lets.crcl.crcl_ml_min).to.equal(80);
    expect(lets.map.map_mmhg).to.equal(93.3);
    expect(lets.bsa.bsa_m2).to.equal(1.82);
    expect(lets.dg.delta_gap).to.equal(16);
    expect(lets.homa.homa_ir).to.equal(2.22);
    expect(lets.mme.total_mme_per_day).to.equal(30);
  });
  it('an argument error in a protocol names the line, column and parameter', () => {
    expect(runError('protocol P {\n  let q = med.signal.qtc(400, 75, "bazet");\n}')).to.match(/line 2.*argument 3 'formula'|argument 3 'formula'.*line 2/);
  });
});

describe('creatinine units from a protocol', () => {
  it('a number with the unit argument is converted; a bare amount without an analyte is refused at compile time', () => {
    expect(runLets('protocol P { let g = med.lab.gfr(88.4, 50, "M", null, "umol/L"); }').g).to.include({ eGFR: 91.7, creatinine_unit: 'umol/L' });
    const { kind, body } = runProtocol('protocol P { let g = med.lab.gfr(88.4 umol/L, 50, "M"); }');
    expect(kind).to.equal('invalid');
    expect(body.error).to.equal("Error at line 1, column 34: lab.gfr: argument 1 'creatinine' must be in mg/dL (mass/volume), got 88.4 umol/L (amount/volume)");
  });
});

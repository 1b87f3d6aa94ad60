// Issue 22 rule 3 and 5: dose checks that know the patient, through the call entry point (/v1/call: the
// `patient` argument) and through a protocol (`input: Patient p` with `administer`).
import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import { libraryOf } from './helpers/library.js';

const { call, error } = libraryOf('pk');

/** validate_dose(drug, dose, unit, weight_kg, route, indication, every_h, patient) */
const check = (drug: string, dose: number, unit: string, patient: Record<string, unknown>, indication: string | null = null, every: number | null = null, route: string | null = null) =>
  call('validate_dose', drug, dose, unit, null, route, indication, every, patient);

function events(lines: string[], patient: Record<string, unknown>): { kind: string; events: any[]; error: string | null | undefined } {
  const { kind, body } = runProtocol(`protocol P {\n  input: Patient p;\n${lines.map((l) => `  ${l}`).join('\n')}\n}`, patient as never);
  return { kind, events: body.events.filter((e) => e.kind === 'administer'), error: body.error };
}

const OLD_LIGHT = { age: 83, weight: 58, sex: 'F' };

describe('issue 22: the label criteria of apixaban (2.5 mg twice daily with two of age ≥ 80, weight ≤ 60 kg, creatinine ≥ 1.5)', () => {
  const AF = 'nonvalvular atrial fibrillation';

  it('5 mg for an 83-year-old 58-kg patient is an ERROR, naming the criteria met; 2.5 mg is not', () => {
    const r = check('Apixaban', 5, 'mg', { ...OLD_LIGHT, creatinine: 1.0 }, AF, 12);
    expect(r.level).to.equal('ERROR');
    expect(r.message).to.match(/^dose ERROR apixaban dose reduction in atrial fibrillation .*\(age 83 >= 80, weight 58 <= 60\): 5 mg exceeds 2\.5 mg$/);
    expect(r.rules.map((x: any) => [x.rule.slice(0, 8), x.level])).to.deep.include(['apixaban', 'ERROR']);
    expect(check('Apixaban', 2.5, 'mg', { ...OLD_LIGHT, creatinine: 1.0 }, AF, 12).level).to.not.equal('ERROR');
  });

  it('boundaries: age 80 and weight 60 count, 79 and 61 do not; one criterion is not enough', () => {
    expect(check('Apixaban', 5, 'mg', { age: 80, weight: 60, sex: 'F', creatinine: 0.8 }, AF, 12).level).to.equal('ERROR');
    // CrCl (140 − 79) × 61 / (72 × 0.8) = 64.6 mL/min: no renal finding either
    expect(check('Apixaban', 5, 'mg', { age: 79, weight: 61, sex: 'M', creatinine: 0.8 }, AF, 12)).to.include({ level: 'OK' });
    expect(check('Apixaban', 5, 'mg', { age: 79, weight: 61, sex: 'M', creatinine: 1.5 }, AF, 12).level).to.not.equal('ERROR'); // creatinine alone
  });

  it('a criterion the patient lacks makes that rule UNCHECKED ("needs creatinine"), never OK', () => {
    const r = check('Apixaban', 5, 'mg', { age: 83, sex: 'F' }, AF, 12);
    expect(r.level).to.equal('UNCHECKED');
    expect(r.message).to.match(/needs weight, creatinine/);
  });

  it('through a protocol: the patient of the run is checked by administer', () => {
    const out = events(['administer Apixaban indication: "nonvalvular atrial fibrillation" dose: 5 mg every: 12 h;'], { ...OLD_LIGHT, creatinine: 1.0 });
    expect(out.kind).to.equal('runtime_error');
    expect(out.error).to.match(/administer Apixaban 5 mg every 12 h: dose ERROR apixaban dose reduction/);
  });
});

describe('issue 22: renal function (Cockcroft-Gault or CKD-EPI 2021) and the renal bands', () => {
  it('the result lists the patient values used and the CrCl with the weight it used', () => {
    // Cockcroft-Gault: (140 − 80) × 70 / (72 × 3) = 19.4 mL/min
    const r = check('Enoxaparin', 1, 'mg/kg', { age: 80, weight: 70, sex: 'M', creatinine: 3 }, null, 12);
    expect(r.patient_used).to.deep.include({ age: 80, weight: 70, sex: 'M', creatinine: 3, crcl_ml_min: 19.4, crcl_basis: 'Cockcroft-Gault with actual body weight' });
    expect(r.level).to.equal('WARNING');
    expect(r.message).to.match(/CrCl 19\.4 mL\/min \(Cockcroft-Gault with actual body weight\): CrCl <30 mL\/min: .*\(every 12 h is more often than every 24 h\)/);
    expect(check('Enoxaparin', 1, 'mg/kg', { age: 80, weight: 70, sex: 'M', creatinine: 3 }, null, 24).level).to.equal('OK');
    // the women's factor 0.85: (140 − 40) × 60 / (72 × 1) × 0.85 = 70.8
    expect(check('Enoxaparin', 1, 'mg/kg', { age: 40, weight: 60, sex: 'F', creatinine: 1 }, null, 12).patient_used).to.include({ crcl_ml_min: 70.8 });
  });

  it('metformin is contraindicated below eGFR 30 (CKD-EPI 2021) and needs creatinine to be checked', () => {
    const r = check('Metformin', 500, 'mg', { age: 70, sex: 'M', creatinine: 3 });
    expect(r).to.include({ level: 'ERROR' });
    expect(r.patient_used).to.include({ egfr: 21.7, egfr_basis: 'CKD-EPI 2021 (race-free)' });
    expect(check('Metformin', 500, 'mg', { age: 70, sex: 'M', creatinine: 1 }).level).to.equal('OK');
    expect(check('Metformin', 500, 'mg', { age: 70, sex: 'M' })).to.include({ level: 'UNCHECKED', message: 'dose UNCHECKED renal dosing of Metformin needs creatinine' });
  });

  it('vancomycin 2 g every 12 h at CrCl 17 mL/min is not OK (its renal dosing is not in the table, which is said)', () => {
    // (140 − 75) × 80 / (72 × 4.25) = 17.0 mL/min
    const r = check('Vancomycin', 2000, 'mg', { age: 75, weight: 80, sex: 'M', creatinine: 4.25 }, null, 12);
    expect(r.patient_used).to.include({ crcl_ml_min: 17 });
    expect(r.level).to.equal('UNCHECKED');
    expect(r.message).to.match(/renal dosing of Vancomycin at CrCl 17 mL\/min .* is not in the table/);
  });

  it('dofetilide follows the TIKOSYN CrCl algorithm: 500 mcg above 60, 250 mcg at 40-60, 125 mcg at 20-39, contraindicated below 20', () => {
    // CrCl (140 − 70) × 70 / (72 × 1.0) = 68.1; × 1.4 creatinine → 48.6; × 2.5 → 27.2; × 4 → 17.0 mL/min
    const at = (creatinine: number, mg: number) => check('Dofetilide', mg, 'mg', { age: 70, weight: 70, sex: 'M', creatinine }, null, 12);
    expect(at(1.0, 0.5).level).to.equal('OK');
    expect(at(1.4, 0.25).level).to.equal('OK');
    expect(at(1.4, 0.5)).to.include({ level: 'WARNING' });
    expect(at(1.4, 0.5).message).to.match(/CrCl 48\.6 mL\/min .*250 mcg twice daily \(at most 0\.25 mg\)/);
    expect(at(2.5, 0.125).level).to.equal('OK');
    expect(at(2.5, 0.25).level).to.equal('WARNING');
    expect(at(4, 0.125)).to.include({ level: 'ERROR' });
    expect(at(4, 0.125).message).to.match(/CrCl 17 mL\/min .*contraindicated/);
  });

  it('sotalol follows the BETAPACE AF CrCl bands: twice daily above 60, once daily at 40-60, contraindicated below 40', () => {
    const at = (creatinine: number, every: number) => check('Sotalol', 80, 'mg', { age: 70, weight: 70, sex: 'M', creatinine }, null, every);
    expect(at(1.0, 12).level).to.equal('OK'); // CrCl 68.1
    expect(at(1.4, 12).level).to.equal('WARNING'); // 48.6: once daily
    expect(at(1.4, 24).level).to.equal('OK');
    expect(at(1.4, 24).rules.find((r: any) => r.rule === 'renal (CrCl)')).to.include({ level: 'OK' });
    expect(at(2.5, 24)).to.include({ level: 'ERROR', message: 'dose ERROR CrCl 27.2 mL/min (Cockcroft-Gault with actual body weight): CrCl <40 mL/min: contraindicated (BETAPACE AF)' });
  });

  it('a missing creatinine makes the renal rule UNCHECKED only: the other findings still stand', () => {
    const r = check('Apixaban', 5, 'mg', { age: 83, weight: 58, sex: 'F' }, 'nonvalvular atrial fibrillation', 12);
    const renal = r.rules.find((x: any) => x.rule.startsWith('renal'));
    expect(renal ?? null).to.equal(null); // apixaban's renal dosing is see_label: without creatinine there is nothing to say
    const metformin = check('Metformin', 500, 'mg', { age: 70, sex: 'M', weight: 80 });
    expect(metformin.rules).to.deep.equal([{ rule: 'renal (eGFR)', level: 'UNCHECKED', reason: 'renal dosing of Metformin needs creatinine', source: null }]);
  });

  it('CrCl and GFR arguments take what real patients produce (219 mL/min)', () => {
    expect(call('renal_adjust', 'Morphine', 219)).to.include({ found: true, gfr: 219 });
    expect(call('trough_estimate', 'Vancomycin', 1000, 12, 120, 0, 219)).to.include({ crcl_ml_min: 219 });
    // Cockcroft-Gault above 200 in a young heavy patient is computed, not refused
    expect(check('Morphine', 10, 'mg', { age: 20, weight: 150, sex: 'M', creatinine: 0.6 }).patient_used).to.include({ crcl_ml_min: 416.7 });
  });
});

describe('issue 22: weight caps, age, hepatic class and pregnancy', () => {
  it('carvedilol for heart failure: 25 mg twice daily up to 85 kg (100 mg/day at 70 kg is an ERROR), 50 mg twice daily above', () => {
    const r = check('Carvedilol', 50, 'mg', { weight: 70 }, 'heart failure', 12);
    expect(r).to.include({ level: 'ERROR' });
    expect(r.message).to.match(/carvedilol in heart failure up to 85 kg \(weight 70 <= 85\): 100 mg\/day exceeds 50 mg\/day/);
    expect(check('Carvedilol', 25, 'mg', { weight: 85 }, 'heart failure', 12).level).to.not.equal('ERROR');
    expect(check('Carvedilol', 50, 'mg', { weight: 86 }, 'heart failure', 12).level).to.not.equal('ERROR');
  });

  it('a child is UNCHECKED: the table holds adult doses', () => {
    const kidneys = { weight: 30, sex: 'M', creatinine: 0.5 }; // CrCl above 50: morphine's renal band needs no reduction
    expect(check('Morphine', 2, 'mg', { age: 10, ...kidneys })).to.include({ level: 'UNCHECKED', message: 'dose UNCHECKED the table holds adult doses; the patient is 10 years old' });
    expect(check('Morphine', 2, 'mg', { age: 18, ...kidneys }).level).to.equal('OK');
  });

  it('a stated Child-Pugh class is checked against the hepatic classes, or said to be missing', () => {
    expect(check('Morphine', 10, 'mg', { child_pugh: 'C', age: 50, weight: 70, sex: 'F', creatinine: 0.8 })).to.include({ level: 'UNCHECKED', message: 'dose UNCHECKED hepatic dosing of Morphine in Child-Pugh C is not in the table; follow the label' });
    expect(check('Digoxin', 0.25, 'mg', { child_pugh: 'C', age: 50, weight: 70, sex: 'F', creatinine: 0.8 }, null, null, 'IV').level).to.equal('OK'); // no adjustment (its hepatic classes)
  });

  it('pregnancy is checked against the label contraindications that were read, and never OK where the label names a narrower case or was not read', () => {
    const pregnancy = (drug: string, dose: number) => check(drug, dose, 'mg', { pregnant: true }).rules.find((x: any) => x.rule === 'pregnancy');
    expect(pregnancy('Warfarin', 5)).to.include({ level: 'ERROR', reason: 'Warfarin is contraindicated in pregnancy (label)' });
    expect(pregnancy('Apixaban', 5)).to.include({ level: 'OK' }); // ELIQUIS section 4, read whole, does not name pregnancy
    expect(pregnancy('Azathioprine', 100)).to.include({ level: 'UNCHECKED', reason: 'the label of Azathioprine contraindicates rheumatoid_arthritis_in_pregnancy, a narrower case of pregnancy: check whether it applies' });
    expect(pregnancy('Lithium', 300)).to.include({ level: 'UNCHECKED', reason: "the label's contraindications of Lithium were not read in full (unread or partly read), so pregnancy was not checked" });
  });

  it('a bad patient value is an argument error naming the field', () => {
    expect(error('validate_dose', 'Apixaban', 5, 'mg', null, null, null, null, { creatinine: 'high' })).to.equal(
      "pk.validate_dose: argument 8 'patient' field 'creatinine' must be a number ≥ 0 in mg/dL, got \"high\"",
    );
    expect(error('validate_dose', 'Apixaban', 5, 'mg', null, null, null, null, { child_pugh: 'D' })).to.match(/field 'child_pugh' must be A, B or C/);
  });
});

describe("issue 22: the patient's own medications join the interaction checks", () => {
  it('through /v1/call: a medication in the patient argument is a partner; an unknown one is not_checked', () => {
    const r = call('administer', 'Alteplase', 0.9, 70, 'mg/kg', null, null, null, { medications: ['Rivaroxaban', 'Zorblax'] });
    expect(r.safe).to.equal(false);
    expect(r.interactions.not_checked).to.deep.equal(['Zorblax']);
    expect(r.interactions.interactions.map((i: any) => i.severity)).to.include('MAJOR');
  });

  it('through a protocol: p.medications are checked by administer and by check_interactions', () => {
    const out = events(['administer Alteplase dose: 0.9 mg/kg;', 'let c = med.pk.check_interactions("Heparin");'], { weight: 70, medications: ['Rivaroxaban', 'Zorblax'] });
    expect(out.kind).to.equal('ok');
    expect(out.events[0].event).to.match(/interaction MAJOR with Rivaroxaban; interactions UNCHECKED with Zorblax$/);
    const { body } = runProtocol('protocol P {\n  input: Patient p;\n  let c = med.pk.check_interactions("Heparin");\n}', { medications: ['Rivaroxaban'] } as never);
    expect((body.events.find((e) => e.kind === 'let')!.value as any).checked).to.deep.equal(['Rivaroxaban']);
  });
});

describe('issue 22: the remaining findings through a protocol', () => {
  it('carvedilol 50 mg twice daily for heart failure at 70 kg stops the run', () => {
    const out = events(['administer Carvedilol indication: "heart failure" dose: 50 mg every: 12 h;'], { weight: 70 });
    expect(out.kind).to.equal('runtime_error');
    expect(out.error).to.match(/administer Carvedilol 50 mg every 12 h: dose ERROR carvedilol in heart failure up to 85 kg \(weight 70 <= 85\): 100 mg\/day exceeds 50 mg\/day; above usual range 3\.125-25 mg$/);
  });

  it('vancomycin 2 g every 12 h at CrCl 17 mL/min is logged UNCHECKED, naming the CrCl and how it was computed', () => {
    const out = events(['administer Vancomycin dose: 2 g every: 12 h;'], { age: 75, weight: 80, sex: 'M', creatinine: 4.25 });
    expect(out.kind).to.equal('ok');
    expect(out.events[0].event).to.match(/dose UNCHECKED renal dosing of Vancomycin at CrCl 17 mL\/min \(Cockcroft-Gault with actual body weight\) is not in the table/);
    expect(out.events[0].patient_used).to.include({ crcl_ml_min: 17, crcl_basis: 'Cockcroft-Gault with actual body weight' });
    expect(out.events[0].rules.map((r: any) => r.rule)).to.include('renal (CrCl)');
  });

  it('enoxaparin 10 mg/kg names its usual range without a missing bound', () => {
    const out = events(['administer Enoxaparin dose: 10 mg/kg;'], { weight: 70 });
    // without creatinine the renal rule is UNCHECKED; the usual range is still named, with no number for its missing low bound
    expect(out.events[0].event).to.equal('[3] LOG: administer Enoxaparin 10 mg/kg: dose UNCHECKED renal dosing of Enoxaparin needs creatinine, age, sex; above usual range up to 1.5 mg/kg');
  });

  it('a Cockcroft-Gault CrCl of 219 mL/min reaches renal_adjust', () => {
    const { kind, body } = runProtocol(
      'protocol P {\n  input: Patient p;\n  let crcl = (140 - p.age) * (p.weight / 1 kg) / (72 * (p.creatinine / 1 mg/dL)) * 1 mL/min;\n  let r = med.pk.renal_adjust("Morphine", crcl);\n}',
      { age: 20, weight: 92, sex: 'M', creatinine: 0.7 } as never,
    );
    expect(kind, body.error ?? '').to.equal('ok');
    const r = body.events.find((e) => e.kind === 'let' && e.name === 'r')!.value as any;
    expect(r).to.include({ found: true, gfr: 219.04761905 });
  });
});

import { expect } from 'chai';
import { callFunction } from '../src/engine/call.js';

function call(fn: string, ...args: unknown[]): any {
  const outcome = callFunction({ module: 'lab', function: fn, args: args as never[] });
  if (outcome.kind !== 'ok') throw new Error(outcome.body.error!);
  return outcome.body.result;
}

describe('lab.gfr (CKD-EPI 2021, §23 vectors)', () => {
  it('(0.9, 30, M) → 117.8 G1; (1.0, 50, female) → 68.6 G2; (1.0, 50, F) → 68.6; (1.0, 50, male) → 91.7', () => {
    // 142 × 0.9938^30 = 117.84; 142 × (1/0.7)^−1.2 × 0.9938^50 × 1.012 = 68.64; 142 × (1/0.9)^−1.2 × 0.9938^50 = 91.69
    expect(call('gfr', 0.9, 30, 'M')).to.deep.equal({
      type: 'LAB_GFR', eGFR: 117.8, unit: 'mL/min/1.73m²', stage: 'G1', stage_label: 'Normal or high', equation: 'CKD-EPI 2021 (race-free)', sex: 'M', race_ignored: false, creatinine_unit: 'mg/dL',
    });
    expect(call('gfr', 1.0, 50, 'female')).to.include({ eGFR: 68.6, stage: 'G2' });
    expect(call('gfr', 1.0, 50, 'F').eGFR).to.equal(68.6);
    expect(call('gfr', 1.0, 50, 'male').eGFR).to.equal(91.7);
  });
  it('creatinine in umol/L (issue 25): 88.4 umol/L is 1.00 mg/dL, stated in the result; a value outside 0.1–30 mg/dL names the unit parameter', () => {
    expect(call('gfr', 88.4, 50, 'male', null, 'umol/L')).to.include({ eGFR: 91.7, creatinine_unit: 'umol/L' });
    expect(callFunction({ module: 'lab', function: 'gfr', args: [88.4, 50, 'M'] }).body.error).to.equal("lab.gfr: argument 'creatinine' must be 0.1–30 mg/dL (8.8–2652 umol/L), got 88.4 mg/dL; check creatinine_unit");
  });

  it('stages from the rounded eGFR at each boundary', () => {
    const stage = (cr: number) => call('gfr', cr, 60, 'M').stage;
    // at age 60 (0.9938^60 = 0.6888): Cr 0.5 → 116.8, 1.2 → 69.3, 1.5 → 53.0, 2.0 → 37.5, 3.0 → 23.1, 6.0 → 10.0
    expect([0.5, 1.2, 1.5, 2.0, 3.0, 6.0].map(stage)).to.deep.equal(['G1', 'G2', 'G3a', 'G3b', 'G4', 'G5']);
  });

  it('rejects an unknown sex, a child and ignores race', () => {
    const u = callFunction({ module: 'lab', function: 'gfr', args: [1.0, 50, 'U'] });
    expect(u.body.error).to.equal(`lab.gfr: argument 3 'sex' must be 'M', 'F', 'male' or 'female', got "U"`);
    expect(callFunction({ module: 'lab', function: 'gfr', args: [1.0, 17, 'M'] }).body.error).to.equal("lab.gfr: argument 2 'age' must be ≥ 18, got 17");
    expect(call('gfr', 1.0, 50, 'M', 'black')).to.include({ eGFR: 91.7, race_ignored: true });
  });
});

describe('lab.abg_interpret', () => {
  it('(7.50, 47, 34) → metabolic alkalosis, expected pCO2 45–49, appropriate, calculated pH 7.47, consistent (§23)', () => {
    // expected pCO2 = 40 + 0.7·(34 − 24) = 47 ± 2; 6.1 + log10(34 / (0.0307·47)) = 7.472
    expect(call('abg_interpret', 7.5, 47, 34)).to.deep.equal({
      type: 'LAB_ABG', ph: 7.5, pco2: 47, hco3: 34, primary_disorder: 'Metabolic Alkalosis', compensation: 'APPROPRIATE',
      expected: { pco2_low: 45, pco2_high: 49 }, consistent: true, calculated_ph: 7.47, anion_gap: null, anion_gap_corrected: null,
    });
  });

  it("metabolic acidosis by Winters' formula, with the anion gap corrected for albumin", () => {
    // expected pCO2 = 1.5·12 + 8 = 26 ± 2; AG = 140 − (100 + 12) = 28; corrected 28 + 2.5·(4 − 2) = 33
    const r = call('abg_interpret', 7.25, 26, 12, 140, 100, 2.0);
    expect(r).to.include({ primary_disorder: 'Metabolic Acidosis', compensation: 'APPROPRIATE', anion_gap: 28, anion_gap_corrected: 33 });
    expect(call('abg_interpret', 7.2, 35, 12).compensation).to.equal('ADDITIONAL_RESPIRATORY_ACIDOSIS');
    expect(call('abg_interpret', 7.3, 20, 12).compensation).to.equal('ADDITIONAL_RESPIRATORY_ALKALOSIS');
  });

  it('respiratory acidosis: acute, chronic, partial and additional metabolic disorders', () => {
    // Δ = 20: acute HCO3 26, chronic 31
    expect(call('abg_interpret', 7.25, 60, 26).compensation).to.equal('ACUTE');
    expect(call('abg_interpret', 7.33, 60, 31).compensation).to.equal('CHRONIC');
    expect(call('abg_interpret', 7.3, 60, 28.5).compensation).to.equal('PARTIAL');
    expect(call('abg_interpret', 7.1, 60, 21).primary_disorder).to.equal('Mixed Acidosis');
    expect(call('abg_interpret', 7.34, 60, 34).compensation).to.equal('ADDITIONAL_METABOLIC_ALKALOSIS');
  });

  it('flags values that do not fit Henderson–Hasselbalch', () => {
    expect(call('abg_interpret', 7.2, 40, 24)).to.include({ consistent: false, calculated_ph: 7.39 });
    expect(call('abg_interpret', 7.4, 40, 24)).to.include({ primary_disorder: 'Normal', compensation: 'NOT_APPLICABLE', consistent: true });
  });
});

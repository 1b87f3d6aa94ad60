import { expect } from 'chai';
import { callFunction } from '../src/engine/call.js';
import { registry } from '../src/runtime/modules/index.js';

function call(fn: string, ...args: unknown[]): any {
  const outcome = callFunction({ module: 'glucose', function: fn, args: args as never[] });
  if (outcome.kind !== 'ok') throw new Error(outcome.body.error!);
  return outcome.body.result;
}

function error(fn: string, ...args: unknown[]): string {
  const outcome = callFunction({ module: 'glucose', function: fn, args: args as never[] });
  expect(outcome.kind).to.equal('invalid');
  return outcome.body.error!;
}

describe('glucose', () => {
  it('registers the 13 functions of modules.md §6 with their aliases', () => {
    expect(registry.listing().glucose).to.deep.equal([
      'hba1c_from_glucose', 'glucose_from_hba1c', 'time_in_range', 'gmi', 'glycemic_variability', 'insulin_sensitivity_factor',
      'carb_ratio', 'correction_dose', 'basal_rate', 'sliding_scale', 'full_regimen', 'dka_check', 'hypo_check', 'homa_ir', 'eag',
    ]);
  });

  it('hba1c_from_glucose: 154 → 7.0 DIABETES, 116.8 → 5.7 PREDIABETES (§23); category on the rounded value', () => {
    // (154 + 46.7)/28.7 = 6.993 → 7.0; (116.8 + 46.7)/28.7 = 5.697 → 5.7
    expect(call('hba1c_from_glucose', 154)).to.deep.equal({ type: 'GLUCOSE', method: 'ADAG', mean_glucose_mgdl: 154, estimated_hba1c: 7, category: 'DIABETES' });
    expect(call('hba1c_from_glucose', 116.8)).to.include({ estimated_hba1c: 5.7, category: 'PREDIABETES' });
    expect(call('hba1c_from_glucose', 113)).to.include({ estimated_hba1c: 5.6, category: 'NORMAL' }); // 5.565
    expect(call('hba1c_from_glucose', 139)).to.include({ estimated_hba1c: 6.5, category: 'DIABETES' }); // 6.470 → 6.5
    expect(call('hba1c_from_glucose', 137)).to.include({ estimated_hba1c: 6.4, category: 'PREDIABETES' }); // 6.401
    expect(error('hba1c_from_glucose', 5)).to.equal("glucose.hba1c_from_glucose: argument 1 'mean_glucose_mgdl' must be ≥ 10, got 5");
    expect(error('hba1c_from_glucose', '154')).to.match(/must be a number, got string/);
  });

  it('glucose_from_hba1c (eag): 7 % → 154.2 mg/dL, 8.6 mmol/L', () => {
    const r = call('eag', 7);
    expect(r.estimated_mean_glucose_mgdl).to.be.closeTo(154.2, 1e-9);
    expect(r.estimated_mean_glucose_mmol).to.equal(8.6);
    expect(error('glucose_from_hba1c', 2.9)).to.match(/'hba1c' must be ≥ 3/);
  });

  it('gmi: 150 mg/dL → 6.9 %', () => {
    // 3.31 + 0.02392·150 = 6.898
    expect(call('gmi', 150)).to.include({ method: 'GMI', gmi: 6.9 });
  });

  it('time_in_range: percentages, targets and assessment', () => {
    const r = call('time_in_range', [50, 60, 100, 150, 200, 260]);
    expect(r).to.include({ total_readings: 6, time_in_range_pct: 33.3, time_below_range_pct: 33.3, time_below_54_pct: 16.7, time_above_range_pct: 33.3, time_above_250_pct: 16.7, assessment: 'NOT_AT_TARGET' });
    expect(call('time_in_range', [70, 180, 100]).assessment).to.equal('AT_TARGET'); // both bounds are in range
    const custom = call('time_in_range', [100, 150], 90, 140);
    expect(custom).to.include({ time_in_range_pct: 50, targets_met: null, assessment: null });
    expect(error('time_in_range', [100], 180, 70)).to.equal("glucose.time_in_range: 'low' (180) must be below 'high' (70)");
    expect(error('time_in_range', [100, 5000])).to.equal("glucose.time_in_range: argument 1 'readings' item 1 must be ≤ 1000, got 5000");
    expect(error('time_in_range', [])).to.match(/must have at least 1 items/);
  });

  it('glycemic_variability: mean, SD (n − 1), CV and MAGE', () => {
    // mean 125; SD = √(4·25²/3) = 28.87; CV 23.1 %; excursions +50, −50, +50 all > SD; first rises → MAGE 50
    expect(call('glycemic_variability', [100, 150, 100, 150])).to.deep.equal({
      type: 'GLUCOSE_VARIABILITY', mean: 125, sd: 28.9, cv_percent: 23.1, mage: 50, min: 100, max: 150, stability: 'STABLE', target: 'CV ≤ 36%',
    });
    // mean 100, SD = √((0 + 60² + 60²)/2) = 60 → CV 60 % UNSTABLE; excursions −60 (not > SD, dropped) and +120 → MAGE 120
    expect(call('glycemic_variability', [100, 40, 160])).to.include({ cv_percent: 60, stability: 'UNSTABLE', mage: 120 });
    expect(error('glycemic_variability', [100])).to.match(/must have at least 2 items/);
  });

  it('insulin arithmetic: 1800/1500 rules, 500 rule, correction, 50 % basal, full regimen', () => {
    expect(call('insulin_sensitivity_factor', 50)).to.include({ isf: 36, rule: '1800 rule', insulin_type: 'rapid' });
    expect(call('insulin_sensitivity_factor', 50, 'Regular')).to.include({ isf: 30, rule: '1500 rule' });
    expect(error('insulin_sensitivity_factor', 50, 'nph')).to.match(/'insulin_type' must be one of rapid, lispro, aspart, glulisine, analog, regular, got "nph"/);
    expect(call('carb_ratio', 50)).to.include({ icr: 10, rule: '500 rule' });
    expect(call('correction_dose', 250, 150, 50)).to.include({ correction_units: 2 });
    expect(call('correction_dose', 100, 150, 50)).to.include({ correction_units: 0 });
    expect(error('correction_dose', 250, 150, 0)).to.match(/'isf' must be ≥ 1, got 0/);
    expect(call('basal_rate', 50)).to.deep.equal({ type: 'GLUCOSE_BASAL', tdd: 50, basal_units_per_day: 25, bolus_units_per_day: 25, rule: '50% rule', hourly_rate: 1.04 });
    expect(call('full_regimen', 50)).to.deep.equal({
      type: 'GLUCOSE_REGIMEN', tdd: 50, basal_units_per_day: 25, basal_hourly_rate: 1.04, bolus_units_per_day: 25, isf: 36, isf_rule: '1800 rule', icr: 10, icr_rule: '500 rule',
    });
    expect(error('carb_ratio', 0.5)).to.match(/'tdd' must be ≥ 1/);
  });

  it('sliding_scale at every band edge (non-integers use the upper bound)', () => {
    const dose = (bg: number) => call('sliding_scale', bg);
    expect([69, 70, 150, 150.5, 200, 201, 250, 251, 300, 301, 350, 351, 400, 401].map((bg) => dose(bg).recommended_dose_units)).to.deep.equal([
      0, 0, 0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 10, 12,
    ]);
    expect(dose(69).severity).to.equal('critical');
    expect(dose(401).severity).to.equal('critical');
    expect(dose(120).note).to.match(/discouraged/);
  });

  it('dka_check: the §23 vectors', () => {
    expect(call('dka_check', 400, 7.1, 10, 3.0)).to.include({ diagnosis: 'DKA', severity: 'MODERATE', criteria_met: 3 });
    expect(call('dka_check', 300, 7.25, 16, 0.5)).to.include({ diagnosis: 'NOT_DKA', severity: null });
    expect(call('dka_check', 100, 6.9, 24, 0)).to.include({ diagnosis: 'NOT_DKA', severity: null });
    expect(call('dka_check', 300, 7.25, 16, 3.0)).to.include({ diagnosis: 'DKA', severity: 'MODERATE' });
  });

  it('dka_check: severity and criteria boundaries', () => {
    expect(call('dka_check', 300, 6.99, 20, 4).severity).to.equal('SEVERE');
    expect(call('dka_check', 300, 7.2, 9.9, 4).severity).to.equal('SEVERE');
    expect(call('dka_check', 300, 7.26, 16, 4).severity).to.equal('MILD');
    expect(call('dka_check', 300, 7.26, 14.9, 4).severity).to.equal('MODERATE');
    expect(call('dka_check', 199, 7.2, 12, 4).diagnosis).to.equal('NOT_DKA');
    expect(call('dka_check', 150, 7.2, 12, 4, true)).to.include({ diagnosis: 'DKA' });
    expect(call('dka_check', 300, 7.3, 18, 4).diagnosis).to.equal('NOT_DKA');
    expect(call('dka_check', 300, 7.3, 17.9, 4).diagnosis).to.equal('DKA');
    expect(error('dka_check', 300, 7.3)).to.match(/argument 3 'bicarb' is required/);
  });

  it('hypo_check levels at 54 and 70', () => {
    expect([53, 54, 69, 70].map((g) => call('hypo_check', g).level)).to.deep.equal([2, 1, 1, 0]);
    expect(call('hypo_check', 80, true)).to.include({ level: 3, severity: 'SEVERE' });
  });

  it('is callable from a protocol', async () => {
    const { runProtocol } = await import('../src/engine/index.js');
    const { body } = runProtocol('protocol P { let r = med.glucose.hba1c_from_glucose(154); alert r.category + " " + r.estimated_hba1c; }');
    expect(body.alerts[0]!.message).to.equal('DIABETES 7');
  });
});

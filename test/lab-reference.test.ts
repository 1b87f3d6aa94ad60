import { expect } from 'chai';
import labTable from '../src/runtime/modules/lab/data/lab-tests.json' with { type: 'json' };
import { normalizeName } from '../src/util/names.js';
import { libraryOf } from './helpers/library.js';

const { call, error } = libraryOf('lab');

describe('lab.interpret (§5.3)', () => {
  it('§23: Plt 95, Lactate 3.2, Creatinine 2.1 and Cr 2.1 resolve; test echoes the name passed', () => {
    expect(call('interpret', 'Plt', 95)).to.include({ test: 'Plt', found: true, canonical: 'PLT', flag: 'LOW', is_critical: false });
    expect(call('interpret', 'Lactate', 3.2)).to.include({ test: 'Lactate', found: true, flag: 'HIGH' });
    expect(call('interpret', 'Creatinine', 2.1, 'M')).to.include({ test: 'Creatinine', canonical: 'Cr', flag: 'HIGH' });
    expect(call('interpret', 'Cr', 2.1, 'F')).to.include({ test: 'Cr', canonical: 'Cr', flag: 'HIGH' });
  });

  it('answers the service.md fields first, then the lookup fields, with the shortest number form', () => {
    const r = call('interpret', 'potassium', 4.2);
    expect(Object.keys(r)).to.deep.equal(['type', 'test', 'value', 'flag', 'is_critical', 'reference_range', 'found', 'canonical', 'full_name', 'unit', 'status', 'panel', 'sex_specific', 'range_basis', 'range_source', 'assay', 'given_value', 'given_unit']);
    expect(r).to.include({ reference_range: '3.5-5 mEq/L', flag: 'NORMAL', status: 'NORMAL', panel: 'BMP', sex_specific: false });
  });

  it('flags every potassium boundary: critical limits are inclusive, the reference interval is inclusive', () => {
    const flag = (v: number) => call('interpret', 'K', v).flag;
    expect([2.7, 2.8, 3.4, 3.5, 5.0, 5.1, 5.9, 6.0].map(flag)).to.deep.equal(['CRITICAL_LOW', 'LOW', 'LOW', 'NORMAL', 'NORMAL', 'HIGH', 'HIGH', 'CRITICAL_HIGH']);
    expect(call('interpret', 'K', 6.0).is_critical).to.equal(true);
    expect(call('interpret', 'Hgb', 7.0, 'F').flag).to.equal('CRITICAL_LOW');
    expect(call('interpret', 'Hgb', 7.1, 'F').flag).to.equal('LOW');
  });

  it("uses the given sex's interval, or both sexes' combined, and says which", () => {
    expect(call('interpret', 'Hgb', 13, 'male')).to.include({ flag: 'LOW', reference_range: '14-17.5 g/dL', range_basis: 'adult male reference interval', sex_specific: true });
    expect(call('interpret', 'Hgb', 13, 'F')).to.include({ flag: 'NORMAL', reference_range: '12.3-15.3 g/dL' });
    expect(call('interpret', 'Hgb', 13)).to.include({ flag: 'NORMAL', reference_range: '12.3-17.5 g/dL', range_basis: "sex not given: both sexes' ranges combined" });
    expect(error('interpret', 'Hgb', 13, 'U')).to.equal(`lab.interpret: argument 3 'sex' must be 'M', 'F', 'male' or 'female', got "U"`);
  });

  it('combines one-sided sex-specific limits when sex is not given (HDL target: M at least 40, F at least 50)', () => {
    expect(call('interpret', 'HDL', 45, 'F')).to.include({ flag: 'LOW', reference_range: '≥50 mg/dL', range_basis: 'adult female reference interval' });
    expect(call('interpret', 'HDL', 45, 'M')).to.include({ flag: 'NORMAL', reference_range: '≥40 mg/dL' });
    expect(call('interpret', 'HDL', 40)).to.include({ flag: 'NORMAL', reference_range: '≥40 mg/dL', range_basis: "sex not given: both sexes' ranges combined" });
    expect(call('interpret', 'HDL', 39)).to.include({ flag: 'LOW', is_critical: false });
  });

  it('flags fibrinogen against the sex-specific interval and the inclusive critical limit of 100 mg/dL', () => {
    expect(call('interpret', 'Fibrinogen', 100, 'F')).to.include({ flag: 'CRITICAL_LOW', is_critical: true });
    expect(call('interpret', 'Fibrinogen', 101, 'F')).to.include({ flag: 'LOW', is_critical: false });
    expect(call('interpret', 'Fibrinogen', 400, 'M')).to.include({ flag: 'HIGH', reference_range: '200-375 mg/dL' });
    expect(call('interpret', 'Fibrinogen', 400, 'F')).to.include({ flag: 'NORMAL', reference_range: '200-430 mg/dL' });
    expect(call('interpret', 'Fibrinogen', 430)).to.include({ flag: 'NORMAL', reference_range: '200-430 mg/dL' });
  });

  it("judges troponin against the hs-cTnI assay's sex-specific 99th percentiles (F 15.6, M 34.2 ng/L) and names the assay", () => {
    expect(call('interpret', 'Troponin', 15.6, 'F')).to.include({ flag: 'NORMAL', reference_range: '≤15.6 ng/L', unit: 'ng/L' });
    expect(call('interpret', 'hs-cTnI', 15.7, 'F')).to.include({ flag: 'HIGH', is_critical: false, canonical: 'Troponin' });
    expect(call('interpret', 'Troponin', 34.2, 'M')).to.include({ flag: 'NORMAL', reference_range: '≤34.2 ng/L' });
    expect(call('interpret', 'Troponin', 34.3, 'M')).to.include({ flag: 'HIGH', assay: 'Abbott ARCHITECT STAT High Sensitive Troponin-I (hs-cTnI)' });
    expect(call('interpret', 'Troponin', 20)).to.include({ flag: 'NORMAL', reference_range: '≤34.2 ng/L', range_basis: "sex not given: both sexes' ranges combined" });
    expect(call('interpret', 'Troponin', 20, 'M', null, 'abbott architect stat high sensitive troponin i (hs ctni)')).to.include({ flag: 'NORMAL' });
    expect(error('interpret', 'Troponin', 20, 'M', null, 'Roche Elecsys hs-cTnT')).to.equal(
      'lab.interpret: the default table holds Troponin for Abbott ARCHITECT STAT High Sensitive Troponin-I (hs-cTnI) only, not "Roche Elecsys hs-cTnT"; import the laboratory\'s ranges (cpes data import lab-ranges) to interpret other assays',
    );
  });

  it('rejects negative values and answers an unknown test with suggestions', () => {
    expect(error('interpret', 'K', -1)).to.equal('lab.interpret: K value must not be negative, got -1');
    expect(call('interpret', 'Potasium', 4)).to.deep.equal({
      type: 'LAB_RESULT', found: false, test: 'Potasium', value: 4, flag: null, is_critical: null, reference_range: null, suggestions: ['Potassium'],
    });
  });
});

describe('lab.panel and the lists', () => {
  it('orders panel tests first, marks tests of other panels, and lists unrecognized and missing names', () => {
    const r = call('panel', 'bmp', { Hgb: 10, Creatinine: 1.0, K: 6.1, Na: 140, Foo: 1 });
    expect(r.results.map((x: any) => x.canonical)).to.deep.equal(['Na', 'K', 'Cr', 'Hgb']);
    expect(r.results[3].in_panel).to.equal(false);
    expect(r).to.include({ panel: 'BMP', found: true, total_tests: 4, abnormal_count: 2, critical_count: 1 });
    expect(r.abnormal).to.deep.equal(['K', 'Hgb']);
    expect(r.critical).to.deep.equal(['K']);
    expect(r.unrecognized).to.deep.equal(['Foo']);
    expect(r.missing).to.deep.equal(['Cl', 'CO2', 'BUN', 'Glucose', 'Ca', 'Mg', 'Phos']);
    expect(libraryOf('lab').call('interpret_panel', 'BMP', { Na: 140 }).found).to.equal(true);
  });

  it('refuses the same test twice and values that are not numbers; an unknown panel is not found', () => {
    expect(error('panel', 'BMP', { Cr: 1, Creatinine: 1 })).to.equal("lab.panel: argument 2 'values' gives Cr twice ('Cr' and 'Creatinine')");
    expect(error('panel', 'BMP', { Na: '140' })).to.equal("lab.panel: argument 2 'values' item 'Na' must be a number, got string");
    expect(call('panel', 'BPM', {})).to.include({ found: false });
  });

  it('list_panels gives the 17 panels; list_tests filters by panel and refuses an unknown one', () => {
    expect(call('list_panels')).to.have.length(17);
    expect(call('list_tests', 'coag')).to.deep.equal(['PT', 'INR', 'aPTT', 'Fibrinogen', 'DDimer', 'TT']);
    expect(call('list_tests')).to.have.length(labTable.tests.length);
    expect(error('list_tests', 'XYZ')).to.match(/^lab\.list_tests: argument 1 'panel' "XYZ" is not a panel; panels: CBC, BMP/);
  });
});

describe('lab table build checks (§1.9)', () => {
  const tests = labTable.tests as any[];
  const intervals = (t: any): { low: number | null; high: number | null }[] => ('M' in t.range ? [t.range.M, t.range.F] : [t.range]);

  it('has unique names and aliases, known panels, units and a source on every row', () => {
    const names = tests.flatMap((t) => [t.canonical, ...t.aliases].map(normalizeName));
    expect(new Set(names).size).to.equal(names.length);
    for (const t of tests) {
      expect(t.unit, t.canonical).to.be.a('string').and.not.equal('');
      expect(t.source, t.canonical).to.be.a('string').and.not.equal('');
      expect(t.panels.every((p: string) => labTable.panels.includes(p)), t.canonical).to.equal(true);
    }
  });

  it('has plausible intervals and critical limits outside them', () => {
    for (const t of tests) {
      for (const i of intervals(t)) {
        if (i.low !== null && i.high !== null) expect(i.low, t.canonical).to.be.below(i.high);
        if (t.critical_low !== null && i.low !== null) expect(t.critical_low, t.canonical).to.be.below(i.low);
        if (t.critical_high !== null && i.high !== null) expect(t.critical_high, t.canonical).to.be.above(i.high);
      }
    }
  });

  it('is sex-specific where adult ranges differ, and carries critical limits for the required tests it holds', () => {
    const byName = new Map(tests.map((t) => [t.canonical, t]));
    // TransSat is one interval for both sexes in its source (Mayo FEC), so it is not listed here although §5.1 names it.
    for (const name of ['Hgb', 'Hct', 'RBC', 'Cr', 'Iron', 'ESR', 'Ferritin', 'HDL', 'CK_MB', 'Fibrinogen', 'GGT']) expect('M' in byName.get(name).range, name).to.equal(true);
    const required = ['K', 'Na', 'Ca', 'Mg', 'Phos', 'Glucose', 'Hgb', 'PLT', 'WBC', 'INR', 'aPTT', 'Fibrinogen', 'pH', 'pCO2', 'pO2', 'Lactate', 'Troponin', 'Cr', 'BUN', 'TBili'];
    const absent = required.filter((name) => !byName.has(name));
    expect(absent).to.deep.equal([]);
    // Troponin is the hs-cTnI assay's 99th percentile: no citable critical-value list exists for it (see its row source)
    for (const name of required.filter((n) => byName.has(n) && n !== 'Troponin')) {
      const t = byName.get(name);
      expect(t.critical_low !== null || t.critical_high !== null, name).to.equal(true);
    }
  });

  it('holds the specified minimum of 80 tests', () => {
    expect(labTable.minimum_required).to.equal(80);
    expect(tests.length).to.equal(80);
  });
});

describe('lab.interpret with the unit the value is in', () => {
  const { call: labCall, error: labError } = libraryOf('lab');

  it('converts a troponin value sent in ng/mL to the table\'s ng/L, so 0.5 ng/mL is 500 ng/L and HIGH, never a NORMAL 0.5', () => {
    const r = labCall('interpret', 'Troponin', 0.5, 'F', null, null, 'ng/mL');
    expect(r).to.include({ value: 500, given_value: 0.5, given_unit: 'ng/mL', unit: 'ng/L', flag: 'HIGH' });
    // 15.6 ng/L is the female 99th percentile: 0.0156 ng/mL is at it, 0.0157 above it
    expect(labCall('interpret', 'Troponin', 0.0156, 'F', null, null, 'ng/mL')).to.include({ value: 15.6, flag: 'NORMAL' });
    expect(labCall('interpret', 'Troponin', 0.0157, 'F', null, null, 'ng/mL')).to.include({ value: 15.7, flag: 'HIGH' });
    expect(labCall('interpret', 'Troponin', 12, 'F')).to.include({ value: 12, given_unit: 'ng/L' });
  });

  it('refuses a unit that is not one, or that cannot be converted without more facts (mmol/L glucose to mg/dL)', () => {
    expect(labError('interpret', 'Troponin', 0.5, 'F', null, null, 'bananas')).to.equal(`lab.interpret: argument 6 'unit' "bananas" is not a unit (ng/mL, ng/L, mg/dL, mmol/L, …)`);
    expect(labError('interpret', 'Glucose', 5.5, null, null, null, 'mmol/L')).to.equal("lab.interpret: argument 6 'unit' mmol/L cannot be converted to Glucose's unit mg/dL; send the value in mg/dL");
  });
});

describe('lab.interpret: a value without a unit that cannot be in the test unit (issue 24 item 5)', () => {
  const ambiguous = (test: string, value: number) => call('interpret', test, value, 'F');

  it('does not read Troponin_I 0.05 as a NORMAL 0.05 ng/L: the unit is ambiguous and both readings are named', () => {
    const r = ambiguous('Troponin_I', 0.05);
    expect(r).to.include({ found: true, canonical: 'Troponin', flag: 'UNIT_AMBIGUOUS', status: 'UNIT_AMBIGUOUS', value: null, is_critical: null, given_unit: null });
    expect(r.readings).to.deep.equal([
      { unit: 'ng/L', value: 0.05, value_in_test_unit: 0.05, plausible: false },
      { unit: 'ng/mL', value: 0.05, value_in_test_unit: 50, plausible: true },
    ]);
    expect(r.message).to.match(/^Troponin 0\.05 without a unit is ambiguous: 0\.05 ng\/L is below 1 ng\/L.*0\.05 ng\/mL is 50 ng\/L\. Send the unit, or the value in ng\/L\.$/);
    expect(r.unit_source).to.contain('Clin Chem 2018;64:645-55');
    // with its unit the same number is interpreted, either way
    expect(call('interpret', 'Troponin_I', 0.05, 'F', null, null, 'ng/mL')).to.include({ value: 50, flag: 'HIGH' });
    expect(call('interpret', 'Troponin_I', 0.05, 'F', null, null, 'ng/L')).to.include({ value: 0.05, flag: 'NORMAL' });
  });

  it('holds each bound exactly: the bound itself is a result in the test unit, just past it is not', () => {
    expect(ambiguous('Troponin', 0.99).flag).to.equal('UNIT_AMBIGUOUS');
    expect(ambiguous('Troponin', 1).flag).to.equal('NORMAL');
    expect(ambiguous('DDimer', 9.99).flag).to.equal('UNIT_AMBIGUOUS');
    expect(ambiguous('DDimer', 10).flag).to.equal('NORMAL');
    expect(ambiguous('DDimer', 0.4).readings[1]).to.deep.equal({ unit: 'mg/L', value: 0.4, value_in_test_unit: 400, plausible: true });
    expect(ambiguous('WBC', 1000).flag).to.equal('CRITICAL_HIGH');
    expect(ambiguous('WBC', 1000.5).flag).to.equal('UNIT_AMBIGUOUS');
    expect(ambiguous('WBC', 7500).readings[1]).to.deep.equal({ unit: '/uL', value: 7500, value_in_test_unit: 7.5, plausible: true });
    expect(ambiguous('PLT', 10000).flag).to.equal('CRITICAL_HIGH');
    expect(ambiguous('PLT', 250000).message).to.contain('250000 /uL is 250 10^3/uL');
  });

  it('a panel flags the ambiguous value instead of interpreting it, and counts it as abnormal, not critical', () => {
    const r = call('panel', 'CBC', { WBC: 7500, PLT: 250 });
    expect(r.results[0]).to.include({ canonical: 'WBC', flag: 'UNIT_AMBIGUOUS' });
    expect(r).to.include({ abnormal_count: 1, critical_count: 0 });
  });

  it('every analyte the table marks ambiguous names the other unit, a factor a thousand apart, a bound and its source', () => {
    const marked = (labTable.tests as any[]).filter((t) => t.unit_ambiguity);
    expect(marked.map((t) => t.canonical)).to.deep.equal(['WBC', 'PLT', 'DDimer', 'Troponin']);
    for (const t of marked) {
      const a = t.unit_ambiguity;
      expect([1000, 0.001], t.canonical).to.include(a.factor);
      expect(a.implausible_below ?? a.implausible_above, t.canonical).to.be.a('number');
      expect(a.source, t.canonical).to.be.a('string').and.not.equal('');
    }
  });
});

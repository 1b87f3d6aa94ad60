// modules.md §4.7: missing knowledge is reported as missing, never as safety. Shown with drugs
// registered in the run (so the rules hold whatever the shipped table holds) and with table drugs
// where the rule is about the table itself (clearance models, TDM units).
import { expect } from 'chai';
import tdmTable from '../src/runtime/modules/pk/data/tdm.json' with { type: 'json' };
import { runProtocol } from '../src/engine/index.js';
import { libraryOf } from './helpers/library.js';
import { runError, runLets } from './helpers/run.js';

const { call, error } = libraryOf('pk');

const drug = (row: Record<string, unknown>) => JSON.stringify({ class: 'test_class', routes: ['IV'], default_route: 'IV', source: 'hand-made for tests', ...row });

/**
 * Known drug without a top of its usual range and without a verified single-dose limit (max_single null):
 * nothing bounds a single dose, not even the tenfold rule (issue 22), so it is UNCHECKED.
 */
const OPEN_SINGLE = drug({
  name: 'Opensingle',
  routes: ['IV', 'PO'],
  dosing: { IV: { bolus: { usual: 500, usual_low: 500, usual_high: null, max_single: null, unit: 'mg' } } },
  max_daily: { value: 4000, unit: 'mg/day' },
});
/** Every limit known: a single-dose limit and a daily limit the label sets. */
const ALL_KNOWN = drug({
  name: 'Allknown',
  dosing: { IV: { bolus: { usual: 500, usual_low: 250, usual_high: 1000, max_single: 2000, unit: 'mg' } } },
  max_daily: { value: 4000, unit: 'mg/day' },
});
/** Single-dose limit known, no usual range, daily limit unknown (null) vs not applicable ("none" with its source). */
const OPEN_DAILY = drug({ name: 'Opendaily', dosing: { IV: { bolus: { usual: null, usual_low: null, usual_high: null, max_single: 20, unit: 'mg' } } }, max_daily: null });
const NO_DAILY = drug({
  name: 'Nodaily',
  dosing: { IV: { infusion: { usual: 5, usual_low: 1, usual_high: 20, max_rate: 'none', unit: 'mcg/min', source: 'label: titrate to blood pressure; no maximum rate' } } },
  max_daily: 'none',
  max_daily_source: 'label: titrated infusion, no daily maximum',
  max_weekly: 'none',
  max_weekly_source: 'label: titrated infusion, no weekly maximum',
});
/** Once-weekly regimen: the daily limit does not apply, the weekly one does (methotrexate's shape). */
const WEEKLY = drug({
  name: 'Weeklydrug',
  routes: ['PO'],
  default_route: 'PO',
  dosing: { PO: { bolus: { usual: 7.5, usual_low: 7.5, usual_high: 20, max_single: 25, unit: 'mg' } } },
  max_daily: 'none',
  max_daily_source: 'label: once-weekly regimens',
  max_weekly: { value: 20, unit: 'mg/week', source: 'label' },
});
// without the top of a usual range, so the tenfold rule cannot stand in for the unknown weekly limit
const WEEKLY_UNKNOWN = WEEKLY.replace('"Weeklydrug"', '"Weeklyopen"').replace('"usual_high":20', '"usual_high":null').replace('"max_weekly":{"value":20,"unit":"mg/week","source":"label"}', '"max_weekly":null');
/** Weight-based with a cap, and per-indication limits (alteplase's shape: 0.9 mg/kg max 90 mg vs 100 mg). */
const LYTIC = drug({
  name: 'Lyticdrug',
  dosing: { IV: { bolus: { usual: null, usual_low: null, usual_high: null, max_single: null, unit: 'mg' } } },
  max_daily: { value: 0.9, unit: 'mg/kg/day' },
  indications: [
    { name: 'acute ischemic stroke', max_single: { value: 0.9, unit: 'mg/kg', cap: { value: 90, unit: 'mg' } }, max_daily: { value: 90, unit: 'mg/day' }, source: 'label, stroke' },
    { name: 'pulmonary embolism', max_single: 100, max_daily: { value: 100, unit: 'mg/day' }, source: 'label, PE' },
  ],
});

const registered = (...rows: string[]) => rows.map((r, i) => `  let reg${i} = med.pk.register_drug(${r});`).join('\n');
const run = (rows: string[], lines: string, patient?: Record<string, unknown>) => runLets(`protocol P {\n${registered(...rows)}\n${lines}\n}`, patient);

describe('pk safety semantics (§4.7)', () => {
  it('a known drug without a verified single-dose limit is UNCHECKED, with the usual range still reported', () => {
    const r = run([OPEN_SINGLE], [
      '  let ok = med.pk.validate_dose("Opensingle", 500, "mg");',
      '  let high = med.pk.validate_dose("Opensingle", 1500, "mg");',
      '  let daily = med.pk.validate_dose("Opensingle", 4001, "mg");',
      '  let po = med.pk.validate_dose("Opensingle", 10, "mg", null, "PO");',
    ].join('\n'));
    expect(r.ok).to.include({ level: 'UNCHECKED', message: 'dose UNCHECKED no verified single-dose limit for Opensingle by IV', source: 'registered in this run', table_version: null });
    expect(r.high.message).to.equal('dose UNCHECKED no verified single-dose limit for Opensingle by IV');
    // a limit that is known and exceeded still stops the dose, whatever else is unknown
    expect(r.daily).to.include({ level: 'ERROR', message: 'dose ERROR 4001 mg in this run exceeds the daily maximum 4000 mg/day' });
    // a route the table has no dosing for at all: nothing verified, so UNCHECKED (not an ERROR)
    expect(r.po).to.include({ level: 'UNCHECKED', message: 'dose UNCHECKED no verified single-dose limit for Opensingle by PO' });
  });

  it('OK needs every applicable limit: null is unknown (UNCHECKED), "none" is not applicable and needs its source', () => {
    const r = run([ALL_KNOWN, OPEN_DAILY, NO_DAILY], [
      '  let all = med.pk.validate_dose("Allknown", 2000, "mg");',
      '  let open = med.pk.validate_dose("Opendaily", 5, "mg");',
      '  let none = med.pk.validate_dose("Nodaily", 100, "mcg/min");',
    ].join('\n'));
    expect(r.all).to.include({ level: 'WARNING', message: 'dose WARNING above usual range 250-1000 mg' });
    expect(r.open).to.include({ level: 'UNCHECKED', message: 'dose UNCHECKED no verified daily limit for Opendaily by IV' });
    expect(r.none).to.include({ level: 'WARNING', message: 'dose WARNING above usual range 1-20 mcg/min' });
    expect(error('register_drug', JSON.parse(NO_DAILY.replace(/,"max_daily_source":"[^"]*"/, '')))).to.match(/max_daily is "none" without max_daily_source/);
    expect(error('register_drug', JSON.parse(NO_DAILY.replace(/,"source":"label: titrate[^"]*"/, '')))).to.match(/max_rate is "none" but the block has no source/);
  });

  it('a dose in a kind the route cannot take stays an ERROR (a single dose of an infusion-only drug)', () => {
    const r = run([NO_DAILY], '  let v = med.pk.validate_dose("Nodaily", 1, "mg");');
    expect(r.v).to.include({ level: 'ERROR', message: 'dose ERROR Nodaily has no single-dose limit by IV; give a rate such as mcg/min' });
  });

  it('weekly limits: a once-weekly dose repeated in the run is an ERROR at the weekly maximum, equal is within it', () => {
    const r = run([WEEKLY, WEEKLY_UNKNOWN], [
      '  let first = med.pk.administer("Weeklydrug", 12.5);',
      '  let at = med.pk.validate_dose("Weeklydrug", 7.5, "mg");',
      '  let over = med.pk.validate_dose("Weeklydrug", 7.6, "mg");',
      '  let unknown = med.pk.validate_dose("Weeklyopen", 7.5, "mg");',
      '  let perweek = med.pk.validate_dose("Weeklydrug", 21, "mg/week");',
    ].join('\n'));
    expect(r.first.dose_check).to.include({ level: 'OK' });
    expect(r.at).to.include({ level: 'OK' }); // 12.5 + 7.5 = 20 mg, the weekly maximum itself
    expect(r.over).to.include({ level: 'ERROR', message: 'dose ERROR 20.1 mg in this run (7 days) exceeds the weekly maximum 20 mg/week' });
    expect(r.unknown).to.include({ level: 'UNCHECKED', message: 'dose UNCHECKED no verified weekly limit for Weeklyopen by PO' });
    expect(r.perweek).to.include({ kind: 'WEEKLY', level: 'ERROR', message: 'dose ERROR 21 mg/week exceeds weekly maximum 20 mg/week' });
    // the administer statement: a daily repeat of the weekly dose stops the run on the second day's dose
    const message = runError(`protocol P {\n${registered(WEEKLY)}\n  administer Weeklydrug dose: 15 mg;\n  administer Weeklydrug dose: 15 mg;\n}`);
    expect(message).to.match(/line 4.*administer Weeklydrug 15 mg: dose ERROR 30 mg in this run \(7 days\) exceeds the weekly maximum 20 mg\/week/);
  });

  it('weight-based limits with a cap: the lower applies (0.9 mg/kg, at most 90 mg)', () => {
    const at = (weight: number, dose: number) => `med.pk.validate_dose("Lyticdrug", ${dose}, "mg", ${weight}, null, "acute ischemic stroke")`;
    const r = run([LYTIC], [
      `  let w70 = ${at(70, 63)};`,
      `  let w70over = ${at(70, 63.1)};`,
      `  let w120 = ${at(120, 90)};`,
      `  let w120over = ${at(120, 90.1)};`,
    ].join('\n'));
    expect(r.w70).to.include({ level: 'OK', indication: 'acute ischemic stroke', weight_used: 70 });
    expect(r.w70.limit).to.deep.equal({ usual_low: null, usual_high: null, max: 0.9, unit: 'mg/kg', cap: { value: 90, unit: 'mg' } });
    expect(r.w70over).to.include({ level: 'ERROR', message: 'dose ERROR 63.1 mg (0.901429 mg/kg) exceeds maximum 0.9 mg/kg' });
    expect(r.w120).to.include({ level: 'OK' });
    expect(r.w120over).to.include({ level: 'ERROR', message: 'dose ERROR 90.1 mg exceeds maximum 90 mg' });
  });

  it('per-indication limits: the named indication applies; without one the lowest does; an unknown one is an argument error', () => {
    const r = run([LYTIC], [
      '  let pe = med.pk.validate_dose("Lyticdrug", 100, "mg", 70, null, "Pulmonary Embolism");',
      '  let lowest = med.pk.validate_dose("Lyticdrug", 100, "mg", 70);',
      '  let calc = med.pk.calculate_dose("Lyticdrug", 70, 60, null, "pulmonary embolism");',
    ].join('\n'));
    expect(r.pe).to.include({ level: 'OK' });
    expect(r.lowest).to.include({ level: 'ERROR', message: 'dose ERROR 100 mg (1.42857 mg/kg) exceeds maximum 0.9 mg/kg' });
    expect(r.calc).to.include({ level: 'OK', is_safe: true, indication: 'pulmonary embolism' });
    const unknown = runError(`protocol P {\n${registered(LYTIC)}\n  let v = med.pk.validate_dose("Lyticdrug", 50, "mg", 70, null, "myocardial infarction");\n}`);
    expect(unknown).to.match(/indication 'myocardial infarction' is not one of Lyticdrug's; indications with their own limits: 'acute ischemic stroke', 'pulmonary embolism'/);
  });

  it('safe and is_safe are true only on OK with every partner checked; null on missing knowledge; false on a known problem', () => {
    const r = run([OPEN_SINGLE, ALL_KNOWN], [
      '  let open = med.pk.calculate_dose("Opensingle", 70);',
      '  let given = med.pk.administer("Opensingle", 500);',
      '  let known = med.pk.calculate_dose("Allknown", 70);',
      '  let ok = med.pk.administer("Allknown", 500);',
      '  let high = med.pk.calculate_dose("Allknown", 70, 1500);',
      '  let mystery = med.pk.administer("Zorblax", 5, null, "mg");',
      '  let after = med.pk.administer("Allknown", 500);',
      '  let calc = med.pk.calculate_dose("Allknown", 70);',
    ].join('\n'));
    expect(r.open).to.include({ level: 'UNCHECKED', is_safe: null });
    expect(r.given).to.include({ safe: null });
    expect(r.known).to.include({ level: 'OK', is_safe: true });
    expect(r.ok).to.include({ safe: true });
    expect(r.high).to.include({ level: 'WARNING', is_safe: false });
    expect(r.mystery).to.include({ safe: null });
    expect(r.after).to.include({ safe: null });
    expect(r.after.interactions).to.include({ safe_to_administer: null });
    expect(r.after.interactions.not_checked).to.deep.equal(['Zorblax']);
    expect(r.calc).to.include({ level: 'OK', is_safe: null });
    expect(r.calc.interactions_unchecked).to.deep.equal(['Zorblax']);
  });

  it('the administer statement logs UNCHECKED, records the dose and goes on; a protocol can test the level', () => {
    const { kind, body } = runProtocol(
      `protocol P {\n  input: Patient p;\n${registered(OPEN_SINGLE, ALL_KNOWN)}\n  administer Opensingle dose: 500 mg;\n  administer Zorblax dose: 5 mg;\n  administer Allknown dose: 500 mg;\n  let r = med.pk.validate_dose("Opensingle", 500, "mg");\n  if r.level == "UNCHECKED" {\n    alert "limit not verified" severity: warning;\n  }\n}`,
      { weight: 70 } as never,
    );
    expect(kind, body.error ?? '').to.equal('ok');
    const events = body.events.filter((e) => e.kind === 'administer');
    expect(events.map((e) => e.event)).to.deep.equal([
      '[5] LOG: administer Opensingle 500 mg: dose UNCHECKED no verified single-dose limit for Opensingle by IV',
      '[6] LOG: administer Zorblax 5 mg: dose UNKNOWN drug',
      '[7] LOG: administer Allknown 500 mg: dose UNCHECKED interactions UNCHECKED with Zorblax',
    ]);
    expect(events[2]).to.include({ level: 'UNCHECKED' });
    expect(events[2]!.interactions_unchecked).to.deep.equal(['Zorblax']);
    const check = body.events.find((e) => e.kind === 'let' && e.name === 'r')!;
    expect((check.value as { cumulative_in_run: number }).cumulative_in_run).to.equal(1000); // the UNCHECKED dose was recorded
    expect(body.alerts).to.have.length(1);
  });
});

describe('pk interaction checks with unknown partners (§4.7.2)', () => {
  it('an unknown co-medication makes safe_to_administer null and is listed in not_checked; a known MAJOR still makes it false', () => {
    const unknownOnly = call('check_interactions', 'Heparin', ['Unknownium']);
    expect(unknownOnly).to.include({ safe_to_administer: null, max_severity: 'NONE' });
    expect(unknownOnly.not_checked).to.deep.equal(['Unknownium']);
    expect(unknownOnly).to.include({ source: 'pk-interactions' });
    expect(unknownOnly.table_version).to.be.a('string');
    const major = call('check_interactions', 'Vancomycin', ['Gentamicin', 'Unknownium']);
    expect(major).to.include({ safe_to_administer: false, max_severity: 'MAJOR' });
    expect(major.not_checked).to.deep.equal(['Unknownium']);
    expect(call('check_interactions', 'Heparin', [])).to.include({ safe_to_administer: true });
  });
});

describe('pk renal adjustment and clearance from renal function (§4.7.3)', () => {
  it('a renal band may change the dose and the interval together', () => {
    const row = drug({
      name: 'Renaldrug',
      dosing: { IV: { bolus: { usual: 1000, usual_low: 500, usual_high: 1000, max_single: 2000, unit: 'mg' } } },
      max_daily: { value: 4000, unit: 'mg/day' },
      renal: [
        { min: 0, max: 30, measure: 'CrCl', factor: 0.5, interval_h: 24, text: 'half the dose every 24 h', source: 'test' },
        { min: 30, max: null, measure: 'CrCl', text: 'no change', source: 'test' },
      ],
    });
    const r = run([row], '  let low = med.pk.renal_adjust("Renaldrug", 29.9);\n  let edge = med.pk.renal_adjust("Renaldrug", 30);');
    expect(r.low).to.include({ requires_adjustment: true, adjustment_factor: 0.5, interval_h: 24, adjusted_dose: 500 });
    expect(r.edge).to.include({ requires_adjustment: false, adjustment_factor: 1, interval_h: null });
    expect(error('register_drug', { ...JSON.parse(row), name: 'Bad', renal: [{ min: 0, max: null, measure: 'CrCl', avoid: true, factor: 0.5, text: 't', source: 's' }] })).to.match(/says avoid and also gives a factor/);
  });

  it('vancomycin 1 g q12h at CrCl 20 is about four times the AUC of normal renal function (Matzke 1984)', () => {
    // CL = 3.66 + 0.689 × 20 = 17.44 mL/min = 1.0464 L/h → AUC24 = 2000 / 1.0464 = 1911.3
    const low = call('trough_estimate', 'Vancomycin', 1000, 12, 70, 0, 20);
    expect(low).to.include({ crcl_ml_min: 20, auc24_estimated: 1911 });
    expect(low.model).to.match(/Matzke et al\. 1984/);
    // CL = 3.66 + 0.689 × 100 = 72.56 mL/min = 4.3536 L/h → AUC24 = 459.4
    expect(call('trough_estimate', 'Vancomycin', 1000, 12, 70, 0, 100)).to.include({ auc24_estimated: 459 });
    const assumed = call('trough_estimate', 'Vancomycin', 1000, 12, 70);
    expect(assumed.model).to.match(/assumes normal renal function/);
  });

  it('aminoglycosides take k from CrCl (Hull & Sarubbi 1976); other drugs refuse a CrCl they have no model for', () => {
    // k = 0.014 + 0.00293 × 50 = 0.1605 /h → t½ = ln 2 / 0.1605 = 4.32 h
    const g = call('trough_estimate', 'Tobramycin', 120, 8, 70, 0.5, 50);
    expect(g).to.include({ half_life_hr: 4.32, crcl_ml_min: 50 });
    expect(g.model).to.match(/Hull & Sarubbi 1976/);
    expect(error('trough_estimate', 'Heparin', 5000, 12, 70, 0, 50)).to.match(/argument 6 'crcl_ml_min' has no clearance model for Heparin/);
    // the model gives k; the volume still comes from the table, and is not claimed where it was not verified
    expect(error('trough_estimate', 'Gentamicin', 120, 8, 70, 0.5, 50)).to.match(/Gentamicin has no population volume of distribution in the table/);
  });
});

describe('pk monitoring targets (TDM table units)', () => {
  it('every concentration target is in its row\'s unit; digoxin and free phenytoin are in ng/mL and mcg/mL', () => {
    for (const entry of tdmTable.drugs) {
      for (const t of entry.targets) if (!t.measure.startsWith('AUC')) expect(t.unit, `${entry.drug} ${t.measure}`).to.equal(entry.unit);
    }
    const digoxin = call('therapeutic_range', 'Digoxin');
    expect(digoxin.targets[0]).to.include({ low: 0.5, high: 0.8, unit: 'ng/mL', indication: 'heart failure' });
    expect(digoxin.trough).to.deep.equal([0.5, 0.8]);
    const phenytoin = call('therapeutic_range', 'Phenytoin');
    expect(phenytoin.targets[1]).to.include({ measure: 'free (unbound) concentration', low: 1, high: 2, unit: 'mcg/mL' });
  });
});

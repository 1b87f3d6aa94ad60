// pk with the table drugs: §23 vectors, the administer statement, lookups and the table build checks.
import { expect } from 'chai';
import drugTable from '../src/runtime/modules/pk/data/drugs.json' with { type: 'json' };
import { rawDrugRows } from './helpers/pk-rows.js';
import interactionTable from '../src/runtime/modules/pk/data/interactions.json' with { type: 'json' };
import tdmTable from '../src/runtime/modules/pk/data/tdm.json' with { type: 'json' };
import { runProtocol } from '../src/engine/index.js';
import { drugProblems } from '../src/runtime/modules/pk/schema.js';
import { normalizeName } from '../src/util/names.js';
import { libraryOf } from './helpers/library.js';

const { call, error } = libraryOf('pk');

// modules.md §4.1: every drug MOISSCode shipped, by the name MOISSCode used.
const MOISSCODE_DRUGS = `Norepinephrine Vasopressin Epinephrine Epinephrine_IV Dobutamine Milrinone Nitroglycerin Hydralazine Nitroprusside
  Amiodarone Adenosine Metoprolol Atenolol Diltiazem Amlodipine Lisinopril Enalapril Losartan Digoxin Furosemide Spironolactone
  Vancomycin Amoxicillin Ceftriaxone Meropenem Piperacillin_Tazobactam Azithromycin Levofloxacin Ciprofloxacin Gentamicin
  Metronidazole Doxycycline Linezolid Daptomycin Cefazolin Cefepime TMP_SMX Clindamycin Colistin Rifampin Fluconazole
  Amphotericin_B Caspofungin Remdesivir Oseltamivir Acyclovir Tenofovir Morphine Fentanyl Hydromorphone Remifentanil
  Acetaminophen Ketorolac Gabapentin Propofol Midazolam Dexmedetomidine Lorazepam Ketamine Heparin Enoxaparin Warfarin
  Apixaban Rivaroxaban Bivalirudin Clopidogrel Ticagrelor Alteplase Levetiracetam Phenytoin Valproic_Acid Lacosamide
  Carbamazepine Haloperidol Olanzapine Quetiapine Lithium Metformin Insulin_Regular Insulin_Lispro Insulin_Glargine Glipizide
  Empagliflozin Omeprazole Pantoprazole Famotidine Ondansetron Metoclopramide Octreotide Hydrocortisone Methylprednisolone
  Dexamethasone Budesonide Albuterol Ipratropium Atropine Naloxone Flumazenil Calcium_Chloride Magnesium_Sulfate
  Sodium_Bicarbonate Tacrolimus Cyclosporine Methotrexate Levothyroxine Thiamine`.split(/\s+/);

describe('pk.validate_dose with table drugs (§23)', () => {
  it('Norepinephrine is dosed in mcg/min by its label, so 0.1 mcg/kg/min at 70 kg is 7 mcg/min, whichever way it is written', () => {
    // the label gives no maximum rate; within the usual range, ten times its top is the hard limit (issue 22)
    for (const [dose, unit] of [[0.1, 'mcg/kg/min'], [7, 'mcg/min'], [0.0001, 'mg/kg/min']] as const) {
      expect(call('validate_dose', 'Noradrenaline', dose, unit, 70)).to.include({
        drug: 'Norepinephrine', kind: 'RATE', converted_dose: 7, converted_unit: 'mcg/min', level: 'OK', message: 'dose OK',
      });
    }
    expect(error('validate_dose', 'Norepinephrine', 0.1, 'mcg/kg/min')).to.equal("pk.validate_dose: argument 4 'weight_kg' (kg) is required to convert mcg/kg/min for Norepinephrine");
    expect(call('validate_dose', 'Norepinephrine', 1, 'mg')).to.include({
      level: 'ERROR', message: 'dose ERROR Norepinephrine has no single-dose limit by IV; give a rate such as mcg/min',
    });
  });

  it('Furosemide 40000 mcg/h is a rate of 40 mg/h checked against the infusion limit (4 mg/min = 240 mg/h)', () => {
    expect(call('validate_dose', 'Furosemide', 40000, 'mcg/h')).to.include({ kind: 'RATE', converted_dose: 40, converted_unit: 'mg/h', level: 'OK' });
    expect(call('validate_dose', 'Furosemide', 4.01, 'mg/min')).to.include({ level: 'ERROR', message: 'dose ERROR 4.01 mg/min (240.6 mg/h) exceeds maximum 240 mg/h' });
  });

  it('Vancomycin 100000 mg is a tenfold error; 40 mL cannot be compared with mg', () => {
    expect(call('validate_dose', 'Vancomycin', 100000, 'mg')).to.include({
      level: 'ERROR', message: 'dose ERROR 100000 mg is ten times or more the top of the usual range 500-1000 mg (a tenfold error)',
    });
    expect(call('validate_dose', 'Vancomycin', 40, 'mL')).to.include({ level: 'ERROR', message: 'dose ERROR cannot compare mL with mg' });
  });

  it('Heparin 18 IU/kg/h is 18 units/kg/h; Magnesium_Sulfate 2 g is 16.24 mEq at 8.12 mEq/g', () => {
    expect(call('validate_dose', 'Heparin', 18, 'IU/kg/h')).to.include({ converted_dose: 18, converted_unit: 'units/kg/h', level: 'OK', weight_used: null });
    expect(call('validate_dose', 'magnesium sulfate', 2, 'g')).to.include({ converted_dose: 16.24, converted_unit: 'mEq', level: 'OK' });
  });
});

describe('pk interactions and the administer statement', () => {
  it('§23: Vancomycin with Gentamicin and Gentamicin with Vancomycin give the same MAJOR record', () => {
    const a = call('check_interactions', 'Vancomycin', ['Gentamicin']);
    const b = call('check_interactions', 'Gentamicin', ['Vancomycin']);
    expect(a.interactions).to.deep.equal(b.interactions);
    expect(a.interactions[0]).to.include({ drug_a: 'Vancomycin', drug_b: 'Gentamicin', severity: 'MAJOR', rule: 'Vancomycin + aminoglycosides' });
    expect(a).to.include({ max_severity: 'MAJOR', safe_to_administer: false });
    const none = call('check_interactions', 'Heparin', ['Furosemide', 'Unknownium', 'Heparin']);
    expect(none).to.include({ max_severity: 'NONE', safe_to_administer: null }); // Unknownium was not checked
    expect(none.not_checked).to.deep.equal(['Unknownium']);
    expect(none.checked).to.deep.equal(['Furosemide']);
    expect(none.unknown_drugs).to.deep.equal(['Unknownium']);
    expect(call('check_interactions', 'Vancomyci')).to.include({ found: false });
  });

  it('raises an OK dose to WARNING for a MAJOR interaction, names it beside another finding, logs unknown drugs and goes on', () => {
    const { kind, body } = runProtocol(
      'protocol P {\n  input: Patient p;\n  administer Rivaroxaban dose: 20 mg;\n  administer Alteplase dose: 0.9 mg/kg;\n  administer Vancomycin dose: 1000 mg;\n' +
        '  administer Gentamicin dose: 70 mg;\n  administer Zorblax dose: 5 mg;\n  let later = med.pk.check_interactions("Heparin");\n}',
      { weight: 70 } as never,
    );
    expect(kind).to.equal('ok');
    const events = body.events.filter((e) => e.kind === 'administer');
    expect(events.map((e) => e.event)).to.deep.equal([
      // issue 22: the renal rule needs creatinine, age and sex, which this patient lacks
      '[3] LOG: administer Rivaroxaban 20 mg: dose UNCHECKED renal dosing of Rivaroxaban needs creatinine, age, sex',
      '[4] LOG: administer Alteplase 0.9 mg/kg: dose WARNING interaction MAJOR with Rivaroxaban',
      '[5] LOG: administer Vancomycin 1000 mg: dose WARNING below usual range 15-20 mg/kg',
      '[6] LOG: administer Gentamicin 70 mg: dose WARNING interaction MAJOR with Vancomycin',
      '[7] LOG: administer Zorblax 5 mg: dose UNKNOWN drug',
    ]);
    expect(events[3]).to.include({ converted_dose: 1, converted_unit: 'mg/kg', weight_used: 70, moiss_class: 'UNKNOWN' });
    const later = body.events.find((e) => e.kind === 'let')!.value as any;
    expect(later.checked).to.deep.equal(['Rivaroxaban', 'Alteplase', 'Vancomycin', 'Gentamicin']);
    expect(later.unknown_drugs).to.deep.equal(['Zorblax']);
    expect(later.safe_to_administer).to.equal(false); // heparin with rivaroxaban and alteplase, whatever Zorblax is
  });

  it('stops the run at an ERROR dose with the drug, the dose and the reason', () => {
    const { kind, body } = runProtocol('protocol P {\n  administer Vancomycin dose: 100000 mg;\n}');
    expect(kind).to.equal('runtime_error');
    expect(body.error).to.equal(
      'Runtime error at line 2, column 3: administer Vancomycin 100000 mg: dose ERROR 100000 mg is ten times or more the top of the usual range 500-1000 mg (a tenfold error)',
    );
  });
});

describe('pk lookups with table drugs', () => {
  it('trough_estimate for Vancomycin uses the label-derived Vd and half-life', () => {
    // V = 0.42 × 70 = 29.4 L, k = ln2/5; Cmax = (1000/29.4)/(1 − e^(−12k)) = 41.96, Cmin = 7.95, AUC24 = 2000/(k·29.4) = 491
    expect(call('trough_estimate', 'Vancomycin', 1000, 12, 70)).to.include({ vd_l: 29.4, half_life_hr: 5, c_peak_estimated: 41.96, c_trough_estimated: 7.95, auc24_estimated: 491 });
    expect(error('trough_estimate', 'Heparin', 1000, 12, 70)).to.equal('pk.trough_estimate: Heparin has no population half-life and volume of distribution in the table');
  });

  it('claims nothing where the table holds no verified renal or hepatic dosing', () => {
    expect(call('renal_adjust', 'Vancomycin', 20)).to.include({ found: true, requires_adjustment: null, adjustment_factor: null, adjusted_dose: null, original_dose: 1000 });
    expect(call('renal_adjust', 'Vancomycin', 20).recommendation).to.equal('renal dosing of Vancomycin is not in the table (not verified); follow the current label');
    expect(call('hepatic_adjust', 'Heparin', 'c')).to.include({ child_pugh: 'C', requires_adjustment: null });
  });

  it('therapeutic_range, time_to_effect, contraindications, profiles and lists', () => {
    expect(call('therapeutic_range', 'Vancomycin')).to.include({ found: true, has_tdm: true, trough: null, category: 'glycopeptide_antibiotic' });
    expect(call('therapeutic_range', 'Furosemide')).to.include({ found: true, has_tdm: false });
    expect(call('therapeutic_range', 'Heprin')).to.deep.include({ found: false, suggestions: ['Heparin'] });
    expect(call('time_to_effect', 'Vancomycin')).to.include({ route: 'IV', onset_min: null, half_life_min: 300 });
    expect(call('check_contraindications', 'Heparin', ['active bleeding'])).to.include({ contraindicated: true });
    expect(call('get_profile', 'Noradrenaline')).to.include({ type: 'PK_PROFILE', found: true, name: 'Norepinephrine', default_route: 'IV' });
    expect(call('list_drugs')).to.deep.equal(rawDrugRows.map((d) => d.name));
    expect(call('list_drugs', 'electrolyte')).to.deep.equal(['Calcium_Chloride', 'Magnesium_Sulfate', 'Potassium_Chloride', 'Calcium_Gluconate', 'Potassium_Phosphate', 'Sodium_Chloride_3']);
    expect(error('list_drugs', 'potions')).to.match(/^pk\.list_drugs: argument 1 'category' "potions" is not a category; categories: ace_inhibitor, acetaminophen_antidote, adamantane_antiparkinsonian, /);
    expect(call('list_categories')).to.deep.equal([...new Set(rawDrugRows.map((d) => d.class))].sort());
    expect(error('unregister_drug', 'Heparin')).to.match(/is a table drug; only drugs registered in this run can be removed/);
    expect(call('calculate_dose', 'Gentamicin', 70)).to.include({ total_dose: 70, unit: 'mg', dose_unit: 'mg/kg', level: 'OK', is_safe: true });
  });
});

describe('pk with the full table: label limits, renal bands at their edges, monitoring targets', () => {
  it('Acetaminophen IV: 1000 mg per dose and 4000 mg/day (OFIRMEV label 2.2); the fifth gram in a run stops it', () => {
    expect(call('validate_dose', 'Paracetamol', 1000, 'mg')).to.include({ drug: 'Acetaminophen', level: 'OK', kind: 'SINGLE', route: 'IV' });
    expect(call('validate_dose', 'Acetaminophen', 1001, 'mg')).to.include({ level: 'ERROR', message: 'dose ERROR 1001 mg exceeds maximum 1000 mg' });
    const five = Array.from({ length: 5 }, () => `  administer Acetaminophen dose: 1000 mg;`).join('\n');
    const { kind, body } = runProtocol(`protocol P {\n${five}\n}`);
    expect(kind).to.equal('runtime_error');
    expect(body.error).to.equal('Runtime error at line 6, column 3: administer Acetaminophen 1000 mg: dose ERROR 5000 mg in this run exceeds the daily maximum 4000 mg/day');
  });

  it('Ketorolac IV: 15-30 mg per dose, 30 mg at most (label); 10 mg is below the usual range', () => {
    expect(call('validate_dose', 'Ketorolac', 30, 'mg')).to.include({ level: 'OK' });
    expect(call('validate_dose', 'Ketorolac', 31, 'mg')).to.include({ level: 'ERROR', message: 'dose ERROR 31 mg exceeds maximum 30 mg' });
    expect(call('validate_dose', 'Ketorolac', 10, 'mg')).to.include({ level: 'WARNING', message: 'dose WARNING below usual range 15-30 mg' });
  });

  it('Rivaroxaban (AF): CrCl < 15 avoid, 15-50 15 mg, > 50 20 mg; both edges of the middle band take 15 mg', () => {
    const at = (crcl: number) => call('renal_adjust', 'Rivaroxaban', crcl);
    expect(at(14.9)).to.include({ requires_adjustment: true, adjustment_factor: null, adjusted_dose: null });
    expect(at(15)).to.include({ adjustment_factor: 0.75, original_dose: 20, adjusted_dose: 15 });
    expect(at(50)).to.include({ adjustment_factor: 0.75, adjusted_dose: 15 });
    expect(at(50.1)).to.include({ requires_adjustment: false, adjustment_factor: 1, adjusted_dose: 20 });
  });

  it('Fluconazole: CrCl 50 or less halves the dose, above 50 it is unchanged (label)', () => {
    expect(call('renal_adjust', 'Fluconazole', 50)).to.include({ adjustment_factor: 0.5, original_dose: 200, adjusted_dose: 100 });
    expect(call('renal_adjust', 'Fluconazole', 50.5)).to.include({ adjustment_factor: 1, adjusted_dose: 200 });
  });

  it('class rules: an opioid with a benzodiazepine is MAJOR either way; naloxone reversal is EXPECTED and still safe', () => {
    const a = call('check_interactions', 'Midazolam', ['Fentanyl']);
    expect(a.interactions[0]).to.include({ drug_a: 'Fentanyl', drug_b: 'Midazolam', severity: 'MAJOR', rule: 'opioids + benzodiazepines' });
    expect(call('check_interactions', 'Fentanyl', ['Midazolam']).interactions).to.deep.equal(a.interactions);
    expect(a).to.include({ max_severity: 'MAJOR', safe_to_administer: false });
    expect(call('check_interactions', 'Naloxone', ['Morphine'])).to.include({ max_severity: 'EXPECTED', safe_to_administer: true });
  });

  it('monitoring targets: heparin anti-Xa 0.3-0.7, enoxaparin anti-Xa 4 h after a dose, digoxin and the aminoglycosides', () => {
    expect(call('therapeutic_range', 'Heparin').targets[0]).to.include({ measure: 'anti-Xa activity', low: 0.3, high: 0.7, unit: 'IU/mL' });
    const enoxaparin = call('therapeutic_range', 'Enoxaparin');
    expect(enoxaparin.targets.map((t: any) => [t.low, t.high])).to.deep.equal([[0.5, 1], [1, 2]]);
    expect(enoxaparin.targets[0].timing).to.match(/^4 h after a dose/);
    for (const drug of ['Gentamicin', 'Tobramycin', 'Amikacin', 'Digoxin']) expect(call('therapeutic_range', drug), drug).to.include({ has_tdm: true });
  });
});

describe('pk table build checks (§1.9, §4.1)', () => {
  const drugs = rawDrugRows as any[];

  it('every row passes the drug schema and its unit, order and band checks', () => {
    for (const d of drugs) expect(drugProblems(d), d.name).to.deep.equal([]);
  });

  it('names and aliases are unique; every row and rule names its source', () => {
    const names = drugs.flatMap((d) => [d.name, ...d.aliases].map(normalizeName));
    expect(new Set(names).size).to.equal(names.length);
    for (const d of drugs) expect(d.source, d.name).to.be.a('string').and.not.equal('');
    for (const r of interactionTable.rules) expect(r.source).to.be.a('string').and.not.equal('');
  });

  it('interaction sides are drugs or declared classes, class members are drugs, and no pair repeats', () => {
    const drugNames = new Set(drugs.map((d) => normalizeName(d.name)));
    const classes = new Set(Object.keys(interactionTable.classes).map(normalizeName));
    const sidesOf = (r: { a: string; b: string; c?: string }) => [r.a, r.b, ...(r.c === undefined ? [] : [r.c])];
    for (const r of interactionTable.rules) {
      for (const side of sidesOf(r)) expect(drugNames.has(normalizeName(side)) || classes.has(normalizeName(side)), side).to.equal(true);
    }
    for (const cls of Object.values(interactionTable.classes)) for (const m of cls.members) expect(drugNames.has(normalizeName(m)), m).to.equal(true);
    const pairs = interactionTable.rules.map((r) => sidesOf(r).map(normalizeName).sort().join('|'));
    expect(new Set(pairs).size).to.equal(pairs.length);
    for (const t of tdmTable.drugs) expect(drugNames.has(normalizeName(t.drug)), t.drug).to.equal(true);
  });

  it('holds at least the specified 106 drugs, 250 rules and 12 monitored drugs, MOISSCode names and §4.5 drugs included', () => {
    expect([drugTable.minimum_required, interactionTable.minimum_required, tdmTable.minimum_required]).to.deep.equal([106, 250, 12]);
    expect(drugs.length).to.be.at.least(106);
    expect(interactionTable.rules.length).to.be.at.least(250);
    expect(tdmTable.drugs.length).to.be.at.least(12);
    for (const name of MOISSCODE_DRUGS) expect(call('get_profile', name), name).to.include({ found: true });
    const monitored = tdmTable.drugs.map((t) => t.drug);
    for (const name of ['Vancomycin', 'Gentamicin', 'Tobramycin', 'Amikacin', 'Digoxin', 'Phenytoin', 'Valproic_Acid', 'Carbamazepine', 'Lithium', 'Tacrolimus', 'Cyclosporine', 'Heparin', 'Enoxaparin']) {
      expect(monitored, name).to.include(name);
    }
  });

  it('every rule answers in both directions with the same record, for a member of each side', () => {
    const members = (side: string): string[] => {
      const key = normalizeName(side);
      const direct = drugs.filter((d) => normalizeName(d.name) === key).map((d) => d.name);
      if (direct.length) return direct;
      const listed = (Object.entries(interactionTable.classes).find(([c]) => normalizeName(c) === key)?.[1].members ?? []) as string[];
      return [...listed, ...drugs.filter((d) => d.interaction_classes.some((c: string) => normalizeName(c) === key)).map((d) => d.name)];
    };
    for (const r of interactionTable.rules) {
      if ('c' in r) continue; // a rule over three drugs needs all three (test/pk-labels.test.ts)
      const a = members(r.a)[0]!;
      const b = members(r.b).find((m) => normalizeName(m) !== normalizeName(a));
      if (!b) continue; // a class rule whose only member is the drug itself cannot pair
      const forward = call('check_interactions', a, [b]).interactions;
      const backward = call('check_interactions', b, [a]).interactions;
      expect(backward, `${r.a} + ${r.b} as ${a} / ${b}`).to.deep.equal(forward);
      expect(forward.map((x: { rule: string }) => x.rule), `${r.a} + ${r.b}`).to.include(`${r.a} + ${r.b}`);
    }
  });

  it('uses only the severities of §4.1', () => {
    const severities = new Set(['MONITOR', 'MODERATE', 'MAJOR', 'SEVERE', 'EXPECTED']);
    for (const r of interactionTable.rules) expect(severities.has(r.severity), `${r.a}+${r.b}`).to.equal(true);
  });
});

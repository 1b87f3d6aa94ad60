import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import compoundTable from '../src/runtime/modules/chem/data/compounds.json' with { type: 'json' };
import { libraryOf } from './helpers/library.js';
import { runError, runLets } from './helpers/run.js';
import { namesOf, rowProblems, type Compound } from '../src/runtime/modules/chem/compounds.js';
import { normalizeName } from '../src/util/names.js';

const { call, error } = libraryOf('chem');

describe('chem.molecular_weight', () => {
  it('§23: Ca(OH)2, CuSO4·5H2O, K4[Fe(CN)6], CH3COOH', () => {
    // 40.078 + 2(15.999 + 1.008) = 74.092
    expect(call('molecular_weight', 'Ca(OH)2')).to.deep.equal({ type: 'CHEM_MW', formula: 'Ca(OH)2', molecular_weight: 74.09, composition: { Ca: 1, H: 2, O: 2 }, charge: 0 });
    // 63.546 + 32.06 + 4(15.999) + 5(18.015) = 249.677
    expect(call('molecular_weight', 'CuSO4·5H2O')).to.deep.include({ molecular_weight: 249.68, composition: { Cu: 1, H: 10, O: 9, S: 1 } });
    // 4(39.098) + 55.845 + 6(12.011 + 14.007) = 368.345
    expect(call('molecular_weight', 'K4[Fe(CN)6]')).to.deep.include({ molecular_weight: 368.35, composition: { C: 6, Fe: 1, K: 4, N: 6 } });
    // 2(12.011) + 4(1.008) + 2(15.999) = 60.052; Hill order C, H, then alphabetical
    expect(call('molecular_weight', 'CH3COOH')).to.deep.include({ molecular_weight: 60.05, composition: { C: 2, H: 4, O: 2 } });
  });

  it('reads coefficients, every hydrate separator and charges without changing the mass', () => {
    expect(call('molecular_weight', '2H2O').molecular_weight).to.equal(36.03); // 2 × 18.015
    expect(call('molecular_weight', 'CuSO4.5H2O').molecular_weight).to.equal(249.68);
    expect(call('molecular_weight', 'CuSO4*5H2O').molecular_weight).to.equal(249.68);
    expect(call('molecular_weight', 'SO4^2-')).to.deep.include({ molecular_weight: 96.06, charge: -2 }); // 32.06 + 63.996
    expect(call('molecular_weight', 'NH4+')).to.deep.include({ molecular_weight: 18.04, charge: 1 }); // 14.007 + 4.032
    expect(call('molecular_weight', 'PO4---')).to.deep.include({ molecular_weight: 94.97, charge: -3 }); // 30.974 + 63.996
    expect(call('molecular_weight', 'Fe^3+').charge).to.equal(3);
    expect(call('molecular_weight', 'Og').molecular_weight).to.equal(294); // element 118: conventional mass number
  });

  it('rejects what is not a formula, naming the problem and its position', () => {
    expect(error('molecular_weight', 'c9h8o4')).to.equal(`chem.molecular_weight: argument 1 'formula' "c9h8o4" has 'c' at position 1; element symbols start with a capital letter (C9H8O4, not c9h8o4)`);
    expect(error('molecular_weight', 'Xy2')).to.match(/unknown element symbol 'Xy' at position 1$/);
    expect(error('molecular_weight', 'H0')).to.match(/zero count at position 2$/);
    expect(error('molecular_weight', 'Ca(OH')).to.match(/unclosed '\(' at position 3$/);
    expect(error('molecular_weight', 'Ca(OH]2')).to.match(/unbalanced '\]' at position 6$/);
    expect(error('molecular_weight', '[13C]O2')).to.match(/isotope labels are not accepted/);
    expect(error('molecular_weight', 'H2O.')).to.match(/empty part at position 5$/);
    expect(error('molecular_weight', '')).to.match(/is empty/);
    expect(error('molecular_weight', 'H2 O')).to.match(/unexpected character ' ' at position 3$/);
    expect(error('molecular_weight', 'C'.repeat(201))).to.match(/'formula' must be at most 200 characters/);
  });
});

describe('chem rule checks', () => {
  it('lipinski_check §23: (500, 5, 5, 10) no violation; (600, 3, 2, 5) one, still drug-like; limits are strict', () => {
    expect(call('lipinski_check', 500, 5, 5, 10)).to.deep.equal({
      type: 'CHEM_LIPINSKI', mw: 500, logp: 5, hbd: 5, hba: 10, violations: 0, violation_details: [], drug_like: true, assessment: 'PASS - drug-like',
    });
    expect(call('lipinski_check', 600, 3, 2, 5)).to.include({ violations: 1, drug_like: true });
    expect(call('lipinski_check', 600, 3, 2, 5).violation_details).to.deep.equal(['MW 600 > 500']);
    expect(call('lipinski_check', 500.1, 5.1, 6, 11)).to.deep.include({
      violations: 4, violation_details: ['MW 500.1 > 500', 'logP 5.1 > 5', 'HBD 6 > 5', 'HBA 11 > 10'], drug_like: false, assessment: 'FAIL - not drug-like',
    });
    expect(error('lipinski_check', 300, 2, 1.5, 3)).to.equal("chem.lipinski_check: argument 3 'hbd' must be an integer, got number");
    expect(error('lipinski_check', 300, 2, -1, 3)).to.match(/argument 3 'hbd' must be ≥ 0/);
  });

  it('bcs_classify: the four classes, any case; other words are argument errors', () => {
    expect(call('bcs_classify', 'HIGH', 'high')).to.include({ bcs_class: 'I', bioavailability: 'HIGH', solubility: 'high', permeability: 'high' });
    expect(call('bcs_classify', 'low', 'High')).to.include({ bcs_class: 'II', bioavailability: 'DISSOLUTION-LIMITED' });
    expect(call('bcs_classify', 'high', 'low')).to.include({ bcs_class: 'III', bioavailability: 'PERMEABILITY-LIMITED' });
    expect(call('bcs_classify', 'low', 'low')).to.include({ bcs_class: 'IV', bioavailability: 'LOW' });
    expect(error('bcs_classify', 'medium', 'low')).to.equal(`chem.bcs_classify: argument 1 'solubility' must be 'high' or 'low', got "medium"`);
  });

  it('admet_screen: each rule at its boundary and the assessment bands', () => {
    const risk = (mw: number, logp: number, psa: number, rot: number) => call('admet_screen', mw, logp, psa, rot);
    expect(risk(300, 2, 140, 10)).to.include({ risk_score: 0, assessment: 'FAVORABLE', cns_permeable: false });
    expect(risk(300, 2, 140.1, 10)).to.include({ risk_score: 2, assessment: 'ACCEPTABLE' });
    expect(risk(300, 2, 60, 11).risk_score).to.equal(1);
    expect(risk(500, 5, 60, 10).risk_score).to.equal(0);
    expect(risk(500.5, 5, 60, 10).risk_score).to.equal(1);
    expect(risk(300, 5.01, 60, 10).risk_score).to.equal(2);
    expect(risk(300, -0.4, 60, 10).risk_score).to.equal(0);
    expect(risk(300, -0.41, 60, 10).risk_score).to.equal(1);
    expect(risk(300, 2, 141, 11)).to.include({ risk_score: 3, assessment: 'CONCERNING' });
    expect(risk(501, 6, 141, 11)).to.include({ risk_score: 6, assessment: 'POOR' });
    expect(risk(449, 5, 89.9, 2).cns_permeable).to.equal(true);
    expect(risk(450, 5, 89.9, 2).cns_permeable).to.equal(false);
    expect(risk(449, 5, 90, 2).cns_permeable).to.equal(false);
    expect(risk(449, 5.1, 89.9, 2).cns_permeable).to.equal(false);
    expect(risk(300, 2, 60, 1).method).to.equal('rule-based property flags; not a prediction of absorption, metabolism or toxicity');
  });
});

describe('chem.from_smiles (OpenChemLib)', () => {
  it('aspirin: formula, weight, TPSA 63.6 Å² (Ertl), 3 rotatable bonds, Lipinski counts 1 and 4', () => {
    const r = call('from_smiles', 'CC(=O)OC1=CC=CC=C1C(=O)O');
    expect(r).to.include({
      type: 'CHEM_SMILES', formula: 'C9H8O4', molecular_weight: 180.16, fragments: 1, psa: 63.6, rotatable_bonds: 3,
      stereo_centers: 0, lipinski_hbd: 1, lipinski_hba: 4,
    });
    expect(r.monoisotopic_mass).to.equal(180.0423); // 9(12) + 8(1.007825) + 4(15.994915) = 180.042259
    expect(r.lipinski).to.include({ type: 'CHEM_LIPINSKI', violations: 0, drug_like: true });
    expect(r.admet.type).to.equal('CHEM_ADMET');
    expect(r.method).to.match(/^openchemlib \d+\.\d+\.\d+$/);
  });

  it('a salt: the formula covers every fragment, descriptors the largest one', () => {
    const r = call('from_smiles', 'CC(=O)[O-].[Na+]');
    expect(r).to.include({ formula: 'C2H3NaO2', molecular_weight: 82.03, fragments: 2, lipinski_hbd: 0, lipinski_hba: 2 }); // sodium acetate
    expect(call('from_smiles', 'C[C@H](N)C(=O)O')).to.include({ formula: 'C3H7NO2', stereo_centers: 1, lipinski_hbd: 3, lipinski_hba: 3 }); // L-alanine
  });

  it("a SMILES the parser rejects is an argument error carrying the parser's reason", () => {
    expect(error('from_smiles', 'C1CC(')).to.match(/^chem\.from_smiles: argument 1 'smiles' cannot be parsed: .+/);
    expect(error('from_smiles', 'Xx')).to.match(/cannot be parsed: unknown element/);
    expect(error('from_smiles', '')).to.match(/cannot be parsed/);
  });

  it('is reachable from a protocol with line-numbered errors', () => {
    const ok = runProtocol('protocol P {\n  let m = med.chem.molecular_weight("H2O");\n  let w = m.molecular_weight;\n}');
    expect(ok.kind).to.equal('ok');
    const bad = runProtocol('protocol P {\n  let m = med.chem.molecular_weight("h2o");\n}');
    expect(bad.kind).to.equal('runtime_error');
    expect(bad.body.error).to.match(/line 2/);
  });
});

describe('chem compound functions over run-registered compounds', () => {
  // Aspirin's formula and SMILES as PubChem lists them (CID 2244); the other properties are test inputs.
  const testamol = JSON.stringify({
    name: 'Testamol', aliases: ['test aspirin'], formula: 'C9H8O4', smiles: 'CC(=O)OC1=CC=CC=C1C(=O)O', logp: 1.2, hbd: 1, hba: 4, psa: 63.6,
    rotatable_bonds: 3, category: 'NSAID', therapeutic_class: 'analgesic', solubility: 'LOW', permeability: 'high',
    known_targets: ['COX-1', 'COX-2'], ld50_mg_kg: 200, max_daily_dose_mg: 4000,
  });
  const run = (lines: string) => runLets(`protocol P {\n  let reg = med.chem.register_compound(${testamol});\n${lines}\n}`);

  it('registers a checked row (weight from the formula) and finds it by name or alias', () => {
    const r = run('  let look = med.chem.lookup("TEST_ASPIRIN");\n  let all = med.chem.list_compounds("nsaid");');
    expect(r.reg).to.include({ type: 'CHEM_LOOKUP', found: true, name: 'Testamol', molecular_weight: 180.16, solubility: 'low', registered: true });
    expect(r.look).to.include({ name: 'Testamol', formula: 'C9H8O4', pubchem_cid: null });
    expect(r.all).to.deep.equal([{ name: 'Testamol', formula: 'C9H8O4', mw: 180.16, category: 'NSAID' }]);
  });

  it('searches targets and classes, and screens the compound (drug-like, BCS II, favorable ADMET, not NTI = 3.5)', () => {
    const r = run('  let t = med.chem.search_by_target("cox");\n  let c = med.chem.search_by_class("analg");\n  let s = med.chem.screen_compound("Testamol");');
    // table rows first (Aspirin's and Ibuprofen's cyclooxygenase targets), then the compound registered in this run
    expect(r.t.matches.map((m: { name: string }) => m.name)).to.deep.equal(['Aspirin', 'Ibuprofen', 'Testamol']);
    expect(r.t.matches[2]).to.deep.equal({ name: 'Testamol', category: 'NSAID', targets: ['COX-1', 'COX-2'] });
    expect(r.c.matches.map((m: { name: string }) => m.name)).to.deep.equal(['Aspirin', 'Ibuprofen', 'Morphine', 'Testamol']);
    expect(r.s.screening_scores).to.deep.equal({ lipinski: 1, bcs: 0.5, admet: 1, toxicity: 1 });
    expect(r.s).to.include({ total: 3.5, verdict: 'EXCELLENT CANDIDATE', method: 'MOISSCode heuristic screening score (no clinical validation)' });
    expect(r.s.bcs.bcs_class).to.equal('II');
  });

  it('tox_screen converts the rat LD50 by body surface area (×6/37) and grades the margin', () => {
    // HED = 200 × 6/37 = 32.43 mg/kg; margin at 10 mg/kg = 3.24 (CAUTION, < 10); at 20 mg/kg = 1.62 (CRITICAL, < 3)
    const r = run('  let a = med.chem.tox_screen("Testamol", 10);\n  let b = med.chem.tox_screen("Testamol", 20);\n  let n = med.chem.tox_screen("Testamol");');
    expect(r.a).to.include({ ld50_known: true, hed_ld50_mg_kg: 32.4, therapeutic_index: null, safety_margin: 3.2, dose_warning: 'CAUTION' });
    expect(r.b).to.include({ safety_margin: 1.6, dose_warning: 'CRITICAL' });
    expect(r.n).to.not.have.property('safety_margin');
  });

  it('refuses rows whose weight, formula or SMILES disagree, clashing names, and rows without structure', () => {
    const refuse = (row: object) => error('register_compound', row);
    expect(refuse({ name: 'X', formula: 'C9H8O4', molecular_weight: 190, category: 'c', therapeutic_class: 't' })).to.match(/molecular_weight 190 differs from the formula weight 180\.159 of C9H8O4/);
    expect(refuse({ name: 'X', formula: 'C9H8O4', smiles: 'CCO', category: 'c', therapeutic_class: 't' })).to.match(/smiles gives C2H6O, formula says C9H8O4/);
    expect(refuse({ name: 'X', category: 'c' })).to.equal("chem.register_compound: argument 1 'compound' needs 'formula' or 'smiles'");
    expect(runError(`protocol P {\n  let a = med.chem.register_compound(${testamol});\n  let b = med.chem.register_compound(${testamol});\n}`)).to.match(/line 3.*clashes with the compound 'Testamol'/);
    expect(call('lookup', 'aspirn')).to.deep.equal({ type: 'CHEM_LOOKUP', name: 'aspirn', found: false, suggestions: ['Aspirin'] });
  });

});

describe('chem compound table (modules.md §7.1)', () => {
  const rows = compoundTable.compounds as unknown as Compound[];
  const required = [
    'aspirin', 'metformin', 'atorvastatin', 'amoxicillin', 'ibuprofen', 'lisinopril', 'omeprazole', 'dexamethasone', 'warfarin',
    'ciprofloxacin', 'morphine', 'insulin_glargine', 'vancomycin', 'meropenem', 'fluconazole', 'remdesivir', 'tacrolimus',
    'cyclosporine', 'losartan', 'amlodipine', 'furosemide', 'methotrexate', 'imatinib', 'doxorubicin', 'lithium_carbonate',
    'valproic_acid', 'fluoxetine', 'levetiracetam', 'albuterol', 'ipratropium', 'empagliflozin', 'clopidogrel', 'apixaban',
    'enoxaparin', 'heparin_lmwh', 'naloxone', 'epinephrine', 'adenosine', 'adenosine_compound', 'oseltamivir',
  ];

  it('holds at least the specified 38 rows, each passing the row check (schema, formula weight within 0.05, SMILES formula)', () => {
    expect(compoundTable.minimum_required).to.equal(38);
    expect(rows.length).to.be.at.least(compoundTable.minimum_required);
    for (const row of rows) expect(rowProblems(row), row.name).to.deep.equal([]);
  });

  it('has unique normalized names and aliases', () => {
    const seen = new Map<string, string>();
    for (const row of rows) {
      for (const name of namesOf(row)) {
        const key = normalizeName(name);
        expect(seen.has(key), `${name} (${row.name}) repeats ${seen.get(key)}`).to.equal(false);
        seen.set(key, row.name);
      }
    }
  });

  it('resolves every MOISSCode key, as a name or an alias', () => {
    for (const key of required) expect(call('lookup', key), key).to.include({ type: 'CHEM_LOOKUP', found: true });
    expect(call('lookup', 'heparin_lmwh').name).to.equal('Enoxaparin');
    expect(call('lookup', 'Adenosine-Compound').name).to.equal('Adenosine');
    expect(call('lookup', 'LITHIUM CARBONATE').name).to.equal('Lithium carbonate');
  });

  it('names a source for every row and for every sourced field that holds a value', () => {
    for (const r of rows as unknown as Record<string, unknown>[]) {
      expect(r.source, String(r.name)).to.be.a('string').and.not.equal('');
      if (r.max_daily_dose_mg !== null) expect(r.max_daily_dose_source, `${r.name} max_daily_dose_source`).to.be.a('string');
      if (r.ld50_mg_kg !== null) expect(r.ld50_source, `${r.name} ld50_source`).to.be.a('string');
      if (r.solubility !== null || r.permeability !== null) expect(r.bcs_source, `${r.name} bcs_source`).to.be.a('string');
      if (r.narrow_therapeutic_index === true) expect(r.narrow_therapeutic_index_source, `${r.name} NTI source`).to.be.a('string');
    }
  });

  it('keeps a mixture without a formula: enoxaparin has its average weight only', () => {
    expect(call('lookup', 'enoxaparin')).to.include({ name: 'Enoxaparin', formula: null, molecular_weight: 4500, pubchem_cid: null });
  });

  it('lookup("aspirin") returns the PubChem identity (CID 2244, C9H8O4, 180.16) and descriptors computed by OpenChemLib', () => {
    const aspirin = call('lookup', 'aspirin');
    expect(aspirin).to.deep.equal({
      type: 'CHEM_LOOKUP',
      found: true,
      name: 'Aspirin',
      formula: 'C9H8O4',
      molecular_weight: 180.16, // 9(12.011) + 8(1.008) + 4(15.999) = 180.159
      logp: aspirin.logp, // OpenChemLib cLogP: checked below against a range, not against PubChem's XLogP3
      hbd: 1, // Lipinski: the one H on O (COOH)
      hba: 4, // Lipinski: four O atoms
      psa: 63.6, // Ertl TPSA: ester O 9.23 + two C=O 17.07 + OH 20.23 = 63.60
      rotatable_bonds: 3,
      category: 'Non-steroidal anti-inflammatory drug (salicylate)',
      therapeutic_class: 'Analgesic, antipyretic, anti-inflammatory; platelet aggregation inhibitor',
      known_targets: ['Cyclooxygenase-1 (COX-1)', 'Cyclooxygenase-2 (COX-2)'],
      max_daily_dose_mg: null,
      solubility: null,
      permeability: null,
      ld50_mg_kg: 1500,
      pubchem_cid: 2244,
      descriptors_source: "computed by OpenChemLib 9.25.0 from the SMILES (cLogP, TPSA, Lipinski donors and acceptors, rotatable bonds); not PubChem's XLogP3 or Cactvs values",
    });
    expect(aspirin.logp).to.be.within(0.5, 2);
    expect(call('lookup', 'acetylsalicylic acid').name).to.equal('Aspirin');
  });

  it('holds computed descriptors for every row with a structure, and none for the three without (insulin glargine, lithium carbonate, enoxaparin)', () => {
    expect(rows.filter((r) => r.smiles === null).map((r) => r.name)).to.deep.equal(['Insulin glargine', 'Lithium carbonate', 'Enoxaparin']);
    for (const r of rows as unknown as Record<string, unknown>[]) {
      const held = ['logp', 'psa', 'hbd', 'hba', 'rotatable_bonds'].map((f) => r[f] !== null);
      expect(held, String(r.name)).to.deep.equal(Array(5).fill(r.smiles !== null));
      if (r.smiles !== null) expect(r.descriptors_source, String(r.name)).to.match(/^computed by OpenChemLib/);
    }
    // warfarin by hand: Ertl TPSA ketone 17.07 + lactone C=O 17.07 + ring O 9.23 + OH 20.23 = 63.6; Lipinski 1 donor, 4 acceptors
    expect(call('lookup', 'warfarin')).to.include({ psa: 63.6, hbd: 1, hba: 4 });
  });

  it('tox_screen converts the Merck Index rat LD50 by body surface area and grades the margin', () => {
    // aspirin: 1500 × 6/37 = 243.24 mg/kg; at 20 mg/kg the margin is 12.16 (no warning, ≥ 10); at 50 mg/kg 4.86 (CAUTION)
    expect(call('tox_screen', 'aspirin', 20)).to.include({ ld50_mg_kg: 1500, ld50_known: true, hed_ld50_mg_kg: 243.2, safety_margin: 12.2, dose_warning: null });
    expect(call('tox_screen', 'aspirin', 50)).to.include({ safety_margin: 4.9, dose_warning: 'CAUTION' });
    // lithium carbonate: 710 × 6/37 = 115.14 mg/kg; at 50 mg/kg the margin is 2.30 (CRITICAL, < 3); narrow therapeutic index
    const li = call('tox_screen', 'lithium_carbonate', 50);
    expect(li).to.include({ hed_ld50_mg_kg: 115.1, safety_margin: 2.3, dose_warning: 'CRITICAL', narrow_therapeutic_index: true });
    expect(li.safety).to.match(/narrow therapeutic index: monitor levels$/);
    // no published LD50 in the table: the human-equivalent dose and margin stay null
    expect(call('tox_screen', 'apixaban', 1)).to.include({ ld50_known: false, hed_ld50_mg_kg: null, safety_margin: null, dose_warning: null, max_daily_dose_mg: 20 });
  });

  it('screen_compound gives its verdict from the computed descriptors, and none where a compound has no structure', () => {
    // aspirin: Lipinski 0 violations (MW 180, logP < 5, 1 donor, 4 acceptors) 1; BCS unclassified 0; ADMET no flag
    // (PSA 63.6 ≤ 140, 3 rotatable bonds, logP between -0.4 and 5) 1; not narrow-therapeutic-index 1: total 3 → GOOD (≥ 2.5, < 3.5)
    const a = call('screen_compound', 'aspirin');
    expect(a.screening_scores).to.deep.equal({ lipinski: 1, bcs: 0, admet: 1, toxicity: 1 });
    expect(a).to.include({ total: 3, verdict: 'GOOD CANDIDATE' });
    expect(a.not_assessed).to.deep.equal(['bcs']);
    // warfarin: the same 1 + 0 + 1 but narrow-therapeutic-index 0: total 2 → MODERATE (≥ 1.5, < 2.5)
    const w = call('screen_compound', 'warfarin');
    expect(w.screening_scores).to.deep.equal({ lipinski: 1, bcs: 0, admet: 1, toxicity: 0 });
    expect(w).to.include({ total: 2, verdict: 'MODERATE - optimization needed' });
    // enoxaparin is a mixture without a structure: nothing to compute, so no verdict
    const e = call('screen_compound', 'enoxaparin');
    expect(e).to.include({ verdict: null, lipinski: null, admet: null });
    expect(e.not_assessed).to.deep.equal(['lipinski', 'bcs', 'admet']);
  });

  it('searches the table by target and class in table order', () => {
    expect(call('search_by_target', 'factor xa').matches.map((m: { name: string }) => m.name)).to.deep.equal(['Apixaban', 'Enoxaparin']);
    expect(call('search_by_class', 'anticoagulant').matches.map((m: { name: string }) => m.name)).to.deep.equal(['Warfarin', 'Apixaban', 'Enoxaparin']);
    expect(call('list_compounds')).to.have.length(rows.length);
    expect(call('list_compounds', 'calcineurin').map((c: { name: string }) => c.name)).to.deep.equal(['Tacrolimus', 'Cyclosporine']);
  });
});

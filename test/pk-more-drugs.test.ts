// Issue 24 item 1 (data-more): oral chemotherapy, antiemetic, corticosteroid, vitamin and home-medication rows.
// Each expectation is the label's own statement (section named beside it), checked through the library's call
// interface, including both sides of every threshold the rows hold.
import { expect } from 'chai';
import { libraryOf } from './helpers/library.js';

const { call } = libraryOf('pk');
const level = (...args: unknown[]) => call('validate_dose', ...args).level;
const severity = (a: string, b: string) => call('check_interactions', a, [b]).max_severity;
const contraindicated = (drug: string, condition: string) => call('check_contraindications', drug, [condition]).contraindicated;

describe('pk drugs added for issue 24 (data-more)', () => {
  it('brand names and RxNorm ingredient names resolve to the row', () => {
    const names: Record<string, string> = {
      Compazine: 'Prochlorperazine', Florinef: 'Fludrocortisone', Orapred: 'Prednisolone', Xeloda: 'Capecitabine',
      'folic acid': 'Folic_Acid', 'vitamin B12': 'Cyanocobalamin', Carafate: 'Sucralfate', Megace: 'Megestrol', Imodium: 'Loperamide',
    };
    for (const [spelling, name] of Object.entries(names)) expect(call('get_profile', spelling), spelling).to.include({ found: true, name });
  });

  it('prochlorperazine injection: 10 mg per IV dose is the label maximum, 10.5 mg exceeds it (D&A)', () => {
    expect(level('Prochlorperazine', 10, 'mg', null, 'IV')).to.equal('OK');
    expect(level('Prochlorperazine', 10.5, 'mg', null, 'IV')).to.equal('ERROR');
    // oral tablets: no verified maximum, but 10 mg is within the label's usual range (issue 22: OK), and ten times its top is an ERROR
    expect(level('Prochlorperazine', 10, 'mg')).to.equal('OK');
    expect(level('Prochlorperazine', 100, 'mg')).to.equal('ERROR');
  });

  it('loperamide: 16 mg/day is the label maximum, more in one run is an ERROR', () => {
    expect(level('Loperamide', 16, 'mg')).to.not.equal('ERROR');
    expect(level('Loperamide', 16.5, 'mg')).to.equal('ERROR');
  });

  it('capecitabine renal bands (XELODA 2.4, 4.1): below CrCl 30 contraindicated, 30-50 at 75%, from 51 unchanged', () => {
    const renal = (crcl: number) => call('renal_adjust', 'Capecitabine', crcl);
    expect(renal(29.9).recommendation).to.match(/contraindicated/);
    expect(renal(29.9).adjustment_factor).to.equal(null);
    expect(renal(30).adjustment_factor).to.equal(0.75);
    expect(renal(50.9).adjustment_factor).to.equal(0.75);
    expect(renal(51)).to.include({ requires_adjustment: false, adjustment_factor: 1 });
    // doses in mg/m2 cannot be held: a dose is never OK by default
    expect(level('Capecitabine', 1500, 'mg')).to.equal('UNCHECKED');
  });

  it('cyanocobalamin injection: IM or deep SC only (the label advises against IV)', () => {
    expect(() => call('validate_dose', 'Cyanocobalamin', 100, 'mcg', null, 'IV')).to.throw(/not a route of Cyanocobalamin/);
    expect(level('Cyanocobalamin', 100, 'mcg', null, 'SC')).to.equal('OK'); // the label's usual dose (issue 22: within the usual range)
  });

  it('label contraindications answer true, and a condition the label does not name answers false (the reading is complete)', () => {
    expect(contraindicated('Prochlorperazine', 'coma')).to.equal(true);
    expect(contraindicated('Prochlorperazine', 'pediatric surgery')).to.equal(true);
    expect(contraindicated('Prochlorperazine', 'pregnancy')).to.equal(false);
    expect(contraindicated('Fludrocortisone', 'systemic fungal infections')).to.equal(true);
    expect(contraindicated('Prednisolone', 'systemic fungal infection')).to.equal(true);
    expect(contraindicated('Capecitabine', 'severe renal impairment')).to.equal(true);
    expect(contraindicated('Capecitabine', 'pregnancy')).to.equal(false);
    expect(contraindicated('Cyclophosphamide', 'urinary outflow obstruction')).to.equal(true);
    expect(contraindicated('Cyanocobalamin', 'sensitivity to cobalt')).to.equal(true);
    expect(contraindicated('Megestrol', 'pregnancy')).to.equal(true);
    expect(contraindicated('Sucralfate', 'pregnancy')).to.equal(false);
    expect(contraindicated('Loperamide', 'active_bleeding')).to.equal(false); // a full reading (IMODIUM section seen whole, 2016 revision from FDA's SrLC) that does not name it
    expect(contraindicated('Loperamide', 'pseudomembranous colitis')).to.equal(true);
    expect(contraindicated('Loperamide', 'dysentery')).to.equal(true);
  });

  it('rules apply both ways: dofetilide with prochlorperazine or megestrol is MAJOR (TIKOSYN: should not be used)', () => {
    for (const other of ['Prochlorperazine', 'Megestrol']) {
      expect(severity('Dofetilide', other), other).to.equal('MAJOR');
      expect(severity(other, 'Dofetilide'), other).to.equal('MAJOR');
    }
    expect(severity('Capecitabine', 'Warfarin')).to.equal('MODERATE'); // boxed warning: monitor INR
    expect(severity('Warfarin', 'Capecitabine')).to.equal('MODERATE');
  });

  it('class membership brings the class rules: prochlorperazine is an antipsychotic and a CNS depressant, prednisolone a corticosteroid', () => {
    expect(severity('Prochlorperazine', 'Metoclopramide')).to.equal('MAJOR');
    expect(severity('Prochlorperazine', 'Morphine')).to.equal('MAJOR');
    expect(severity('Prednisolone', 'Ibuprofen')).to.equal('MODERATE');
  });
  it('home medications: sennosides 34.4 mg per dose (4 tablets) and 68.8 mg/day; methocarbamol 8 g/day (Drug Facts; tablet D&A)', () => {
    expect(level('Sennosides', 34.4, 'mg')).to.equal('OK');
    expect(level('Sennosides', 43, 'mg')).to.equal('ERROR');
    expect(level('Methocarbamol', 8000, 'mg')).to.not.equal('ERROR');
    expect(level('Methocarbamol', 8500, 'mg')).to.equal('ERROR');
    expect(severity('Methocarbamol', 'Oxycodone')).to.equal('MAJOR'); // a CNS depressant with an opioid
    expect(call('get_profile', 'MiraLAX')).to.include({ found: true, name: 'Polyethylene_Glycol_3350' });
    expect(call('get_profile', 'senna')).to.include({ found: true, name: 'Sennosides' });
  });

  it('letrozole: Child-Pugh C halves the dose (every other day); A and B unchanged (D&A)', () => {
    expect(call('hepatic_adjust', 'Letrozole', 'C').adjustment_factor).to.equal(0.5);
    expect(call('hepatic_adjust', 'Letrozole', 'B').adjustment_factor).to.equal(1);
    expect(contraindicated('Letrozole', 'pregnancy')).to.equal(true);
  });
  it('imatinib: 600 mg per dose and 800 mg/day (400 mg twice daily); CrCl 20-39 halves the dose; no label contraindication (D&A, 2.9, 4)', () => {
    expect(level('Imatinib', 600, 'mg')).to.equal('OK');
    expect(level('Imatinib', 700, 'mg')).to.equal('ERROR');
    expect(call('renal_adjust', 'Imatinib', 39.9).adjustment_factor).to.equal(0.5);
    expect(call('renal_adjust', 'Imatinib', 20).adjustment_factor).to.equal(0.5);
    expect(call('renal_adjust', 'Imatinib', 40).recommendation).to.match(/above 600 mg not recommended/);
    expect(contraindicated('Imatinib', 'pregnancy')).to.equal(false); // the section reads 'None'
  });

  it('hydroxyurea: CrCl below 60 halves the dose, from 60 unchanged (HYDREA 2.3)', () => {
    expect(call('renal_adjust', 'Hydroxyurea', 59.9).adjustment_factor).to.equal(0.5);
    expect(call('renal_adjust', 'Hydroxyurea', 60)).to.include({ requires_adjustment: false, adjustment_factor: 1 });
    expect(contraindicated('Hydroxyurea', 'hypersensitivity_to_drug')).to.equal(true);
  });
  it('temozolomide, ergocalciferol and anastrozole answer their label contraindications', () => {
    expect(contraindicated('Temozolomide', 'dacarbazine allergy')).to.equal(true); // TEMODAR: both metabolised to MTIC
    expect(contraindicated('Ergocalciferol', 'hypercalcaemia')).to.equal(true);
    expect(contraindicated('Ergocalciferol', 'malabsorption')).to.equal(true);
    expect(contraindicated('Anastrozole', 'pregnancy')).to.equal(false); // a warning (5.4) in the revision read, not a contraindication
    expect(contraindicated('Chlorambucil', 'pregnancy')).to.equal(false); // not in the US LEUKERAN Contraindications section read
    expect(contraindicated('Chlorambucil', 'prior resistance to drug')).to.equal(true);
  });
  it('guaifenesin: 1200 mg per dose and 2400 mg/day on every label read; melphalan after prior resistance is contraindicated', () => {
    expect(level('Guaifenesin', 1200, 'mg')).to.equal('OK');
    expect(level('Guaifenesin', 1300, 'mg')).to.equal('ERROR');
    expect(level('Guaifenesin', 2400, 'mg')).to.equal('ERROR'); // above the 1200 mg single-dose limit first
    expect(contraindicated('Melphalan', 'prior resistance to melphalan')).to.equal(true);
    expect(call('get_profile', 'Mucinex')).to.include({ found: true, name: 'Guaifenesin' });
  });
  it('calcium carbonate: 7500 mg/day is the Drug Facts ceiling of both strengths; thioguanine after prior resistance is contraindicated', () => {
    expect(level('Calcium_Carbonate', 7500, 'mg')).to.not.equal('ERROR');
    expect(level('Calcium_Carbonate', 8000, 'mg')).to.equal('ERROR');
    expect(contraindicated('Thioguanine', 'prior_resistance_to_drug')).to.equal(true);
    expect(severity('Thioguanine', 'Febuxostat')).to.equal('NONE'); // the febuxostat label names azathioprine and mercaptopurine only
    expect(call('get_profile', 'Tums')).to.include({ found: true, name: 'Calcium_Carbonate' });
  });
  it('propylthiouracil 900 mg/day (label: 600-900 mg daily in an occasional patient); phenazopyridine in renal insufficiency is contraindicated', () => {
    expect(level('Propylthiouracil', 300, 'mg')).to.not.equal('ERROR');
    expect(level('Propylthiouracil', 950, 'mg')).to.equal('ERROR');
    expect(call('get_profile', 'PTU')).to.include({ found: true, name: 'Propylthiouracil' });
    expect(contraindicated('Phenazopyridine', 'impaired renal function')).to.equal(true);
    expect(contraindicated('Phenazopyridine', 'pregnancy')).to.equal(false);
  });
});

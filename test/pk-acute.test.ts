// Issue 24 coverage: acute-care drugs (IV electrolytes, neuromuscular blockade, IV haemodynamic drugs, antidotes)
// answer their label limits at the boundaries, their label contraindications, and their label-contraindicated pairs
// in both directions. Values are those of the labels cited in each row's source.
import { expect } from 'chai';
import { libraryOf } from './helpers/library.js';

const { call } = libraryOf('pk');
const level = (...args: unknown[]) => call('validate_dose', ...args).level;
const contraindicated = (drug: string, condition: string) => call('check_contraindications', drug, [condition]).contraindicated;

describe('pk acute-care drugs: label limits at their boundaries', () => {
  it('potassium chloride IV: 10 mEq/h without an indication (serum K above 2.5), 40 mEq/h only for urgent treatment', () => {
    expect(level('Potassium_Chloride', 10, 'mEq/h')).to.equal('OK');
    expect(level('Potassium_Chloride', 11, 'mEq/h')).to.equal('ERROR');
    const urgent = 'urgent treatment, serum potassium below 2.0 mEq/L with ECG changes or paralysis';
    expect(level('Potassium_Chloride', 40, 'mEq/h', null, null, urgent)).to.equal('OK');
    expect(level('Potassium_Chloride', 41, 'mEq/h', null, null, urgent)).to.equal('ERROR');
    expect(call('get_profile', 'KCl')).to.include({ found: true, name: 'Potassium_Chloride' });
  });

  it('esmolol: 200 mcg/kg/min without an indication (rate control), up to 300 for perioperative hypertension', () => {
    expect(level('Esmolol', 200, 'mcg/kg/min', 70)).to.equal('UNCHECKED'); // within the rate; no daily limit is known
    expect(level('Esmolol', 201, 'mcg/kg/min', 70)).to.equal('ERROR');
    expect(level('Esmolol', 300, 'mcg/kg/min', 70, null, 'intraoperative and postoperative hypertension')).to.equal('UNCHECKED');
    expect(level('Esmolol', 301, 'mcg/kg/min', 70, null, 'intraoperative and postoperative hypertension')).to.equal('ERROR');
  });

  it('nicardipine IV: 15 mg/h is the label maximum', () => {
    expect(level('Nicardipine', 15, 'mg/h')).to.equal('UNCHECKED'); // within the rate; no daily limit is known
    expect(level('Nicardipine', 16, 'mg/h')).to.equal('ERROR');
  });

  it('a neuromuscular blocker without a label maximum is UNCHECKED, never OK', () => {
    expect(level('Rocuronium', 0.6, 'mg/kg', 70)).to.equal('UNCHECKED');
    expect(level('Succinylcholine', 1, 'mg/kg', 70)).to.equal('UNCHECKED');
  });
});

describe('pk acute-care drugs: label contraindications and pairs', () => {
  it('succinylcholine: malignant hyperthermia history, myopathy and late burns are contraindications; the reading is complete', () => {
    expect(contraindicated('Succinylcholine', 'personal or familial history of malignant hyperthermia')).to.equal(true);
    expect(contraindicated('Succinylcholine', 'skeletal muscle myopathies')).to.equal(true);
    expect(contraindicated('Succinylcholine', 'major burns after the acute phase of injury')).to.equal(true);
    expect(contraindicated('Succinylcholine', 'pregnancy')).to.equal(false);
  });

  it('esmolol, nicardipine and potassium chloride answer their label conditions; an unread label answers null', () => {
    expect(contraindicated('Esmolol', 'decompensated heart failure')).to.equal(true);
    expect(contraindicated('Esmolol', 'pulmonary hypertension')).to.equal(true);
    expect(contraindicated('Nicardipine', 'advanced aortic stenosis')).to.equal(true);
    expect(contraindicated('Nicardipine', 'sick sinus syndrome')).to.equal(false);
    expect(contraindicated('Potassium_Chloride', 'hyperkalemia')).to.equal(true);
    expect(contraindicated('Vecuronium', 'pregnancy')).to.equal(null);
  });

  it('esmolol with IV verapamil or diltiazem is SEVERE in both directions (Brevibloc contraindication)', () => {
    for (const ccb of ['Verapamil', 'Diltiazem']) {
      for (const [a, b] of [['Esmolol', ccb], [ccb, 'Esmolol']]) {
        expect(call('check_interactions', a, [b]), `${a} + ${b}`).to.include({ max_severity: 'SEVERE', safe_to_administer: false });
      }
    }
  });
});

// Issue 24 item 1: home oral drugs added in pk/data/drugs/home-oral-2.json answer as their labels say,
// through the public pk entry: a usual dose is OK, ten times the usual top (or above a label maximum) is an
// ERROR, a condition of the label's Contraindications section is contraindicated, and a co-medication the
// label names is a rule in both directions. Each expectation cites the label section it comes from.
import { expect } from 'chai';
import { libraryOf } from './helpers/library.js';

const { call } = libraryOf('pk');
const level = (drug: string, dose: number, unit: string) => call('validate_dose', drug, dose, unit).level;
/** validate_dose(drug, dose, unit, weight_kg, route, indication, every_h, patient): the patient argument carries the label's criteria */
const levelFor = (drug: string, dose: number, unit: string, patient: Record<string, unknown>, every: number | null = null) =>
  call('validate_dose', drug, dose, unit, null, null, null, every, patient).level;
const contraindicated = (drug: string, conditions: string[]) => call('check_contraindications', drug, conditions).contraindicated;
/** The pair answers the same severity whichever drug is checked, and is not safe to give when MAJOR or SEVERE. */
function pairIs(x: string, y: string, severity: string) {
  for (const [a, b] of [[x, y], [y, x]]) {
    const result = call('check_interactions', a, [b]);
    expect(result.max_severity, `${a} + ${b}`).to.equal(severity);
    if (severity === 'MAJOR' || severity === 'SEVERE') expect(result.safe_to_administer, `${a} + ${b}`).to.equal(false);
  }
}

describe('pk home oral drugs of drugs-b (issue 24 item 1)', () => {
  it('bisoprolol: 10 mg OK, 200 mg (ten times the 20 mg top) ERROR; cardiogenic shock contraindicated; a beta-blocker with verapamil', () => {
    // Bisoprolol fumarate tablets label: DOSAGE AND ADMINISTRATION 2.5-20 mg once daily; CONTRAINDICATIONS cardiogenic shock
    expect(level('Bisoprolol', 10, 'mg')).to.equal('OK');
    expect(level('Bisoprolol', 200, 'mg')).to.equal('ERROR');
    expect(contraindicated('Bisoprolol', ['cardiogenic shock'])).to.equal(true);
    expect(contraindicated('Bisoprolol', ['pregnancy'])).to.equal(false);
    expect(call('validate_dose', 'Corgard', 40, 'mg').drug).to.equal('Nadolol');
    pairIs('Bisoprolol', 'Verapamil', 'MAJOR');
  });

  it('repaglinide: 4 mg per meal OK, 5 mg above the label maximum ERROR; hypersensitivity contraindicated; clopidogrel MAJOR (avoid)', () => {
    // Repaglinide label: 0.5-4 mg with meals, at most 16 mg a day; avoid clopidogrel (Drug Interactions)
    expect(level('Repaglinide', 4, 'mg')).to.equal('OK');
    expect(level('Repaglinide', 5, 'mg')).to.equal('ERROR');
    expect(contraindicated('Repaglinide', ['hypersensitivity_to_drug'])).to.equal(true);
    pairIs('Repaglinide', 'Clopidogrel', 'MAJOR');
  });

  it('rasagiline: 1 mg OK, 10 mg ERROR; its section names no patient condition; meperidine SEVERE, an SNRI MAJOR', () => {
    // AZILECT label: 0.5-1 mg once daily; 4 Contraindications meperidine, tramadol, methadone, MAOIs; 7 antidepressants not recommended
    expect(level('Rasagiline', 1, 'mg')).to.equal('OK');
    expect(level('Rasagiline', 10, 'mg')).to.equal('ERROR');
    expect(contraindicated('Rasagiline', ['asthma'])).to.equal(false);
    pairIs('Rasagiline', 'Meperidine', 'SEVERE');
    pairIs('Rasagiline', 'Duloxetine', 'MAJOR');
  });

  it('desvenlafaxine: 50 mg OK, 500 mg ERROR; venlafaxine hypersensitivity contraindicated; linezolid SEVERE', () => {
    // PRISTIQ label: 50 mg once daily; Contraindications hypersensitivity to desvenlafaxine or venlafaxine, MAOIs including linezolid
    expect(level('Desvenlafaxine', 50, 'mg')).to.equal('OK');
    expect(level('Desvenlafaxine', 500, 'mg')).to.equal('ERROR');
    expect(contraindicated('Desvenlafaxine', ['venlafaxine allergy'])).to.equal(true);
    pairIs('Desvenlafaxine', 'Linezolid', 'SEVERE');
  });

  it('pitavastatin: 4 mg OK, 8 mg above the 4 mg maximum ERROR; decompensated cirrhosis contraindicated, compensated cirrhosis not; cyclosporine SEVERE', () => {
    // LIVALO label 2.2 (maximum 4 mg once daily) and 4 (cyclosporine; acute liver failure or decompensated cirrhosis)
    expect(level('Pitavastatin', 4, 'mg')).to.equal('OK');
    expect(level('Pitavastatin', 8, 'mg')).to.equal('ERROR');
    expect(contraindicated('Pitavastatin', ['decompensated cirrhosis'])).to.equal(true);
    expect(contraindicated('Pitavastatin', ['liver_cirrhosis'])).to.equal(null); // decompensated cirrhosis is the narrower case the label names
    pairIs('Pitavastatin', 'Cyclosporine', 'SEVERE');
  });

  it('acarbose: 100 mg three times a day OK above 60 kg, an ERROR at 55 kg (label maximum 50 mg); cirrhosis contraindicated', () => {
    // Acarbose label, Maximum Dosage: 50 mg t.i.d. at 60 kg or less, 100 mg t.i.d. above; Contraindications cirrhosis
    expect(levelFor('Acarbose', 100, 'mg', { weight: 70 }, 8)).to.equal('OK');
    expect(levelFor('Acarbose', 100, 'mg', { weight: 55 }, 8)).to.equal('ERROR');
    expect(levelFor('Acarbose', 50, 'mg', { weight: 55 }, 8)).to.equal('OK');
    expect(contraindicated('Acarbose', ['cirrhosis'])).to.equal(true);
  });

  it('triamterene: 100 mg OK, 1000 mg ERROR; hyperkalemia contraindicated; spironolactone and potassium chloride SEVERE', () => {
    // Triamterene capsules label: 100 mg twice daily, at most 300 mg a day; Contraindications hyperkalemia, potassium supplements, other potassium-sparing agents
    expect(level('Triamterene', 100, 'mg')).to.equal('OK');
    expect(level('Triamterene', 1000, 'mg')).to.equal('ERROR');
    expect(contraindicated('Triamterene', ['hyperkalemia'])).to.equal(true);
    pairIs('Triamterene', 'Spironolactone', 'SEVERE');
    pairIs('Triamterene', 'Potassium_Chloride', 'SEVERE');
  });

  it('methyldopa and imipramine with an MAO inhibitor are SEVERE (their Contraindications sections)', () => {
    expect(level('Methyldopa', 500, 'mg')).to.equal('OK');
    expect(contraindicated('Methyldopa', ['acute hepatitis'])).to.equal(true);
    pairIs('Methyldopa', 'Phenelzine', 'SEVERE');
    expect(level('Imipramine', 75, 'mg')).to.equal('OK');
    expect(contraindicated('Imipramine', ['recent mi'])).to.equal(true);
    pairIs('Imipramine', 'Linezolid', 'SEVERE');
  });
});

// Readings of labels that were unread (part 2): NORVIR, PURINETHOL, terbutaline injection, propylthiouracil.
import { expect } from 'chai';
import { libraryOf } from './helpers/library.js';
import { maxSeverity as severity } from './helpers/pk-checks.js';

const { call } = libraryOf('pk');
const contraindication = (drug: string, condition: string) => call('check_contraindications', drug, [condition]);

describe('pk labels read for the unread entries, part 2', () => {
  it('Ritonavir (NORVIR, partly read) answers hypersensitivity; any other condition is null, never false', () => {
    expect(contraindication('Ritonavir', 'drug allergy').contraindicated).to.equal(true);
    expect(contraindication('Ritonavir', 'pregnancy')).to.deep.include({ contraindicated: null, not_checked: ['pregnancy'] });
  });

  it('the co-medications NORVIR contraindicates are SEVERE both ways; the conditional ones (voriconazole, colchicine, sildenafil) stay MAJOR', () => {
    for (const other of ['Alfuzosin', 'Ranolazine', 'Amiodarone', 'Dronedarone', 'Flecainide', 'Lurasidone', 'Ergotamine', 'Dihydroergotamine', 'Methylergonovine', 'Lovastatin', 'Simvastatin']) {
      expect(severity('Ritonavir', other), other).to.equal('SEVERE');
      expect(severity(other, 'Ritonavir'), other).to.equal('SEVERE');
    }
    for (const other of ['Voriconazole', 'Colchicine', 'Sildenafil']) {
      expect(severity('Ritonavir', other), other).to.equal('MAJOR');
      expect(severity(other, 'Ritonavir'), other).to.equal('MAJOR');
    }
  });

  it("Mercaptopurine's section reads 'None': a condition answers false, not null", () => {
    expect(contraindication('Mercaptopurine', 'pregnancy')).to.deep.include({ contraindicated: false, not_checked: [] });
  });

  it('Terbutaline (partly read) answers prolonged and maintenance tocolysis; anything else is null', () => {
    for (const c of ['prolonged tocolysis', 'tocolysis beyond 48 to 72 hours', 'home maintenance tocolysis']) expect(contraindication('Terbutaline', c).contraindicated, c).to.equal(true);
    expect(contraindication('Terbutaline', 'asthma')).to.deep.include({ contraindicated: null, not_checked: ['asthma'] });
  });

  it('Propylthiouracil (partly read) answers hypersensitivity; anything else is null', () => {
    expect(contraindication('Propylthiouracil', 'drug allergy').contraindicated).to.equal(true);
    expect(contraindication('Propylthiouracil', 'pregnancy')).to.deep.include({ contraindicated: null, not_checked: ['pregnancy'] });
  });

  it("Tenofovir (TDF row): the generic TDF labels' section reads 'None', so a condition answers false", () => {
    expect(contraindication('Tenofovir', 'pregnancy')).to.deep.include({ contraindicated: false, not_checked: [] });
  });

  it('Enalaprilat (partly read, secondary summaries) answers the ACE-inhibitor items; anything else is null', () => {
    for (const c of ['drug allergy', 'history of ace inhibitor angioedema', 'hereditary angioedema', 'aliskiren in a patient with diabetes']) expect(contraindication('Enalaprilat', c).contraindicated, c).to.equal(true);
    expect(contraindication('Enalaprilat', 'pregnancy')).to.deep.include({ contraindicated: null, not_checked: ['pregnancy'] });
  });

  it('Sodium nitrite stays unread: null with not_checked', () => {
    expect(contraindication('Sodium_Nitrite', 'pregnancy')).to.deep.include({ contraindicated: null, not_checked: ['pregnancy'] });
  });
});

// Issue 24 coverage, group resp-neuro-gi-4: nebulized formoterol and arformoterol, umeclidinium, rivastigmine,
// pancrelipase (CREON), linaclotide, valbenazine, hyoscyamine, cenobamate and riluzole. Each expectation is the US
// label's own statement (section in the comment beside it), read in the copies each row's source names.
import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import { libraryOf } from './helpers/library.js';
import { bothWays, contraindicated, doseLevel as level } from './helpers/pk-checks.js';

const { call } = libraryOf('pk');

describe('pk resp-neuro-gi-4: names', () => {
  it('brand names and common spellings resolve to the rows', () => {
    const names: Record<string, string> = {
      Perforomist: 'Formoterol', 'Formoterol fumarate': 'Formoterol', Brovana: 'Arformoterol', 'Arformoterol tartrate': 'Arformoterol',
      'Incruse Ellipta': 'Umeclidinium', Incruse: 'Umeclidinium', Exelon: 'Rivastigmine', Creon: 'Pancrelipase', Linzess: 'Linaclotide',
      Ingrezza: 'Valbenazine', 'Ingrezza Sprinkle': 'Valbenazine', Levsin: 'Hyoscyamine', 'Levsin/SL': 'Hyoscyamine', 'Hyoscyamine sulfate': 'Hyoscyamine',
      Xcopri: 'Cenobamate', Rilutek: 'Riluzole', Tiglutik: 'Riluzole',
    };
    for (const [spelling, name] of Object.entries(names)) expect(call('get_profile', spelling), spelling).to.include({ found: true, name });
  });
});

describe('pk resp-neuro-gi-4: label doses and limits', () => {
  it('formoterol: one 20 mcg vial every 12 hours, more than 40 mcg a day not recommended (PERFOROMIST D&A)', () => {
    expect(level('Formoterol', 20, 'mcg', 70, 'INH')).to.equal('OK'); // D&A: one 20 mcg/2 mL vial every 12 hours
    expect(level('Formoterol', 20, 'mcg', 70, 'INH', null, 12)).to.equal('OK'); // 40 mcg/day
    expect(level('Formoterol', 21, 'mcg', 70, 'INH')).to.equal('ERROR'); // W&P: do not exceed the recommended dose
    expect(level('Formoterol', 20, 'mcg', 70, 'INH', null, 8)).to.equal('ERROR'); // D&A: a total daily dose above 40 mcg is not recommended
    expect(level('Formoterol', 200, 'mcg', 70, 'INH')).to.equal('ERROR'); // ten times the usual top
  });

  it('arformoterol: one 15 mcg vial every 12 hours, more than 30 mcg a day not recommended (BROVANA D&A)', () => {
    expect(level('Arformoterol', 15, 'mcg', 70, 'INH')).to.equal('OK'); // D&A: one 15 mcg/2 mL vial every 12 hours
    expect(level('Arformoterol', 15, 'mcg', 70, 'INH', null, 12)).to.equal('OK'); // 30 mcg/day
    expect(level('Arformoterol', 16, 'mcg', 70, 'INH')).to.equal('ERROR'); // above the one vial per dose
    expect(level('Arformoterol', 15, 'mcg', 70, 'INH', null, 8)).to.equal('ERROR'); // D&A: more than 30 mcg/day not recommended
    expect(level('Arformoterol', 150, 'mcg', 70, 'INH')).to.equal('ERROR'); // ten times the usual top
  });

  it('umeclidinium: one 62.5 mcg actuation once daily, not more than once every 24 hours (INCRUSE ELLIPTA 2)', () => {
    expect(level('Umeclidinium', 62.5, 'mcg', 70, 'INH')).to.equal('OK'); // 2: 1 actuation (62.5 mcg) once daily
    expect(level('Umeclidinium', 63, 'mcg', 70, 'INH')).to.equal('ERROR'); // 2: not more than 1 time every 24 hours
    expect(level('Umeclidinium', 62.5, 'mcg', 70, 'INH', null, 12)).to.equal('ERROR'); // twice a day exceeds the daily limit
    expect(level('Umeclidinium', 625, 'mcg', 70, 'INH')).to.equal('ERROR'); // ten times the usual top
  });

  it('rivastigmine: 1.5 to 6 mg twice a day, the maximum 6 mg twice a day (EXELON 2)', () => {
    expect(level('Rivastigmine', 1.5, 'mg', 70, 'PO')).to.equal('OK'); // 2: initial dose 1.5 mg twice a day
    expect(level('Rivastigmine', 6, 'mg', 70, 'PO', null, 12)).to.equal('OK'); // 2: the maximum dose, 6 mg twice a day (12 mg/day)
    expect(level('Rivastigmine', 6.5, 'mg', 70, 'PO')).to.equal('ERROR'); // above 6 mg per dose
    expect(level('Rivastigmine', 6, 'mg', 70, 'PO', null, 8)).to.equal('ERROR'); // 18 mg/day exceeds 12 mg per day
    expect(level('Rivastigmine', 60, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('pancrelipase: 500-2,500 lipase units/kg per meal, not above 2,500 units/kg/meal or 10,000 units/kg/day (CREON 2.1-2.2)', () => {
    expect(level('Pancrelipase', 35000, 'units', 70, 'PO')).to.equal('OK'); // 2.2: 500 lipase units/kg/meal at 70 kg
    expect(level('Pancrelipase', 175000, 'units', 70, 'PO')).to.equal('OK'); // exactly 2,500 lipase units/kg/meal
    expect(level('Pancrelipase', 2500, 'units/kg', 70, 'PO')).to.equal('OK'); // the same limit per kg
    expect(level('Pancrelipase', 176000, 'units', 70, 'PO')).to.equal('ERROR'); // 2.1: do not exceed 2,500 lipase units/kg/meal
    expect(level('Pancrelipase', 2000, 'units/kg', 70, 'PO', null, 4)).to.equal('ERROR'); // 12,000 units/kg/day exceeds 10,000
    expect(level('Pancrelipase', 1750000, 'units', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('linaclotide: 72 to 290 mcg once daily by indication; no label maximum beyond (LINZESS 2.1)', () => {
    expect(level('Linaclotide', 290, 'mcg', 70, 'PO')).to.equal('OK'); // 2.1: IBS-C 290 mcg once daily
    expect(level('Linaclotide', 145, 'mcg', 70, 'PO')).to.equal('OK'); // 2.1: CIC 145 mcg once daily
    expect(level('Linaclotide', 72, 'mcg', 70, 'PO')).to.equal('OK'); // 2.1: CIC 72 mcg; pediatric FC 72 mcg
    expect(level('Linaclotide', 2900, 'mcg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('valbenazine: 40 mg, then 80 mg once daily (INGREZZA Highlights D&A); no stated maximum', () => {
    expect(level('Valbenazine', 40, 'mg', 70, 'PO')).to.equal('OK'); // initial dosage 40 mg once daily
    expect(level('Valbenazine', 80, 'mg', 70, 'PO')).to.equal('OK'); // recommended dosage 80 mg once daily
    expect(level('Valbenazine', 800, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
    expect(call('get_profile', 'Valbenazine').hepatic.B).to.include({ factor: 0.5 }); // 2: moderate or severe hepatic impairment 40 mg
  });

  it('hyoscyamine: 0.125-0.25 mg every 4 hours, not above 1.5 mg in 24 hours (label D&A)', () => {
    expect(level('Hyoscyamine', 0.125, 'mg', 70, 'PO')).to.equal('OK'); // 1 tablet (0.125 mg)
    expect(level('Hyoscyamine', 0.25, 'mg', 70, 'SL', null, 4)).to.equal('OK'); // 2 tablets every 4 hours = 1.5 mg/day
    expect(level('Hyoscyamine', 0.25, 'mg', 70, 'PO', null, 3)).to.equal('ERROR'); // 2 mg/day exceeds 12 mL (1.5 mg) in 24 hours
    expect(level('Hyoscyamine', 2.5, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('cenobamate: 12.5 mg titrated to 200 mg once daily, maximum 400 mg once daily (XCOPRI 2.1)', () => {
    expect(level('Cenobamate', 200, 'mg', 70, 'PO')).to.equal('OK'); // maintenance 200 mg once daily
    expect(level('Cenobamate', 12.5, 'mg', 70, 'PO')).to.equal('OK'); // initial 12.5 mg once daily
    expect(level('Cenobamate', 400, 'mg', 70, 'PO')).to.not.equal('ERROR'); // the maximum dosage, 400 mg once daily
    expect(level('Cenobamate', 450, 'mg', 70, 'PO')).to.equal('ERROR'); // above the maximum dosage
    expect(level('Cenobamate', 4000, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('riluzole: 50 mg twice daily (riluzole tablets 2); no label maximum', () => {
    expect(level('Riluzole', 50, 'mg', 70, 'PO')).to.equal('OK'); // 2: 50 mg orally twice daily
    expect(level('Riluzole', 500, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });
});

describe('pk resp-neuro-gi-4: contraindications', () => {
  it('formoterol and arformoterol: asthma without an inhaled corticosteroid (4; partial readings)', () => {
    for (const drug of ['Formoterol', 'Arformoterol']) {
      expect(contraindicated(drug, 'asthma without inhaled corticosteroid'), drug).to.equal(true);
      expect(contraindicated(drug, 'asthma'), drug).to.equal(null); // the label names only the case without an ICS
      expect(contraindicated(drug, 'tachyarrhythmia'), drug).to.equal(null); // partial reading: proves nothing elsewhere
    }
  });

  it('umeclidinium: severe milk-protein hypersensitivity and hypersensitivity to the drug (INCRUSE ELLIPTA 4)', () => {
    expect(contraindicated('Umeclidinium', 'severe hypersensitivity to milk proteins')).to.equal(true);
    expect(contraindicated('Umeclidinium', 'drug allergy')).to.equal(true);
    expect(contraindicated('Umeclidinium', 'milk allergy')).to.equal(null); // the label names only the severe case
    expect(contraindicated('Umeclidinium', 'narrow_angle_glaucoma')).to.equal(false); // a warning (5.4), not a contraindication
  });

  it('rivastigmine: drug or carbamate hypersensitivity, patch contact dermatitis history (EXELON Highlights 4)', () => {
    expect(contraindicated('Rivastigmine', 'drug allergy')).to.equal(true);
    expect(contraindicated('Rivastigmine', 'allergy to carbamates')).to.equal(true);
    expect(contraindicated('Rivastigmine', 'rivastigmine_patch_allergic_contact_dermatitis_history')).to.equal(true);
    expect(contraindicated('Rivastigmine', 'asthma')).to.equal(false); // not named in section 4
  });

  it('pancrelipase: no condition seen, and a partial reading answers null', () => {
    expect(contraindicated('Pancrelipase', 'pork allergy')).to.equal(null);
  });

  it('linaclotide: under 2 years and mechanical GI obstruction (boxed warning; 4, partial reading)', () => {
    expect(contraindicated('Linaclotide', 'child younger than 2 years')).to.equal(true);
    expect(contraindicated('Linaclotide', 'mechanical_intestinal_obstruction')).to.equal(true);
    expect(contraindicated('Linaclotide', 'pregnancy')).to.equal(null); // partial reading
  });

  it('valbenazine: hypersensitivity only (INGREZZA Highlights 4); long QT is a warning', () => {
    expect(contraindicated('Valbenazine', 'drug allergy')).to.equal(true);
    expect(contraindicated('Valbenazine', 'congenital long qt syndrome')).to.equal(false); // W&P 5.2: avoid, not contraindicated
  });

  it('hyoscyamine: the anticholinergic list (CONTRAINDICATIONS, partial reading)', () => {
    for (const c of ['glaucoma', 'urinary_obstruction', 'bowel obstruction', 'paralytic ileus', 'intestinal atony of elderly or debilitated patients', 'unstable_cardiovascular_status_in_acute_hemorrhage', 'severe_ulcerative_colitis', 'toxic_megacolon', 'myasthenia gravis']) {
      expect(contraindicated('Hyoscyamine', c), c).to.equal(true);
    }
    expect(contraindicated('Hyoscyamine', 'pregnancy')).to.equal(null); // partial reading
  });

  it('cenobamate: hypersensitivity and familial short QT syndrome (XCOPRI Highlights 4)', () => {
    expect(contraindicated('Cenobamate', 'drug allergy')).to.equal(true);
    expect(contraindicated('Cenobamate', 'familial short qt')).to.equal(true);
    expect(contraindicated('Cenobamate', 'long_qt_syndrome')).to.equal(false); // not named in section 4
  });

  it('riluzole: a history of severe hypersensitivity reactions (riluzole tablets 4)', () => {
    expect(contraindicated('Riluzole', 'history of serious hypersensitivity reaction to the drug')).to.equal(true);
    expect(contraindicated('Riluzole', 'hepatic_impairment')).to.equal(false); // a warning (5.1), not a contraindication
  });
});

describe('pk resp-neuro-gi-4: interaction rules, both ways', () => {
  it('formoterol with arformoterol is MAJOR (W&P: not with other LABA-containing medicines)', () => bothWays('Formoterol', 'Arformoterol', 'MAJOR'));

  it('umeclidinium with another anticholinergic is MAJOR (INCRUSE ELLIPTA 7: avoid)', () => {
    bothWays('Umeclidinium', 'Tiotropium', 'MAJOR');
    bothWays('Umeclidinium', 'Hyoscyamine', 'MAJOR');
  });

  it('rivastigmine with metoclopramide, a beta-blocker or an anticholinergic is MAJOR (EXELON 7: not recommended)', () => {
    bothWays('Rivastigmine', 'Metoclopramide', 'MAJOR');
    bothWays('Rivastigmine', 'Atenolol', 'MAJOR');
    bothWays('Rivastigmine', 'Oxybutynin', 'MAJOR');
  });

  it('valbenazine with an MAOI or a strong CYP3A4 inducer is MAJOR (INGREZZA 7: avoid; not recommended)', () => {
    bothWays('Valbenazine', 'Phenelzine', 'MAJOR');
    bothWays('Valbenazine', 'Rifampin', 'MAJOR');
  });

  it('class memberships agree with the rows', () => {
    expect(call('get_profile', 'Hyoscyamine').interaction_classes).to.include('anticholinergics');
    expect(call('get_profile', 'Valbenazine').interaction_classes).to.include('QT_prolonging');
    expect(call('get_profile', 'Cenobamate').interaction_classes).to.include('CNS_depressants');
  });
});

describe('pk resp-neuro-gi-4: a protocol through the engine', () => {
  it('administers cenobamate within its label dose and refuses riluzole at ten times its dose', () => {
    const ok = runProtocol('protocol T {\n  input: Patient p;\n  administer Cenobamate dose: 200 mg route: PO;\n}', { weight: 70 } as never);
    expect(ok.kind).to.not.equal('invalid');
    expect(JSON.stringify(ok.body)).to.not.match(/"level":"ERROR"/);
    const bad = runProtocol('protocol T {\n  input: Patient p;\n  administer Riluzole dose: 500 mg route: PO;\n}', { weight: 70 } as never);
    expect(JSON.stringify(bad)).to.match(/ERROR/);
  });
});

// Issue 24 coverage, group antimicrobials-hospital-3: cidofovir, rifabutin, dalbavancin, ivermectin,
// imipenem-cilastatin and penicillin G benzathine. Each expectation is the US label's own statement (section in
// the comment beside it), read in the copies each row's source names.
import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import { libraryOf } from './helpers/library.js';
import { bothWays, contraindicated, doseLevel as level } from './helpers/pk-checks.js';

const { call } = libraryOf('pk');

describe('pk antimicrobials-hospital-3: names', () => {
  it('brand names and common spellings resolve to the rows', () => {
    const names: Record<string, string> = {
      Vistide: 'Cidofovir', Mycobutin: 'Rifabutin', Dalvance: 'Dalbavancin', Stromectol: 'Ivermectin', Primaxin: 'Imipenem_Cilastatin',
      Imipenem: 'Imipenem_Cilastatin', 'imipenem/cilastatin': 'Imipenem_Cilastatin', 'Bicillin L-A': 'Penicillin_G_Benzathine',
      'Benzathine penicillin G': 'Penicillin_G_Benzathine', 'Atovaquone oral suspension': 'Atovaquone', DDS: 'Dapsone', Mycostatin: 'Nystatin', Mycelex: 'Clotrimazole',
      'Primaquine phosphate': 'Primaquine', PZA: 'Pyrazinamide', Bactocill: 'Oxacillin', Pfizerpen: 'Penicillin_G_Potassium', 'Aqueous penicillin G': 'Penicillin_G_Potassium', Vantin: 'Cefpodoxime',
    };
    for (const [spelling, name] of Object.entries(names)) expect(call('get_profile', spelling), spelling).to.include({ found: true, name });
  });

  it("'penicillin G' names neither salt: the IM depot (benzathine) and the IV salt (potassium) are only suggested, never chosen (boxed warning: benzathine IV can kill)", () => {
    const answer = call('get_profile', 'penicillin G');
    expect(answer.found).to.equal(false);
    expect(answer.suggestions).to.include.members(['Penicillin_G_Potassium', 'Penicillin_G_Benzathine']);
  });
});

describe('pk antimicrobials-hospital-3: label doses and limits', () => {
  it('cidofovir: 5 mg/kg is the label dose and must not be exceeded (VISTIDE D&A)', () => {
    expect(level('Cidofovir', 5, 'mg/kg', 70, 'IV')).to.equal('OK'); // D&A: induction and maintenance 5 mg/kg
    expect(level('Cidofovir', 3, 'mg/kg', 70, 'IV')).to.equal('OK'); // D&A: reduced to 3 mg/kg after a creatinine rise
    expect(level('Cidofovir', 5.1, 'mg/kg', 70, 'IV')).to.equal('ERROR'); // D&A: the recommended dosage must not be exceeded
    expect(level('Cidofovir', 50, 'mg/kg', 70, 'IV')).to.equal('ERROR'); // ten times the usual top
  });

  it('rifabutin: 300 mg once daily (MYCOBUTIN D&A); no label maximum, so only ten times is an ERROR', () => {
    expect(level('Rifabutin', 300, 'mg', 70, 'PO')).to.equal('OK'); // D&A: 300 mg once daily
    expect(level('Rifabutin', 150, 'mg', 70, 'PO')).to.equal('OK'); // D&A: 150 mg twice daily with food
    expect(level('Rifabutin', 3000, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('dalbavancin: 1,500 mg single dose or 1,000 mg then 500 mg (DALVANCE 2.1)', () => {
    expect(level('Dalbavancin', 1500, 'mg', 70, 'IV')).to.equal('OK'); // 2.1: single-dose regimen
    expect(level('Dalbavancin', 1000, 'mg', 70, 'IV')).to.equal('OK'); // 2.1: first of two doses
    expect(level('Dalbavancin', 15000, 'mg', 70, 'IV')).to.equal('ERROR'); // ten times the usual top
  });

  it('ivermectin: 150-200 mcg/kg single dose (STROMECTOL D&A)', () => {
    expect(level('Ivermectin', 12, 'mg', 70, 'PO')).to.equal('OK'); // D&A weight table: 12-15 mg at 65-79 kg
    expect(level('Ivermectin', 0.2, 'mg/kg', 70, 'PO')).to.equal('OK'); // D&A: strongyloidiasis 200 mcg/kg
    expect(level('Ivermectin', 150, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('imipenem-cilastatin: 500 mg q6h or 1 g q8h, at most 4 g/day (PRIMAXIN 2.1)', () => {
    expect(level('Imipenem_Cilastatin', 500, 'mg', 70, 'IV')).to.equal('OK'); // 2.1: 500 mg every 6 hours
    expect(level('Imipenem_Cilastatin', 1000, 'mg', 70, 'IV')).to.equal('OK'); // 2.1: 1,000 mg every 6 or 8 hours
    expect(level('Imipenem_Cilastatin', 10000, 'mg', 70, 'IV')).to.equal('ERROR'); // ten times the usual top (and above 4 g/day)
    expect(call('get_profile', 'Imipenem_Cilastatin').max_daily).to.deep.include({ value: 4000, unit: 'mg/day' }); // 2.1: not to exceed 4 g/day
  });

  it('penicillin G benzathine: 1.2-2.4 million units IM; never IV (BICILLIN L-A D&A and boxed warning)', () => {
    expect(level('Penicillin_G_Benzathine', 2400000, 'units', 70, 'IM')).to.equal('OK'); // D&A: syphilis 2,400,000 units
    expect(level('Penicillin_G_Benzathine', 1200000, 'units', 70, 'IM')).to.equal('OK'); // D&A: streptococcal URI 1,200,000 units
    expect(level('Penicillin_G_Benzathine', 24000000, 'units', 70, 'IM')).to.equal('ERROR'); // ten times the usual top
    expect(() => level('Penicillin_G_Benzathine', 1200000, 'units', 70, 'IV')).to.throw(/not a route/); // boxed warning: not for intravenous use
  });

  it('atovaquone: 750 mg twice daily or 1,500 mg once daily (MEPRON Highlights D&A)', () => {
    expect(level('Atovaquone', 750, 'mg', 70, 'PO')).to.equal('OK'); // treatment 750 mg twice daily
    expect(level('Atovaquone', 1500, 'mg', 70, 'PO')).to.equal('OK'); // prevention 1,500 mg once daily
    expect(level('Atovaquone', 15000, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('dapsone: 50-300 mg daily (dapsone tablets D&A)', () => {
    expect(level('Dapsone', 100, 'mg', 70, 'PO')).to.equal('OK'); // leprosy 100 mg daily
    expect(level('Dapsone', 300, 'mg', 70, 'PO')).to.equal('OK'); // dermatitis herpetiformis up to 300 mg
    expect(level('Dapsone', 3000, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('nystatin oral suspension: 400,000-600,000 units four times daily (D&A)', () => {
    expect(level('Nystatin', 500000, 'units', 70, 'PO')).to.equal('OK');
    expect(level('Nystatin', 6000000, 'units', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('clotrimazole troche: one 10 mg troche per dose (MYCELEX)', () => {
    expect(level('Clotrimazole', 10, 'mg', 70, 'PO')).to.equal('OK');
    expect(level('Clotrimazole', 100, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('primaquine: 15 mg base daily, not to be exceeded (primaquine label D&A and WARNINGS)', () => {
    expect(level('Primaquine', 15, 'mg', 70, 'PO')).to.equal('OK'); // exactly at the label limit
    expect(level('Primaquine', 16, 'mg', 70, 'PO')).to.equal('ERROR'); // above 1 tablet (15 mg base) daily
    expect(level('Primaquine', 150, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('primaquine: the guideline radical cure (30 mg base daily) is held to 30 mg only when its indication is named (Therapeutic Guidelines; UpToDate)', () => {
    const radicalCure = 'P. vivax or P. ovale radical cure (guideline dose)';
    expect(level('Primaquine', 30, 'mg', 70, 'PO')).to.equal('ERROR'); // without the indication the label's 15 mg base stands
    expect(level('Primaquine', 30, 'mg', 70, 'PO', radicalCure)).to.equal('OK');
    expect(level('Primaquine', 31, 'mg', 70, 'PO', radicalCure)).to.equal('ERROR'); // 'without exceeding the maximum of 30 mg base per day'
  });

  it('pyrazinamide: 15-30 mg/kg daily, at most 3 g a day (pyrazinamide D&A)', () => {
    expect(level('Pyrazinamide', 1500, 'mg', 60, 'PO')).to.equal('OK'); // 25 mg/kg
    expect(level('Pyrazinamide', 30, 'mg/kg', 60, 'PO')).to.equal('OK'); // top of the per-kg range
    expect(level('Pyrazinamide', 3000, 'mg', 100, 'PO')).to.not.equal('ERROR'); // exactly the 3 g daily maximum
    expect(level('Pyrazinamide', 3100, 'mg', 110, 'PO')).to.equal('ERROR'); // above three grams per day
    expect(level('Pyrazinamide', 20000, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('oxacillin: 250 mg-1 g IV every 4-6 hours (oxacillin D&A)', () => {
    expect(level('Oxacillin', 1000, 'mg', 70, 'IV')).to.equal('OK'); // severe infections 1 g
    expect(level('Oxacillin', 500, 'mg', 70, 'IV')).to.equal('OK'); // mild to moderate 250-500 mg
    expect(level('Oxacillin', 10000, 'mg', 70, 'IV')).to.equal('ERROR'); // ten times the usual top
  });

  it('penicillin G potassium: 12-24 million units a day in 4-6 doses (D&A; single-dose range derived)', () => {
    expect(level('Penicillin_G_Potassium', 4000000, 'units', 70, 'IV')).to.equal('OK'); // 24 million units/day every 4 hours
    expect(level('Penicillin_G_Potassium', 60000000, 'units', 70, 'IV')).to.equal('ERROR'); // ten times the usual top
  });

  it('cefpodoxime: 100-400 mg every 12 hours (label)', () => {
    expect(level('Cefpodoxime', 200, 'mg', 70, 'PO')).to.equal('OK');
    expect(level('Cefpodoxime', 400, 'mg', 70, 'PO')).to.equal('OK'); // skin infections 400 mg q12h
    expect(level('Cefpodoxime', 4000, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });
});

describe('pk antimicrobials-hospital-3: contraindications', () => {
  it('cidofovir: every item of its Contraindications section answers true; an unnamed condition false', () => {
    expect(contraindicated('Cidofovir', 'serum creatinine > 1.5 mg/dl')).to.equal(true);
    expect(contraindicated('Cidofovir', 'crcl <= 55')).to.equal(true);
    expect(contraindicated('Cidofovir', 'crcl_30_or_below')).to.equal(true); // a narrower case of CrCl 55 or below
    expect(contraindicated('Cidofovir', 'urine protein >= 100 mg/dl')).to.equal(true);
    expect(contraindicated('Cidofovir', 'drug allergy')).to.equal(true);
    expect(contraindicated('Cidofovir', 'clinically severe hypersensitivity to probenecid or other sulfa-containing medications')).to.equal(true);
    expect(contraindicated('Cidofovir', 'sulfa allergy')).to.equal(null); // the label names only the clinically severe case
    expect(contraindicated('Cidofovir', 'porphyria')).to.equal(false);
  });

  it('rifabutin: hypersensitivity to rifabutin or any rifamycin (MYCOBUTIN CONTRAINDICATIONS; partial reading)', () => {
    expect(contraindicated('Rifabutin', 'drug allergy')).to.equal(true);
    expect(contraindicated('Rifabutin', 'rifampin allergy')).to.equal(true);
    expect(contraindicated('Rifabutin', 'pregnancy')).to.equal(null); // partial reading: the current section was not seen whole
  });

  it('dalbavancin and ivermectin: hypersensitivity only (DALVANCE Highlights 4; STROMECTOL CONTRAINDICATIONS)', () => {
    expect(contraindicated('Dalbavancin', 'drug allergy')).to.equal(true);
    expect(contraindicated('Dalbavancin', 'penicillin allergy')).to.equal(false);
    expect(contraindicated('Ivermectin', 'drug allergy')).to.equal(true);
    expect(contraindicated('Ivermectin', 'pregnancy')).to.equal(false);
  });

  it('atovaquone, dapsone, nystatin and the clotrimazole troche: hypersensitivity only (CONTRAINDICATIONS of each label)', () => {
    for (const drug of ['Atovaquone', 'Dapsone', 'Nystatin', 'Clotrimazole']) {
      expect(contraindicated(drug, 'drug allergy'), drug).to.equal(true);
      expect(contraindicated(drug, 'pregnancy'), drug).to.equal(false);
    }
    expect(contraindicated('Dapsone', 'G6PD deficiency')).to.equal(false); // a precaution in the dapsone label, not a contraindication
  });

  it('primaquine: severe G6PD deficiency, pregnancy, acute illness with granulocytopenia tendency (primaquine CONTRAINDICATIONS)', () => {
    expect(contraindicated('Primaquine', 'severe glucose-6-phosphate dehydrogenase deficiency')).to.equal(true);
    expect(contraindicated('Primaquine', 'pregnant')).to.equal(true);
    expect(contraindicated('Primaquine', 'acutely ill with systemic disease manifested by tendency to granulocytopenia')).to.equal(true);
    expect(contraindicated('Primaquine', 'G6PD deficiency')).to.equal(null); // the label names only the severe case
    expect(contraindicated('Primaquine', 'SLE')).to.equal(null); // only the acutely ill lupus patient prone to granulocytopenia
    expect(contraindicated('Primaquine', 'porphyria')).to.equal(false);
  });

  it('pyrazinamide: acute gout and severe liver damage (quoted); a partial reading answers null elsewhere', () => {
    expect(contraindicated('Pyrazinamide', 'acute gouty attack')).to.equal(true);
    expect(contraindicated('Pyrazinamide', 'severe liver damage')).to.equal(true);
    expect(contraindicated('Pyrazinamide', 'pregnancy')).to.equal(null);
  });

  it('penicillin G potassium: any penicillin hypersensitivity, and corn allergy for the dextrose premix (CONTRAINDICATIONS)', () => {
    expect(contraindicated('Penicillin_G_Potassium', 'penicillin allergy')).to.equal(true);
    expect(contraindicated('Penicillin_G_Potassium', 'corn allergy')).to.equal(true);
    expect(contraindicated('Penicillin_G_Potassium', 'cephalosporin allergy')).to.equal(false); // a warning, not a contraindication
  });

  it('imipenem-cilastatin, oxacillin and cefpodoxime: labels not read, so every check answers null', () => {
    expect(contraindicated('Cefpodoxime', 'cephalosporin allergy')).to.equal(null);
    expect(contraindicated('Oxacillin', 'penicillin allergy')).to.equal(null);
    expect(contraindicated('Imipenem_Cilastatin', 'carbapenem allergy')).to.equal(null);
  });

  it('penicillin G benzathine: the penicillin allergy its patient copies name is contraindicated; the section unseen, anything else is null', () => {
    expect(contraindicated('Penicillin_G_Benzathine', 'penicillin allergy')).to.equal(true);
    expect(contraindicated('Penicillin_G_Benzathine', 'pregnancy')).to.equal(null);
  });
});

describe('pk antimicrobials-hospital-3: interaction rules, both ways', () => {
  it('cidofovir with a nephrotoxic agent is SEVERE (boxed warning and CONTRAINDICATIONS)', () => {
    for (const other of ['Gentamicin', 'Vancomycin', 'Foscarnet']) {
      bothWays('Cidofovir', other, 'SEVERE');
    }
  });

  it('rifabutin with voriconazole is SEVERE (VFEND 4; MYCOBUTIN interactions)', () => {
    bothWays('Rifabutin', 'Voriconazole', 'SEVERE');
  });

  it('atovaquone with rifampin or rifabutin is MAJOR (MEPRON 7.1: not recommended)', () => {
    for (const rif of ['Rifampin', 'Rifabutin']) {
      bothWays('Atovaquone', rif, 'MAJOR');
    }
  });

  it('imipenem with valproic acid is MAJOR (PRIMAXIN warnings: generally not recommended)', () => {
    bothWays('Imipenem_Cilastatin', 'Valproic_Acid', 'MAJOR');
  });
});

describe('pk antimicrobials-hospital-3: through the engine', () => {
  it('administer Dalbavancin at the label dose runs; cidofovir above 5 mg/kg is refused', () => {
    const ok = runProtocol('protocol T {\n  input: Patient p;\n  administer Dalbavancin dose: 1500 mg route: IV;\n}', { weight: 70 } as never);
    expect(ok.kind).to.not.equal('invalid');
    expect(JSON.stringify(ok.body)).to.not.match(/"level":"ERROR"/);
    const bad = runProtocol('protocol T {\n  input: Patient p;\n  administer Cidofovir dose: 6 mg/kg route: IV;\n}', { weight: 70 } as never);
    expect(JSON.stringify(bad)).to.match(/ERROR/);
  });
});

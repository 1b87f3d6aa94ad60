// Issue 24 coverage, group hospital-more-5: hospital drugs added to the pk table (oritavancin, cefiderocol,
// omadacycline, eravacycline, letermovir, pyrimethamine, midodrine, phentolamine, suvorexant). Each expectation is the
// label statement cited beside it (the copies read are named in each row's source and in contraindications.json).
import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import { libraryOf } from './helpers/library.js';
import { contraindicated, doseLevel as level, maxSeverity as severity } from './helpers/pk-checks.js';

const { call } = libraryOf('pk');

describe('pk drugs added for hospital-more-5: brand names', () => {
  it('brand names resolve to the row', () => {
    const names: Record<string, string> = {
      Orbactiv: 'Oritavancin', Kimyrsa: 'Oritavancin', Fetroja: 'Cefiderocol', Nuzyra: 'Omadacycline', Xerava: 'Eravacycline',
      Prevymis: 'Letermovir', Daraprim: 'Pyrimethamine', ProAmatine: 'Midodrine', Orvaten: 'Midodrine', Regitine: 'Phentolamine',
      Belsomra: 'Suvorexant',
    };
    for (const [spelling, name] of Object.entries(names)) expect(call('get_profile', spelling), spelling).to.include({ found: true, name });
  });
});

describe('pk drugs added for hospital-more-5: label doses at their limits', () => {
  it('oritavancin: one 1,200 mg IV dose (ORBACTIV 2.2 over 3 h, KIMYRSA 2.2 over 1 h); no label maximum', () => {
    expect(level('Oritavancin', 1200, 'mg', null, 'IV')).to.equal('OK');
    expect(level('Oritavancin', 1.2, 'g')).to.equal('OK');
    expect(level('Oritavancin', 1300, 'mg')).to.equal('WARNING'); // above the single labeled dose, no stated maximum
    expect(level('Oritavancin', 12000, 'mg')).to.equal('ERROR'); // ten times the top
  });

  it('cefiderocol: 2 g every 8 h (CrCl 60-119), every 6 h at CrCl 120 or more, 0.75-1.5 g in renal impairment (FETROJA 2.1-2.2)', () => {
    expect(level('Cefiderocol', 2, 'g', null, 'IV', null, 8)).to.equal('OK');
    expect(level('Cefiderocol', 2000, 'mg', null, 'IV', null, 6)).to.equal('OK'); // augmented clearance
    expect(level('Cefiderocol', 750, 'mg', null, 'IV', null, 12)).to.equal('OK'); // CrCl below 15
    expect(level('Cefiderocol', 20, 'g')).to.equal('ERROR'); // ten times the top
    expect(call('renal_adjust', 'Cefiderocol', 20).recommendation).to.match(/1 g every 8 hours/); // CrCl 15-29
    expect(call('renal_adjust', 'Cefiderocol', 10).recommendation).to.match(/0\.75 g every 12 hours/); // CrCl below 15
  });

  it('omadacycline: IV 200 mg load then 100 mg daily; PO 450 mg load then 300 mg daily (NUZYRA Highlights D&A); no maximum', () => {
    expect(level('Omadacycline', 100, 'mg', null, 'IV')).to.equal('OK');
    expect(level('Omadacycline', 200, 'mg', null, 'IV')).to.equal('OK');
    expect(level('Omadacycline', 300, 'mg', null, 'PO')).to.equal('OK');
    expect(level('Omadacycline', 450, 'mg', null, 'PO')).to.equal('OK');
    expect(level('Omadacycline', 2000, 'mg', null, 'IV')).to.equal('ERROR'); // ten times the IV top
    expect(level('Omadacycline', 4500, 'mg', null, 'PO')).to.equal('ERROR');
  });

  it('eravacycline: 1 mg/kg every 12 h, 1.5 mg/kg with a strong CYP3A inducer (XERAVA Highlights D&A); weight-based', () => {
    expect(level('Eravacycline', 1, 'mg/kg', 70)).to.equal('OK');
    expect(level('Eravacycline', 70, 'mg', 70, 'IV', null, 12)).to.equal('OK');
    expect(level('Eravacycline', 105, 'mg', 70)).to.equal('OK'); // 1.5 mg/kg
    expect(level('Eravacycline', 15, 'mg/kg', 70)).to.equal('ERROR'); // ten times the top
    expect(level('Eravacycline', 70, 'mg')).to.equal('UNCHECKED'); // no weight, no fixed range
  });

  it('letermovir: 480 mg PO or IV once daily, 240 mg with cyclosporine (PREVYMIS 2.3); no maximum', () => {
    expect(level('Letermovir', 480, 'mg', null, 'PO')).to.equal('OK');
    expect(level('Letermovir', 480, 'mg', null, 'IV')).to.equal('OK');
    expect(level('Letermovir', 240, 'mg', null, 'PO')).to.equal('OK');
    expect(level('Letermovir', 4800, 'mg')).to.equal('ERROR');
  });

  it('pyrimethamine: 50-75 mg daily, then halved (DARAPRIM D&A as quoted); no maximum', () => {
    expect(level('Pyrimethamine', 75, 'mg')).to.equal('OK');
    expect(level('Pyrimethamine', 25, 'mg')).to.equal('OK');
    expect(level('Pyrimethamine', 750, 'mg')).to.equal('ERROR');
  });

  it('midodrine: 10 mg three times daily, 2.5 mg starting doses in renal impairment (label D&A as quoted)', () => {
    expect(level('Midodrine', 10, 'mg')).to.equal('OK');
    expect(level('Midodrine', 2.5, 'mg')).to.equal('OK');
    expect(level('Midodrine', 10, 'mg', null, 'PO', null, 4)).to.equal('OK');
    expect(level('Midodrine', 20, 'mg')).to.equal('WARNING'); // label: 20 mg single doses gave severe supine hypertension in about 45%; no stated maximum
    expect(level('Midodrine', 100, 'mg')).to.equal('ERROR');
  });

  it('phentolamine: 5 mg IV or IM (1 mg children); 5-10 mg infiltrated for norepinephrine extravasation (label D&A)', () => {
    expect(level('Phentolamine', 5, 'mg', null, 'IV')).to.equal('OK');
    expect(level('Phentolamine', 1, 'mg', null, 'IM')).to.equal('OK');
    expect(level('Phentolamine', 10, 'mg', null, 'INFILTRATION')).to.equal('OK');
    expect(level('Phentolamine', 50, 'mg', null, 'IV')).to.equal('ERROR');
    expect(level('Phentolamine', 100, 'mg', null, 'INFILTRATION')).to.equal('ERROR');
  });

  it('suvorexant: 10 mg, not to exceed 20 mg once daily (BELSOMRA Highlights D&A)', () => {
    expect(level('Suvorexant', 10, 'mg')).to.equal('OK');
    expect(level('Suvorexant', 5, 'mg')).to.equal('OK'); // with moderate CYP3A inhibitors
    expect(level('Suvorexant', 20, 'mg')).to.equal('OK');
    expect(level('Suvorexant', 21, 'mg')).to.equal('ERROR');
    expect(level('Suvorexant', 15, 'mg', null, 'PO', null, 12)).to.equal('ERROR'); // 30 mg a day
    expect(level('Suvorexant', 200, 'mg')).to.equal('ERROR');
  });
});

describe('pk drugs added for hospital-more-5: label contraindications', () => {
  it('complete readings answer every label condition true and an unnamed condition false', () => {
    // FETROJA 4: severe hypersensitivity to cefiderocol or other beta-lactams
    expect(contraindicated('Cefiderocol', 'hypersensitivity_to_drug')).to.equal(true);
    expect(contraindicated('Cefiderocol', 'serious_beta_lactam_hypersensitivity')).to.equal(true);
    expect(contraindicated('Cefiderocol', 'severe penicillin allergy')).to.equal(true);
    expect(contraindicated('Cefiderocol', 'severe carbapenem allergy')).to.equal(true);
    expect(contraindicated('Cefiderocol', 'cephalosporin allergy')).to.equal(true); // class allergy reaches the row
    expect(contraindicated('Cefiderocol', 'penicillin allergy')).to.equal(null); // severity not known
    expect(contraindicated('Cefiderocol', 'pregnancy')).to.equal(false);
    expect(contraindicated('Cefiderocol', 'sulfa allergy')).to.equal(false);
    // BELSOMRA Highlights CONTRAINDICATIONS: narcolepsy
    expect(contraindicated('Suvorexant', 'narcolepsy')).to.equal(true);
    expect(contraindicated('Suvorexant', 'pregnancy')).to.equal(false);
    expect(contraindicated('Suvorexant', 'hypersensitivity_to_drug')).to.equal(false); // the list has no hypersensitivity item
    // phentolamine label CONTRAINDICATIONS: MI, history of MI, coronary insufficiency, angina, other evidence of CAD; hypersensitivity
    expect(contraindicated('Phentolamine', 'acute mi')).to.equal(true);
    expect(contraindicated('Phentolamine', 'history of myocardial infarction')).to.equal(true);
    expect(contraindicated('Phentolamine', 'angina pectoris')).to.equal(true);
    expect(contraindicated('Phentolamine', 'coronary artery disease')).to.equal(true); // other evidence suggestive of CAD
    expect(contraindicated('Phentolamine', 'hypersensitivity_to_drug')).to.equal(true);
    expect(contraindicated('Phentolamine', 'pregnancy')).to.equal(false);
  });

  it('partial readings answer their conditions true and any other condition null', () => {
    expect(contraindicated('Oritavancin', 'hypersensitivity_to_drug')).to.equal(true); // ORBACTIV CI (ISI quotation)
    expect(contraindicated('Oritavancin', 'pregnancy')).to.equal(null);
    expect(contraindicated('Omadacycline', 'tetracycline allergy')).to.equal(true); // NUZYRA CI summaries: tetracycline class
    expect(contraindicated('Omadacycline', 'hypersensitivity_to_drug')).to.equal(true);
    expect(contraindicated('Omadacycline', 'pregnancy')).to.equal(null);
    expect(contraindicated('Eravacycline', 'tetracycline allergy')).to.equal(true); // XERAVA CI summaries
    expect(contraindicated('Eravacycline', 'hypersensitivity_to_drug')).to.equal(true);
    expect(contraindicated('Eravacycline', 'pregnancy')).to.equal(null);
    expect(contraindicated('Letermovir', 'pregnancy')).to.equal(null); // PREVYMIS CI names co-medications only (as seen)
    expect(contraindicated('Pyrimethamine', 'hypersensitivity_to_drug')).to.equal(true); // DARAPRIM CI (ISI)
    expect(contraindicated('Pyrimethamine', 'documented megaloblastic anemia due to folate deficiency')).to.equal(true);
    expect(contraindicated('Pyrimethamine', 'pregnancy')).to.equal(null);
    expect(contraindicated('Midodrine', 'severe_organic_heart_disease')).to.equal(true); // midodrine CI (label as quoted)
    expect(contraindicated('Midodrine', 'acute kidney disease')).to.equal(true); // acute renal disease
    expect(contraindicated('Midodrine', 'acute kidney injury')).to.equal(true); // a case of acute renal disease
    expect(contraindicated('Midodrine', 'urinary retention')).to.equal(true);
    expect(contraindicated('Midodrine', 'pheochromocytoma')).to.equal(true);
    expect(contraindicated('Midodrine', 'thyrotoxicosis')).to.equal(true);
    expect(contraindicated('Midodrine', 'persistent and excessive supine hypertension')).to.equal(true);
    expect(contraindicated('Midodrine', 'hypertension')).to.equal(null); // only persistent supine hypertension is named
    expect(contraindicated('Midodrine', 'pregnancy')).to.equal(null);
  });
});

describe('pk drugs added for hospital-more-5: label interactions in both directions', () => {
  it('contraindicated co-medications are SEVERE', () => {
    const pairs: [string, string][] = [
      ['Oritavancin', 'Heparin'], // ORBACTIV CI: IV unfractionated heparin for 120 hours after a dose
      ['Letermovir', 'Ergotamine'], // PREVYMIS CI: ergot alkaloids
      ['Letermovir', 'Dihydroergotamine'],
    ];
    for (const [a, b] of pairs) {
      expect(severity(a, b), `${a} + ${b}`).to.equal('SEVERE');
      expect(severity(b, a), `${b} + ${a}`).to.equal('SEVERE');
    }
  });

  it('PREVYMIS CI: pitavastatin or simvastatin with letermovir and cyclosporine together is SEVERE, from any side', () => {
    for (const statin of ['Pitavastatin', 'Simvastatin']) {
      expect(severity('Letermovir', 'Cyclosporine', statin), statin).to.equal('SEVERE');
      expect(severity(statin, 'Letermovir', 'Cyclosporine'), statin).to.equal('SEVERE');
      expect(severity('Cyclosporine', statin, 'Letermovir'), statin).to.equal('SEVERE');
    }
    expect(severity('Letermovir', 'Pitavastatin')).to.not.equal('SEVERE'); // without cyclosporine it is not the contraindicated combination
  });

  it('"not recommended" pairs are MAJOR', () => {
    expect(severity('Letermovir', 'Rifampin')).to.equal('MAJOR'); // PREVYMIS 7
    expect(severity('Rifampin', 'Letermovir')).to.equal('MAJOR');
    expect(severity('Letermovir', 'Cyclosporine', 'Repaglinide')).to.equal('MAJOR'); // repaglinide with cyclosporine
    expect(severity('Repaglinide', 'Letermovir', 'Cyclosporine')).to.equal('MAJOR');
    expect(severity('Suvorexant', 'Ketoconazole')).to.equal('MAJOR'); // BELSOMRA 7: strong CYP3A inhibitors not recommended
    expect(severity('Clarithromycin', 'Suvorexant')).to.equal('MAJOR');
  });

  it('dose-adjust and monitor pairs, and class membership', () => {
    expect(severity('Suvorexant', 'Diltiazem')).to.equal('MODERATE'); // moderate CYP3A inhibitor: 5 mg
    expect(severity('Verapamil', 'Suvorexant')).to.equal('MODERATE');
    expect(severity('Oritavancin', 'Warfarin')).to.equal('MODERATE'); // monitor for bleeding
    expect(severity('Suvorexant', 'Morphine')).to.equal('MAJOR'); // CNS depressant with an opioid
    expect(severity('Morphine', 'Suvorexant')).to.equal('MAJOR');
  });
});

describe('pk drugs added for hospital-more-5: through the engine', () => {
  it('administer suvorexant and letermovir at label doses logs an OK dose check, and above the suvorexant maximum an ERROR', () => {
    const { kind, body } = runProtocol('protocol T {\n  administer Suvorexant dose: 10 mg route: PO;\n  administer Letermovir dose: 480 mg route: IV every: 24 h;\n}');
    expect(kind, body.error ?? '').to.equal('ok');
    const [suvorexant, letermovir] = body.events.filter((e) => e.kind === 'administer');
    expect(suvorexant!.event).to.match(/administer Suvorexant 10 mg PO: dose OK/);
    expect(letermovir!.event).to.match(/administer Letermovir 480 mg IV every 24 h: dose OK/);
    const over = runProtocol('protocol T {\n  administer Suvorexant dose: 40 mg route: PO;\n}');
    expect(JSON.stringify(over.body)).to.match(/Suvorexant 40 mg PO: dose ERROR/);
  });
});

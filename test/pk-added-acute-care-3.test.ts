// Issue 24 coverage, group acute-care-3: hospital drugs added to the pk table (cangrelor, dalteparin, conivaptan,
// tolvaptan, finerenone, naloxegol, amiloride, pyridostigmine, acetazolamide). Each expectation is the label statement cited beside
// it (the copies read are named in each row's source and in contraindications.json).
import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import { libraryOf } from './helpers/library.js';
import { contraindicated, doseLevel as level, maxSeverity as severity } from './helpers/pk-checks.js';

const { call } = libraryOf('pk');
const ANGINA = 'unstable angina or non-Q-wave myocardial infarction';
const CANCER_VTE = 'extended treatment of venous thromboembolism in cancer';

describe('pk drugs added for acute-care-3: brand names', () => {
  it('brand names resolve to the row', () => {
    const names: Record<string, string> = {
      Kengreal: 'Cangrelor', Fragmin: 'Dalteparin', Vaprisol: 'Conivaptan', Samsca: 'Tolvaptan', Kerendia: 'Finerenone',
      Movantik: 'Naloxegol', Midamor: 'Amiloride', Mestinon: 'Pyridostigmine', Diamox: 'Acetazolamide',
    };
    for (const [spelling, name] of Object.entries(names)) expect(call('get_profile', spelling), spelling).to.include({ found: true, name });
  });
});

describe('pk drugs added for acute-care-3: label doses at their limits', () => {
  it('cangrelor: 30 mcg/kg IV bolus then 4 mcg/kg/min (KENGREAL Highlights D&A); no maximum, ten times is an ERROR', () => {
    expect(level('Cangrelor', 30, 'mcg/kg', 80, 'IV')).to.equal('OK');
    expect(level('Cangrelor', 2400, 'mcg', 80, 'IV')).to.equal('OK'); // 30 mcg/kg for 80 kg
    expect(level('Cangrelor', 4, 'mcg/kg/min', 80, 'IV')).to.equal('OK');
    expect(level('Cangrelor', 31, 'mcg/kg', 80, 'IV')).to.equal('WARNING'); // above the single regimen, no label maximum
    expect(level('Cangrelor', 300, 'mcg/kg', 80, 'IV')).to.equal('ERROR'); // ten times the top
    expect(level('Cangrelor', 40, 'mcg/kg/min', 80, 'IV')).to.equal('ERROR');
  });

  it('dalteparin: 2,500-5,000 IU prophylaxis; 10,000 IU per dose in unstable angina; 18,000 IU a day in cancer VTE (FRAGMIN D&A)', () => {
    expect(level('Dalteparin', 5000, 'units')).to.equal('OK');
    expect(level('Dalteparin', 2500, 'IU', 70)).to.equal('OK');
    expect(level('Dalteparin', 10000, 'units', 90, 'SC', ANGINA)).to.equal('OK'); // 120 IU/kg, not to exceed 10,000 IU
    expect(level('Dalteparin', 10001, 'units', 90, 'SC', ANGINA)).to.equal('ERROR');
    expect(level('Dalteparin', 18000, 'units', 90, 'SC', CANCER_VTE, 24)).to.equal('OK'); // 200 IU/kg once daily, max 18,000 IU
    expect(level('Dalteparin', 18001, 'units', 95, 'SC', CANCER_VTE, 24)).to.equal('ERROR');
    expect(level('Dalteparin', 18001, 'units')).to.equal('ERROR'); // above the largest labeled single dose
    expect(level('Dalteparin', 18000, 'units')).to.equal('ERROR'); // without an indication the stricter (angina) limit holds
    expect(level('Dalteparin', 180000, 'units')).to.equal('ERROR'); // ten times the top
  });

  it('conivaptan: 20 mg load over 30 min, then 20-40 mg per 24 h infusion, at most 40 mg a day (VAPRISOL D&A)', () => {
    expect(level('Conivaptan', 20, 'mg')).to.equal('OK');
    expect(level('Conivaptan', 0.83, 'mg/h')).to.equal('OK'); // 20 mg over 24 h
    expect(level('Conivaptan', 1.67, 'mg/h')).to.equal('OK'); // 40 mg over 24 h
    expect(level('Conivaptan', 20, 'mg', null, 'IV', null, 12)).to.equal('OK'); // 40 mg a day
    expect(level('Conivaptan', 20, 'mg', null, 'IV', null, 11)).to.equal('ERROR'); // above 40 mg/day
    expect(level('Conivaptan', 200, 'mg')).to.equal('ERROR');
    expect(level('Conivaptan', 16.7, 'mg/h')).to.equal('ERROR'); // ten times the top rate
  });

  it('tolvaptan: 15 mg once daily, titrated to at most 60 mg once daily (SAMSCA D&A)', () => {
    expect(level('Tolvaptan', 15, 'mg')).to.equal('OK');
    expect(level('Tolvaptan', 60, 'mg')).to.equal('OK');
    expect(level('Tolvaptan', 61, 'mg')).to.equal('ERROR');
    expect(level('Tolvaptan', 30, 'mg', null, null, null, 12)).to.equal('OK'); // 60 mg a day
    expect(level('Tolvaptan', 31, 'mg', null, null, null, 12)).to.equal('ERROR'); // 62 mg a day
    expect(level('Tolvaptan', 600, 'mg')).to.equal('ERROR');
  });

  it('finerenone 10-20 mg once daily (KERENDIA 2.2-2.3); naloxegol 25 mg, 12.5 mg (MOVANTIK 2); no stated maximum', () => {
    expect(level('Finerenone', 10, 'mg')).to.equal('OK');
    expect(level('Finerenone', 20, 'mg')).to.equal('OK');
    expect(level('Finerenone', 200, 'mg')).to.equal('ERROR');
    expect(level('Naloxegol', 25, 'mg')).to.equal('OK');
    expect(level('Naloxegol', 12.5, 'mg')).to.equal('OK');
    expect(level('Naloxegol', 250, 'mg')).to.equal('ERROR');
    // MOVANTIK 2: CrCl below 60 mL/min, start 12.5 mg once daily
    expect(call('renal_adjust', 'Naloxegol', 40).recommendation).to.match(/12\.5 mg once daily/);
  });

  it('amiloride 5-10 mg daily, 15-20 mg for persistent hypokalemia (MIDAMOR D&A); pyridostigmine 30-180 mg per dose', () => {
    expect(level('Amiloride', 5, 'mg')).to.equal('OK');
    expect(level('Amiloride', 20, 'mg')).to.equal('OK');
    expect(level('Amiloride', 200, 'mg')).to.equal('ERROR');
    expect(level('Pyridostigmine', 60, 'mg')).to.equal('OK');
    expect(level('Pyridostigmine', 180, 'mg')).to.equal('OK'); // one TIMESPAN tablet
    expect(level('Pyridostigmine', 1800, 'mg')).to.equal('ERROR');
  });

  it('acetazolamide IV and PO: 250 mg, an initial 500 mg in acute glaucoma, 125-250 mg every 4 h (injection and tablets labels, D&A)', () => {
    expect(level('Acetazolamide', 250, 'mg', null, 'IV')).to.equal('OK');
    expect(level('Acetazolamide', 500, 'mg', null, 'IV')).to.equal('OK');
    expect(level('Acetazolamide', 250, 'mg', null, 'IV', null, 4)).to.equal('OK'); // 1.5 g a day is a labeled regimen
    expect(level('Acetazolamide', 5000, 'mg', null, 'IV')).to.equal('ERROR'); // ten times the top
    expect(level('Acetazolamide', 250, 'mg', null, 'PO')).to.equal('OK');
    expect(level('Acetazolamide', 5000, 'mg', null, 'PO')).to.equal('ERROR'); // ten times the tablets label's top
  });
});

describe('pk drugs added for acute-care-3: label contraindications', () => {
  it('complete readings answer every label condition true and an unnamed condition false', () => {
    expect(contraindicated('Cangrelor', 'active pathological bleeding')).to.equal(true); // KENGREAL 4.1 significant active bleeding
    expect(contraindicated('Cangrelor', 'hypersensitivity_to_drug')).to.equal(true); // 4.2
    expect(contraindicated('Cangrelor', 'pregnancy')).to.equal(false);
    expect(contraindicated('Finerenone', 'adrenal insufficiency')).to.equal(true); // KERENDIA 4
    expect(contraindicated('Finerenone', 'hypersensitivity_to_drug')).to.equal(false); // the 2021 section has no hypersensitivity item
    expect(contraindicated('Naloxegol', 'bowel obstruction')).to.equal(true); // MOVANTIK 4: known or suspected GI obstruction
    expect(contraindicated('Naloxegol', 'increased risk of recurrent gastrointestinal obstruction')).to.equal(true);
    expect(contraindicated('Naloxegol', 'hypersensitivity_to_drug')).to.equal(true); // serious or severe hypersensitivity
    expect(contraindicated('Naloxegol', 'pregnancy')).to.equal(false);
    expect(contraindicated('Amiloride', 'potassium above 5.5')).to.equal(true); // MIDAMOR: serum potassium > 5.5 mEq/L
    expect(contraindicated('Amiloride', 'anuria')).to.equal(true); // impaired renal function
    expect(contraindicated('Amiloride', 'renal insufficiency')).to.equal(true); // acute or chronic renal insufficiency
    expect(contraindicated('Amiloride', 'diabetic nephropathy')).to.equal(true);
    expect(contraindicated('Amiloride', 'hypersensitivity_to_drug')).to.equal(true);
    expect(contraindicated('Amiloride', 'pregnancy')).to.equal(false);
    expect(contraindicated('Amiloride', 'hyperkalemia')).to.equal(null); // the label names only potassium above 5.5
    expect(contraindicated('Pyridostigmine', 'mechanical obstruction of the intestinal tract')).to.equal(true); // MESTINON CI
    expect(contraindicated('Pyridostigmine', 'mechanical_urinary_tract_obstruction')).to.equal(true);
    expect(contraindicated('Pyridostigmine', 'asthma')).to.equal(false); // caution only
  });

  it('partial readings answer their conditions true and any other condition null', () => {
    expect(contraindicated('Dalteparin', 'bleeding')).to.equal(true); // handbook summary of FRAGMIN CI: uncontrolled bleeding
    expect(contraindicated('Dalteparin', 'pork allergy')).to.equal(true);
    expect(contraindicated('Dalteparin', 'heparin_hypersensitivity')).to.equal(true);
    expect(contraindicated('Dalteparin', 'benzyl_alcohol_hypersensitivity')).to.equal(true);
    expect(contraindicated('Dalteparin', 'hypersensitivity_to_drug')).to.equal(true);
    expect(contraindicated('Dalteparin', 'pregnancy')).to.equal(null);
    expect(contraindicated('Conivaptan', 'hypovolemic hyponatremia')).to.equal(true); // VAPRISOL CI (MPR)
    expect(contraindicated('Conivaptan', 'anuric')).to.equal(true);
    expect(contraindicated('Conivaptan', 'pregnancy')).to.equal(null);
    expect(contraindicated('Tolvaptan', 'adpkd')).to.equal(true); // SAMSCA CI: outside the REMS
    expect(contraindicated('Tolvaptan', 'urgent need to raise serum sodium acutely')).to.equal(true);
    expect(contraindicated('Tolvaptan', 'inability to sense or appropriately respond to thirst')).to.equal(true);
    expect(contraindicated('Tolvaptan', 'hypovolemic_hyponatremia')).to.equal(true);
    expect(contraindicated('Tolvaptan', 'anuria')).to.equal(true);
    expect(contraindicated('Tolvaptan', 'hypersensitivity_to_drug')).to.equal(true);
    expect(contraindicated('Tolvaptan', 'pregnancy')).to.equal(null);
    expect(contraindicated('Acetazolamide', 'hypokalemia')).to.equal(true); // depressed serum potassium (AHFS summary)
    expect(contraindicated('Acetazolamide', 'low serum sodium')).to.equal(true);
    expect(contraindicated('Acetazolamide', 'cirrhosis')).to.equal(true);
    expect(contraindicated('Acetazolamide', 'severe_renal_impairment')).to.equal(true); // marked kidney disease
    expect(contraindicated('Acetazolamide', 'severe_hepatic_impairment')).to.equal(true);
    expect(contraindicated('Acetazolamide', 'adrenal insufficiency')).to.equal(true); // suprarenal gland failure
    expect(contraindicated('Acetazolamide', 'hyperchloremic acidosis')).to.equal(true);
    expect(contraindicated('Acetazolamide', 'chronic non-congestive angle-closure glaucoma')).to.equal(true); // long-term use
    expect(contraindicated('Acetazolamide', 'hypersensitivity_to_drug')).to.equal(true);
    expect(contraindicated('Acetazolamide', 'angle-closure glaucoma')).to.equal(null); // only the chronic non-congestive form
    expect(contraindicated('Acetazolamide', 'pregnancy')).to.equal(null);
  });
});

describe('pk drugs added for acute-care-3: label interactions in both directions', () => {
  it('contraindicated co-medications are SEVERE', () => {
    const pairs: [string, string][] = [
      ['Conivaptan', 'Ketoconazole'], // VAPRISOL CI: potent CYP3A4 inhibitors
      ['Conivaptan', 'Clarithromycin'],
      ['Tolvaptan', 'Ketoconazole'], // SAMSCA CI: strong CYP3A inhibitors
      ['Tolvaptan', 'Ritonavir'],
      ['Finerenone', 'Itraconazole'], // KERENDIA 4
      ['Naloxegol', 'Clarithromycin'], // MOVANTIK 4
      ['Naloxegol', 'Itraconazole'],
      ['Amiloride', 'Spironolactone'], // MIDAMOR CI: other potassium-conserving agents
      ['Amiloride', 'Triamterene'],
      ['Amiloride', 'Eplerenone'],
      ['Amiloride', 'Potassium_Chloride'], // potassium supplementation
      ['Finerenone', 'Triamterene'], // DYRENIUM CI: other potassium-sparing agents (finerenone joins the class as eplerenone does)
    ];
    for (const [a, b] of pairs) {
      expect(severity(a, b), `${a} + ${b}`).to.equal('SEVERE');
      expect(severity(b, a), `${b} + ${a}`).to.equal('SEVERE');
    }
  });

  it('"do not administer during", "avoid" and "not recommended" pairs are MAJOR', () => {
    const pairs: [string, string][] = [
      ['Cangrelor', 'Clopidogrel'], // KENGREAL 7.1: do not administer during the infusion
      ['Cangrelor', 'Prasugrel'],
      ['Conivaptan', 'Midazolam'], // VAPRISOL: CYP3A4 substrates, avoid
      ['Conivaptan', 'Simvastatin'],
      ['Conivaptan', 'Amlodipine'],
      ['Tolvaptan', 'Diltiazem'], // avoid moderate CYP3A inhibitors
      ['Tolvaptan', 'Rifampin'], // avoid CYP3A inducers
      ['Finerenone', 'Carbamazepine'], // avoid strong CYP3A4 inducers
      ['Naloxegol', 'Verapamil'], // MOVANTIK 7: avoid moderate CYP3A4 inhibitors
    ];
    for (const [a, b] of pairs) {
      expect(severity(a, b), `${a} + ${b}`).to.equal('MAJOR');
      expect(severity(b, a), `${b} + ${a}`).to.equal('MAJOR');
    }
  });

  it('class members: cangrelor with the antiplatelets, dalteparin with the anticoagulants, finerenone and amiloride with the potassium-sparing class', () => {
    expect(severity('Heparin', 'Cangrelor')).to.equal('MODERATE'); // anticoagulants + antiplatelets
    expect(severity('Dalteparin', 'Enoxaparin')).to.equal('MAJOR'); // anticoagulants + anticoagulants
    expect(severity('Dalteparin', 'Aspirin')).to.equal('MODERATE');
    expect(severity('Finerenone', 'Tacrolimus')).to.equal('MODERATE'); // tacrolimus + potassium-sparing diuretics
    expect(severity('Amiloride', 'Cyclosporine')).to.equal('MODERATE');
    expect(severity('Cangrelor', 'Ticagrelor')).to.not.be.oneOf(['MAJOR', 'SEVERE']); // KENGREAL 2.2: ticagrelor may be given during the infusion
  });
});

describe('pk drugs added for acute-care-3: through the engine', () => {
  it('administer tolvaptan and naloxegol at label doses logs an OK dose check, and above the tolvaptan maximum an ERROR', () => {
    const { kind, body } = runProtocol('protocol T {\n  administer Tolvaptan dose: 15 mg route: PO every: 24 h;\n  administer Naloxegol dose: 25 mg route: PO;\n}');
    expect(kind, body.error ?? '').to.equal('ok');
    const [tolvaptan, naloxegol] = body.events.filter((e) => e.kind === 'administer');
    expect(tolvaptan!.event).to.match(/administer Tolvaptan 15 mg PO every 24 h: dose OK/);
    expect(naloxegol!.event).to.match(/administer Naloxegol 25 mg PO: dose OK/);
    const over = runProtocol('protocol T {\n  administer Tolvaptan dose: 90 mg route: PO;\n}');
    expect(JSON.stringify(over.body)).to.match(/Tolvaptan 90 mg PO: dose ERROR/);
  });
});

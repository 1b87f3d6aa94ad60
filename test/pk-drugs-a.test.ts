// Issue 24 item 1 (drugs-a): hospital antimicrobials, analgesics and acute-care rows of hospital-acute-2.json.
// Each expectation is the label's own statement (section named beside it), checked through the library's call
// interface: a usual dose, ten times the top of the usual range, a label contraindication and a label rule.
import { expect } from 'chai';
import { libraryOf } from './helpers/library.js';

const { call } = libraryOf('pk');
const level = (...args: unknown[]) => call('validate_dose', ...args).level;
const severity = (a: string, b: string) => call('check_interactions', a, [b]).max_severity;
const contraindicated = (drug: string, condition: string) => call('check_contraindications', drug, [condition]).contraindicated;

describe('pk drugs added for issue 24 (drugs-a)', () => {
  it('brand names resolve to the row', () => {
    const names: Record<string, string> = { Teflaro: 'Ceftaroline', Zerbaxa: 'Ceftolozane_Tazobactam', Avycaz: 'Ceftazidime_Avibactam', Tygacil: 'Tigecycline', Dificid: 'Fidaxomicin', Eraxis: 'Anidulafungin', Cresemba: 'Isavuconazonium', INH: 'Isoniazid' };
    for (const [spelling, name] of Object.entries(names)) expect(call('get_profile', spelling), spelling).to.include({ found: true, name });
  });

  it('usual doses are OK and ten times the top of the usual range is an ERROR (D&A)', () => {
    // [drug, usual dose, unit, route, tenfold dose]
    const cases: [string, number, string, string, number][] = [
      ['Nafcillin', 1000, 'mg', 'IV', 10000], // 1 g every 4 hours in severe infections
      ['Ceftaroline', 600, 'mg', 'IV', 6000], // TEFLARO 2.1: 600 mg every 12 hours
      ['Ceftazidime_Avibactam', 2500, 'mg', 'IV', 25000], // AVYCAZ 2.1: 2.5 g every 8 hours
      ['Tigecycline', 100, 'mg', 'IV', 1000], // TYGACIL: 100 mg initial dose
      ['Fidaxomicin', 200, 'mg', 'PO', 2000], // DIFICID 2.2: 200 mg twice daily
      ['Anidulafungin', 200, 'mg', 'IV', 2000], // ERAXIS 2.1: 200 mg on day 1
    ];
    for (const [drug, dose, unit, route, tenfold] of cases) {
      expect(level(drug, dose, unit, null, route), `${drug} ${dose}`).to.equal('OK');
      expect(level(drug, tenfold, unit, null, route), `${drug} ${tenfold}`).to.equal('ERROR');
    }
  });

  it('isoniazid: 300 mg once daily is the label maximum; 600 mg is an ERROR', () => {
    expect(level('Isoniazid', 300, 'mg')).to.equal('OK');
    expect(level('Isoniazid', 600, 'mg')).to.equal('ERROR');
  });

  it('ceftaroline renal bands (TEFLARO 2.2, Cockcroft-Gault): 400 mg above 30 to 50, 300 mg at 15-30, 200 mg in ESRD', () => {
    const renal = (crcl: number) => call('renal_adjust', 'Ceftaroline', crcl);
    expect(renal(50).adjustment_factor).to.equal(0.667);
    expect(renal(30).adjustment_factor).to.equal(0.5);
    expect(renal(14).adjustment_factor).to.equal(0.333);
    expect(renal(51)).to.include({ requires_adjustment: false, adjustment_factor: 1 });
  });

  it('label contraindications answer true, and a condition the label does not name answers false', () => {
    expect(contraindicated('Nafcillin', 'penicillin allergy')).to.equal(true);
    expect(contraindicated('Cefoxitin', 'cephalosporin hypersensitivity')).to.equal(true);
    expect(contraindicated('Ceftolozane_Tazobactam', 'beta-lactam hypersensitivity')).to.equal(true);
    expect(contraindicated('Anidulafungin', 'echinocandin allergy')).to.equal(true);
    expect(contraindicated('Isoniazid', 'acute liver disease of any etiology')).to.equal(true);
    expect(contraindicated('Isavuconazonium', 'familial short QT syndrome')).to.equal(true);
    expect(contraindicated('Fidaxomicin', 'pregnancy')).to.equal(false);
    expect(contraindicated('Oxymorphone', 'moderate hepatic impairment')).to.equal(true);
    expect(contraindicated('Methylnaltrexone', 'bowel obstruction')).to.equal(true);
    // GIAPREZA and NYMALIZE: the Contraindications section reads 'None', a complete reading
    expect(contraindicated('Angiotensin_II', 'pregnancy')).to.equal(false);
    expect(contraindicated('Nimodipine', 'pregnancy')).to.equal(false);
  });

  it('angiotensin II: 80 ng/kg/min (0.08 mcg/kg/min) is the label ceiling for the first 3 hours (GIAPREZA 2.2)', () => {
    expect(level('Angiotensin_II', 0.02, 'mcg/kg/min', 70, 'IV')).to.equal('OK');
    expect(level('Angiotensin_II', 0.1, 'mcg/kg/min', 70, 'IV')).to.equal('ERROR');
  });

  it('nimodipine is enteral only: an IV dose is refused (NYMALIZE 2.1)', () => {
    expect(level('Nimodipine', 60, 'mg')).to.equal('OK');
    expect(() => call('validate_dose', 'Nimodipine', 1, 'mg', null, 'IV')).to.throw(/not a route of Nimodipine/);
  });

  it("a co-medication the label contraindicates is a SEVERE rule, both ways", () => {
    expect(severity('Isavuconazonium', 'Ketoconazole')).to.equal('SEVERE');
    expect(severity('Ketoconazole', 'Isavuconazonium')).to.equal('SEVERE');
    expect(severity('Isavuconazonium', 'Rifampin')).to.equal('SEVERE'); // strong CYP3A4 inducer
    expect(call('check_interactions', 'Isavuconazonium', ['Carbamazepine']).safe_to_administer).to.equal(false);
  });

  it('a co-medication the label says to avoid is a MAJOR rule, both ways', () => {
    expect(severity('Methylnaltrexone', 'Naloxone')).to.equal('MAJOR'); // RELISTOR: other opioid antagonists
    expect(severity('Naltrexone', 'Methylnaltrexone')).to.equal('MAJOR');
    expect(severity('Nimodipine', 'Clarithromycin')).to.equal('MAJOR'); // NYMALIZE 5.3: strong CYP3A4 inhibitors
    expect(severity('Rifampin', 'Nimodipine')).to.equal('MAJOR'); // NYMALIZE 5.4: strong CYP3A4 inducers
  });

  it('later rows: usual doses OK, tenfold ERROR, and mg/m2 oncology routes UNCHECKED', () => {
    expect(level('Minocycline', 100, 'mg', null, 'PO')).to.equal('OK'); // MINOCIN: 100 mg every 12 hours
    expect(level('Minocycline', 2000, 'mg', null, 'PO')).to.equal('ERROR'); // ten times the 200 mg loading dose
    expect(level('Fosfomycin', 3000, 'mg', null, 'PO')).to.equal('OK'); // MONUROL: one 3 g sachet
    expect(level('Fosfomycin', 30000, 'mg', null, 'PO')).to.equal('ERROR');
    expect(level('Ethambutol', 1050, 'mg', 70, 'PO')).to.equal('OK'); // 15 mg/kg once daily at 70 kg
    expect(level('Nalbuphine', 200, 'mg', null, 'IV')).to.equal('ERROR'); // ten times the 20 mg top of range
    expect(level('Oxaliplatin', 150, 'mg', null, 'IV')).to.equal('UNCHECKED'); // 85 mg/m2: no fixed-mg range
  });

  it('later rows: label contraindications', () => {
    expect(contraindicated('Minocycline', 'hypersensitivity to tetracyclines')).to.equal(true);
    expect(contraindicated('Ethambutol', 'optic neuritis')).to.equal(true);
    expect(contraindicated('Fosfomycin', 'haemodialysis')).to.equal(true);
    expect(contraindicated('Oxaliplatin', 'platinum allergy')).to.equal(true);
    expect(contraindicated('Vincristine', 'demyelinating charcot-marie-tooth syndrome')).to.equal(true);
    expect(contraindicated('Tedizolid', 'pregnancy')).to.equal(false); // the SIVEXTRO label's section reads 'None'
  });

  it('later rows: label rules and class membership', () => {
    expect(severity('Tapentadol', 'Linezolid')).to.equal('SEVERE'); // NUCYNTA: MAO inhibitors contraindicated
    expect(severity('Phenelzine', 'Tapentadol')).to.equal('SEVERE');
    expect(severity('Polymyxin_B', 'Gentamicin')).to.equal('MAJOR'); // additive nephro- and neurotoxicity
    expect(severity('Aminocaproic_Acid', 'Prothrombin_Complex_Concentrate')).to.equal('MAJOR');
    expect(severity('Amphotericin_B', 'Foscarnet')).to.equal('MODERATE'); // Foscarnet joins the nephrotoxic class
  });
});

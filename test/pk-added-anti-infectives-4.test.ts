// Issue 24 coverage, group anti-infectives-4: dolutegravir, bictegravir/emtricitabine/tenofovir alafenamide,
// tinidazole, albendazole, nitazoxanide, baloxavir, cefadroxil, dicloxacillin and flucytosine. Each expectation is
// the US label's own statement (section in the comment beside it), read in the copies each row's source names.
import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import { libraryOf } from './helpers/library.js';
import { bothWays, contraindicated, doseLevel as level } from './helpers/pk-checks.js';

const { call } = libraryOf('pk');

describe('pk anti-infectives-4: names', () => {
  it('brand names and common abbreviations resolve to the rows', () => {
    const names: Record<string, string> = {
      Tivicay: 'Dolutegravir', DTG: 'Dolutegravir', Biktarvy: 'Bictegravir_Emtricitabine_Tenofovir_Alafenamide',
      'BIC/FTC/TAF': 'Bictegravir_Emtricitabine_Tenofovir_Alafenamide', Tindamax: 'Tinidazole', Albenza: 'Albendazole',
      Alinia: 'Nitazoxanide', Xofluza: 'Baloxavir', 'Baloxavir marboxil': 'Baloxavir', Duricef: 'Cefadroxil',
      'Dicloxacillin sodium': 'Dicloxacillin', Ancobon: 'Flucytosine', '5-FC': 'Flucytosine',
    };
    for (const [spelling, name] of Object.entries(names)) expect(call('get_profile', spelling), spelling).to.include({ found: true, name });
  });
});

describe('pk anti-infectives-4: label doses and limits', () => {
  it('baloxavir: one 40 or 80 mg dose by weight (XOFLUZA 2.2); no label maximum', () => {
    expect(level('Baloxavir', 40, 'mg', 60, 'PO')).to.equal('OK'); // 2.2: 20 to under 80 kg
    expect(level('Baloxavir', 80, 'mg', 90, 'PO')).to.equal('OK'); // 2.2: 80 kg or more
    expect(level('Baloxavir', 800, 'mg', 90, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('dolutegravir: 50 mg once or twice daily (TIVICAY D&A Table 1)', () => {
    expect(level('Dolutegravir', 50, 'mg', 70, 'PO')).to.equal('OK'); // 50 mg once daily
    expect(level('Dolutegravir', 50, 'mg', 70, 'PO', null, 12)).to.equal('OK'); // 50 mg twice daily with inducers
    expect(level('Dolutegravir', 500, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('Biktarvy: one tablet (bictegravir 50 mg) once daily; low-dose tablet 30 mg at 14 to 25 kg (2.2)', () => {
    expect(level('Biktarvy', 50, 'mg', 70, 'PO')).to.equal('OK'); // adult tablet
    expect(level('Biktarvy', 30, 'mg', 20, 'PO')).to.equal('OK'); // pediatric low-dose tablet
    expect(level('Biktarvy', 500, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('albendazole: 400 mg twice daily, at most 800 mg a day (ALBENZA Highlights D&A)', () => {
    expect(level('Albendazole', 400, 'mg', 70, 'PO')).to.equal('OK'); // 60 kg or more: 400 mg twice daily
    expect(level('Albendazole', 400, 'mg', 70, 'PO', null, 12)).to.not.equal('ERROR'); // exactly 800 mg/day
    expect(level('Albendazole', 401, 'mg', 70, 'PO', null, 12)).to.equal('ERROR'); // above the 800 mg daily maximum
    expect(level('Albendazole', 300, 'mg', 40, 'PO', null, 8)).to.equal('ERROR'); // 900 mg/day above the maximum
    expect(call('get_profile', 'Albendazole').max_daily).to.deep.include({ value: 800, unit: 'mg/day' });
    expect(level('Albendazole', 4000, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('nitazoxanide: 500 mg every 12 hours from 12 years; 100-200 mg in children (ALINIA 2.1 Table 1)', () => {
    expect(level('Nitazoxanide', 500, 'mg', 70, 'PO')).to.equal('OK');
    expect(level('Nitazoxanide', 200, 'mg', 20, 'PO')).to.equal('OK'); // 4-11 years
    expect(level('Nitazoxanide', 5000, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('tinidazole: 2 g once or daily, 1 g daily in bacterial vaginosis (TINDAMAX dosing)', () => {
    expect(level('Tinidazole', 2, 'g', 70, 'PO')).to.equal('OK'); // trichomoniasis, giardiasis, amebiasis
    expect(level('Tinidazole', 1000, 'mg', 70, 'PO')).to.equal('OK'); // bacterial vaginosis 1 g daily for 5 days
    expect(level('Tinidazole', 20000, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('cefadroxil: 1-2 g per day in one or two doses (cefadroxil D&A)', () => {
    expect(level('Cefadroxil', 1000, 'mg', 70, 'PO')).to.equal('OK'); // skin infections 1 g daily
    expect(level('Cefadroxil', 2000, 'mg', 70, 'PO')).to.equal('OK'); // uncomplicated UTI 2 g once daily
    expect(level('Cefadroxil', 500, 'mg', 70, 'PO')).to.equal('OK'); // 1 g/day in two doses
    expect(level('Cefadroxil', 20000, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('dicloxacillin: 125-250 mg every 6 hours (dicloxacillin D&A)', () => {
    expect(level('Dicloxacillin', 250, 'mg', 70, 'PO')).to.equal('OK'); // severe infections
    expect(level('Dicloxacillin', 125, 'mg', 70, 'PO')).to.equal('OK'); // mild to moderate
    expect(level('Dicloxacillin', 500, 'mg', 70, 'PO')).to.equal('WARNING'); // above the label's usual range, not a limit
    expect(level('Dicloxacillin', 2500, 'mg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });

  it('flucytosine: 50-150 mg/kg/day in four doses (ANCOBON D&A)', () => {
    expect(level('Flucytosine', 25, 'mg/kg', 70, 'PO')).to.equal('OK'); // 100 mg/kg/day
    expect(level('Flucytosine', 2500, 'mg', 70, 'PO')).to.equal('OK'); // 35.7 mg/kg a dose
    expect(level('Flucytosine', 375, 'mg/kg', 70, 'PO')).to.equal('ERROR'); // ten times the usual top
  });
});

describe('pk anti-infectives-4: contraindications', () => {
  it('baloxavir: hypersensitivity only (XOFLUZA 4)', () => {
    expect(contraindicated('Baloxavir', 'drug allergy')).to.equal(true);
    expect(contraindicated('Baloxavir', 'pregnancy')).to.equal(false);
  });

  it('dolutegravir: previous hypersensitivity (partial reading, so other conditions answer null)', () => {
    expect(contraindicated('Dolutegravir', 'drug allergy')).to.equal(true);
    expect(contraindicated('Dolutegravir', 'pregnancy')).to.equal(null);
  });

  it('Biktarvy: the section names only co-medications, so no patient condition is contraindicated (Highlights 4)', () => {
    expect(contraindicated('Biktarvy', 'drug allergy')).to.equal(false);
    expect(contraindicated('Biktarvy', 'pregnancy')).to.equal(false);
  });

  it('albendazole: hypersensitivity to benzimidazoles or any component (ALBENZA Highlights)', () => {
    expect(contraindicated('Albendazole', 'drug allergy')).to.equal(true);
    expect(contraindicated('Albendazole', 'benzimidazole allergy')).to.equal(true);
    expect(contraindicated('Albendazole', 'pregnancy')).to.equal(false); // a warning (fetal harm), not a contraindication
  });

  it('nitazoxanide and flucytosine: hypersensitivity (partial readings)', () => {
    for (const drug of ['Nitazoxanide', 'Flucytosine']) {
      expect(contraindicated(drug, 'drug allergy'), drug).to.equal(true);
      expect(contraindicated(drug, 'pregnancy'), drug).to.equal(null);
    }
  });

  it('tinidazole: nitroimidazole hypersensitivity and the first trimester (TINDAMAX CONTRAINDICATIONS; partial)', () => {
    expect(contraindicated('Tinidazole', 'drug allergy')).to.equal(true);
    expect(contraindicated('Tinidazole', 'nitroimidazole allergy')).to.equal(true);
    expect(contraindicated('Tinidazole', 'first trimester pregnancy')).to.equal(true);
    expect(contraindicated('Tinidazole', 'pregnancy')).to.equal(null); // only the first trimester is named
    expect(contraindicated('Tinidazole', 'porphyria')).to.equal(null); // partial reading
  });

  it('cefadroxil: allergy to the cephalosporin group (CONTRAINDICATIONS)', () => {
    expect(contraindicated('Cefadroxil', 'cephalosporin allergy')).to.equal(true);
    expect(contraindicated('Cefadroxil', 'drug allergy')).to.equal(true);
    expect(contraindicated('Cefadroxil', 'penicillin allergy')).to.equal(false); // a warning, not a contraindication
  });

  it('dicloxacillin: hypersensitivity to any penicillin (partial reading)', () => {
    expect(contraindicated('Dicloxacillin', 'penicillin allergy')).to.equal(true);
    expect(contraindicated('Dicloxacillin', 'drug allergy')).to.equal(true);
    expect(contraindicated('Dicloxacillin', 'pregnancy')).to.equal(null);
  });
});

describe('pk anti-infectives-4: interaction rules, both ways', () => {
  it('dolutegravir with dofetilide is SEVERE (TIVICAY contraindications; TIKOSYN)', () => bothWays('Dolutegravir', 'Dofetilide', 'SEVERE'));

  it('dolutegravir with oxcarbazepine, phenytoin or phenobarbital is MAJOR (avoid)', () => {
    for (const other of ['Oxcarbazepine', 'Phenytoin', 'Phenobarbital']) bothWays('Dolutegravir', other, 'MAJOR');
  });

  it('Biktarvy with dofetilide or rifampin is SEVERE (Highlights 4), with rifabutin MAJOR (not recommended)', () => {
    bothWays('Bictegravir_Emtricitabine_Tenofovir_Alafenamide', 'Dofetilide', 'SEVERE');
    bothWays('Bictegravir_Emtricitabine_Tenofovir_Alafenamide', 'Rifampin', 'SEVERE');
    bothWays('Bictegravir_Emtricitabine_Tenofovir_Alafenamide', 'Rifabutin', 'MAJOR');
  });

  it('baloxavir with calcium, magnesium or iron products is MAJOR (XOFLUZA 2.1, 7.1: avoid)', () => {
    for (const other of ['Calcium_Carbonate', 'Magnesium_Oxide', 'Ferrous_Sulfate']) bothWays('Baloxavir', other, 'MAJOR');
  });
});

describe('pk anti-infectives-4: through the engine', () => {
  it('administer Albendazole at the label dose runs; ten times the usual top is refused', () => {
    const ok = runProtocol('protocol T {\n  input: Patient p;\n  administer Albendazole dose: 400 mg route: PO;\n}', { weight: 70 } as never);
    expect(ok.kind).to.not.equal('invalid');
    expect(JSON.stringify(ok.body)).to.not.match(/"level":"ERROR"/);
    const bad = runProtocol('protocol T {\n  input: Patient p;\n  administer Baloxavir dose: 800 mg route: PO;\n}', { weight: 70 } as never);
    expect(JSON.stringify(bad)).to.match(/ERROR/);
  });
});

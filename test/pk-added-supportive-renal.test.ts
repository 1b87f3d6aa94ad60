// Issue 24 coverage, group supportive-renal: potassium and phosphate binders, IV iron, ESA and G-CSF, chemotherapy
// supportive drugs (leucovorin, mesna, rasburicase) and IV bisphosphonates. Each expectation cites the label section
// behind it; the copies read are named in each row's source and in contraindications.json.
import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import { libraryOf } from './helpers/library.js';
import { bothWays, contraindicated, doseLevel as level, interactionsOf as pair } from './helpers/pk-checks.js';

const { call } = libraryOf('pk');
const TWO_M2 = { height: 180, weight: 80 }; // Mosteller 2.00 m²

describe('pk supportive-renal drugs: usual doses and label limits', () => {
  it('patiromer: 8.4 g OK; 25.2 g once daily is the label maximum (single and daily)', () => {
    expect(level('Patiromer', 8.4, 'g')).to.equal('OK'); // Veltassa 2.2 starting dose
    expect(level('Patiromer', 25.2, 'g')).to.equal('OK'); // 2.2 maximum 25.2 g once daily
    expect(level('Patiromer', 25.3, 'g')).to.equal('ERROR');
    expect(level('Patiromer', 12.6, 'g', null, null, null, 12)).to.not.equal('ERROR'); // 25.2 g/day
    expect(level('Patiromer', 12.7, 'g', null, null, null, 12)).to.equal('ERROR'); // 25.4 g/day above the daily maximum
  });

  it('sodium zirconium cyclosilicate: 10 g OK; no label maximum, so ten times 15 g is the limit', () => {
    expect(level('Sodium_Zirconium_Cyclosilicate', 10, 'g')).to.equal('OK'); // Lokelma 2: 10 g three times daily, then once daily
    expect(level('Sodium_Zirconium_Cyclosilicate', 10, 'g', null, null, 'hyperkalemia, initial treatment (up to 48 hours)')).to.equal('OK');
    expect(level('Sodium_Zirconium_Cyclosilicate', 149, 'g')).to.not.equal('ERROR');
    expect(level('Sodium_Zirconium_Cyclosilicate', 150, 'g')).to.equal('ERROR');
  });

  it('calcium acetate: 2 to 4 capsules (1334 to 2668 mg) with each meal; ten times 2668 mg is an ERROR', () => {
    expect(level('Calcium_Acetate', 1334, 'mg')).to.equal('OK'); // label 2: starting dose 2 capsules with each meal
    expect(level('Calcium_Acetate', 2668, 'mg')).to.equal('OK'); // most patients 3 to 4 capsules
    expect(level('Calcium_Acetate', 26679, 'mg')).to.not.equal('ERROR');
    expect(level('Calcium_Acetate', 26680, 'mg')).to.equal('ERROR');
  });

  it('iron sucrose: 100 to 400 mg by CKD setting; ten times 400 mg is an ERROR', () => {
    expect(level('Iron_Sucrose', 100, 'mg', null, null, 'iron deficiency anemia in hemodialysis-dependent CKD')).to.equal('OK'); // Venofer 2.2 HDD-CKD
    expect(level('Iron_Sucrose', 200, 'mg', null, null, 'iron deficiency anemia in non-dialysis-dependent CKD')).to.equal('OK'); // 2.3 NDD-CKD
    expect(level('Iron_Sucrose', 400, 'mg', null, null, 'iron deficiency anemia in peritoneal dialysis-dependent CKD')).to.equal('OK'); // 2.4 PDD-CKD
    expect(level('Iron_Sucrose', 3999, 'mg')).to.not.equal('ERROR');
    expect(level('Iron_Sucrose', 4000, 'mg')).to.equal('ERROR');
  });

  it('ferric gluconate: 125 mg per dialysis session; undiluted injection at most 12.5 mg/min', () => {
    expect(level('Ferric_Gluconate', 125, 'mg')).to.equal('OK'); // Ferrlecit 2 adult dosage
    expect(level('Ferric_Gluconate', 12.5, 'mg/min')).to.not.equal('ERROR'); // 2: 'at a rate of up to 12.5 mg/min'
    expect(level('Ferric_Gluconate', 12.6, 'mg/min')).to.equal('ERROR');
    expect(level('Ferric_Gluconate', 1250, 'mg')).to.equal('ERROR'); // ten times the usual 125 mg
  });

  it('epoetin alfa: 50 to 150 Units/kg or 40,000 Units weekly; ten times the top is an ERROR', () => {
    expect(level('Epoetin_Alfa', 100, 'units/kg', 70, 'SC')).to.equal('OK'); // Epogen 2.2 CKD 50-100 Units/kg three times weekly
    expect(level('Epoetin_Alfa', 40000, 'units', null, 'SC')).to.equal('OK'); // 2.4 cancer 40,000 Units weekly
    expect(level('Epoetin_Alfa', 1499, 'units/kg', 70, 'IV')).to.not.equal('ERROR');
    expect(level('Epoetin_Alfa', 1500, 'units/kg', 70, 'IV')).to.equal('ERROR');
    expect(level('Epoetin_Alfa', 400000, 'units', null, 'SC')).to.equal('ERROR');
  });

  it('filgrastim: 5 to 10 mcg/kg; without a weight a fixed dose is UNCHECKED', () => {
    expect(level('Filgrastim', 5, 'mcg/kg', 70, 'SC')).to.equal('OK'); // Neupogen 2: 5 mcg/kg/day
    expect(level('Filgrastim', 10, 'mcg/kg', 70, 'IV')).to.equal('OK'); // BMT 10 mcg/kg/day
    expect(level('Filgrastim', 99, 'mcg/kg', 70, 'SC')).to.not.equal('ERROR');
    expect(level('Filgrastim', 100, 'mcg/kg', 70, 'SC')).to.equal('ERROR');
    expect(level('Filgrastim', 300, 'mcg', null, 'SC')).to.equal('UNCHECKED');
  });

  it('leucovorin: 10 mg/m2 rescue OK; IV at most 160 mg/min (calcium content); oral usual 5 to 25 mg', () => {
    expect(level('Leucovorin', 20, 'mg', null, 'IV', null, null, TWO_M2)).to.equal('OK'); // 10 mg/m2 every 6 hours
    expect(level('Leucovorin', 160, 'mg/min')).to.not.equal('ERROR'); // label: no more than 160 mg per minute IV
    expect(level('Leucovorin', 161, 'mg/min')).to.equal('ERROR');
    expect(level('Leucovorin', 15, 'mg', null, 'PO')).to.equal('OK'); // 15 mg every 6 hours orally
    expect(level('Leucovorin', 250, 'mg', null, 'PO')).to.equal('ERROR'); // ten times the oral usual top
    expect(level('Leucovorin', 2000, 'mg/m2', null, 'IV', null, null, TWO_M2)).to.equal('ERROR'); // ten times 200 mg/m2
    expect(level('Leucovorin', 1499, 'mg', null, 'IV')).to.not.equal('ERROR'); // without a body surface: ten times the fixed 150 mg
    expect(level('Leucovorin', 1500, 'mg', null, 'IV')).to.equal('ERROR');
  });

  it('rasburicase: 0.2 mg/kg once daily; ten times it is an ERROR', () => {
    expect(level('Rasburicase', 0.2, 'mg/kg', 70)).to.equal('OK'); // Elitek 2: 0.2 mg/kg over 30 minutes daily up to 5 days
    expect(level('Rasburicase', 1.99, 'mg/kg', 70)).to.not.equal('ERROR');
    expect(level('Rasburicase', 2, 'mg/kg', 70)).to.equal('ERROR');
  });

  it('mesna: 240 mg/m2 IV and 480 mg/m2 oral with ifosfamide 1.2 g/m2; needs the body surface', () => {
    expect(level('Mesna', 480, 'mg', null, 'IV', null, null, TWO_M2)).to.equal('OK'); // Highlights: 240 mg/m2 at 0, 4, 8 h
    expect(level('Mesna', 960, 'mg', null, 'PO', null, null, TWO_M2)).to.equal('OK'); // 480 mg/m2 tablets at 2 and 6 h
    expect(level('Mesna', 2400, 'mg/m2', null, 'IV', null, null, TWO_M2)).to.equal('ERROR');
    expect(level('Mesna', 240, 'mg/m2', null, 'IV')).to.equal('UNCHECKED'); // no height and weight
  });

  it('sodium polystyrene sulfonate: 15 g orally, 30 to 50 g rectally', () => {
    expect(level('Sodium_Polystyrene_Sulfonate', 15, 'g', null, 'PO')).to.equal('OK'); // Kayexalate 2: 15 g 1 to 4 times daily
    expect(level('Sodium_Polystyrene_Sulfonate', 30, 'g', null, 'PR')).to.equal('OK'); // enema 30 to 50 g every 6 hours
    expect(level('Sodium_Polystyrene_Sulfonate', 150, 'g', null, 'PO')).to.equal('ERROR');
    expect(level('Sodium_Polystyrene_Sulfonate', 499, 'g', null, 'PR')).to.not.equal('ERROR');
    expect(level('Sodium_Polystyrene_Sulfonate', 500, 'g', null, 'PR')).to.equal('ERROR');
  });

  it('zoledronic acid: 4 mg maximum in oncology (Zometa 2.1/5.3), 5 mg for bone disease (Reclast-type 5.3); the lowest binds without an indication', () => {
    expect(level('Zoledronic_Acid', 4, 'mg')).to.equal('OK');
    expect(level('Zoledronic_Acid', 4, 'mg', null, null, 'hypercalcemia of malignancy')).to.equal('OK');
    expect(level('Zoledronic_Acid', 4.1, 'mg', null, null, 'hypercalcemia of malignancy')).to.equal('ERROR');
    expect(level('Zoledronic_Acid', 4.1, 'mg', null, null, 'multiple myeloma and bone metastases of solid tumors')).to.equal('ERROR');
    expect(level('Zoledronic_Acid', 5, 'mg', null, null, "Paget's disease of bone")).to.equal('OK');
    expect(level('Zoledronic_Acid', 5, 'mg', null, null, 'osteoporosis')).to.equal('OK');
    expect(level('Zoledronic_Acid', 5.1, 'mg', null, null, 'osteoporosis')).to.equal('ERROR');
    expect(level('Zoledronic_Acid', 5, 'mg')).to.equal('ERROR'); // without an indication Zometa's 4 mg applies
    expect(level('Zoledronic_Acid', 50, 'mg', null, null, 'osteoporosis')).to.equal('ERROR');
  });

  it('pamidronate: 90 mg OK, single doses above 90 mg an ERROR (label Warnings)', () => {
    expect(level('Pamidronate', 90, 'mg')).to.equal('OK');
    expect(level('Pamidronate', 60, 'mg', null, null, 'hypercalcemia of malignancy')).to.equal('OK'); // 60 to 90 mg
    expect(level('Pamidronate', 30, 'mg', null, null, "Paget's disease of bone")).to.equal('OK'); // 30 mg daily x 3
    expect(level('Pamidronate', 91, 'mg')).to.equal('ERROR');
    expect(level('Pamidronate', 900, 'mg')).to.equal('ERROR');
  });

  it('brands and abbreviations resolve to their rows', () => {
    const names: Record<string, string> = {
      Veltassa: 'Patiromer', Lokelma: 'Sodium_Zirconium_Cyclosilicate', SZC: 'Sodium_Zirconium_Cyclosilicate', PhosLo: 'Calcium_Acetate',
      Venofer: 'Iron_Sucrose', Ferrlecit: 'Ferric_Gluconate', Epogen: 'Epoetin_Alfa', Procrit: 'Epoetin_Alfa', Retacrit: 'Epoetin_Alfa',
      Neupogen: 'Filgrastim', 'Folinic acid': 'Leucovorin', Elitek: 'Rasburicase', Mesnex: 'Mesna', Kayexalate: 'Sodium_Polystyrene_Sulfonate',
      SPS: 'Sodium_Polystyrene_Sulfonate', Zometa: 'Zoledronic_Acid', Reclast: 'Zoledronic_Acid', Aredia: 'Pamidronate',
    };
    for (const [alias, name] of Object.entries(names)) expect(call('get_profile', alias), alias).to.include({ found: true, name });
  });
});

describe('pk supportive-renal drugs: label contraindications', () => {
  it('full readings answer their conditions true and an unnamed condition false', () => {
    expect(contraindicated('Patiromer', 'drug allergy')).to.equal(true); // Veltassa Highlights 4
    expect(contraindicated('Patiromer', 'pregnancy')).to.equal(false);
    expect(contraindicated('Calcium_Acetate', 'hypercalcemia')).to.equal(true); // label 4
    expect(contraindicated('Calcium_Acetate', 'hypokalemia')).to.equal(false);
    expect(contraindicated('Iron_Sucrose', 'drug allergy')).to.equal(true); // Venofer 4
    expect(contraindicated('Iron_Sucrose', 'pregnancy')).to.equal(false);
    expect(contraindicated('Mesna', 'drug allergy')).to.equal(true); // mesna Highlights 4
    expect(contraindicated('Mesna', 'benzyl alcohol allergy')).to.equal(true); // excipients including benzyl alcohol
    expect(contraindicated('Mesna', 'pregnancy')).to.equal(false);
    for (const c of ['hypocalcemia', 'creatinine clearance below 35', 'acute kidney injury', 'drug allergy']) expect(contraindicated('Zoledronic_Acid', c), c).to.equal(true); // Zometa 4.1; 5 mg label Highlights 4
    expect(contraindicated('Zoledronic_Acid', 'crcl <= 30')).to.equal(true); // a case of CrCl below 35
    expect(contraindicated('Zoledronic_Acid', 'pregnancy')).to.equal(false);
  });

  it('partial readings answer what they name and null for anything else', () => {
    expect(contraindicated('Sodium_Zirconium_Cyclosilicate', 'pregnancy')).to.equal(null); // 'None' only as quoted
    expect(contraindicated('Ferric_Gluconate', 'drug allergy')).to.equal(true); // Ferrlecit 4 (cross-reference)
    expect(contraindicated('Ferric_Gluconate', 'pregnancy')).to.equal(null);
    for (const c of ['uncontrolled hypertension', 'pure red cell aplasia after erythropoietin treatment', 'drug allergy']) expect(contraindicated('Epoetin_Alfa', c), c).to.equal(true);
    expect(contraindicated('Epoetin_Alfa', 'pregnancy')).to.equal(null);
    expect(contraindicated('Filgrastim', 'drug allergy')).to.equal(true); // serious allergic reactions to G-CSFs
    expect(contraindicated('Leucovorin', 'pernicious anemia')).to.equal(true); // a B12-deficiency megaloblastic anemia
    expect(contraindicated('Leucovorin', 'vitamin b12 deficiency megaloblastic anemia')).to.equal(true);
    for (const c of ['G6PD deficiency', 'previous hemolytic reaction to the drug', 'drug allergy']) expect(contraindicated('Rasburicase', c), c).to.equal(true); // Elitek boxed warning / 4
    for (const c of ['bowel obstruction', 'newborn with reduced bowel motility', 'hypokalemia', 'drug allergy']) expect(contraindicated('Sodium_Polystyrene_Sulfonate', c), c).to.equal(true);
    expect(contraindicated('Pamidronate', 'drug allergy')).to.equal(true);
    expect(contraindicated('Pamidronate', 'pregnancy')).to.equal(null);
  });
});

describe('pk supportive-renal drugs: interaction rules', () => {
    it('calcium acetate with calcium carbonate is MAJOR both ways (label 5.1: avoid calcium supplements and calcium antacids)', () => {
    bothWays('Calcium_Acetate', 'Calcium_Carbonate', 'MAJOR');
  });

  it('zoledronic acid with another bisphosphonate is MAJOR both ways (Zometa 5.1)', () => {
    for (const other of ['Pamidronate', 'Alendronate', 'Risedronate', 'Ibandronate']) {
      bothWays('Zoledronic_Acid', other, 'MAJOR');
    }
  });

  it('calcium acetate with digoxin and zoledronic acid with a loop diuretic are MODERATE both ways (calcium acetate 5.2; Zometa 5.2)', () => {
    for (const [a, b] of [['Calcium_Acetate', 'Digoxin'], ['Digoxin', 'Calcium_Acetate'], ['Zoledronic_Acid', 'Furosemide'], ['Bumetanide', 'Zoledronic_Acid']]) expect(pair(a, b).max_severity, `${a} + ${b}`).to.equal('MODERATE');
  });

  it('zoledronic acid joins the nephrotoxic class (Zometa 5.2: caution with other nephrotoxic drugs)', () => {
    expect(call('get_profile', 'Zoledronic_Acid').interaction_classes).to.include('nephrotoxic');
    expect(pair('Zoledronic_Acid', 'Methotrexate').max_severity).to.equal('MODERATE');
  });
});

describe('pk supportive-renal drugs through the engine', () => {
  it('administer clauses reach the dose check', () => {
    const { kind, body } = runProtocol(
      'protocol T {\n  input: Patient p;\n  administer Patiromer dose: 8.4 g every: 24 h route: PO;\n  administer Pamidronate indication: "hypercalcemia of malignancy" dose: 90 mg route: IV;\n  administer Rasburicase dose: 0.2 mg/kg * p.weight route: IV;\n}',
      { weight: 70 } as never,
    );
    expect(kind, body.error ?? '').to.equal('ok');
    const events = body.events.filter((e) => e.kind === 'administer').map((e) => e.event as string);
    expect(events[0]).to.match(/administer Patiromer 8\.4 g PO every 24 h: dose OK/);
    expect(events[1]).to.match(/administer Pamidronate 90 mg IV: dose OK/);
    expect(events[2]).to.match(/administer Rasburicase 14 mg IV: dose OK/);
  });
});

// Issue 24 coverage, group iv-fluids-crystalloids-colloids: 0.9% and 0.45% sodium chloride, Lactated Ringer's,
// 5% dextrose, PLASMA-LYTE A and albumin (human). The labels of the IV fluids state no dose ("as directed by a
// physician"), so their usual ranges are the guidelines' cited in each row (NICE CG174, ADA hyperglycaemic-crises
// consensus 2009/2024, Surviving Sepsis Campaign 2021); albumin's are the Octapharma labels'. Contraindications
// are those of the US label copies recorded in contraindications.json.
import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import { libraryOf } from './helpers/library.js';
import { bothWays, contraindicated, doseLevel as level } from './helpers/pk-checks.js';

const { call } = libraryOf('pk');
const resolves = (name: string) => call('get_profile', name);

describe('pk added drugs: 0.9% sodium chloride (normal saline)', () => {
  it('issue 24: a 1 L bolus is known and OK (it answered UNKNOWN drug)', () => {
    // NICE CG174 resuscitation boluses 250-500 mL; ADA 2009 consensus 1-1.5 L in the first hour of DKA; SSC 2021 30 mL/kg (2.1 L for 70 kg)
    expect(level('Normal saline', 1000, 'mL')).to.equal('OK');
    expect(level('NS', 250, 'mL')).to.equal('OK');
    expect(level('NS', 1500, 'mL')).to.equal('OK');
  });

  it('a 30 mL/kg sepsis load is OK with the weight known (Surviving Sepsis Campaign 2021, recommendation 5)', () => {
    expect(level('Sodium_Chloride_0_9', 30, 'mL/kg', 70)).to.equal('OK');
    expect(level('Sodium_Chloride_0_9', 2100, 'mL', 70)).to.equal('OK');
    expect(level('Sodium_Chloride_0_9', 3000, 'mL', 100)).to.equal('OK');
    // without the weight the fixed range (250-2100 mL, 30 mL/kg for 70 kg) applies: above it is a WARNING, never an ERROR
    expect(level('Sodium_Chloride_0_9', 2100, 'mL')).to.equal('OK');
    expect(level('Sodium_Chloride_0_9', 3000, 'mL')).to.equal('WARNING');
  });

  it('ten times the top of the usual range is an ERROR (21 L; 300 mL/kg), just below it is not', () => {
    expect(level('Sodium_Chloride_0_9', 20999, 'mL')).to.equal('WARNING');
    expect(level('Sodium_Chloride_0_9', 21000, 'mL')).to.equal('ERROR');
    expect(level('Sodium_Chloride_0_9', 21000, 'mL', 70)).to.equal('ERROR');
    expect(level('Sodium_Chloride_0_9', 299, 'mL/kg', 70)).to.equal('WARNING');
    expect(level('Sodium_Chloride_0_9', 300, 'mL/kg', 70)).to.equal('ERROR');
  });

  it('an infusion rate has no guideline range that fits all use: a 999 mL/h resuscitation rate is UNCHECKED, not an ERROR', () => {
    expect(level('Sodium_Chloride_0_9', 999, 'mL/h')).to.equal('UNCHECKED');
    expect(level('Sodium_Chloride_0_9', 100, 'mL/h')).to.equal('UNCHECKED');
  });

  it("the label's Contraindications section reads 'None known' (CODAN US label): a condition answers false", () => {
    expect(contraindicated('Sodium_Chloride_0_9', 'hyperkalemia')).to.equal(false);
    expect(contraindicated('Sodium_Chloride_0_9', 'congestive heart failure')).to.equal(false); // a warning, not a contraindication
  });

  it('its aliases resolve; the ingredient name and NaCl resolve to no strength, and 3% saline stays its own row', () => {
    for (const alias of ['Normal saline', 'NS', '0.9% NaCl', '0.9% sodium chloride', 'Sodium chloride 0.9%', 'Isotonic saline']) {
      expect(resolves(alias), alias).to.include({ found: true, name: 'Sodium_Chloride_0_9' });
    }
    expect(resolves('sodium chloride')).to.include({ found: false });
    expect(resolves('NaCl')).to.include({ found: false });
    expect(resolves('3% NaCl')).to.include({ found: true, name: 'Sodium_Chloride_3' });
  });
});

describe("pk added drugs: Lactated Ringer's", () => {
  it('a 1 L bolus and a 30 mL/kg load are OK; ten times the top (21 L) is an ERROR', () => {
    // NICE CG174 boluses; ADA 2024 consensus 500-1000 mL/h with balanced crystalloid; SSC 2021 30 mL/kg
    expect(level('LR', 1000, 'mL')).to.equal('OK');
    expect(level("Lactated Ringer's", 30, 'mL/kg', 80)).to.equal('OK');
    expect(level('Lactated_Ringers', 20999, 'mL')).to.equal('WARNING');
    expect(level('Lactated_Ringers', 21000, 'mL')).to.equal('ERROR');
    expect(level('Lactated_Ringers', 300, 'mL/kg', 70)).to.equal('ERROR');
    expect(level('Lactated_Ringers', 999, 'mL/h')).to.equal('UNCHECKED');
  });

  it('every condition of the label section is a contraindication (4. Contraindications, FDA label 2022)', () => {
    expect(contraindicated('Lactated_Ringers', 'neonate receiving ceftriaxone')).to.equal(true);
    expect(contraindicated('Lactated_Ringers', 'severe metabolic acidosis')).to.equal(true);
    expect(contraindicated('Lactated_Ringers', 'severe metabolic alkalosis')).to.equal(true);
    expect(contraindicated('Lactated_Ringers', 'severe hepatic insufficiency')).to.equal(true); // 'severe liver disease'
    expect(contraindicated('Lactated_Ringers', 'anoxic state affecting lactate metabolism')).to.equal(true);
  });

  it("the section's open clause (sodium, potassium, calcium, lactate or chloride 'clinically detrimental') makes the reading partial: absence proves nothing", () => {
    expect(contraindicated('Lactated_Ringers', 'hyperkalemia')).to.equal(null);
    // only severe acidosis is named: a metabolic acidosis (DKA) is not checked, never contraindicated or cleared
    expect(call('check_contraindications', 'Lactated_Ringers', ['metabolic acidosis'])).to.deep.include({ contraindicated: null, narrower_on_label: [{ condition: 'metabolic acidosis', label_condition: 'severe_metabolic_acidosis' }] });
  });

  it('with ceftriaxone it is MAJOR in both directions (Warnings: never through a Y-site at any age), and contraindicated in a neonate receiving ceftriaxone, as for the calcium salts', () => {
    bothWays('Lactated_Ringers', 'Ceftriaxone', 'MAJOR');
    expect(contraindicated('Lactated_Ringers', 'neonate receiving ceftriaxone')).to.equal(true);
    expect(call('check_interactions', 'Calcium_Gluconate', ['Ceftriaxone']).max_severity).to.equal('MAJOR');
  });

  it('its aliases resolve', () => {
    for (const alias of ['LR', "Lactated Ringer's", 'Lactated Ringers', "Ringer's lactate", 'RL']) expect(resolves(alias), alias).to.include({ found: true, name: 'Lactated_Ringers' });
  });
});

describe('pk added drugs: 5% dextrose (D5W)', () => {
  it('the label states no dose or rate and no guideline range fits all use: doses are UNCHECKED, never OK or ERROR', () => {
    expect(level('D5W', 1000, 'mL')).to.equal('UNCHECKED');
    expect(level('D5W', 100, 'mL/h')).to.equal('UNCHECKED');
  });

  it('label contraindications (Baxter PLR 4: hyperglycemia, hypersensitivity; non-PLR labels: corn allergy) are true; another condition is false', () => {
    expect(contraindicated('Dextrose_5', 'clinically significant hyperglycemia')).to.equal(true);
    expect(contraindicated('Dextrose_5', 'drug allergy')).to.equal(true);
    expect(contraindicated('Dextrose_5', 'allergy to corn or corn products')).to.equal(true);
    expect(contraindicated('Dextrose_5', 'pregnancy')).to.equal(false);
    // the label names only clinically significant hyperglycemia: a plain hyperglycemia is not checked
    expect(contraindicated('Dextrose_5', 'hyperglycemia')).to.equal(null);
  });

  it('D5W resolves; dextrose and glucose resolve to no strength, D50 stays the 50% row', () => {
    for (const alias of ['D5W', 'Dextrose 5%', '5% dextrose']) expect(resolves(alias), alias).to.include({ found: true, name: 'Dextrose_5' });
    expect(resolves('dextrose')).to.include({ found: false });
    expect(resolves('glucose')).to.include({ found: false });
    expect(resolves('D50')).to.include({ found: true, name: 'Dextrose_50' });
  });
});

describe('pk added drugs: 0.45% sodium chloride', () => {
  it('no dose or rate is stated by the label or fits a guideline range: UNCHECKED', () => {
    expect(level('Half-normal saline', 1000, 'mL')).to.equal('UNCHECKED');
    expect(level('0.45% NaCl', 125, 'mL/h')).to.equal('UNCHECKED');
  });

  it('a partial reading (secondary summary only): a condition answers null, never false', () => {
    expect(contraindicated('Sodium_Chloride_0_45', 'hyperkalemia')).to.equal(null);
  });

  it('its aliases resolve and do not reach 0.9% saline', () => {
    for (const alias of ['Half-normal saline', '0.45% NaCl', 'Sodium chloride 0.45%']) expect(resolves(alias), alias).to.include({ found: true, name: 'Sodium_Chloride_0_45' });
  });
});

describe('pk added drugs: PLASMA-LYTE A', () => {
  it('crystalloid boluses as for the others: 1 L OK, 21 L an ERROR', () => {
    expect(level('Plasma-Lyte A', 1000, 'mL')).to.equal('OK');
    expect(level('Plasma_Lyte_A', 30, 'mL/kg', 70)).to.equal('OK');
    expect(level('Plasma_Lyte_A', 20999, 'mL')).to.equal('WARNING');
    expect(level('Plasma_Lyte_A', 21000, 'mL')).to.equal('ERROR');
  });

  it('its label section was not found: contraindications answer null (unread)', () => {
    expect(contraindicated('Plasma_Lyte_A', 'hyperkalemia')).to.equal(null);
  });

  it('its aliases resolve; Normosol-R is not one of them', () => {
    for (const alias of ['PLASMA-LYTE A', 'PlasmaLyte A']) expect(resolves(alias), alias).to.include({ found: true, name: 'Plasma_Lyte_A' });
    expect(resolves('Normosol-R')).to.include({ found: false });
  });
});

describe('pk added drugs: albumin (human)', () => {
  it('25 g for hypovolemia and 75 g for hypoalbuminemia are OK (Octapharma labels 2.1)', () => {
    expect(level('Albumin_Human', 25, 'g', 70)).to.equal('OK');
    expect(level('Albumin_Human', 75, 'g', 70)).to.equal('OK');
  });

  it('the daily dose may not exceed 2 g/kg (label 2.1): 140 g for 70 kg is not an ERROR, 141 g is', () => {
    expect(level('Albumin_Human', 140, 'g', 70)).to.equal('WARNING');
    expect(level('Albumin_Human', 141, 'g', 70)).to.equal('ERROR');
  });

  it('ten times the top of the usual range (750 g) is an ERROR', () => {
    expect(level('Albumin_Human', 750, 'g', 500)).to.equal('ERROR');
  });

  it('label contraindications (ALBURX 5): albumin hypersensitivity, cardiac failure, severe anemia; another condition is false', () => {
    expect(contraindicated('Albumin_Human', 'drug allergy')).to.equal(true);
    expect(contraindicated('Albumin_Human', 'cardiac failure')).to.equal(true);
    expect(contraindicated('Albumin_Human', 'severe anemia')).to.equal(true);
    expect(contraindicated('Albumin_Human', 'pregnancy')).to.equal(false);
  });

  it('its names resolve', () => {
    for (const alias of ['Albumin', 'Human albumin', 'Albumin (Human)', 'Albutein', 'Flexbumin', 'Plasbumin']) expect(resolves(alias), alias).to.include({ found: true, name: 'Albumin_Human' });
  });
});

describe('pk added drugs: a sepsis protocol administers its fluids', () => {
  it('a 30 mL/kg normal saline load, a 1 L LR bolus and 25 g albumin pass the dose check; 21 L is an ERROR that stops the run', () => {
    const { kind, body } = runProtocol(
      'protocol Sepsis {\n  input: Patient p;\n  administer Normal_saline dose: 30 mL/kg * p.weight route: IV;\n  administer LR dose: 1000 mL route: IV;\n  administer Albumin_Human dose: 25 g route: IV;\n}',
      { weight: 70 } as never,
    );
    expect(kind, body.error ?? '').to.equal('ok');
    const events = body.events.filter((e: { kind: string }) => e.kind === 'administer').map((e: { event: string }) => e.event);
    expect(events).to.deep.equal(['[3] LOG: administer Normal_saline 2100 mL IV: dose OK', '[4] LOG: administer LR 1000 mL IV: dose OK', '[5] LOG: administer Albumin_Human 25 g IV: dose OK']);
    // an ERROR dose stops the run
    const tenfold = runProtocol('protocol T {\n  administer Sodium_Chloride_0_9 dose: 21000 mL route: IV;\n}');
    expect(tenfold.kind).to.equal('runtime_error');
    expect(tenfold.body.error).to.match(/dose ERROR 21000 mL is ten times or more the top of the usual range 250-2100 mL/);
  });
});

// Issue 24 coverage: acute-care drugs (IV electrolytes, neuromuscular blockade, IV haemodynamic drugs, antidotes)
// answer their label limits at the boundaries, their label contraindications, and their label-contraindicated pairs
// in both directions. Values are those of the labels cited in each row's source.
import { expect } from 'chai';
import drugTable from '../src/runtime/modules/pk/data/drugs.json' with { type: 'json' };
import { libraryOf } from './helpers/library.js';
import { contraindicated, doseLevel as level, maxSeverity as severity } from './helpers/pk-checks.js';

const { call } = libraryOf('pk');

describe('pk acute-care drugs: label limits at their boundaries', () => {
  it('potassium chloride IV: 10 mEq/h without an indication (serum K above 2.5), 40 mEq/h only for urgent treatment', () => {
    expect(level('Potassium_Chloride', 10, 'mEq/h')).to.equal('OK');
    expect(level('Potassium_Chloride', 11, 'mEq/h')).to.equal('ERROR');
    const urgent = 'urgent treatment, serum potassium below 2.0 mEq/L with ECG changes or paralysis';
    expect(level('Potassium_Chloride', 40, 'mEq/h', null, null, urgent)).to.equal('OK');
    expect(level('Potassium_Chloride', 41, 'mEq/h', null, null, urgent)).to.equal('ERROR');
    expect(call('get_profile', 'KCl')).to.include({ found: true, name: 'Potassium_Chloride' });
  });

  it('esmolol: 200 mcg/kg/min without an indication (rate control), up to 300 for perioperative hypertension', () => {
    expect(level('Esmolol', 200, 'mcg/kg/min', 70)).to.equal('OK'); // within the usual range and at the label's rate maximum (issue 22)
    expect(level('Esmolol', 201, 'mcg/kg/min', 70)).to.equal('ERROR');
    expect(level('Esmolol', 300, 'mcg/kg/min', 70, null, 'intraoperative and postoperative hypertension')).to.not.equal('ERROR');
    expect(level('Esmolol', 301, 'mcg/kg/min', 70, null, 'intraoperative and postoperative hypertension')).to.equal('ERROR');
  });

  it('nicardipine IV: 15 mg/h is the label maximum', () => {
    expect(level('Nicardipine', 15, 'mg/h')).to.equal('OK'); // the label's maximum rate, within its usual range (issue 22)
    expect(level('Nicardipine', 16, 'mg/h')).to.equal('ERROR');
  });

  it('a neuromuscular blocker at its label dose is OK (the usual range is known), and ten times it is an ERROR', () => {
    expect(level('Rocuronium', 0.6, 'mg/kg', 70)).to.equal('OK');
    expect(level('Succinylcholine', 1, 'mg/kg', 70)).to.equal('OK');
    expect(level('Rocuronium', 12, 'mg/kg', 70)).to.equal('ERROR');
  });
});

describe('pk acute-care drugs: label contraindications and pairs', () => {
  it('succinylcholine: malignant hyperthermia history, myopathy and late burns are contraindications; the reading is complete', () => {
    expect(contraindicated('Succinylcholine', 'personal or familial history of malignant hyperthermia')).to.equal(true);
    expect(contraindicated('Succinylcholine', 'skeletal muscle myopathies')).to.equal(true);
    expect(contraindicated('Succinylcholine', 'major burns after the acute phase of injury')).to.equal(true);
    expect(contraindicated('Succinylcholine', 'pregnancy')).to.equal(false);
  });

  it('esmolol, nicardipine and potassium chloride answer their label conditions; an unread label answers null', () => {
    expect(contraindicated('Esmolol', 'decompensated heart failure')).to.equal(true);
    expect(contraindicated('Esmolol', 'pulmonary hypertension')).to.equal(true);
    expect(contraindicated('Nicardipine', 'advanced aortic stenosis')).to.equal(true);
    expect(contraindicated('Nicardipine', 'sick sinus syndrome')).to.equal(false);
    expect(contraindicated('Potassium_Chloride', 'hyperkalemia')).to.equal(true);
    expect(contraindicated('Vecuronium', 'pregnancy')).to.equal(null); // read through secondary copies only: a partial reading proves no absence
    expect(contraindicated('Vecuronium', 'drug allergy')).to.equal(true);
  });

  it('esmolol with IV verapamil or diltiazem is SEVERE in both directions (Brevibloc contraindication)', () => {
    for (const ccb of ['Verapamil', 'Diltiazem']) {
      for (const [a, b] of [['Esmolol', ccb], [ccb, 'Esmolol']]) {
        expect(call('check_interactions', a, [b]), `${a} + ${b}`).to.include({ max_severity: 'SEVERE', safe_to_administer: false });
      }
    }
  });
});

describe('pk reversal agents (issue 24)', () => {
  it('4-factor PCC: 25 units/kg capped at 2500 units without an indication; 50 units/kg capped at 5000 for INR above 6', () => {
    expect(level('Prothrombin_Complex_Concentrate', 25, 'units/kg', 80)).to.not.equal('ERROR');
    expect(level('Prothrombin_Complex_Concentrate', 26, 'units/kg', 80)).to.equal('ERROR');
    expect(level('Prothrombin_Complex_Concentrate', 25, 'units/kg', 120)).to.equal('ERROR'); // 3000 units exceeds the 2500 cap
    expect(level('Prothrombin_Complex_Concentrate', 50, 'units/kg', 100, null, 'pre-treatment INR above 6')).to.not.equal('ERROR');
    expect(level('Prothrombin_Complex_Concentrate', 50, 'units/kg', 120, null, 'pre-treatment INR above 6')).to.equal('ERROR');
    expect(call('get_profile', 'Kcentra')).to.include({ found: true, name: 'Prothrombin_Complex_Concentrate' });
  });

  it('tranexamic acid: contraindicated in subarachnoid hemorrhage, not in every intracranial hemorrhage; avoid with PCC both ways', () => {
    expect(contraindicated('Tranexamic_Acid', 'SAH')).to.equal(true);
    expect(contraindicated('Tranexamic_Acid', 'DIC')).to.equal(true); // a case of active intravascular clotting
    expect(contraindicated('Tranexamic_Acid', 'intracerebral hemorrhage')).to.equal(null); // the label names subarachnoid hemorrhage, a narrower case: not checked, never false
    expect(contraindicated('Apixaban', 'subarachnoid hemorrhage')).to.equal(true); // still a case of active bleeding
    for (const [a, b] of [['Tranexamic_Acid', 'Prothrombin_Complex_Concentrate'], ['Prothrombin_Complex_Concentrate', 'Tranexamic_Acid']]) {
      expect(call('check_interactions', a, [b]), `${a} + ${b}`).to.include({ max_severity: 'MAJOR', safe_to_administer: false });
    }
    expect(level('Tranexamic_Acid', 101, 'mg/min')).to.equal('ERROR'); // faster than 1 mL/min of 100 mg/mL
  });

  it("andexanet's label lists no contraindication, so a condition answers false; protamine's label names only previous intolerance", () => {
    expect(call('check_contraindications', 'Andexanet_Alfa', ['active bleeding'])).to.deep.include({ contraindicated: false, not_checked: [] });
    expect(contraindicated('Protamine', 'pregnancy')).to.equal(false);
    expect(contraindicated('Protamine', 'drug allergy')).to.equal(true);
    expect(level('Protamine', 60, 'mg')).to.equal('ERROR');
  });
});

describe('pk antidotes (issue 24)', () => {
  it('methylene blue is an MAO inhibitor: at least MAJOR with SSRIs, SNRIs, opioids and other MAOIs in both directions (Provayblue boxed warning), SEVERE where the other label contraindicates MAOIs', () => {
    // Zoloft, Effexor XR, morphine, tramadol and Zyvox labels (4 CONTRAINDICATIONS) contraindicate MAOIs, so these pairs are SEVERE
    for (const other of ['Sertraline', 'Venlafaxine', 'Morphine', 'Tramadol', 'Linezolid']) {
      for (const [a, b] of [['Methylene_Blue', other], [other, 'Methylene_Blue']]) {
        expect(call('check_interactions', a, [b]), `${a} + ${b}`).to.include({ max_severity: 'SEVERE', safe_to_administer: false });
      }
    }
    for (const [a, b] of [['Methylene_Blue', 'Mirtazapine'], ['Mirtazapine', 'Methylene_Blue'], ['Methylene_Blue', 'Buspirone']]) {
      expect(['MAJOR', 'SEVERE'], `${a} + ${b}`).to.include(call('check_interactions', a, [b]).max_severity);
    }
    expect(contraindicated('Methylene_Blue', 'G6PD')).to.equal(true);
    expect(contraindicated('Methylene_Blue', 'pregnancy')).to.equal(false);
  });

  it('hydroxocobalamin: 10 g in a day (two 5 g doses) is within the cumulative limit, 15 g is not', () => {
    expect(level('Hydroxocobalamin', 10, 'g/day')).to.not.equal('ERROR');
    expect(level('Hydroxocobalamin', 15, 'g/day')).to.equal('ERROR');
  });
});

describe('pk calcium gluconate (issue 24)', () => {
  it('200 mg/min is the adult administration-rate limit; hypercalcemia is a contraindication; ceftriaxone is MAJOR both ways', () => {
    expect(level('Calcium_Gluconate', 200, 'mg/min', 70)).to.not.equal('ERROR');
    expect(level('Calcium_Gluconate', 250, 'mg/min', 70)).to.equal('ERROR');
    expect(contraindicated('Calcium_Gluconate', 'hypercalcaemia')).to.equal(true);
    expect(contraindicated('Calcium_Gluconate', 'pregnancy')).to.equal(false);
    for (const [a, b] of [['Calcium_Gluconate', 'Ceftriaxone'], ['Ceftriaxone', 'Calcium_Gluconate']]) {
      expect(call('check_interactions', a, [b]), `${a} + ${b}`).to.include({ max_severity: 'MAJOR', safe_to_administer: false });
    }
  });
});

describe('pk dopamine, dantrolene and phytonadione (issue 24)', () => {
  it('dopamine: the label sets no maximum rate, so a high rate is not an ERROR; its label conditions answer true', () => {
    expect(level('Dopamine', 60, 'mcg/kg/min', 70)).to.equal('WARNING'); // above the usual range; no label maximum ('none'), under ten times the usual top
    expect(contraindicated('Dopamine', 'pheochromocytoma')).to.equal(true);
    expect(contraindicated('Dopamine', 'uncorrected tachyarrhythmias')).to.equal(true);
  });

  it('dantrolene: 10 mg/kg cumulative per day; with verapamil MAJOR both ways', () => {
    expect(level('Dantrolene', 10, 'mg/kg/day', 70)).to.not.equal('ERROR');
    expect(level('Dantrolene', 11, 'mg/kg/day', 70)).to.equal('ERROR');
    for (const [a, b] of [['Dantrolene', 'Verapamil'], ['Verapamil', 'Dantrolene']]) expect(call('check_interactions', a, [b]).max_severity, `${a} + ${b}`).to.equal('MAJOR');
  });

  it('phytonadione IV: not faster than 1 mg/min', () => {
    expect(level('Phytonadione', 1, 'mg/min', null, 'IV')).to.not.equal('ERROR');
    expect(level('Phytonadione', 2, 'mg/min', null, 'IV')).to.equal('ERROR');
    expect(call('get_profile', 'Vitamin K1')).to.include({ found: true, name: 'Phytonadione' });
  });
});

describe('pk clevidipine and etomidate (issue 24)', () => {
  it('clevidipine: 32 mg/h maximum rate and 500 mg (1,000 mL) per day lipid limit', () => {
    expect(level('Clevidipine', 32, 'mg/h')).to.not.equal('ERROR');
    expect(level('Clevidipine', 33, 'mg/h')).to.equal('ERROR');
    expect(level('Clevidipine', 600, 'mg/day')).to.equal('ERROR');
    expect(contraindicated('Clevidipine', 'allergy to soybeans, soy products, eggs or egg products')).to.equal(true);
    expect(contraindicated('Clevidipine', 'lipoid nephrosis')).to.equal(true);
  });

  it('etomidate resolves by its brand and answers its one label contraindication', () => {
    expect(call('get_profile', 'Amidate')).to.include({ found: true, name: 'Etomidate' });
    expect(contraindicated('Etomidate', 'known hypersensitivity to the drug')).to.equal(true);
    // sepsis entered the vocabulary with the ergotamine label; etomidate's label does not name it
    expect(contraindicated('Etomidate', 'sepsis')).to.equal(false);
    expect(contraindicated('Etomidate', 'glioblastoma')).to.equal(null); // not in the vocabulary: not checked
  });
});

describe('pk neostigmine and lidocaine (issue 24)', () => {
  it('neostigmine: 0.07 mg/kg capped at 5 mg', () => {
    expect(level('Neostigmine', 0.07, 'mg/kg', 70)).to.not.equal('ERROR'); // 4.9 mg
    expect(level('Neostigmine', 0.07, 'mg/kg', 80)).to.equal('ERROR'); // 5.6 mg exceeds the 5 mg cap
    expect(level('Neostigmine', 0.08, 'mg/kg', 50)).to.equal('ERROR');
    expect(contraindicated('Neostigmine', 'mechanical obstruction of the urinary tract')).to.equal(true);
  });

  it('lidocaine IV: contraindicated in WPW and Stokes-Adams; above 300 mg/h is an ERROR', () => {
    expect(contraindicated('Lidocaine', 'WPW')).to.equal(true);
    expect(contraindicated('Lidocaine', 'Stokes-Adams syndrome')).to.equal(true);
    expect(level('Lidocaine', 4, 'mg/min')).to.not.equal('ERROR');
    expect(level('Lidocaine', 6, 'mg/min')).to.equal('ERROR');
  });
});

describe('pk oxytocin and the ISMP list (issue 24)', () => {
  it('oxytocin: antepartum label contraindications, narrower obstetric conditions included', () => {
    expect(contraindicated('Oxytocin', 'significant cephalopelvic disproportion')).to.equal(true);
    expect(contraindicated('Oxytocin', 'vasa previa')).to.equal(true); // a case where vaginal delivery is contraindicated
    expect(contraindicated('Oxytocin', 'hypertension')).to.equal(false); // not an oxytocin contraindication (it is one for methylergonovine)
    expect(call('get_profile', 'Pitocin')).to.include({ found: true, name: 'Oxytocin' });
  });

  it('neuromuscular blockers, potassium chloride concentrate and IV oxytocin are on the ISMP high-alert list of the table', () => {
    const listed = new Map(((drugTable as any).high_alert as { name: string; ismp_category: string }[]).map((h) => [h.name, h.ismp_category]));
    for (const name of ['Succinylcholine', 'Rocuronium', 'Vecuronium', 'Cisatracurium']) expect(listed.get(name), name).to.equal('neuromuscular blocking agents');
    expect(listed.get('Potassium_Chloride')).to.equal('potassium chloride for injection concentrate');
    expect(listed.get('Oxytocin')).to.equal('oxytocin, IV');
  });
});

describe('pk potassium phosphate and 50% dextrose (issue 24)', () => {
  it('potassium phosphate: 45 mmol single-dose maximum; 6.8 mmol/h peripherally unless a central line is named', () => {
    expect(level('Potassium_Phosphate', 0.64, 'mmol/kg', 70)).to.not.equal('ERROR'); // 44.8 mmol
    expect(level('Potassium_Phosphate', 0.64, 'mmol/kg', 80)).to.equal('ERROR'); // 51.2 mmol
    expect(level('Potassium_Phosphate', 10, 'mmol/h')).to.equal('ERROR');
    expect(level('Potassium_Phosphate', 10, 'mmol/h', null, null, 'central venous catheter with continuous ECG monitoring')).to.not.equal('ERROR');
  });

  it('50% dextrose: contraindicated with intracranial or intraspinal hemorrhage', () => {
    expect(contraindicated('Dextrose_50', 'intraspinal hemorrhage')).to.equal(true);
    expect(contraindicated('Dextrose_50', 'hemorrhagic stroke')).to.equal(true);
    expect(contraindicated('Dextrose_50', 'pregnancy')).to.equal(false);
    expect(call('get_profile', 'D50')).to.include({ found: true, name: 'Dextrose_50' });
  });
});

describe('pk methylergonovine, physostigmine and hypertonic saline (issue 24)', () => {
  
  it('methylergonovine: an ergot alkaloid, SEVERE with strong CYP3A4 inhibitors (ONC pair) and triptans, both ways; hypertension and toxemia contraindicate it', () => {
    for (const other of ['Clarithromycin', 'Ritonavir', 'Sumatriptan']) {
      expect(severity('Methylergonovine', other), other).to.equal('SEVERE');
      expect(severity(other, 'Methylergonovine'), other).to.equal('SEVERE');
    }
    expect(severity('Methylergonovine', 'Erythromycin')).to.equal('MAJOR');
    expect(contraindicated('Methylergonovine', 'toxemia')).to.equal(true);
    expect(contraindicated('Methylergonovine', 'hypertension')).to.equal(true);
  });

  it('physostigmine: SEVERE with succinylcholine, MAJOR with atropine, both ways; asthma contraindicates it; IV no faster than 1 mg/min', () => {
    expect(severity('Physostigmine', 'Succinylcholine')).to.equal('SEVERE');
    expect(severity('Succinylcholine', 'Physostigmine')).to.equal('SEVERE');
    expect(severity('Atropine', 'Physostigmine')).to.equal('MAJOR');
    expect(contraindicated('Physostigmine', 'asthma')).to.equal(true);
    expect(level('Physostigmine', 2, 'mg/min', null, 'IV')).to.equal('ERROR');
  });

  it('3% saline: the label lists no contraindication (false) and no limit (UNCHECKED); NaCl and sodium chloride do not resolve to it', () => {
    expect(contraindicated('Sodium_Chloride_3', 'hyperkalemia')).to.equal(false);
    expect(level('Sodium_Chloride_3', 30, 'mL/h')).to.equal('UNCHECKED');
    expect(call('get_profile', 'Hypertonic saline 3%')).to.include({ found: true, name: 'Sodium_Chloride_3' });
    expect(call('get_profile', 'NaCl')).to.include({ found: false });
    expect(call('get_profile', 'sodium chloride')).to.include({ found: false });
    expect(call('get_profile', 'glucose')).to.include({ found: false });
  });
});

describe('pk buprenorphine, promethazine and terbutaline injections (issue 24)', () => {
  it('buprenorphine: 0.3 mg per IV dose, 0.6 mg IM only; an opioid, so MAJOR with a benzodiazepine (boxed warning) and EXPECTED with naloxone', () => {
    expect(level('Buprenorphine', 0.3, 'mg', null, 'IV')).to.not.equal('ERROR');
    expect(level('Buprenorphine', 0.6, 'mg', null, 'IV')).to.equal('ERROR');
    expect(level('Buprenorphine', 0.6, 'mg', null, 'IM')).to.not.equal('ERROR');
    expect(call('check_interactions', 'Buprenorphine', ['Midazolam']).max_severity).to.equal('MAJOR');
    expect(call('check_interactions', 'Naloxone', ['Buprenorphine']).max_severity).to.equal('EXPECTED');
  });

  it('promethazine IV no faster than 25 mg/min; terbutaline 0.5 mg at most', () => {
    expect(level('Promethazine', 25, 'mg/min', null, 'IV')).to.not.equal('ERROR');
    expect(level('Promethazine', 30, 'mg/min', null, 'IV')).to.equal('ERROR');
    expect(level('Terbutaline', 0.25, 'mg')).to.not.equal('ERROR');
    expect(level('Terbutaline', 0.75, 'mg')).to.equal('ERROR');
  });
});

describe('pk isoproterenol and procainamide (issue 24)', () => {
  it('procainamide: injected no faster than 50 mg/min; isoproterenol resolves and its read label answers false outside its section; procainamide\'s read label answers for its conditions', () => {
    expect(level('Procainamide', 50, 'mg/min')).to.not.equal('ERROR');
    expect(level('Procainamide', 60, 'mg/min')).to.equal('ERROR');
    expect(call('get_profile', 'Isoprenaline')).to.include({ found: true, name: 'Isoproterenol' });
    expect(contraindicated('Isoproterenol', 'pregnancy')).to.equal(false); // read: pregnancy is not in its Contraindications section
    expect(contraindicated('Isoproterenol', 'digitalis_toxicity')).to.equal(true);
    expect(contraindicated('Procainamide', 'pregnancy')).to.equal(false); // read: pregnancy is not in its Contraindications section
    expect(contraindicated('Procainamide', 'systemic lupus erythematosus')).to.equal(true);
  });
});

describe('pk ephedrine and ibutilide (issue 24)', () => {
  it('ephedrine: no label contraindication; 50 mg total caps a single dose', () => {
    expect(contraindicated('Ephedrine', 'pregnancy')).to.equal(false);
    expect(level('Ephedrine', 10, 'mg')).to.not.equal('ERROR');
    expect(level('Ephedrine', 60, 'mg')).to.equal('ERROR');
  });

  it('ibutilide with a class Ia or other class III antiarrhythmic is MAJOR both ways', () => {
    for (const other of ['Procainamide', 'Amiodarone', 'Sotalol', 'Dofetilide']) {
      expect(call('check_interactions', 'Ibutilide', [other]).max_severity, other).to.be.oneOf(['MAJOR', 'SEVERE']);
      expect(call('check_interactions', other, ['Ibutilide']).max_severity, other).to.be.oneOf(['MAJOR', 'SEVERE']);
    }
  });
});

describe('pk pralidoxime and deferoxamine (issue 24)', () => {
  it('pralidoxime: no absolute contraindication (false); IV no faster than 200 mg/min', () => {
    expect(contraindicated('Pralidoxime', 'pregnancy')).to.equal(false);
    expect(level('Pralidoxime', 250, 'mg/min', null, 'IV')).to.equal('ERROR');
  });

  it('deferoxamine: 6 g per day and 15 mg/kg/h', () => {
    expect(level('Deferoxamine', 6000, 'mg/day')).to.not.equal('ERROR');
    expect(level('Deferoxamine', 7000, 'mg/day')).to.equal('ERROR');
    expect(level('Deferoxamine', 20, 'mg/kg/h', 70, 'IV')).to.equal('ERROR');
  });
});

describe('pk fosphenytoin and mannitol (issue 24)', () => {
  it('fosphenytoin: 150 mg PE/min boxed limit; its label conditions answer true, others false (CEREBYX section 4 read whole); a strong CYP3A4 inducer like phenytoin', () => {
    expect(level('Fosphenytoin', 150, 'mg/min', 70)).to.not.equal('ERROR');
    expect(level('Fosphenytoin', 200, 'mg/min', 70)).to.equal('ERROR');
    expect(contraindicated('Fosphenytoin', 'sinus bradycardia')).to.equal(true);
    expect(contraindicated('Fosphenytoin', 'pregnancy')).to.equal(false);
    expect(contraindicated('Fosphenytoin', 'prior phenytoin hepatotoxicity')).to.equal(true);
    expect(call('check_interactions', 'Fosphenytoin', ['Simvastatin']).max_severity).to.equal(call('check_interactions', 'Phenytoin', ['Simvastatin']).max_severity);
  });
});

describe('pk droperidol and diphenhydramine (issue 24)', () => {
  it('droperidol: contraindicated with long QT; QT-prolonging with ondansetron', () => {
    expect(contraindicated('Droperidol', 'congenital long QT syndrome')).to.equal(true);
    expect(call('check_interactions', 'Droperidol', ['Ondansetron']).max_severity).to.equal('MODERATE');
  });

  it('diphenhydramine injection: 100 mg per dose, 400 mg per day, 25 mg/min; contraindicated when breastfeeding', () => {
    expect(level('Diphenhydramine', 50, 'mg')).to.not.equal('ERROR');
    expect(level('Diphenhydramine', 150, 'mg')).to.equal('ERROR');
    expect(level('Diphenhydramine', 500, 'mg/day')).to.equal('ERROR');
    expect(level('Diphenhydramine', 30, 'mg/min', null, 'IV')).to.equal('ERROR');
    expect(contraindicated('Diphenhydramine', 'breastfeeding')).to.equal(true);
  });
});

describe('pk enalaprilat (issue 24)', () => {
  it('5 mg per dose and 20 mg per day; an ACE inhibitor, so it completes the NSAID + RAAS inhibitor + diuretic triple', () => {
    expect(level('Enalaprilat', 5, 'mg')).to.not.equal('ERROR');
    expect(level('Enalaprilat', 6, 'mg')).to.equal('ERROR');
    expect(level('Enalaprilat', 25, 'mg/day')).to.equal('ERROR');
    expect(call('check_interactions', 'Enalaprilat', ['Ibuprofen', 'Furosemide'])).to.include({ max_severity: 'MAJOR', safe_to_administer: false });
  });
});

describe('pk cyanide antidotes (issue 24)', () => {
  it('sodium nitrite no faster than 5 mL/min of 3% (150 mg/min); thiosulfate resolves by its name', () => {
    expect(level('Sodium_Nitrite', 150, 'mg/min')).to.not.equal('ERROR');
    expect(level('Sodium_Nitrite', 200, 'mg/min')).to.equal('ERROR');
    expect(call('get_profile', 'sodium thiosulfate')).to.include({ found: true, name: 'Sodium_Thiosulfate' });
  });
});

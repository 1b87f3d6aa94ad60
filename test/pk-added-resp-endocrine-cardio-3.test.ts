// Issue 24 coverage, group resp-endocrine-cardio-3: respiratory, endocrine and cardiovascular drugs added to the pk table
// (levalbuterol, fluticasone propionate, roflumilast, denosumab, dipyridamole, pentoxifylline, aliskiren, evolocumab,
// insulin glulisine, medroxyprogesterone, testosterone cypionate). Each expectation is the label statement cited beside it
// (the copies read are named in each row's source and in contraindications.json).
import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import { libraryOf } from './helpers/library.js';
import { contraindicated, doseLevel as level, maxSeverity as severity } from './helpers/pk-checks.js';

const { call } = libraryOf('pk');
const PROLIA = 'osteoporosis or bone loss (PROLIA)';
const XGEVA = 'bone metastases, multiple myeloma, giant cell tumor of bone or hypercalcemia of malignancy (XGEVA)';

describe('pk drugs added for resp-endocrine-cardio-3: brand names', () => {
  it('brand names resolve to the row', () => {
    const names: Record<string, string> = {
      Xopenex: 'Levalbuterol', 'Xopenex HFA': 'Levalbuterol', 'Flovent HFA': 'Fluticasone_Propionate', Flovent: 'Fluticasone_Propionate',
      Daliresp: 'Roflumilast', Prolia: 'Denosumab', Xgeva: 'Denosumab', Persantine: 'Dipyridamole', Trental: 'Pentoxifylline',
      Oxpentifylline: 'Pentoxifylline', Tekturna: 'Aliskiren', Repatha: 'Evolocumab', Apidra: 'Insulin_Glulisine',
      'Apidra SoloStar': 'Insulin_Glulisine', 'Depo-Provera': 'Medroxyprogesterone', 'depo-subQ provera 104': 'Medroxyprogesterone',
      'Depo-Testosterone': 'Testosterone_Cypionate', 'testosterone cypionate': 'Testosterone_Cypionate',
    };
    for (const [spelling, name] of Object.entries(names)) expect(call('get_profile', spelling), spelling).to.include({ found: true, name });
  });
});

describe('pk drugs added for resp-endocrine-cardio-3: label doses at their limits', () => {
  it('levalbuterol: 0.63 mg usual, 1.25 mg the maximum recommended dose (XOPENEX Highlights D&A)', () => {
    expect(level('Levalbuterol', 0.63, 'mg')).to.equal('OK'); // D&A: 0.63 mg three times a day
    expect(level('Levalbuterol', 1.25, 'mg')).to.equal('OK'); // D&A: maximum recommended dose 1.25 mg three times a day
    expect(level('Levalbuterol', 1.26, 'mg')).to.equal('ERROR');
    expect(level('Levalbuterol', 12.5, 'mg')).to.equal('ERROR'); // ten times the top
  });

  it('levalbuterol in an acute asthma exacerbation: the guideline 1.25-5 mg per dose when the indication is named (MSD Manual, after NAEPP EPR-3)', () => {
    const exacerbation = 'acute asthma exacerbation';
    expect(level('Levalbuterol', 2.5, 'mg', null, 'INH')).to.equal('ERROR'); // maintenance label maximum without the indication
    expect(level('Levalbuterol', 5, 'mg', null, 'INH', exacerbation)).to.equal('OK');
    expect(level('Levalbuterol', 5.1, 'mg', null, 'INH', exacerbation)).to.equal('ERROR');
    // three doses 20 minutes apart are not held to the label's 3.75 mg/day maintenance maximum
    const run = runProtocol(`protocol A { ${'administer Levalbuterol dose: 2.5 mg route: INH indication: "acute asthma exacerbation"; '.repeat(3)}}`);
    expect(run.body.events.filter((e: any) => / dose OK$/.test(e.event ?? e))).to.have.length(3);
  });

  it('fluticasone propionate HFA: 88 mcg start, 880 mcg twice daily the maximum (FLOVENT HFA 2.2)', () => {
    expect(level('Fluticasone_Propionate', 88, 'mcg')).to.equal('OK');
    expect(level('Fluticasone_Propionate', 880, 'mcg')).to.equal('OK');
    expect(level('Fluticasone_Propionate', 881, 'mcg')).to.equal('ERROR');
    expect(level('Fluticasone_Propionate', 8800, 'mcg')).to.equal('ERROR');
  });

  it('roflumilast: 500 mcg once daily (DALIRESP Highlights D&A); no stated maximum, ten times is an ERROR', () => {
    expect(level('Roflumilast', 500, 'mcg')).to.equal('OK');
    expect(level('Roflumilast', 0.25, 'mg')).to.equal('OK'); // the 250 mcg starting dose
    expect(level('Roflumilast', 4999, 'mcg')).to.not.equal('ERROR');
    expect(level('Roflumilast', 5000, 'mcg')).to.equal('ERROR');
  });

  it('denosumab: PROLIA 60 mg and XGEVA 120 mg fixed doses held per indication (PROLIA 2; XGEVA Highlights D&A)', () => {
    expect(level('Denosumab', 60, 'mg', null, null, PROLIA)).to.equal('OK');
    expect(level('Denosumab', 61, 'mg', null, null, PROLIA)).to.equal('ERROR');
    expect(level('Denosumab', 120, 'mg', null, null, XGEVA)).to.equal('OK');
    expect(level('Denosumab', 121, 'mg', null, null, XGEVA)).to.equal('ERROR');
    expect(level('Denosumab', 60, 'mg')).to.equal('OK');
    expect(level('Denosumab', 120, 'mg')).to.equal('ERROR'); // without an indication the stricter (PROLIA) limit holds
    expect(level('Denosumab', 1200, 'mg', null, null, XGEVA)).to.equal('ERROR');
  });

  it('dipyridamole 75-100 mg four times daily (PERSANTINE D&A); pentoxifylline 400 mg three times daily (D&A)', () => {
    expect(level('Dipyridamole', 100, 'mg')).to.equal('OK');
    expect(level('Dipyridamole', 1000, 'mg')).to.equal('ERROR');
    expect(level('Pentoxifylline', 400, 'mg')).to.equal('OK');
    expect(level('Pentoxifylline', 4000, 'mg')).to.equal('ERROR');
    // D&A: creatinine clearance below 30 mL/min, 400 mg once a day
    expect(call('renal_adjust', 'Pentoxifylline', 20).recommendation).to.match(/400 mg once a day/);
  });

  it('aliskiren: 150 mg start, titrated up to 300 mg daily (TEKTURNA Highlights D&A)', () => {
    expect(level('Aliskiren', 150, 'mg')).to.equal('OK');
    expect(level('Aliskiren', 300, 'mg')).to.equal('OK');
    expect(level('Aliskiren', 301, 'mg')).to.equal('ERROR');
    expect(level('Aliskiren', 3000, 'mg')).to.equal('ERROR');
  });

  it('evolocumab 140 mg every 2 weeks or 420 mg monthly (REPATHA 2)', () => {
    expect(level('Evolocumab', 140, 'mg')).to.equal('OK');
    expect(level('Evolocumab', 420, 'mg')).to.equal('OK');
    expect(level('Evolocumab', 4200, 'mg')).to.equal('ERROR');
  });

  it('insulin glulisine follows the insulin rows: SC checked against the usual daily requirement, IV against the DKA range', () => {
    expect(level('Insulin_Glulisine', 6, 'units')).to.equal('UNCHECKED'); // no label single dose; the daily range needs the weight
    expect(level('Insulin_Glulisine', 6, 'units', 70)).to.equal('OK');
    expect(level('Insulin_Glulisine', 700, 'units', 70)).to.equal('ERROR'); // ten times 1 unit/kg/day
    expect(level('Insulin_Glulisine', 0.1, 'units/kg/h', 70, 'IV')).to.equal('OK'); // APIDRA: IV infusion under supervision; ADA 2009 rate
    expect(level('Insulin_Glulisine', 1.4, 'units/kg/h', 70, 'IV')).to.equal('ERROR');
  });

  it('medroxyprogesterone depot 150 mg IM or 104 mg SC every 3 months; testosterone cypionate 50-400 mg IM (MPR label summaries)', () => {
    expect(level('Medroxyprogesterone', 150, 'mg', null, 'IM')).to.equal('OK');
    expect(level('Medroxyprogesterone', 1500, 'mg', null, 'IM')).to.equal('ERROR');
    expect(level('Medroxyprogesterone', 104, 'mg', null, 'SC')).to.equal('OK');
    expect(level('Medroxyprogesterone', 1040, 'mg', null, 'SC')).to.equal('ERROR');
    expect(level('Testosterone_Cypionate', 200, 'mg')).to.equal('OK');
    expect(level('Testosterone_Cypionate', 4000, 'mg')).to.equal('ERROR');
  });
});

describe('pk drugs added for resp-endocrine-cardio-3: label contraindications', () => {
  it('complete readings answer every label condition true and an unnamed condition false', () => {
    expect(contraindicated('Levalbuterol', 'hypersensitivity_to_drug')).to.equal(true); // XOPENEX 4: levalbuterol or racemic albuterol
    expect(contraindicated('Levalbuterol', 'pregnancy')).to.equal(false);
    expect(contraindicated('Roflumilast', 'child-pugh b')).to.equal(true); // DALIRESP 4: moderate to severe liver impairment
    expect(contraindicated('Roflumilast', 'child pugh class c')).to.equal(true);
    expect(contraindicated('Roflumilast', 'hypersensitivity_to_drug')).to.equal(false); // the US section has no hypersensitivity item
    expect(contraindicated('Denosumab', 'hypocalcaemia')).to.equal(true); // PROLIA 4.1, XGEVA 4
    expect(contraindicated('Denosumab', 'pregnant')).to.equal(true); // PROLIA 4.2
    expect(contraindicated('Denosumab', 'hypersensitivity_to_drug')).to.equal(true); // PROLIA 4.3, XGEVA 4
    expect(contraindicated('Denosumab', 'asthma')).to.equal(false);
    expect(contraindicated('Dipyridamole', 'hypersensitivity_to_drug')).to.equal(true); // PERSANTINE: hypersensitivity only
    expect(contraindicated('Dipyridamole', 'pregnancy')).to.equal(false);
    expect(contraindicated('Pentoxifylline', 'recent cerebral haemorrhage')).to.equal(true); // CONTRAINDICATIONS
    expect(contraindicated('Pentoxifylline', 'recent retinal hemorrhage')).to.equal(true);
    expect(contraindicated('Pentoxifylline', 'intolerance to methylxanthines')).to.equal(true); // caffeine, theophylline, theobromine
    expect(contraindicated('Pentoxifylline', 'hypersensitivity_to_drug')).to.equal(true); // intolerance to this product
    expect(contraindicated('Pentoxifylline', 'pregnancy')).to.equal(false);
    expect(contraindicated('Pentoxifylline', 'intracranial hemorrhage')).to.equal(null); // the label names only a recent cerebral hemorrhage
    expect(contraindicated('Aliskiren', 'ace inhibitor or arb in a patient with diabetes')).to.equal(true); // TEKTURNA 4
    expect(contraindicated('Aliskiren', 'hypersensitivity_to_drug')).to.equal(true);
    expect(contraindicated('Aliskiren', 'infant under 2')).to.equal(true); // pediatric patients under 2 years
    expect(contraindicated('Aliskiren', 'diabetes')).to.equal(false); // only with an ACE inhibitor or ARB
    expect(contraindicated('Evolocumab', 'hypersensitivity_to_drug')).to.equal(true); // REPATHA 4
    expect(contraindicated('Evolocumab', 'pregnancy')).to.equal(false);
    expect(contraindicated('Insulin_Glulisine', 'hypoglycemia')).to.equal(true); // APIDRA 4
    expect(contraindicated('Insulin_Glulisine', 'hypersensitivity_to_drug')).to.equal(true);
    expect(contraindicated('Insulin_Glulisine', 'pregnancy')).to.equal(false);
  });

  it('partial readings answer their conditions true and any other condition null', () => {
    expect(contraindicated('Fluticasone_Propionate', 'acute episode of asthma requiring intensive measures')).to.equal(true); // FLOVENT HFA 4 (MPR)
    expect(contraindicated('Fluticasone_Propionate', 'hypersensitivity_to_drug')).to.equal(true); // manufacturer's safety information
    expect(contraindicated('Fluticasone_Propionate', 'pregnancy')).to.equal(null);
    expect(contraindicated('Medroxyprogesterone', 'history of deep vein thrombosis')).to.equal(true); // current or past thromboembolic disorders
    expect(contraindicated('Medroxyprogesterone', 'cerebrovascular disorder')).to.equal(true);
    expect(contraindicated('Medroxyprogesterone', 'breast carcinoma')).to.equal(true); // known, suspected or past breast malignancy
    expect(contraindicated('Medroxyprogesterone', 'significant_liver_disease')).to.equal(true);
    expect(contraindicated('Medroxyprogesterone', 'hypersensitivity_to_drug')).to.equal(true);
    expect(contraindicated('Medroxyprogesterone', 'undiagnosed abnormal vaginal bleeding')).to.equal(true);
    expect(contraindicated('Medroxyprogesterone', 'pregnancy')).to.equal(true); // MPR summary of DEPO-PROVERA CI
    expect(contraindicated('Medroxyprogesterone', 'asthma')).to.equal(null);
    expect(contraindicated('Testosterone_Cypionate', 'hypersensitivity_to_drug')).to.equal(true);
    expect(contraindicated('Testosterone_Cypionate', 'breast cancer in a man')).to.equal(true); // males with carcinoma of the breast
    expect(contraindicated('Testosterone_Cypionate', 'prostate carcinoma')).to.equal(true); // known or suspected prostate carcinoma
    expect(contraindicated('Testosterone_Cypionate', 'pregnancy')).to.equal(true);
    expect(contraindicated('Testosterone_Cypionate', 'serious cardiac, hepatic or renal disease')).to.equal(true);
    expect(contraindicated('Testosterone_Cypionate', 'asthma')).to.equal(null);
  });
});

describe('pk drugs added for resp-endocrine-cardio-3: label interactions in both directions', () => {
  it('aliskiren with an ACE inhibitor or ARB is SEVERE (TEKTURNA 4: contraindicated in diabetes)', () => {
    for (const other of ['Lisinopril', 'Enalapril', 'Losartan', 'Valsartan', 'Sacubitril_Valsartan', 'Enalaprilat']) {
      expect(severity('Aliskiren', other), other).to.equal('SEVERE');
      expect(severity(other, 'Aliskiren'), other).to.equal('SEVERE');
    }
  });

  it('"avoid" and "not recommended" pairs are MAJOR', () => {
    const pairs: [string, string][] = [
      ['Aliskiren', 'Cyclosporine'], // TEKTURNA 7: avoid
      ['Aliskiren', 'Itraconazole'], // TEKTURNA 7: avoid
      ['Roflumilast', 'Rifampin'], // DALIRESP 5.4: strong CYP inducers not recommended
      ['Roflumilast', 'Carbamazepine'],
      ['Fluticasone_Propionate', 'Ritonavir'], // FLOVENT HFA 7.1: strong CYP3A4 inhibitors not recommended
      ['Fluticasone_Propionate', 'Clarithromycin'],
      ['Medroxyprogesterone', 'Phenytoin'], // DEPO-PROVERA CI: CYP3A4 inducers, avoid
    ];
    for (const [a, b] of pairs) {
      expect(severity(a, b), `${a} + ${b}`).to.equal('MAJOR');
      expect(severity(b, a), `${b} + ${a}`).to.equal('MAJOR');
    }
  });

  it('class members: glulisine with the insulins, dipyridamole with the antiplatelets; pentoxifylline with warfarin MODERATE', () => {
    expect(severity('Insulin_Glulisine', 'Glipizide')).to.equal('MODERATE'); // insulins + sulfonylureas
    expect(severity('Warfarin', 'Dipyridamole')).to.equal('MODERATE'); // anticoagulants + antiplatelets
    expect(severity('Pentoxifylline', 'Warfarin')).to.equal('MODERATE'); // TRENTAL 2012: monitor anticoagulant activity
    expect(severity('Warfarin', 'Pentoxifylline')).to.equal('MODERATE');
  });
});

describe('pk drugs added for resp-endocrine-cardio-3: through the engine', () => {
  it('administer aliskiren and roflumilast at label doses logs an OK dose check', () => {
    const { kind, body } = runProtocol('protocol T {\n  administer Aliskiren dose: 150 mg route: PO every: 24 h;\n  administer Roflumilast dose: 500 mcg route: PO;\n}');
    expect(kind, body.error ?? '').to.equal('ok');
    const [aliskiren, roflumilast] = body.events.filter((e) => e.kind === 'administer');
    expect(aliskiren!.event).to.match(/administer Aliskiren 150 mg PO every 24 h: dose OK/);
    expect(roflumilast!.event).to.match(/administer Roflumilast 500 mcg PO: dose OK/);
  });
});

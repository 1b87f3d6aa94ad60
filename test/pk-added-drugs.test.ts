// Issue 24 item 1: hospital antimicrobials and home medications added to the pk table. Each expectation is
// the label's own statement (section named beside it), checked through the library's call interface.
import { expect } from 'chai';
import { libraryOf } from './helpers/library.js';
import { contraindicated, maxSeverity as severity } from './helpers/pk-checks.js';

const { call } = libraryOf('pk');

describe('pk drugs added for issue 24 (hospital antimicrobials, home medications)', () => {
  it('brand names, abbreviations and combination spellings resolve to the row', () => {
    const names: Record<string, string> = {
      Keflex: 'Cephalexin', Unasyn: 'Ampicillin_Sulbactam', 'ampicillin/sulbactam': 'Ampicillin_Sulbactam', 'Ampicillin and Sulbactam': 'Ampicillin_Sulbactam',
      Fortaz: 'Ceftazidime', Azactam: 'Aztreonam', Invanz: 'Ertapenem', Mycamine: 'Micafungin', Cytovene: 'Ganciclovir', Macrobid: 'Nitrofurantoin',
      Augmentin: 'Amoxicillin_Clavulanate', 'amoxicillin-clavulanate': 'Amoxicillin_Clavulanate', Valtrex: 'Valacyclovir', CellCept: 'Mycophenolate_Mofetil',
      MMF: 'Mycophenolate_Mofetil', Mycophenolate: 'Mycophenolate_Mofetil', Viagra: 'Sildenafil', Revatio: 'Sildenafil', Flomax: 'Tamsulosin', prednisone: 'Prednisone',
      Farxiga: 'Dapagliflozin', Januvia: 'Sitagliptin', Desyrel: 'Trazodone', Wellbutrin: 'Bupropion', 'Wellbutrin XL': 'Bupropion', Aricept: 'Donepezil',
      Spiriva: 'Tiotropium', Fosamax: 'Alendronate', Actos: 'Pioglitazone', Imdur: 'Isosorbide_Mononitrate', 'isosorbide mononitrate': 'Isosorbide_Mononitrate',
      Remeron: 'Mirtazapine', Proscar: 'Finasteride', Singulair: 'Montelukast', Cialis: 'Tadalafil', Flexeril: 'Cyclobenzaprine', Buspar: 'Buspirone',
      Namenda: 'Memantine', 'Ditropan XL': 'Oxybutynin', Vistaril: 'Hydroxyzine', Cardura: 'Doxazosin', Zetia: 'Ezetimibe', Plaquenil: 'Hydroxychloroquine',
      Tricor: 'Fenofibrate', Tradjenta: 'Linagliptin', Omnicef: 'Cefdinir', Ranexa: 'Ranolazine', Entresto: 'Sacubitril_Valsartan',
      'sacubitril/valsartan': 'Sacubitril_Valsartan', Corlanor: 'Ivabradine', Effient: 'Prasugrel', Sinemet: 'Carbidopa_Levodopa',
      'carbidopa-levodopa': 'Carbidopa_Levodopa', Ozempic: 'Semaglutide', Multaq: 'Dronedarone', Tambocor: 'Flecainide', Latuda: 'Lurasidone',
      Soltamox: 'Tamoxifen', Tapazole: 'Methimazole', Lioresal: 'Baclofen', Zyrtec: 'Cetirizine', Inspra: 'Eplerenone', Bystolic: 'Nebivolol',
    };
    for (const [spelling, name] of Object.entries(names)) expect(call('get_profile', spelling), spelling).to.include({ found: true, name });
  });

  it('label contraindications answer true, a condition the label does not name false (the reading is complete), one whose narrower case it names null', () => {
    expect(contraindicated('Nitrofurantoin', 'creatinine clearance below 60')).to.equal(true); // Macrobid: CrCl under 60
    expect(contraindicated('Nitrofurantoin', 'pregnant at term')).to.equal(true); // pregnancy at term
    expect(contraindicated('Nitrofurantoin', 'pregnancy')).to.equal(null); // only at term, labor and delivery: a narrower case, so not checked, never false
    expect(contraindicated('Ceftazidime', 'cephalosporin hypersensitivity')).to.equal(true);
    expect(contraindicated('Ceftazidime', 'penicillin allergy')).to.equal(false); // a caution in Fortaz, not a contraindication
    expect(contraindicated('Ampicillin', 'penicillin allergy')).to.equal(true);
    expect(contraindicated('Ertapenem', 'anaphylaxis to beta-lactams')).to.equal(true);
    expect(contraindicated('Ertapenem', 'lidocaine allergy')).to.equal(true); // the IM diluent
    expect(contraindicated('Ampicillin_Sulbactam', 'previous cholestatic jaundice with the drug')).to.equal(true);
    expect(contraindicated('Prednisone', 'systemic fungal infection')).to.equal(true);
    expect(contraindicated('Sildenafil', 'taking nitrates')).to.equal(true);
    expect(contraindicated('Isosorbide_Dinitrate', 'concomitant_pde5_inhibitor')).to.equal(true); // MPR: concomitant PDE5 inhibitors, riociguat
    expect(contraindicated('Zolpidem', 'sleep driving')).to.equal(true); // Ambien 4: complex sleep behaviors after zolpidem
    expect(contraindicated('Penicillin_V', 'penicillin allergy')).to.equal(true);
    expect(contraindicated('Terazosin', 'penicillin allergy')).to.equal(false); // terazosin: hypersensitivity only
    expect(contraindicated('Canagliflozin', 'on hemodialysis')).to.equal(true); // Invokana 4: on dialysis
    expect(contraindicated('Solifenacin', 'urinary retention')).to.equal(true); // VESIcare 4
    expect(contraindicated('Tolterodine', 'fesoterodine allergy')).to.equal(true); // Detrol: fesoterodine shares the active metabolite
    expect(contraindicated('Dutasteride', 'pregnancy')).to.equal(true); // Avodart: not for use in women
    expect(contraindicated('Liraglutide', 'men2')).to.equal(true); // Victoza boxed warning and 4
    expect(contraindicated('Dulaglutide', 'medullary_thyroid_carcinoma_history')).to.equal(true); // Trulicity 4.1
    expect(contraindicated('Liothyronine', 'adrenal insufficiency')).to.equal(true); // Cytomel 4: uncorrected adrenal cortical insufficiency
    expect(contraindicated('Cilostazol', 'congestive heart failure')).to.equal(true); // Pletal boxed warning: heart failure of any severity
    expect(contraindicated('Alfuzosin', 'child-pugh b')).to.equal(true); // Uroxatral 4: moderate or severe hepatic impairment
    expect(contraindicated('Naltrexone', 'on methadone maintenance')).to.equal(true); // naltrexone: current opioid dependence
    expect(contraindicated('Valganciclovir', 'ganciclovir allergy')).to.equal(true);
    expect(contraindicated('Misoprostol', 'pregnancy')).to.equal(true); // Cytotec boxed warning
    expect(contraindicated('Raloxifene', 'dvt_or_pe_history')).to.equal(true); // Evista boxed warning and 4.1
    expect(contraindicated('Fesoterodine', 'tolterodine allergy')).to.equal(true); // Toviaz 4
    expect(contraindicated('Leflunomide', 'pregnancy')).to.equal(true); // Arava boxed warning and 4
    expect(contraindicated('Sulfasalazine', 'sulfa allergy')).to.equal(true); // Azulfidine 4: sulfonamides
    expect(contraindicated('Sulfasalazine', 'porphyria')).to.equal(true);
    expect(contraindicated('Desmopressin', 'history of hyponatremia')).to.equal(true); // desmopressin tablets: hyponatremia or its history
    expect(contraindicated('Cefuroxime', 'cephalosporin hypersensitivity')).to.equal(true); // cefuroxime axetil 4: other beta-lactams
    expect(contraindicated('Cefuroxime', 'penicillin allergy')).to.equal(false); // only severe (anaphylactic) beta-lactam hypersensitivity
    expect(contraindicated('Valacyclovir', 'acyclovir allergy')).to.equal(true);
    expect(contraindicated('Aztreonam', 'penicillin allergy')).to.equal(false); // rarely cross-reactive: a caution only
    expect(contraindicated('Bupropion', 'seizure disorder')).to.equal(true); // Wellbutrin 4
    expect(contraindicated('Bupropion', 'anorexia nervosa')).to.equal(true);
    expect(contraindicated('Alendronate', 'achalasia')).to.equal(true); // Fosamax 4: esophageal abnormalities delaying emptying
    expect(contraindicated('Alendronate', 'hypocalcaemia')).to.equal(true);
    expect(contraindicated('Donepezil', 'piperidine allergy')).to.equal(true);
    expect(contraindicated('Tiotropium', 'ipratropium allergy')).to.equal(true);
    expect(contraindicated('Pioglitazone', 'NYHA class IV heart failure')).to.equal(true); // Actos 4
    expect(contraindicated('Finasteride', 'pregnancy')).to.equal(true); // Proscar: women who are or may be pregnant
    expect(contraindicated('Montelukast', 'pregnancy')).to.equal(false);
    expect(contraindicated('Cyclobenzaprine', 'hyperthyroidism')).to.equal(true); // Flexeril: contraindications
    expect(contraindicated('Cyclobenzaprine', 'NYHA class IV heart failure')).to.equal(true); // a case of congestive heart failure
    expect(contraindicated('Tadalafil', 'nitrate use')).to.equal(true); // Cialis 4
    expect(contraindicated('Oxybutynin', 'urinary retention')).to.equal(true); // Ditropan XL 4
    expect(contraindicated('Hydroxyzine', 'first trimester')).to.equal(true); // early pregnancy
    expect(contraindicated('Hydroxyzine', 'long QT')).to.equal(true);
    expect(contraindicated('Doxazosin', 'prazosin allergy')).to.equal(true); // Cardura: quinazolines
    expect(contraindicated('Hydroxychloroquine', 'maculopathy')).to.equal(true);
    expect(contraindicated('Fenofibrate', 'primary biliary cholangitis')).to.equal(true); // Tricor 4: active liver disease incl. PBC
    expect(contraindicated('Fenofibrate', 'gallbladder disease')).to.equal(true);
    expect(contraindicated('Cefdinir', 'penicillin allergy')).to.equal(false); // a warning, not a contraindication
    expect(contraindicated('Ranolazine', 'cirrhosis')).to.equal(true); // Ranexa 4
    expect(contraindicated('Ivabradine', 'sick sinus syndrome')).to.equal(true); // Corlanor 4
    expect(contraindicated('Ivabradine', 'Child-Pugh C')).to.equal(true);
    expect(contraindicated('Sacubitril_Valsartan', 'ACE inhibitor induced angioedema')).to.equal(true); // Entresto 4
    expect(contraindicated('Prasugrel', 'history of stroke or TIA')).to.equal(true); // Effient 4
    expect(contraindicated('Semaglutide', 'MEN 2')).to.equal(true); // Ozempic 4
    expect(contraindicated('Carbidopa_Levodopa', 'angle-closure glaucoma')).to.equal(true);
    expect(contraindicated('Oxybutynin', 'angle-closure glaucoma')).to.equal(null); // Ditropan XL names only uncontrolled narrow-angle glaucoma, a narrower case: not checked, never false
    expect(contraindicated('Oxybutynin', 'uncontrolled angle-closure glaucoma')).to.equal(true);
    expect(contraindicated('Dronedarone', 'permanent AF')).to.equal(true); // Multaq 4
    expect(contraindicated('Dronedarone', 'NYHA class III heart failure')).to.equal(false); // class IV or recent decompensation only
    expect(contraindicated('Dofetilide', 'QTc over 500 ms')).to.equal(true); // a case of QTc above 440 ms
    expect(contraindicated('Flecainide', 'cardiogenic shock')).to.equal(true);
    expect(contraindicated('Cetirizine', 'hydroxyzine allergy')).to.equal(true); // Drug Facts: do not use
    expect(contraindicated('Eplerenone', 'potassium above 5.5')).to.equal(true); // Inspra 4
    expect(contraindicated('Nebivolol', 'cardiogenic shock')).to.equal(true); // Bystolic 4
  });

  it('label-contraindicated and avoid pairs are rules in both directions', () => {
    for (const [a, b, level] of [
      ['Sildenafil', 'Nitroglycerin', 'SEVERE'], // Viagra/Revatio 4: organic nitrates
      ['Sildenafil', 'Itraconazole', 'MAJOR'], // Revatio 7: potent CYP3A4 inhibitors not recommended
      ['Tamsulosin', 'Ketoconazole', 'MAJOR'], // Flomax 2 and 7.1: should not be used with strong CYP3A4 inhibitors
      ['Ertapenem', 'Valproic_Acid', 'MAJOR'], // Invanz 7: coadministration not recommended
      ['Sildenafil', 'Tamsulosin', 'MODERATE'], // Flomax 7.3: symptomatic hypotension
      ['Trazodone', 'Linezolid', 'SEVERE'], // Desyrel 4: MAOIs including linezolid
      ['Bupropion', 'Phenelzine', 'SEVERE'], // Wellbutrin 4: MAOIs
      ['Bupropion', 'Linezolid', 'SEVERE'],
      ['Tiotropium', 'Ipratropium', 'MAJOR'], // Spiriva 7.2: avoid other anticholinergics
      ['Dapagliflozin', 'Glipizide', 'MODERATE'], // Farxiga 5: lower the secretagogue dose
      ['Sitagliptin', 'Insulin_Glargine', 'MODERATE'], // Januvia: lower the insulin dose
      ['Sildenafil', 'Isosorbide_Mononitrate', 'SEVERE'], // Viagra/Revatio 4: organic nitrates
      ['Sildenafil', 'Isosorbide_Dinitrate', 'SEVERE'], // isosorbide dinitrate: concomitant PDE5 inhibitors
      ['Tadalafil', 'Isosorbide_Dinitrate', 'SEVERE'],
      ['Cefuroxime', 'Omeprazole', 'MAJOR'], // cefuroxime axetil 7.2: PPIs and H2 antagonists should be avoided
      ['Cefuroxime', 'Famotidine', 'MAJOR'],
      ['Fesoterodine', 'Tolterodine', 'MAJOR'], // the same active metabolite (duplicate antimuscarinic)
      ['Fesoterodine', 'Clarithromycin', 'MODERATE'], // Toviaz: at most 4 mg with strong CYP3A4 inhibitors
      ['Benztropine', 'Haloperidol', 'MODERATE'], // benztropine: antipsychotics (additive anticholinergic effects)
      ['Benztropine', 'Tiotropium', 'MAJOR'], // Spiriva 7.2: avoid other anticholinergics
      ['Naltrexone', 'Oxycodone', 'SEVERE'], // naltrexone: contraindicated in patients receiving opioid analgesics
      ['Naltrexone', 'Methadone', 'SEVERE'],
      ['Alfuzosin', 'Ketoconazole', 'SEVERE'], // Uroxatral 4 and 7.1: potent CYP3A4 inhibitors
      ['Alfuzosin', 'Prazosin', 'MAJOR'], // Uroxatral 7.2: not with other alpha blockers (alpha1_blockers class)
      ['Cilostazol', 'Omeprazole', 'MODERATE'], // Pletal: 50 mg twice daily with CYP2C19 inhibitors
      ['Meclizine', 'Oxycodone', 'MAJOR'], // meclizine 7.1 (CNS_depressants) with the opioid class rule
      ['Liraglutide', 'Glipizide', 'MODERATE'], // Victoza: reduce the secretagogue dose
      ['Dulaglutide', 'Insulin_Glargine', 'MODERATE'], // Trulicity: consider lowering the insulin dose
      ['Tolterodine', 'Clarithromycin', 'MODERATE'], // Detrol: 1 mg twice daily with potent CYP3A4 inhibitors
      ['Ropinirole', 'Ciprofloxacin', 'MODERATE'], // Requip: CYP1A2 inhibitors
      ['Ropinirole', 'Metoclopramide', 'MODERATE'], // Requip: dopamine antagonists
      ['Solifenacin', 'Ketoconazole', 'MODERATE'], // VESIcare: above 5 mg not recommended with potent CYP3A4 inhibitors
      ['Canagliflozin', 'Rifampin', 'MODERATE'], // Invokana 2: UGT inducers
      ['Tadalafil', 'Terazosin', 'MAJOR'], // Cialis: alpha blockers not recommended for BPH (alpha1_blockers class)
      ['Zolpidem', 'Oxycodone', 'MAJOR'], // Ambien 5.2/7 (CNS_depressants) with the opioid class rule
      ['Mirtazapine', 'Linezolid', 'SEVERE'], // Remeron 4: linezolid
      ['Pioglitazone', 'Insulin_Regular', 'MODERATE'], // Actos 2: lower insulin, fluid retention
      ['Tadalafil', 'Nitroglycerin', 'SEVERE'], // Cialis 4: nitrates
      ['Tadalafil', 'Tamsulosin', 'MAJOR'], // Cialis: alpha blockers not recommended for BPH
      ['Sildenafil', 'Tadalafil', 'MAJOR'], // Revatio: avoid other PDE5 inhibitors
      ['Cyclobenzaprine', 'Tranylcypromine', 'SEVERE'], // MAOIs within 14 days
      ['Buspirone', 'Phenelzine', 'SEVERE'], // buspirone label: MAOIs for depression
      ['Tiotropium', 'Oxybutynin', 'MAJOR'], // Spiriva 7.2: avoid other anticholinergics
      ['Hydroxyzine', 'Amiodarone', 'MAJOR'], // amiodarone: avoid QT-prolonging drugs
      ['Tamsulosin', 'Doxazosin', 'MAJOR'], // Flomax 7: not with other alpha blockers
      ['Tadalafil', 'Doxazosin', 'MAJOR'], // Cialis: alpha blockers not recommended for BPH
      ['Sildenafil', 'Doxazosin', 'MODERATE'], // Revatio: alpha blockers, monitor BP
      ['Ezetimibe', 'Cyclosporine', 'MODERATE'], // Zetia 7: monitor cyclosporine
      ['Fenofibrate', 'Warfarin', 'MODERATE'], // Tricor 7.1: reduce the anticoagulant dose
      ['Linagliptin', 'Rifampin', 'MAJOR'], // Tradjenta 7.1: alternatives strongly recommended
      ['Ranolazine', 'Clarithromycin', 'SEVERE'], // Ranexa 4: strong CYP3A inhibitors
      ['Ranolazine', 'Carbamazepine', 'SEVERE'], // Ranexa 4: CYP3A inducers
      ['Ranolazine', 'Diltiazem', 'MODERATE'], // Ranexa 2.2: at most 500 mg twice daily
      ['Ivabradine', 'Ketoconazole', 'SEVERE'], // Corlanor 4
      ['Sacubitril_Valsartan', 'Lisinopril', 'SEVERE'], // Entresto 4: ACE inhibitors (36 h washout)
      ['Sacubitril_Valsartan', 'Losartan', 'MAJOR'], // Entresto: not with another ARB
      ['Carbidopa_Levodopa', 'Phenelzine', 'SEVERE'], // Sinemet: nonselective MAOIs
      ['Prasugrel', 'Warfarin', 'MODERATE'], // antiplatelet with warfarin (class rule)
      ['Dronedarone', 'Clarithromycin', 'SEVERE'], // Multaq 4: strong CYP3A4 inhibitors
      ['Dronedarone', 'Haloperidol', 'SEVERE'], // Multaq 4: QT-prolonging drugs
      ['Dronedarone', 'Flecainide', 'SEVERE'], // flecainide prolongs QT too (class rule outranks the MAJOR antiarrhythmic rule)
      ['Flecainide', 'Ritonavir', 'SEVERE'], // flecainide: concurrent ritonavir
      ['Lurasidone', 'Rifampin', 'SEVERE'], // Latuda 4: strong CYP3A4 inducers
      ['Lurasidone', 'Diltiazem', 'MODERATE'], // Latuda 2: halve the dose
      ['Tamoxifen', 'Warfarin', 'SEVERE'], // Soltamox 4: warfarin (risk-reduction indications)
      ['Methimazole', 'Warfarin', 'MODERATE'], // methimazole: potentiates anticoagulants
      ['Eplerenone', 'Ketoconazole', 'SEVERE'], // Inspra 4: strong CYP3A4 inhibitors
      ['Eplerenone', 'Spironolactone', 'SEVERE'], // Inspra 4 (hypertension): potassium-sparing diuretics
      ['Nebivolol', 'Verapamil', 'MAJOR'], // beta-blocker with a non-dihydropyridine CCB (class rule)
    ] as const) {
      expect(severity(a, b), `${a} + ${b}`).to.equal(level);
      expect(severity(b, a), `${b} + ${a}`).to.equal(level);
    }
    expect(call('check_interactions', 'Prednisone', ['Warfarin']).interactions.map((r: any) => r.rule)).to.include('Warfarin + corticosteroids');
  });

  it('renal bands apply at their label edges', () => {
    expect(call('renal_adjust', 'Ertapenem', 30)).to.include({ adjustment_factor: 0.5, adjusted_dose: 500 }); // Invanz: 30 or less, 500 mg daily
    expect(call('renal_adjust', 'Ertapenem', 30.5)).to.include({ adjustment_factor: 1, adjusted_dose: 1000 });
    expect(call('renal_adjust', 'Nitrofurantoin', 59.9)).to.include({ requires_adjustment: true, adjusted_dose: null });
    expect(call('renal_adjust', 'Nitrofurantoin', 60)).to.include({ requires_adjustment: false });
    expect(call('renal_adjust', 'Ceftazidime', 50)).to.include({ interval_h: 12 }); // Fortaz Table 4: 31-50, 1 g every 12 h
    expect(call('renal_adjust', 'Ceftazidime', 5)).to.include({ adjustment_factor: 0.5, interval_h: 48 }); // 5 or less: 500 mg every 48 h
    expect(call('renal_adjust', 'Ampicillin_Sulbactam', 14.9)).to.include({ interval_h: 24 }); // Unasyn: 5-14 every 24 h
    expect(call('renal_adjust', 'Ampicillin_Sulbactam', 15)).to.include({ interval_h: 12 }); // 15-29 every 12 h
    expect(call('renal_adjust', 'Sitagliptin', 29.9)).to.include({ adjustment_factor: 0.25, adjusted_dose: 25 }); // Januvia: below 30, 25 mg
    expect(call('renal_adjust', 'Sitagliptin', 30)).to.include({ adjustment_factor: 0.5, adjusted_dose: 50 }); // 30 to below 45, 50 mg
    expect(call('renal_adjust', 'Sitagliptin', 45)).to.include({ adjustment_factor: 1, adjusted_dose: 100 });
    expect(call('renal_adjust', 'Lurasidone', 49.9)).to.include({ adjustment_factor: 0.5 }); // Latuda: CrCl below 50, max 80 mg/day
    expect(call('renal_adjust', 'Cefdinir', 29.9)).to.include({ interval_h: 24 }); // cefdinir: below 30, 300 mg once daily
    expect(call('renal_adjust', 'Cefuroxime', 29.9)).to.include({ interval_h: 24 }); // cefuroxime axetil Table 11: 10 to <30, every 24 h
    expect(call('renal_adjust', 'Cefuroxime', 9.9)).to.include({ interval_h: 48 }); // below 10: every 48 h
    expect(call('renal_adjust', 'Cefuroxime', 30)).to.include({ requires_adjustment: false });
    expect(call('renal_adjust', 'Desmopressin', 49.9)).to.include({ requires_adjustment: true, adjusted_dose: null }); // CrCl below 50: contraindicated
    expect(call('renal_adjust', 'Trospium', 29.9)).to.include({ interval_h: 24 }); // trospium: CrCl below 30, 20 mg once daily at bedtime
    expect(call('renal_adjust', 'Risedronate', 29.9)).to.include({ requires_adjustment: true, adjusted_dose: null }); // Actonel: CrCl below 30 not recommended
    expect(call('renal_adjust', 'Galantamine', 8.9)).to.include({ requires_adjustment: true, adjusted_dose: null }); // Razadyne: CrCl below 9 not recommended
    expect(call('renal_adjust', 'Valganciclovir', 59.9)).to.include({ adjustment_factor: 0.5 }); // Valcyte: 40-59, 450 mg
    expect(call('renal_adjust', 'Valganciclovir', 9.9)).to.include({ requires_adjustment: true, adjusted_dose: null }); // below 10 not recommended
    expect(call('renal_adjust', 'Pramipexole', 34.9)).to.include({ interval_h: 24 }); // Mirapex Table 2: 15-34 once daily
    expect(call('renal_adjust', 'Pramipexole', 35)).to.include({ interval_h: 12 }); // 35-59 twice daily
    expect(call('renal_adjust', 'Tolterodine', 30)).to.include({ adjustment_factor: 0.5 }); // Detrol: CrCl 10-30, 1 mg twice daily
    expect(call('renal_adjust', 'Tolterodine', 9.9)).to.include({ requires_adjustment: true, adjusted_dose: null }); // below 10 not recommended
    expect(call('renal_adjust', 'Mirabegron', 14.9)).to.include({ requires_adjustment: true, adjusted_dose: null }); // Myrbetriq: eGFR below 15 not recommended
    expect(call('renal_adjust', 'Eplerenone', 30)).to.include({ requires_adjustment: true, adjusted_dose: null }); // Inspra: CrCl 30 or less contraindicated
    expect(call('renal_adjust', 'Memantine', 29.9)).to.include({ adjustment_factor: 0.5 }); // Namenda: CrCl 5-29, 5 mg twice daily
    expect(call('renal_adjust', 'Alendronate', 34.9)).to.include({ requires_adjustment: true, adjusted_dose: null }); // Fosamax: below 35 not recommended
  });

  it('label maxima: the top of the usual range is not an ERROR and a dose above the label maximum is', () => {
    expect(call('validate_dose', 'Ganciclovir', 6, 'mg/kg', 70).level).to.not.equal('ERROR'); // Cytovene: 6 mg/kg maintenance
    expect(call('validate_dose', 'Ganciclovir', 6.5, 'mg/kg', 70).level).to.equal('ERROR'); // the recommended dose should not be exceeded
    expect(call('validate_dose', 'Sildenafil', 100, 'mg').level).to.not.equal('ERROR'); // Viagra maximum 100 mg
    expect(call('validate_dose', 'Sildenafil', 101, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Sildenafil', 10, 'mg', null, 'IV').level).to.not.equal('ERROR'); // Revatio IV 10 mg
    expect(call('validate_dose', 'Sildenafil', 12, 'mg', null, 'IV').level).to.equal('ERROR');
    expect(call('validate_dose', 'Aztreonam', 2, 'g').level).to.not.equal('ERROR');
    expect(call('validate_dose', 'Aztreonam', 9, 'g').level).to.equal('ERROR'); // Azactam: maximum 8 g per day
    expect(call('validate_dose', 'Cephalexin', 500, 'mg').level).to.not.equal('ERROR');
    expect(call('validate_dose', 'Cephalexin', 4.5, 'g').level).to.equal('ERROR'); // Keflex: up to 4 g daily
    expect(call('validate_dose', 'Donepezil', 23, 'mg').level).to.not.equal('ERROR'); // Aricept: MRHD 23 mg/day
    expect(call('validate_dose', 'Donepezil', 30, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Bupropion', 450, 'mg').level).to.not.equal('ERROR'); // Wellbutrin XL: maximum 450 mg once daily
    expect(call('validate_dose', 'Bupropion', 600, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Tiotropium', 18, 'mcg').level).to.not.equal('ERROR'); // HandiHaler: one 18 mcg capsule a day
    expect(call('validate_dose', 'Tiotropium', 36, 'mcg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Pioglitazone', 45, 'mg').level).to.not.equal('ERROR'); // Actos: maximum 45 mg once daily
    expect(call('validate_dose', 'Pioglitazone', 60, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Mirtazapine', 45, 'mg').level).to.not.equal('ERROR'); // Remeron: 15-45 mg/day
    expect(call('validate_dose', 'Mirtazapine', 60, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Buspirone', 30, 'mg').level).to.not.equal('ERROR'); // maximum 60 mg/day in divided doses
    expect(call('validate_dose', 'Buspirone', 70, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Baclofen', 20, 'mg').level).to.not.equal('ERROR'); // maximum 80 mg/day
    expect(call('validate_dose', 'Baclofen', 100, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Cetirizine', 20, 'mg').level).to.equal('ERROR'); // Drug Facts: not more than 10 mg in 24 h
    expect(call('validate_dose', 'Cefdinir', 600, 'mg').level).to.not.equal('ERROR'); // 600 mg every 24 h
    expect(call('validate_dose', 'Cefdinir', 900, 'mg').level).to.equal('ERROR'); // above 600 mg/day
    expect(call('validate_dose', 'Ranolazine', 1000, 'mg').level).to.not.equal('ERROR'); // Ranexa: maximum 1000 mg twice daily
    expect(call('validate_dose', 'Ranolazine', 1500, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Ivabradine', 7.5, 'mg').level).to.not.equal('ERROR'); // Corlanor: maximum 7.5 mg twice daily
    expect(call('validate_dose', 'Ivabradine', 10, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Zolpidem', 10, 'mg').level).to.not.equal('ERROR'); // Ambien: not to exceed 10 mg once daily
    expect(call('validate_dose', 'Zolpidem', 12.5, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Terazosin', 20, 'mg').level).to.not.equal('ERROR'); // terazosin: up to 20 mg a day
    expect(call('validate_dose', 'Terazosin', 25, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Canagliflozin', 300, 'mg').level).to.not.equal('ERROR'); // Invokana: maximum 300 mg once daily
    expect(call('validate_dose', 'Canagliflozin', 400, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Solifenacin', 10, 'mg').level).to.not.equal('ERROR'); // VESIcare: up to 10 mg once daily
    expect(call('validate_dose', 'Solifenacin', 15, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Mirabegron', 50, 'mg').level).to.not.equal('ERROR'); // Myrbetriq: maximum 50 mg once daily
    expect(call('validate_dose', 'Mirabegron', 75, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Ropinirole', 8, 'mg').level).to.not.equal('ERROR'); // Requip: 8 mg three times daily
    expect(call('validate_dose', 'Ropinirole', 30, 'mg').level).to.equal('ERROR'); // maximum 24 mg/day
    expect(call('validate_dose', 'Pramipexole', 1.5, 'mg').level).to.not.equal('ERROR'); // Mirapex: 1.5 mg three times a day
    expect(call('validate_dose', 'Pramipexole', 6, 'mg').level).to.equal('ERROR'); // maximum 4.5 mg/day
    expect(call('validate_dose', 'Loratadine', 20, 'mg').level).to.equal('ERROR'); // Drug Facts: not more than 1 tablet in 24 h
    expect(call('validate_dose', 'Fexofenadine', 180, 'mg').level).to.not.equal('ERROR'); // Drug Facts: one 180 mg tablet a day
    expect(call('validate_dose', 'Fexofenadine', 360, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Benzonatate', 200, 'mg').level).to.not.equal('ERROR'); // up to 600 mg daily in three doses
    expect(call('validate_dose', 'Benzonatate', 800, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Benztropine', 2, 'mg').level).to.not.equal('ERROR'); // maximum 6 mg
    expect(call('validate_dose', 'Benztropine', 8, 'mg').level).to.equal('ERROR');
    expect(call('validate_dose', 'Fesoterodine', 8, 'mg').level).to.not.equal('ERROR'); // Toviaz: maximum 8 mg once daily
    expect(call('validate_dose', 'Fesoterodine', 12, 'mg').level).to.equal('ERROR');
  });
});

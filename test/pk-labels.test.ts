// Issue 24: names that resolve, every label contraindication as data, and every label-contraindicated
// pair as a rule. The build checks hold the shipped tables (and any drug added later) to the labels read.
import { expect } from 'chai';
import { readFileSync, readdirSync } from 'node:fs';
import conditionTable from '../src/runtime/modules/pk/data/conditions.json' with { type: 'json' };
import recordTable from '../src/runtime/modules/pk/data/contraindications.json' with { type: 'json' };
import interactionTable from '../src/runtime/modules/pk/data/interactions.json' with { type: 'json' };
import namesTable from '../src/runtime/modules/pk/data/names.json' with { type: 'json' };
import { runProtocol } from '../src/engine/index.js';
import { normalizeName } from '../src/util/names.js';
import { drugKey } from '../src/runtime/modules/pk/names.js';
import { checkedAndReadInFull } from '../src/runtime/modules/pk/drug-index.js';
import { tableNames, type ExtractConcept } from '../scripts/data/rxnorm-names-transform.js';
import { libraryOf } from './helpers/library.js';
import { runLets } from './helpers/run.js';
import { bothWays, interactionsOf as pair } from './helpers/pk-checks.js';

const { call } = libraryOf('pk');
const groupDir = new URL('../src/runtime/modules/pk/data/drugs/', import.meta.url);
const rows = readdirSync(groupDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(new URL(f, groupDir), 'utf8')).drugs) as { name: string; rxcui: string | null; routes: string[]; aliases?: string[]; contraindications?: string[]; interaction_classes?: string[] }[];
const records = (recordTable as any).drugs as Record<string, any>;
const vocabulary = (conditionTable as any).conditions as Record<string, { synonyms: string[]; broader?: string[] }>;
const classes = (interactionTable as any).classes as Record<string, { members: string[] }>;
const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('pk label build checks (issue 24 items 2, 3, 6)', () => {
  const read = rows.filter((d) => records[d.name] && !('unread' in records[d.name]));
  const unread = rows.filter((d) => records[d.name] && 'unread' in records[d.name]);

  it('every table drug has an entry (a label reading or an explicit unread), and no entry names a drug the table lacks', () => {
    const missing = rows.filter((d) => !records[d.name]).map((d) => d.name);
    expect(missing, 'drugs whose label has not been read or recorded: add their entry to contraindications.json').to.deep.equal([]);
    expect(Object.keys(records).filter((n) => !rows.some((d) => d.name === n))).to.deep.equal([]);
    // the README states the counts, so marking a drug unread or partly read is never silent
    const partly = read.filter((d) => records[d.name].partial);
    for (const d of partly) expect(records[d.name].partial, `${d.name}: why only partly`).to.be.a('string').and.not.equal('');
    expect(README).to.contain(`label Contraindications section read for ${read.length - partly.length} of ${rows.length} drugs, and partly for ${partly.length} more`);
    expect(read.length + unread.length).to.equal(rows.length);
  });

  it("states in the README how many drugs have both a dose check on every route and their label section read in full (issue 24's measure)", () => {
    const both = checkedAndReadInFull();
    expect(README).to.contain(`; ${both.length} drugs have both a dose check on every route`);
    // the measure excludes a drug read in full whose fluid rate is still UNCHECKED (0.9 % saline) and one never read (lithium)
    expect(both.map((d) => d.name)).to.include.members(['Apixaban', 'Bupivacaine']).and.not.include.members(['Sodium_Chloride_0_9', 'Lithium']);
  });

  it('lists, per drug read, the label, section, public copy and date, with every condition in the vocabulary', () => {
    const listed = read.map((d) => `${d.name}: ${records[d.name].read.section}`);
    expect(listed.length).to.be.at.least(1);
    for (const d of read) {
      const r = records[d.name];
      for (const field of ['label', 'section', 'copy']) expect(r.read[field], `${d.name} read.${field}`).to.be.a('string').and.not.equal('');
      expect(r.read.date, d.name).to.match(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.conditions, d.name).to.be.an('array');
      // an empty list is a reading only when the label's section says so (e.g. ANDEXXA: 'None'), or names
      // co-medications alone (AZILECT: meperidine, tramadol, methadone, other MAO inhibitors, …)
      const medicationsOnly = /section names no patient condition, only co-medications/.test(r.note ?? '') && (r.contraindicated_with ?? []).length > 0;
      // a partial reading may be empty too (an OTC Drug Facts label has no such section): it then proves nothing either way
      if (r.conditions.length === 0 && !medicationsOnly && !r.partial) expect(r.note, `${d.name}: empty reading`).to.match(/section reads 'None( known)?'/);
      for (const c of r.conditions) expect(vocabulary, `${d.name}: ${c}`).to.have.property(c);
    }
  });

  it("a reading covers every condition of the drug's row (the same token or a narrower one)", () => {
    const covers = (listed: string[], token: string): boolean => {
      const seen = new Set([token]);
      for (const t of seen) for (const b of vocabulary[t]?.broader ?? []) seen.add(b);
      return [...seen].some((t) => listed.includes(t));
    };
    for (const d of read) for (const c of d.contraindications ?? []) expect(covers(records[d.name].conditions, c), `${d.name}: row condition ${c} is not in its reading`).to.equal(true);
  });

  it('every co-medication a Contraindications section or boxed warning names is a SEVERE rule, every one to avoid at least MAJOR', () => {
    const table = new Set(rows.map((d) => d.name));
    for (const d of read) {
      const memberOf = (name: string): string | undefined => (table.has(name) ? name : classes[name]?.members.find((m) => m !== d.name));
      const r = records[d.name];
      for (const [list, wanted] of [[r.contraindicated_with ?? [], ['SEVERE']], [r.avoid_with ?? [], ['MAJOR', 'SEVERE']]] as const) {
        for (const named of list) {
          const other = memberOf(named.drug);
          if (other === undefined) continue; // not yet in the table: checked once a row is added
          const found = pair(d.name, other);
          expect(wanted, `${d.name} + ${named.drug} (${named.section}) answers ${found.max_severity}`).to.include(found.max_severity);
        }
      }
    }
  });

  it('a token that names a case of a condition some label names is linked to it (broader), unless listed here as no such case; the families of kidney, liver, heart-failure and bleeding conditions are linked', () => {
    // each of these contains a label token's name but is not a case of it: a history, a risk, another disease, or an "or"
    const NOT_A_CASE = new Set([
      'high_risk_of_recurrent_gastrointestinal_obstruction', 'history_of_intracranial_hemorrhage', 'risk_of_renal_failure_from_volume_depletion',
      'pulmonary_hypertension', 'renal_or_hepatic_impairment_with_pgp_or_strong_cyp3a4_inhibitor', 'heparin_induced_thrombocytopenia_history',
      'pentosan_polysulfate_thrombocytopenia_history', 'fondaparinux_antiplatelet_antibody_thrombocytopenia', 'drug_induced_immune_thrombocytopenia_history',
      'thrombocytopenia_after_prior_exposure_to_drug', 'chloride_loss_by_vomiting_or_gi_suction',
    ]);
    const named = new Set(read.flatMap((d) => records[d.name].conditions as string[]));
    const above = (token: string): Set<string> => {
      const seen = new Set<string>();
      const walk = (t: string) => { for (const b of vocabulary[t]?.broader ?? []) if (!seen.has(b)) { seen.add(b); walk(b); } };
      walk(token);
      return seen;
    };
    const unlinked = Object.keys(vocabulary).flatMap((token) =>
      [...named].filter((broad) => broad !== token && `_${token}_`.includes(`_${broad}_`) && !above(token).has(broad) && !above(broad).has(token) && !NOT_A_CASE.has(token)).map((broad) => `${token} -> ${broad}`),
    );
    expect(unlinked).to.deep.equal([]);
    // each answered false before its link: a patient with the narrower condition was told the drug was not contraindicated
    for (const [drug, condition] of [['Propranolol', 'acute or severe bronchial asthma'], ['Methylergonovine', 'malignant hypertension'], ['Hydralazine', 'ischemic coronary artery disease'],
      ['Physostigmine', 'type 1 diabetes mellitus'], ['Ergotamine', 'severe hepatic impairment'], ['Dicyclomine', 'angle-closure glaucoma'], ['Dextroamphetamine', 'narrow angle glaucoma'],
      // the kidney, liver, heart-failure and bleeding families: severe renal impairment covers CrCl 30 or below, dialysis and kidney failure
      ['Fondaparinux', 'crcl <= 30'], ['Fondaparinux', 'on hemodialysis'], ['Fondaparinux', 'kidney failure'], ['Ergotamine', 'acute kidney injury'],
      ['Terbinafine', 'cirrhosis'], ['Terbinafine', 'acute liver failure'], ['Terbinafine', 'acute hepatitis'],
      ['Bisoprolol', 'nyha class iv'], ['Bisoprolol', 'adhf'], ['Phenelzine', 'overt heart failure'], ['Heparin', 'undiagnosed vaginal bleeding'],
      ['Lidocaine', 'complete heart block']]) {
      expect(call('check_contraindications', drug, [condition]).contraindicated, `${drug} with ${condition}`).to.equal(true);
    }
  });

  it('the vocabulary has unique spellings, and broader tokens exist', () => {
    const seen = new Map<string, string>();
    for (const [token, entry] of Object.entries(vocabulary)) {
      expect(token).to.match(/^[a-z0-9_]+$/);
      for (const spelling of [token, ...entry.synonyms]) {
        const key = normalizeName(spelling);
        expect(seen.get(key), `'${spelling}' of ${token}`).to.equal(undefined);
        seen.set(key, token);
      }
      for (const b of entry.broader ?? []) expect(vocabulary, `${token} broader ${b}`).to.have.property(b);
      // a class allergy names classes the table has, so it reaches their drugs
      for (const c of (entry as { drug_classes?: string[] }).drug_classes ?? []) expect(rows.some((d) => (d as { class?: string }).class === c), `${token}: drug class ${c}`).to.equal(true);
    }
  });
});

describe('pk contraindications answer as the labels say (issue 24 item 2)', () => {
  it('Apixaban with active bleeding is contraindicated (it answered false); a synonym and a narrower condition are too', () => {
    expect(call('check_contraindications', 'Apixaban', ['active_bleeding'])).to.deep.include({ contraindicated: true, reasons: ['active_bleeding'], not_checked: [] });
    expect(call('check_contraindications', 'Apixaban', ['bleeding']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Apixaban', ['Active Hemorrhage']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Apixaban', ['intracranial hemorrhage']).contraindicated).to.equal(true);
    const none = call('check_contraindications', 'Apixaban', ['pregnancy']);
    expect(none).to.deep.include({ contraindicated: false, reasons: [], not_checked: [] });
    expect(none.checked_against).to.contain('ELIQUIS').and.contain('4 CONTRAINDICATIONS');
  });

  it("an allergy to the drug's own class is a hypersensitivity to the drug: amoxicillin with a penicillin allergy is contraindicated (it answered false)", () => {
    expect(call('check_contraindications', 'Amoxicillin', ['penicillin allergy'])).to.deep.include({ contraindicated: true, reasons: ['penicillin allergy'], not_checked: [] });
    expect(call('check_contraindications', 'Cefazolin', ['beta-lactam allergy']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Levofloxacin', ['fluoroquinolone allergy']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Metoprolol', ['beta blocker allergy']).contraindicated).to.equal(true);
    // aztreonam (a monobactam) is not a penicillin, and its label names only hypersensitivity to aztreonam
    expect(call('check_contraindications', 'Aztreonam', ['penicillin allergy'])).to.deep.include({ contraindicated: false, reasons: [] });
  });

  it('a condition whose narrower case the label names is not checked, never false: pregnancy against azathioprine (pregnant patients with rheumatoid arthritis)', () => {
    expect(call('check_contraindications', 'Azathioprine', ['pregnancy'])).to.deep.include({
      contraindicated: null,
      reasons: [],
      not_checked: ['pregnancy'],
      narrower_on_label: [{ condition: 'pregnancy', label_condition: 'rheumatoid_arthritis_in_pregnancy' }],
    });
    expect(call('check_contraindications', 'Azathioprine', ['rheumatoid arthritis in pregnancy']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Heparin', ['high risk of bleeding'])).to.deep.include({ contraindicated: null, narrower_on_label: [{ condition: 'high risk of bleeding', label_condition: 'active_bleeding' }] });
    expect(call('check_contraindications', 'Heparin', ['active bleeding']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Apixaban', ['pregnancy'])).to.deep.include({ contraindicated: false, narrower_on_label: [] });
  });

  it('a label without a Contraindications section answers null with not_checked, never false; a listed condition is still true', () => {
    const drugFacts = call('check_contraindications', 'Calcium_Carbonate', ['hypercalcemia']);
    expect(drugFacts).to.deep.include({ contraindicated: null, reasons: [], not_checked: ['hypercalcemia'] });
    expect(drugFacts.checked_against).to.contain('OTC Drug Facts').and.contain('partly read: an OTC Drug Facts label has no Contraindications section');
    expect(call('check_contraindications', 'Ticagrelor', ['severe hepatic impairment']).contraindicated).to.equal(true);
  });

  it('Dabigatran, Edoxaban and Fondaparinux answer their label conditions (Dabigatran answered null before its label was read)', () => {
    expect(call('check_contraindications', 'Dabigatran', ['active_bleeding'])).to.deep.include({ contraindicated: true, reasons: ['active_bleeding'], not_checked: [] });
    expect(call('check_contraindications', 'Dabigatran', ['mechanical heart valve']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Dabigatran', ['pregnancy']).contraindicated).to.equal(false);
    expect(call('check_contraindications', 'Edoxaban', ['active pathological bleeding']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Edoxaban', ['severe renal impairment']).contraindicated).to.equal(false);
    for (const c of ['severe renal impairment', 'weight below 50 kg', 'bacterial endocarditis', 'major bleeding']) expect(call('check_contraindications', 'Fondaparinux', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Fondaparinux', ['pregnancy']).contraindicated).to.equal(false);
  });

  it('Verapamil, Diltiazem and Ticagrelor answer the conditions of their labels (injection and oral labels for the two calcium-channel blockers)', () => {
    for (const c of ['severe heart failure', 'atrial fibrillation with accessory pathway', 'sbp < 90', 'severe lv dysfunction', 'sick sinus syndrome']) expect(call('check_contraindications', 'Verapamil', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Verapamil', ['pregnancy']).contraindicated).to.equal(false);
    // the label names atrial fibrillation or flutter over an accessory pathway, not the pathway alone
    expect(call('check_contraindications', 'Verapamil', ['WPW']).contraindicated).to.equal(null); // a narrower case (with AF or flutter) is what the label names
    for (const c of ['acute myocardial infarction with pulmonary congestion', 'ventricular tachycardia', 'cardiogenic shock']) expect(call('check_contraindications', 'Diltiazem', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Diltiazem', ['asthma']).contraindicated).to.equal(false);
    expect(call('check_contraindications', 'Ticagrelor', ['history of intracranial hemorrhage'])).to.deep.include({ contraindicated: true, not_checked: [] });
    expect(call('check_contraindications', 'Ticagrelor', ['pregnancy']).contraindicated).to.equal(false);
  });

  it('Atorvastatin, Rosuvastatin and Allopurinol answer the conditions of their labels', () => {
    for (const d of ['Atorvastatin', 'Rosuvastatin']) {
      for (const c of ['active liver disease', 'unexplained persistent transaminase elevation', 'pregnant', 'breastfeeding']) expect(call('check_contraindications', d, [c]).contraindicated, `${d}: ${c}`).to.equal(true);
      expect(call('check_contraindications', d, ['hyperkalemia']).contraindicated, d).to.equal(false);
    }
    expect(call('check_contraindications', 'Allopurinol', ['previous severe reaction to the drug']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Allopurinol', ['pregnancy']).contraindicated).to.equal(false);
  });

  it('Lisinopril and Spironolactone answer the conditions of their labels, and their named co-medications are SEVERE', () => {
    for (const c of ['hereditary angioedema', 'history of ace inhibitor angioedema', 'concomitant sacubitril']) expect(call('check_contraindications', 'Lisinopril', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Lisinopril', ['hyperkalemia']).contraindicated).to.equal(false);
    expect(call('check_contraindications', 'Spironolactone', ["Addison's disease"]).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Spironolactone', ['pregnancy']).contraindicated).to.equal(false);
    bothWays('Lisinopril', 'Sacubitril_Valsartan', 'SEVERE');
    bothWays('Spironolactone', 'Eplerenone', 'SEVERE');
  });

  it('Enalapril and Valsartan answer the conditions of their labels', () => {
    for (const c of ['idiopathic angioedema', 'aliskiren in a patient with diabetes', 'neprilysin inhibitor within 36 hours']) expect(call('check_contraindications', 'Enalapril', [c]).contraindicated, c).to.equal(true);
    bothWays('Enalapril', 'Sacubitril_Valsartan', 'SEVERE');
    expect(call('check_contraindications', 'Valsartan', ['aliskiren in a patient with diabetes']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Valsartan', ['hereditary angioedema']).contraindicated).to.equal(false);
  });

  it('Carvedilol answers the conditions of its label', () => {
    for (const c of ['bronchial asthma', 'bronchospasm', 'heart failure requiring intravenous inotropic therapy', 'child-pugh c']) expect(call('check_contraindications', 'Carvedilol', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Carvedilol', ['pregnancy']).contraindicated).to.equal(false);
  });

  it('Norepinephrine (section reads None), Dobutamine, Vasopressin and Nitroprusside answer their labels', () => {
    expect(call('check_contraindications', 'Norepinephrine', ['hypertension'])).to.deep.include({ contraindicated: false, not_checked: [] });
    expect(call('check_contraindications', 'Dobutamine', ['hypertrophic_subaortic_stenosis']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Dobutamine', ['asthma']).contraindicated).to.equal(false);
    expect(call('check_contraindications', 'Vasopressin', ['chlorobutanol allergy']).contraindicated).to.equal(true);
    for (const c of ["leber's optic atrophy", 'tobacco amblyopia', 'high-output heart failure', 'asa class 5e']) expect(call('check_contraindications', 'Nitroprusside', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Nitroprusside', ['pregnancy']).contraindicated).to.equal(false);
  });

  it('Procainamide answers the conditions of its label', () => {
    for (const c of ['complete heart block', 'SLE', 'torsades de pointes', 'left anterior hemiblock']) expect(call('check_contraindications', 'Procainamide', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Procainamide', ['pregnancy']).contraindicated).to.equal(false);
  });

  it('Propranolol answers the conditions of its label', () => {
    for (const c of ['bronchial asthma', 'sinus bradycardia', 'third degree av block', 'cardiogenic shock']) expect(call('check_contraindications', 'Propranolol', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Propranolol', ['pregnancy']).contraindicated).to.equal(false);
  });

  it('Amlodipine answers its label: known sensitivity only', () => {
    expect(call('check_contraindications', 'Amlodipine', ['drug allergy']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Amlodipine', ['severe aortic stenosis'])).to.deep.include({ contraindicated: false, not_checked: [] });
  });

  it('Sotalol answers the conditions of its label', () => {
    for (const c of ['acquired long qt syndrome', 'k < 4 meq/l', 'qt above 450 ms', 'adhf', 'bronchospasm']) expect(call('check_contraindications', 'Sotalol', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Sotalol', ['pregnancy']).contraindicated).to.equal(false);
  });

  it("warfarin answers every condition of its label, not only pregnancy (its row's list)", () => {
    for (const c of ['pregnancy', 'active bleeding', 'malignant hypertension', 'bacterial endocarditis', 'eclampsia']) expect(call('check_contraindications', 'Warfarin', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Warfarin', ['hyperkalemia']).contraindicated).to.equal(false);
  });

  it('a condition outside the vocabulary is not checked: null, never false', () => {
    const r = call('check_contraindications', 'Apixaban', ['purple toes']);
    expect(r).to.deep.include({ contraindicated: null, unknown_conditions: ['purple toes'], not_checked: ['purple toes'] });
    expect(call('check_contraindications', 'Apixaban', ['purple toes', 'bleeding']).contraindicated).to.equal(true);
  });

  it('Dofetilide, Ketorolac, Sumatriptan and Digoxin answer their label conditions', () => {
    expect(call('check_contraindications', 'Dofetilide', ['congenital long QT syndrome']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Ketorolac', ['aspirin allergy']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Ketorolac', ['CABG']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Sumatriptan', ['WPW', 'pregnancy'])).to.deep.include({ contraindicated: true, reasons: ['WPW'] });
    expect(call('check_contraindications', 'Digoxin', ['ventricular fibrillation']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Digoxin', ['pregnancy']).contraindicated).to.equal(false);
  });

  it('opioid readings answer their label conditions (labels-2 readings)', () => {
    expect(call('check_contraindications', 'Tramadol', ['child younger than 12 years']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Oxycodone', ['hypercapnia']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Morphine', ['paralytic ileus']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Fentanyl', ['pregnancy'])).to.deep.include({ contraindicated: false, not_checked: [] });
    expect(call('check_contraindications', 'Hydromorphone', ['status asthmaticus']).contraindicated).to.equal(true);
  });

  it('ketoconazole, linezolid and sertraline readings answer their labels, and their contraindicated pairs are SEVERE both ways', () => {
    expect(call('check_contraindications', 'Ketoconazole', ['liver disease']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Ketoconazole', ['pregnancy']).contraindicated).to.equal(false);
    expect(call('check_contraindications', 'Linezolid', ['recent maoi']).contraindicated).to.equal(true);
    bothWays('Ketoconazole', 'Methadone', 'SEVERE', 'Ketoconazole + Methadone');
    bothWays('Ketoconazole', 'Alprazolam', 'SEVERE', 'Ketoconazole + Alprazolam');
    bothWays('Linezolid', 'Selegiline', 'SEVERE');
    bothWays('Sertraline', 'Methylene_Blue', 'SEVERE');
    bothWays('Venlafaxine', 'Linezolid', 'SEVERE');
    expect(call('check_contraindications', 'Venlafaxine', ['desvenlafaxine allergy']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Ketamine', ['pregnancy']).contraindicated).to.equal(false);
  });

  it('ibuprofen, acetaminophen and empagliflozin readings answer their labels (false only for a condition the label does not name)', () => {
    expect(call('check_contraindications', 'Ibuprofen', ['CABG']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Ibuprofen', ['aspirin allergy']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Acetaminophen', ['severe liver impairment']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Empagliflozin', ['hemodialysis']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Empagliflozin', ['pregnancy'])).to.deep.include({ contraindicated: false, not_checked: [] });
  });

  it('rizatriptan answers the MAXALT label: its conditions, and SEVERE with ergots, linezolid and methylene blue both ways', () => {
    expect(call('check_contraindications', 'Rizatriptan', ['basilar migraine']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Rizatriptan', ['prinzmetal angina']).contraindicated).to.equal(true);
    bothWays('Rizatriptan', 'Dihydroergotamine', 'SEVERE', 'Rizatriptan + ergot_alkaloids');
    bothWays('Rizatriptan', 'Linezolid', 'SEVERE', 'Rizatriptan + Linezolid');
    bothWays('Rizatriptan', 'Methylene_Blue', 'SEVERE');
  });

  it('lorazepam injection answers its vehicle, glaucoma and sleep apnea contraindications', () => {
    expect(call('check_contraindications', 'Lorazepam', ['propylene glycol allergy']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Lorazepam', ['sleep apnea']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Lorazepam', ['pregnancy']).contraindicated).to.equal(false);
  });

  it("olanzapine's section reads 'None' (false, not null); glyburide answers type 1 diabetes and DKA", () => {
    expect(call('check_contraindications', 'Olanzapine', ['pregnancy'])).to.deep.include({ contraindicated: false, not_checked: [] });
    expect(call('check_contraindications', 'Glyburide', ['type 1 diabetes']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Glyburide', ['DKA']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Quetiapine', ['drug allergy']).contraindicated).to.equal(true);
  });

  it("haloperidol answers Parkinson's disease and coma; diazepam injection untreated open-angle glaucoma; regular insulin hypoglycemia", () => {
    expect(call('check_contraindications', 'Haloperidol', ["Parkinson's disease"]).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Haloperidol', ['coma']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Diazepam', ['untreated open-angle glaucoma']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Diazepam', ['pregnancy']).contraindicated).to.equal(false);
    expect(call('check_contraindications', 'Insulin_Regular', ['low blood sugar']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Insulin_Regular', ['pregnancy']).contraindicated).to.equal(false);
    expect(call('check_contraindications', 'Insulin_Glargine', ['hypoglycaemia']).contraindicated).to.equal(true);
  });

  it('a registered drug is complete only when it says where its list was read', () => {
    const drug = (extra: object) => JSON.stringify({ name: 'Regdrug', class: 'c', routes: ['IV'], default_route: 'IV', dosing: {}, contraindications: ['pregnancy'], ...extra });
    const r = runLets(`protocol P {\n  let a = med.pk.register_drug(${drug({})});\n  let x = med.pk.check_contraindications("Regdrug", ["active_bleeding"]);\n}`);
    expect(r.x.contraindicated).to.equal(null);
    const s = runLets(`protocol P {\n  let a = med.pk.register_drug(${drug({ contraindications_source: 'site label review 2026' })});\n  let x = med.pk.check_contraindications("Regdrug", ["active_bleeding"]);\n}`);
    expect(s.x).to.deep.include({ contraindicated: false, checked_against: 'site label review 2026' });
  });
});

describe('pk rules answer every finding of issue 24 in both directions (item 3)', () => {
  it('dofetilide with hydrochlorothiazide, verapamil, TMP-SMX or ketoconazole is SEVERE (Tikosyn contraindications)', () => {
    for (const other of ['Hydrochlorothiazide', 'Verapamil', 'TMP_SMX', 'Ketoconazole']) bothWays('Dofetilide', other, 'SEVERE', `Dofetilide + ${other}`);
  });

  it('ketorolac with ibuprofen or aspirin is SEVERE (ketorolac boxed warning)', () => {
    bothWays('Ketorolac', 'Ibuprofen', 'SEVERE', 'Ketorolac + NSAIDs');
    bothWays('Ketorolac', 'Aspirin', 'SEVERE', 'Ketorolac + Aspirin');
  });

  it('sumatriptan with ergotamine or another triptan is SEVERE (Imitrex contraindications)', () => {
    bothWays('Sumatriptan', 'Ergotamine', 'SEVERE', 'Sumatriptan + ergot_alkaloids');
    bothWays('Sumatriptan', 'Dihydroergotamine', 'SEVERE', 'Sumatriptan + ergot_alkaloids');
    bothWays('Sumatriptan', 'Rizatriptan', 'SEVERE', 'Sumatriptan + Rizatriptan');
  });

  it('digoxin with verapamil, and verapamil or diltiazem with metoprolol, are MAJOR (non-dihydropyridine CCB combinations)', () => {
    bothWays('Digoxin', 'Verapamil', 'MAJOR', 'non_dihydropyridine_CCBs + Digoxin');
    bothWays('Verapamil', 'Atenolol', 'MAJOR', 'non_dihydropyridine_CCBs + beta_blockers');
    // metoprolol has an IV route: the verapamil injection label contraindicates IV beta-blockers
    bothWays('Verapamil', 'Metoprolol', 'SEVERE', 'Verapamil + IV_beta_blockers');
    bothWays('Verapamil', 'Carvedilol', 'MAJOR');
    // a dihydropyridine is not in the class
    expect(pair('Amlodipine', 'Metoprolol').interactions.map((r: any) => r.rule)).to.not.include('non_dihydropyridine_CCBs + beta_blockers');
  });

  it('vancomycin with piperacillin-tazobactam is MAJOR (nephrotoxic pair)', () => {
    bothWays('Vancomycin', 'Piperacillin_Tazobactam', 'MAJOR', 'Vancomycin + Piperacillin_Tazobactam');
  });

  it('ibuprofen with furosemide answers MODERATE, not NONE', () => {
    bothWays('Ibuprofen', 'Furosemide', 'MODERATE', 'NSAIDs + loop_diuretics');
  });

  it('tramadol with linezolid is SEVERE (its label contraindicates MAOIs) and with an SSRI MODERATE, not MONITOR; every serotonergic opioid with every MAOI is at least MAJOR', () => {
    bothWays('Tramadol', 'Linezolid', 'SEVERE', 'Tramadol + MAO_inhibitors');
    bothWays('Morphine', 'Linezolid', 'SEVERE', 'Morphine + MAO_inhibitors');
    bothWays('Tramadol', 'Sertraline', 'MODERATE', 'Tramadol + SSRIs');
    for (const opioid of classes.serotonergic_opioids!.members) {
      for (const maoi of classes.MAO_inhibitors!.members) expect(['MAJOR', 'SEVERE'], `${opioid} + ${maoi}`).to.include(pair(opioid, maoi).max_severity);
    }
  });

  it('the NSAID + ACE inhibitor or ARB + diuretic triple is one rule over three drugs, whichever is checked, and not a rule of two', () => {
    const triple = (drug: string, others: string[]) => call('check_interactions', drug, others).interactions.filter((r: any) => r.drug_c !== undefined);
    const expected = { drug_a: 'Ibuprofen', drug_b: 'Lisinopril', drug_c: 'Furosemide', severity: 'MAJOR', rule: 'NSAIDs + RAAS_inhibitors + diuretics' };
    expect(triple('Ibuprofen', ['Lisinopril', 'Furosemide'])).to.have.length(1);
    for (const [drug, others] of [['Ibuprofen', ['Lisinopril', 'Furosemide']], ['Lisinopril', ['Furosemide', 'Ibuprofen']], ['Furosemide', ['Ibuprofen', 'Lisinopril']]] as const) {
      expect(triple(drug, [...others])[0], drug).to.include(expected);
      expect(call('check_interactions', drug, [...others]), drug).to.include({ max_severity: 'MAJOR', safe_to_administer: false });
    }
    expect(triple('Naproxen', ['Losartan', 'Hydrochlorothiazide'])[0]).to.include({ drug_a: 'Naproxen', drug_b: 'Losartan', drug_c: 'Hydrochlorothiazide' });
    expect(triple('Ibuprofen', ['Lisinopril'])).to.deep.equal([]);
    expect(triple('Ibuprofen', ['Lisinopril', 'Losartan'])).to.deep.equal([]); // no diuretic
    expect(pair('Lisinopril', 'Furosemide').max_severity).to.equal('MODERATE');
  });

  it('the administer statement raises a dose completing the triple to WARNING and names both partners', () => {
    const { kind, body } = runProtocol(
      'protocol P {\n  input: Patient p;\n  administer Lisinopril dose: 10 mg;\n  administer Furosemide dose: 40 mg;\n  administer Ibuprofen dose: 400 mg;\n}',
      { weight: 70 } as never,
    );
    expect(kind, body.error ?? '').to.equal('ok');
    const last = body.events.filter((e) => e.kind === 'administer').at(-1)!;
    expect(last.event).to.match(/administer Ibuprofen 400 mg: dose WARNING .*interaction MAJOR with Lisinopril and Furosemide/);
  });

  it('the CredibleMeds known-risk class ships empty (licence) and its rule applies to drugs a site puts in it', () => {
    expect(classes.QT_known_risk_TdP!.members).to.deep.equal([]);
    const row = (name: string) => JSON.stringify({ name, class: 'c', routes: ['PO'], default_route: 'PO', dosing: {}, interaction_classes: ['QT_known_risk_TdP'] });
    const r = runLets(`protocol P {\n  let a = med.pk.register_drug(${row('Qtone')});\n  let b = med.pk.register_drug(${row('Qttwo')});\n  let x = med.pk.check_interactions("Qtone", ["Qttwo"]);\n}`);
    expect(r.x).to.include({ max_severity: 'MAJOR', safe_to_administer: false });
  });
});

describe('pk names resolve (issue 24 item 4)', () => {
  const resolves = (name: string, to: string) => expect(call('get_profile', name), name).to.include({ found: true, name: to });

  it('ignores case, spaces, hyphens, underscores, "/" and "and", in either order', () => {
    for (const name of ['PiperacillinTazobactam', 'piperacillin/tazobactam', 'Piperacillin and Tazobactam', 'piperacillin-tazobactam', 'PIPERACILLIN TAZOBACTAM', 'tazobactam/piperacillin', 'Tazobactam and Piperacillin']) resolves(name, 'Piperacillin_Tazobactam');
    for (const name of ['TMP-SMX', 'TMP/SMX', 'SMX/TMP', 'smx-tmp', 'Sulfamethoxazole/Trimethoprim', 'trimethoprim and sulfamethoxazole', 'co-trimoxazole']) resolves(name, 'TMP_SMX');
    for (const name of ['insulin regular', 'InsulinRegular', 'regular insulin']) resolves(name, 'Insulin_Regular');
  });

  it('resolves US brand names from RxNorm and the RxNorm ingredient name', () => {
    resolves('Zosyn', 'Piperacillin_Tazobactam');
    resolves('Firvanq', 'Vancomycin');
    resolves('Digitek', 'Digoxin');
    resolves('tenofovir disoproxil', 'Tenofovir');
    const names = (namesTable as any).drugs as Record<string, { brands: string[] }>;
    // a brand of two table drugs (epinephrine IM and IV) resolves to neither
    expect(names.Epinephrine!.brands).to.not.include('Adrenalin');
    expect(call('get_profile', 'Adrenalin')).to.include({ found: false });
  });

  it('resolves abbreviations to the drug their expansion names, wherever it comes from (KCl to the shipped row, NaCl to a registered one)', () => {
    resolves('TNK', 'Tenecteplase');
    resolves('HCTZ', 'Hydrochlorothiazide');
    resolves('KCl', 'Potassium_Chloride'); // the shipped potassium chloride row (issue 24 coverage)
    const nacl = JSON.stringify({ name: 'Sodium_Chloride', class: 'electrolyte', routes: ['IV'], default_route: 'IV', dosing: {} });
    const r = runLets(`protocol P {\n  let a = med.pk.register_drug(${nacl});\n  let p = med.pk.get_profile("NaCl");\n}`);
    expect(r.p).to.include({ found: true, name: 'Sodium_Chloride' });
    expect(call('get_profile', 'NaCl')).to.include({ found: false }); // no sodium chloride row ships yet
  });

  it('a misspelt or unknown name gets up to five suggestions in the result and in the administer event', () => {
    expect(call('get_profile', 'Piperacilin').suggestions).to.include('Piperacillin_Tazobactam');
    expect(call('get_profile', 'Vancomycn').suggestions[0]).to.equal('Vancomycin');
    expect(call('validate_dose', 'Furosemid', 40, 'mg')).to.deep.include({ found: false, level: 'UNKNOWN', suggestions: ['Furosemide'] });
    expect(call('get_profile', 'Metoprolool').suggestions).to.include('Metoprolol');
    for (const q of ['Cef', 'Insulin']) expect(call('get_profile', q).suggestions.length, q).to.be.within(1, 5);
    const { body } = runProtocol('protocol P {\n  input: Patient p;\n  administer Vancomicin dose: 1000 mg;\n}', { weight: 70 } as never);
    const event = body.events.find((e) => e.kind === 'administer')!;
    expect(event.event).to.equal("[3] LOG: administer Vancomicin 1000 mg: dose UNKNOWN drug; did you mean 'Vancomycin'?");
    expect((event as any).suggestions).to.deep.equal(['Vancomycin']);
  });

  it('no two drugs share a spelling once separators are ignored', () => {
    const seen = new Map<string, string>();
    const names = (namesTable as any).drugs as Record<string, { synonym?: string; brands: string[] }>;
    for (const d of rows) {
      for (const n of [d.name, ...(d.aliases ?? []), ...(names[d.name]?.synonym ? [names[d.name]!.synonym!] : []), ...(names[d.name]?.brands ?? [])]) {
        const owner = seen.get(drugKey(n));
        expect(owner === undefined || owner === d.name, `${n}: ${owner} and ${d.name}`).to.equal(true);
        seen.set(drugKey(n), d.name);
      }
    }
  });
});

describe('RxNorm names generator (scripts/data/rxnorm-names.ts)', () => {
  const excerpt = JSON.parse(readFileSync(new URL('./fixtures-data/rxnorm/extract-excerpt.json', import.meta.url), 'utf8')) as ExtractConcept[];
  const concepts = new Map(excerpt.map((c) => [c.RXCUI, c]));
  const drug = (name: string, rxcui: string, routes: string[], aliases: string[] = []) => ({ name, rxcui, routes, aliases });

  it('takes brands of products with exactly the ingredient, in a form the routes cover, and re-derives the shipped rows', () => {
    const { names, dropped } = tableNames(
      [drug('Vancomycin', '11124', ['IV', 'PO'], ['Vancocin']), drug('Piperacillin_Tazobactam', '74169', ['IV']), drug('Insulin_Regular', '253182', ['SC', 'IV']), drug('Digoxin', '3407', ['IV', 'PO'], ['Lanoxin'])],
      concepts,
      drugKey,
    );
    expect(names.Vancomycin).to.deep.equal({ rxnorm_name: 'vancomycin', brands: ['Firvanq'] }); // Vancocin is already an alias
    expect(names.Piperacillin_Tazobactam!.brands).to.deep.equal(['Zosyn']); // not Zerbaxa (ceftolozane/tazobactam)
    expect(names.Insulin_Regular!.brands).to.include('Humulin R').and.not.include('Afrezza'); // Afrezza is inhaled
    expect(names.Insulin_Regular!.brands).to.not.include('Humulin'); // a 70/30 mixture brand
    expect(names.Digoxin!.brands).to.deep.equal(['Digitek', 'Digox']);
    expect(dropped).to.deep.equal([]);
    const shipped = (namesTable as any).drugs;
    for (const n of ['Vancomycin', 'Digoxin']) expect(shipped[n].brands, n).to.deep.equal(names[n]!.brands);
    expect(shipped.Piperacillin_Tazobactam.brands).to.deep.equal([]); // Zosyn is already one of its aliases
  });

  it('drops a brand two table drugs would share, naming both', () => {
    const { names, dropped } = tableNames([drug('Digoxin', '3407', ['IV', 'PO']), drug('Digoxin_PO', '3407', ['PO'])], concepts, drugKey);
    expect(names.Digoxin!.brands).to.deep.equal([]);
    expect(dropped.map((d) => d.brand)).to.include('Lanoxin');
    expect(dropped.find((d) => d.brand === 'Lanoxin')!.reason).to.equal('brand of Digoxin and Digoxin_PO');
  });
});

describe('pk contraindications of the antithrombotic and acute-care labels read for issue 24 item 2', () => {
  it('Bivalirudin and Argatroban answer active bleeding and hypersensitivity, and nothing else', () => {
    for (const d of ['Bivalirudin', 'Argatroban']) {
      for (const c of ['major bleeding', 'drug allergy']) expect(call('check_contraindications', d, [c]).contraindicated, `${d}: ${c}`).to.equal(true);
      expect(call('check_contraindications', d, ['severe hepatic impairment']), d).to.deep.include({ contraindicated: false, not_checked: [] });
    }
  });

  it('Eptifibatide and Tirofiban answer their label conditions, and a second GP IIb/IIIa inhibitor is SEVERE both ways', () => {
    for (const c of ['on hemodialysis', 'major surgery within 6 weeks', 'history of intracranial hemorrhage', 'low platelet count']) expect(call('check_contraindications', 'Eptifibatide', [c]).contraindicated, c).to.equal(true);
    for (const c of ['major surgery within 30 days', 'history of thrombocytopenia with prior exposure', 'bleeding disorder']) expect(call('check_contraindications', 'Tirofiban', [c]).contraindicated, c).to.equal(true);
    // the highlights list the whole section, hypersensitivity included, so what they do not name answers false
    expect(call('check_contraindications', 'Tirofiban', ['drug allergy']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Tirofiban', ['pregnancy'])).to.deep.include({ contraindicated: false, not_checked: [] });
    bothWays('Eptifibatide', 'Tirofiban', 'SEVERE');
  });

  it('Adenosine, Glucagon and Methylprednisolone answer the conditions of their labels', () => {
    for (const c of ['complete heart block', 'sick sinus syndrome']) expect(call('check_contraindications', 'Adenosine', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Adenosine', ['pregnancy']).contraindicated).to.equal(false);
    for (const c of ['phaeochromocytoma', 'insulinoma']) expect(call('check_contraindications', 'Glucagon', [c]).contraindicated, c).to.equal(true);
    for (const c of ['systemic fungal infections', "cow's milk allergy"]) expect(call('check_contraindications', 'Methylprednisolone', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Methylprednisolone', ['hypertension']).contraindicated).to.equal(false);
  });

  it('Tenecteplase and Reteplase answer the thrombolytic contraindications of their labels', () => {
    for (const d of ['Tenecteplase', 'Reteplase']) {
      for (const c of ['history of cva', 'active hemorrhage', 'bleeding disorder']) expect(call('check_contraindications', d, [c]).contraindicated, `${d}: ${c}`).to.equal(true);
      expect(call('check_contraindications', d, ['pregnancy']).contraindicated, d).to.equal(false);
    }
    // a history of stroke contraindicates drugs whose labels name stroke or TIA (prasugrel), not the reverse
    expect(call('check_contraindications', 'Tenecteplase', ['transient ischemic attack']).contraindicated).to.equal(null); // the label names a history of stroke, a narrower case of the vocabulary's stroke-or-TIA
  });

  it("Epinephrine and Phenylephrine (sections read 'None'), Calcium chloride, Mannitol and Epoprostenol answer their labels", () => {
    for (const d of ['Epinephrine', 'Phenylephrine']) expect(call('check_contraindications', d, ['coronary artery disease']), d).to.deep.include({ contraindicated: false, not_checked: [] });
    expect(call('check_contraindications', 'Calcium_Chloride', ['VF']).contraindicated).to.equal(true);
    for (const c of ['anuric', 'pulmonary oedema', 'intracranial hemorrhage', 'severely dehydrated']) expect(call('check_contraindications', 'Mannitol', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Epoprostenol', ['HFrEF']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Epoprostenol', ['heart failure']).contraindicated).to.equal(null); // the label names heart failure from severe LV systolic dysfunction, a narrower case
  });

  it('the five insulins answer hypoglycemia and hypersensitivity; Levothyroxine and Colchicine answer their labels', () => {
    for (const d of ['Insulin_Lispro', 'Insulin_Aspart', 'Insulin_NPH', 'Insulin_Detemir', 'Insulin_Degludec']) {
      expect(call('check_contraindications', d, ['low blood sugar']).contraindicated, d).to.equal(true);
      expect(call('check_contraindications', d, ['hyperkalemia']), d).to.deep.include({ contraindicated: false, not_checked: [] });
    }
    for (const c of ['thyrotoxicosis', 'acute mi', 'adrenal insufficiency']) expect(call('check_contraindications', 'Levothyroxine', [c]).contraindicated, c).to.equal(true);
    // colchicine is contraindicated only with a P-gp or strong CYP3A4 inhibitor in renal or hepatic impairment
    expect(call('check_contraindications', 'Colchicine', ['renal impairment with a strong cyp3a4 inhibitor']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Colchicine', ['severe renal impairment']).contraindicated).to.equal(false);
    bothWays('Colchicine', 'Clarithromycin', 'MAJOR');
  });

  it('Lovastatin answers its label and erythromycin, named among its contraindicated CYP3A4 inhibitors, is SEVERE both ways', () => {
    for (const c of ['active liver disease', 'pregnant', 'breastfeeding']) expect(call('check_contraindications', 'Lovastatin', [c]).contraindicated, c).to.equal(true);
    bothWays('Lovastatin', 'Erythromycin', 'SEVERE');
    bothWays('Lovastatin', 'Clarithromycin', 'SEVERE');
  });

  it('Candesartan, Irbesartan and Olmesartan answer aliskiren in diabetes; Benazepril answers any angioedema and a neprilysin inhibitor', () => {
    for (const d of ['Candesartan', 'Irbesartan', 'Olmesartan']) {
      expect(call('check_contraindications', d, ['aliskiren in a patient with diabetes']).contraindicated, d).to.equal(true);
      expect(call('check_contraindications', d, ['hyperkalemia']).contraindicated, d).to.equal(false);
    }
    for (const c of ['angioedema', 'hereditary angioedema', 'concomitant sacubitril']) expect(call('check_contraindications', 'Benazepril', [c]).contraindicated, c).to.equal(true);
    bothWays('Benazepril', 'Sacubitril_Valsartan', 'SEVERE');
  });

  it('Ramipril, Chlorthalidone and Clonidine answer the conditions of their labels', () => {
    for (const c of ['history of ace inhibitor angioedema', 'concomitant sacubitril', 'aliskiren in a patient with diabetes']) expect(call('check_contraindications', 'Ramipril', [c]).contraindicated, c).to.equal(true);
    bothWays('Ramipril', 'Sacubitril_Valsartan', 'SEVERE');
    for (const c of ['anuric', 'sulfa allergy']) expect(call('check_contraindications', 'Chlorthalidone', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Clonidine', ['drug allergy']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Clonidine', ['sinus bradycardia'])).to.deep.include({ contraindicated: false, not_checked: [] });
  });

  it('Bumetanide and Torsemide answer anuria and hepatic coma', () => {
    for (const d of ['Bumetanide', 'Torsemide']) for (const c of ['anuric', 'hepatic precoma']) expect(call('check_contraindications', d, [c]).contraindicated, `${d}: ${c}`).to.equal(true);
    expect(call('check_contraindications', 'Bumetanide', ['severe electrolyte imbalance']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Torsemide', ['severe electrolyte imbalance']).contraindicated).to.equal(false);
  });

  it('Milrinone, Febuxostat, Thiamine and Dexamethasone answer their labels; febuxostat with a thiopurine is SEVERE', () => {
    expect(call('check_contraindications', 'Milrinone', ['drug allergy']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Febuxostat', ['taking azathioprine']).contraindicated).to.equal(true);
    bothWays('Febuxostat', 'Azathioprine', 'SEVERE');
    bothWays('Febuxostat', 'Mercaptopurine', 'SEVERE');
    expect(call('check_contraindications', 'Thiamine', ['drug allergy']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Dexamethasone', ['systemic fungal infections']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Dexamethasone', ['diabetes mellitus'])).to.deep.include({ contraindicated: false, not_checked: [] });
  });

  it('Octreotide, Labetalol and Hydralazine answer the conditions of their labels', () => {
    expect(call('check_contraindications', 'Octreotide', ['drug allergy']).contraindicated).to.equal(true);
    for (const c of ['bronchial asthma', 'obstructive airway disease', 'complete heart block', 'cardiogenic shock']) expect(call('check_contraindications', 'Labetalol', [c]).contraindicated, c).to.equal(true);
    // the label's section has been read in full (tablets label): hypersensitivity is in it, pregnancy is not
    expect(call('check_contraindications', 'Labetalol', ['drug allergy']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Labetalol', ['pregnancy'])).to.deep.include({ contraindicated: false, not_checked: [] });
    expect(call('check_contraindications', 'Hydralazine', ['coronary_artery_disease']).contraindicated).to.equal(true);
    // the section is read whole now (DailyMed, Hikma injection): hypersensitivity is named, anything else false
    expect(call('check_contraindications', 'Hydralazine', ['drug allergy']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Hydralazine', ['pregnancy'])).to.deep.include({ contraindicated: false, not_checked: [] });
  });

  it('Isoproterenol answers angina, ventricular arrhythmias and digitalis toxicity', () => {
    for (const c of ['angina pectoris', 'ventricular arrhythmias', 'tachyarrhythmias', 'sulfite allergy']) expect(call('check_contraindications', 'Isoproterenol', [c]).contraindicated, c).to.equal(true);
  });

  it('Simvastatin and Atenolol answer their labels; simvastatin with its contraindicated co-medications is SEVERE', () => {
    for (const c of ['active liver disease', 'pregnant', 'breastfeeding']) expect(call('check_contraindications', 'Simvastatin', [c]).contraindicated, c).to.equal(true);
    for (const other of ['Clarithromycin', 'Erythromycin', 'Cyclosporine']) bothWays('Simvastatin', other, 'SEVERE');
    for (const c of ['sinus bradycardia', 'complete heart block', 'cardiogenic shock', 'overt heart failure']) expect(call('check_contraindications', 'Atenolol', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Atenolol', ['pheochromocytoma']).contraindicated).to.equal(false);
  });

  it('Sodium bicarbonate and Hydrocortisone answer the conditions of their labels', () => {
    for (const c of ['continuous gastrointestinal suction', 'diuretic-induced hypochloremic alkalosis']) expect(call('check_contraindications', 'Sodium_Bicarbonate', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Sodium_Bicarbonate', ['hyperkalemia']).contraindicated).to.equal(false);
    for (const c of ['systemic fungal infections', 'live vaccine', 'premature infant']) expect(call('check_contraindications', 'Hydrocortisone', [c]).contraindicated, c).to.equal(true);
  });

  it('Captopril and Telmisartan answer hypersensitivity and aliskiren in a patient with diabetes', () => {
    for (const c of ['drug allergy', 'aliskiren in a patient with diabetes', 'neprilysin inhibitor within 36 hours']) expect(call('check_contraindications', 'Captopril', [c]).contraindicated, c).to.equal(true);
    bothWays('Captopril', 'Sacubitril_Valsartan', 'SEVERE');
    for (const c of ['drug allergy', 'aliskiren in a patient with diabetes']) expect(call('check_contraindications', 'Telmisartan', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Telmisartan', ['severe hepatic impairment'])).to.deep.include({ contraindicated: false, not_checked: [] });
  });

  it('Glimepiride, Losartan and Pravastatin answer the conditions of their labels', () => {
    for (const c of ['drug allergy', 'sulfa allergy']) expect(call('check_contraindications', 'Glimepiride', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Losartan', ['aliskiren in a patient with diabetes']).contraindicated).to.equal(true);
    for (const c of ['acute liver failure', 'decompensated cirrhosis']) expect(call('check_contraindications', 'Pravastatin', [c]).contraindicated, c).to.equal(true);
    // the copy was cut off inside the second item: what it does not name stays unchecked
    for (const c of ['pregnancy', 'breastfeeding']) expect(call('check_contraindications', 'Pravastatin', [c])).to.deep.include({ contraindicated: null, not_checked: [c] });
    expect(call('check_contraindications', 'Pravastatin', ['pregnancy']).checked_against).to.match(/; partly read: the label copy was cut off inside the second item$/);
  });

  it('Nifedipine answers hypersensitivity, and with a strong CYP3A4 inducer is SEVERE (ADALAT CC type label)', () => {
    expect(call('check_contraindications', 'Nifedipine', ['drug allergy']).contraindicated).to.equal(true);
    for (const other of ['Rifampin', 'Carbamazepine', 'Phenytoin']) bothWays('Nifedipine', other, 'SEVERE');
  });

  it('Promethazine injection answers children under 2, coma and phenothiazine hypersensitivity', () => {
    for (const c of ['pediatric patients less than 2 years of age', 'coma', 'phenothiazine allergy']) expect(call('check_contraindications', 'Promethazine', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Promethazine', ['asthma'])).to.deep.include({ contraindicated: false, not_checked: [] });
  });

  it('Glipizide answers the union of its immediate- and extended-release labels', () => {
    for (const c of ['drug allergy', 'sulfa allergy', 'diabetic ketoacidosis']) expect(call('check_contraindications', 'Glipizide', [c]).contraindicated, c).to.equal(true);
  });

  it('Potassium phosphate answers hyperkalemia, hyperphosphatemia, hypercalcemia and significant hypocalcemia', () => {
    for (const c of ['hyperkalemia', 'high phosphate', 'hypercalcemia', 'severe hypocalcemia']) expect(call('check_contraindications', 'Potassium_Phosphate', [c]).contraindicated, c).to.equal(true);
  });

  it('Magnesium sulfate answers heart block, myocardial damage and toxemia in the two hours before delivery', () => {
    for (const c of ['av block', 'complete heart block', 'myocardial damage', 'eclampsia within 2 hours of delivery']) expect(call('check_contraindications', 'Magnesium_Sulfate', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Magnesium_Sulfate', ['preeclampsia'])).to.deep.include({ contraindicated: null, not_checked: ['preeclampsia'] });
  });

  it('IV epinephrine has no label contraindication: it answers false, not null', () => {
    expect(call('check_contraindications', 'Epinephrine_IV', ['hypertension'])).to.deep.include({ contraindicated: false, not_checked: [] });
  });

  it('Alteplase answers its bleeding and intracranial contraindications, what its label does not name false; Rivaroxaban active bleeding and hypersensitivity, anything else null (seen only as a quotation)', () => {
    for (const c of ['active bleeding', 'bleeding diathesis', 'subarachnoid hemorrhage', 'severe uncontrolled hypertension', 'recent stroke']) expect(call('check_contraindications', 'Alteplase', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Alteplase', ['pregnancy'])).to.deep.include({ contraindicated: false, not_checked: [] });
    for (const c of ['active bleeding', 'drug allergy']) expect(call('check_contraindications', 'Rivaroxaban', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Rivaroxaban', ['pregnancy'])).to.deep.include({ contraindicated: null, not_checked: ['pregnancy'] });
  });

  it('Cefepime (GALAXY label highlights) answers beta-lactam allergy and false for a condition its section does not name', () => {
    for (const c of ['penicillin allergy', 'cephalosporin allergy', 'drug allergy']) expect(call('check_contraindications', 'Cefepime', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Cefepime', ['pregnancy'])).to.deep.include({ contraindicated: false, not_checked: [] });
  });

  it('Aspirin (DURLAZA, the one Rx aspirin label) answers NSAID hypersensitivity and the asthma-rhinitis-nasal polyps syndrome, false for what its section does not name', () => {
    for (const c of ['nsaid allergy', 'drug allergy', 'syndrome of asthma, rhinitis and nasal polyps']) expect(call('check_contraindications', 'Aspirin', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Aspirin', ['active_peptic_ulcer_disease'])).to.deep.include({ contraindicated: false, not_checked: [] });
  });

  it('Methotrexate answers pregnancy with a non-neoplastic disease (and rheumatoid arthritis in pregnancy), plain pregnancy null (partly read)', () => {
    for (const c of ['pregnancy with a non-malignant disease', 'rheumatoid_arthritis_in_pregnancy', 'history of serious hypersensitivity reaction to the drug']) expect(call('check_contraindications', 'Methotrexate', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Methotrexate', ['pregnancy'])).to.deep.include({ contraindicated: null, not_checked: ['pregnancy'] });
  });

  it('Nitroglycerin, Quinapril, Buprenorphine, Gentamicin, Remifentanil and Amphotericin B answer their partly read labels; nitroglycerin with a PDE-5 inhibitor and quinapril with sacubitril/valsartan are SEVERE both ways', () => {
    for (const c of ['pericardial tamponade', 'raised intracranial pressure', 'severe anaemia', 'concomitant_riociguat']) expect(call('check_contraindications', 'Nitroglycerin', [c]).contraindicated, c).to.equal(true);
    for (const c of ['history of ace inhibitor angioedema', 'concomitant sacubitril']) expect(call('check_contraindications', 'Quinapril', [c]).contraindicated, c).to.equal(true);
    for (const c of ['paralytic ileus', 'respiratory depression']) expect(call('check_contraindications', 'Buprenorphine', [c]).contraindicated, c).to.equal(true);
    expect(call('check_contraindications', 'Gentamicin', ['aminoglycoside allergy']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Remifentanil', ['drug allergy']).contraindicated).to.equal(true);
    expect(call('check_contraindications', 'Amphotericin_B', ['drug allergy']).contraindicated).to.equal(true);
    for (const d of ['Nitroglycerin', 'Quinapril', 'Buprenorphine', 'Gentamicin', 'Remifentanil', 'Amphotericin_B']) expect(call('check_contraindications', d, ['pregnancy']), d).to.deep.include({ contraindicated: null, not_checked: ['pregnancy'] });
    bothWays('Nitroglycerin', 'Tadalafil', 'SEVERE', 'Tadalafil + Nitroglycerin');
    expect(pair('Quinapril', 'Sacubitril_Valsartan').max_severity).to.equal('SEVERE');
  });
});

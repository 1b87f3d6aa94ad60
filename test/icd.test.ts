import { expect } from 'chai';
import codeTable from '../src/runtime/modules/icd/data/icd10cm.json' with { type: 'json' };
import drgTable from '../src/runtime/modules/icd/data/msdrg.json' with { type: 'json' };
import { runProtocol } from '../src/engine/index.js';
import { libraryOf } from './helpers/library.js';

const { call, error } = libraryOf('icd');

describe('icd.lookup, category and related', () => {
  it('normalizes e119 to E11.9 and answers the official title, category, chapter and billability', () => {
    expect(call('lookup', ' e119 ')).to.deep.equal({
      type: 'ICD_LOOKUP', code: 'E11.9', found: true, description: 'Type 2 diabetes mellitus without complications',
      category: { code: 'E11', title: 'Type 2 diabetes mellitus' }, chapter: 'IV', chapter_title: 'Endocrine, nutritional and metabolic diseases',
      is_billable: true, cc_level: null, related_codes: [], snomed_ct: [],
      snomed_note: 'no SNOMED CT map is loaded on this installation; see cpes data import',
    });
    expect(call('lookup', 'A41')).to.include({ found: true, is_billable: false, chapter: 'I' });
    expect(call('lookup', 'I50.21')).to.include({ description: 'Acute systolic (congestive) heart failure', is_billable: true });
  });

  it('a well-formed code outside the table is not found, with its category as parent and suggestions', () => {
    const r = call('lookup', 'E11.99');
    expect(r).to.include({ code: 'E11.99', found: false });
    expect(r.parent).to.deep.equal({ code: 'E11', description: 'Type 2 diabetes mellitus' });
    expect(r.suggestions).to.include('E11.9');
    expect(error('lookup', 'XYZ')).to.equal(`icd.lookup: argument 1 'code' "XYZ" is not an ICD-10-CM code (letter, digit, digit or letter, then up to 4 characters after the dot, e.g. E11.9)`);
    expect(error('lookup', 'E11.12345')).to.match(/is not an ICD-10-CM code/);
  });

  it('category and related read the 3-character category', () => {
    expect(call('category', 'j189')).to.deep.equal({
      type: 'ICD_CATEGORY', code: 'J18.9', found: true, category: { code: 'J18', title: 'Pneumonia, unspecified organism' }, chapter: 'X', chapter_title: 'Diseases of the respiratory system',
    });
    expect(call('category', 'Q99.9')).to.include({ found: false, category: null, chapter: 'XVII' });
    const related = call('related_codes', 'I48.0');
    expect(related.related.map((r: any) => r.code)).to.deep.equal(['I48', 'I48.1', 'I48.11', 'I48.19', 'I48.2', 'I48.20', 'I48.21', 'I48.3', 'I48.4', 'I48.9', 'I48.91', 'I48.92']);
  });
});

describe('icd.search, validate_codes and list_codes', () => {
  it('needs every word in the title, category title or as a code prefix; exact code first; limit truncates', () => {
    const r = call('search', 'sepsis staphylococcus');
    expect(r.results.map((x: any) => x.code)).to.deep.equal(['A41.0', 'A41.01', 'A41.02', 'A41.1', 'A41.2']);
    expect(call('search', 'sepsis staphylococcus', 2)).to.include({ count: 2, truncated: true });
    expect(call('search', 'J18.9').results[0]).to.deep.equal({ code: 'J18.9', description: 'Pneumonia, unspecified organism', category: 'J18', billable: true });
    expect(call('search', 'i48 persistent').results.map((x: any) => x.code)).to.deep.equal(['I48.1', 'I48.11', 'I48.19']);
    expect(error('search', '   ')).to.equal("icd.search: argument 1 'term' must contain a word");
    expect(error('search', 'x', 0)).to.match(/argument 2 'limit' must be ≥ 1/);
  });

  it('validate_codes reports each item, malformed ones included', () => {
    expect(call('validate_codes', ['E11.9', 'e1165', 'Q99.9', 'bad!'])).to.deep.equal({
      type: 'ICD_VALIDATE', total: 4, valid: 2, invalid: 2, results: [
        { code: 'E11.9', format_valid: true, valid: true, billable: true, description: 'Type 2 diabetes mellitus without complications' },
        { code: 'E11.65', format_valid: true, valid: true, billable: true, description: 'Type 2 diabetes mellitus with hyperglycemia' },
        { code: 'Q99.9', format_valid: true, valid: false, billable: false, description: null },
        { code: 'bad!', format_valid: false, valid: false, billable: false, description: null },
      ],
    });
  });

  it('list_codes by Roman numeral or number, in code order; other chapter words are errors', () => {
    const ix = call('list_codes', 'ix');
    expect(ix.every((c: any) => c.chapter === 'IX')).to.equal(true);
    expect(call('filter_by_chapter', 9)).to.deep.equal(ix);
    expect(call('list_codes')).to.have.length(codeTable.codes.length);
    expect(error('list_codes', 'XXIII')).to.equal(`icd.list_codes: argument 1 'chapter' must be a Roman numeral I–XXII or a number 1–22, got "XXIII"`);
    expect(error('list_codes', 23)).to.match(/got 23$/);
  });
});

describe('icd.drg_lookup and snomed_to_icd', () => {
  it('chooses the family of the principal diagnosis and the member for the secondary codes (E11.9 is not a CC)', () => {
    const r = call('drg_lookup', ['i619', 'E11.9']);
    expect(r).to.include({ principal: 'I61.9', found: true, severity: 'none' });
    expect(r.input_codes).to.deep.equal(['I61.9', 'E11.9']);
    expect(r.primary_drg).to.deep.equal({ drg: '066', name: 'Intracranial Hemorrhage or Cerebral Infarction without CC/MCC', weight: null, geometric_mean_los: null, arithmetic_mean_los: null, mdc: '01', severity: 'none' });
    expect(r.grouper_note).to.contain('no relative weights: the shipped MS-DRG table has none; load the IPPS final rule Table 5 with cpes data import msdrg-weights');
    expect(r.matches[0].levels.map((l: any) => l.drg)).to.deep.equal(['064', '065', '066']);
    expect(r.grouper_note).to.match(/^Family chosen from the principal diagnosis/);
    const pneumonia = call('drg_lookup', ['J18.9']);
    expect(pneumonia.primary_drg).to.include({ drg: '195', name: 'Simple Pneumonia and Pleurisy without CC/MCC', mdc: '04' });
    // a sepsis principal also indexes to the ventilation DRG 870, which needs a procedure and is never the primary DRG
    const sepsis = call('drg_lookup', ['A41.9']);
    expect(sepsis.matches.map((m: any) => [m.family, m.requires_procedure])).to.deep.equal([['871-872', false], ['870', true]]);
    expect(sepsis.primary_drg).to.include({ drg: '872', severity: 'none' });
    expect(call('drg_lookup', ['Z99.81'])).to.include({ found: false, primary_drg: null });
    expect(error('drg_lookup', ['I61.9', 'nope'])).to.equal(`icd.drg_lookup: argument 1 'diagnosis_codes' item 1 "nope" is not an ICD-10-CM code`);
    expect(error('drg_lookup', [])).to.match(/must have at least 1 item/);
  });

  it('checks SNOMED ids (digits, length, Verhoeff) and, with no map pack installed, says so instead of answering', () => {
    expect(call('snomed_to_icd', 91302008)).to.deep.equal({
      type: 'ICD_SNOMED_MAP', snomed_ct: '91302008', found: false, icd10_matches: [], count: 0,
      note: 'no SNOMED CT map is loaded on this installation; see cpes data import',
    });
    expect(call('snomed_to_icd', '44054006').snomed_ct).to.equal('44054006');
    expect(error('snomed_to_icd', 22298007)).to.equal("icd.snomed_to_icd: argument 1 'snomed_code' 22298007 fails the Verhoeff check digit; check for a typing error");
    expect(error('snomed_to_icd', '12345')).to.match(/must be 6–18 digits, got "12345"/);
    expect(error('snomed_to_icd', 91302008.5)).to.match(/argument 1 'snomed_code' must be/);
  });

  it('is reachable from a protocol', () => {
    const { kind, body } = runProtocol('protocol P {\n  let r = med.icd.lookup("e119");\n  let d = r.description;\n}');
    expect(kind).to.equal('ok');
    expect(body.events.find((e) => e.name === 'd')!.value).to.equal('Type 2 diabetes mellitus without complications');
  });
});

describe('icd table build checks (§1.9, §9.1)', () => {
  it('codes are unique, well-formed, sorted, in a known category, with a title', () => {
    const codes = codeTable.codes.map((c) => c.code);
    expect(new Set(codes).size).to.equal(codes.length);
    expect([...codes].sort()).to.deep.equal(codes);
    const categories = new Set(codeTable.categories.map((c) => c.code));
    for (const c of codeTable.codes) {
      expect(c.code, c.code).to.match(/^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/);
      expect(categories.has(c.code.slice(0, 3)), c.code).to.equal(true);
      expect(c.description, c.code).to.be.a('string').and.not.equal('');
    }
  });

  it('has the 22 chapters with ranges, and the DRG table refers only to codes it holds', () => {
    expect(codeTable.chapters.map((c) => c.number)).to.deep.equal(Array.from({ length: 22 }, (_, i) => i + 1));
    const codes = new Set(codeTable.codes.map((c) => c.code));
    for (const d of drgTable.drgs) for (const p of d.principal_codes) expect(codes.has(p), `${d.drg} ${p}`).to.equal(true);
  });

  it('records the specified minimums beside what it holds (the shortfall is an open item)', () => {
    expect([codeTable.minimum_required, drgTable.minimum_required_families]).to.deep.equal([400, 25]);
    expect([codeTable.codes.length, new Set(drgTable.drgs.map((d) => d.family)).size]).to.deep.equal([1079, 34]);
  });
});

describe('icd FY2026 release (§9.1)', () => {
  it('records the FY2026 release it holds and the v43 CC/MCC list its levels come from', () => {
    expect(codeTable.version).to.match(/^FY2026 \(October 1, 2025 release/);
    expect(codeTable.source).to.include('icd10cm_order_2026');
    expect(codeTable.cc_source).to.match(/v43\.0/);
    expect(call('lookup', 'A41.9')).to.include({ found: true, is_billable: true, cc_level: 'MCC' });
  });

  it('answers the FY2026 category headers N18.3, M54.5 and G20 as found but not billable, their subcodes as billable', () => {
    expect(call('lookup', 'n183')).to.include({ code: 'N18.3', found: true, description: 'Chronic kidney disease, stage 3 (moderate)', is_billable: false, chapter: 'XIV' });
    expect(call('lookup', 'M545')).to.include({ code: 'M54.5', found: true, description: 'Low back pain', is_billable: false, chapter: 'XIII' });
    expect(call('lookup', 'G20')).to.include({ code: 'G20', found: true, description: "Parkinson's disease", is_billable: false, chapter: 'VI' });
    expect(call('lookup', 'M54.50')).to.include({ description: 'Low back pain, unspecified', is_billable: true });
    expect(call('validate_codes', ['N18.30', 'N18.31', 'N18.32', 'M54.51', 'M54.59', 'G20.A1']).results.map((r: any) => r.billable)).to.deep.equal([true, true, true, true, true, true]);
    expect(call('category', 'M54.59')).to.deep.include({ found: true, category: { code: 'M54', title: 'Dorsalgia' }, chapter: 'XIII' });
  });

  it('holds codes that need a further character as headers (H40.10, H40.111, R40.241, N35.9) and their billable subcodes', () => {
    const r = call('validate_codes', ['H40.10', 'H40.111', 'R40.241', 'N35.9', 'H40.10X0', 'H40.1110']);
    expect(r.results.map((x: any) => [x.code, x.valid, x.billable])).to.deep.equal([
      ['H40.10', true, false], ['H40.111', true, false], ['R40.241', true, false], ['N35.9', true, false], ['H40.10X0', true, true], ['H40.1110', true, true],
    ]);
    expect(call('lookup', 'H4010X0')).to.include({ code: 'H40.10X0', description: 'Unspecified open-angle glaucoma, stage unspecified', chapter: 'VII' });
  });

  it('looks up a 7th-character code (T39.1X1A) and keeps its 6-character stem as a header', () => {
    expect(call('lookup', ' t391x1a ')).to.deep.equal({
      type: 'ICD_LOOKUP', code: 'T39.1X1A', found: true, description: 'Poisoning by 4-Aminophenol derivatives, accidental (unintentional), initial encounter',
      category: { code: 'T39', title: 'Poisoning by, adverse effect of and underdosing of nonopioid analgesics, antipyretics and antirheumatics' },
      chapter: 'XIX', chapter_title: codeTable.chapters[18]!.title, is_billable: true, cc_level: null, related_codes: [], snomed_ct: [],
      snomed_note: 'no SNOMED CT map is loaded on this installation; see cpes data import',
    });
    expect(call('lookup', 'T39.1X1')).to.include({ found: true, is_billable: false, description: 'Poisoning by 4-Aminophenol derivatives, accidental (unintentional)' });
    expect(call('lookup', 'T39.1X1D')).to.include({ found: false });
  });

  it('holds codes new in FY2025/FY2026 (E10.A-, E11.A) with their official titles', () => {
    expect(call('lookup', 'e11a')).to.include({ code: 'E11.A', found: true, description: 'Type 2 diabetes mellitus without complications in remission', is_billable: true });
    expect(call('lookup', 'E10.A')).to.include({ found: true, is_billable: false, description: 'Type 1 diabetes mellitus, presymptomatic' });
    expect(call('search', 'presymptomatic').results.map((r: any) => r.code)).to.deep.equal(['E10.A', 'E10.A0', 'E10.A1', 'E10.A2']);
  });

  it('list_codes meets the §9.1 minimums: at least 400 codes, every chapter, at least 25 in I, II, IV, IX, X, XI, XIV and XIX', () => {
    expect(call('list_codes').length).to.be.at.least(400);
    for (let n = 1; n <= 22; n++) expect(call('list_codes', n).length, `chapter ${n}`).to.be.at.least(1);
    for (const ch of ['I', 'II', 'IV', 'IX', 'X', 'XI', 'XIV', 'XIX']) expect(call('list_codes', ch).length, ch).to.be.at.least(25);
  });

  it('holds the clinical groups §9.1 names', () => {
    const groups: [string, RegExp][] = [
      ['sepsis A40', /^A40\./], ['sepsis A41', /^A41\./], ['shock R57', /^R57\./], ['type 1 diabetes', /^E10\./], ['type 2 diabetes', /^E11\./],
      ['heart failure', /^I50\./], ['atrial fibrillation', /^I48\./], ['AKI', /^N17\./], ['CKD', /^N18\./], ['pneumonia', /^J1[2-8]/],
      ['COPD', /^J44\./], ['asthma', /^J45\./], ['stroke', /^I63\./], ['acute MI', /^I21\./], ['GI bleeding', /^K92\.[0-2]$/], ['poisoning', /^T(3[6-9]|4[0-9]|50)\./],
    ];
    const billable = codeTable.codes.filter((c) => c.billable).map((c) => c.code);
    for (const [name, re] of groups) expect(billable.some((c) => re.test(c)), name).to.equal(true);
    const must = ['R65.20', 'R65.21', 'E11.9', 'E11.65', 'N39.0', 'T39.1X1A', 'I63.9', 'J18.9', 'J44.1'];
    expect(call('validate_codes', must)).to.include({ total: must.length, valid: must.length, invalid: 0 });
  });
});

describe('icd CC/MCC levels from the MS-DRG v43 list (Definitions Manual v43.0, Appendix C)', () => {
  it('lookup answers the Part 1 level: MCC, CC, or null for a non-CC and for a header', () => {
    expect(call('lookup', 'A41.9')).to.include({ found: true, is_billable: true, cc_level: 'MCC' });
    expect(call('lookup', 'r6521')).to.include({ code: 'R65.21', cc_level: 'MCC' });
    expect(call('lookup', 'J18.9')).to.include({ cc_level: 'MCC' });
    expect(call('lookup', 'N17.9')).to.include({ description: 'Acute kidney failure, unspecified', cc_level: 'CC' });
    expect(call('lookup', 'J44.1')).to.include({ cc_level: 'CC' });
    expect(call('lookup', 'N18.6')).to.include({ cc_level: 'MCC' });
    expect(call('lookup', 'E11.9')).to.include({ is_billable: true, cc_level: null });
    expect(call('lookup', 'I10')).to.include({ is_billable: true, cc_level: null });
    // not listed in Part 1 although close to listed codes: I50.9 (I50.1 and I50.2x-I50.4x are), T39.1X1A (no T36-T65 code is)
    expect(call('lookup', 'I50.9')).to.include({ cc_level: null });
    expect(call('lookup', 'T39.1X1A')).to.include({ cc_level: null });
    expect(call('lookup', 'A41')).to.include({ is_billable: false, cc_level: null });
  });

  it('holds only MCC, CC or null, never a level on a header, and names the source and what is not applied', () => {
    for (const c of codeTable.codes) {
      expect([null, 'CC', 'MCC'], c.code).to.include(c.cc_level);
      if (!c.billable) expect(c.cc_level, c.code).to.equal(null);
    }
    const levels = codeTable.codes.map((c) => c.cc_level);
    expect(levels.filter((l) => l === 'MCC').length).to.be.greaterThan(100);
    expect(levels.filter((l) => l === 'CC').length).to.be.greaterThan(100);
    expect(codeTable.cc_source).to.include('v43.0').and.include('Appendix C').and.include('yubin-park/drgpy');
    // Part 2: MCC for live discharges only; the table keeps the Part 1 level and says so
    for (const code of ['I46.2', 'I46.9', 'I49.01', 'R57.0', 'R57.8']) {
      expect(codeTable.cc_source, code).to.include(code);
      expect(call('lookup', code).cc_level, code).to.equal('MCC');
    }
    expect(codeTable.cc_source).to.match(/PDX exclusion/).and.match(/Part 3/);
  });

  it('drg_lookup takes the severity from the secondary codes: pneumonia 193/194/195', () => {
    const mcc = call('drg_lookup', ['J18.9', 'R65.21']);
    expect(mcc).to.include({ severity: 'MCC' });
    expect(mcc.primary_drg).to.include({ drg: '193', name: 'Simple Pneumonia and Pleurisy with MCC', severity: 'MCC' });
    expect(call('drg_lookup', ['J18.9', 'N17.9']).primary_drg).to.include({ drg: '194', name: 'Simple Pneumonia and Pleurisy with CC', severity: 'CC' });
    expect(call('drg_lookup', ['J18.9']).primary_drg).to.include({ drg: '195', severity: 'none' });
    expect(call('drg_lookup', ['J18.9', 'E11.9', 'I10']).primary_drg).to.include({ drg: '195', severity: 'none' });
    // an MCC anywhere among the secondaries wins over a CC
    expect(call('drg_lookup', ['J18.9', 'N17.9', 'E11.9', 'N18.6']).primary_drg).to.include({ drg: '193' });
  });

  it('drg_lookup folds a CC into "without MCC" in the two-level sepsis family 871/872', () => {
    const cc = call('drg_lookup', ['A41.9', 'N17.9']);
    expect(cc).to.include({ severity: 'CC' });
    expect(cc.primary_drg).to.include({ drg: '872', name: 'Septicemia or Severe Sepsis without MV >96 Hours without MCC', severity: 'none' });
    expect(call('drg_lookup', ['A41.9', 'N17.0']).primary_drg).to.include({ drg: '871', name: 'Septicemia or Severe Sepsis without MV >96 Hours with MCC', severity: 'MCC' });
    // Part 2 code (MCC only if discharged alive): the lookup cannot know the discharge status and counts it as MCC
    expect(call('drg_lookup', ['A41.9', 'I46.9']).primary_drg).to.include({ drg: '871' });
  });
});

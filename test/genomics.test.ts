import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import alleleTable from '../src/runtime/modules/genomics/data/cpic-alleles.json' with { type: 'json' };
import guidanceTable from '../src/runtime/modules/genomics/data/cpic-guidance.json' with { type: 'json' };
import { registry } from '../src/runtime/modules/index.js';
import { alleleRows, diplotypeRows, guidanceRows, type CpicGeneFile, type CpicReportDrug } from '../scripts/data/cpic-transform.js';
import { libraryOf } from './helpers/library.js';
import { runLets } from './helpers/run.js';

const { call, error } = libraryOf('genomics');
const genes = (alleleTable as any).genes as Record<string, { alleles: { allele: string; function: string; activity: number | null }[]; diplotypes: Record<string, string> }>;
const excerpt = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures-data/cpic/${name}`, import.meta.url), 'utf8'));
const phenotype = (gene: string, genotype: string) => call('get_phenotype', gene, genotype);

describe('genomics: registry', () => {
  it('registers the eight functions of modules.md §11.3 and the metabolizer_status alias', () => {
    expect(registry.listing().genomics).to.deep.equal([
      'get_phenotype', 'drug_gene_check', 'dosing_guidance', 'interaction_check', 'complement', 'reverse_complement', 'gc_content', 'translate', 'metabolizer_status',
    ]);
  });
});

describe('genomics.get_phenotype', () => {
  it('§23: CYP2C9 *2/*2 IM (1.0); CYP2D6 *4/*1 IM (1.0), *1/*10 NM (1.25), *1/*1x2 UM (3.0); CYP2C19 *2/*17 IM', () => {
    expect(phenotype('CYP2C9', '*2/*2')).to.include({ phenotype: 'IM', activity_score: 1, phenotype_full: 'Intermediate Metabolizer' });
    expect(phenotype('CYP2D6', '*4/*1')).to.include({ phenotype: 'IM', activity_score: 1, genotype: '*1/*4' });
    expect(phenotype('CYP2D6', '*1/*10')).to.include({ phenotype: 'NM', activity_score: 1.25 });
    expect(phenotype('CYP2D6', '*1/*1x2')).to.include({ phenotype: 'UM', activity_score: 3 });
    expect(phenotype('CYP2C19', '*2/*17')).to.include({ phenotype: 'IM', activity_score: null });
  });

  it('CYP2D6 activity score at each boundary: 0 PM; 0.25 and 1.0 IM; 1.25 and 2.25 NM; 2.5 UM (Caudle 2020)', () => {
    // CPIC values: *4 = 0, *10 = 0.25, *17 = 0.5, *1 = 1, *1x2 = 2 × 1
    expect(phenotype('CYP2D6', '*4/*4')).to.include({ activity_score: 0, phenotype: 'PM' });
    expect(phenotype('CYP2D6', '*4/*10')).to.include({ activity_score: 0.25, phenotype: 'IM' });
    expect(phenotype('CYP2D6', '*1/*4')).to.include({ activity_score: 1, phenotype: 'IM' });
    expect(phenotype('CYP2D6', '*1/*10')).to.include({ activity_score: 1.25, phenotype: 'NM' });
    expect(phenotype('CYP2D6', '*1x2/*10')).to.include({ activity_score: 2.25, phenotype: 'NM' });
    expect(phenotype('CYP2D6', '*1x2/*17')).to.include({ activity_score: 2.5, phenotype: 'UM' });
    expect(phenotype('CYP2D6', ' *41 x3 / *4 ')).to.include({ genotype: '*4/*41x3', activity_score: 0.75, phenotype: 'IM' });
  });

  it('CYP2D6 xN: the phenotype stands only when 2 and 10 copies agree', () => {
    expect(phenotype('CYP2D6', '*1/*2xN')).to.include({ phenotype: 'UM', activity_score: null }); // 3 and 11
    expect(phenotype('CYP2D6', '*4/*4xN')).to.include({ phenotype: 'PM' }); // 0 and 0
    expect(phenotype('CYP2D6', '*4/*10xN')).to.include({ phenotype: 'INDETERMINATE' }); // 0.5 IM, 2.5 UM
  });

  it('CYP2C9 boundaries: 2 NM; 1.5 and 1 IM; 0.5 and 0 PM (Theken 2020)', () => {
    expect(phenotype('CYP2C9', '*1/*1')).to.include({ activity_score: 2, phenotype: 'NM' });
    expect(phenotype('CYP2C9', '*1/*2')).to.include({ activity_score: 1.5, phenotype: 'IM' });
    expect(phenotype('CYP2C9', '*1/*3')).to.include({ activity_score: 1, phenotype: 'IM' });
    expect(phenotype('CYP2C9', '*2/*3')).to.include({ activity_score: 0.5, phenotype: 'PM' });
    expect(phenotype('CYP2C9', '*3/*3')).to.include({ activity_score: 0, phenotype: 'PM' });
  });

  it('the CYP2C9 activity rule reproduces every one of CPIC\'s CYP2C9 diplotype phenotypes', () => {
    const table = Object.entries(genes.CYP2C9!.diplotypes);
    expect(table.length).to.be.greaterThan(2000);
    for (const [diplotype, expected] of table) expect(phenotype('CYP2C9', diplotype).phenotype, diplotype).to.equal(expected);
  });

  it('DPYD activity: Reference/Reference 2 NM; one decreased 1.5 IM; one no-function 1 IM; 0.5 and 0 PM (Amstutz 2017)', () => {
    expect(phenotype('DPYD', 'Reference/Reference')).to.include({ activity_score: 2, phenotype: 'NM' });
    expect(phenotype('DPYD', 'Reference/c.2846A>T')).to.include({ activity_score: 1.5, phenotype: 'IM' });
    expect(phenotype('DPYD', 'Reference/*2A')).to.include({ activity_score: 1, phenotype: 'IM', genotype: 'Reference/c.1905+1G>A (*2A)' });
    expect(phenotype('DPYD', '*2A/c.2846A>T')).to.include({ activity_score: 0.5, phenotype: 'PM' });
    expect(phenotype('DPYD', 'c.1679T>G/*2A')).to.include({ activity_score: 0, phenotype: 'PM' });
    expect(phenotype('DPYD', 'HapB3/Reference')).to.include({ activity_score: 1.5, phenotype: 'IM' });
  });

  it('lookup genes follow CPIC\'s diplotype tables: CYP2C19, CYP3A5, CYP2B6, TPMT, NUDT15, UGT1A1, SLCO1B1', () => {
    const cases: [string, string, string][] = [
      ['CYP2C19', '*1/*1', 'NM'], ['CYP2C19', '*17/*1', 'RM'], ['CYP2C19', '*17/*17', 'UM'], ['CYP2C19', '*1/*2', 'IM'], ['CYP2C19', '*2/*2', 'PM'],
      ['CYP3A5', '*1/*1', 'NM'], ['CYP3A5', '*1/*3', 'IM'], ['CYP3A5', '*3/*3', 'PM'],
      ['CYP2B6', '*1/*1', 'NM'], ['CYP2B6', '*1/*4', 'RM'], ['CYP2B6', '*4/*4', 'UM'], ['CYP2B6', '*1/*6', 'IM'], ['CYP2B6', '*6/*6', 'PM'],
      ['TPMT', '*1/*1', 'NM'], ['TPMT', '*1/*3A', 'IM'], ['TPMT', '*3A/*3C', 'PM'], ['NUDT15', '*1/*3', 'IM'], ['NUDT15', '*3/*3', 'PM'],
      ['UGT1A1', '*1/*1', 'NM'], ['UGT1A1', '*1/*28', 'IM'], ['UGT1A1', '*28/*28', 'PM'], ['UGT1A1', '*1/*80+*28', genes.UGT1A1!.diplotypes['*1/*80+*28']!],
      ['SLCO1B1', '*1/*1', 'NORMAL_FUNCTION'], ['SLCO1B1', '*1/*5', 'DECREASED_FUNCTION'], ['SLCO1B1', '*5/*5', 'POOR_FUNCTION'], ['SLCO1B1', '*14/*14', 'INCREASED_FUNCTION'],
    ];
    for (const [gene, genotype, expected] of cases) expect(phenotype(gene, genotype).phenotype, `${gene} ${genotype}`).to.equal(expected);
    for (const gene of ['CYP2C19', 'CYP3A5', 'CYP2B6', 'TPMT', 'NUDT15', 'SLCO1B1', 'UGT1A1']) {
      for (const [diplotype, expected] of Object.entries(genes[gene]!.diplotypes)) expect(phenotype(gene, diplotype).phenotype, `${gene} ${diplotype}`).to.equal(expected);
    }
    expect(phenotype('slco1b1', '*1/*5')).to.include({ gene: 'SLCO1B1', phenotype_full: 'Decreased Function' });
  });

  it('VKORC1 rs9923231 and HLA risk alleles', () => {
    expect(phenotype('VKORC1', 'G/G')).to.include({ phenotype: 'NORMAL' });
    expect(phenotype('VKORC1', 'A/G')).to.include({ phenotype: 'INTERMEDIATE', genotype: 'G/A' });
    expect(phenotype('VKORC1', 'AA')).to.include({ phenotype: 'HIGH', phenotype_full: 'High warfarin sensitivity' });
    expect(phenotype('VKORC1', 'C/T')).to.include({ phenotype: 'INTERMEDIATE' });
    expect(phenotype('HLA-B', '*57:01/*44:02')).to.include({ phenotype: 'POSITIVE', phenotype_full: 'HLA-B*57:01 positive' });
    expect(phenotype('hla_b', '*44:02/*07:02')).to.include({ gene: 'HLA-B', phenotype: 'NEGATIVE' });
    expect(phenotype('HLA-A', 'positive')).to.include({ phenotype: 'POSITIVE' });
    expect(phenotype('HLA-B', 'Negative')).to.include({ phenotype: 'NEGATIVE' });
  });

  it('an allele outside the CPIC table makes the phenotype INDETERMINATE and is listed; uncertain function is INDETERMINATE too', () => {
    expect(phenotype('CYP2D6', '*1/*999')).to.include({ phenotype: 'INDETERMINATE', activity_score: null }).and.to.have.deep.property('unknown_alleles', ['*999']);
    expect(phenotype('CYP2D6', '*1/*22')).to.include({ phenotype: 'INDETERMINATE' }).and.to.have.deep.property('unknown_alleles', []);
    expect(phenotype('CYP2C19', '*1/*99')).to.include({ phenotype: 'INDETERMINATE' }).and.to.have.deep.property('unknown_alleles', ['*99']);
  });

  it('unreadable genotypes are argument errors naming what was wrong; an unknown gene is not found', () => {
    expect(error('get_phenotype', 'CYP2D6', '*1*2')).to.equal(`genomics.get_phenotype: argument 2 'genotype' "*1*2" must be a diplotype of two alleles separated by '/', e.g. *1/*2`);
    expect(error('get_phenotype', 'CYP2D6', '*1/*2/*3')).to.match(/must be a diplotype of two alleles/);
    expect(error('get_phenotype', 'CYP2D6', '1/2')).to.equal(`genomics.get_phenotype: argument 2 'genotype' allele "1" is not a star allele such as *1, *3A or *1x2`);
    expect(error('get_phenotype', 'CYP2C19', '*1x2/*1')).to.match(/only CYP2D6 alleles take one/);
    expect(error('get_phenotype', 'CYP2D6', '*1x1/*1')).to.match(/must have 2 to 20 copies/);
    expect(error('get_phenotype', 'CYP2D6', ' ')).to.match(/must not be empty/);
    expect(error('get_phenotype', 'VKORC1', 'G/X')).to.match(/rs9923231/);
    expect(error('get_phenotype', 'HLA-B', 'maybe')).to.match(/'positive', 'negative' or a typed pair/);
    expect(error('get_phenotype', 'CYP2D6', 5)).to.match(/argument 2 'genotype' must be a string/);
    expect(call('metabolizer_status', 'CYP9Z', '*1/*1')).to.include({ found: false, gene: 'CYP9Z' });
  });
});

describe('genomics.dosing_guidance', () => {
  it('§23: CYP3A5 *1/*3 with tacrolimus is IM with the increased starting dose; CYP9Z is not found', () => {
    const r = call('dosing_guidance', 'CYP3A5', 'tacrolimus', '*1/*3');
    expect(r).to.include({ gene: 'CYP3A5', drug: 'Tacrolimus', phenotype: 'IM', has_guideline: true, found: true });
    expect(r.recommendation).to.match(/^Increase starting dose 1\.5 to 2 times recommended starting dose/);
    expect(call('dosing_guidance', 'CYP3A5', 'Prograf', '*1/*1').recommendation).to.match(/Increase starting dose 1\.5 to 2 times/);
    expect(call('dosing_guidance', 'CYP3A5', 'tacrolimus', '*3/*3').recommendation).to.match(/^Initiate therapy with standard recommended dose\. Use therapeutic drug monitoring/);
    expect(call('dosing_guidance', 'CYP9Z', 'x', '*1/*1')).to.include({ found: false, has_guideline: false, recommendation: null });
  });

  it('CPIC rows by phenotype; a guideline row this table lacks is reported as missing, never as standard dosing', () => {
    const pm = call('dosing_guidance', 'CYP2C19', 'Plavix', '*2/*2');
    expect(pm).to.include({ drug: 'Clopidogrel', phenotype: 'PM', classification: 'Strong', alternative: true });
    expect(pm.recommendation).to.match(/^Avoid clopidogrel if possible/);
    expect(pm.note).to.match(/^population CVI ACS PCI/);
    const im = call('dosing_guidance', 'CYP2C19', 'clopidogrel', '*1/*2');
    expect(im).to.include({ phenotype: 'IM', has_guideline: true });
    expect(im.recommendation).to.match(/^Avoid standard dose \(75 mg\) clopidogrel if possible/);
    expect(im.note).to.equal('population CVI ACS PCI (CPIC also gives rows for NVI, CVI non-ACS non-PCI)');
    expect(im.source).to.equal('CPIC guideline for clopidogrel (2022, PMID 35034351), CPIC data v1.20.0, https://cpicpgx.org/guidelines/guideline-for-clopidogrel-and-cyp2c19/');
    // the 2023 SSRI update is newer than the full CPIC export cpes ships: its IM row is missing, and says so
    const missing = call('dosing_guidance', 'CYP2C19', 'citalopram', '*1/*2');
    expect(missing).to.include({ phenotype: 'IM', has_guideline: true, recommendation: null });
    expect(missing.note).to.match(/this table holds no row for CYP2C19 IM/);
    const none = call('dosing_guidance', 'CYP2D6', 'Pantoprazole', '*1/*1');
    expect(none).to.include({ has_guideline: false, recommendation: null, note: 'no CPIC guideline for this gene–drug pair' });
    expect(call('dosing_guidance', 'CYP2D6', 'nosuchdrug', '*1/*1').note).to.equal('no CPIC guideline for this gene–drug pair ("nosuchdrug" is not a drug pk or the genomics tables know)');
  });

  it('INDETERMINATE gives no recommendation; HLA rows use the drug\'s own risk allele; multi-gene guidelines name their other genes', () => {
    const indeterminate = call('dosing_guidance', 'CYP2D6', 'codeine', '*1/*999');
    expect(indeterminate).to.include({ phenotype: 'INDETERMINATE', has_guideline: false, recommendation: null });
    expect(indeterminate.note).to.match(/\*999 are not in the CPIC allele table/);
    expect(call('dosing_guidance', 'HLA-B', 'carbamazepine', '*15:02/*44:02')).to.include({ phenotype: 'POSITIVE', alternative: true }).and.to.have.deep.property('requires_genes', ['HLA-A']);
    expect(call('dosing_guidance', 'HLA-B', 'allopurinol', '*15:02/*44:02')).to.include({ phenotype: 'NEGATIVE', recommendation: 'Use allopurinol per standard dosing guidelines' });
    const sertraline = call('dosing_guidance', 'CYP2B6', 'sertraline', '*1/*1');
    expect(sertraline).to.include({ phenotype: 'NM', note: 'this row applies when CYP2C19 NM' }).and.to.have.deep.property('requires_genes', ['CYP2C19']);
    expect(call('dosing_guidance', 'CYP2C9', 'warfarin', '*1/*1').requires_genes).to.deep.equal(['CYP4F2', 'VKORC1']);
  });
});

describe('genomics interactions and drug roles', () => {
  it('§23: Clopidogrel with Omeprazole is CYP2C19 INHIBITION of a prodrug: reduced activation; severity from the listed strength', () => {
    const r = call('interaction_check', ['Clopidogrel', 'Omeprazole']);
    expect(r).to.include({ type: 'GENOMICS_INTERACTION', total: 1 });
    expect(r.interactions[0]).to.deep.equal({
      type: 'INHIBITION', gene: 'CYP2C19', substrate: 'Clopidogrel', inhibitor: 'Omeprazole', strength: null, prodrug: true,
      effect: 'reduced activation: less active metabolite, reduced effect', severity: null,
    });
  });

  it('inhibitors before inducers, severity from strength, names through pk aliases, unknown drugs listed', () => {
    const r = call('interaction_check', ['Versed', 'Rifadin', 'Diflucan', 'codeine', 'nosuchdrug']);
    expect(r.drugs_checked).to.deep.equal(['Midazolam', 'Rifampin', 'Fluconazole', 'Codeine']);
    expect(r.unknown_drugs).to.deep.equal(['nosuchdrug']);
    expect(r.interactions.map((i: any) => [i.type, i.gene, i.substrate, i.inhibitor ?? i.inducer, i.severity, i.effect])).to.deep.equal([
      ['INHIBITION', 'CYP3A4', 'Midazolam', 'Fluconazole', 'MODERATE', 'increased Midazolam exposure'],
      ['INDUCTION', 'CYP3A4', 'Midazolam', 'Rifampin', 'MAJOR', 'decreased Midazolam exposure'],
    ]);
    expect(error('interaction_check', [])).to.match(/argument 1 'current_drugs'/);
    expect(error('interaction_check', ['a', 3])).to.match(/item 1 must be a string, got number/);
    expect(error('interaction_check', Array(51).fill('x'))).to.match(/argument 1 'current_drugs'/);
  });

  it('a drug registered in the run through pk is the same drug to genomics: its CYP roles take part', () => {
    const profile = JSON.stringify({
      name: 'Testinhibitor', class: 'test_class', routes: ['PO'], default_route: 'PO',
      dosing: { PO: { bolus: { usual: 10, usual_low: 5, usual_high: 20, max_single: 40, unit: 'mg' } } },
      max_daily: 'none', max_daily_source: 'hand-made', max_weekly: 'none', max_weekly_source: 'hand-made',
      cyp: [{ enzyme: 'CYP2C19', role: 'inhibitor', strength: 'strong' }], source: 'hand-made drug for tests',
    });
    const lets = runLets(`protocol P {\n  let reg = med.pk.register_drug(${profile});\n  let r = med.genomics.interaction_check(["Plavix", "testinhibitor"]);\n}`);
    expect(lets.r.drugs_checked).to.deep.equal(['Clopidogrel', 'Testinhibitor']);
    expect(lets.r.interactions[0]).to.include({ gene: 'CYP2C19', inhibitor: 'Testinhibitor', strength: 'strong', severity: 'MAJOR', prodrug: true });
  });

  it('drug_gene_check lists roles by gene and the CPIC guidelines naming the drug', () => {
    const r = call('drug_gene_check', 'clopidogrel');
    expect(r).to.deep.include({ drug: 'Clopidogrel', found: true, num_genes: 1, affected_genes: [{ gene: 'CYP2C19', roles: [{ role: 'substrate', strength: null }], prodrug: true }] });
    expect(r.pgx_guidelines[0]).to.include({ gene: 'CYP2C19' });
    expect(call('drug_gene_check', 'Phenytoin').pgx_guidelines.map((g: any) => g.gene)).to.deep.equal(['CYP2C9', 'HLA-B']);
    expect(call('drug_gene_check', 'codein')).to.include({ found: false }).and.to.have.deep.property('suggestions', ['Codeine']);
  });
});

describe('genomics sequence utilities', () => {
  it('complement and reverse_complement keep case and pair every IUPAC code', () => {
    expect(call('complement', 'ATGCrykmbdhvnsw-')).to.equal('TACGyrmkvhdbnsw-');
    expect(call('complement', 'AUGC')).to.equal('UACG');
    expect(call('reverse_complement', 'AaTG')).to.equal('CAtT');
    expect(call('complement', '')).to.equal('');
    expect(error('complement', 'ATU')).to.equal("genomics.complement: argument 1 'dna_sequence' contains both T and U; send DNA (T) or RNA (U), not both");
    expect(error('complement', 'ATXG')).to.equal(`genomics.complement: argument 1 'dna_sequence' character "X" at position 3 is not an IUPAC nucleotide code (A C G T U R Y S W K M B D H V N or -)`);
    expect(error('reverse_complement', 'AT U')).to.match(/^genomics\.reverse_complement: .* position 3/);
  });

  it('gc_content counts S as G/C and W as A/T, excludes other codes and gaps, rounds to 2', () => {
    expect(call('gc_content', 'GCGCAT')).to.equal(66.67); // 4/6
    expect(call('gc_content', 'GGSWNN--')).to.equal(75); // (2 + 1) / 4
    expect(call('gc_content', 'AUAU')).to.equal(0);
    expect(error('gc_content', 'NNRY-')).to.match(/no countable base/);
  });

  it('translate: standard code from the first base or the first AUG, to the first stop, X for ambiguity, partial codon ignored', () => {
    expect(call('translate', 'AUGGCCUAAGG')).to.equal('MA');
    expect(call('translate', 'ccATGTTTNNNTGA', true)).to.equal('MFX');
    expect(call('translate', 'ATGTGGTGTTA')).to.equal('MWC');
    expect(call('translate', 'CCCGGG', true)).to.equal('');
    expect(error('translate', 'AUG-')).to.match(/character "-" at position 4/);
  });
});

describe('genomics tables', () => {
  it('re-derives allele rows from committed excerpts of CPIC source files with the generator code', () => {
    for (const gene of ['CYP2D6', 'CYP2C19', 'CYP3A5']) {
      const source = excerpt(`${gene}.json`) as CpicGeneFile;
      for (const row of alleleRows(source)) expect(genes[gene]!.alleles, `${gene} ${row.allele}`).to.deep.include(row);
      for (const [diplotype, code] of Object.entries(diplotypeRows(source))) expect(genes[gene]!.diplotypes[diplotype], diplotype).to.equal(code);
    }
  });

  it('re-derives recommendation rows from a committed excerpt of the CPIC report format', () => {
    const report = excerpt('report-excerpt.json');
    const rows = Object.values(report.drugs['CPIC Guideline Annotation'] as Record<string, CpicReportDrug>).flatMap(guidanceRows);
    expect(rows.length).to.be.greaterThan(3);
    for (const row of rows) expect((guidanceTable as any).rows).to.deep.include(row);
  });

  it('holds allele functions for the ten CPIC genes, every function in the §11.1 vocabulary, unique allele names', () => {
    expect(Object.keys(genes)).to.have.members(['CYP2D6', 'CYP2C19', 'CYP2C9', 'CYP3A5', 'CYP2B6', 'TPMT', 'NUDT15', 'DPYD', 'SLCO1B1', 'UGT1A1']);
    for (const [gene, table] of Object.entries(genes)) {
      expect(new Set(table.alleles.map((a) => a.allele)).size, gene).to.equal(table.alleles.length);
      for (const a of table.alleles) expect(['normal', 'increased', 'decreased', 'no function', 'uncertain', 'unknown'], `${gene} ${a.allele}`).to.include(a.function);
    }
    for (const a of genes.CYP2D6!.alleles.filter((x) => x.activity !== null)) expect(a.activity! % 0.25, a.allele).to.equal(0);
  });

  it('every guideline pair names known genes, and every row\'s phenotypes belong to its pair', () => {
    const known = ['CYP2D6', 'CYP2C19', 'CYP2C9', 'CYP3A5', 'CYP2B6', 'TPMT', 'NUDT15', 'DPYD', 'SLCO1B1', 'UGT1A1', 'VKORC1', 'HLA-B', 'HLA-A', 'CYP4F2', 'ABCG2'];
    const pairs = (guidanceTable as any).pairs as { drug: string; genes: string[] }[];
    for (const p of pairs) for (const g of p.genes) expect(known, `${p.drug} ${g}`).to.include(g);
    for (const row of (guidanceTable as any).rows) {
      const pair = pairs.find((p) => p.drug === row.drug)!;
      for (const gene of Object.keys(row.phenotypes)) expect(pair.genes, `${row.drug} ${gene}`).to.include(gene);
    }
  });
});

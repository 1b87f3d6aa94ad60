// CPIC complete for the shipped pairs: every phenotype a gene of a shipped pair can have gets CPIC's
// recommendation (or CPIC's own "No recommendation"), through genomics.dosing_guidance, each citing its
// guideline and CPIC data version. The only phenotypes without a row are listed here, with why.
import { expect } from 'chai';
import alleleTable from '../src/runtime/modules/genomics/data/cpic-alleles.json' with { type: 'json' };
import guidanceTable from '../src/runtime/modules/genomics/data/cpic-guidance.json' with { type: 'json' };
import { libraryOf } from './helpers/library.js';

const { call } = libraryOf('genomics');
const genes = (alleleTable as any).genes as Record<string, { diplotypes: Record<string, string> }>;
const pairs = (guidanceTable as any).pairs as { drug: string; genes: string[] }[];

/** genotypes that give every phenotype (and every CPIC activity score band) of the activity-score genes */
const ACTIVITY_GENOTYPES: Record<string, string[]> = {
  CYP2D6: ['*4/*4', '*4/*10', '*1/*4', '*1/*10', '*1/*1', '*1/*1x2'],
  CYP2C9: ['*3/*3', '*2/*3', '*1/*3', '*1/*2', '*1/*1'],
  DPYD: ['c.1905+1G>A (*2A)/c.1905+1G>A (*2A)', 'c.1905+1G>A (*2A)/c.2846A>T', 'Reference/c.1905+1G>A (*2A)', 'Reference/c.2846A>T', 'Reference/Reference'],
};
const HLA_RISK: Record<string, string> = { abacavir: '*57:01', allopurinol: '*58:01', carbamazepine: '*15:02', oxcarbazepine: '*15:02', phenytoin: '*15:02' };

function genotypesOf(gene: string, drug: string): string[] {
  if (ACTIVITY_GENOTYPES[gene]) return ACTIVITY_GENOTYPES[gene]!;
  if (gene === 'HLA-B') return [`${HLA_RISK[drug]}/*44:02`, '*44:02/*07:02'];
  if (gene === 'HLA-A') return ['*31:01/*02:01', '*02:01/*24:02'];
  const byPhenotype = new Map<string, string>();
  for (const [diplotype, phenotype] of Object.entries(genes[gene]?.diplotypes ?? {})) if (phenotype !== 'INDETERMINATE' && !byPhenotype.has(phenotype)) byPhenotype.set(phenotype, diplotype);
  return [...byPhenotype.values()];
}

/** CPIC's 2023 SSRI update is newer than the complete CPIC export cpes ships, whose 2015 rows it replaced; warfarin's guideline is a dosing algorithm, not rows */
const MISSING: Record<string, string[]> = {
  citalopram: ['CYP2C19 IM', 'CYP2C19 LIKELY_IM', 'CYP2C19 LIKELY_PM', 'CYP2C19 RM', 'CYP2C19 UM'],
  escitalopram: ['CYP2C19 IM', 'CYP2C19 LIKELY_IM', 'CYP2C19 LIKELY_PM', 'CYP2C19 RM', 'CYP2C19 UM'],
  sertraline: ['CYP2C19 IM', 'CYP2C19 LIKELY_IM', 'CYP2C19 LIKELY_PM', 'CYP2C19 RM', 'CYP2C19 UM', 'CYP2B6 PM', 'CYP2B6 RM', 'CYP2B6 UM'],
};

describe('CPIC recommendations for every phenotype of the shipped pairs', () => {
  it('answers every phenotype of every gene of every pair with CPIC\'s row, citing guideline and CPIC version; only the listed ones are missing, and say so', () => {
    let answered = 0;
    const missing: Record<string, string[]> = {};
    for (const pair of pairs.filter((p) => p.drug !== 'warfarin')) {
      for (const gene of pair.genes.filter((g) => g in genes || g.startsWith('HLA-'))) {
        for (const genotype of genotypesOf(gene, pair.drug)) {
          const r = call('dosing_guidance', gene, pair.drug, genotype);
          const label = `${pair.drug} ${gene} ${genotype} (${r.phenotype})`;
          expect(r.has_guideline, label).to.equal(true);
          if (r.recommendation === null) {
            expect(r.note, label).to.match(/^CPIC has a guideline for this pair, but this table holds no row for/);
            (missing[pair.drug] ??= []).includes(`${gene} ${r.phenotype}`) || missing[pair.drug]!.push(`${gene} ${r.phenotype}`);
            continue;
          }
          expect(r.recommendation, label).to.be.a('string').and.not.equal('');
          expect(r.source, label).to.match(/^CPIC guideline for .+ \(\d{4}, PMID \d+\), CPIC data (v\d+\.\d+\.\d+|\d{4}-\d{2}-\d{2}-\d{2}-\d{2})/);
          answered++;
        }
      }
    }
    for (const list of Object.values(missing)) list.sort();
    expect(missing).to.deep.equal(Object.fromEntries(Object.entries(MISSING).map(([d, l]) => [d, [...l].sort()])));
    expect(answered).to.be.above(150);
  });

  it("codeine in a CYP2D6 ultrarapid metabolizer: CPIC's answer is to avoid codeine", () => {
    const r = call('dosing_guidance', 'CYP2D6', 'codeine', '*1/*1x2');
    expect(r).to.include({ phenotype: 'UM', classification: 'Strong' });
    expect(r.recommendation).to.match(/^Avoid codeine use because of potential for serious toxicity/);
  });

  it('within one phenotype the activity score picks the row where CPIC differs by score (CYP2C9 IM 1.0 and 1.5)', () => {
    expect(call('dosing_guidance', 'CYP2C9', 'celecoxib', '*1/*3').recommendation).to.match(/^Initiate therapy with lowest recommended starting dose/);
    expect(call('dosing_guidance', 'CYP2C9', 'celecoxib', '*1/*2').recommendation).to.match(/^Initiate therapy with recommended starting dose/);
    // *1/*4 has the same score as *1/*2 (0.5 + 1)
    expect(call('dosing_guidance', 'CYP2C9', 'celecoxib', '*1/*4').recommendation).to.match(/^Initiate therapy with recommended starting dose/);
  });
});

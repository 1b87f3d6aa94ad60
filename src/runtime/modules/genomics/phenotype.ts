// Genotype → phenotype (modules.md §11.2; CPIC term standardization, Caudle et al., Genet Med 2017).
// Activity-score genes (CYP2D6, CYP2C9, DPYD) sum CPIC activity values; the others read CPIC's own
// diplotype → phenotype table; VKORC1 and HLA follow their guideline rules.
import { suggestNames } from '../../../util/names.js';
import { ArgumentError, type JsonObject } from '../types.js';
import { dpydIndex, dpydKey, hlaCall, starAllele, twoSides, vkorc1Variants, type AlleleCall } from './genotype.js';
import { ALLELE_SOURCE, alleles, type AlleleRow } from './tables.js';

/** Gene table order (results list genes in this order). */
export const GENES = ['CYP2D6', 'CYP2C19', 'CYP2C9', 'CYP3A5', 'CYP2B6', 'TPMT', 'NUDT15', 'DPYD', 'SLCO1B1', 'UGT1A1', 'VKORC1', 'HLA-B', 'HLA-A'] as const;
export type Gene = (typeof GENES)[number];

/** The risk alleles whose presence CPIC guidelines act on. */
export const HLA_RISK_ALLELES: Record<'HLA-B' | 'HLA-A', string[]> = { 'HLA-B': ['*57:01', '*58:01', '*15:02'], 'HLA-A': ['*31:01'] };

const PHENOTYPE_FULL: Record<string, string> = {
  PM: 'Poor Metabolizer', IM: 'Intermediate Metabolizer', NM: 'Normal Metabolizer', RM: 'Rapid Metabolizer', UM: 'Ultrarapid Metabolizer',
  LIKELY_PM: 'Likely Poor Metabolizer', LIKELY_IM: 'Likely Intermediate Metabolizer', POSSIBLE_IM: 'Possible Intermediate Metabolizer',
  NORMAL_FUNCTION: 'Normal Function', DECREASED_FUNCTION: 'Decreased Function', POSSIBLE_DECREASED_FUNCTION: 'Possible Decreased Function',
  POOR_FUNCTION: 'Poor Function', INCREASED_FUNCTION: 'Increased Function',
  NORMAL: 'Normal warfarin sensitivity', INTERMEDIATE: 'Intermediate warfarin sensitivity', HIGH: 'High warfarin sensitivity',
  INDETERMINATE: 'Indeterminate',
};

const RULE_SOURCE: Record<Gene, string> = {
  CYP2D6: 'Caudle et al., Clin Transl Sci 2020 (CYP2D6 activity score)',
  CYP2C19: 'Lee et al., Clin Pharmacol Ther 2022 (CPIC CYP2C19 diplotype table)',
  CYP2C9: 'Theken et al., Clin Pharmacol Ther 2020 (CYP2C9 activity score)',
  CYP3A5: 'Birdwell et al., Clin Pharmacol Ther 2015 (CPIC CYP3A5 diplotype table)',
  CYP2B6: 'Desta et al., Clin Pharmacol Ther 2019 (CPIC CYP2B6 diplotype table)',
  TPMT: 'Relling et al., CPIC thiopurine guideline 2018 (CPIC TPMT diplotype table)',
  NUDT15: 'Relling et al., CPIC thiopurine guideline 2018 (CPIC NUDT15 diplotype table)',
  DPYD: 'Amstutz et al., CPIC fluoropyrimidine guideline 2017 (DPYD activity score)',
  SLCO1B1: 'Cooper-DeHoff et al., Clin Pharmacol Ther 2022 (CPIC SLCO1B1 diplotype table)',
  UGT1A1: 'Gammal et al., CPIC atazanavir guideline 2015 (CPIC UGT1A1 diplotype table)',
  VKORC1: 'Johnson et al., Clin Pharmacol Ther 2017 (VKORC1 rs9923231)',
  'HLA-B': 'CPIC HLA-B guidelines: abacavir 2014 (*57:01), allopurinol 2015 (*58:01), carbamazepine/oxcarbazepine 2017 and phenytoin 2020 (*15:02)',
  'HLA-A': 'CPIC carbamazepine/oxcarbazepine guideline 2017 (HLA-A*31:01)',
};

/** Every phenotype code an answer can give: the metabolizer, function and warfarin-sensitivity codes, and HLA carriage. */
export const PHENOTYPE_CODES: readonly string[] = [...Object.keys(PHENOTYPE_FULL), 'POSITIVE', 'NEGATIVE'];

export function findGene(name: string): Gene | null {
  const key = name.trim().toUpperCase().replace(/_/g, '-').replace(/^HLA(?=[AB]$)/, 'HLA-');
  return (GENES as readonly string[]).includes(key) ? (key as Gene) : null;
}

export function suggestGenes(name: string): string[] {
  return suggestNames(name, GENES);
}

export interface Phenotype {
  genotype: string;
  activity_score: number | null;
  phenotype: string;
  unknown_alleles: string[];
  /** HLA: the risk alleles found in a typed pair; null for a stated positive/negative */
  carried?: string[] | null;
  /** HLA stated form: the allele the caller named with positive/negative */
  stated_allele?: string | null;
}

interface GeneIndex {
  rows: readonly AlleleRow[];
  byName: Map<string, AlleleRow>;
  order: Map<string, number>;
  /** sorted pair key → phenotype code */
  diplotypes: Map<string, string>;
}

const pairKey = (a: string, b: string, order: Map<string, number>) =>
  [a, b].sort((x, y) => (order.get(x) ?? 1e9) - (order.get(y) ?? 1e9) || x.localeCompare(y)).join('/');

const indexes = new Map<string, GeneIndex>();
for (const [gene, table] of Object.entries(alleles.genes)) {
  const order = new Map(table.alleles.map((a, i) => [a.allele, i]));
  const byName = gene === 'DPYD' ? dpydIndex(table.alleles) : new Map(table.alleles.map((a) => [a.allele.toUpperCase(), a]));
  const diplotypes = new Map<string, string>();
  for (const [diplotype, code] of Object.entries(table.diplotypes)) {
    const [a, b] = diplotype.split('/');
    if (a && b) diplotypes.set(pairKey(a, b, order), code);
  }
  indexes.set(gene, { rows: table.alleles, byName, order, diplotypes });
}

/** Activity score → phenotype for the three activity-score genes (thresholds per modules.md §11.2). */
function byActivity(gene: 'CYP2D6' | 'CYP2C9' | 'DPYD', score: number): string {
  if (gene === 'CYP2D6') return score === 0 ? 'PM' : score <= 1 ? 'IM' : score <= 2.25 ? 'NM' : 'UM';
  return score >= 2 ? 'NM' : score >= 1 ? 'IM' : 'PM';
}

function formatCall(call: AlleleCall): string {
  return call.copies === 1 ? call.name : `${call.name}x${call.copies}`;
}

function activityPhenotype(gene: 'CYP2D6' | 'CYP2C9' | 'DPYD', label: string, genotype: string): Phenotype {
  const index = indexes.get(gene)!;
  const sides = twoSides(label, genotype);
  const calls: AlleleCall[] = gene === 'DPYD' ? sides.map((s) => ({ name: s, copies: 1 })) : sides.map((s) => starAllele(label, s, gene === 'CYP2D6'));
  const rows = calls.map((c) => (gene === 'DPYD' ? index.byName.get(dpydKey(c.name)) : index.byName.get(c.name.toUpperCase())));
  const named = calls.map((c, i) => (rows[i] ? { ...c, name: rows[i]!.allele } : c));
  const ordered = [0, 1].sort((x, y) => (index.order.get(named[x]!.name) ?? 1e9) - (index.order.get(named[y]!.name) ?? 1e9));
  const normalized = ordered.map((i) => formatCall(named[i]!)).join('/');
  const unknown = calls.filter((_, i) => !rows[i]).map((c) => c.name);
  if (unknown.length > 0) return { genotype: normalized, activity_score: null, phenotype: 'INDETERMINATE', unknown_alleles: unknown };
  if (rows.some((r) => r!.activity === null)) return { genotype: normalized, activity_score: null, phenotype: 'INDETERMINATE', unknown_alleles: [] };
  const score = (copiesN: number) => rows.reduce((sum, r, i) => sum + r!.activity! * (calls[i]!.copies === 'N' ? copiesN : (calls[i]!.copies as number)), 0);
  if (calls.some((c) => c.copies === 'N')) {
    // xN: the copy number is unknown, so the phenotype stands only when 2 and 10 copies agree
    const low = byActivity(gene, score(2));
    const high = byActivity(gene, score(10));
    return { genotype: normalized, activity_score: null, phenotype: low === high ? low : 'INDETERMINATE', unknown_alleles: [] };
  }
  const total = score(1);
  return { genotype: normalized, activity_score: total, phenotype: byActivity(gene, total), unknown_alleles: [] };
}

function lookupPhenotype(gene: Gene, label: string, genotype: string): Phenotype {
  const index = indexes.get(gene)!;
  const calls = twoSides(label, genotype).map((s) => starAllele(label, s, false));
  const names = calls.map((c) => index.byName.get(c.name.toUpperCase())?.allele ?? c.name);
  const key = pairKey(names[0]!, names[1]!, index.order);
  const unknown = names.filter((n) => !index.order.has(n));
  if (unknown.length > 0) return { genotype: key, activity_score: null, phenotype: 'INDETERMINATE', unknown_alleles: unknown };
  return { genotype: key, activity_score: null, phenotype: index.diplotypes.get(key) ?? 'INDETERMINATE', unknown_alleles: [] };
}

function hlaPhenotype(gene: 'HLA-B' | 'HLA-A', label: string, genotype: string): Phenotype {
  const call = hlaCall(label, genotype);
  if (call.carried === null) {
    const text = `${call.allele ? `${call.allele} ` : ''}${call.stated ? 'positive' : 'negative'}`;
    return { genotype: text, activity_score: null, phenotype: call.stated ? 'POSITIVE' : 'NEGATIVE', unknown_alleles: [], carried: null, stated_allele: call.allele };
  }
  const carried = HLA_RISK_ALLELES[gene].filter((risk) => call.carried!.includes(risk));
  return { genotype: call.carried.join('/'), activity_score: null, phenotype: carried.length > 0 ? 'POSITIVE' : 'NEGATIVE', unknown_alleles: [], carried };
}

/** Throws an ArgumentError for unreadable genotype text; an allele outside the table gives INDETERMINATE. */
export function phenotypeOf(gene: Gene, genotype: string, label: string): Phenotype {
  if (genotype.trim() === '') throw new ArgumentError(`${label}: argument 2 'genotype' must not be empty; send a diplotype such as *1/*2`);
  switch (gene) {
    case 'CYP2D6':
    case 'CYP2C9':
    case 'DPYD':
      return activityPhenotype(gene, label, genotype);
    case 'VKORC1': {
      const variants = vkorc1Variants(label, genotype);
      return { genotype: ['G/G', 'G/A', 'A/A'][variants]!, activity_score: null, phenotype: ['NORMAL', 'INTERMEDIATE', 'HIGH'][variants]!, unknown_alleles: [] };
    }
    case 'HLA-B':
    case 'HLA-A':
      return hlaPhenotype(gene, label, genotype);
    default:
      return lookupPhenotype(gene, label, genotype);
  }
}

export function phenotypeFull(gene: Gene, p: Phenotype): string {
  if (gene === 'HLA-B' || gene === 'HLA-A') {
    if (p.carried === null || p.carried === undefined) return `${gene}${p.stated_allele ?? ' risk allele'} ${p.phenotype.toLowerCase()}`;
    return p.carried.length > 0 ? `${p.carried.map((a) => `${gene}${a}`).join(', ')} positive` : `negative for ${HLA_RISK_ALLELES[gene].map((a) => `${gene}${a}`).join(', ')}`;
  }
  return PHENOTYPE_FULL[p.phenotype] ?? p.phenotype;
}

export function sourceOf(gene: Gene): string {
  return gene === 'VKORC1' || gene.startsWith('HLA') ? RULE_SOURCE[gene] : `${RULE_SOURCE[gene]}; ${ALLELE_SOURCE}`;
}

export function getPhenotype(geneName: string, genotype: string): JsonObject {
  const label = 'genomics.get_phenotype';
  const gene = findGene(geneName);
  if (!gene) return { type: 'GENOMICS_PHENOTYPE', gene: geneName, found: false, genotype, suggestions: suggestGenes(geneName) };
  const p = phenotypeOf(gene, genotype, label);
  return {
    type: 'GENOMICS_PHENOTYPE', gene, found: true, genotype: p.genotype, activity_score: p.activity_score, phenotype: p.phenotype,
    phenotype_full: phenotypeFull(gene, p), unknown_alleles: p.unknown_alleles, source: sourceOf(gene),
  };
}

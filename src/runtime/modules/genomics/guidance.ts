// dosing_guidance (modules.md §11.3): phenotype by §11.2, then the CPIC row for (gene, drug, phenotype).
import { normalizeName } from '../../../util/names.js';
import { packReference } from '../../packs/types.js';
import type { CallContext, JsonObject } from '../types.js';
import { activeRecommendations } from './cpic-pack.js';
import { pairsOf, resolveDrug } from './drugs.js';
import { findGene, GENES, phenotypeOf, suggestGenes, type Gene, type Phenotype } from './phenotype.js';
import type { GuidanceRow } from './tables.js';

/** Phenotypes that stand for "no variant effect" in another gene of a multi-gene guideline. */
const REFERENCE_PHENOTYPES = new Set(['NM', 'NORMAL_FUNCTION', 'NEGATIVE', 'NORMAL']);

/** For HLA, whether the call carries the drug's risk allele (INDETERMINATE when it names another allele). */
function hlaStatus(p: Phenotype, riskAllele: string): string {
  if (p.carried) return p.carried.includes(riskAllele) ? 'POSITIVE' : 'NEGATIVE';
  if (p.stated_allele && p.stated_allele !== riskAllele) return 'INDETERMINATE';
  return p.phenotype;
}

/** CPIC's score spellings: "1", "1.5", "≥3.0", ">2.25". */
function scoreMatches(written: string, score: number): boolean {
  const match = /^(≥|>=|>)?\s*([0-9]+(?:\.[0-9]+)?)$/.exec(written.trim());
  if (!match) return false;
  const value = Number(match[2]);
  return match[1] === '>' ? score > value : match[1] ? score >= value : score === value;
}

function rowsFor(all: readonly GuidanceRow[], drug: string, gene: Gene, p: Phenotype): { rows: GuidanceRow[]; phenotype: string; byScore: boolean } {
  const pairRows = all.filter((r) => normalizeName(r.drug) === normalizeName(drug) && gene in r.phenotypes);
  let phenotype = p.phenotype;
  if (gene === 'HLA-B' || gene === 'HLA-A') {
    const allele = pairRows.map((r) => r.risk_alleles[gene]).find(Boolean);
    if (allele) phenotype = hlaStatus(p, allele);
  }
  let matching = pairRows.filter((r) => r.phenotypes[gene] === phenotype);
  // CPIC recommends differently by activity score within this phenotype: the score decides
  const byScore = matching.some((r) => r.activity_score?.[gene] !== undefined);
  if (byScore) matching = p.activity_score === null ? [] : matching.filter((r) => r.activity_score?.[gene] === undefined || scoreMatches(r.activity_score[gene]!, p.activity_score!));
  // prefer rows whose other genes are at their reference phenotype; the note says so
  // and, among populations, one CPIC gives a recommendation for (the note names the others)
  const rank = (r: GuidanceRow) => Object.entries(r.phenotypes).filter(([g, v]) => g !== gene && !REFERENCE_PHENOTYPES.has(v)).length * 2 + (/^no recommendation/i.test(r.recommendation) ? 1 : 0);
  return { rows: [...matching].sort((a, b) => rank(a) - rank(b)), phenotype, byScore };
}

function result(fields: Partial<Record<string, unknown>>): JsonObject {
  return {
    type: 'GENOMICS_DOSING', gene: null, drug: null, genotype: null, found: true, phenotype: null, has_guideline: false, implication: null,
    recommendation: null, alternative: null, classification: null, source: null, requires_genes: [], note: null, ...fields,
  } as JsonObject;
}

export function dosingGuidance(ctx: CallContext, geneName: string, drugName: string, genotype: string): JsonObject {
  const gene = findGene(geneName);
  if (!gene) return { ...result({ gene: geneName, drug: drugName, genotype, found: false, note: `unknown gene; known genes: ${GENES.join(', ')}` }), suggestions: suggestGenes(geneName) };
  const p = phenotypeOf(gene, genotype, 'genomics.dosing_guidance');
  const known = resolveDrug(ctx, drugName);
  const drug = known ?? drugName.trim();
  const pair = pairsOf(drug).find((x) => x.genes.includes(gene));
  const base = { gene, drug, genotype: p.genotype, phenotype: p.phenotype };
  if (!pair) return result({ ...base, note: `no CPIC guideline for this gene–drug pair${known ? '' : ` (${JSON.stringify(drug)} is not a drug pk or the genomics tables know)`}` });
  const requires = pair.genes.filter((g) => g !== gene);
  const active = activeRecommendations();
  const packed = active.pack ? { data_pack: packReference(active.pack.meta) } : {};
  const { rows, phenotype, byScore } = rowsFor(active.rows, pair.drug, gene, p);
  if (phenotype === 'INDETERMINATE') {
    const why = p.unknown_alleles.length > 0 ? `allele(s) ${p.unknown_alleles.join(', ')} are not in the CPIC allele table` : 'CPIC assigns no phenotype to this genotype';
    return result({ ...base, phenotype, requires_genes: requires, source: pair.source, note: `phenotype INDETERMINATE: ${why}; no recommendation can be chosen`, ...packed });
  }
  const row = rows[0];
  if (!row) {
    const why = byScore
      ? `CPIC's recommendation for ${gene} ${phenotype} depends on the activity score, which this genotype does not fix (${p.activity_score === null ? 'no single score' : `score ${p.activity_score}`})`
      : `this table holds no row for ${gene} ${phenotype}`;
    return result({ ...base, phenotype, has_guideline: true, requires_genes: requires, source: pair.source, note: `CPIC has a guideline for this pair, but ${why}; read the guideline (${pair.source})`, ...packed });
  }
  const others = Object.entries(row.phenotypes).filter(([g]) => g !== gene).map(([g, v]) => `${g} ${v}`);
  const populations = [...new Set(rows.filter((r) => JSON.stringify(r.phenotypes) === JSON.stringify(row.phenotypes)).map((r) => r.population))];
  const notes = [
    others.length > 0 ? `this row applies when ${others.join(' and ')}` : '',
    populations.length > 1 || populations[0] !== 'general' ? `population ${populations[0]}${populations.length > 1 ? ` (CPIC also gives rows for ${populations.slice(1).join(', ')})` : ''}` : '',
  ].filter(Boolean);
  return result({
    ...base, phenotype, has_guideline: true, implication: row.implication, recommendation: row.recommendation, alternative: row.alternative,
    classification: row.classification, source: row.source, requires_genes: requires, note: notes.length > 0 ? notes.join('; ') : null, ...packed,
  });
}

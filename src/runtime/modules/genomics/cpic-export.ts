// Reads CPIC's recommendation export (CC0): a JSON array with one entry per drug, each naming its genes,
// guideline citations, CPIC data version and every recommendation with the phenotype (or activity score, or
// HLA allele status) it is for. Shared by the generator (scripts/data/cpic-guidance.ts) and the `cpic` pack.
// Every problem names the line of the drug entry it is in.
import { describeJsonError } from '../../packs/json-error.js';
import type { PackProblem } from '../../packs/types.js';
import type { GuidanceRow, GuidelinePair } from './tables.js';

interface ExportRecommendation {
  implications?: Record<string, string> | null;
  drugrecommendation?: string | null;
  classification?: string | null;
  phenotypes?: Record<string, string> | null;
  activityscore?: Record<string, string> | null;
  lookupkey?: Record<string, string> | null;
  population?: string | null;
  alternateDrugAvailable?: boolean;
}

interface ExportDrug {
  drugname?: unknown;
  genes?: unknown;
  url?: unknown;
  cpicVersion?: unknown;
  citations?: { pmid?: string; year?: number }[];
  recommendations?: ExportRecommendation[] | null;
}

/** CPIC's phenotype words → the codes results carry (modules.md §11.2); HLA calls become POSITIVE/NEGATIVE. */
export function phenotypeCode(cpic: string): string {
  const words = cpic.trim();
  const hla = /^(?:HLA-[AB])?\*\d+:\d+ (positive|negative)$/i.exec(words);
  if (hla) return hla[1]!.toUpperCase();
  const short: Record<string, string> = {
    'Poor Metabolizer': 'PM', 'Intermediate Metabolizer': 'IM', 'Normal Metabolizer': 'NM', 'Rapid Metabolizer': 'RM', 'Ultrarapid Metabolizer': 'UM',
    'Likely Poor Metabolizer': 'LIKELY_PM', 'Likely Intermediate Metabolizer': 'LIKELY_IM', 'Possible Intermediate Metabolizer': 'POSSIBLE_IM',
  };
  return short[words] ?? words.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}

/** Activity-score genes: CPIC keys their recommendations by score, which results carry too. */
const ACTIVITY_GENES = new Set(['CYP2D6', 'CYP2C9', 'DPYD']);
/** Phenotypes that carry no recommendation of their own (CPIC: "No Result", "Indeterminate"). */
const NOT_A_PHENOTYPE = new Set(['NO_RESULT', 'INDETERMINATE', 'N_A']);

export interface CpicExport {
  version: string;
  pairs: GuidelinePair[];
  rows: GuidanceRow[];
  /** each drug's guideline publications (PMIDs), to tell a guideline from its update */
  pmids: Record<string, string[]>;
}

function guidelineSource(drug: string, citations: { pmid?: string; year?: number }[], version: string, url: string): string {
  const latest = [...citations].sort((a, b) => (b.year ?? 0) - (a.year ?? 0))[0];
  return `CPIC guideline for ${drug}${latest ? ` (${latest.year}, PMID ${latest.pmid})` : ''}, CPIC data ${version}${url ? `, ${url}` : ''}`;
}

/** Recommendations that differ only by activity score within one phenotype keep the score; identical ones are one row. */
function collapse(rows: (GuidanceRow & { activity_score: Record<string, string> })[]): GuidanceRow[] {
  const groups = new Map<string, (GuidanceRow & { activity_score: Record<string, string> })[]>();
  for (const row of rows) {
    const key = JSON.stringify([row.drug, row.phenotypes, row.population]);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].flatMap((group) => {
    const same = group.every((r) => r.recommendation === group[0]!.recommendation && r.implication === group[0]!.implication && r.classification === group[0]!.classification);
    if (same) {
      const { activity_score: _score, ...row } = group[0]!;
      return [row];
    }
    return group.map((r) => (Object.keys(r.activity_score).length ? r : (({ activity_score: _s, ...row }) => row)(r)));
  });
}

const lineOfEntry = (text: string): ((n: number) => number) => {
  const lines: number[] = [];
  const pattern = /"drugname"\s*:/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) lines.push(text.slice(0, match.index).split('\n').length);
  return (n) => lines[n] ?? 1;
};

/** Every drug's rows, or every problem. */
export function parseCpicExport(text: string): { value: CpicExport } | { problems: PackProblem[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const at = /position (\d+)/.exec((error as Error).message)?.[1];
    return { problems: [{ line: at ? text.slice(0, Number(at)).split('\n').length : 1, message: describeJsonError(error) }] };
  }
  if (!Array.isArray(parsed)) return { problems: [{ line: 1, message: "not CPIC's recommendation export: expected a JSON array of drug entries with drugname, genes, cpicVersion and recommendations" }] };
  const lineOf = lineOfEntry(text);
  const problems: PackProblem[] = [];
  const pairs: GuidelinePair[] = [];
  const rows: (GuidanceRow & { activity_score: Record<string, string> })[] = [];
  const versions = new Set<string>();
  const pmids: Record<string, string[]> = {};
  (parsed as ExportDrug[]).forEach((entry, n) => {
    const line = lineOf(n);
    const bad = (message: string): void => void problems.push({ line, message });
    if (typeof entry !== 'object' || entry === null || typeof entry.drugname !== 'string' || entry.drugname.trim() === '') return bad('a drug entry needs a drugname');
    const drug = entry.drugname.trim();
    if (!Array.isArray(entry.genes) || entry.genes.length === 0 || !entry.genes.every((g) => typeof g === 'string')) return bad(`${drug}: genes must be a list of gene symbols`);
    if (typeof entry.cpicVersion !== 'string' || entry.cpicVersion.trim() === '') return bad(`${drug}: cpicVersion is missing`);
    if (entry.recommendations !== null && entry.recommendations !== undefined && !Array.isArray(entry.recommendations)) return bad(`${drug}: recommendations must be a list`);
    const version = entry.cpicVersion.trim();
    versions.add(version);
    const citations = (Array.isArray(entry.citations) ? entry.citations : []).filter((c): c is { pmid?: string; year?: number } => typeof c === 'object' && c !== null);
    pmids[drug] = citations.map((c) => String(c.pmid ?? '')).filter(Boolean);
    const source = guidelineSource(drug, citations, version, typeof entry.url === 'string' ? entry.url : '');
    pairs.push({ drug, genes: [...(entry.genes as string[])].sort(), source });
    (entry.recommendations ?? []).forEach((r, k) => {
      if (typeof r !== 'object' || r === null) return bad(`${drug}: recommendation ${k + 1} is not an object`);
      const keyed: Record<string, unknown> = { ...(r.lookupkey ?? {}), ...(r.phenotypes ?? {}) };
      const genes = Object.keys(keyed);
      if (genes.some((g) => typeof keyed[g] !== 'string')) return bad(`${drug}: recommendation ${k + 1} has a phenotype that is not text`);
      if (genes.length === 0) return bad(`${drug}: recommendation ${k + 1} names no phenotype, activity score or allele status`);
      if (typeof r.drugrecommendation !== 'string' || r.drugrecommendation.trim() === '') return bad(`${drug}: recommendation ${k + 1} has no drugrecommendation text (CPIC writes "No recommendation" where it has none)`);
      const unknownGene = genes.find((g) => !(entry.genes as string[]).includes(g));
      if (unknownGene) return bad(`${drug}: recommendation ${k + 1} is keyed by ${unknownGene}, which is not among the drug's genes`);
      const phenotypes = Object.fromEntries(genes.map((g) => [g, phenotypeCode(keyed[g] as string)]));
      if (Object.values(phenotypes).some((p) => NOT_A_PHENOTYPE.has(p))) return;
      rows.push({
        drug,
        phenotypes,
        risk_alleles: Object.fromEntries(genes.flatMap((g) => {
          const allele = /(\*\d+:\d+) (?:positive|negative)$/i.exec(keyed[g] as string);
          return allele ? [[g, allele[1]!]] : [];
        })),
        population: (typeof r.population === 'string' ? r.population.trim() : '') || 'general',
        implication: Object.entries(typeof r.implications === 'object' && r.implications !== null ? r.implications : {}).map(([g, text]) => `${g}: ${String(text)}`).join(' '),
        recommendation: r.drugrecommendation.trim(),
        alternative: r.alternateDrugAvailable === true,
        classification: typeof r.classification === 'string' ? r.classification : null,
        source,
        activity_score: Object.fromEntries(genes.filter((g) => ACTIVITY_GENES.has(g) && r.activityscore?.[g] !== undefined && (r.phenotypes ?? {})[g] !== undefined).map((g) => [g, String(r.lookupkey?.[g] ?? r.activityscore![g])])),
      });
    });
  });
  if (problems.length) return { problems };
  if (pairs.length === 0) return { problems: [{ line: 1, message: 'the export holds no drug entries' }] };
  return { value: { version: [...versions].sort().join('; '), pairs, rows: collapse(rows), pmids } };
}

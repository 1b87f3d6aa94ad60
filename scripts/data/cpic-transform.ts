// Turns one CPIC gene-phenotype file (the JSON CPIC exports per gene: namedAlleles with functionValue and
// activityValue, and the diplotype → phenotype lookup) into the rows the genomics table holds.
// Kept apart from the command line so tests can re-derive rows from a committed excerpt.

export interface CpicGeneFile {
  gene: string;
  version: string;
  namedAlleles: { name: string; activityValue: string | null; functionValue: string }[];
  diplotypes?: { diplotype: string; phenotype: string; activityScore: string | null }[];
}

export type AlleleFunction = 'normal' | 'increased' | 'decreased' | 'no function' | 'uncertain' | 'unknown';

export interface AlleleRow {
  allele: string;
  function: AlleleFunction;
  /** CPIC activity value for activity-score genes; null when the gene has none or CPIC gives n/a */
  activity: number | null;
}

const FUNCTIONS: Record<string, AlleleFunction> = {
  'normal function': 'normal',
  'increased function': 'increased',
  'decreased function': 'decreased',
  'no function': 'no function',
  'uncertain function': 'uncertain',
  'unknown function': 'unknown',
};

/** CPIC's "1.0", "0.25", "n/a"; a range such as "≥3.0" is not a single value and is left out. */
function activityOf(value: string | null): number | null {
  if (value === null || !/^[0-9]+(\.[0-9]+)?$/.test(value)) return null;
  return Number(value);
}

export function alleleRows(file: CpicGeneFile): AlleleRow[] {
  return file.namedAlleles
    .filter((a) => !a.name.includes('≥')) // "*1x≥3" is a copy-number range, handled by the xN rule
    .map((a) => {
      const fn = FUNCTIONS[a.functionValue.trim().toLowerCase()];
      if (!fn) throw new Error(`${file.gene} ${a.name}: unrecognized CPIC function '${a.functionValue}'`);
      return { allele: a.name, function: fn, activity: activityOf(a.activityValue) };
    });
}

/** Diplotype (as CPIC writes it, `*1/*17`) → phenotype code (`RM`). */
export function diplotypeRows(file: CpicGeneFile): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const d of file.diplotypes ?? []) rows[d.diplotype] = phenotypeCode(d.phenotype);
  return rows;
}

export { phenotypeCode } from '../../src/runtime/modules/genomics/cpic-export.js';
import { phenotypeCode } from '../../src/runtime/modules/genomics/cpic-export.js';

/** One CPIC recommendation as PharmCAT's report JSON carries it (CPIC Guideline Annotation section). */
export interface CpicReportDrug {
  name: string;
  version: string;
  urls: string[];
  citations: { pmid: string; title: string; year: number }[];
  guidelines: { name: string; annotations: { implications: string[]; drugRecommendation: string | null; classification: string | null; population: string; alternateDrugAvailable: boolean; phenotypes: Record<string, string> }[] }[];
}

// the generated rows have the shape the genomics module reads
export type { GuidanceRow } from '../../src/runtime/modules/genomics/tables.js';
import type { GuidanceRow } from '../../src/runtime/modules/genomics/tables.js';

/** The recommendation text without CPIC's HTML "Other Considerations" appendix. */
function plainRecommendation(text: string): string {
  return text.split('\n<h4')[0]!.replace(/<[^>]+>/g, '').trim();
}

function guidelineSource(drug: CpicReportDrug): string {
  const latest = [...drug.citations].sort((a, b) => b.year - a.year)[0];
  return `CPIC guideline for ${drug.name}${latest ? ` (${latest.year}, PMID ${latest.pmid})` : ''}, CPIC data ${drug.version}, ${drug.urls[0] ?? ''}`.trim();
}

/** The genes a CPIC guideline covers, read from its name: "Annotation of CPIC Guideline for warfarin and CYP2C9, CYP4F2, VKORC1". */
export function guidelinePair(drug: CpicReportDrug): { drug: string; genes: string[]; source: string } | null {
  const name = drug.guidelines[0]?.name ?? '';
  const genes = / and ([A-Z0-9-]+(?:, [A-Z0-9-]+)*)$/.exec(name);
  return genes ? { drug: drug.name, genes: genes[1]!.split(', '), source: guidelineSource(drug) } : null;
}

export function guidanceRows(drug: CpicReportDrug): GuidanceRow[] {
  const source = guidelineSource(drug);
  const rows: GuidanceRow[] = [];
  for (const guideline of drug.guidelines) {
    for (const a of guideline.annotations) {
      if (!a.drugRecommendation || Object.keys(a.phenotypes).length === 0) continue;
      rows.push({
        drug: drug.name,
        phenotypes: Object.fromEntries(Object.entries(a.phenotypes).map(([gene, p]) => [gene, phenotypeCode(p)])),
        risk_alleles: Object.fromEntries(Object.entries(a.phenotypes).flatMap(([gene, p]) => {
          const allele = /^(\*\d+:\d+) /.exec(p);
          return allele ? [[gene, allele[1]!]] : [];
        })),
        population: a.population,
        implication: a.implications.join(' '),
        recommendation: plainRecommendation(a.drugRecommendation),
        alternative: a.alternateDrugAvailable,
        classification: a.classification,
        source,
      });
    }
  }
  return rows;
}

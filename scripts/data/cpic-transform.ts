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

/** Diplotype → CPIC phenotype, keyed by the two alleles in CPIC's allele order joined by '/'. */
export function diplotypeRows(file: CpicGeneFile): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const d of file.diplotypes ?? []) rows[d.diplotype] = d.phenotype;
  return rows;
}

// The rows MIC interpretation reads: EUCAST rows (S ≤, R >, ATU) and CLSI rows (S ≤, I / SDD ranges, R ≥),
// from the shipped tables or a laboratory's `breakpoints` pack. Its own file so the generator and the pack
// parser share the types without importing the tables.

/** The indications and routes a breakpoint row can be limited to. */
export const SITES = ['meningitis', 'nonmeningitis', 'oral', 'parenteral', 'urine_only', 'urinary_origin', 'systemic'] as const;
export type Site = (typeof SITES)[number];

export const SITE_MEANINGS: Record<Site, string> = {
  meningitis: 'meningitis',
  nonmeningitis: 'indications other than meningitis',
  oral: 'oral administration',
  parenteral: 'intravenous administration',
  urine_only: 'uncomplicated urinary tract infection only',
  urinary_origin: 'infections originating from the urinary tract',
  systemic: 'systemic infections',
};

export interface EucastRow {
  group: string;
  antibiotic: string;
  /** the row's agent text as EUCAST prints it */
  agent: string;
  s: number;
  r: number;
  atu: number | null;
  qualifier: Site | null;
  applies_to?: string[];
  bracketed: boolean;
  notes: string[];
}

export interface EucastNoBreakpoint {
  group: string;
  antibiotic: string;
  agent: string;
  reason: string;
  notes: string[];
  applies_to?: string[];
}

export interface ClsiRow {
  group: string;
  antibiotic: string;
  s: number | null;
  /** [low, high]; low null means "≤ high" (colistin I ≤ 2) */
  i: [number | null, number] | null;
  sdd: [number, number] | null;
  r: number | null;
  qualifier: Site | null;
  applies_to?: string[];
  standard: string;
  edition: string;
  source: string;
}

// The micro tables (modules.md §10.1), loaded once and frozen. Organism identity merges the hand-entered
// facts with the generated WHONET rows (Gram reaction, kind, CLSI expected resistance); antibiotics come
// from WHONET's antibiotic table with pk's canonical names where pk holds the drug.
import organismTable from './data/organisms.json' with { type: 'json' };
import whonetTable from './data/whonet.json' with { type: 'json' };
import breakpointTable from './data/breakpoints.json' with { type: 'json' };
import regimenTable from './data/regimens.json' with { type: 'json' };
import { deepFreeze } from '../../../util/freeze.js';
import { normalizeName } from '../../../util/names.js';
import { drugs as pkDrugs } from '../pk/table.js';
import { NameIndex } from '../util/name-index.js';

export const BREAKPOINT_GROUPS = [
  'Enterobacterales', 'S. aureus', 'coagulase-negative staphylococci', 'Enterococcus', 'S. pneumoniae', 'beta-haemolytic streptococci',
  'P. aeruginosa', 'Acinetobacter', 'S. maltophilia', 'H. influenzae', 'N. meningitidis', 'N. gonorrhoeae', 'anaerobes',
] as const;

export const SITES = ['meningitis', 'nonmeningitis', 'oral', 'parenteral', 'urine_only'] as const;
export type Site = (typeof SITES)[number];

export interface Organism {
  key: string;
  name: string;
  aliases: string[];
  kind: 'bacterium' | 'fungus' | 'mycobacterium';
  gram: 'positive' | 'negative' | 'variable' | 'not_applicable';
  shape: 'cocci' | 'bacilli' | 'coccobacilli' | 'yeast' | 'mold' | 'other';
  oxygen: string | null;
  catalase: 'positive' | 'negative' | null;
  coagulase: 'positive' | 'negative' | null;
  common_infections: string[] | null;
  virulence_factors: string[] | null;
  susceptible_to: string[];
  resistant_to: string[];
  first_line: string | null;
  breakpoint_group: string | null;
  breakpoint_note: string | null;
  source: string;
}

export interface WhonetOrganism {
  whonet_code: string;
  whonet_name: string;
  gram: 'positive' | 'negative' | null;
  kind: Organism['kind'];
  anaerobe: boolean;
  intrinsic_resistance_clsi: string[];
}

export interface BreakpointRow {
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

export interface Antibiotic {
  name: string;
  whonet_name: string;
  code: string;
  atc: string;
  classes: string[];
  aliases: string[];
}

export interface Regimen {
  drug: string;
  dose: string | null;
  route: string;
  source: string;
}

export interface Infection {
  key: string;
  name: string;
  aliases: string[];
  guideline: string;
  tiers: Record<string, Regimen[]>;
}

const whonet = deepFreeze(whonetTable as unknown as {
  name: string; version: string; source: string; atc_groups: Record<string, string>;
  organisms: Record<string, WhonetOrganism>; antibiotics: { code: string; name: string; atc: string; class: string }[];
});
export const WHONET_SOURCE = `${whonet.name}: ${whonet.source}`;
const breakpointFile = breakpointTable as unknown as { name: string; source: string; rows: BreakpointRow[]; not_recognized: { group: string; antibiotic: string; source: string }[] };
export const regimens = deepFreeze(regimenTable as unknown as { name: string; source: string; infections: Infection[] });

// WHO ATC index groups (J01 antibacterials for systemic use, J02 antimycotics) used as drug classes.
const ATC_CLASSES: [string, string][] = [
  ['J01C', 'penicillins'], ['J01C', 'beta-lactams'], ['J01D', 'beta-lactams'], ['J01DB', 'cephalosporins'], ['J01DC', 'cephalosporins'],
  ['J01DD', 'cephalosporins'], ['J01DE', 'cephalosporins'], ['J01DI', 'cephalosporins'], ['J01DH', 'carbapenems'], ['J01DF', 'monobactams'],
  ['J01G', 'aminoglycosides'], ['J01MA', 'fluoroquinolones'], ['J01M', 'quinolones'], ['J01FA', 'macrolides'], ['J01FF', 'lincosamides'],
  ['J01AA', 'tetracyclines'], ['J01XA', 'glycopeptides'], ['J01XB', 'polymyxins'], ['J01E', 'folate pathway inhibitors'], ['J02AC', 'triazoles'],
  ['J02AX', 'echinocandins'], ['J02AA', 'polyenes'],
];
/** Extra spellings clinicians use, beyond WHONET's name and code and pk's aliases. */
const EXTRA_ALIASES: Record<string, string[]> = {
  PEN: ['Penicillin', 'Benzylpenicillin'], TZP: ['pip-tazo', 'pip/tazo'], SXT: ['TMP-SMX', 'cotrimoxazole'], AMC: ['Co-amoxiclav'],
};

/** A row's spellings, one per normalized form (the key E.coli and its alias e_coli are one name). */
const spellings = (names: readonly string[]) => names.filter((n, i) => names.findIndex((m) => normalizeName(m) === normalizeName(n)) === i);

const pkNames = new Map(pkDrugs.drugs.flatMap((d) => [d.name, ...d.aliases].map((n) => [normalizeName(n), d.name] as const)));

function antibioticOf(row: { code: string; name: string; atc: string; class: string }): Antibiotic {
  const plain = row.name.replace(/\//g, '-');
  const name = pkNames.get(normalizeName(plain)) ?? pkNames.get(normalizeName(row.name)) ?? plain;
  const groups = Object.entries(whonet.atc_groups).filter(([code]) => row.atc.startsWith(code)).map(([, group]) => group);
  const classes = [...new Set([...ATC_CLASSES.filter(([code]) => row.atc.startsWith(code)).map(([, c]) => c), ...groups, row.class.toLowerCase()])];
  const aliases = [...new Set([row.name, plain, row.code, ...(EXTRA_ALIASES[row.code] ?? [])])].filter((a) => normalizeName(a) !== normalizeName(name));
  return { name, whonet_name: row.name, code: row.code, atc: row.atc, classes, aliases };
}

export const antibiotics: readonly Antibiotic[] = deepFreeze(whonet.antibiotics.map(antibioticOf));
export const antibioticIndex = new NameIndex(antibiotics, (a) => spellings([a.name, ...a.aliases]));

/** A table's antibiotic name as the canonical name; a name outside the antibiotic table fails the build. */
function canonicalAntibiotic(name: string): string {
  const drug = antibioticIndex.get(name);
  if (!drug) throw new Error(`micro breakpoint table: antibiotic '${name}' is not in the antibiotic table`);
  return drug.name;
}

export const breakpoints = deepFreeze({
  ...breakpointFile,
  rows: breakpointFile.rows.map((r) => ({ ...r, antibiotic: canonicalAntibiotic(r.antibiotic) })),
  not_recognized: breakpointFile.not_recognized.map((r) => ({ ...r, antibiotic: canonicalAntibiotic(r.antibiotic) })),
});

export const organisms: readonly Organism[] = deepFreeze((organismTable as unknown as { organisms: Organism[] }).organisms);
export const organismIndex = new NameIndex(organisms, (o) => spellings([o.key, o.name, ...o.aliases]));
export const infectionIndex = new NameIndex(regimens.infections, (i) => spellings([i.key, ...i.aliases]));

function whonetOf(organism: Organism): WhonetOrganism | undefined {
  return whonet.organisms[organism.key];
}

/** CLSI expected (intrinsic) resistance as WHONET encodes it; the organism's resistant_to list is separate. */
export function intrinsicResistance(organism: Organism): string[] {
  return [...(whonetOf(organism)?.intrinsic_resistance_clsi ?? [])];
}

// The micro tables (modules.md §10.1), loaded once and frozen: organisms (hand-entered identity facts),
// EUCAST's expected resistant phenotypes, EUCAST clinical breakpoints (generated from EUCAST's workbook by
// scripts/data/eucast-breakpoints.ts), the shipped CLSI/FDA subset, and empiric regimens.
import organismTable from './data/organisms.json' with { type: 'json' };
import expectedTable from './data/expected-resistance.json' with { type: 'json' };
import eucastTable from './data/eucast-breakpoints.json' with { type: 'json' };
import clsiTable from './data/breakpoints.json' with { type: 'json' };
import regimenTable from './data/regimens.json' with { type: 'json' };
import { deepFreeze } from '../../../util/freeze.js';
import { NameIndex } from '../util/name-index.js';
import { antibioticIndex, spellings } from './antibiotics.js';
import type { ClsiRow, EucastNoBreakpoint, EucastRow } from './breakpoint-row.js';

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
  /** the CLSI M100 table the organism is read in (CLSI rows and CLSI packs) */
  breakpoint_group: string | null;
  /** the EUCAST breakpoint table the organism is read in */
  eucast_group: string | null;
  breakpoint_note: string | null;
  source: string;
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

export const regimens = deepFreeze(regimenTable as unknown as { name: string; source: string; infections: Infection[] });

/** A table's antibiotic name as the canonical name; a name outside the antibiotic table fails the build. */
export function canonicalAntibiotic(name: string, table: string): string {
  const drug = antibioticIndex.get(name);
  if (!drug) throw new Error(`micro ${table}: antibiotic '${name}' is not in the antibiotic table`);
  return drug.name;
}

const clsiFile = clsiTable as unknown as { name: string; version: string; source: string; rows: ClsiRow[]; not_recognized: { group: string; antibiotic: string; source: string }[] };
/** The shipped CLSI/FDA subset (what standard CLSI answers from when no laboratory's CLSI pack is installed). */
export const clsiBreakpoints = deepFreeze({
  ...clsiFile,
  rows: clsiFile.rows.map((r) => ({ ...r, antibiotic: canonicalAntibiotic(r.antibiotic, 'breakpoint table') })),
  not_recognized: clsiFile.not_recognized.map((r) => ({ ...r, antibiotic: canonicalAntibiotic(r.antibiotic, 'breakpoint table') })),
});

const eucastFile = eucastTable as unknown as { name: string; version: string; source: string; licence: string; semantics: string; rows: EucastRow[]; no_breakpoint: EucastNoBreakpoint[] };
/** EUCAST's rows under the canonical names, as the CLSI rows: a pk row that later takes an antibiotic's name (imipenem) keeps its breakpoints. */
export const eucast = deepFreeze({
  ...eucastFile,
  rows: eucastFile.rows.map((r) => ({ ...r, antibiotic: canonicalAntibiotic(r.antibiotic, 'EUCAST table') })),
  no_breakpoint: eucastFile.no_breakpoint.map((r) => ({ ...r, antibiotic: canonicalAntibiotic(r.antibiotic, 'EUCAST table') })),
});

const expected = deepFreeze(expectedTable as unknown as { name: string; version: string; source: string; rows: { organism: string; agents: string[]; note?: string; source: string }[] });
export const EXPECTED_SOURCE = `${expected.version}: ${expected.source}`;

export const organisms: readonly Organism[] = deepFreeze((organismTable as unknown as { organisms: Organism[] }).organisms);
export const organismIndex = new NameIndex(organisms, (o) => spellings([o.key, o.name, ...o.aliases]));
export const infectionIndex = new NameIndex(regimens.infections, (i) => spellings([i.key, ...i.aliases]));

/** EUCAST expected (intrinsic) resistance of an organism: agents and ATC classes, with the table it comes from. */
export function expectedResistance(organism: Organism): { agents: string[]; note: string | null; source: string } | null {
  const row = expected.rows.find((r) => r.organism === organism.key);
  return row ? { agents: [...row.agents], note: row.note ?? null, source: row.source } : null;
}

// micro.susceptibility (modules.md §10.2): intrinsic susceptibility from CLSI expected resistance and the
// organism's lists, then MIC interpretation against the breakpoint rows of its CLSI group.
import { normalizeName } from '../../../util/names.js';
import { findDrug } from '../pk/table.js';
import { ArgumentError, type CallContext, type JsonObject, type JsonValue } from '../types.js';
import { antibioticIndex, breakpoints, intrinsicResistance, organismIndex, SITES, type Antibiotic, type BreakpointRow, type Organism, type Site } from './tables.js';

/** CLSI dilution labels with the powers of two they stand for (0.12 is 0.125). */
const DILUTIONS: [number, number][] = [
  [0.002, 2 ** -9], [0.004, 2 ** -8], [0.008, 2 ** -7], [0.015, 2 ** -6], [0.03, 2 ** -5], [0.06, 2 ** -4], [0.12, 2 ** -3], [0.25, 0.25], [0.5, 0.5],
  ...Array.from({ length: 21 }, (_, k) => [2 ** k, 2 ** k] as [number, number]),
];

/** A MIC off the doubling series is raised to the next dilution; 0.125 and 0.12 are the same dilution. */
export function onDilutionSeries(mic: number): { dilution: number; raised: boolean } {
  const entry = DILUTIONS.find(([label, exact]) => mic <= label || mic <= exact);
  if (!entry) throw new ArgumentError(`micro.susceptibility: argument 3 'mic_value' ${mic} is above the largest dilution (${2 ** 20} mcg/mL)`);
  return { dilution: entry[0], raised: mic !== entry[0] && mic !== entry[1] };
}

const SITE_WORDS: Record<string, Site> = {
  meningitis: 'meningitis', meningeal: 'meningitis', nonmeningitis: 'nonmeningitis', 'non meningitis': 'nonmeningitis', nonmeningeal: 'nonmeningitis',
  oral: 'oral', po: 'oral', parenteral: 'parenteral', iv: 'parenteral', urine: 'urine_only', 'urine only': 'urine_only', uti: 'urine_only',
};

function siteOf(value: JsonValue): Site | null {
  if (value === null) return null;
  const site = SITE_WORDS[normalizeName(String(value))];
  if (!site) throw new ArgumentError(`micro.susceptibility: argument 4 'site' must be one of ${SITES.join(', ')} (or null), got ${JSON.stringify(value)}`);
  return site;
}

/** pk's name index first (so names agree across modules), then the micro antibiotic table. */
export function findAntibiotic(ctx: CallContext, name: string): Antibiotic | undefined {
  const pk = findDrug(ctx, name);
  return antibioticIndex.get(pk ? pk.name : name) ?? antibioticIndex.get(name);
}

function inList(drug: Antibiotic, list: readonly string[]): string | null {
  const names = [drug.name, drug.whonet_name, ...drug.aliases, ...drug.classes].map(normalizeName);
  return list.find((entry) => names.includes(normalizeName(entry))) ?? null;
}

function intrinsic(organism: Organism, drug: Antibiotic): { result: 'RESISTANT' | 'SUSCEPTIBLE' | 'UNKNOWN'; why: string | null } {
  const clsi = inList(drug, intrinsicResistance(organism));
  if (clsi) return { result: 'RESISTANT', why: `expected (intrinsic) resistance to ${clsi} (CLSI M100 Appendix B via WHONET)` };
  const listed = inList(drug, organism.resistant_to);
  if (listed) return { result: 'RESISTANT', why: `${organism.key} is resistant to ${listed} by definition` };
  if (inList(drug, organism.susceptible_to)) return { result: 'SUSCEPTIBLE', why: null };
  return { result: 'UNKNOWN', why: null };
}

function within(mic: number, range: [number | null, number] | null): boolean {
  return range !== null && mic <= range[1] && (range[0] === null || mic >= range[0]);
}

/** ≤ S, within SDD, within I, ≥ R; above S where only S exists is NON_SUSCEPTIBLE. */
export function interpret(mic: number, row: BreakpointRow): string {
  if (row.s !== null && mic <= row.s) return 'SUSCEPTIBLE';
  if (within(mic, row.sdd)) return 'SUSCEPTIBLE_DOSE_DEPENDENT';
  if (within(mic, row.i)) return 'INTERMEDIATE';
  if (row.r !== null && mic >= row.r) return 'RESISTANT';
  if (row.r === null && row.i === null && row.sdd === null) return 'NON_SUSCEPTIBLE';
  throw new Error(`breakpoint row ${row.group} ${row.antibiotic} leaves MIC ${mic} uncategorized`);
}

function breakpointOf(row: BreakpointRow): JsonObject {
  return { s: row.s, i: row.i, sdd: row.sdd, r: row.r, qualifier: row.qualifier, edition: row.edition, standard: row.standard, source: row.source };
}

function rowsFor(organism: Organism, drug: Antibiotic): BreakpointRow[] {
  return breakpoints.rows.filter((r) => r.group === organism.breakpoint_group && r.antibiotic === drug.name && (!r.applies_to || r.applies_to.includes(organism.key)));
}

function noBreakpointReason(organism: Organism, drug: Antibiotic): string {
  if (organism.breakpoint_group === null) return organism.breakpoint_note ?? `${organism.key} has no CLSI breakpoint group`;
  const refused = breakpoints.not_recognized.find((n) => n.group === organism.breakpoint_group && n.antibiotic === drug.name);
  if (refused) return `no recognized interpretive criteria for ${organism.breakpoint_group} and ${drug.name}: ${refused.source}`;
  return `this table holds no ${organism.breakpoint_group} breakpoint for ${drug.name} (the table is partial; see README, micro data)`;
}

export function susceptibility(ctx: CallContext, organismKey: string, antibioticName: string, micValue: number | null, siteValue: JsonValue): JsonObject {
  const site = siteOf(siteValue);
  const organism = organismIndex.get(organismKey);
  const drug = findAntibiotic(ctx, antibioticName);
  const base = { type: 'MICRO_SUSCEPTIBILITY', organism: organism?.key ?? organismKey, antibiotic: drug?.name ?? antibioticName };
  if (!organism || !drug) {
    const unknown = !organism ? 'organism_key' : 'antibiotic';
    const suggestions = !organism ? organismIndex.suggest(organismKey) : antibioticIndex.suggest(antibioticName);
    return { ...base, found: false, unknown_input: unknown, suggestions, intrinsic_susceptibility: null, mic: micValue, interpretation: null, breakpoint: null, by_site: null, note: !organism ? `unknown organism ${JSON.stringify(organismKey)}` : `${JSON.stringify(antibioticName)} is not an antibiotic in the micro table` };
  }
  const inherent = intrinsic(organism, drug);
  const dilution = micValue === null ? null : onDilutionSeries(micValue);
  const mic = dilution?.dilution ?? null;
  const notes: string[] = [];
  if (dilution?.raised) notes.push(`MIC ${micValue} is off the doubling series; read as the next dilution, ${mic}`);
  const result = (fields: JsonObject): JsonObject => ({ ...base, found: true, unknown_input: null, suggestions: [], intrinsic_susceptibility: inherent.result, mic, ...fields, note: notes.length > 0 ? notes.join('; ') : null });
  if (inherent.result === 'RESISTANT') {
    notes.push(`${inherent.why}; reported RESISTANT whatever the MIC`);
    return result({ interpretation: 'RESISTANT', breakpoint: null, by_site: null });
  }
  const rows = rowsFor(organism, drug);
  const applicable = site === null ? rows.filter((r) => r.qualifier === null) : rows.filter((r) => r.qualifier === site || (r.qualifier === null && site !== 'urine_only'));
  if (applicable.length === 0 && rows.length > 0 && site === null) {
    // rows differ by site and none was given: each site's reading, no single interpretation
    const bySite: JsonObject = {};
    for (const row of rows) bySite[row.qualifier!] ??= { interpretation: mic === null ? null : interpret(mic, row), breakpoint: breakpointOf(row) };
    notes.push(`breakpoints differ by site (${Object.keys(bySite).join(', ')}); send site for one interpretation`);
    return result({ interpretation: null, breakpoint: null, by_site: bySite });
  }
  const row = applicable.find((r) => r.qualifier === site) ?? applicable[0];
  if (!row) {
    notes.push(site !== null && rows.length > 0 ? `no breakpoint for site ${site}` : noBreakpointReason(organism, drug));
    return result({ interpretation: mic === null ? null : 'NO_BREAKPOINT', breakpoint: null, by_site: null });
  }
  return result({ interpretation: mic === null ? null : interpret(mic, row), breakpoint: breakpointOf(row), by_site: null });
}

// micro.susceptibility (modules.md §10.2): expected (intrinsic) resistance from EUCAST's Expected Resistant
// Phenotypes, then MIC interpretation against the breakpoints of the organism's group in the standard asked
// for: EUCAST (shipped; S ≤, R >, I = susceptible, increased exposure) or CLSI (a laboratory's licensed pack,
// else the shipped CLSI/FDA subset; S ≤, R ≥, I and SDD ranges). The default is EUCAST unless a CLSI pack is
// installed. Every answer names the standard and its version.
import { normalizeName } from '../../../util/names.js';
import { packReference } from '../../packs/types.js';
import { findDrug } from '../pk/table.js';
import { ArgumentError, type CallContext, type JsonObject, type JsonValue } from '../types.js';
import { antibioticIndex, type Antibiotic } from './antibiotics.js';
import { SITE_MEANINGS, SITES, type ClsiRow, type EucastRow, type Site } from './breakpoint-row.js';
import { installedClsiPack } from './breakpoints-pack.js';
import { clsiBreakpoints, eucast, expectedResistance, organismIndex, type Organism } from './tables.js';

/** Dilution labels with the powers of two they stand for (CLSI writes 0.12 and 0.015, EUCAST 0.125 and 0.016). */
const DILUTIONS: [number, number][] = [
  [0.002, 2 ** -9], [0.004, 2 ** -8], [0.008, 2 ** -7], [0.015, 2 ** -6], [0.03, 2 ** -5], [0.06, 2 ** -4], [0.12, 2 ** -3], [0.25, 0.25], [0.5, 0.5],
  ...Array.from({ length: 21 }, (_, k) => [2 ** k, 2 ** k] as [number, number]),
];
const EUCAST_LABEL: Record<number, number> = { 0.12: 0.125, 0.015: 0.016 };

/** A MIC off the doubling series is raised to the next dilution; 0.125 and 0.12 are the same dilution. */
export function onDilutionSeries(mic: number): { dilution: number; exact: number; raised: boolean } {
  const entry = DILUTIONS.find(([label, exact]) => mic <= label || mic <= exact);
  if (!entry) throw new ArgumentError(`micro.susceptibility: argument 3 'mic_value' ${mic} is above the largest dilution (${2 ** 20} mcg/mL)`);
  const eucastLabel = EUCAST_LABEL[entry[0]];
  return { dilution: entry[0], exact: entry[1], raised: mic !== entry[0] && mic !== entry[1] && mic !== eucastLabel };
}

/** A breakpoint value as the exact dilution it stands for (0.12 → 0.125); EUCAST's 0.001 stays below every dilution. */
const exact = (value: number): number => DILUTIONS.find(([label, e]) => value === label || value === e || value === EUCAST_LABEL[label])?.[1] ?? value;

const SITE_WORDS: Record<string, Site> = {
  meningitis: 'meningitis', meningeal: 'meningitis', nonmeningitis: 'nonmeningitis', 'non meningitis': 'nonmeningitis', nonmeningeal: 'nonmeningitis',
  oral: 'oral', po: 'oral', parenteral: 'parenteral', iv: 'parenteral', urine: 'urine_only', 'urine only': 'urine_only', uti: 'urine_only',
  'uncomplicated uti': 'urine_only', 'urinary origin': 'urinary_origin', urosepsis: 'urinary_origin', systemic: 'systemic',
};

function siteOf(value: JsonValue): Site | null {
  if (value === null) return null;
  const site = SITE_WORDS[normalizeName(String(value))];
  if (!site) throw new ArgumentError(`micro.susceptibility: argument 4 'site' must be one of ${SITES.join(', ')} (or null), got ${JSON.stringify(value)}`);
  return site;
}

export type Standard = 'EUCAST' | 'CLSI';

function standardOf(value: JsonValue): Standard {
  if (value === null) return installedClsiPack() ? 'CLSI' : 'EUCAST';
  const standard = String(value).trim().toUpperCase();
  if (standard !== 'EUCAST' && standard !== 'CLSI') throw new ArgumentError(`micro.susceptibility: argument 5 'standard' must be "EUCAST" or "CLSI" (or null for the installation's default), got ${JSON.stringify(value)}`);
  return standard;
}

/** pk's name index first (so names agree across modules), then the micro antibiotic table. */
export function findAntibiotic(ctx: CallContext, name: string): Antibiotic | undefined {
  const pk = findDrug(ctx, name);
  return antibioticIndex.get(pk ? pk.name : name) ?? antibioticIndex.get(name);
}

function inList(drug: Antibiotic, list: readonly string[]): string | null {
  const names = [drug.name, ...drug.aliases, ...drug.classes].map(normalizeName);
  return list.find((entry) => names.includes(normalizeName(entry))) ?? null;
}

function intrinsic(organism: Organism, drug: Antibiotic): { result: 'RESISTANT' | 'SUSCEPTIBLE' | 'UNKNOWN'; why: string | null } {
  const expected = expectedResistance(organism);
  const agent = expected && inList(drug, expected.agents);
  if (agent) return { result: 'RESISTANT', why: `expected (intrinsic) resistance to ${agent} (${expected!.source}${expected!.note ? `; ${expected!.note}` : ''})` };
  const listed = inList(drug, organism.resistant_to);
  if (listed) return { result: 'RESISTANT', why: `${organism.key} is resistant to ${listed} by definition` };
  if (inList(drug, organism.susceptible_to)) return { result: 'SUSCEPTIBLE', why: null };
  return { result: 'UNKNOWN', why: null };
}

const applies = (row: { applies_to?: readonly string[] }, organism: Organism): boolean => !row.applies_to || row.applies_to.includes(organism.key);

/** The rows that apply at a site: the site's own rows, else those for every indication; null site: the unqualified rows. */
function atSite<Row extends { qualifier: Site | null }>(rows: readonly Row[], site: Site | null, unqualifiedAtEverySite: boolean): Row[] {
  if (site === null) return rows.filter((r) => r.qualifier === null);
  const own = rows.filter((r) => r.qualifier === site);
  if (own.length) return own;
  return rows.filter((r) => r.qualifier === null && (unqualifiedAtEverySite || site !== 'urine_only'));
}

interface Reading {
  interpretation: string;
  notes: string[];
}

/** EUCAST: S ≤ S breakpoint; R > R breakpoint; between them I, "susceptible, increased exposure". */
export function interpretEucast(mic: number, row: EucastRow): Reading {
  const value = exact(mic);
  const interpretation = value <= exact(row.s) ? 'SUSCEPTIBLE' : value > exact(row.r) ? 'RESISTANT' : 'SUSCEPTIBLE_INCREASED_EXPOSURE';
  const notes = row.atu !== null && value === exact(row.atu) ? [`MIC ${mic} is in EUCAST's Area of Technical Uncertainty (ATU ${row.atu}): repeat or confirm the test before reporting, or report with the ATU warning`] : [];
  if (row.bracketed) notes.push('EUCAST gives this breakpoint in brackets: report it only with the measures EUCAST guidance on bracketed breakpoints describes');
  return { interpretation, notes };
}

function within(mic: number, range: [number | null, number] | null): boolean {
  return range !== null && mic <= exact(range[1]) && (range[0] === null || mic >= exact(range[0]));
}

/** CLSI: ≤ S, within SDD, within I, ≥ R; above S where only S exists is NON_SUSCEPTIBLE. */
export function interpretClsi(mic: number, row: ClsiRow): string {
  const value = exact(mic);
  if (row.s !== null && value <= exact(row.s)) return 'SUSCEPTIBLE';
  if (within(value, row.sdd)) return 'SUSCEPTIBLE_DOSE_DEPENDENT';
  if (within(value, row.i)) return 'INTERMEDIATE';
  if (row.r !== null && value >= exact(row.r)) return 'RESISTANT';
  if (row.r === null && row.i === null && row.sdd === null) return 'NON_SUSCEPTIBLE';
  throw new Error(`breakpoint row ${row.group} ${row.antibiotic} leaves MIC ${mic} uncategorized`);
}

const eucastBreakpoint = (row: EucastRow): JsonObject => ({
  s: row.s, r: row.r, atu: row.atu, qualifier: row.qualifier, agent: row.agent, bracketed: row.bracketed, notes: [...row.notes], standard: 'EUCAST', edition: eucast.version, source: `${eucast.version}, ${row.group} table, www.eucast.org`,
});
const clsiBreakpoint = (row: ClsiRow): JsonObject => ({ s: row.s, i: row.i, sdd: row.sdd, r: row.r, qualifier: row.qualifier, standard: row.standard, edition: row.edition, source: row.source });

interface Answer {
  interpretation: string | null;
  breakpoint: JsonObject | null;
  by_site: JsonObject | null;
  notes: string[];
}

/** One standard's reading: rows of the organism's table, the site's rows, the reading (or each site's). */
function answer<Row extends { qualifier: Site | null }>(
  rows: Row[], site: Site | null, mic: number | null, read: (mic: number, row: Row) => Reading, describe: (row: Row) => JsonObject, noRow: () => string, unqualifiedAtEverySite: boolean,
): Answer {
  const applicable = atSite(rows, site, unqualifiedAtEverySite);
  if (applicable.length === 0 && rows.length > 0 && site === null) {
    // rows differ by indication and none was given: each indication's reading, no single interpretation
    const bySite: JsonObject = {};
    for (const row of rows) bySite[row.qualifier!] ??= { interpretation: mic === null ? null : read(mic, row).interpretation, breakpoint: describe(row) };
    const sites = Object.keys(bySite) as Site[];
    return { interpretation: null, breakpoint: null, by_site: bySite, notes: [`breakpoints differ by indication (${sites.map((s) => `${s}: ${SITE_MEANINGS[s]}`).join('; ')}); send site for one interpretation`] };
  }
  const row = applicable[0];
  if (!row) return { interpretation: mic === null ? null : 'NO_BREAKPOINT', breakpoint: null, by_site: null, notes: [site !== null && rows.length > 0 ? `no breakpoint for site ${site} (${SITE_MEANINGS[site]})` : noRow()] };
  const reading = mic === null ? null : read(mic, row);
  return { interpretation: reading?.interpretation ?? null, breakpoint: describe(row), by_site: null, notes: reading?.notes ?? [] };
}

function eucastAnswer(organism: Organism, drug: Antibiotic, site: Site | null, mic: number | null): Answer {
  const rows = organism.eucast_group === null ? [] : eucast.rows.filter((r) => r.group === organism.eucast_group && r.antibiotic === drug.name && applies(r, organism));
  return answer(rows, site, mic, interpretEucast, eucastBreakpoint, () => {
    if (organism.eucast_group === null) return `EUCAST's breakpoint tables as shipped hold no table for ${organism.name}`;
    const none = eucast.no_breakpoint.find((n) => n.group === organism.eucast_group && n.antibiotic === drug.name && applies(n, organism));
    if (none) return `${none.reason} (${organism.eucast_group}, ${none.agent}${none.notes.length ? `; ${none.notes.join(' ')}` : ''})`;
    return `EUCAST's ${organism.eucast_group} table has no MIC breakpoint for ${drug.name}`;
  }, true);
}

function clsiAnswer(organism: Organism, drug: Antibiotic, site: Site | null, mic: number | null, rowsOf: readonly ClsiRow[], packed: boolean): Answer {
  const rows = organism.breakpoint_group === null ? [] : rowsOf.filter((r) => r.group === organism.breakpoint_group && r.antibiotic === drug.name && applies(r, organism));
  return answer(rows, site, mic, (m, row) => ({ interpretation: interpretClsi(m, row), notes: [] }), clsiBreakpoint, () => {
    if (organism.breakpoint_group === null) return organism.breakpoint_note ?? `${organism.key} has no CLSI breakpoint group`;
    const refused = packed ? undefined : clsiBreakpoints.not_recognized.find((n) => n.group === organism.breakpoint_group && n.antibiotic === drug.name);
    if (refused) return `no recognized interpretive criteria for ${organism.breakpoint_group} and ${drug.name}: ${refused.source}`;
    return packed
      ? `the installed CLSI breakpoints pack holds no ${organism.breakpoint_group} breakpoint for ${drug.name}`
      : `the shipped CLSI subset holds no ${organism.breakpoint_group} breakpoint for ${drug.name} (CLSI M100 is licensed: a laboratory loads its table with cpes data import breakpoints; or ask for standard EUCAST)`;
  }, false);
}

export function susceptibility(ctx: CallContext, organismKey: string, antibioticName: string, micValue: number | null, siteValue: JsonValue, standardValue: JsonValue): JsonObject {
  const site = siteOf(siteValue);
  const standard = standardOf(standardValue);
  const pack = standard === 'CLSI' ? installedClsiPack() : null;
  const version = standard === 'EUCAST' ? eucast.version : pack ? `${pack.meta.label} (breakpoints data pack v${pack.meta.version})` : `${clsiBreakpoints.name} ${clsiBreakpoints.version} (shipped subset: CLSI and FDA STIC rows cited per row)`;
  const organism = organismIndex.get(organismKey);
  const drug = findAntibiotic(ctx, antibioticName);
  const base = { type: 'MICRO_SUSCEPTIBILITY', organism: organism?.key ?? organismKey, antibiotic: drug?.name ?? antibioticName, standard, standard_version: version };
  if (!organism || !drug) {
    const unknown = !organism ? 'organism_key' : 'antibiotic';
    const suggestions = !organism ? organismIndex.suggest(organismKey) : antibioticIndex.suggest(antibioticName);
    return { ...base, found: false, unknown_input: unknown, suggestions, intrinsic_susceptibility: null, mic: micValue, interpretation: null, breakpoint: null, by_site: null, note: !organism ? `unknown organism ${JSON.stringify(organismKey)}` : `${JSON.stringify(antibioticName)} is not an antibiotic in the micro table` };
  }
  const inherent = intrinsic(organism, drug);
  const dilution = micValue === null ? null : onDilutionSeries(micValue);
  const mic = dilution === null ? null : standard === 'EUCAST' ? (EUCAST_LABEL[dilution.dilution] ?? dilution.dilution) : dilution.dilution;
  const notes: string[] = [];
  if (dilution?.raised) notes.push(`MIC ${micValue} is off the doubling series; read as the next dilution, ${mic}`);
  const result = (fields: JsonObject): JsonObject => ({
    ...base, found: true, unknown_input: null, suggestions: [], intrinsic_susceptibility: inherent.result, mic, ...fields,
    note: notes.length > 0 ? notes.join('; ') : null, ...(pack ? { data_pack: packReference(pack.meta) } : {}),
  });
  if (inherent.result === 'RESISTANT') {
    notes.push(`${inherent.why}; reported RESISTANT whatever the MIC`);
    return result({ interpretation: 'RESISTANT', breakpoint: null, by_site: null });
  }
  const reading = standard === 'EUCAST' ? eucastAnswer(organism, drug, site, mic) : clsiAnswer(organism, drug, site, mic, pack ? pack.rows : clsiBreakpoints.rows, pack !== null);
  notes.push(...reading.notes);
  return result({ interpretation: reading.interpretation, breakpoint: reading.breakpoint, by_site: reading.by_site });
}

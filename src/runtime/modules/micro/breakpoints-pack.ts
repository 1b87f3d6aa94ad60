// Pack kind `breakpoints`: a laboratory's licensed CLSI M100 MIC breakpoints in cpes's CSV layout
// (docs/data-packs.md). Installed, micro.susceptibility answers standard CLSI from it, and CLSI becomes
// the default standard; the shipped CLSI/FDA subset answers CLSI only while no such pack is installed.
//
// File: `# standard: CLSI M100` and `# edition: 35th ed. (2025)` (both required; `# laboratory: NAME`
// optional), then the columns organism_group, antibiotic, s, r and any of i_low, i_high, sdd_low, sdd_high,
// site, organisms. MICs in mcg/mL; S ≤ s, R ≥ r; I and SDD are closed ranges; an empty r means no
// resistant category (S-only: above S is "non-susceptible").
import { normalizeName } from '../../../util/names.js';
import { activePack } from '../../packs/active.js';
import { cellsByName, columnProblems, readCsv } from '../../packs/csv.js';
import type { LoadedPack, PackKind, PackProblem } from '../../packs/types.js';
import { antibioticIndex } from './antibiotics.js';
import { SITES, type ClsiRow, type Site } from './breakpoint-row.js';
import { organismIndex, organisms } from './tables.js';

export const BREAKPOINTS_PACK = 'breakpoints';
const REQUIRED = ['organism_group', 'antibiotic', 's', 'r'];
const OPTIONAL = ['i_low', 'i_high', 'sdd_low', 'sdd_high', 'site', 'organisms'];
/** The CLSI M100 tables organisms are read in (organisms.json breakpoint_group). */
export const CLSI_GROUPS = [...new Set(organisms.map((o) => o.breakpoint_group).filter((g): g is string => g !== null))];

export const breakpointsKind: PackKind<ClsiRow> = {
  kind: BREAKPOINTS_PACK,
  table: 'CLSI and FDA MIC breakpoints (shipped subset)',
  summary: "a laboratory's licensed CLSI M100 MIC breakpoints in cpes's CSV layout (docs/data-packs.md); makes CLSI the default standard",
  parse(text) {
    const csv = readCsv(text);
    const problems: PackProblem[] = [...csv.problems];
    const standard = csv.meta.get('standard');
    const edition = csv.meta.get('edition');
    if (!standard || !/^CLSI\b/i.test(standard)) problems.push({ line: 1, message: "the file must say which standard it holds: '# standard: CLSI M100'" });
    if (!edition) problems.push({ line: 1, message: "the file must name its edition: '# edition: 35th ed. (2025)'" });
    const columns = columnProblems(csv, REQUIRED, OPTIONAL);
    if (columns.length) return { problems: [...problems, ...columns] };
    const rows: { line: number; row: ClsiRow }[] = [];
    const label = `${standard} ${edition}${csv.meta.get('laboratory') ? `, ${csv.meta.get('laboratory')}` : ''}`;
    for (const record of csv.records) {
      const { line } = record;
      const get = cellsByName(csv, record);
      const before = problems.length;
      const bad = (message: string): void => void problems.push({ line, message });
      const mic = (name: string): number | null => {
        const raw = get(name);
        if (raw === '') return null;
        const value = Number(raw);
        if (!Number.isFinite(value) || value <= 0 || value > 1024) {
          bad(`${name} ${JSON.stringify(raw)} is not an MIC in mcg/mL (a number above 0, at most 1024)`);
          return null;
        }
        return value;
      };
      const group = CLSI_GROUPS.find((g) => normalizeName(g) === normalizeName(get('organism_group')));
      if (!group) bad(`organism_group ${JSON.stringify(get('organism_group'))} is not one of ${CLSI_GROUPS.join(', ')}`);
      const drug = antibioticIndex.get(get('antibiotic'));
      if (!drug) bad(`antibiotic ${JSON.stringify(get('antibiotic'))} is not an antibiotic micro knows (a name, alias or three-letter code)`);
      const site = get('site') === '' ? null : (SITES.find((s) => s === get('site').toLowerCase()) ?? null);
      if (get('site') !== '' && site === null) bad(`site ${JSON.stringify(get('site'))} is not one of ${SITES.join(', ')} (or empty)`);
      const appliesTo = get('organisms') === '' ? [] : get('organisms').split(/\s*;\s*/).map((name) => organismIndex.get(name));
      if (appliesTo.some((o) => !o)) bad(`organisms ${JSON.stringify(get('organisms'))} names an organism micro does not know (separate several with ;)`);
      else if (group && appliesTo.some((o) => o!.breakpoint_group !== group)) bad(`organisms ${JSON.stringify(get('organisms'))} are not all read in ${group}`);
      const s = mic('s');
      const r = mic('r');
      const range = (low: string, high: string): [number, number] | null => {
        const [a, b] = [mic(low), mic(high)];
        if (a === null && b === null) return null;
        if (a === null || b === null || a > b) {
          bad(`${low} and ${high} must both be given, ${low} ≤ ${high}`);
          return null;
        }
        return [a, b];
      };
      const i = range('i_low', 'i_high');
      const sdd = range('sdd_low', 'sdd_high');
      if (s === null && r === null) bad('gives neither s nor r');
      if (s !== null && r !== null && !(s < r)) bad(`s ${s} must be below r ${r}`);
      for (const [name, band] of [['I', i], ['SDD', sdd]] as const) {
        if (band && ((s !== null && band[0] <= s) || (r !== null && band[1] >= r))) bad(`the ${name} range ${band[0]}–${band[1]} must lie between s and r`);
      }
      if (problems.length > before) continue;
      const row: ClsiRow = {
        group: group!, antibiotic: drug!.name, s, i, sdd, r, qualifier: site as Site | null,
        ...(appliesTo.length ? { applies_to: appliesTo.map((o) => o!.key) } : {}),
        standard: standard!, edition: edition!, source: `${label} (breakpoints data pack)`,
      };
      const clash = rows.find((x) => x.row.group === row.group && x.row.antibiotic === row.antibiotic && x.row.qualifier === row.qualifier && (!x.row.applies_to || !row.applies_to || x.row.applies_to.some((k) => row.applies_to!.includes(k))));
      if (clash) bad(`${row.group} ${row.antibiotic}${row.qualifier ? ` (${row.qualifier})` : ''} is already given on line ${clash.line}`);
      else rows.push({ line, row });
    }
    if (problems.length) return { problems };
    return { rows: rows.map((r) => r.row), label };
  },
};

export const installedClsiPack = (): LoadedPack<ClsiRow> | null => activePack<ClsiRow>(BREAKPOINTS_PACK);

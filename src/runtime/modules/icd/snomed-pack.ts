// Pack kind `snomed-icd10-map`: NLM's SNOMED CT to ICD-10-CM map as distributed with the SNOMED CT US
// Edition (UMLS licence), read as the file the site downloads: the tab-separated extended map refset
// (RF2 der2_iisssccRefset_ExtendedMap{Snapshot,Full}_US1000124_<date>.txt, or the human-readable
// tls_Icd10cmHumanReadableMap_US1000124_<date>.tsv, which adds the concept and target names).
import { activePack, derived } from '../../packs/active.js';
import type { LoadedPack, PackKind, PackProblem } from '../../packs/types.js';
import { isVerhoeffValid } from './verhoeff.js';
import { normalizeCode } from './codes.js';

/** The refset id of the SNOMED CT to ICD-10-CM extended map in the US Edition. */
const ICD10CM_MAP_REFSET = '6011000124106';
const REQUIRED = ['id', 'effectiveTime', 'active', 'refsetId', 'referencedComponentId', 'mapGroup', 'mapPriority', 'mapRule', 'mapAdvice', 'mapTarget'] as const;

export interface SnomedMapRow {
  snomed_id: string;
  snomed_term: string | null;
  /** null where NLM maps the concept to no code (its advice says why) */
  icd_code: string | null;
  map_group: number;
  map_priority: number;
  map_rule: string;
  map_advice: string;
}

export const SNOMED_PACK = 'snomed-icd10-map';

export const snomedMapKind: PackKind<SnomedMapRow> = {
  kind: SNOMED_PACK,
  summary: "NLM SNOMED CT → ICD-10-CM map (extended map refset, RF2 or human-readable TSV, as downloaded; needs a UMLS licence)",
  parse(text) {
    const lines = text.split(/\r?\n/);
    while (lines.length && lines[lines.length - 1] === '') lines.pop();
    const header = (lines[0] ?? '').split('\t');
    const missing = REQUIRED.filter((c) => !header.includes(c));
    if (missing.length) return { problems: [{ line: 1, message: `the header lacks the extended map refset column(s) ${missing.join(', ')}; expected a tab-separated NLM release file starting "id\teffectiveTime\tactive\tmoduleId\trefsetId\treferencedComponentId…"` }] };
    const column = new Map(header.map((name, i) => [name, i]));
    const problems: PackProblem[] = [];
    // A Full release holds every state of each member: the newest effectiveTime of an id is its state.
    const latest = new Map<string, { time: string; active: boolean; row: SnomedMapRow }>();
    for (let i = 1; i < lines.length; i++) {
      const line = i + 1;
      const cells = lines[i]!.split('\t');
      if (cells.length !== header.length) {
        problems.push({ line, message: `has ${cells.length} tab-separated fields, the header has ${header.length}` });
        continue;
      }
      const get = (name: string): string => (column.has(name) ? cells[column.get(name)!]!.trim() : '');
      const before = problems.length;
      const bad = (message: string): void => void problems.push({ line, message });
      const id = get('id');
      const time = get('effectiveTime');
      const active = get('active');
      const concept = get('referencedComponentId');
      const group = Number(get('mapGroup'));
      const priority = Number(get('mapPriority'));
      const target = get('mapTarget');
      if (id === '') bad('id is empty');
      if (!/^\d{8}$/.test(time)) bad(`effectiveTime ${JSON.stringify(time)} is not a date YYYYMMDD`);
      if (active !== '0' && active !== '1') bad(`active must be 0 or 1, got ${JSON.stringify(active)}`);
      if (get('refsetId') !== ICD10CM_MAP_REFSET) bad(`refsetId ${get('refsetId')} is not the SNOMED CT to ICD-10-CM map (${ICD10CM_MAP_REFSET})`);
      if (!/^\d{6,18}$/.test(concept) || !isVerhoeffValid(concept)) bad(`referencedComponentId ${JSON.stringify(concept)} is not a SNOMED CT id (6–18 digits with a Verhoeff check digit)`);
      if (!Number.isInteger(group) || group < 1) bad(`mapGroup must be a whole number ≥ 1, got ${JSON.stringify(get('mapGroup'))}`);
      if (!Number.isInteger(priority) || priority < 1) bad(`mapPriority must be a whole number ≥ 1, got ${JSON.stringify(get('mapPriority'))}`);
      const code = target === '' ? null : normalizeCode(target);
      if (target !== '' && code === null) bad(`mapTarget ${JSON.stringify(target)} is not an ICD-10-CM code`);
      if (problems.length > before) continue;
      const previous = latest.get(id);
      if (previous && previous.time === time) bad(`member ${id} appears twice with effectiveTime ${time}`);
      if (!previous || previous.time < time) {
        const row = { snomed_id: concept, snomed_term: get('referencedComponentName') || null, icd_code: code, map_group: group, map_priority: priority, map_rule: get('mapRule'), map_advice: get('mapAdvice') };
        latest.set(id, { time, active: active === '1', row });
      }
    }
    if (problems.length) return { problems };
    const current = [...latest.values()].filter((m) => m.active);
    const release = current.reduce((max, m) => (m.time > max ? m.time : max), '');
    const rows = current.map((m) => m.row).sort((a, b) => (a.snomed_id < b.snomed_id ? -1 : a.snomed_id > b.snomed_id ? 1 : a.map_group - b.map_group || a.map_priority - b.map_priority));
    return { rows, label: release ? `release ${release.slice(0, 4)}-${release.slice(4, 6)}-${release.slice(6)}` : null };
  },
};

interface MapIndex {
  byConcept: Map<string, SnomedMapRow[]>;
  byCode: Map<string, string[]>;
}

function indexOf(pack: LoadedPack<SnomedMapRow>): MapIndex {
  return derived(pack, (rows) => {
    const byConcept = new Map<string, SnomedMapRow[]>();
    const byCode = new Map<string, string[]>();
    for (const row of rows) {
      byConcept.set(row.snomed_id, [...(byConcept.get(row.snomed_id) ?? []), row]);
      if (row.icd_code !== null) {
        const ids = byCode.get(row.icd_code) ?? [];
        if (!ids.includes(row.snomed_id)) ids.push(row.snomed_id);
        byCode.set(row.icd_code, ids);
      }
    }
    return { byConcept, byCode };
  });
}

export const installedSnomedMap = (): LoadedPack<SnomedMapRow> | null => activePack<SnomedMapRow>(SNOMED_PACK);

/** The map rows of a concept in group, then priority order (the pack keeps that order). */
export function mapRowsOf(pack: LoadedPack<SnomedMapRow>, snomedId: string): SnomedMapRow[] {
  return indexOf(pack).byConcept.get(snomedId) ?? [];
}

export function conceptsMappedTo(pack: LoadedPack<SnomedMapRow>, code: string): string[] {
  return indexOf(pack).byCode.get(code) ?? [];
}

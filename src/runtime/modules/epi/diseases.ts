// The disease table (modules.md §13): one published review per value; unknown values stay null.
import diseaseTable from './data/diseases.json' with { type: 'json' };
import { deepFreeze } from '../../../util/freeze.js';
import type { JsonObject } from '../types.js';
import { NameIndex } from '../util/name-index.js';
import { herdImmunityFields } from './rates.js';

export interface DiseaseRow {
  name: string;
  aliases: string[];
  R0: number | null;
  r0_range: [number, number] | null;
  incubation_days: number | null;
  infectious_days: number | null;
  cfr_percent: number | null;
  source: string;
}

export interface DiseaseTable {
  name: string;
  version: string;
  source: string;
  rows: DiseaseRow[];
}

export const DISEASES: DiseaseTable = deepFreeze(diseaseTable as DiseaseTable);
const index = new NameIndex(DISEASES.rows, (row) => [row.name, ...row.aliases]);

export function diseaseParams(query: string): JsonObject {
  const row = index.get(query);
  if (!row) return { type: 'EPI_DISEASE', disease: query, found: false, suggestions: index.suggest(query) };
  const hit = row.R0 === null ? { herd_immunity_threshold: null, herd_immunity_threshold_percent: null } : herdImmunityFields(row.R0);
  return {
    type: 'EPI_DISEASE',
    disease: row.name,
    found: true,
    R0: row.R0,
    r0_range: row.r0_range ? [...row.r0_range] : null,
    incubation_days: row.incubation_days,
    infectious_days: row.infectious_days,
    cfr: row.cfr_percent,
    ...hit,
    source: row.source,
  };
}

// Pack kind `cpic`: CPIC's recommendation export (CC0) of a newer release than the one cpes ships, for sites
// that need it. Installed, it replaces the shipped CPIC recommendations whole (pairs and rows), and
// dosing_guidance names it in data_pack.
import { activePack, derived } from '../../packs/active.js';
import type { LoadedPack, PackKind } from '../../packs/types.js';
import { parseCpicExport } from './cpic-export.js';
import { guidance, type GuidanceRow, type GuidelinePair } from './tables.js';

export const CPIC_PACK = 'cpic';

type CpicEntry = { pair: GuidelinePair } | { row: GuidanceRow };

export const cpicKind: PackKind<CpicEntry> = {
  kind: CPIC_PACK,
  table: guidance.name,
  summary: "CPIC's recommendation export (JSON, CC0) of a newer release than the shipped one; replaces the shipped CPIC recommendations",
  parse(text) {
    const parsed = parseCpicExport(text);
    if ('problems' in parsed) return parsed;
    const { pairs, rows, version } = parsed.value;
    return { rows: [...pairs.map((pair) => ({ pair })), ...rows.map((row) => ({ row }))], label: `CPIC data ${version}, ${pairs.length} drugs, ${rows.length} recommendations` };
  },
};

export interface Recommendations {
  pairs: readonly GuidelinePair[];
  rows: readonly GuidanceRow[];
  pack: LoadedPack<CpicEntry> | null;
}

const shipped: Recommendations = { pairs: guidance.pairs, rows: guidance.rows, pack: null };

/** The recommendations this call answers from: the installed cpic pack, else the shipped table. */
export function activeRecommendations(): Recommendations {
  const pack = activePack<CpicEntry>(CPIC_PACK);
  if (!pack) return shipped;
  return derived(pack, (entries) => ({
    pairs: entries.flatMap((e) => ('pair' in e ? [e.pair] : [])),
    rows: entries.flatMap((e) => ('row' in e ? [e.row] : [])),
    pack,
  }));
}

// Pack kind `msdrg-weights`: Table 5 of the IPPS final rule of a fiscal year (relative weights, geometric
// and arithmetic mean length of stay per MS-DRG; CMS, public domain), as the tab-separated text file CMS
// publishes. Installed, drg_lookup reports its weights and stays instead of the shipped table's (which has none).
import { activePack, derived } from '../../packs/active.js';
import type { LoadedPack, PackKind } from '../../packs/types.js';
import { parseTable5, type Table5Row } from './official-files.js';

export const DRG_WEIGHTS_PACK = 'msdrg-weights';

export const drgWeightsKind: PackKind<Table5Row> = {
  kind: DRG_WEIGHTS_PACK,
  table: 'msdrg',
  summary: "MS-DRG relative weights and mean stays: the IPPS final rule's Table 5 text file (tab-separated, public domain)",
  parse(text) {
    const parsed = parseTable5(text);
    if ('problems' in parsed) return parsed;
    return { rows: parsed.value.rows, label: `${parsed.value.year ?? 'fiscal year not stated in the file'}, ${parsed.value.rows.length} MS-DRGs` };
  },
};

export function installedWeights(): { pack: LoadedPack<Table5Row>; byDrg: ReadonlyMap<string, Table5Row> } | null {
  const pack = activePack<Table5Row>(DRG_WEIGHTS_PACK);
  return pack ? { pack, byDrg: derived(pack, (rows) => new Map(rows.map((r) => [r.drg, r]))) } : null;
}

// Pathway facts and ATP yield (modules.md §12; Lehninger 8th ed. 2021; P/O ratios 2.5 and 1.5, Hinkle,
// Biochim Biophys Acta 2005;1706:1-11).
import { pyRound } from '../../../util/round.js';
import type { JsonObject } from '../types.js';
import { pathwayIndex } from './tables.js';

const ATP_PER_NADH = 2.5;
const ATP_PER_FADH2 = 1.5;

export function getPathway(name: string): JsonObject {
  const p = pathwayIndex.get(name);
  if (!p) return { type: 'BIOCHEM_PATHWAY', found: false, name, suggestions: pathwayIndex.suggest(name) };
  return { type: 'BIOCHEM_PATHWAY', found: true, ...(structuredClone(p) as unknown as JsonObject) };
}

export function atpYield(name: string, cycles: number): JsonObject {
  const p = pathwayIndex.get(name);
  if (!p) return { type: 'BIOCHEM_ATP', pathway: name, found: false, suggestions: pathwayIndex.suggest(name) };
  const base = { type: 'BIOCHEM_ATP', pathway: p.name, found: true, cycles };
  if (!p.yield_defined || p.net_atp === null || p.net_nadh === null || p.net_fadh2 === null) {
    return {
      ...base, substrate_level_atp: null, from_nadh: null, from_fadh2: null, total_atp: null, per: p.per, defined: false,
      note: `${p.name} has no fixed ATP yield: it depends on the proton gradient and on which carriers feed it`,
    };
  }
  const substrateLevel = p.net_atp * cycles;
  const fromNadh = p.net_nadh * cycles * ATP_PER_NADH;
  const fromFadh2 = p.net_fadh2 * cycles * ATP_PER_FADH2;
  return {
    ...base,
    substrate_level_atp: substrateLevel,
    from_nadh: fromNadh,
    from_fadh2: fromFadh2,
    total_atp: pyRound(substrateLevel + fromNadh + fromFadh2, 1),
    per: p.per,
    defined: true,
    note: null,
  };
}

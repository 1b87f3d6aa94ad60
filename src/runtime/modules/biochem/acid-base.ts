// Buffer pH, serum osmolality and anion gap (modules.md §12).
import { pyRound } from '../../../util/round.js';
import type { JsonObject } from '../types.js';
import { requireFinite } from '../util/finite.js';
import { above, atLeast, atMost } from '../util/threshold.js';

/** Henderson 1908; Hasselbalch 1917: pH = pKa + log10([A−]/[HA]). */
export function phBuffer(pka: number, acid: number, base: number): number {
  return pyRound(requireFinite(pka + Math.log10(base / acid), 'biochem.ph_buffer', "'acid_conc' and 'base_conc'"), 2);
}

/** Dorwart & Chalmers, Clin Chem 1975: 2·Na + glucose/18 + BUN/2.8; normal 275–295 mOsm/kg. */
export function serumOsmolality(sodium: number, glucose: number, bun: number, measured: number | null): JsonObject {
  const calculated = 2 * sodium + glucose / 18 + bun / 2.8;
  const gap = measured === null ? null : measured - calculated;
  return {
    type: 'BIOCHEM_OSMOLALITY',
    osmolality: pyRound(calculated, 1),
    status: atLeast(calculated, 275) && atMost(calculated, 295) ? 'NORMAL' : calculated > 295 ? 'HIGH' : 'LOW',
    normal_range: '275-295 mOsm/kg',
    measured_osm: measured,
    osmolal_gap: gap === null ? null : pyRound(gap, 1),
    gap_status: gap === null ? null : above(gap, 10) ? 'ELEVATED' : 'NORMAL',
  };
}

/** AG = Na − (Cl + HCO3) (Kraut & Madias, CJASN 2007); albumin-corrected AG + 2.5·(4.0 − albumin) (Figge et al., Crit Care Med 1998). */
export function anionGap(sodium: number, chloride: number, bicarb: number, albumin: number | null): JsonObject {
  const gap = sodium - (chloride + bicarb);
  const corrected = albumin === null ? null : gap + 2.5 * (4.0 - albumin);
  const judged = corrected ?? gap;
  return {
    type: 'BIOCHEM_ANION_GAP',
    anion_gap: pyRound(gap, 1),
    anion_gap_corrected: corrected === null ? null : pyRound(corrected, 1),
    status: above(judged, 12) ? 'ELEVATED' : atLeast(judged, 8) ? 'NORMAL' : 'LOW',
    normal_range: '8-12 mEq/L',
  };
}

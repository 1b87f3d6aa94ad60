// The body surface area a per-m² dose (chemotherapy) is converted with: Mosteller's formula, the one the
// nutrition module computes, from the height and weight the request sent.
import { pyRound } from '../../../util/round.js';
import { BSA_FORMULAS } from '../nutrition/surface.js';

export type BodySurface =
  | { m2: number; shown: number; heightCm: number; weightKg: number; formula: string }
  | { needs: 'height' | 'weight' | 'height and weight' };

/** Mosteller, NEJM 1987;317:1098 (BSA_FORMULAS.mosteller); without a height or weight it names what is missing. */
export function bodySurface(weightKg: number | null, heightCm: number | null): BodySurface {
  const has = (v: number | null): v is number => v !== null && v > 0;
  if (!has(weightKg) || !has(heightCm)) return { needs: !has(weightKg) && !has(heightCm) ? 'height and weight' : has(weightKg) ? 'height' : 'weight' };
  const mosteller = BSA_FORMULAS.mosteller!;
  const m2 = mosteller.compute(weightKg, heightCm);
  return { m2, shown: pyRound(m2, 2), heightCm, weightKg, formula: `Mosteller (${mosteller.source})` };
}

/** Why a per-m² figure cannot be used: `needs the body surface area, and the patient's height is missing`. */
export function surfaceMissing(needs: 'height' | 'weight' | 'height and weight'): string {
  return `needs the body surface area, and the patient's ${needs} ${needs === 'height and weight' ? 'are' : 'is'} missing`;
}

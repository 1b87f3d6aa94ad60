// Delta gap and delta ratio, plain and albumin-corrected (issue 25): does a high anion gap acidosis explain
// the whole fall in bicarbonate, or is a second disorder present?
import { pyRound } from '../../../util/round.js';
import type { FunctionSpec, JsonObject, ParamSpec, ResultField } from '../types.js';
import { above, atMost, below } from '../util/threshold.js';
import { numberField, textField } from '../util/calc-units.js';

const n = (v: unknown): number => v as number;

/**
 * Delta ratio bands (Rastegar, J Am Soc Nephrol 2007;18:2429-2431): < 0.4 hyperchloraemic normal-gap
 * acidosis; 0.4–0.8 combined high- and normal-gap acidosis; 0.8–2.0 high anion gap acidosis alone
 * (0.8–1 is usual in lactic acidosis, ~1–2 in ketoacidosis); > 2 a concurrent metabolic alkalosis or a
 * compensated respiratory acidosis.
 */
function deltaRatioMeaning(ratio: number | null): string {
  if (ratio === null) return 'undefined: bicarbonate is at its normal value';
  if (below(ratio, 0.4)) return 'hyperchloraemic normal anion gap acidosis';
  if (below(ratio, 0.8)) return 'combined high anion gap and normal anion gap acidosis';
  if (atMost(ratio, 2)) return 'high anion gap metabolic acidosis alone';
  return 'high anion gap acidosis with concurrent metabolic alkalosis or compensated respiratory acidosis';
}

const ratioOf = (gapExcess: number, bicarbFall: number): number | null => (bicarbFall === 0 ? null : gapExcess / bicarbFall);

// Delta gap = AG − normal AG; delta ratio = (AG − normal AG) / (normal HCO3 − HCO3) (Wrenn, Ann Emerg Med 1990;19:1310-1313;
// Rastegar 2007); albumin-corrected AG = AG + 2.5 × (4.0 − albumin) (Figge et al., Crit Care Med 1998;26:1807-1810).
export function deltaGap(sodium: number, chloride: number, bicarb: number, albumin: number | null, normalGap: number, normalBicarb: number): JsonObject {
  const gap = sodium - (chloride + bicarb);
  const bicarbFall = normalBicarb - bicarb;
  const ratio = ratioOf(gap - normalGap, bicarbFall);
  const corrected = albumin === null ? null : gap + 2.5 * (4.0 - albumin);
  const correctedRatio = corrected === null ? null : ratioOf(corrected - normalGap, bicarbFall);
  const round = (v: number | null, digits: number): number | null => (v === null ? null : pyRound(v, digits));
  return {
    type: 'BIOCHEM_DELTA_GAP',
    anion_gap: pyRound(gap, 1),
    delta_gap: pyRound(gap - normalGap, 1),
    delta_ratio: round(ratio, 2),
    delta_ratio_meaning: deltaRatioMeaning(ratio),
    albumin_corrected_anion_gap: round(corrected, 1),
    albumin_corrected_delta_gap: corrected === null ? null : pyRound(corrected - normalGap, 1),
    albumin_corrected_delta_ratio: round(correctedRatio, 2),
    albumin_corrected_delta_ratio_meaning: corrected === null ? null : deltaRatioMeaning(correctedRatio),
    normal_anion_gap: normalGap,
    normal_bicarbonate: normalBicarb,
    high_anion_gap: above(corrected ?? gap, normalGap),
  };
}

const mmol = (name: string, description: string, minimum: number, maximum: number): ParamSpec => ({ name, type: 'number', unit: 'mmol/L', minimum, maximum, description });
const nullableNumber = (name: string, unit: string | null, description: string): ResultField => ({ name, type: ['number', 'null'], description, ...(unit ? { unit } : {}) });

export const deltaGapFunction: FunctionSpec = {
  name: 'delta_gap',
  description: 'Delta gap and delta ratio, and with albumin their albumin-corrected forms, with the Rastegar reading of the ratio.',
  params: [
    mmol('sodium', 'serum sodium', 90, 200),
    mmol('chloride', 'serum chloride', 50, 150),
    mmol('bicarb', 'serum bicarbonate', 1, 80),
    { name: 'albumin', type: ['number', 'null'], default: null, unit: 'g/dL', minimum: 0.5, maximum: 7, description: 'serum albumin, for the albumin-corrected values' },
    { ...mmol('normal_anion_gap', 'the normal anion gap the delta is measured from', 3, 20), default: 12 },
    { ...mmol('normal_bicarb', 'the normal bicarbonate', 20, 30), default: 24 },
  ],
  result: {
    type: 'BIOCHEM_DELTA_GAP',
    fields: [
      numberField('anion_gap', 'Na − (Cl + HCO3), rounded to 0.1', 'mmol/L'),
      numberField('delta_gap', 'anion gap − normal anion gap, rounded to 0.1', 'mmol/L'),
      nullableNumber('delta_ratio', null, 'delta gap / (normal HCO3 − HCO3), rounded to 0.01; null when HCO3 is at its normal value'),
      textField('delta_ratio_meaning', 'what the delta ratio suggests (Rastegar 2007)'),
      nullableNumber('albumin_corrected_anion_gap', 'mmol/L', 'AG + 2.5 × (4.0 − albumin), rounded to 0.1; null without albumin'),
      nullableNumber('albumin_corrected_delta_gap', 'mmol/L', 'corrected AG − normal AG, rounded to 0.1; null without albumin'),
      nullableNumber('albumin_corrected_delta_ratio', null, 'corrected delta gap / (normal HCO3 − HCO3), rounded to 0.01; null without albumin or when HCO3 is normal'),
      { name: 'albumin_corrected_delta_ratio_meaning', type: ['string', 'null'], description: 'what the corrected ratio suggests; null without albumin' },
      numberField('normal_anion_gap', 'the normal anion gap used', 'mmol/L'),
      numberField('normal_bicarbonate', 'the normal bicarbonate used', 'mmol/L'),
      { name: 'high_anion_gap', type: 'boolean', description: 'the (corrected, when albumin is given) anion gap is above the normal gap' },
    ],
  },
  state: 'none',
  sources: ['Wrenn, Ann Emerg Med 1990;19:1310-1313', 'Rastegar, J Am Soc Nephrol 2007;18:2429-2431', 'Figge et al., Crit Care Med 1998;26:1807-1810'],
  impl: (a) => deltaGap(n(a.sodium), n(a.chloride), n(a.bicarb), a.albumin as number | null, n(a.normal_anion_gap), n(a.normal_bicarb)),
};

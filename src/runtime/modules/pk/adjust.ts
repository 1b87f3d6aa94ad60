// Renal and hepatic dose adjustment from the drug table (modules.md §4.2 renal_adjust, hepatic_adjust).
import { roundSignificant } from '../../../util/round.js';
import type { JsonObject } from '../types.js';
import type { Drug, RenalBand } from './table.js';

/** The route's usual dose: bolus `usual`, else infusion `usual`. */
export function usualDose(drug: Drug): { dose: number | null; unit: string | null } {
  const dosing = drug.dosing[drug.default_route];
  if (dosing?.bolus) return { dose: dosing.bolus.usual, unit: dosing.bolus.unit };
  if (dosing?.infusion) return { dose: dosing.infusion.usual, unit: dosing.infusion.unit };
  return { dose: null, unit: null };
}

/** original × factor to 3 significant digits, never rounded to 0 */
function adjusted(original: number | null, factor: number | null): number | null {
  if (original === null || factor === null) return null;
  const value = original * factor;
  const rounded = roundSignificant(value, 3);
  return rounded === 0 && value > 0 ? value : rounded;
}

/** The answer when the table holds no verified adjustment: nothing is claimed either way. */
function notInTable(type: string, drug: Drug, what: string, extra: JsonObject): JsonObject {
  const { dose, unit } = usualDose(drug);
  return {
    type,
    drug: drug.name,
    found: true,
    ...extra,
    requires_adjustment: null,
    adjustment_factor: null,
    ...(type === 'PK_RENAL' ? { interval_h: null } : {}),
    original_dose: dose,
    adjusted_dose: null,
    dose_unit: unit,
    recommendation: `${what} dosing of ${drug.name} is not in the table (not verified); follow the current label`,
    source: drug.source,
  };
}

/** Bands are in ascending order and meet at each `max`: the last band whose lower bound admits gfr holds it. */
export function renalBand(bands: readonly RenalBand[], gfr: number): RenalBand | null {
  return bands.findLast((b) => (b.min_exclusive ? gfr > b.min : gfr >= b.min)) ?? null;
}

export function renalAdjust(drug: Drug, gfr: number): JsonObject {
  if (drug.renal === 'see_label') return notInTable('PK_RENAL', drug, 'renal', { gfr, measure: null });
  const { dose, unit } = usualDose(drug);
  const band = drug.renal ? renalBand(drug.renal, gfr) : null;
  const changes = band !== null && (band.avoid === true || band.interval_h !== undefined || (band.factor !== undefined && band.factor !== 1));
  // A band may change dose and interval together (§4.7.3); an interval alone leaves no factor to apply.
  const factor = band === null ? 1 : band.avoid ? null : (band.factor ?? (band.interval_h !== undefined ? null : 1));
  return {
    type: 'PK_RENAL',
    drug: drug.name,
    found: true,
    gfr,
    measure: band?.measure ?? null,
    requires_adjustment: changes,
    adjustment_factor: factor,
    interval_h: band?.interval_h ?? null,
    original_dose: dose,
    adjusted_dose: adjusted(dose, factor),
    dose_unit: unit,
    recommendation: band?.text ?? `no renal dose adjustment for ${drug.name}`,
    source: band?.source ?? drug.source,
  };
}

export function hepaticAdjust(drug: Drug, childPugh: 'A' | 'B' | 'C'): JsonObject {
  if (drug.hepatic === 'see_label') return notInTable('PK_HEPATIC', drug, 'hepatic', { child_pugh: childPugh });
  const { dose, unit } = usualDose(drug);
  const entry = drug.hepatic?.[childPugh] ?? null;
  const factor = entry === null ? 1 : entry.avoid ? null : (entry.factor ?? 1);
  return {
    type: 'PK_HEPATIC',
    drug: drug.name,
    found: true,
    child_pugh: childPugh,
    requires_adjustment: entry !== null && (entry.avoid === true || factor !== 1),
    adjustment_factor: factor,
    original_dose: dose,
    adjusted_dose: adjusted(dose, factor),
    dose_unit: unit,
    recommendation: entry?.text ?? `no hepatic dose adjustment for ${drug.name}`,
    source: entry?.source ?? drug.source,
  };
}

// The dose check of modules.md §4.3, shared by validate_dose, calculate_dose, administer and the
// `administer` statement. It reads the run's earlier single doses for the daily limit but records nothing.
import { roundSignificant as significant } from '../../../util/round.js';
import { above, below } from '../util/threshold.js';
import { ArgumentError, type CallContext, type JsonObject } from '../types.js';
import { convertDose, parseDoseUnit, type DoseUnit } from './dose-units.js';
import { administered, findDrug, type Drug, type Route } from './table.js';

export type Level = 'OK' | 'WARNING' | 'UNKNOWN' | 'ERROR';
export type Kind = 'SINGLE' | 'RATE' | 'DAILY';

export interface DoseCheck {
  drug: Drug | null;
  level: Level;
  /** why, for WARNING and ERROR */
  reason: string | null;
  record: JsonObject;
  /** the absolute single dose in canonical units, for the run's cumulative total */
  amount: { dimension: string; value: number } | null;
  kind: Kind | null;
}

export interface DoseRequest {
  drugName: string;
  dose: number;
  unit: string;
  route: string | null;
  weightKg: number | null;
  /** `<module>.<function>` or `administer` for messages */
  label: string;
  /** how the weight is named in an error: `argument 4 'weight_kg'` or `patient field 'weight'` */
  weightName: string;
}

export function checkDose(ctx: CallContext, request: DoseRequest): DoseCheck {
  const { dose, unit, weightKg } = request;
  const parsed = parseDoseUnit(unit);
  if (!parsed.ok && parsed.notAUnit) throw new ArgumentError(`${request.label}: ${parsed.reason}`);
  const drug = findDrug(ctx, request.drugName);
  const base = {
    drug: drug?.name ?? request.drugName,
    found: drug !== undefined,
  };
  if (!drug) {
    return {
      drug: null,
      level: 'UNKNOWN',
      reason: null,
      kind: null,
      amount: null,
      record: record(base, 'UNKNOWN', 'dose UNKNOWN drug', dose, unit, dose, unit, null, request.route, null, null, null),
    };
  }
  const route = resolveRoute(drug, request.route, request.label);
  const fail = (reason: string, kind: Kind | null, converted = dose, convertedUnit = unit, limit: JsonObject | null = null): DoseCheck => ({
    drug,
    level: 'ERROR',
    reason,
    kind,
    amount: null,
    record: record(base, 'ERROR', `dose ERROR ${reason}`, dose, unit, converted, convertedUnit, kind, route, limit, null, null),
  });
  if (!parsed.ok) return fail(parsed.reason, null);
  const given = parsed.unit;
  if (!(Number.isFinite(dose) && dose > 0)) return fail(`dose must be greater than 0, got ${String(dose)}`, null);
  const kind: Kind = given.time === null ? 'SINGLE' : given.time === 'day' ? 'DAILY' : 'RATE';
  const limit = limitFor(drug, route, kind);
  if (!limit) return fail(missingLimit(drug, route, kind), kind);
  const limitUnit = parseDoseUnit(limit.unit);
  if (!limitUnit.ok) throw new Error(`pk table: ${drug.name} has an invalid unit ${limit.unit}`);
  const conversion = convertDose(dose, given, limitUnit.unit, drug, weightKg);
  if (!conversion.ok) {
    if (conversion.needsWeight) throw new ArgumentError(`${request.label}: ${request.weightName} (kg) is required to convert ${unit} for ${drug.name}`);
    return fail(conversion.reason, kind);
  }
  const converted = conversion.value;
  const limitRecord: JsonObject = { usual_low: limit.usualLow, usual_high: limit.usualHigh, max: limit.max, unit: limit.unit };
  const weightUsed = conversion.weightUsed ? weightKg : null;
  const amount = kind === 'SINGLE' ? absoluteAmount(dose, given, weightKg) : null;
  const daily = kind === 'SINGLE' ? dailyTotal(ctx, drug, amount, weightKg) : null;
  let level: Level = 'OK';
  let reason: string | null = null;
  if (limit.max !== null && above(converted, limit.max)) {
    level = 'ERROR';
    reason = `${String(dose)} ${unit} exceeds maximum ${String(limit.max)} ${limit.unit}`;
  } else if (daily?.exceeded) {
    level = 'ERROR';
    reason = daily.reason;
  } else if (limit.usualHigh !== null && above(converted, limit.usualHigh)) {
    level = 'WARNING';
    reason = `above usual range ${usualRange(limit)}`;
  } else if (limit.usualLow !== null && below(converted, limit.usualLow)) {
    level = 'WARNING';
    reason = `below usual range ${usualRange(limit)}`;
  }
  const message = level === 'OK' ? 'dose OK' : `dose ${level} ${reason}`;
  return {
    drug,
    level,
    reason,
    kind,
    amount,
    record: record(base, level, message, dose, unit, significant(converted, 6), limit.unit, kind, route, limitRecord, weightUsed, daily?.total ?? null),
  };
}

function record(
  base: { drug: string; found: boolean },
  level: Level,
  message: string,
  given: number,
  givenUnit: string,
  converted: number,
  convertedUnit: string,
  kind: Kind | null,
  route: string | null,
  limit: JsonObject | null,
  weightUsed: number | null,
  cumulative: number | null,
): JsonObject {
  return {
    type: 'PK_DOSE_CHECK',
    ...base,
    level,
    message,
    given_dose: given,
    given_unit: givenUnit,
    converted_dose: converted,
    converted_unit: convertedUnit,
    kind,
    route,
    limit,
    weight_used: weightUsed,
    cumulative_in_run: cumulative,
  };
}

export function resolveRoute(drug: Drug, route: string | null, label: string): Route {
  if (route === null) return drug.default_route;
  const wanted = route.trim().toUpperCase();
  const found = drug.routes.find((r) => r === wanted);
  if (!found) throw new ArgumentError(`${label}: route '${route}' is not a route of ${drug.name}; routes: ${drug.routes.join(', ')}`);
  return found;
}

interface Limit {
  usualLow: number | null;
  usualHigh: number | null;
  max: number | null;
  unit: string;
}

function limitFor(drug: Drug, route: Route, kind: Kind): Limit | null {
  const dosing = drug.dosing[route];
  if (kind === 'SINGLE' && dosing?.bolus) {
    const b = dosing.bolus;
    return { usualLow: b.usual_low, usualHigh: b.usual_high, max: b.max_single, unit: b.unit };
  }
  if (kind === 'RATE' && dosing?.infusion) {
    const i = dosing.infusion;
    return { usualLow: i.usual_low, usualHigh: i.usual_high, max: i.max_rate, unit: i.unit };
  }
  if (kind === 'DAILY' && drug.max_daily) return { usualLow: null, usualHigh: null, max: drug.max_daily.value, unit: drug.max_daily.unit };
  return null;
}

function missingLimit(drug: Drug, route: Route, kind: Kind): string {
  const dosing = drug.dosing[route];
  const what = kind === 'SINGLE' ? 'single-dose' : kind === 'RATE' ? 'rate' : 'daily';
  const has = dosing?.infusion
    ? `give a rate such as ${dosing.infusion.unit}`
    : dosing?.bolus
      ? `give a single dose such as ${dosing.bolus.unit}`
      : `it has no dosing for ${route}`;
  return `${drug.name} has no ${what} limit by ${route}; ${has}`;
}

function usualRange(limit: Limit): string {
  const low = limit.usualLow === null ? '' : String(limit.usualLow);
  const high = limit.usualHigh === null ? '' : String(limit.usualHigh);
  return `${low}-${high} ${limit.unit}`;
}

/** A single dose as an absolute canonical amount (mg, mL, units, mEq, mmol); null when it needs an absent weight. */
function absoluteAmount(dose: number, unit: DoseUnit, weightKg: number | null): { dimension: string; value: number } | null {
  if (unit.perKg && weightKg === null) return null;
  return { dimension: unit.dimension, value: dose * unit.factor * (unit.perKg ? weightKg! : 1) };
}

/** §4.3 step 5: this run's earlier single doses plus this one against max_daily, as an absolute amount. */
function dailyTotal(
  ctx: CallContext,
  drug: Drug,
  amount: { dimension: string; value: number } | null,
  weightKg: number | null,
): { total: number; exceeded: boolean; reason: string } | null {
  if (!drug.max_daily || amount === null) return null;
  const limitUnit = parseDoseUnit(drug.max_daily.unit);
  if (!limitUnit.ok) return null;
  // The daily limit as an absolute amount per day in its own quantity: mg/kg/day × weight → mg.
  const perDay = { ...limitUnit.unit, time: null, perKg: false, text: limitUnit.unit.quantity };
  let limitValue = drug.max_daily.value;
  if (limitUnit.unit.perKg) {
    if (weightKg === null) return null;
    limitValue *= weightKg;
  }
  let total = 0;
  for (const earlier of [...administered(ctx).filter((d) => d.drug === drug.name && d.amount !== null).map((d) => d.amount!), amount]) {
    const canonical = { text: 'canonical', quantity: '', dimension: earlier.dimension as DoseUnit['dimension'], factor: 1, perKg: false, time: null };
    const converted = convertDose(earlier.value, canonical, perDay, drug, null);
    if (!converted.ok) return null;
    total += converted.value;
  }
  const exceeded = above(total, limitValue);
  const reason = `${String(significant(total, 6))} ${perDay.text} in this run exceeds the daily maximum ${String(drug.max_daily.value)} ${drug.max_daily.unit}`;
  return { total: significant(total, 6), exceeded, reason };
}

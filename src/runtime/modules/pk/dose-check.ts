// The dose check of modules.md §4.3 with the safety semantics of §4.7, shared by validate_dose,
// calculate_dose, administer and the `administer` statement. It reads the run's earlier doses for the
// daily and weekly limits but records nothing. `OK` needs every applicable limit known and held; a
// limit nobody verified (null) makes the answer `UNCHECKED`, never `OK`.
import { normalizeName } from '../../../util/names.js';
import { roundSignificant as significant } from '../../../util/round.js';
import { above, below } from '../util/threshold.js';
import { ArgumentError, type CallContext, type DoseLevel, type JsonObject } from '../types.js';
import { convertDose, parseDoseUnit, type DoseUnit } from './dose-units.js';
import { administered, findDrug, tableOf, type Drug, type IndicationLimits, type LimitValue, type PeriodLimit, type Route } from './table.js';

export type Level = DoseLevel;
export type Kind = 'SINGLE' | 'RATE' | 'DAILY' | 'WEEKLY';

export interface DoseCheck {
  drug: Drug | null;
  level: Level;
  /** why, for WARNING, UNCHECKED and ERROR */
  reason: string | null;
  record: JsonObject;
  /** the absolute single dose in canonical units, for the run's cumulative totals */
  amount: { dimension: string; value: number } | null;
  kind: Kind | null;
}

export interface DoseRequest {
  drugName: string;
  dose: number;
  unit: string;
  route: string | null;
  weightKg: number | null;
  /** an indication named in the drug's `indications`; null → the lowest limit of all applies (§4.7.3) */
  indication: string | null;
  /** `<module>.<function>` or `administer` for messages */
  label: string;
  /** how the weight is named in an error: `argument 4 'weight_kg'` or `patient field 'weight'` */
  weightName: string;
}

const DAY_MS = 86_400_000;
const MAX_DOSE = 1e12;
const KIND_WORD: Record<Kind, string> = { SINGLE: 'single-dose', RATE: 'rate', DAILY: 'daily', WEEKLY: 'weekly' };

/** Why a conversion needed the weight that was not given: an argument error naming it (§4.3 step 4). */
class WeightNeeded extends Error {}

export function checkDose(ctx: CallContext, request: DoseRequest): DoseCheck {
  try {
    return check(ctx, request);
  } catch (error) {
    if (error instanceof WeightNeeded) {
      throw new ArgumentError(`${request.label}: ${request.weightName} (kg) is required to convert ${request.unit} for ${error.message}`);
    }
    throw error;
  }
}

function check(ctx: CallContext, request: DoseRequest): DoseCheck {
  const { dose, unit, weightKg } = request;
  const parsed = parseDoseUnit(unit);
  if (!parsed.ok && parsed.notAUnit) throw new ArgumentError(`${request.label}: ${parsed.reason}`);
  const drug = findDrug(ctx, request.drugName);
  const record = recorder(ctx, request, drug);
  if (!drug) {
    return { drug: null, level: 'UNKNOWN', reason: null, kind: null, amount: null, record: record('UNKNOWN', 'dose UNKNOWN drug', dose, unit, null, null, null, null, null) };
  }
  const route = resolveRoute(drug, request.route, request.label);
  const indication = resolveIndication(drug, request.indication, request.label);
  const fail = (reason: string, kind: Kind | null): DoseCheck => ({
    drug,
    level: 'ERROR',
    reason,
    kind,
    amount: null,
    record: record('ERROR', `dose ERROR ${reason}`, dose, unit, kind, route, null, null, null),
  });
  if (!parsed.ok) return fail(parsed.reason, null);
  const given = parsed.unit;
  if (!(Number.isFinite(dose) && dose > 0)) return fail(`dose must be greater than 0, got ${String(dose)}`, null);
  // far beyond any real dose in any unit, and small enough that every unit conversion stays a finite number
  if (dose > MAX_DOSE) return fail(`dose ${String(dose)} ${unit} is beyond any real dose (more than ${MAX_DOSE} of its unit)`, null);
  const kind: Kind = given.time === null ? 'SINGLE' : given.time === 'day' ? 'DAILY' : given.time === 'week' ? 'WEEKLY' : 'RATE';
  const block = blockFor(drug, route, kind);
  if (block === 'wrong kind') return fail(wrongKind(drug, route, kind), kind);

  const evaluation = new Evaluation(drug, dose, given, weightKg);
  // The limit of the dose's own kind, then the cumulative limits a single dose adds to (§4.3 step 5, §4.7.1).
  let converted: { value: number; unit: string } | null = null;
  if (block) {
    const c = evaluation.convert(block.unit);
    if (!c.ok) return fail(c.reason, kind);
    converted = { value: c.value, unit: block.unit };
    evaluation.limit(KIND_WORD[kind], candidates(drug, route, indication, kind === 'SINGLE' ? 'max_single' : 'max_rate', block.max), block.unit);
  } else if (kind === 'DAILY' || kind === 'WEEKLY') {
    const field = kind === 'DAILY' ? 'max_daily' : 'max_weekly';
    const limits = periodCandidates(drug, route, indication, field);
    const shown = limits.find((l) => l !== 'none' && l !== null);
    if (shown && typeof shown === 'object') {
      const c = evaluation.convert(shown.unit);
      if (!c.ok) return fail(c.reason, kind);
      converted = { value: c.value, unit: shown.unit };
    }
    evaluation.period(KIND_WORD[kind], limits);
  } else {
    evaluation.missing.push(KIND_WORD[kind]);
  }
  const amount = kind === 'SINGLE' ? absoluteAmount(dose, given, weightKg) : null;
  let daily: number | null = null;
  if (kind === 'SINGLE' || kind === 'RATE') {
    const dailyLimits = periodCandidates(drug, route, indication, 'max_daily');
    if (kind === 'SINGLE') daily = evaluation.cumulative('daily', dailyLimits, earlierAmounts(ctx, drug, DAY_MS), amount);
    else evaluation.known('daily', dailyLimits);
    // A numeric daily limit bounds the week; otherwise the weekly limit must be known (methotrexate).
    const weeklyLimits = periodCandidates(drug, route, indication, 'max_weekly');
    const dailyBoundsWeek = dailyLimits.some((l) => l !== null && l !== 'none');
    if (!dailyBoundsWeek || weeklyLimits.some((l) => l !== null)) {
      if (kind === 'SINGLE') evaluation.cumulative('weekly', weeklyLimits, earlierAmounts(ctx, drug, 7 * DAY_MS), amount);
      else evaluation.known('weekly', weeklyLimits);
    }
  }

  let level: Level = 'OK';
  let reason: string | null = null;
  const usual = block && converted ? usualRangeReason(block, converted.value) : null;
  if (evaluation.exceeded) {
    level = 'ERROR';
    reason = evaluation.exceeded;
  } else if (evaluation.missing.length > 0) {
    level = 'UNCHECKED';
    reason = `no verified ${evaluation.missing[0]} limit for ${drug.name} by ${route}` + (usual ? `; ${usual}` : '');
  } else if (usual) {
    level = 'WARNING';
    reason = usual;
  }
  const message = level === 'OK' ? 'dose OK' : `dose ${level} ${reason}`;
  const limitRecord = block ? { usual_low: block.usual_low, usual_high: block.usual_high, ...evaluation.binding } : evaluation.binding.unit ? { usual_low: null, usual_high: null, ...evaluation.binding } : null;
  return {
    drug,
    level,
    reason,
    kind,
    amount,
    record: record(level, message, dose, unit, kind, route, converted, limitRecord, evaluation.weightUsed ? weightKg : null, daily),
  };
}

type Recorder = (
  level: Level,
  message: string,
  given: number,
  givenUnit: string,
  kind: Kind | null,
  route: string | null,
  converted: { value: number; unit: string } | null,
  limit: JsonObject | null,
  weightUsed: number | null,
  cumulative?: number | null,
) => JsonObject;

function recorder(ctx: CallContext, request: DoseRequest, drug: Drug | undefined): Recorder {
  const table = drug ? tableOf(ctx, drug) : null;
  return (level, message, given, givenUnit, kind, route, converted, limit, weightUsed, cumulative = null) => ({
    type: 'PK_DOSE_CHECK',
    drug: drug?.name ?? request.drugName,
    found: drug !== undefined,
    level,
    message,
    given_dose: given,
    given_unit: givenUnit,
    converted_dose: converted ? significant(converted.value, 6) : given,
    converted_unit: converted ? converted.unit : givenUnit,
    kind,
    route: route ?? request.route,
    indication: request.indication,
    limit,
    weight_used: weightUsed,
    cumulative_in_run: cumulative,
    source: table?.source ?? null,
    table_version: table?.version ?? null,
  });
}

export function resolveRoute(drug: Drug, route: string | null, label: string): Route {
  if (route === null) return drug.default_route;
  const wanted = route.trim().toUpperCase();
  const found = drug.routes.find((r) => r === wanted);
  if (!found) throw new ArgumentError(`${label}: route '${route}' is not a route of ${drug.name}; routes: ${drug.routes.join(', ')}`);
  return found;
}

function resolveIndication(drug: Drug, name: string | null, label: string): IndicationLimits | null {
  if (name === null) return null;
  const found = drug.indications.find((i) => normalizeName(i.name) === normalizeName(name));
  if (found) return found;
  const known = drug.indications.map((i) => `'${i.name}'`).join(', ');
  throw new ArgumentError(`${label}: indication '${name}' is not one of ${drug.name}'s` + (known ? `; indications with their own limits: ${known}` : '; it has no per-indication limits (send null)'));
}

interface Block {
  usual_low: number | null;
  usual_high: number | null;
  max: LimitValue;
  unit: string;
}

/** The route's dosing block for a single dose or a rate; 'wrong kind' when only the other kind exists. */
function blockFor(drug: Drug, route: Route, kind: Kind): Block | null | 'wrong kind' {
  if (kind === 'DAILY' || kind === 'WEEKLY') return null;
  const dosing = drug.dosing[route];
  const bolus = dosing?.bolus;
  const infusion = dosing?.infusion;
  if (kind === 'SINGLE' && bolus) return { usual_low: bolus.usual_low, usual_high: bolus.usual_high, max: bolus.max_single, unit: bolus.unit };
  if (kind === 'RATE' && infusion) return { usual_low: infusion.usual_low, usual_high: infusion.usual_high, max: infusion.max_rate, unit: infusion.unit };
  return bolus || infusion ? 'wrong kind' : null;
}

/** A dose in a kind the route cannot take (a bolus for an infusion-only drug) stays an ERROR (§4.7.1). */
function wrongKind(drug: Drug, route: Route, kind: Kind): string {
  const dosing = drug.dosing[route];
  const has = dosing?.infusion ? `give a rate such as ${dosing.infusion.unit}` : `give a single dose such as ${dosing!.bolus!.unit}`;
  return `${drug.name} has no ${KIND_WORD[kind]} limit by ${route}; ${has}`;
}

const applies = (i: IndicationLimits, route: Route): boolean => i.route === undefined || i.route === route;

/** The limits that bind a dose: the chosen indication's (else the base), or without one every indication's too. */
function candidates(drug: Drug, route: Route, indication: IndicationLimits | null, field: 'max_single' | 'max_rate', base: LimitValue): LimitValue[] {
  if (indication) return [applies(indication, route) && indication[field] !== undefined ? indication[field]! : base];
  const extra = drug.indications.filter((i) => applies(i, route) && i[field] !== undefined).map((i) => i[field]!);
  return base === null && extra.length > 0 ? extra : [base, ...extra];
}

function periodCandidates(drug: Drug, route: Route, indication: IndicationLimits | null, field: 'max_daily' | 'max_weekly'): PeriodLimit[] {
  const base = drug[field] ?? null;
  if (indication) return [applies(indication, route) && indication[field] !== undefined ? indication[field]! : base];
  const extra = drug.indications.filter((i) => applies(i, route) && i[field] !== undefined).map((i) => i[field]!);
  return base === null && extra.length > 0 ? extra : [base, ...extra];
}

/** Collects what the limits say about one dose: the first limit exceeded, the kinds nobody verified. */
class Evaluation {
  exceeded: string | null = null;
  readonly missing: string[] = [];
  weightUsed = false;
  /** the binding limit as the result shows it: {max, unit, cap?} */
  binding: JsonObject = { max: null, unit: null };

  constructor(
    private readonly drug: Drug,
    private readonly dose: number,
    private readonly given: DoseUnit,
    private readonly weightKg: number | null,
  ) {}

  convert(toUnit: string): { ok: true; value: number } | { ok: false; reason: string } {
    const to = parseDoseUnit(toUnit);
    if (!to.ok) throw new Error(`pk table: ${this.drug.name} has an invalid unit ${toUnit}`);
    const c = convertDose(this.dose, this.given, to.unit, this.drug, this.weightKg);
    if (!c.ok) {
      if (c.needsWeight) throw new WeightNeeded(this.drug.name);
      return c;
    }
    if (c.weightUsed) this.weightUsed = true;
    return c;
  }

  /** The dose against single-dose or rate limits (each a number in `blockUnit` or a limit in its own unit). */
  limit(word: string, limits: LimitValue[], blockUnit: string): void {
    if (limits.every((l) => l === null)) {
      this.missing.push(word);
      return;
    }
    for (const limit of limits) {
      if (limit === null || limit === 'none') continue;
      const stated = typeof limit === 'number' ? { value: limit, unit: blockUnit } : limit;
      this.bind(stated.value, stated.unit, typeof limit === 'object' ? limit.cap : undefined);
      this.against(stated.value, stated.unit, 'maximum');
      if (typeof limit === 'object' && limit.cap) this.against(limit.cap.value, limit.cap.unit, 'maximum');
    }
  }

  /** A dose given per day or per week against the limit of that period. */
  period(word: string, limits: PeriodLimit[]): void {
    if (limits.every((l) => l === null)) {
      this.missing.push(word);
      return;
    }
    for (const limit of limits) {
      if (limit === null || limit === 'none') continue;
      this.bind(limit.value, limit.unit);
      this.against(limit.value, limit.unit, 'maximum');
    }
  }

  /** A rate cannot be summed over a day, but its daily or weekly limit must still be known for OK. */
  known(word: string, limits: PeriodLimit[]): void {
    if (limits.every((l) => l === null)) this.missing.push(word);
  }

  /** This run's earlier single doses within the period plus this one, against the period's limits. */
  cumulative(word: 'daily' | 'weekly', limits: PeriodLimit[], earlier: readonly { dimension: string; value: number }[], amount: { dimension: string; value: number } | null): number | null {
    if (limits.every((l) => l === null)) {
      this.missing.push(word);
      return null;
    }
    let shownTotal: number | null = null;
    for (const limit of limits) {
      if (limit === null || limit === 'none') continue;
      if (amount === null) throw new WeightNeeded(this.drug.name);
      const limitUnit = parseDoseUnit(limit.unit);
      if (!limitUnit.ok) throw new Error(`pk table: ${this.drug.name} has an invalid unit ${limit.unit}`);
      const absolute = { ...limitUnit.unit, time: null, perKg: false, text: limitUnit.unit.quantity };
      let max = limit.value;
      if (limitUnit.unit.perKg) {
        if (this.weightKg === null) throw new WeightNeeded(this.drug.name);
        max *= this.weightKg;
        this.weightUsed = true;
      }
      let total = 0;
      for (const dose of [...earlier, amount]) {
        const canonical: DoseUnit = { text: 'canonical', quantity: '', dimension: dose.dimension as DoseUnit['dimension'], factor: 1, perKg: false, time: null };
        const c = convertDose(dose.value, canonical, absolute, this.drug, null);
        if (!c.ok) {
          this.exceeded ??= `cannot add ${this.given.text} to the ${word} limit in ${limit.unit}`;
          return null;
        }
        total += c.value;
      }
      shownTotal = significant(total, 6);
      if (above(total, max) && !this.exceeded) {
        const period = word === 'daily' ? 'the daily' : 'the weekly';
        const window = word === 'daily' ? 'in this run' : 'in this run (7 days)';
        this.exceeded = `${String(shownTotal)} ${absolute.text} ${window} exceeds ${period} maximum ${String(limit.value)} ${limit.unit}`;
      }
    }
    return shownTotal;
  }

  private against(max: number, unit: string, word: string): void {
    if (this.exceeded) return;
    const c = this.convert(unit);
    if (!c.ok) {
      this.exceeded = c.reason;
      return;
    }
    if (above(c.value, max)) this.exceeded = `${String(this.dose)} ${this.given.text} exceeds ${word} ${String(max)} ${unit}`;
  }

  private bind(max: number, unit: string, cap?: { value: number; unit: string }): void {
    if (this.binding.max !== null) return;
    this.binding = cap ? { max, unit, cap: { value: cap.value, unit: cap.unit } } : { max, unit };
  }
}

function usualRangeReason(block: Block, converted: number): string | null {
  const range = `${block.usual_low === null ? '' : String(block.usual_low)}-${block.usual_high === null ? '' : String(block.usual_high)} ${block.unit}`;
  if (block.usual_high !== null && above(converted, block.usual_high)) return `above usual range ${range}`;
  if (block.usual_low !== null && below(converted, block.usual_low)) return `below usual range ${range}`;
  return null;
}

/** A single dose as an absolute canonical amount (mg, mL, units, mEq, mmol); null when it needs an absent weight. */
function absoluteAmount(dose: number, unit: DoseUnit, weightKg: number | null): { dimension: string; value: number } | null {
  if (unit.perKg && weightKg === null) return null;
  return { dimension: unit.dimension, value: dose * unit.factor * (unit.perKg ? weightKg! : 1) };
}

/** Earlier single doses of the drug in this run given within `windowMs` before now (the run's clock). */
function earlierAmounts(ctx: CallContext, drug: Drug, windowMs: number): { dimension: string; value: number }[] {
  const now = ctx.now().getTime();
  return administered(ctx)
    .filter((d) => d.drug === drug.name && d.amount !== null && now - d.at < windowMs)
    .map((d) => d.amount!);
}

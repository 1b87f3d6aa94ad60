// The dose check of modules.md §4.3 with the safety semantics of §4.7, shared by validate_dose,
// calculate_dose, administer and the `administer` statement. It reads the run's earlier doses for the
// daily and weekly limits but records nothing. `OK` needs every applicable limit known and held; a
// limit nobody verified (null) makes the answer `UNCHECKED`, never `OK`.
import { normalizeName } from '../../../util/names.js';
import { roundSignificant as significant } from '../../../util/round.js';
import { above, below } from '../util/threshold.js';
import { ArgumentError, type CallContext, type DoseLevel, type JsonObject } from '../types.js';
import { convertDose, parseDoseUnit, type DoseUnit } from './dose-units.js';
import { factsRecord, type PatientFacts } from './patient.js';
import { bodySurface, surfaceMissing, type BodySurface } from './surface.js';
import { patientRules, RULE_RANK, type RuleResult } from './patient-rules.js';
import { rangeText, TENFOLD, usualRangeReason, type Range } from './usual-range.js';
import { administered, findDrug, tableOf, type Drug, type IndicationLimits, type LimitValue, type LoadingDose, type PeriodLimit, type Route, type UsualRange } from './table.js';

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
  /** checked as the drug's loading dose */
  loading?: boolean;
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
  /** hours between doses of a repeated regimen (`every:`, `every_h`); null or absent → one dose */
  everyHours?: number | null;
  /** height in cm, with the weight for the body surface area of per-m² doses; null or absent → unknown */
  heightCm?: number | null;
  /** the patient's values (a `patient` argument or the run's patient); null or absent → no patient rules */
  patient?: PatientFacts | null;
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
  const every = request.everyHours ?? null;
  const parsed = parseDoseUnit(unit);
  if (!parsed.ok && parsed.notAUnit) throw new ArgumentError(`${request.label}: ${parsed.reason}`);
  if (every !== null && !(Number.isFinite(every) && every > 0)) throw new ArgumentError(`${request.label}: the interval between doses must be greater than 0 h, got ${String(every)}`);
  const drug = findDrug(ctx, request.drugName);
  const surface = bodySurface(weightKg, request.heightCm ?? null);
  const bsa = 'm2' in surface ? surface.m2 : null;
  const record = recorder(ctx, request, drug, surface);
  if (!drug) {
    return { drug: null, level: 'UNKNOWN', reason: null, kind: null, amount: null, record: record('UNKNOWN', 'dose UNKNOWN drug', dose, unit, null, null, null, null, null) };
  }
  const givenKind = parsed.ok ? kindOf(parsed.unit) : null;
  const route = resolveRoute(drug, request.route, request.label, givenKind);
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
  const kind = kindOf(given);
  // a dose per m² means nothing without the body surface: UNCHECKED, naming what is missing, never OK
  if (given.perM2 && 'needs' in surface) {
    const reason = `${String(dose)} ${given.text} ${surfaceMissing(surface.needs)}`;
    return { drug, level: 'UNCHECKED', reason, kind, amount: null, record: record('UNCHECKED', `dose UNCHECKED ${reason}`, dose, unit, kind, route, null, null, null) };
  }
  if (!(Number.isFinite(dose) && dose > 0)) return fail(`dose must be greater than 0, got ${String(dose)}`, null);
  // far beyond any real dose in any unit, and small enough that every unit conversion stays a finite number
  if (dose > MAX_DOSE) return fail(`dose ${String(dose)} ${unit} is beyond any real dose (more than ${MAX_DOSE} of its unit)`, null);
  // a dose given as a regimen (every) is maintenance, never the load
  const load = kind === 'SINGLE' && every === null ? loadingDose(ctx, drug, route, dose, given, weightKg, bsa) : null;
  const block = load ? loadBlock(load) : blockFor(drug, route, kind);
  if (block === 'wrong kind') return fail(wrongKind(drug, route, kind), kind);

  const evaluation = new Evaluation(drug, dose, given, weightKg, bsa);
  const amount = kind === 'SINGLE' ? absoluteAmount(dose, given, weightKg, bsa) : null;
  // The usual range of the dose's kind, and the label's usual daily total: where the table has no maximum,
  // ten times the top of the usual range is the hard limit (issue 22 rule 2).
  const range = block ? usualRangeFor(block, route, indication, kind, weightKg, bsa, load !== null) : null;
  // a per-m² usual range without the body surface cannot be checked: the answer names the missing value
  const surfaceNeeds = block && block.byBsa && range !== block.byBsa && 'needs' in surface ? `the usual range ${rangeText(block.byBsa)} ${surfaceMissing(surface.needs)}` : null;
  const inRange = range ? evaluation.tryConvert(range.unit) : null;
  const dayTotal = dailyTotal(ctx, drug, kind, dose, given, amount, every);
  const daily = drug.usual_daily ? evaluation.usualDaily(drug.usual_daily, dayTotal) : null;
  const guarded = (range !== null && range.high !== null && inRange !== null) || daily?.guarded === true;

  // The limit of the dose's own kind, then the cumulative limits a single dose adds to (§4.3 step 5, §4.7.1).
  let converted: { value: number; unit: string } | null = null;
  if (block) {
    const c = evaluation.convert(block.unit);
    if (!c.ok) return fail(c.reason, kind);
    converted = { value: c.value, unit: block.unit };
    evaluation.limit(KIND_WORD[kind], load ? [load.max_single] : candidates(drug, route, indication, kind === 'SINGLE' ? 'max_single' : 'max_rate', block.max), block.unit, guarded, load ? 'loading maximum' : 'maximum');
  } else if (kind === 'DAILY' || kind === 'WEEKLY') {
    const field = kind === 'DAILY' ? 'max_daily' : 'max_weekly';
    const limits = periodCandidates(drug, route, indication, field);
    const shown = limits.find((l) => l !== 'none' && l !== null);
    if (shown && typeof shown === 'object') {
      const c = evaluation.convert(shown.unit);
      if (!c.ok) return fail(c.reason, kind);
      converted = { value: c.value, unit: shown.unit };
    }
    evaluation.period(KIND_WORD[kind], limits, guarded);
    // a dose per day meets the weekly limits as seven days of it (issue 22 rule 4)
    if (kind === 'DAILY') evaluation.period('weekly', periodCandidates(drug, route, indication, 'max_weekly'), true);
  } else {
    evaluation.missing.push(KIND_WORD[kind]);
  }
  let cumulative: number | null = null;
  if (kind === 'SINGLE' || kind === 'RATE') {
    const dailyLimits = periodCandidates(drug, route, indication, 'max_daily');
    const perDay = every === null ? 1 : Math.ceil(24 / every - 1e-9);
    const perWeek = every === null ? 1 : Math.ceil(168 / every - 1e-9);
    if (kind === 'SINGLE') cumulative = evaluation.cumulative('daily', dailyLimits, earlierAmounts(ctx, drug, DAY_MS), amount, perDay, every, guarded);
    else evaluation.known('daily', dailyLimits, guarded);
    // A numeric daily limit bounds the week; otherwise the weekly limit must be known (methotrexate).
    const weeklyLimits = periodCandidates(drug, route, indication, 'max_weekly');
    const dailyBoundsWeek = dailyLimits.some((l) => l !== null && l !== 'none');
    if (!dailyBoundsWeek || weeklyLimits.some((l) => l !== null)) {
      if (kind === 'SINGLE') evaluation.cumulative('weekly', weeklyLimits, earlierAmounts(ctx, drug, 7 * DAY_MS), amount, perWeek, every, guarded);
      else evaluation.known('weekly', weeklyLimits, guarded);
    }
  }
  if (range && range.high !== null && inRange !== null && !below(inRange, TENFOLD * range.high)) {
    // a dose in another unit (mg against mg/m² or mg/kg) also shows what it comes to in the range's unit
    const shown = range.unit === given.text ? '' : ` (${String(significant(inRange, 6))} ${range.unit})`;
    evaluation.fail(`${String(dose)} ${given.text}${shown} is ten times or more the top of the usual range ${rangeText(range)} (a tenfold error)`);
  }
  if (daily?.tenfold) evaluation.fail(daily.tenfold);

  let level: Level = 'OK';
  let reason: string | null = null;
  const usual = [range && inRange !== null ? usualRangeReason(range, inRange, load !== null) : null, daily?.usual ?? null].filter((r): r is string => r !== null).join('; ') || null;
  const lacksSurface = [surfaceNeeds, evaluation.surfaceNeeds(surface)].filter((r): r is string => r !== null).join('; ') || null;
  if (evaluation.exceeded) {
    level = 'ERROR';
    reason = evaluation.exceeded;
  } else if (lacksSurface) {
    level = 'UNCHECKED';
    reason = lacksSurface + (usual ? `; ${usual}` : '');
  } else if (evaluation.missing.length > 0) {
    level = 'UNCHECKED';
    reason = `no verified ${evaluation.missing[0]} limit for ${drug.name} by ${route}` + (usual ? `; ${usual}` : '') + (daily?.needs ? `; ${daily.needs}` : '');
  } else if (usual) {
    level = 'WARNING';
    reason = usual;
  }
  // issue 22 rule 3: each patient rule answers for itself and can only raise the level
  let patientUsed: JsonObject | null = null;
  let rules: RuleResult[] = [];
  if (request.patient) {
    const view = {
      drug,
      indication: indication?.name ?? null,
      every,
      inRange,
      rangeHigh: range?.high ?? null,
      rangeUnit: range?.unit ?? null,
      doseIn: (u: string) => evaluation.tryConvert(u),
      dayIn: (u: string) => evaluation.dayIn(dayTotal, u),
    };
    const out = patientRules(ctx, request.patient, view);
    patientUsed = { ...factsRecord(request.patient), ...out.used };
    rules = out.rules;
    const findings = rules.filter((r) => r.level !== 'OK').sort((a, b) => RULE_RANK[b.level] - RULE_RANK[a.level]);
    const worst = findings[0];
    if (worst && RULE_RANK[worst.level] > RULE_RANK[level as keyof typeof RULE_RANK]) {
      level = worst.level;
      const named = level === 'ERROR' ? findings.filter((r) => r.level === 'ERROR') : findings;
      reason = [...named.map((r) => r.reason), reason].filter((r): r is string => r !== null).join('; ');
    } else if (findings.length > 0 && level !== 'ERROR') {
      // an ERROR's message names what stops the dose; every rule is still listed in `rules`
      reason = [reason, ...findings.map((r) => r.reason)].filter((r): r is string => r !== null).join('; ');
    }
  }
  const message = level === 'OK' ? 'dose OK' : `dose ${level} ${reason}`;
  const usualRecord: JsonObject = range ? { usual_low: range.low, usual_high: range.high, usual_unit: range.unit, tenfold_at: range.high === null ? null : significant(TENFOLD * range.high, 6) } : { usual_low: null, usual_high: null };
  const limitRecord = block || evaluation.binding.unit ? { ...usualRecord, ...evaluation.binding } : null;
  return {
    drug,
    level,
    reason,
    kind,
    amount,
    loading: load !== null,
    record: {
      ...record(level, message, dose, unit, kind, route, converted, limitRecord, evaluation.weightUsed ? weightKg : null, cumulative, load !== null, evaluation.bsaUsed),
      patient_used: patientUsed,
      rules: rules.map((r) => ({ rule: r.rule, level: r.level, reason: r.reason, source: r.source })),
    },
  };
}

function kindOf(unit: DoseUnit): Kind {
  return unit.time === null ? 'SINGLE' : unit.time === 'day' ? 'DAILY' : unit.time === 'week' ? 'WEEKLY' : 'RATE';
}

/** The first dose of a drug with a defined load, at or above the load's lower bound, is checked as the load. */
function loadingDose(ctx: CallContext, drug: Drug, route: Route, dose: number, given: DoseUnit, weightKg: number | null, bsa: number | null): LoadingDose | null {
  const load = drug.loading;
  if (!load || load.route !== route || load.usual_low === null) return null;
  if (administered(ctx).some((d) => d.drug === drug.name)) return null;
  const to = parseDoseUnit(load.unit);
  if (!to.ok) return null;
  const c = convertDose(dose, given, to.unit, drug, weightKg, bsa);
  return c.ok && !below(c.value, load.usual_low) ? load : null;
}

function loadBlock(load: LoadingDose): Block {
  return { usual_low: load.usual_low, usual_high: load.usual_high, max: load.max_single, unit: load.unit, byWeight: undefined, byBsa: undefined };
}

/**
 * The usual range that applies: the named indication's, else the per-m² one when the body surface is known,
 * else the per-kg one when the weight is known, else the route's.
 */
function usualRangeFor(block: Block, route: Route, indication: IndicationLimits | null, kind: Kind, weightKg: number | null, bsa: number | null, load: boolean): Range | null {
  if (load) return { low: block.usual_low, high: block.usual_high, unit: block.unit };
  const own = indication && applies(indication, route) ? indication.usual : undefined;
  if (own) {
    const u = parseDoseUnit(own.unit);
    if (u.ok && (kindOf(u.unit) === 'SINGLE') === (kind === 'SINGLE')) return own;
  }
  if (block.byBsa && bsa !== null) return block.byBsa;
  if (block.byWeight && weightKg !== null) return block.byWeight;
  if (block.usual_low === null && block.usual_high === null) return null;
  return { low: block.usual_low, high: block.usual_high, unit: block.unit };
}

/** The day's total of a single dose (its regimen, or the run's doses in 24 h, whichever is more) or a daily dose. */
function dailyTotal(ctx: CallContext, drug: Drug, kind: Kind, dose: number, given: DoseUnit, amount: { dimension: string; value: number } | null, every: number | null): { dimension: string; value: number; perKg: boolean } | null {
  if (kind === 'DAILY') return { dimension: given.dimension, value: dose * given.factor, perKg: given.perKg };
  if (kind !== 'SINGLE' || amount === null) return null;
  const earlier = earlierAmounts(ctx, drug, DAY_MS).reduce((sum, d) => (d.dimension === amount.dimension ? sum + d.value : sum), 0);
  const perDay = every === null ? 1 : Math.ceil(24 / every - 1e-9);
  return { dimension: amount.dimension, value: Math.max(earlier + amount.value, amount.value * perDay), perKg: false };
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
  loading?: boolean,
  bsaUsed?: boolean,
) => JsonObject;

function recorder(ctx: CallContext, request: DoseRequest, drug: Drug | undefined, surface: BodySurface): Recorder {
  const table = drug ? tableOf(ctx, drug) : null;
  return (level, message, given, givenUnit, kind, route, converted, limit, weightUsed, cumulative = null, loading = false, bsaUsed = false) => ({
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
    bsa_used: bsaUsed && 'm2' in surface ? { m2: surface.shown, height_cm: surface.heightCm, weight_kg: surface.weightKg, formula: surface.formula } : null,
    cumulative_in_run: cumulative,
    every_h: request.everyHours ?? null,
    loading,
    patient_used: null,
    rules: [],
    source: table?.source ?? null,
    table_version: table?.version ?? null,
  });
}

export function resolveRoute(drug: Drug, route: string | null, label: string, kind: Kind | null = null): Route {
  // a rate means an infusion: without a route it takes the drug's infusion route, never a bolus-only default
  if (route === null && kind === 'RATE' && !drug.dosing[drug.default_route]?.infusion) {
    return drug.routes.find((r) => drug.dosing[r]?.infusion) ?? drug.default_route;
  }
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
  byWeight: UsualRange | undefined;
  byBsa: UsualRange | undefined;
}

/** The route's dosing block for a single dose or a rate; 'wrong kind' when only the other kind exists. */
function blockFor(drug: Drug, route: Route, kind: Kind): Block | null | 'wrong kind' {
  if (kind === 'DAILY' || kind === 'WEEKLY') return null;
  const dosing = drug.dosing[route];
  const bolus = dosing?.bolus;
  const infusion = dosing?.infusion;
  if (kind === 'SINGLE' && bolus) return { usual_low: bolus.usual_low, usual_high: bolus.usual_high, max: bolus.max_single, unit: bolus.unit, byWeight: bolus.usual_by_weight, byBsa: bolus.usual_by_bsa };
  if (kind === 'RATE' && infusion) return { usual_low: infusion.usual_low, usual_high: infusion.usual_high, max: infusion.max_rate, unit: infusion.unit, byWeight: infusion.usual_by_weight, byBsa: infusion.usual_by_bsa };
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
  bsaUsed = false;
  /** per-m² limits that could not be held without the body surface area */
  private readonly surfaceLimits: string[] = [];
  /** the binding limit as the result shows it: {max, unit, cap?} */
  binding: JsonObject = { max: null, unit: null };

  constructor(
    private readonly drug: Drug,
    private readonly dose: number,
    private readonly given: DoseUnit,
    private readonly weightKg: number | null,
    private readonly bsa: number | null,
  ) {}

  /** Why per-m² limits were not held (the body surface was unknown), or null. */
  surfaceNeeds(surface: BodySurface): string | null {
    if (this.surfaceLimits.length === 0 || !('needs' in surface)) return null;
    return `the ${this.surfaceLimits.join(', ')} ${surfaceMissing(surface.needs)}`;
  }

  private used(c: { weightUsed: boolean; bsaUsed: boolean }): void {
    if (c.weightUsed) this.weightUsed = true;
    if (c.bsaUsed) this.bsaUsed = true;
  }

  /** The dose in `toUnit`, or null when it cannot be converted (no weight for a per-kg unit, another dimension). */
  tryConvert(toUnit: string): number | null {
    const to = parseDoseUnit(toUnit);
    if (!to.ok) throw new Error(`pk table: ${this.drug.name} has an invalid unit ${toUnit}`);
    const c = convertDose(this.dose, this.given, to.unit, this.drug, this.weightKg, this.bsa);
    if (!c.ok) return null;
    this.used(c);
    return c.value;
  }

  /** The day's total (absolute, canonical units) in a per-day `unit`, null when it cannot be converted. */
  dayIn(total: { dimension: string; value: number; perKg: boolean } | null, unit: string): number | null {
    if (total === null) return null;
    const to = parseDoseUnit(unit);
    if (!to.ok) return null;
    const canonical: DoseUnit = { text: 'canonical', quantity: '', dimension: total.dimension as DoseUnit['dimension'], factor: 1, perKg: total.perKg, perM2: false, time: to.unit.time };
    const c = convertDose(total.value, canonical, to.unit, this.drug, this.weightKg, this.bsa);
    return c.ok ? c.value : null;
  }

  /** A finding that makes the dose an ERROR, unless an earlier one already does. */
  fail(reason: string): void {
    this.exceeded ??= reason;
  }

  /**
   * The day's total against the label's usual daily range: ten times its top is an ERROR, above it a
   * WARNING; a per-kg range without a weight cannot be checked (and says what it needs).
   */
  usualDaily(range: UsualRange, total: { dimension: string; value: number; perKg: boolean } | null): { guarded: boolean; tenfold: string | null; usual: string | null; needs: string | null } {
    const none = { guarded: false, tenfold: null, usual: null, needs: null };
    if (total === null || range.high === null) return none;
    const to = parseDoseUnit(range.unit);
    if (!to.ok) throw new Error(`pk table: ${this.drug.name} has an invalid unit ${range.unit}`);
    const canonical: DoseUnit = { text: 'canonical', quantity: '', dimension: total.dimension as DoseUnit['dimension'], factor: 1, perKg: total.perKg, perM2: false, time: to.unit.time };
    const c = convertDose(total.value, canonical, to.unit, this.drug, this.weightKg, this.bsa);
    if (!c.ok) return c.needsWeight ? { ...none, needs: `the usual daily range ${rangeText(range)} needs the weight` } : c.needsBsa ? { ...none, needs: `the usual daily range ${rangeText(range)} needs the body surface area (height and weight)` } : none;
    this.used(c);
    const shown = `${String(significant(c.value, 6))} ${range.unit}`;
    if (!below(c.value, TENFOLD * range.high)) return { guarded: true, tenfold: `${shown} is ten times or more the top of the usual daily range ${rangeText(range)} (a tenfold error)`, usual: null, needs: null };
    return { guarded: true, tenfold: null, usual: above(c.value, range.high) ? `${shown} is above the usual daily range ${rangeText(range)}` : null, needs: null };
  }

  convert(toUnit: string): { ok: true; value: number } | { ok: false; reason: string; needsBsa?: boolean } {
    const to = parseDoseUnit(toUnit);
    if (!to.ok) throw new Error(`pk table: ${this.drug.name} has an invalid unit ${toUnit}`);
    const c = convertDose(this.dose, this.given, to.unit, this.drug, this.weightKg, this.bsa);
    if (!c.ok) {
      if (c.needsWeight) throw new WeightNeeded(this.drug.name);
      return c;
    }
    this.used(c);
    return c;
  }

  /** The dose against single-dose or rate limits (each a number in `blockUnit` or a limit in its own unit). */
  limit(word: string, limits: LimitValue[], blockUnit: string, guarded: boolean, maximum: string): void {
    if (limits.every((l) => l === null)) {
      if (!guarded) this.missing.push(word);
      return;
    }
    for (const limit of limits) {
      if (limit === null || limit === 'none') continue;
      const stated = typeof limit === 'number' ? { value: limit, unit: blockUnit } : limit;
      this.bind(stated.value, stated.unit, typeof limit === 'object' ? limit.cap : undefined);
      this.against(stated.value, stated.unit, maximum);
      if (typeof limit === 'object' && limit.cap) this.against(limit.cap.value, limit.cap.unit, maximum);
    }
  }

  /** A dose given per day or per week against the limit of that period. */
  period(word: string, limits: PeriodLimit[], guarded: boolean): void {
    if (limits.every((l) => l === null)) {
      if (!guarded) this.missing.push(word);
      return;
    }
    for (const limit of limits) {
      if (limit === null || limit === 'none') continue;
      this.bind(limit.value, limit.unit);
      this.against(limit.value, limit.unit, `${word} maximum`);
    }
  }

  /** A rate cannot be summed over a day, but its daily or weekly limit must still be known for OK. */
  known(word: string, limits: PeriodLimit[], guarded: boolean): void {
    if (!guarded && limits.every((l) => l === null)) this.missing.push(word);
  }

  /** This run's earlier single doses within the period plus this one, against the period's limits. */
  /**
   * This run's earlier single doses within the period plus this one, or this dose repeated `repeats` times
   * over the period (a regimen given `every` hours), whichever is more, against the period's limits.
   */
  cumulative(word: 'daily' | 'weekly', limits: PeriodLimit[], earlier: readonly { dimension: string; value: number }[], amount: { dimension: string; value: number } | null, repeats: number, every: number | null, guarded: boolean): number | null {
    if (limits.every((l) => l === null)) {
      if (!guarded) this.missing.push(word);
      return null;
    }
    let shownTotal: number | null = null;
    for (const limit of limits) {
      if (limit === null || limit === 'none') continue;
      if (amount === null) throw new WeightNeeded(this.drug.name);
      const limitUnit = parseDoseUnit(limit.unit);
      if (!limitUnit.ok) throw new Error(`pk table: ${this.drug.name} has an invalid unit ${limit.unit}`);
      const absolute = { ...limitUnit.unit, time: null, perKg: false, perM2: false, text: limitUnit.unit.quantity };
      let max = limit.value;
      if (limitUnit.unit.perKg) {
        if (this.weightKg === null) throw new WeightNeeded(this.drug.name);
        max *= this.weightKg;
        this.weightUsed = true;
      }
      if (limitUnit.unit.perM2) {
        if (this.bsa === null) {
          this.surfaceLimits.push(`${word} maximum ${String(limit.value)} ${limit.unit}`);
          continue;
        }
        max *= this.bsa;
        this.bsaUsed = true;
      }
      let total = 0;
      let thisDose = 0;
      for (const [i, dose] of [...earlier, amount].entries()) {
        const canonical: DoseUnit = { text: 'canonical', quantity: '', dimension: dose.dimension as DoseUnit['dimension'], factor: 1, perKg: false, perM2: false, time: null };
        const c = convertDose(dose.value, canonical, absolute, this.drug, null);
        if (!c.ok) {
          this.exceeded ??= `cannot add ${this.given.text} to the ${word} limit in ${limit.unit}`;
          return null;
        }
        total += c.value;
        if (i === earlier.length) thisDose = c.value;
      }
      const regimen = every !== null && thisDose * repeats > total;
      if (regimen) total = thisDose * repeats;
      shownTotal = significant(total, 6);
      if (above(total, max) && !this.exceeded) {
        const period = word === 'daily' ? 'the daily' : 'the weekly';
        const window = regimen ? `${word === 'daily' ? 'a day' : 'a week'} (${String(this.dose)} ${this.given.text} every ${String(every)} h)` : word === 'daily' ? 'in this run' : 'in this run (7 days)';
        this.exceeded = `${String(shownTotal)} ${absolute.text} ${window} exceeds ${period} maximum ${String(limit.value)} ${limit.unit}`;
      }
    }
    return shownTotal;
  }

  private against(max: number, unit: string, word: string): void {
    if (this.exceeded) return;
    const c = this.convert(unit);
    if (!c.ok && c.needsBsa) {
      // a per-m² maximum without the body surface is not held; an absolute cap beside it still is
      this.surfaceLimits.push(`${word} ${String(max)} ${unit}`);
      return;
    }
    if (!c.ok) {
      this.exceeded = c.reason;
      return;
    }
    if (!above(c.value, max)) return;
    // a dose per day against a weekly limit shows what it comes to in the limit's unit
    const to = parseDoseUnit(unit);
    const shown = to.ok && (to.unit.time !== this.given.time || to.unit.perKg !== this.given.perKg || to.unit.perM2 !== this.given.perM2) ? ` (${String(significant(c.value, 6))} ${unit})` : '';
    this.exceeded = `${String(this.dose)} ${this.given.text}${shown} exceeds ${word} ${String(max)} ${unit}`;
  }

  private bind(max: number, unit: string, cap?: { value: number; unit: string }): void {
    if (this.binding.max !== null) return;
    this.binding = cap ? { max, unit, cap: { value: cap.value, unit: cap.unit } } : { max, unit };
  }
}

/** A single dose as an absolute canonical amount (mg, mL, units, mEq, mmol); null when it needs an absent weight or body surface. */
function absoluteAmount(dose: number, unit: DoseUnit, weightKg: number | null, bsa: number | null): { dimension: string; value: number } | null {
  if ((unit.perKg && weightKg === null) || (unit.perM2 && bsa === null)) return null;
  return { dimension: unit.dimension, value: dose * unit.factor * (unit.perKg ? weightKg! : 1) * (unit.perM2 ? bsa! : 1) };
}

/** Earlier single doses of the drug in this run given within `windowMs` before now (the run's clock). */
function earlierAmounts(ctx: CallContext, drug: Drug, windowMs: number): { dimension: string; value: number }[] {
  const now = ctx.now().getTime();
  return administered(ctx)
    .filter((d) => d.drug === drug.name && d.amount !== null && !d.loading && now - d.at < windowMs)
    .map((d) => d.amount!);
}

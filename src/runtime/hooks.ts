// The statements that reach the library (modules.md §22): administer, track and assess.
import type { Span } from '../diagnostic.js';
import { pyRound } from '../util/round.js';
import { RuntimeError } from './errors.js';
import { callLibraryJson, LibraryFault } from './library-call.js';
import { patientAsJson } from './library-arguments.js';
import type { RunLog } from './log.js';
import { registry } from './modules/index.js';
import { observe } from './modules/kae/index.js';
import { kdigoCriteriaAvailable } from './modules/scores/index.js';
import { ArgumentError, type AdministerOutcome, type AdministerRequest, type CallContext, type JsonObject, type JsonValue } from './modules/types.js';
import { atLeast } from './modules/util/threshold.js';
import { isNum, toNumber } from './numbers.js';
import { formatNumber, formatQuantity, isRecord, kindOf, Quantity, toJson, type Value } from './values.js';

/** §22.1: dose, interaction and timing checks from pk; without pk every drug is unknown. */
export function administer(ctx: CallContext, log: RunLog, at: Span, request: AdministerRequest): void {
  const { drug, dose, unit, route, everyHours, indication } = request;
  // `administer Vancomycin 1250 mg IV every 12 h`: the statement's clauses as written
  const shown = `administer ${drug} ${formatNumber(dose)} ${unit}${route ? ` ${route}` : ''}${everyHours !== null ? ` every ${formatNumber(everyHours)} h` : ''}`;
  let outcome: AdministerOutcome;
  try {
    outcome = registry.hooks.administer
      ? registry.hooks.administer(ctx, request)
      : { level: 'UNKNOWN', reason: null, data: { drug, dose, unit, level: 'UNKNOWN', moiss_class: 'UNKNOWN' } };
  } catch (error) {
    if (error instanceof ArgumentError) throw new RuntimeError(error.message, at);
    throw new RuntimeError(`the dose check of ${drug} failed (an internal error of the library); please report it`, at, error);
  }
  const suffix =
    outcome.level === 'OK'
      ? 'dose OK'
      : outcome.level === 'UNKNOWN'
        ? `dose UNKNOWN drug${outcome.reason ? `; ${outcome.reason}` : ''}`
        : `dose ${outcome.level} ${outcome.reason ?? ''}`.trimEnd();
  const clauses: JsonObject = { route: route ?? outcome.data.route ?? null, every_hours: everyHours, indication };
  log.add(at.line, 'administer', `${shown}: ${suffix}`, { ...outcome.data, ...clauses });
  if (outcome.level === 'ERROR') throw new RuntimeError(`${shown}: ${suffix}`, at);
}

/** §22.2: log the value; with KAE feed the run's filter for this path and log its estimate and trend. */
export function track(ctx: CallContext, log: RunLog, at: Span, path: string, value: Value, useKae: boolean): void {
  if (!useKae) {
    // a quantity's number and unit travel as separate facts, so the data stays numeric
    const facts: JsonObject = value instanceof Quantity ? { path, value: toNumber(value.value), unit: value.unit.text } : { path, value: toJson(value) };
    log.add(at.line, 'track', `track ${path} = ${renderValue(value)}`, facts);
    return;
  }
  const measurement = value instanceof Quantity ? toNumber(value.value) : isNum(value) ? toNumber(value) : value;
  if (typeof measurement !== 'number' || !Number.isFinite(measurement)) {
    throw new RuntimeError(`track ${path} using KAE needs a number, but ${path} is ${kindOf(value)}`, at);
  }
  const state = observe(ctx, path, measurement);
  const pos = state.pos as number;
  const vel = state.vel as number;
  log.add(
    at.line,
    'track',
    `track ${path} = ${formatNumber(measurement)} (KAE estimate ${formatNumber(pyRound(pos, 2))}, trend ${formatNumber(pyRound(vel, 4))}/min)`,
    { path, value: measurement, pos, vel, var_pos: state.var_pos!, var_vel: state.var_vel! },
  );
}

function renderValue(v: Value): string {
  if (isNum(v)) return formatNumber(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (v instanceof Quantity) return formatQuantity(v);
  return JSON.stringify(toJson(v));
}

function invokeScore(ctx: CallContext, at: Span, name: string, args: JsonValue[]): JsonObject {
  const fn = registry.resolve('scores', name);
  if (!fn) throw new RuntimeError(`assess needs scores.${name}, which this installation does not provide`, at);
  try {
    return callLibraryJson(registry, fn, args, ctx) as JsonObject;
  } catch (error) {
    if (error instanceof ArgumentError) throw new RuntimeError(error.message, at);
    if (error instanceof LibraryFault) throw new RuntimeError(error.message, at, error.fault);
    throw error;
  }
}

const SEPSIS_RISK = ['LOW', 'MODERATE', 'HIGH'];

/** §22.3: `assess p for sepsis | shock | aki`. */
export function assess(ctx: CallContext, log: RunLog, at: Span, path: string, target: Value, condition: string): void {
  if (!isRecord(target)) throw new RuntimeError(`assess needs a patient record, but ${path} is ${kindOf(target)}`, at);
  const patient = patientAsJson(target);
  const prefix = `assess ${path} for ${condition}`;
  switch (condition) {
    case 'sepsis': {
      const result = invokeScore(ctx, at, 'qsofa', [patient, true]);
      const score = result.score as number;
      const risk = SEPSIS_RISK[Math.min(score, 2)]!;
      log.add(at.line, 'assess', `${prefix}: qSOFA ${score}, risk ${risk}`, { condition, score, components: result.components!, risk });
      return;
    }
    case 'shock': {
      const hr = patient.hr;
      const bp = patient.bp ?? patient.sbp;
      if (typeof hr !== 'number' || typeof bp !== 'number' || bp <= 0) {
        throw new RuntimeError(`${prefix} needs numeric hr and bp (systolic, above 0) in ${path}`, at);
      }
      // shock index = HR / SBP (Allgöwer & Burri 1967); ≥ 1.0 HIGH (Koch et al. 2019), < 0.7 normal (Rady et al. 1994)
      const index = hr / bp;
      const risk = atLeast(index, 1) ? 'HIGH' : atLeast(index, 0.7) ? 'ELEVATED' : 'NORMAL';
      log.add(at.line, 'assess', `${prefix}: shock index ${formatNumber(pyRound(index, 2))}, risk ${risk}`, { condition, shock_index: index, risk });
      return;
    }
    case 'aki': {
      const available = kdigoCriteriaAvailable(patient);
      if (!available.creatinine && !available.urineOutput && !available.rrt) {
        const missing = ['creatinine', 'baseline_creatinine', 'urine_output_ml_kg_hr', 'urine_output_hours'].filter((f) => patient[f] === undefined);
        log.add(
          at.line,
          'assess',
          `${prefix}: not assessable (send creatinine and baseline_creatinine, or urine_output_ml_kg_hr and urine_output_hours)`,
          { condition, stage: null, assessable: false, missing },
        );
        return;
      }
      const result = invokeScore(ctx, at, 'kdigo_aki', [patient]);
      const stage = result.stage as number;
      const details: string[] = [];
      if (available.creatinine) {
        const ratio = (patient.creatinine as number) / (patient.baseline_creatinine as number);
        details.push(
          `creatinine ${formatNumber(patient.creatinine as number)} / baseline ${formatNumber(patient.baseline_creatinine as number)} = ${formatNumber(pyRound(ratio, 2))}x`,
        );
      }
      if (available.urineOutput) {
        details.push(`urine output ${formatNumber(patient.urine_output_ml_kg_hr as number)} mL/kg/h over ${formatNumber(patient.urine_output_hours as number)} h`);
      }
      if (available.rrt) details.push('on renal replacement therapy');
      log.add(at.line, 'assess', `${prefix}: KDIGO stage ${stage} (${details.join('; ')})`, { condition, stage, assessable: true, missing: [] });
      return;
    }
    default:
      throw new RuntimeError(`unknown assessment '${condition}'`, at);
  }
}

// Library fuzzer: every registered function, under every callable name (aliases included), called with
// values drawn from its declared parameter schemas and their edges. Invariants (modules.md §1.2, §1.3):
// the call answers a result or an argument error, never an internal error; results hold finite numbers
// only and carry the fields the registry declares.
import { callFunction } from '../../src/engine/call.js';
import { registry } from '../../src/runtime/modules/index.js';
import type { RegisteredFunction } from '../../src/runtime/modules/registry.js';
import { resultMismatch, resultValueSpec } from '../../src/runtime/modules/result-spec.js';
import type { JsonType, JsonValue, ParamSpec } from '../../src/runtime/modules/types.js';
import { PATIENT_FIELDS } from '../../src/runtime/modules/util/patient.js';
import type { Rng } from './random.js';
import { shorten, type Violation } from './violation.js';

export interface LibraryFuzzOptions {
  rng: Rng;
  callsPerFunction: number;
  /** stop starting new calls after this time (ms since epoch) */
  deadline: number;
}

type Bounds = Pick<ParamSpec, 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum'>;

const HUGE = [1e308, -1e308, 1.7976931348623157e308, 9007199254740993, -9007199254740993];
const TINY = [5e-324, -5e-324, 1e-300, 2.2250738585072014e-308];
const WORDS = ['', ' ', 'a', 'M', 'F', 'male', 'U', 'none', 'mild', 'severe', 'vancomycin', 'E11.9', 'glucose', 'CCO', 'null', '__proto__', 'constructor', 'ÿ', '💉', 'a'.repeat(201)];
const PATIENT_BOOLEANS = ['ventilated', 'on_oxygen', 'on_vasopressors', 'on_rrt', 'chf', 'hypertension', 'diabetes', 'stroke_history', 'tia', 'thromboembolism', 'vascular_disease', 'smoker', 'bp_treated', 'dialysis', 'confusion', 'dvt_symptoms', 'pe_most_likely', 'recent_immobilization', 'recent_surgery', 'prior_dvt_pe', 'hemoptysis', 'active_cancer', 'melena', 'syncope', 'liver_disease', 'acute_renal_failure', 'chronic_health'];
const PATIENT_WORDS: Record<string, readonly JsonValue[]> = {
  sex: ['M', 'F', 'male', 'female', ' f ', 'U', ''],
  consciousness: ['A', 'C', 'V', 'P', 'U', 'X'],
  ascites: ['none', 'mild', 'slight', 'controlled', 'moderate', 'severe', 'tense', 'lots'],
  encephalopathy: ['none', 'grade1', 'grade2', 'mild', 'grade3', 'grade4', 'severe', 'yes'],
  admission_type: ['nonoperative', 'emergency_postoperative', 'elective_postoperative', 'elective'],
  chest_pain_history: [0, 1, 2, 3],
  ecg_findings: [0, 1, 2, -1],
  cardiac_risk_factors: [0, 1, 2, 1.5],
  troponin_level: [0, 1, 2],
  spo2_scale: [1, 2, 3],
};

/** A number from the declared bounds, often one of their edges (on, just inside, just outside). */
function numberFrom(bounds: Bounds, integer: boolean, rng: Rng): number {
  const low = bounds.minimum ?? bounds.exclusiveMinimum;
  const high = bounds.maximum ?? bounds.exclusiveMaximum;
  const edges: number[] = [0, -0, 1, -1];
  for (const edge of [low, high]) {
    if (edge === undefined) continue;
    const step = integer ? 1 : Math.max(Math.abs(edge) * 1e-9, 1e-12);
    edges.push(edge, edge + step, edge - step);
  }
  const roll = rng.next();
  let value: number;
  if (roll < 0.35) value = rng.pick(edges);
  else if (roll < 0.45) value = rng.pick(HUGE);
  else if (roll < 0.5) value = rng.pick(TINY);
  else {
    const from = low ?? (high !== undefined ? high - 1000 : -1000);
    const to = high ?? from + 1000;
    value = from + rng.next() * (to - from);
  }
  return integer ? Math.round(value) : value;
}

function stringFrom(spec: { enum?: readonly (string | number)[]; maxLength?: number }, rng: Rng): string {
  if (spec.enum && rng.chance(0.8)) return String(rng.pick(spec.enum));
  const roll = rng.next();
  if (roll < 0.05) return 'x'.repeat((spec.maxLength ?? 100_000) + 1);
  if (roll < 0.1) return 'x'.repeat(rng.int(1000, 20_000));
  if (roll < 0.6) return rng.pick(WORDS);
  let text = '';
  for (let i = rng.int(1, 24); i > 0; i--) text += String.fromCodePoint(rng.chance(0.9) ? rng.int(32, 126) : rng.int(0xa0, 0x2fff));
  return text;
}

function patientFrom(rng: Rng): Record<string, JsonValue> {
  const patient: Record<string, JsonValue> = {};
  const density = rng.next();
  for (const [name, spec] of Object.entries(PATIENT_FIELDS)) {
    if (rng.chance(density)) patient[name] = numberFrom({ minimum: spec.min, maximum: spec.max }, name === 'gcs' || name === 'age', rng);
  }
  for (const name of PATIENT_BOOLEANS) if (rng.chance(density)) patient[name] = rng.chance(0.95) ? rng.chance(0.5) : 'yes';
  for (const [name, words] of Object.entries(PATIENT_WORDS)) if (rng.chance(density)) patient[name] = rng.pick(words);
  if (rng.chance(0.05)) patient[rng.pick(['unknown_field', 'plateletts', '__proto__', 'constructor'])] = 1;
  return patient;
}

function valueOfType(type: JsonType | 'patient', spec: ParamSpec, rng: Rng, depth = 0): JsonValue {
  switch (type) {
    case 'patient':
      return patientFrom(rng);
    case 'number':
    case 'integer':
      return numberFrom(spec, type === 'integer', rng);
    case 'string':
      return stringFrom(spec, rng);
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      const items = spec.items;
      const roll = rng.next();
      const min = spec.minItems ?? 0;
      const length = roll < 0.1 ? 0 : roll < 0.2 ? Math.max(0, min - 1) : roll < 0.3 ? min : roll < 0.35 ? rng.int(1000, 5000) : rng.int(min, min + 60);
      const out: JsonValue[] = [];
      for (let i = 0; i < length; i++) {
        if (!items) out.push(depth < 2 ? randomJson(rng, depth + 1) : 1);
        else {
          const itemType = Array.isArray(items.type) ? rng.pick(items.type) : items.type;
          out.push(valueOfType(itemType, items as ParamSpec, rng, depth + 1));
        }
      }
      return out;
    }
    case 'object':
      return rng.chance(0.5) ? patientFrom(rng) : (randomJson(rng, depth, true) as JsonValue);
  }
}

function randomJson(rng: Rng, depth: number, object = false): JsonValue {
  const roll = object ? 1 : rng.next();
  if (roll < 0.25) return numberFrom({}, false, rng);
  if (roll < 0.5) return rng.pick(WORDS);
  if (roll < 0.6) return rng.chance(0.5);
  if (roll < 0.65) return null;
  if (roll < 0.8 || depth > 2) return depth > 2 ? 0 : Array.from({ length: rng.int(0, 4) }, () => randomJson(rng, depth + 1));
  const out: Record<string, JsonValue> = {};
  for (let i = rng.int(0, 5); i > 0; i--) out[rng.pick(['name', 'value', 'unit', 'code', 'dose', 'id', 'type', '__proto__'])] = randomJson(rng, depth + 1);
  return out;
}

/** Positional arguments for one call: declared types mostly, sometimes a wrong type or a missing tail. */
function argumentsFor(fn: RegisteredFunction, rng: Rng): JsonValue[] {
  const count = rng.chance(0.1) ? rng.int(0, fn.maxArgs) : rng.int(fn.minArgs, fn.maxArgs);
  const args: JsonValue[] = [];
  for (const spec of fn.params.slice(0, count)) {
    const types = Array.isArray(spec.type) ? spec.type : [spec.type];
    const type = rng.chance(0.05) ? rng.pick<JsonType>(['number', 'string', 'array', 'object', 'boolean', 'null']) : rng.pick(types);
    args.push(valueOfType(type, spec, rng));
  }
  return args;
}

/** Where a result breaks §1.2 or its declared shape; null when it is sound. */
export function resultProblem(fn: RegisteredFunction, result: JsonValue): string | null {
  const nonFinite = findNonFinite(result, 'result');
  if (nonFinite) return nonFinite;
  // the declaration the checker, the reference and the library boundary read
  const spec = resultValueSpec(fn.result);
  return resultMismatch(result, spec);
}

function isRecord(value: JsonValue): value is Record<string, JsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function findNonFinite(value: JsonValue, path: string): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${path} is ${value}`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNonFinite(value[i]!, `${path}[${i}]`);
      if (found) return found;
    }
  } else if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) {
      const found = findNonFinite(v, `${path}.${k}`);
      if (found) return found;
    }
  }
  return null;
}

/** Calls one function by one of its names with JSON-round-tripped arguments, as /v1/call would. */
export function checkCall(module: string, name: string, args: JsonValue[]): string | null {
  const sent = JSON.parse(JSON.stringify(args)) as JsonValue[];
  let outcome;
  try {
    outcome = callFunction({ module, function: name, args: sent }, { now: () => new Date('2026-01-15T12:00:00Z') });
  } catch (error) {
    return `internal error: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (outcome.kind === 'invalid') {
    const message = outcome.body.error ?? '';
    const fn = registry.resolve(module, name)!;
    return message.startsWith(`${fn.module}.${fn.name}:`) ? null : `argument error not naming ${fn.module}.${fn.name}: ${message}`;
  }
  return resultProblem(registry.resolve(module, name)!, outcome.body.result as JsonValue);
}

export function fuzzLibrary(options: LibraryFuzzOptions): { calls: number; violations: Violation[] } {
  const { rng, callsPerFunction, deadline } = options;
  const violations: Violation[] = [];
  const seen = new Set<string>();
  let calls = 0;
  for (const [module, names] of Object.entries(registry.listing())) {
    for (const name of names) {
      const fn = registry.resolve(module, name)!;
      // every name gets at least one call, so a slow machine thins the campaign but never skips a function
      for (let i = 0; i < callsPerFunction && (i === 0 || Date.now() < deadline); i++) {
        const args = argumentsFor(fn, rng);
        calls++;
        const problem = checkCall(module, name, args);
        if (!problem) continue;
        const key = `${module}.${name}: ${problem.slice(0, 60)}`;
        if (seen.has(key)) continue; // one report per distinct failure keeps the output readable
        seen.add(key);
        violations.push({ fuzzer: 'library', input: shorten(`${module}.${name}(${JSON.stringify(args).slice(1, -1)})`), problem });
      }
    }
  }
  return { calls, violations };
}

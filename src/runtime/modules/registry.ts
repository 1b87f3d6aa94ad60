// The library registry (modules.md §1.1): the single allowlist of callable functions. It drives
// /v1/modules, /v1/call validation, compile-time arity checks and OpenAPI, so they never disagree.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { inspectJson } from '../../util/json-inspect.js';
import { createAjv } from '../../util/ajv.js';
import { nearestName } from '../../util/names.js';
import { PackError, type PackKind } from '../packs/types.js';
import {
  ArgumentError,
  type Args,
  type CallContext,
  type FunctionSpec,
  type JsonValue,
  type ModuleDef,
  type ModuleHooks,
  type ParamSpec,
  type ValueSpec,
} from './types.js';
import { resultMismatch, resultValueSpec } from './result-spec.js';
import { BOUNDED_FUNCTIONS } from './bounded.js';

const MAX_ARRAY_ITEMS = 100_000;
const MAX_STRING_LENGTH = 100_000;
const MAX_OBJECT_BYTES = 1024 * 1024;

export interface RegisteredFunction extends FunctionSpec {
  module: string;
  /** number of required parameters */
  minArgs: number;
  /** number of parameters */
  maxArgs: number;
  /** proven bounded (bounded.ts): the HTTP server may run it in process for a small enough request */
  bounded: boolean;
}

/** What the checker needs to know of the library: names, argument-count ranges, parameter units, results and state. */
export interface LibraryCatalog {
  /** module name → callable name (canonical or alias) → accepted argument counts and parameters */
  modules: ReadonlyMap<string, ReadonlyMap<string, CatalogEntry>>;
}

export interface CatalogEntry {
  minArgs: number;
  maxArgs: number;
  /** each parameter's name and declared unit (as written in its ParamSpec) */
  params: readonly { name: string; unit: string | null }[];
  /** the declared result as one value type (a record's `type` tag included), for field checks */
  result: ValueSpec;
  /** `none` for a function without effects, so a call whose result is dropped can be warned about */
  state: FunctionSpec['state'];
}

interface CompiledParam {
  spec: ParamSpec;
  validate: ValidateFunction;
}

export class Registry {
  private readonly byModule = new Map<string, Map<string, RegisteredFunction>>();
  private readonly canonical = new Map<string, RegisteredFunction[]>();
  private readonly validators = new Map<RegisteredFunction, CompiledParam[]>();
  readonly hooks: ModuleHooks = {};
  /** every data-pack kind the modules register, by name */
  readonly packKinds: readonly PackKind[];
  readonly catalog: LibraryCatalog;

  constructor(readonly moduleDefs: readonly ModuleDef[]) {
    const ajv = createAjv();
    const bounded = new Set(BOUNDED_FUNCTIONS);
    for (const def of moduleDefs) {
      if (this.byModule.has(def.name)) throw new Error(`module ${def.name} registered twice`);
      const names = new Map<string, RegisteredFunction>();
      const list: RegisteredFunction[] = [];
      for (const spec of def.functions) {
        const required = spec.params.filter((p) => !('default' in p)).length;
        const qualified = `${def.name}.${spec.name}`;
        const isBounded = bounded.has(qualified);
        if (isBounded && spec.state !== 'none') throw new Error(`${qualified} is listed as bounded but keeps state (${spec.state})`);
        const registered: RegisteredFunction = { ...spec, module: def.name, minArgs: required, maxArgs: spec.params.length, bounded: isBounded };
        for (const callable of [spec.name, ...(spec.aliases ?? [])]) {
          if (names.has(callable)) throw new Error(`${def.name}.${callable} registered twice`);
          names.set(callable, registered);
        }
        list.push(registered);
        this.validators.set(
          registered,
          spec.params.map((p) => ({ spec: p, validate: ajv.compile(paramSchema(p)) })),
        );
      }
      this.byModule.set(def.name, names);
      this.canonical.set(def.name, list);
      Object.assign(this.hooks, def.hooks ?? {});
    }
    this.packKinds = moduleDefs.flatMap((def) => def.packKinds ?? []).sort((a, b) => a.kind.localeCompare(b.kind));
    const modules = new Map<string, Map<string, CatalogEntry>>();
    for (const [module, names] of this.byModule) {
      const entry = (f: RegisteredFunction): CatalogEntry => ({
        minArgs: f.minArgs,
        maxArgs: f.maxArgs,
        params: f.params.map((p) => ({ name: p.name, unit: p.unit ?? null })),
        result: resultValueSpec(f.result),
        state: f.state,
      });
      modules.set(module, new Map([...names].map(([n, f]) => [n, entry(f)])));
    }
    this.catalog = { modules };
  }

  get moduleNames(): string[] {
    return [...this.byModule.keys()];
  }

  /** module → every callable name: canonical names in registry order, then aliases (§1.1). */
  listing(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [module, list] of this.canonical) {
      out[module] = [...list.map((f) => f.name), ...list.flatMap((f) => f.aliases ?? [])];
    }
    return out;
  }

  /** Every registered function once, by module in registry order. */
  functions(): RegisteredFunction[] {
    return [...this.canonical.values()].flat();
  }

  packKind(name: string): PackKind | undefined {
    return this.packKinds.find((k) => k.kind === name);
  }

  resolve(module: string, name: string): RegisteredFunction | undefined {
    return this.byModule.get(module)?.get(name);
  }

  /** A sentence for an unknown module or function, with the nearest known name (for /call and tools). */
  describeUnknown(module: string, name: string): string {
    const names = this.byModule.get(module);
    if (!names) {
      const near = nearestName(module, this.byModule.keys());
      const hint = near ? `did you mean '${near}'? ` : '';
      return `unknown module '${module}'; ${hint}known modules: ${this.moduleNames.join(', ')}`;
    }
    const near = nearestName(name, names.keys());
    return `unknown function '${module}.${name}'` + (near ? `; did you mean '${module}.${near}'?` : `; ${module} has: ${[...names.keys()].join(', ')}`);
  }

  /**
   * Binds positional `args` then `kwargs` to parameters and validates each against its schema (§1.1).
   * Throws ArgumentError: `lab.interpret: argument 2 'value' must be a number, got string`.
   */
  bind(fn: RegisteredFunction, args: readonly JsonValue[], kwargs: Readonly<Record<string, JsonValue>> = {}): Args {
    const label = `${fn.module}.${fn.name}`;
    const params = this.validators.get(fn)!;
    if (args.length > params.length) {
      throw new ArgumentError(`${label}: takes at most ${params.length} argument${params.length === 1 ? '' : 's'}, got ${args.length}`);
    }
    const bound: Args = {};
    const given = new Set<string>();
    args.forEach((value, i) => {
      const name = params[i]!.spec.name;
      bound[name] = value;
      given.add(name);
    });
    for (const [name, value] of Object.entries(kwargs)) {
      const index = params.findIndex((p) => p.spec.name === name);
      if (index < 0) {
        const near = nearestName(name, params.map((p) => p.spec.name));
        throw new ArgumentError(`${label}: unknown parameter '${name}'` + (near ? `; did you mean '${near}'?` : `; parameters: ${params.map((p) => p.spec.name).join(', ') || 'none'}`));
      }
      if (given.has(name)) throw new ArgumentError(`${label}: argument ${index + 1} '${name}' is given both by position and by name`);
      bound[name] = value;
      given.add(name);
    }
    params.forEach(({ spec, validate }, i) => {
      const position = i + 1;
      const present = given.has(spec.name) && !(bound[spec.name] === null && 'default' in spec);
      if (!present) {
        if (!('default' in spec)) throw new ArgumentError(`${label}: argument ${position} '${spec.name}' is required (${spec.description})`);
        const fallback = spec.default as JsonValue;
        bound[spec.name] = typeof fallback === 'object' && fallback !== null ? structuredClone(fallback) : fallback; // a copy: the function may change it
        return;
      }
      const value = bound[spec.name]!;
      // JSON Schema's "number" admits Infinity (JSON.parse makes it of 1e400): no library function may see one
      const problem = inspectJson(value);
      if (problem?.kind === 'non_finite') {
        const inside = problem.path.map((p) => (typeof p === 'number' ? ` item ${p}` : ` field '${p}'`)).join('');
        throw new ArgumentError(`${label}: argument ${position} '${spec.name}'${inside} must be a finite number, got ${problem.value}`);
      }
      if (!validate(value)) throw new ArgumentError(`${label}: argument ${position} '${spec.name}' ${describeFailure(validate.errors ?? [], value)}`);
      if ((spec.type === 'object' || spec.type === 'patient') && JSON.stringify(value).length > MAX_OBJECT_BYTES) {
        throw new ArgumentError(`${label}: argument ${position} '${spec.name}' must be at most 1 MiB when serialized`);
      }
    });
    return bound;
  }

  /** Validates, runs and copies the result out of the library (§1.2: plain data, finite numbers only). */
  invoke(fn: RegisteredFunction, args: readonly JsonValue[], kwargs: Readonly<Record<string, JsonValue>>, ctx: CallContext): JsonValue {
    let bound: Args;
    try {
      bound = this.bind(fn, args, kwargs);
    } catch (error) {
      if (error instanceof ArgumentError) fn.onRefused?.(ctx);
      throw error;
    }
    try {
      const result = copyResult(fn.impl(bound, ctx), `${fn.module}.${fn.name}`);
      // the declaration is what the checker, the reference and /v1/modules promise: an answer outside it is a defect
      const mismatch = resultMismatch(result, this.catalog.modules.get(fn.module)!.get(fn.name)!.result);
      if (mismatch) throw new Error(`${fn.module}.${fn.name} answered outside its declared result: ${mismatch}`);
      return result;
    } catch (error) {
      // an installed data pack that cannot be used is the operator's to fix: say so, never answer without it
      if (error instanceof PackError) throw new ArgumentError(`${fn.module}.${fn.name}: ${error.message}`);
      throw error;
    }
  }
}

function paramSchema(p: ParamSpec): Record<string, unknown> {
  const type = p.type === 'patient' ? 'object' : p.type;
  const schema: Record<string, unknown> = { type };
  const types = Array.isArray(type) ? type : [type];
  for (const key of ['enum', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'items'] as const) {
    if (p[key] !== undefined) schema[key] = p[key];
  }
  if (types.includes('array')) schema.maxItems = Math.min(p.maxItems ?? MAX_ARRAY_ITEMS, MAX_ARRAY_ITEMS);
  if (types.includes('string')) schema.maxLength = Math.min(p.maxLength ?? MAX_STRING_LENGTH, MAX_STRING_LENGTH);
  return schema;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Turns Ajv's first error into the words of §1.1: `must be a number, got string`, `item 7 must be ...`. */
function describeFailure(errors: readonly ErrorObject[], value: unknown): string {
  const error = errors[0];
  if (!error) return 'is invalid';
  const itemPath = error.instancePath.split('/').filter(Boolean);
  const where = itemPath.length ? `item ${itemPath.join(' ')} ` : '';
  let actual: unknown = value;
  for (const step of itemPath) actual = (actual as Record<string, unknown>)[step];
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type': {
      const wanted = String(p.type).split(',').map(article).join(' or ');
      return `${where}must be ${wanted}, got ${kindOf(actual)}`;
    }
    case 'enum':
      return `${where}must be one of ${(p.allowedValues as unknown[]).map((v) => show(v)).join(', ')}, got ${show(actual)}`;
    case 'minimum':
      return `${where}must be ≥ ${p.limit}, got ${show(actual)}`;
    case 'maximum':
      return `${where}must be ≤ ${p.limit}, got ${show(actual)}`;
    case 'exclusiveMinimum':
      return `${where}must be > ${p.limit}, got ${show(actual)}`;
    case 'exclusiveMaximum':
      return `${where}must be < ${p.limit}, got ${show(actual)}`;
    case 'maxItems':
      return `${where}must have at most ${p.limit} items, got ${(actual as unknown[]).length}`;
    case 'minItems':
      return `${where}must have at least ${p.limit} items, got ${(actual as unknown[]).length}`;
    case 'maxLength':
      return `${where}must be at most ${p.limit} characters, got ${(actual as string).length}`;
    default:
      return `${where}${error.message ?? 'is invalid'}`;
  }
}

/** Deep-copies a result; a non-finite number is an internal error, never a result (§1.2). */
function copyResult(value: unknown, label: string): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${label} produced a non-finite number`);
    return Object.is(value, -0) ? 0 : value;
  }
  if (Array.isArray(value)) return value.map((v) => copyResult(v, label));
  if (typeof value === 'object') {
    // fromEntries defines own properties, so a caller-named key such as '__proto__' stays a key
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, copyResult(v, label)]),
    );
  }
  throw new Error(`${label} produced a ${typeof value}`);
}

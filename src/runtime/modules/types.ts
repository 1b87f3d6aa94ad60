// The contract between the library registry and each library module (modules.md §1).
// A module file default-exports a ModuleDef; the registry is the only way to reach its functions.
import type { LibraryStore } from '../../store/library.js';
import type { PackKind } from '../packs/types.js';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export type JsonType = 'number' | 'integer' | 'string' | 'boolean' | 'array' | 'object' | 'null';

/**
 * One parameter (modules.md §1.1). `type` is a JSON-schema type or a union; `patient` is an object of
 * patient fields (§2). A parameter with `default` (null included) is optional; without one it is required.
 */
export interface ParamSpec {
  name: string;
  type: JsonType | 'patient' | JsonType[];
  description: string;
  /** documentation only, shown in OpenAPI: `mg/dL` */
  unit?: string;
  default?: JsonValue;
  enum?: readonly (string | number)[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  /** for arrays: the JSON schema of each item, e.g. `{ type: 'number' }` */
  items?: { type: JsonType | JsonType[]; minimum?: number; maximum?: number; exclusiveMinimum?: number };
  minItems?: number;
  maxItems?: number;
  maxLength?: number;
}

/** What a function returns: a tagged record with its field list, or a bare value (§1.2 exceptions). */
export type ResultSpec =
  | { type: string; fields: readonly string[] }
  | { bare: 'number' | 'integer' | 'string' | 'array' | 'boolean' };

/** Arguments after validation, keyed by parameter name; optional ones absent from the call hold their default. */
export type Args = Record<string, JsonValue>;

export interface FunctionSpec {
  name: string;
  aliases?: readonly string[];
  description: string;
  params: readonly ParamSpec[];
  result: ResultSpec;
  state: 'none' | 'run' | 'org';
  /** citations of the formulas and tables the function uses */
  sources: readonly string[];
  /** Told of a call refused by argument validation before `impl` ran (db and research audit it). */
  onRefused?: (ctx: CallContext) => void;
  /** Throws ArgumentError for invalid input; returns plain JSON (the registry deep-copies it out). */
  impl: (args: Args, ctx: CallContext) => JsonValue;
}

export interface ModuleDef {
  name: string;
  description: string;
  functions: readonly FunctionSpec[];
  hooks?: ModuleHooks;
  /** the data-pack kinds this module applies (`cpes data import <kind>`), each in a file beside the module */
  packKinds?: readonly PackKind[];
}

/** Per-run state: each module keeps its own slot, created empty on first use and dropped at run end. */
export interface RunState {
  slot<T>(module: string, create: () => T): T;
}

/** The patient of the current run (protocol input or nothing for /call). */
export interface RunPatient {
  /** the ten service.md fields (request value or default) plus every extra field sent */
  fields: JsonObject;
  /** names of the fields the request itself supplied */
  supplied: ReadonlySet<string>;
}

/** Everything a library function may know beyond its arguments (modules.md §1.7). Built by the engine. */
export interface CallContext {
  organization: string;
  requestId: string;
  source: 'run' | 'call';
  patient: RunPatient | null;
  state: RunState;
  /** the injected clock */
  now(): Date;
  /** the run's seeded generator (xoshiro128**), uniform in [0, 1) */
  random(): number;
  /** who calls, for the audit trail: the key's display prefix, or `development` */
  actor: string;
  /** the protocol line of the library call being made (set by the compiled call), null on /call */
  line: number | null;
  /** the organization-scoped persistent store of db and research (opened on first use) */
  store(): LibraryStore;
}

/**
 * Invalid input to a library function (§1.3). The message starts with `<module>.<function>:` and says
 * what to send instead. /call answers 400; a protocol gets a runtime error at the call's line and column.
 */
export class ArgumentError extends Error {
  override name = 'ArgumentError';
}

/**
 * Dose-check levels (modules.md §4.3, §4.7): OK only when every applicable limit is known and held;
 * UNCHECKED when the drug is known but a limit was never verified; UNKNOWN for a drug not in the table.
 */
export const DOSE_LEVELS = ['OK', 'WARNING', 'UNCHECKED', 'UNKNOWN', 'ERROR'] as const;
export type DoseLevel = (typeof DOSE_LEVELS)[number];

/** The outcome of the `administer` dose, interaction and timing checks (modules.md §22.1). */
export interface AdministerOutcome {
  level: DoseLevel;
  /** why, for WARNING and ERROR: `100000 mg exceeds maximum 4000 mg` */
  reason: string | null;
  /** the event data of §22.1 step 5: drug, dose, unit, level, converted_dose, converted_unit, limit, route, weight_used, interactions, moiss_class */
  data: JsonObject;
}

/**
 * Statement hooks a module provides to the runtime (modules.md §22). `pk` provides `administer` and
 * `drugOnset`; when no module provides a hook, every drug is unknown.
 */
export interface ModuleHooks {
  /** §22.1 steps 1–6; `weightKg` is the protocol patient's weight, or null when the protocol has no patient */
  administer?: (ctx: CallContext, drug: string, dose: number, unit: string, weightKg: number | null) => AdministerOutcome;
  /** onset in minutes of the drug's default route (run-registered drugs first), null for an unknown drug */
  drugOnset?: (ctx: CallContext, drug: string) => number | null;
}

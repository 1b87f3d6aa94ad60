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

/**
 * The declared type of a result value or field: a JSON kind (a union as an array, `null` among them for a
 * value that may be null), with `items` for a list and `fields` for a nested record.
 */
export interface ValueSpec {
  type: JsonType | 'any' | readonly (JsonType | 'any')[];
  /** what it means, for docs/library.md, completion and hover */
  description: string;
  /** the unit a number is in (`mg/dL`, `mL/min/1.73m2`); absent for a plain number */
  unit?: string;
  /** the values a string or number can take */
  enum?: readonly (string | number)[];
  /** for a list: each item */
  items?: ValueSpec;
  /** for a record: its fields */
  fields?: readonly ResultField[];
  /**
   * For a record whose keys are data (arm labels, stratum names, tiers): the shape of each value under a
   * key `fields` does not name. /v1/modules and the OpenAPI document give it as `additionalProperties`.
   */
  values?: ValueSpec;
  /** with `values`: what the keys are (`arm`, `stratum`), read in docs/library.md as `arm_counts.<arm>` */
  keys?: string;
}

/** One field of a record result. `optional` fields may be absent (they are omitted rather than null). */
export interface ResultField extends ValueSpec {
  name: string;
  optional?: boolean;
}

/** A tagged record result: `type` is the value of its `type` field (FHIR resources: `resourceType`). */
export interface RecordResultSpec {
  type: string;
  description?: string;
  /** every field it may carry */
  fields: readonly ResultField[];
}

/**
 * What a function returns (§1.2): a tagged record with its fields, or a bare value (with `record`
 * when a `detail: true` argument answers a record instead). Issue 26 makes every field a ResultField.
 */
export type ResultSpec =
  | RecordResultSpec
  | {
      bare: 'number' | 'integer' | 'string' | 'array' | 'boolean';
      description?: string;
      unit?: string;
      items?: ValueSpec;
      /** the record answered instead when the call asks for detail */
      record?: RecordResultSpec;
    };

/** Arguments after validation, keyed by parameter name; optional ones absent from the call hold their default. */
export type Args = Record<string, JsonValue>;

/**
 * One criterion of the patient a function reads (docs/library.md lists them under the function):
 * alternative ways to give it, each a set of fields given together (`map`, or `bp` + `diastolic_bp`).
 */
export interface PatientCriterion {
  alternatives: readonly (readonly string[])[];
  required: boolean;
}

export interface FunctionSpec {
  name: string;
  aliases?: readonly string[];
  description: string;
  params: readonly ParamSpec[];
  result: ResultSpec;
  /** for a function taking the whole patient: the fields it reads */
  patientFields?: readonly PatientCriterion[];
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

/** The routes an `administer` statement may name (language.md §4) and the drug table uses. */
// The regional-anaesthesia routes are spelt out: ISMP lists 'IT' as an error-prone abbreviation (read as
// intratracheal or inhalation therapy), and an epidural or intrathecal dose is high-alert (ISMP 2024).
export const ROUTES = ['IV', 'IM', 'SC', 'PO', 'SL', 'INH', 'PR', 'TOP', 'EPIDURAL', 'INTRATHECAL', 'PERINEURAL', 'INFILTRATION'] as const;
export type Route = (typeof ROUTES)[number];

/** One `administer` statement as the dose check receives it (modules.md §22.1). */
export interface AdministerRequest {
  drug: string;
  dose: number;
  unit: string;
  /** the `route:` clause; null when the statement names none */
  route: Route | null;
  /** the `every:` clause in hours (the interval between doses of a repeated regimen); null when none */
  everyHours: number | null;
  /** the `indication:` clause; null when none */
  indication: string | null;
  /**
   * The protocol patient's fields as plain JSON in the units of language.md §6 (weight in kg, creatinine in
   * mg/dL, …; lists such as `medications` as sent) when the protocol has `input: Patient p`; else null.
   */
  patient: JsonObject | null;
}

/**
 * Statement hooks a module provides to the runtime (modules.md §22). `pk` provides `administer` and
 * `drugOnset`; when no module provides a hook, every drug is unknown.
 */
export interface ModuleHooks {
  /** §22.1 steps 1–6 */
  administer?: (ctx: CallContext, request: AdministerRequest) => AdministerOutcome;
  /** onset in minutes of the drug's default route (run-registered drugs first), null for an unknown drug */
  drugOnset?: (ctx: CallContext, drug: string) => number | null;
}

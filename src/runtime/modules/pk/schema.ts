// The JSON schema of one drug row (modules.md §4.1) and the checks a schema cannot express. Used by the
// table build test and by register_drug, so a registered drug meets the same rules as a table drug.
import { createAjv } from '../../../util/ajv.js';
import { parseDoseUnit } from './dose-units.js';
import { ROUTES, type Drug, type RenalBand } from './table.js';

const nullableNumber = { type: ['number', 'null'] };
const positiveOrNull = { type: ['number', 'null'], exclusiveMinimum: 0 };
const text = { type: 'string', minLength: 1, maxLength: 2000 };
const route = { enum: [...ROUTES] };

const bolus = {
  type: 'object',
  additionalProperties: false,
  required: ['usual', 'usual_low', 'usual_high', 'max_single', 'unit'],
  properties: { usual: nullableNumber, usual_low: nullableNumber, usual_high: nullableNumber, max_single: positiveOrNull, unit: text, source: text },
};
const infusion = {
  type: 'object',
  additionalProperties: false,
  required: ['usual', 'usual_low', 'usual_high', 'max_rate', 'unit'],
  properties: { usual: nullableNumber, usual_low: nullableNumber, usual_high: nullableNumber, max_rate: positiveOrNull, unit: text, source: text },
};
const hepaticClass = {
  type: 'object',
  additionalProperties: false,
  required: ['text', 'source'],
  properties: { factor: { type: 'number', exclusiveMinimum: 0, maximum: 1 }, avoid: { type: 'boolean' }, text, source: text },
};

export const drugSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'class', 'routes', 'default_route', 'dosing', 'source'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    aliases: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 200 }, maxItems: 50 },
    class: { type: 'string', minLength: 1, maxLength: 200 },
    interaction_classes: { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 50 },
    routes: { type: 'array', items: route, minItems: 1, uniqueItems: true },
    default_route: route,
    dosing: {
      type: 'object',
      propertyNames: route,
      additionalProperties: { type: 'object', additionalProperties: false, properties: { bolus, infusion } },
    },
    max_daily: { anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: false, required: ['value', 'unit'], properties: { value: { type: 'number', exclusiveMinimum: 0 }, unit: text, source: text } }] },
    valence: positiveOrNull,
    meq_per_g: positiveOrNull,
    mmol_per_g: positiveOrNull,
    bioavailability: { type: 'object', propertyNames: route, additionalProperties: { type: 'number', minimum: 0, maximum: 1 } },
    half_life_min: positiveOrNull,
    vd_l_per_kg: { type: ['number', 'null'], exclusiveMinimum: 0, maximum: 100 },
    ka_per_h: positiveOrNull,
    onset_min: positiveOrNull,
    peak_min: positiveOrNull,
    duration_min: positiveOrNull,
    renal: {
      anyOf: [
        { type: 'null' },
        { const: 'see_label' },
        {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['min', 'max', 'measure', 'text', 'source'],
            properties: { min: { type: 'number', minimum: 0 }, min_exclusive: { type: 'boolean' }, max: nullableNumber, measure: { enum: ['eGFR', 'CrCl'] }, factor: { type: 'number', exclusiveMinimum: 0, maximum: 1 }, interval_h: { type: 'number', exclusiveMinimum: 0 }, avoid: { type: 'boolean' }, text, source: text },
          },
        },
      ],
    },
    hepatic: { anyOf: [{ type: 'null' }, { const: 'see_label' }, { type: 'object', additionalProperties: false, required: ['A', 'B', 'C'], properties: { A: hepaticClass, B: hepaticClass, C: hepaticClass } }] },
    contraindications: { type: 'array', items: { type: 'string', pattern: '^[a-z0-9_]+$' }, maxItems: 100 },
    cyp: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['enzyme', 'role', 'strength'],
        properties: { enzyme: { type: 'string', pattern: '^(CYP|UGT|P-gp)' }, role: { enum: ['substrate', 'inhibitor', 'inducer'] }, strength: { enum: ['strong', 'moderate', 'weak'] } },
      },
    },
    prodrug_of: { type: ['string', 'null'] },
    tdm: {},
    source: text,
    notes: { type: 'string' },
  },
} as const;

const validate = createAjv().compile(drugSchema);

/** Defaults for the optional fields, so a registered profile has every field a table row has. */
export const DRUG_DEFAULTS = {
  aliases: [],
  interaction_classes: [],
  max_daily: null,
  valence: null,
  meq_per_g: null,
  mmol_per_g: null,
  bioavailability: {},
  half_life_min: null,
  vd_l_per_kg: null,
  ka_per_h: null,
  onset_min: null,
  peak_min: null,
  duration_min: null,
  renal: null,
  hepatic: null,
  contraindications: [],
  cyp: [],
  prodrug_of: null,
};

/** Everything wrong with a drug row; empty when it is sound. */
export function drugProblems(row: unknown): string[] {
  if (!validate(row)) {
    const e = validate.errors![0]!;
    return [`${e.instancePath || 'profile'} ${e.message}`];
  }
  const d = row as Drug;
  const problems: string[] = [];
  if (!d.routes.includes(d.default_route)) problems.push(`default_route ${d.default_route} is not among routes`);
  for (const [r, dosing] of Object.entries(d.dosing)) {
    if (!d.routes.includes(r as Drug['default_route'])) problems.push(`dosing for ${r}, which is not among routes`);
    const bolus = dosing?.bolus;
    const infusion = dosing?.infusion;
    if (bolus) problems.push(...unitProblems(`dosing.${r}.bolus`, bolus.unit, false), ...orderProblems(`dosing.${r}.bolus`, bolus.usual_low, bolus.usual, bolus.usual_high, bolus.max_single));
    if (infusion) problems.push(...unitProblems(`dosing.${r}.infusion`, infusion.unit, true), ...orderProblems(`dosing.${r}.infusion`, infusion.usual_low, infusion.usual, infusion.usual_high, infusion.max_rate));
  }
  if (d.max_daily) {
    const unit = parseDoseUnit(d.max_daily.unit);
    if (!unit.ok || unit.unit.time !== 'day') problems.push(`max_daily unit ${d.max_daily.unit} must be a dose per day`);
  }
  const timing = [d.onset_min, d.peak_min, d.duration_min];
  if (timing.every((t) => t !== null) && !(d.onset_min! <= d.peak_min! && d.peak_min! <= d.duration_min!)) {
    problems.push(`timing must satisfy onset ≤ peak ≤ duration (${timing.join(', ')})`);
  }
  if (Array.isArray(d.renal)) problems.push(...renalProblems(d.renal));
  return problems;
}

function unitProblems(where: string, unit: string, rate: boolean): string[] {
  const parsed = parseDoseUnit(unit);
  if (!parsed.ok) return [`${where}.unit ${parsed.reason}`];
  const time = parsed.unit.time;
  if (rate && (time === null || time === 'day')) return [`${where}.unit ${unit} must be a rate (per s, min or h)`];
  if (!rate && time !== null) return [`${where}.unit ${unit} must be a single dose (no time segment)`];
  return [];
}

function orderProblems(where: string, low: number | null, usual: number | null, high: number | null, max: number | null): string[] {
  const chain = [low, usual, high, max].filter((v): v is number => v !== null);
  for (let i = 1; i < chain.length; i++) if (chain[i]! < chain[i - 1]!) return [`${where} must satisfy usual_low ≤ usual ≤ usual_high ≤ max (${[low, usual, high, max].join(', ')})`];
  return [];
}

/** Bands are listed from 0 upwards, each ending where the next begins, so a lookup can scan them in order. */
function renalProblems(bands: readonly RenalBand[]): string[] {
  if (bands[0]!.min !== 0 || bands[0]!.min_exclusive) return ['renal bands must start at 0 (inclusive)'];
  for (let i = 0; i < bands.length; i++) {
    const band = bands[i]!;
    const next = bands[i + 1];
    if (band.max !== null && band.max <= band.min) return [`renal band from ${band.min} must end above its start, not at ${band.max}`];
    const actions = [band.factor !== undefined, band.interval_h !== undefined, band.avoid === true].filter(Boolean).length;
    if (actions > 1) return [`renal band from ${band.min} gives more than one of factor, interval_h, avoid`];
    if (next && band.max !== next.min) return [`renal bands leave a gap or overlap at ${band.max}`];
    if (!next && band.max !== null) return [`renal bands must reach ∞ (last max null), not ${band.max}`];
  }
  return [];
}

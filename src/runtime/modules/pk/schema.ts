// The JSON schema of one drug row (modules.md §4.1) and the checks a schema cannot express. Used by the
// table build test and by register_drug, so a registered drug meets the same rules as a table drug.
import { createAjv } from '../../../util/ajv.js';
import { parseDoseUnit } from './dose-units.js';
import { ROUTES, type Drug, type LimitValue, type PeriodLimit, type RenalBand } from './table.js';

const nullableNumber = { type: ['number', 'null'] };
const positiveOrNull = { type: ['number', 'null'], exclusiveMinimum: 0 };
const text = { type: 'string', minLength: 1, maxLength: 2000 };
const route = { enum: [...ROUTES] };
const limitUnit = { type: 'object', additionalProperties: false, required: ['value', 'unit'], properties: { value: { type: 'number', exclusiveMinimum: 0 }, unit: text } };
/** §4.7.1: a number in the block's unit, a limit in its own unit with an optional cap, null (unknown) or "none" */
const limitValue = {
  anyOf: [
    { type: 'null' },
    { const: 'none' },
    { type: 'number', exclusiveMinimum: 0 },
    { type: 'object', additionalProperties: false, required: ['value', 'unit'], properties: { value: { type: 'number', exclusiveMinimum: 0 }, unit: text, cap: limitUnit } },
  ],
};
const periodLimit = {
  anyOf: [
    { type: 'null' },
    { const: 'none' },
    { type: 'object', additionalProperties: false, required: ['value', 'unit'], properties: { value: { type: 'number', exclusiveMinimum: 0 }, unit: text, source: text } },
  ],
};

/** issue 22: a usual range in its own unit (per kg, per day, or for one indication), with its source */
const usualRange = {
  type: 'object',
  additionalProperties: false,
  required: ['low', 'high', 'unit', 'source'],
  properties: { low: nullableNumber, high: nullableNumber, unit: text, source: text },
};
const loading = {
  type: 'object',
  additionalProperties: false,
  required: ['route', 'usual_low', 'usual_high', 'max_single', 'unit', 'source'],
  properties: { route, usual_low: nullableNumber, usual_high: nullableNumber, max_single: limitValue, unit: text, source: text },
};

const patientLimit = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'at_least', 'criteria', 'source'],
  properties: {
    name: text,
    indication: text,
    at_least: { type: 'integer', minimum: 1 },
    criteria: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value', 'op', 'threshold'],
        properties: { value: { enum: ['age', 'weight', 'height', 'creatinine', 'crcl', 'egfr'] }, op: { enum: ['>=', '<=', '>', '<'] }, threshold: { type: 'number', minimum: 0 } },
      },
    },
    max_single: limitUnit,
    max_daily: limitUnit,
    source: text,
  },
};

const bolus = {
  type: 'object',
  additionalProperties: false,
  required: ['usual', 'usual_low', 'usual_high', 'max_single', 'unit'],
  properties: { usual: nullableNumber, usual_low: nullableNumber, usual_high: nullableNumber, max_single: limitValue, unit: text, source: text, usual_by_weight: usualRange, usual_by_bsa: usualRange },
};
const infusion = {
  type: 'object',
  additionalProperties: false,
  required: ['usual', 'usual_low', 'usual_high', 'max_rate', 'unit'],
  properties: { usual: nullableNumber, usual_low: nullableNumber, usual_high: nullableNumber, max_rate: limitValue, unit: text, source: text, usual_by_weight: usualRange, usual_by_bsa: usualRange },
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
    rxcui: { anyOf: [{ type: 'null' }, { type: 'string', pattern: '^[0-9]{1,10}$' }] },
    max_daily: periodLimit,
    max_daily_source: text,
    max_weekly: periodLimit,
    max_weekly_source: text,
    usual_daily: usualRange,
    loading,
    patient_limits: { type: 'array', items: patientLimit, maxItems: 20 },
    indications: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'source'],
        properties: { name: text, route, max_single: limitValue, max_rate: limitValue, max_daily: periodLimit, max_weekly: periodLimit, usual: usualRange, source: text },
      },
    },
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
    contraindications_source: text,
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
    if (bolus) {
      const where = `dosing.${r}.bolus`;
      problems.push(...unitProblems(where, bolus.unit, 'single'), ...orderProblems(where, bolus.usual_low, bolus.usual, bolus.usual_high, bolus.max_single));
      problems.push(...limitProblems(`${where}.max_single`, bolus.max_single, 'single', bolus.source));
    }
    if (infusion) {
      const where = `dosing.${r}.infusion`;
      problems.push(...unitProblems(where, infusion.unit, 'rate'), ...orderProblems(where, infusion.usual_low, infusion.usual, infusion.usual_high, infusion.max_rate));
      problems.push(...limitProblems(`${where}.max_rate`, infusion.max_rate, 'rate', infusion.source));
    }
  }
  problems.push(...periodProblems('max_daily', d.max_daily, 'day', d.max_daily_source));
  problems.push(...periodProblems('max_weekly', d.max_weekly ?? null, 'week', d.max_weekly_source));
  for (const [i, indication] of (d.indications ?? []).entries()) {
    const where = `indications[${i}] (${indication.name})`;
    if (indication.route && !d.routes.includes(indication.route)) problems.push(`${where} route ${indication.route} is not among routes`);
    if (indication.max_single !== undefined) problems.push(...limitProblems(`${where}.max_single`, indication.max_single, 'single', indication.source));
    if (indication.max_rate !== undefined) problems.push(...limitProblems(`${where}.max_rate`, indication.max_rate, 'rate', indication.source));
    if (indication.max_daily !== undefined) problems.push(...periodProblems(`${where}.max_daily`, indication.max_daily, 'day', indication.source));
    if (indication.max_weekly !== undefined) problems.push(...periodProblems(`${where}.max_weekly`, indication.max_weekly, 'week', indication.source));
  }
  if (d.usual_daily) problems.push(...unitProblems('usual_daily', d.usual_daily.unit, 'day'), ...rangeProblems('usual_daily', d.usual_daily.low, d.usual_daily.high));
  if (d.loading) {
    if (!d.routes.includes(d.loading.route)) problems.push(`loading route ${d.loading.route} is not among routes`);
    problems.push(...unitProblems('loading', d.loading.unit, 'single'), ...rangeProblems('loading', d.loading.usual_low, d.loading.usual_high));
    problems.push(...limitProblems('loading.max_single', d.loading.max_single, 'single', d.loading.source));
  }
  for (const [r, dosing] of Object.entries(d.dosing)) {
    for (const [kind, block] of [['single', dosing?.bolus], ['rate', dosing?.infusion]] as const) {
      for (const [field, per, segment] of [['usual_by_weight', 'kg', 'kg'], ['usual_by_bsa', 'm²', 'm2']] as const) {
        const range = block?.[field];
        if (!range) continue;
        const where = `dosing.${r}.${kind === 'single' ? 'bolus' : 'infusion'}.${field}`;
        problems.push(...unitProblems(where, range.unit, kind), ...rangeProblems(where, range.low, range.high));
        if (!range.unit.toLowerCase().split('/').includes(segment)) problems.push(`${where}.unit ${range.unit} must be per ${per} (${segment})`);
      }
    }
  }
  for (const [i, indication] of (d.indications ?? []).entries()) {
    if (!indication.usual) continue;
    const parsed = parseDoseUnit(indication.usual.unit);
    const kind = parsed.ok && parsed.unit.time !== null ? 'rate' : 'single';
    problems.push(...unitProblems(`indications[${i}].usual`, indication.usual.unit, kind), ...rangeProblems(`indications[${i}].usual`, indication.usual.low, indication.usual.high));
  }
  for (const [i, limit] of (d.patient_limits ?? []).entries()) {
    const where = `patient_limits[${i}] (${limit.name})`;
    if (limit.at_least > limit.criteria.length) problems.push(`${where} at_least ${limit.at_least} is more than its ${limit.criteria.length} criteria`);
    if (!limit.max_single && !limit.max_daily) problems.push(`${where} sets neither max_single nor max_daily`);
    if (limit.max_single) problems.push(...unitProblems(`${where}.max_single`, limit.max_single.unit, 'single'));
    if (limit.max_daily) problems.push(...unitProblems(`${where}.max_daily`, limit.max_daily.unit, 'day'));
    if (limit.indication && !(d.indications ?? []).some((x) => x.name === limit.indication)) problems.push(`${where} indication '${limit.indication}' is not among the row's indications`);
  }
  const timing = [d.onset_min, d.peak_min, d.duration_min];
  if (timing.every((t) => t !== null) && !(d.onset_min! <= d.peak_min! && d.peak_min! <= d.duration_min!)) {
    problems.push(`timing must satisfy onset ≤ peak ≤ duration (${timing.join(', ')})`);
  }
  if (Array.isArray(d.renal)) problems.push(...renalProblems(d.renal));
  return problems;
}

type UnitKind = 'single' | 'rate' | 'day' | 'week';

function unitProblems(where: string, unit: string, kind: UnitKind): string[] {
  const parsed = parseDoseUnit(unit);
  if (!parsed.ok) return [`${where}.unit ${parsed.reason}`];
  const time = parsed.unit.time;
  const fits = kind === 'single' ? time === null : kind === 'rate' ? time !== null && time !== 'day' && time !== 'week' : time === kind;
  const wanted = { single: 'a single dose (no time segment)', rate: 'a rate (per s, min or h)', day: 'a dose per day', week: 'a dose per week' }[kind];
  return fits ? [] : [`${where}.unit ${unit} must be ${wanted}`];
}

/** A limit in its own unit must be of the same kind as the block, and "none" must say where the label says so. */
function limitProblems(where: string, limit: LimitValue, kind: 'single' | 'rate', source: string | undefined): string[] {
  if (limit === 'none') return source ? [] : [`${where} is "none" but the block has no source saying the label defines no such limit`];
  if (limit === null || typeof limit === 'number') return [];
  const problems = unitProblems(where, limit.unit, kind);
  if (limit.cap) problems.push(...unitProblems(`${where}.cap`, limit.cap.unit, kind));
  return problems;
}

function periodProblems(where: string, limit: PeriodLimit, period: 'day' | 'week', source: string | undefined): string[] {
  if (limit === 'none') return source ? [] : [`${where} is "none" without ${where}_source saying the label defines no such limit`];
  return limit === null ? [] : unitProblems(where, limit.unit, period);
}

function orderProblems(where: string, low: number | null, usual: number | null, high: number | null, limit: LimitValue): string[] {
  const max = typeof limit === 'number' ? limit : null;
  const chain = [low, usual, high, max].filter((v): v is number => v !== null);
  for (let i = 1; i < chain.length; i++) if (chain[i]! < chain[i - 1]!) return [`${where} must satisfy usual_low ≤ usual ≤ usual_high ≤ max (${[low, usual, high, max].join(', ')})`];
  return [];
}

function rangeProblems(where: string, low: number | null, high: number | null): string[] {
  if ((low !== null && low <= 0) || (high !== null && high <= 0)) return [`${where} bounds must be greater than 0`];
  return low !== null && high !== null && low > high ? [`${where} must satisfy low ≤ high (${low}, ${high})`] : [];
}

/** Bands are listed from 0 upwards, each ending where the next begins, so a lookup can scan them in order. */
function renalProblems(bands: readonly RenalBand[]): string[] {
  if (bands[0]!.min !== 0 || bands[0]!.min_exclusive) return ['renal bands must start at 0 (inclusive)'];
  for (let i = 0; i < bands.length; i++) {
    const band = bands[i]!;
    const next = bands[i + 1];
    if (band.max !== null && band.max <= band.min) return [`renal band from ${band.min} must end above its start, not at ${band.max}`];
    // §4.7.3: a band may change dose and interval together; "avoid" excludes both.
    if (band.avoid === true && (band.factor !== undefined || band.interval_h !== undefined)) return [`renal band from ${band.min} says avoid and also gives a factor or interval`];
    if (next && band.max !== next.min) return [`renal bands leave a gap or overlap at ${band.max}`];
    if (!next && band.max !== null) return [`renal bands must reach ∞ (last max null), not ${band.max}`];
  }
  return [];
}

// Request-body schemas: the same objects validate requests (ajv) and describe them in /v1/openapi.json.
import type { ErrorObject } from 'ajv';
import { createAjv } from '../util/ajv.js';

export const MAX_CODE_POINTS = 10_000;
export const MAX_BODY_BYTES = 1024 * 1024;
/** objects and arrays nested at most this deep in a request body (the body itself is level 1) */
export const MAX_BODY_DEPTH = 32;

/** A patient field sent with its unit: `{"value": 97, "unit": "umol/L"}`, converted to the field's unit on entry. */
const measurementSchema = {
  type: 'object',
  required: ['value', 'unit'],
  additionalProperties: false,
  properties: { value: { type: 'number' }, unit: { type: 'string', description: 'a unit of docs/language.md §7, e.g. umol/L' } },
} as const;

export const patientSchema = {
  type: 'object',
  description:
    'Patient fields. The ten documented fields default to bp 90, hr 110, rr 22, temp 38.3, spo2 94, weight 70, age 55, gcs 15, lactate 2.0, sex "M"; other fields (creatinine, platelets, diastolic_bp, height, …) pass through. A field is a number, a string, a boolean or a list of them (`"medications": ["Warfarin"]`); a field with a unit (docs/language.md §6) may be sent with another unit as `{"value": 97, "unit": "umol/L"}` and is converted on entry.',
  additionalProperties: { anyOf: [{ type: ['number', 'string', 'boolean'] }, { type: 'array', items: { type: ['number', 'string', 'boolean'] } }, measurementSchema] },
  properties: {
    bp: { anyOf: [{ type: 'number' }, measurementSchema], description: 'systolic blood pressure, mmHg', default: 90 },
    hr: { anyOf: [{ type: 'number' }, measurementSchema], description: 'heart rate, beats/min', default: 110 },
    rr: { anyOf: [{ type: 'number' }, measurementSchema], description: 'respiratory rate, breaths/min', default: 22 },
    temp: { anyOf: [{ type: 'number' }, measurementSchema], description: 'temperature, °C', default: 38.3 },
    spo2: { anyOf: [{ type: 'number' }, measurementSchema], description: 'oxygen saturation, %', default: 94 },
    weight: { anyOf: [{ type: 'number' }, measurementSchema], description: 'weight, kg', default: 70 },
    age: { type: 'number', description: 'age, years', default: 55 },
    gcs: { type: 'number', description: 'Glasgow Coma Scale', default: 15 },
    lactate: { anyOf: [{ type: 'number' }, measurementSchema], description: 'lactate, mmol/L', default: 2.0 },
    sex: { type: 'string', description: 'M or F', default: 'M' },
  },
} as const;

export const runBodySchema = {
  type: 'object',
  required: ['code'],
  additionalProperties: false,
  properties: {
    code: { type: 'string', description: `protocol source text; at most ${MAX_CODE_POINTS} characters (Unicode code points)` },
    patient: patientSchema,
  },
} as const;

export const checkBodySchema = {
  type: 'object',
  required: ['code'],
  additionalProperties: false,
  properties: { code: runBodySchema.properties.code },
} as const;

export const callBodySchema = {
  type: 'object',
  required: ['module', 'function'],
  additionalProperties: false,
  properties: {
    module: { type: 'string', description: 'module name, e.g. lab' },
    function: { type: 'string', description: 'function name within the module, e.g. interpret' },
    args: { type: 'array', description: 'positional arguments', items: {} },
    kwargs: { type: 'object', description: 'keyword arguments by parameter name' },
  },
} as const;

const ajv = createAjv();
export const validateRunBody = ajv.compile(runBodySchema);
export const validateCallBody = ajv.compile(callBodySchema);
export const validateCheckBody = ajv.compile(checkBodySchema);

/** Ajv's first error as a sentence naming the field. */
export function describeBodyError(errors: readonly ErrorObject[] | null | undefined): string {
  const error = errors?.[0];
  if (!error) return 'the request body is invalid';
  const path = error.instancePath.split('/').filter(Boolean);
  const field = path.length === 0 ? '' : path[0] === 'patient' && path.length > 1 ? `patient field '${path.slice(1).join('.')}'` : `'${path.join('.')}'`;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `missing required field '${p.missingProperty}'`;
    case 'additionalProperties':
      return `unknown field '${p.additionalProperty}'${field ? ` in ${field}` : ''}`;
    case 'type':
      return `${field || 'the body'} must be ${String(p.type).split(',').map((t) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`)).join(' or ')}`;
    default:
      return `${field || 'the body'} ${error.message ?? 'is invalid'}`;
  }
}

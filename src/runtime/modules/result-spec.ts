// A function's declared result (types.ts ResultSpec) as one ValueSpec, the form the checker, the
// reference and the boundary check read, and the check that an answer keeps to its declaration.
import type { JsonValue, RecordResultSpec, ResultField, ResultSpec, ValueSpec } from './types.js';

const SUGGESTIONS: ResultField = { name: 'suggestions', type: 'array', items: { type: 'string', description: 'a known name' }, description: 'when not found: the nearest known names', optional: true };

function recordFields(record: RecordResultSpec): ResultField[] {
  const fields = record.fields;
  // the tag's one value is known from the declaration itself (a FHIR resource is tagged by `resourceType`)
  const tag = fields.some((f) => f.name === 'resourceType') ? 'resourceType' : 'type';
  const tagField: ResultField = { name: tag, type: 'string', description: 'the kind of record', enum: [record.type] };
  const listed = fields.some((f) => f.name === tag);
  const tagged = listed ? fields.map((f) => (f.name === tag && f.type === 'any' ? tagField : f)) : [tagField, ...fields];
  // a lookup that declares `found` answers a miss with the nearest known names (one convention for every lookup)
  const lookup = tagged.some((f) => f.name === 'found') && !tagged.some((f) => f.name === 'suggestions');
  return lookup ? [...tagged, SUGGESTIONS] : tagged;
}

export function resultValueSpec(result: ResultSpec): ValueSpec {
  if ('bare' in result) {
    const { bare, description = '', unit, items, record } = result;
    const base: ValueSpec = { type: bare, description, ...(unit !== undefined && { unit }), ...(items && { items }) };
    return record ? { ...base, type: [bare, 'object'], fields: recordFields(record) } : base;
  }
  return { type: 'object', description: result.description ?? '', fields: recordFields(result) };
}

function kindOf(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function fits(kind: string, declared: readonly string[]): boolean {
  return declared.includes('any') || declared.includes(kind) || (kind === 'integer' && declared.includes('number'));
}

/** `result.arm_counts.Arm_A`, or `result.assignments["PT-0001"]` for a key that is not a plain name. */
const keyPath = (path: string, key: string): string => (/^[A-Za-z_]\w*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);

/** Where `value` leaves its declaration (`result.level: undeclared`, `result.dose is a string, declared number`); null when it keeps to it. */
export function resultMismatch(value: JsonValue, spec: ValueSpec, path = 'result'): string | null {
  const declared = Array.isArray(spec.type) ? spec.type : [spec.type as string];
  const kind = kindOf(value);
  if (!fits(kind, declared)) return `${path} is ${kind}, declared ${declared.join(' or ')}`;
  if (spec.enum && (typeof value === 'string' || typeof value === 'number') && !spec.enum.includes(value)) return `${path} is ${JSON.stringify(value)}, declared one of ${spec.enum.join(', ')}`;
  if (kind === 'array' && spec.items) {
    const items = value as JsonValue[];
    for (let i = 0; i < items.length; i++) {
      const problem = resultMismatch(items[i]!, spec.items, `${path}[${i}]`);
      if (problem) return problem;
    }
  }
  if (kind === 'object' && (spec.fields || spec.values)) {
    const record = value as Record<string, JsonValue>;
    const fields = spec.fields ?? [];
    const byName = new Map(fields.map((f) => [f.name, f]));
    for (const [key, field] of Object.entries(record)) {
      // a key the fields do not name holds a value of the declared shape, when the record is keyed by data
      const shape = byName.get(key) ?? spec.values;
      if (!shape) return `${keyPath(path, key)} is not declared`;
      const problem = resultMismatch(field, shape, keyPath(path, key));
      if (problem) return problem;
    }
    const missing = fields.find((f) => !f.optional && !(f.name in record));
    if (missing) return `${path}.${missing.name} is declared but missing`;
  }
  return null;
}

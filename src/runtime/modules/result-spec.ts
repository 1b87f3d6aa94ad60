// A function's declared result (types.ts ResultSpec) as one ValueSpec: the form the checker, the
// reference and the boundary check read, so a tagged record's `type` field is declared once, here.
import type { ResultField, ResultSpec, ValueSpec } from './types.js';

/** A field declared by name only (the older form) may hold anything; its meaning is not yet written. */
function fieldSpec(field: string | ResultField): ResultField {
  return typeof field === 'string' ? { name: field, type: 'any', description: '' } : field;
}

export function resultValueSpec(result: ResultSpec): ValueSpec {
  if ('bare' in result) {
    const { bare, description = '', unit, items } = result;
    return { type: bare, description, ...(unit !== undefined && { unit }), ...(items && { items }) };
  }
  const fields = result.fields.map(fieldSpec);
  const tag: ResultField = { name: 'type', type: 'string', description: 'the kind of record', enum: [result.type] };
  return {
    type: 'object',
    description: result.description ?? '',
    fields: fields.some((f) => f.name === 'type') ? fields.map((f) => (f.name === 'type' && f.type === 'any' ? tag : f)) : [tag, ...fields],
  };
}

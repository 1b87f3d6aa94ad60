// Every library function with its parameters and declared result, as /v1/modules and /v1/openapi.json
// give it: read from the registry, so both always say what the checker and /v1/call hold to.
import { registry } from '../runtime/modules/index.js';
import { resultValueSpec } from '../runtime/modules/result-spec.js';
import type { ValueSpec } from '../runtime/modules/types.js';

/** A declared value as the API gives it: a record keyed by data says what its keys are and the shape of each value in JSON Schema's words (`propertyNames`, `additionalProperties`). */
function publicSpec(spec: ValueSpec): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(spec).map(([key, value]) => {
      if (key === 'values') return ['additionalProperties', publicSpec(value as ValueSpec)];
      if (key === 'keys') return ['propertyNames', { type: 'string', description: value }];
      if (key === 'items') return [key, publicSpec(value as ValueSpec)];
      if (key === 'fields') return [key, (value as ValueSpec[]).map(publicSpec)];
      return [key, value];
    }),
  );
}

let cached: Record<string, unknown> | null = null;

export function functionCatalogue(): Record<string, unknown> {
  if (cached) return cached;
  const out: Record<string, unknown> = {};
  for (const fn of registry.functions()) {
    out[`${fn.module}.${fn.name}`] = {
      description: fn.description,
      aliases: fn.aliases ?? [],
      parameters: fn.params.map((p) => ({ ...p, required: !('default' in p) })),
      result: publicSpec(resultValueSpec(fn.result)),
      ...(fn.patientFields && { patient_fields: fn.patientFields }),
      state: fn.state,
      sources: fn.sources,
    };
  }
  cached = out;
  return out;
}

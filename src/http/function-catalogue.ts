// Every library function with its parameters and declared result, as /v1/modules and /v1/openapi.json
// give it: read from the registry, so both always say what the checker and /v1/call hold to.
import { registry } from '../runtime/modules/index.js';
import { resultValueSpec } from '../runtime/modules/result-spec.js';

let cached: Record<string, unknown> | null = null;

export function functionCatalogue(): Record<string, unknown> {
  if (cached) return cached;
  const out: Record<string, unknown> = {};
  for (const fn of registry.functions()) {
    out[`${fn.module}.${fn.name}`] = {
      description: fn.description,
      aliases: fn.aliases ?? [],
      parameters: fn.params.map((p) => ({ ...p, required: !('default' in p) })),
      result: resultValueSpec(fn.result),
      ...(fn.patientFields && { patient_fields: fn.patientFields }),
      state: fn.state,
      sources: fn.sources,
    };
  }
  cached = out;
  return out;
}

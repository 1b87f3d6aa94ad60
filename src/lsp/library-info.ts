// What the language server tells about the library, patient fields and drugs: read from the registry's
// declarations (parameters, results, sources), the patient's field table and the shipped drug table,
// so completion and hover say exactly what docs/library.md and /v1/modules say.
import { registry } from '../runtime/modules/index.js';
import { drugs, namesOf } from '../runtime/modules/pk/table.js';
import type { RegisteredFunction } from '../runtime/modules/registry.js';
import type { ParamSpec, ResultField, ResultSpec, ValueSpec } from '../runtime/modules/types.js';
import { PATIENT_DEFAULTS, PATIENT_FIELD_UNITS } from '../runtime/patient.js';

export interface FieldInfo {
  name: string;
  /** `number, mg/dL` or `string` */
  detail: string;
  description: string;
  /** the nested record's fields, for `r.dose_check.` */
  fields: readonly FieldInfo[];
}

export function moduleNames(): string[] {
  return registry.moduleNames;
}

export function moduleDescription(module: string): string | undefined {
  return registry.moduleDefs.find((m) => m.name === module)?.description;
}

/** The module's functions by every callable name (canonical names and aliases). */
export function functionsOf(module: string): { callable: string; fn: RegisteredFunction }[] {
  return (registry.listing()[module] ?? []).map((callable) => ({ callable, fn: registry.resolve(module, callable)! }));
}

export function libraryFunction(module: string, name: string): RegisteredFunction | undefined {
  return registry.resolve(module, name);
}

function typeText(type: ParamSpec['type'] | ValueSpec['type']): string {
  return Array.isArray(type) ? type.join(' | ') : String(type);
}

/** `weight: number kg` — one parameter as signatures and completion show it. */
export function parameterLabel(p: ParamSpec): string {
  return `${p.name}: ${typeText(p.type)}${p.unit ? ` ${p.unit}` : ''}${'default' in p ? '?' : ''}`;
}

export function signatureLabel(module: string, callable: string, fn: RegisteredFunction): string {
  return `med.${module}.${callable}(${fn.params.map(parameterLabel).join(', ')}) → ${resultTypeText(fn.result)}`;
}

export function resultTypeText(result: ResultSpec): string {
  if ('bare' in result) return `${result.bare}${result.unit ? ` ${result.unit}` : ''}`;
  return `${result.type} record`;
}

function valueDetail(v: ValueSpec): string {
  return `${typeText(v.type)}${v.unit ? `, ${v.unit}` : ''}`;
}

function fieldInfo(field: string | ResultField): FieldInfo {
  if (typeof field === 'string') return { name: field, detail: 'field', description: '', fields: [] };
  return { name: field.name, detail: valueDetail(field) + (field.optional ? ', may be absent' : ''), description: field.description, fields: (field.fields ?? []).map(fieldInfo) };
}

/** The fields of a function's record result (none for a bare value). */
export function resultFields(fn: RegisteredFunction): FieldInfo[] {
  return 'fields' in fn.result ? fn.result.fields.map(fieldInfo) : [];
}

/** Markdown for hover and completion: description, parameters, result and sources. */
export function functionMarkdown(module: string, callable: string, fn: RegisteredFunction): string {
  const lines = ['```moiss', signatureLabel(module, callable, fn), '```', fn.description, '', '**Parameters**'];
  for (const p of fn.params) lines.push(`- \`${p.name}\` (${typeText(p.type)}${p.unit ? `, ${p.unit}` : ''}${'default' in p ? `, optional, default ${JSON.stringify(p.default)}` : ', required'}): ${p.description}`);
  if (fn.params.length === 0) lines.push('- none');
  lines.push('', `**Result**: ${resultTypeText(fn.result)}${fn.result.description ? ` — ${fn.result.description}` : ''}`);
  for (const f of resultFields(fn)) lines.push(`- \`${f.name}\` (${f.detail})${f.description ? `: ${f.description}` : ''}`);
  if (fn.sources.length) lines.push('', '**Sources**', ...fn.sources.map((s) => `- ${s}`));
  return lines.join('\n');
}

const DERIVED_PATIENT_FIELDS: Record<string, string> = {
  map: 'mean arterial pressure, derived from bp and diastolic_bp when both are sent',
  bmi: 'body-mass index, derived from weight and height when both are sent',
  shock_index: 'hr / bp, derived',
};

/** The patient fields the language knows: the ten with defaults, those with a unit, and the derived ones. */
export function patientFields(): FieldInfo[] {
  const names = [...new Set([...Object.keys(PATIENT_DEFAULTS), ...Object.keys(PATIENT_FIELD_UNITS), ...Object.keys(DERIVED_PATIENT_FIELDS)])];
  return names.map((name) => {
    const unit = PATIENT_FIELD_UNITS[name];
    const fallback = PATIENT_DEFAULTS[name];
    const parts = [unit ? `unit ${unit}` : 'plain value', fallback !== undefined ? `default ${JSON.stringify(fallback)}` : 'no default: a run that reads it without it being sent stops with an error'];
    return { name, detail: unit ?? (typeof fallback === 'string' ? 'string' : 'number'), description: [DERIVED_PATIENT_FIELDS[name], ...parts].filter(Boolean).join('; '), fields: [] };
  });
}

/**
 * The names `administer` can take of the shipped drug table, with the drug's class: `administer` takes a
 * name (language.md §4), so names with spaces or hyphens ('Morphine sulfate') are left to their aliases.
 */
export function drugNames(): { name: string; drug: string; detail: string }[] {
  return drugs.drugs.flatMap((d) =>
    namesOf(d)
      .filter((name) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
      .map((name) => ({ name, drug: d.name, detail: `${d.class}; routes ${d.routes.join(', ')}` })),
  );
}

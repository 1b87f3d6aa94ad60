// docs/library.md, written from the registry itself (`npm run docs`), so the reference a user reads
// can never disagree with what /v1/modules, /v1/call and the checker accept. A test fails when stale.
import { parseUnit } from '../../units/index.js';
import type { Registry, RegisteredFunction } from './registry.js';
import { resultValueSpec } from './result-spec.js';
import type { ParamSpec, PatientCriterion, ResultField, ValueSpec } from './types.js';
import { PATIENT_FIELDS } from './util/patient.js';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function typeText(p: ParamSpec): string {
  return Array.isArray(p.type) ? p.type.join(' or ') : p.type;
}

function constraints(p: ParamSpec): string {
  const parts: string[] = [];
  if (p.enum) parts.push(`one of ${p.enum.map((v) => `\`${v}\``).join(', ')}`);
  if (p.minimum !== undefined) parts.push(`≥ ${p.minimum}`);
  if (p.exclusiveMinimum !== undefined) parts.push(`> ${p.exclusiveMinimum}`);
  if (p.maximum !== undefined) parts.push(`≤ ${p.maximum}`);
  if (p.exclusiveMaximum !== undefined) parts.push(`< ${p.exclusiveMaximum}`);
  if ('default' in p) parts.push(`default \`${JSON.stringify(p.default)}\``);
  else parts.push('required');
  return parts.join('; ');
}

/** A declared unit the language can convert into is marked, so authors know `80000 g` works for it. */
function unitText(p: ParamSpec): string {
  if (p.unit === undefined) return '';
  return parseUnit(p.unit) ? `${p.unit} (converted)` : p.unit;
}

const KIND_WORDS: Record<string, string> = { number: 'number', integer: 'whole number', string: 'string', boolean: 'boolean', array: 'list', object: 'record', null: 'null', any: 'any value' };

/** `number`, `list of string`, `record`, `number or null`. */
function valueType(v: ValueSpec): string {
  const kinds = Array.isArray(v.type) ? v.type : [v.type as string];
  return kinds.map((k) => (k === 'array' && v.items ? `list of ${valueType(v.items)}` : KIND_WORDS[k] ?? k)).join(' or ');
}

/** "a" or "an" before a word as it is read aloud (an `IO_EVENT` record, an integer; a `SCORE` record). */
const article = (word: string): string => (/^[`*]?[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

function enumText(values: readonly (string | number)[]): string {
  return values.length === 1 ? `always \`${values[0]}\`` : `one of ${values.map((v) => `\`${v}\``).join(', ')}`;
}

function fieldMeaning(f: ValueSpec & { optional?: boolean }): string {
  const parts = [f.description];
  // a description that already states the value is not followed by it again
  if (f.enum && !parts[0]!.includes(enumText(f.enum))) parts.push(enumText(f.enum));
  if (f.optional) parts.push('absent when not applicable');
  return parts.join('; ');
}

/** One row per field, nested record fields as `outer.inner`. */
function fieldRows(fields: readonly ResultField[], prefix = ''): string[] {
  return fields.flatMap((f) => valueRows(`${prefix}${f.name}`, f));
}

/** The row of one value, then its nested fields (a list's as `name[].inner`) and, for a record keyed by data, `name.<key>`. */
function valueRows(path: string, v: ValueSpec & { optional?: boolean }): string[] {
  const rows = [`| \`${path}\` | ${cell(valueType(v))} | ${cell(v.unit ?? '')} | ${cell(fieldMeaning(v))} |`];
  const record = v.fields || v.values ? v : v.items;
  const inner = record === v ? path : `${path}[]`;
  if (record?.fields) rows.push(...fieldRows(record.fields, `${inner}.`));
  if (record?.values) rows.push(...valueRows(`${inner}.<${record.keys ?? 'key'}>`, record.values));
  return rows;
}

function resultSection(f: RegisteredFunction): string[] {
  const spec = resultValueSpec(f.result);
  const unit = spec.unit ? ` in ${spec.unit}` : '';
  const meaning = spec.description ? `: ${cell(spec.description)}` : '';
  if (!spec.fields) return [`Result: ${article(valueType(spec))}${unit}${meaning}.`];
  const tag = 'bare' in f.result ? f.result.record!.type : f.result.type;
  const head =
    'bare' in f.result
      ? `Result: ${article(valueType({ ...spec, type: f.result.bare }))}${unit}${meaning}; with \`detail: true\`, ${article(`\`${tag}\``)} record:`
      : `Result: ${article(`\`${tag}\``)} record${meaning}:`;
  return [head, '', '| Field | Type | Unit | Meaning |', '|---|---|---|---|', ...fieldRows(spec.fields)];
}

function patientFieldText(name: string): string {
  const known = PATIENT_FIELDS[name];
  return known ? `\`${name}\` (${known.unit}, ${known.meaning})` : `\`${name}\``;
}

function patientSection(criteria: readonly PatientCriterion[]): string[] {
  const rows = criteria.map((c) => `| ${cell(c.alternatives.map((set) => set.map(patientFieldText).join(' + ')).join(' or '))} | ${c.required ? 'required' : 'optional'} |`);
  return ['Patient fields it reads (send them in the patient object; units as in [language.md](language.md)):', '', '| Field | |', '|---|---|', ...rows];
}

function functionSection(module: string, f: RegisteredFunction): string {
  const lines = [`### \`med.${module}.${f.name}\``, '', cell(f.description), ''];
  if (f.aliases?.length) lines.push(`Aliases: ${f.aliases.map((a) => `\`${a}\``).join(', ')}.`, '');
  if (f.params.length) {
    lines.push('| # | Parameter | Type | Unit | Constraints | Description |', '|---|---|---|---|---|---|');
    f.params.forEach((p, i) => lines.push(`| ${i + 1} | \`${p.name}\` | ${typeText(p)} | ${cell(unitText(p))} | ${cell(constraints(p))} | ${cell(p.description)} |`));
  } else {
    lines.push('No parameters.');
  }
  lines.push('');
  if (f.patientFields?.length) lines.push(...patientSection(f.patientFields), '');
  lines.push(...resultSection(f));
  if (f.state !== 'none') lines.push('', `State: keeps state per ${f.state === 'run' ? 'run' : 'organization'}.`);
  if (f.bounded) lines.push('', 'Bounded: `POST /v1/call` answers it in the server process when the body is at most 4 KiB (see below).');
  if (f.sources.length) lines.push('', 'Sources:', ...f.sources.map((s) => `- ${cell(s)}`));
  lines.push('');
  return lines.join('\n');
}

export function libraryReferenceMarkdown(registry: Registry): string {
  const out = [
    '# The library reference',
    '',
    '<!-- Generated from the registry by `npm run docs`; do not edit by hand. -->',
    '',
    'Every module and function a protocol reaches as `med.<module>.<function>(...)` and `POST /v1/call`',
    'accepts, with its parameters in order. A parameter whose unit is marked *(converted)* takes a quantity',
    'of any commensurable unit from a protocol (`p.weight`, `80000 g`) and is converted to that unit; a',
    'plain number is taken in that unit; a quantity of another kind is a compile error. See',
    '[language.md](language.md) for the language itself.',
    '[drugs.md](drugs.md) lists every drug of the `pk` table with its names, routes and what is known of it.',
    '',
    'Each function ends with its result: its type, and for a record each field with its type, unit and',
    'meaning. Reading a field a result does not declare is a compile error (`r.levle`: did you mean',
    "`level`?). A lookup that answers `found` answers a name it does not know with `found: false` and",
    '`suggestions`, the nearest known names. An answer carries no field its declaration does not list. A record',
    'whose keys are data (arm labels, stratum names, severity tiers) has a `name.<key>` row (`arm_counts.<arm>`): the',
    'shape of each of its values.',
    '',
    '`POST /v1/call` runs every function in a worker process under the run time limit, except a function',
    'marked *Bounded*: a scalar score or formula without state whose parameters have sizes fixed by their',
    'declarations and which loops over nothing the caller sizes (test/bounded-functions.test.ts counts its',
    'work at the largest such input). Called with a body of at most 4 KiB, it is answered in the server',
    'process, without a round trip to a worker.',
    '',
    '## Modules',
    '',
    '| Module | Functions | |',
    '|---|---|---|',
  ];
  for (const def of registry.moduleDefs) {
    const names = registry.functions().filter((f) => f.module === def.name);
    out.push(`| [\`${def.name}\`](#module-${def.name}) | ${names.length} | ${cell(def.description)} |`);
  }
  out.push('');
  for (const def of registry.moduleDefs) {
    out.push(`## Module \`${def.name}\``, '', cell(def.description), '');
    for (const f of registry.functions().filter((x) => x.module === def.name)) out.push(functionSection(def.name, f));
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

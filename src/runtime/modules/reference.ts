// docs/library.md, written from the registry itself (`npm run docs`), so the reference a user reads
// can never disagree with what /v1/modules, /v1/call and the checker accept. A test fails when stale.
import { parseUnit } from '../../units/index.js';
import type { Registry, RegisteredFunction } from './registry.js';
import type { ParamSpec, ResultSpec } from './types.js';

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

/** A record's fields as a sentence, or as a table with type, unit and meaning once the fields are typed. */
function resultLines(result: ResultSpec): string[] {
  if (!('fields' in result)) return [`Result: a bare ${result.bare}${result.unit ? ` (${result.unit})` : ''}.`];
  if (result.fields.every((x) => typeof x === 'string')) return [`Result: a \`${result.type}\` record with ${result.fields.map((x) => `\`${x as string}\``).join(', ')}.`];
  const rows = result.fields.map((x) => {
    if (typeof x === 'string') return `| \`${x}\` |  |  |  |`;
    const type = Array.isArray(x.type) ? x.type.join(' or ') : (x.type as string);
    return `| \`${x.name}\`${x.optional ? ' (optional)' : ''} | ${type} | ${cell(x.unit ?? '')} | ${cell(x.description)} |`;
  });
  return [`Result: a \`${result.type}\` record:`, '', '| Field | Type | Unit | Meaning |', '|---|---|---|---|', ...rows];
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
  lines.push(...resultLines(f.result));
  if (f.state !== 'none') lines.push('', `State: keeps state per ${f.state === 'run' ? 'run' : 'organization'}.`);
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

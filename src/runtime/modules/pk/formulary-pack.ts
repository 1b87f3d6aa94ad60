// Pack kind `formulary`: a hospital's own drug rows and interaction rules in the pk table's schema.
// A row whose name or alias is a shipped drug replaces that drug (the site sets its own limits); other
// rows and every rule extend the shipped table. Results then name the formulary as their `source`.
//
// File: JSON Lines. The first line names the formulary: {"formulary": "St Mary's formulary", "effective":
// "2026-11-01"}; then one entry a line, {"drug": {…a pk drug row…}} or {"rule": {a, b, severity,
// mechanism, management, source}} (with `c` for a rule over three drugs). Blank lines and lines starting
// with # are skipped.
import { describeJsonError } from '../../packs/json-error.js';
import { normalizeName } from '../../../util/names.js';
import type { PackKind, PackProblem } from '../../packs/types.js';
import { ruleSides } from './interactions.js';
import { drugProblems } from './schema.js';
import { DRUG_DEFAULTS, FORMULARY_PACK, interactions, isShippedDrug, type Drug, type FormularyEntry, type InteractionRule } from './table.js';

const SEVERITIES = ['MONITOR', 'MODERATE', 'MAJOR', 'SEVERE', 'EXPECTED'];
const RULE_FIELDS = ['a', 'b', 'severity', 'mechanism', 'management', 'source'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const formularyKind: PackKind<FormularyEntry> = {
  kind: FORMULARY_PACK,
  table: 'pk-drugs',
  summary: "a site's own drug rows and interaction rules in the pk table's schema, overriding or extending the shipped table (JSON Lines)",
  parse(text) {
    const problems: PackProblem[] = [];
    const entries: { line: number; entry: FormularyEntry }[] = [];
    let label: string | null = null;
    let headerSeen = false;
    text.split(/\r?\n/).forEach((raw, i) => {
      const line = i + 1;
      const trimmed = raw.trim();
      if (trimmed === '' || trimmed.startsWith('#')) return;
      let value: unknown;
      try {
        value = JSON.parse(trimmed);
      } catch (error) {
        problems.push({ line, message: describeJsonError(error) });
        return;
      }
      if (!headerSeen) {
        headerSeen = true;
        if (!isObject(value) || typeof value.formulary !== 'string' || value.formulary.trim() === '') {
          problems.push({ line, message: `the first entry must name the formulary: {"formulary": "NAME", "effective": "DATE"}` });
          return;
        }
        label = typeof value.effective === 'string' ? `${value.formulary} (effective ${value.effective})` : value.formulary;
        return;
      }
      if (isObject(value) && Object.keys(value).length === 1 && isObject(value.drug)) {
        const row = { ...DRUG_DEFAULTS, ...value.drug };
        const found = drugProblems(row);
        const name = (value.drug as { name?: unknown }).name;
        if (found.length) problems.push(...found.map((message) => ({ line, message: `drug ${JSON.stringify(name ?? "?")}: ${message}` })));
        else entries.push({ line, entry: { type: 'drug', drug: row as unknown as Drug } });
      } else if (isObject(value) && Object.keys(value).length === 1 && isObject(value.rule)) {
        const message = ruleProblem(value.rule);
        if (message) problems.push({ line, message });
        else entries.push({ line, entry: { type: 'rule', rule: value.rule as unknown as InteractionRule } });
      } else {
        problems.push({ line, message: 'each entry must be {"drug": {…}} or {"rule": {…}}' });
      }
    });
    if (!headerSeen) problems.push({ line: 1, message: 'the file is empty; it must start with {"formulary": "NAME"}' });
    problems.push(...crossProblems(entries));
    problems.sort((a, b) => a.line - b.line);
    return problems.length ? { problems } : { rows: entries.map((e) => e.entry), label };
  },
};

function ruleProblem(rule: Record<string, unknown>): string | null {
  const unknown = Object.keys(rule).filter((k) => !RULE_FIELDS.includes(k) && k !== 'c');
  if (unknown.length) return `rule: unknown field(s) ${unknown.join(', ')}; fields are ${RULE_FIELDS.join(', ')} and, for a rule over three drugs, c`;
  if ('c' in rule && (typeof rule.c !== 'string' || rule.c.trim() === '')) return "rule: 'c' (the third side) must be a non-empty string";
  for (const field of RULE_FIELDS) {
    if (typeof rule[field] !== 'string' || (rule[field] as string).trim() === '') return `rule: '${field}' must be a non-empty string`;
  }
  if (!SEVERITIES.includes(rule.severity as string)) return `rule: severity must be one of ${SEVERITIES.join(', ')}, got ${JSON.stringify(rule.severity)}`;
  return null;
}

/** Names used twice in the pack, and rule sides that are neither a drug nor a class. */
function crossProblems(entries: readonly { line: number; entry: FormularyEntry }[]): PackProblem[] {
  const problems: PackProblem[] = [];
  const names = new Map<string, number>();
  const classes = new Set(Object.keys(interactions.classes).map(normalizeName));
  for (const { line, entry } of entries) {
    if (entry.type !== 'drug') continue;
    for (const name of [entry.drug.name, ...entry.drug.aliases]) {
      const key = normalizeName(name);
      const first = names.get(key);
      if (first !== undefined) problems.push({ line, message: `drug name '${name}' is already used on line ${first}` });
      else names.set(key, line);
    }
    for (const cls of entry.drug.interaction_classes) classes.add(normalizeName(cls));
  }
  const pairs = new Map<string, number>();
  for (const { line, entry } of entries) {
    if (entry.type !== 'rule') continue;
    const sides = ruleSides(entry.rule);
    for (const side of sides) {
      const key = normalizeName(side);
      if (!names.has(key) && !classes.has(key) && !isShippedDrug(side)) problems.push({ line, message: `rule side '${side}' is neither a drug nor an interaction class` });
    }
    const pair = sides.map(normalizeName).sort().join('+');
    const first = pairs.get(pair);
    if (first !== undefined) problems.push({ line, message: `rule ${sides.join(' + ')} repeats line ${first}` });
    else pairs.set(pair, line);
  }
  return problems;
}

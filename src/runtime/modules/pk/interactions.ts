// The two-way interaction check of modules.md §4.4: each rule is stored once and applies in both
// directions and to every member of a class it names.
import type { CallContext, JsonObject } from '../types.js';
import { findDrug, interactionRules, interactions, matchesSide, suggestDrugs, type Drug, type InteractionRule, type Severity } from './table.js';

const RANK: Record<Severity, number> = { EXPECTED: 0, MONITOR: 1, MODERATE: 2, MAJOR: 3, SEVERE: 4 };

/** Names that go beyond MONITOR and stop a drug being safe to administer. */
export const UNSAFE: ReadonlySet<string> = new Set(['MAJOR', 'SEVERE']);

export function checkInteractions(ctx: CallContext, drugName: string, others: readonly string[]): JsonObject {
  const drug = findDrug(ctx, drugName);
  if (!drug) {
    return {
      type: 'PK_INTERACTION',
      drug: drugName,
      found: false,
      checked: [],
      unknown_drugs: [],
      not_checked: [],
      interactions: [],
      max_severity: 'NONE',
      safe_to_administer: null,
      source: interactions.name,
      table_version: interactions.version,
      suggestions: suggestDrugs(ctx, drugName),
    };
  }
  const checked: string[] = [];
  const unknown: string[] = [];
  const records: JsonObject[] = [];
  for (const name of others) {
    const other = findDrug(ctx, name);
    if (!other) {
      if (!unknown.includes(name)) unknown.push(name);
      continue;
    }
    if (other === drug || checked.includes(other.name)) continue;
    checked.push(other.name);
    records.push(...rulesBetween(drug, other).map((rule) => interactionRecord(rule, drug, other)));
  }
  const maxSeverity = highest(records.map((r) => r.severity as Severity));
  return {
    type: 'PK_INTERACTION',
    drug: drug.name,
    found: true,
    checked,
    unknown_drugs: unknown,
    // §4.7.2: a partner the table does not know was not checked, so nothing can be called safe with it.
    not_checked: unknown,
    interactions: records,
    max_severity: maxSeverity,
    safe_to_administer: UNSAFE.has(maxSeverity) ? false : unknown.length > 0 ? null : true,
    source: interactions.name,
    table_version: interactions.version,
  };
}

/** The rules linking two drugs, most severe first (stable in table order). */
function rulesBetween(d: Drug, x: Drug): InteractionRule[] {
  return interactionRules()
    .filter((r) => (matchesSide(d, r.a) && matchesSide(x, r.b)) || (matchesSide(x, r.a) && matchesSide(d, r.b)))
    .sort((p, q) => RANK[q.severity] - RANK[p.severity]);
}

/** drug_a is the drug on the rule's `a` side, so both directions report the same record. */
function interactionRecord(rule: InteractionRule, d: Drug, x: Drug): JsonObject {
  const forward = matchesSide(d, rule.a) && matchesSide(x, rule.b);
  const reverse = matchesSide(x, rule.a) && matchesSide(d, rule.b);
  // a rule both drugs fit either way round (serotonergic + serotonergic) orders them by name
  const dIsA = forward && reverse ? d.name < x.name : forward;
  const [a, b] = dIsA ? [d, x] : [x, d];
  return {
    drug_a: a.name,
    drug_b: b.name,
    severity: rule.severity,
    mechanism: rule.mechanism,
    management: rule.management,
    rule: `${rule.a} + ${rule.b}`,
    source: rule.source,
  };
}

/** Highest rank; EXPECTED only when nothing else is present; NONE for no records. */
function highest(severities: Severity[]): string {
  if (severities.length === 0) return 'NONE';
  const ranked = severities.filter((s) => s !== 'EXPECTED');
  if (ranked.length === 0) return 'EXPECTED';
  return ranked.reduce((best, s) => (RANK[s] > RANK[best] ? s : best));
}

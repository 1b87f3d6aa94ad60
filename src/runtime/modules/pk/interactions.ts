// The two-way interaction check of modules.md §4.4: each rule is stored once and applies in both
// directions and to every member of a class it names. A rule with a third side (`c`) applies when the
// drug and two other distinct drugs of the list fill its three sides, whichever of them is checked.
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
  const partners = checked.map((n) => findDrug(ctx, n)!);
  records.push(...threeDrugRecords(drug, partners));
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

/** A rule's sides: two, or three for a rule over three drugs. */
export function ruleSides(rule: InteractionRule): string[] {
  return rule.c === undefined ? [rule.a, rule.b] : [rule.a, rule.b, rule.c];
}

/** The two-drug rules linking two drugs, most severe first (stable in table order). */
function rulesBetween(d: Drug, x: Drug): InteractionRule[] {
  return interactionRules()
    .filter((r) => r.c === undefined && ((matchesSide(d, r.a) && matchesSide(x, r.b)) || (matchesSide(x, r.a) && matchesSide(d, r.b))))
    .sort((p, q) => RANK[q.severity] - RANK[p.severity]);
}

/** Each three-drug rule the drug completes with two distinct partners, once, with its drugs in side order. */
function threeDrugRecords(drug: Drug, partners: readonly Drug[]): JsonObject[] {
  const records: JsonObject[] = [];
  for (const rule of interactionRules()) {
    if (rule.c === undefined) continue;
    const sides = ruleSides(rule);
    const filled = fill(sides, [drug, ...partners], drug);
    if (!filled) continue;
    records.push({
      drug_a: filled[0]!.name,
      drug_b: filled[1]!.name,
      drug_c: filled[2]!.name,
      severity: rule.severity,
      mechanism: rule.mechanism,
      management: rule.management,
      rule: sides.join(' + '),
      source: rule.source,
    });
  }
  return records;
}

/** Distinct drugs for each side in order, one of them `required`, or null when the sides cannot all be filled. */
function fill(sides: readonly string[], pool: readonly Drug[], required: Drug, chosen: Drug[] = []): Drug[] | null {
  if (chosen.length === sides.length) return chosen.includes(required) ? chosen : null;
  for (const candidate of pool) {
    if (chosen.includes(candidate) || !matchesSide(candidate, sides[chosen.length]!)) continue;
    const found = fill(sides, pool, required, [...chosen, candidate]);
    if (found) return found;
  }
  return null;
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

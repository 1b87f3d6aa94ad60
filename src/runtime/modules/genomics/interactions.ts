// CYP-mediated drug–drug interactions (modules.md §11.3 interaction_check) and a drug's gene profile.
import type { CallContext, JsonObject } from '../types.js';
import { geneRank, pairsOf, resolveDrug, rolesOf, suggestDrug, type Role } from './drugs.js';

const SEVERITY = { strong: 'MAJOR', moderate: 'MODERATE', weak: 'MINOR' } as const;

function effectOf(substrate: string, prodrug: boolean, inhibits: boolean): string {
  if (prodrug) {
    return inhibits ? 'reduced activation: less active metabolite, reduced effect' : 'increased activation: more active metabolite, stronger effect or toxicity';
  }
  return inhibits ? `increased ${substrate} exposure` : `decreased ${substrate} exposure`;
}

export function interactionCheck(ctx: CallContext, names: string[]): JsonObject {
  const checked: string[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const drug = resolveDrug(ctx, name);
    if (drug === null) unknown.push(name);
    else if (!checked.includes(drug)) checked.push(drug);
  }
  const roles = new Map(checked.map((d) => [d, rolesOf(ctx, d)]));
  const genes = [...new Set([...roles.values()].flat().map((r) => r.gene))].sort((a, b) => geneRank(a) - geneRank(b) || a.localeCompare(b));
  const interactions: JsonObject[] = [];
  for (const gene of genes) {
    for (const substrate of checked) {
      const asSubstrate = roles.get(substrate)!.find((r) => r.gene === gene && r.role === 'substrate');
      if (!asSubstrate) continue;
      for (const kind of ['inhibitor', 'inducer'] as const) {
        for (const perpetrator of checked) {
          if (perpetrator === substrate) continue;
          const role: Role | undefined = roles.get(perpetrator)!.find((r) => r.gene === gene && r.role === kind);
          if (!role) continue;
          interactions.push({
            type: kind === 'inhibitor' ? 'INHIBITION' : 'INDUCTION',
            gene,
            substrate,
            [kind]: perpetrator,
            strength: role.strength,
            prodrug: asSubstrate.prodrug,
            effect: effectOf(substrate, asSubstrate.prodrug, kind === 'inhibitor'),
            severity: role.strength ? SEVERITY[role.strength] : null,
          });
        }
      }
    }
  }
  return { type: 'GENOMICS_INTERACTION', drugs_checked: checked, unknown_drugs: unknown, interactions, total: interactions.length };
}

export function drugGeneCheck(ctx: CallContext, name: string): JsonObject {
  const drug = resolveDrug(ctx, name);
  if (drug === null) {
    return { type: 'GENOMICS_DRUG_CHECK', drug: name, found: false, affected_genes: [], num_genes: 0, pgx_guidelines: [], suggestions: suggestDrug(ctx, name) };
  }
  const affected: JsonObject[] = [];
  for (const role of rolesOf(ctx, drug)) {
    let entry = affected.find((a) => a.gene === role.gene);
    if (!entry) affected.push((entry = { gene: role.gene, roles: [], prodrug: false }));
    (entry.roles as JsonObject[]).push({ role: role.role, strength: role.strength });
    entry.prodrug ||= role.prodrug;
  }
  const guidelines = pairsOf(drug).flatMap((p) => p.genes.map((gene) => ({ gene, source: p.source })));
  return { type: 'GENOMICS_DRUG_CHECK', drug, found: true, affected_genes: affected, num_genes: affected.length, pgx_guidelines: guidelines };
}

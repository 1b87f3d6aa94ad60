// Drug names for genomics resolve through pk's name index first (run-registered drugs, then the pk
// table), so `administer`, pk.check_interactions and genomics agree on what "Clopidogrel" is; drugs pk
// does not hold (codeine, tamoxifen …) resolve through the genomics tables' own names.
import { normalizeName } from '../../../util/names.js';
import { drugs as pkDrugs, findDrug, suggestDrugs } from '../pk/table.js';
import { NameIndex } from '../util/name-index.js';
import type { CallContext } from '../types.js';
import { activeRecommendations } from './cpic-pack.js';
import { cypRoles, guidance, type CypRole, type Strength } from './tables.js';

/** CYP genes in modules.md §11.1 order. */
export const CYP_GENES = ['CYP2D6', 'CYP2C19', 'CYP3A4', 'CYP2C9', 'CYP1A2', 'CYP2B6', 'CYP2E1', 'CYP3A5'];

const pkByName = new Map(pkDrugs.drugs.map((d) => [normalizeName(d.name), d.name]));
const canonical = (name: string) => pkByName.get(normalizeName(name)) ?? name.charAt(0).toUpperCase() + name.slice(1);

const ownNames = [...new Set([...cypRoles.rows.map((r) => canonical(r.drug)), ...guidance.pairs.map((p) => canonical(p.drug))])].filter((n) => !pkByName.has(normalizeName(n)));
const ownIndex = new NameIndex(ownNames, (n) => [n]);

/** The canonical name of a drug pk or the genomics tables know, or null. */
export function resolveDrug(ctx: CallContext, name: string): string | null {
  return findDrug(ctx, name)?.name ?? ownIndex.get(name) ?? null;
}

export function suggestDrug(ctx: CallContext, name: string): string[] {
  return [...new Set([...suggestDrugs(ctx, name), ...ownIndex.suggest(name)])].slice(0, 5);
}

export interface Role {
  gene: string;
  role: CypRole['role'];
  strength: Strength | null;
  prodrug: boolean;
}

export const geneRank = (gene: string) => (CYP_GENES.includes(gene) ? CYP_GENES.indexOf(gene) : CYP_GENES.length);

/** Every CYP role of a drug: pk's own entries (run-registered drugs included), then the genomics rows. */
export function rolesOf(ctx: CallContext, drug: string): Role[] {
  const roles: Role[] = [];
  const add = (role: Role) => {
    const same = roles.find((r) => r.gene === role.gene && r.role === role.role);
    if (same) same.prodrug ||= role.prodrug;
    else roles.push(role);
  };
  const pk = findDrug(ctx, drug);
  for (const c of pk?.cyp ?? []) add({ gene: c.enzyme, role: c.role, strength: c.strength, prodrug: pk!.prodrug_of === c.enzyme });
  for (const r of cypRoles.rows) {
    if (normalizeName(canonical(r.drug)) === normalizeName(drug)) add({ gene: r.gene, role: r.role, strength: r.strength, prodrug: r.prodrug });
  }
  if (pk?.prodrug_of && !roles.some((r) => r.gene === pk.prodrug_of)) add({ gene: pk.prodrug_of, role: 'substrate', strength: null, prodrug: true });
  return roles.sort((a, b) => geneRank(a.gene) - geneRank(b.gene) || a.gene.localeCompare(b.gene));
}

/** CPIC gene–drug pairs that name this drug (from the installed cpic pack, else the shipped table). */
export function pairsOf(drug: string) {
  return activeRecommendations().pairs.filter((p) => normalizeName(p.drug) === normalizeName(drug));
}

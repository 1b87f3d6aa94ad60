// The names RxNorm gives a table drug: its ingredient name and the US brand names (BN) of products that
// contain exactly that ingredient (or that combination) in a dose form the drug's routes cover. Kept apart
// from the command line so a test can re-derive rows from a committed excerpt.

/** One ingredient concept of the extract (IN, PIN or MIN) with its clinical drugs, branded drugs and brands. */
export interface ExtractConcept {
  Name: string;
  RXCUI: string;
  TTY: string;
  SCDCs?: { SCDs?: { Name: string; SBDs?: { Name: string; BNs?: { Name: string }[] }[] }[] }[];
}

export interface TableDrug {
  name: string;
  rxcui: string | null;
  routes: string[];
}

/** RxNorm dose-form words → the table routes a product in that form is given by. */
const FORM_ROUTES: [RegExp, string[]][] = [
  [/\b(inhal|nebuli|metered dose|dry powder)/i, ['INH']],
  [/\bsublingual\b/i, ['SL']],
  [/\b(rectal|suppository|enema)\b/i, ['PR']],
  [/\b(topical|cream|ointment|lotion|gel|transdermal|shampoo|foam)\b/i, ['TOP']],
  [/\b(nasal|ophthalmic|otic|vaginal|urethral|intrauterine|dental|irrigation)\b/i, []],
  [/\b(inject|prefilled syringe|auto-injector|cartridge|pen injector|intravenous|intramuscular)/i, ['IV', 'IM', 'SC', 'EPIDURAL', 'INTRATHECAL', 'PERINEURAL', 'INFILTRATION']],
  [/\b(oral|tablet|capsule|chewable|elixir|syrup|lozenge|granules|pellet|suspension|solution)\b/i, ['PO']],
];

/** The routes of a clinical drug name (`dabigatran etexilate 150 MG Oral Capsule` → PO); [] when unknown. */
export function routesOfForm(clinicalDrugName: string): string[] {
  for (const [pattern, routes] of FORM_ROUTES) if (pattern.test(clinicalDrugName)) return routes;
  return [];
}

/** Does a clinical drug hold exactly the concept's ingredients (one for IN/PIN, each of a MIN's)? */
function sameIngredients(concept: ExtractConcept, clinicalDrugName: string): boolean {
  const wanted = concept.Name.toLowerCase().split(' / ');
  const components = clinicalDrugName.toLowerCase().split(' / ');
  if (components.length !== wanted.length) return false;
  return wanted.every((ingredient) => components.some((c) => c.startsWith(`${ingredient} `)));
}

export interface DrugNames {
  rxnorm_name: string;
  brands: string[];
}

/** What the table answers to from RxNorm: the ingredient name (where no other drug has it) and the brands. */
export interface TableNames {
  rxnorm_name: string;
  /** the RxNorm ingredient name as a synonym, absent when it is already one of the drug's names or another drug's */
  synonym?: string;
  brands: string[];
}

/** The RxNorm names of one drug, or null when its rxcui is not in the extract. */
export function namesOf(drug: TableDrug, concepts: ReadonlyMap<string, ExtractConcept>): DrugNames | null {
  const concept = drug.rxcui ? concepts.get(drug.rxcui) : undefined;
  if (!concept) return null;
  const brands = new Set<string>();
  for (const component of concept.SCDCs ?? []) {
    for (const clinical of component.SCDs ?? []) {
      if (!sameIngredients(concept, clinical.Name)) continue;
      for (const branded of clinical.SBDs ?? []) {
        if (!routesOfForm(branded.Name).some((r) => drug.routes.includes(r))) continue;
        for (const bn of branded.BNs ?? []) brands.add(bn.Name);
      }
    }
  }
  return { rxnorm_name: concept.Name, brands: [...brands].sort((a, b) => a.localeCompare(b)) };
}

/**
 * Names for every drug: a brand that two table drugs would share (Epinephrine and Epinephrine_IV are one
 * ingredient) or that is already another drug's name or alias is left out and reported, never guessed.
 */
export function tableNames(
  drugs: readonly (TableDrug & { aliases?: string[] })[],
  concepts: ReadonlyMap<string, ExtractConcept>,
  key: (name: string) => string,
): { names: Record<string, TableNames>; missing: string[]; dropped: { brand: string; reason: string }[] } {
  const found = new Map(drugs.map((d) => [d.name, namesOf(d, concepts)]));
  const owners = new Map<string, Set<string>>();
  for (const d of drugs) for (const n of [d.name, ...(d.aliases ?? [])]) owners.set(key(n), new Set([...(owners.get(key(n)) ?? []), d.name]));
  const brandOwners = new Map<string, Set<string>>();
  for (const [name, n] of found) for (const b of n?.brands ?? []) brandOwners.set(key(b), new Set([...(brandOwners.get(key(b)) ?? []), name]));
  const dropped = new Map<string, string>();
  const names: Record<string, TableNames> = {};
  const missing: string[] = [];
  for (const [name, n] of found) {
    if (!n) {
      missing.push(name);
      continue;
    }
    const brands = n.brands.filter((b) => {
      const sharing = [...brandOwners.get(key(b))!].filter((o) => o !== name);
      const named = [...(owners.get(key(b)) ?? [])].filter((o) => o !== name);
      if (sharing.length) dropped.set(b, `brand of ${[name, ...sharing].sort().join(' and ')}`);
      else if (named.length) dropped.set(b, `already a name of ${named.join(', ')}`);
      // a brand that is only another spelling of the drug's own names adds nothing
      return sharing.length === 0 && named.length === 0 && !owners.get(key(b))?.has(name);
    });
    const shared = [...found.values()].filter((other) => other?.rxnorm_name === n.rxnorm_name).length > 1;
    const synonymFree = !shared && owners.get(key(n.rxnorm_name)) === undefined;
    names[name] = { rxnorm_name: n.rxnorm_name, ...(synonymFree ? { synonym: n.rxnorm_name } : {}), brands };
  }
  return { names, missing, dropped: [...dropped].map(([brand, reason]) => ({ brand, reason })) };
}

// Reads WHONET's reference tables (tab-separated: Organisms.txt, Antibiotics.txt,
// ExpectedResistancePhenotypes.txt) into the rows the micro tables hold. Kept apart from the command
// line so tests can re-derive rows from a committed excerpt.

export type Table = Record<string, string>[];

export function parseTsv(text: string): Table {
  const [head, ...lines] = text.replace(/\r/g, '').split('\n').filter((l) => l.trim() !== '');
  const columns = head!.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
  });
}

/** WHO ATC group names for the class codes WHONET's expected-resistance table uses. */
export const ATC_GROUPS: Record<string, string> = {
  J01AA: 'tetracyclines', J01DB: 'first-generation cephalosporins', J01DC: 'second-generation cephalosporins',
  J01DD: 'third-generation cephalosporins', J01DE: 'fourth-generation cephalosporins', J01DI: 'other cephalosporins and penems',
  J01FG: 'streptogramins', J01G: 'aminoglycosides', J01MA: 'fluoroquinolones', J01MB: 'other quinolones',
};

export interface OrganismFacts {
  whonet_code: string;
  whonet_name: string;
  gram: 'positive' | 'negative' | null;
  kind: 'bacterium' | 'fungus' | 'mycobacterium';
  anaerobe: boolean;
}

/** One organism's WHONET row (the current name when a code has several). */
export function organismFacts(organisms: Table, code: string): OrganismFacts & { codes: string[] } {
  const rows = organisms.filter((o) => o.WHONET_ORG_CODE === code);
  const row = rows.find((o) => o.TAXONOMIC_STATUS === 'C') ?? rows[0];
  if (!row) throw new Error(`WHONET organism code '${code}' not found`);
  const type = row.ORGANISM_TYPE!;
  const subkingdom = row.SUBKINGDOM_CODE!;
  return {
    whonet_code: code,
    whonet_name: row.ORGANISM!,
    gram: type === 'f' || type === 'm' ? null : subkingdom === '+' ? 'positive' : subkingdom === '-' ? 'negative' : null,
    kind: type === 'f' ? 'fungus' : type === 'm' ? 'mycobacterium' : 'bacterium',
    anaerobe: row.ANAEROBE === 'X',
    codes: [code, row.GENUS_CODE!, row.GENUS_GROUP!, row.SPECIES_GROUP!, row.FAMILY_CODE!].filter(Boolean),
  };
}

/** The antibiotics (by WHONET name) or ATC groups a guideline lists as expected resistance for these codes. */
export function expectedResistance(rows: Table, antibiotics: Table, guideline: string, codes: readonly string[]): string[] {
  const nameOf = (abx: string) => ATC_GROUPS[abx] ?? antibiotics.find((a) => a.WHONET_ABX_CODE === abx)?.ANTIBIOTIC ?? null;
  const out: string[] = [];
  for (const row of rows) {
    if (row.GUIDELINE !== guideline || !codes.includes(row.ORGANISM_CODE!)) continue;
    const exceptions = (row.EXCEPTION_ORGANISM_CODE ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (exceptions.some((e) => codes.includes(e))) continue;
    const name = nameOf(row.ABX_CODE!);
    if (!name) throw new Error(`antibiotic code '${row.ABX_CODE}' not in Antibiotics.txt`);
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

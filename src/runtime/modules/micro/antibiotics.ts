// The antibiotics micro knows (micro/data/antibiotics.json: INN, WHO ATC code, three-letter abbreviation),
// named by pk's canonical name where pk holds the drug, so names agree across modules; classes come from
// the WHO ATC hierarchy.
import antibioticTable from './data/antibiotics.json' with { type: 'json' };
import { deepFreeze } from '../../../util/freeze.js';
import { normalizeName } from '../../../util/names.js';
import { drugs as pkDrugs } from '../pk/table.js';
import { NameIndex } from '../util/name-index.js';

export interface Antibiotic {
  name: string;
  code: string;
  atc: string;
  classes: string[];
  aliases: string[];
}

// WHO ATC groups (J01 antibacterials for systemic use, J02 antimycotics) used as drug classes.
const ATC_CLASSES: [string, string][] = [
  ['J01C', 'penicillins'], ['J01C', 'beta-lactams'], ['J01CR', 'beta-lactam/beta-lactamase inhibitor combinations'], ['J01D', 'beta-lactams'],
  ['J01DB', 'cephalosporins'], ['J01DB', 'first-generation cephalosporins'], ['J01DC', 'cephalosporins'], ['J01DC', 'second-generation cephalosporins'],
  ['J01DD', 'cephalosporins'], ['J01DD', 'third-generation cephalosporins'], ['J01DE', 'cephalosporins'], ['J01DE', 'fourth-generation cephalosporins'],
  ['J01DI', 'cephalosporins'], ['J01DH', 'carbapenems'], ['J01DF', 'monobactams'], ['J01G', 'aminoglycosides'], ['J01MA', 'fluoroquinolones'],
  ['J01M', 'quinolones'], ['J01FA', 'macrolides'], ['J01FF', 'lincosamides'], ['J01FG', 'streptogramins'], ['J01AA', 'tetracyclines'],
  ['J01XA', 'glycopeptides'], ['J01XB', 'polymyxins'], ['J01XX08', 'oxazolidinones'], ['J01E', 'folate pathway inhibitors'],
  ['J01EB', 'sulfonamides'], ['J01EC', 'sulfonamides'], ['J01ED', 'sulfonamides'], ['J02AC', 'triazoles'], ['J02AX', 'echinocandins'], ['J02AA', 'polyenes'],
];

const table = deepFreeze(antibioticTable as unknown as { name: string; version: string; source: string; antibiotics: { code: string; name: string; atc: string; aliases: string[] }[] });
export const ANTIBIOTIC_SOURCE = `${table.name} ${table.version}: ${table.source}`;

/** A row's spellings, one per normalized form (the key E.coli and its alias e_coli are one name). */
export const spellings = (names: readonly string[]): string[] => names.filter((n, i) => names.findIndex((m) => normalizeName(m) === normalizeName(n)) === i);

const pkNames = new Map(pkDrugs.drugs.flatMap((d) => [d.name, ...d.aliases].map((n) => [normalizeName(n), d.name] as const)));

function antibioticOf(row: { code: string; name: string; atc: string; aliases: readonly string[] }): Antibiotic {
  const plain = row.name.replace(/\//g, '-');
  const name = pkNames.get(normalizeName(plain)) ?? pkNames.get(normalizeName(row.name)) ?? plain;
  const classes = [...new Set(ATC_CLASSES.filter(([code]) => row.atc.startsWith(code)).map(([, c]) => c))];
  const aliases = [...new Set([row.name, plain, row.code, ...row.aliases])].filter((a) => normalizeName(a) !== normalizeName(name));
  return { name, code: row.code, atc: row.atc, classes, aliases };
}

export const antibiotics: readonly Antibiotic[] = deepFreeze(table.antibiotics.map(antibioticOf));
export const antibioticIndex = new NameIndex(antibiotics, (a) => spellings([a.name, ...a.aliases]));

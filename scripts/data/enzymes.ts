// Generates src/runtime/modules/biochem/data/enzymes.json (EC number, accepted name, reaction) from the
// ExPASy ENZYME nomenclature flat file, so enzyme identities are read, not typed.
//   npx tsx scripts/data/enzymes.ts <path to enzyme.dat>
// The ENZYME licence allows use "as long as its content is in no way modified": names and reactions are
// copied verbatim; only the line wrapping of CA lines is joined.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

// The 25 enzymes of modules.md §12 with the EC number of their ENZYME entry and our aliases.
const WANTED: [name: string, ec: string, aliases: string[]][] = [
  ['LDH', '1.1.1.27', ['lactate dehydrogenase', 'L-lactate dehydrogenase']],
  ['CK', '2.7.3.2', ['creatine kinase', 'CPK']],
  ['ALT', '2.6.1.2', ['alanine aminotransferase', 'SGPT']],
  ['AST', '2.6.1.1', ['aspartate aminotransferase', 'SGOT']],
  ['ALP', '3.1.3.1', ['alkaline phosphatase']],
  ['Amylase', '3.2.1.1', ['alpha-amylase']],
  ['Lipase', '3.1.1.3', ['triacylglycerol lipase']],
  ['ACE', '3.4.15.1', ['angiotensin-converting enzyme', 'peptidyl-dipeptidase A']],
  ['GGT', '2.3.2.2', ['gamma-glutamyltransferase', 'gamma-glutamyl transferase']],
  ['Cholinesterase', '3.1.1.8', ['butyrylcholinesterase', 'pseudocholinesterase']],
  ['Trypsin', '3.4.21.4', []],
  ['Pepsin', '3.4.23.1', ['pepsin A']],
  ['Carbonic_Anhydrase', '4.2.1.1', ['carbonate dehydratase']],
  ['Thrombin', '3.4.21.5', []],
  ['Renin', '3.4.23.15', []],
  ['Tyrosine_Kinase', '2.7.1.112', ['protein-tyrosine kinase']],
  ['COX1', '1.14.99.1', ['cyclooxygenase 1', 'PTGS1']],
  ['COX2', '1.14.99.1', ['cyclooxygenase 2', 'PTGS2']],
  ['MAO_A', '1.4.3.4', ['monoamine oxidase A']],
  ['MAO_B', '1.4.3.4', ['monoamine oxidase B']],
  ['Aldolase', '4.1.2.13', ['fructose-bisphosphate aldolase']],
  ['HMG_CoA_Reductase', '1.1.1.34', ['HMGCR', 'hydroxymethylglutaryl-CoA reductase']],
  ['Xanthine_Oxidase', '1.1.3.22', []],
  ['DNA_Polymerase', '2.7.7.7', ['DNA-directed DNA polymerase']],
  ['RNA_Polymerase', '2.7.7.6', ['DNA-directed RNA polymerase']],
];

interface Entry {
  accepted_name: string;
  reaction: string;
}

/** CA lines wrapped after a hyphen continue the word; other wraps are a space. */
function joinWrapped(lines: string[]): string {
  return lines.reduce((text, line) => (text === '' ? line : text.endsWith('-') ? text + line : `${text} ${line}`), '');
}

function parse(text: string): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  for (const record of text.split(/^\/\/$/m)) {
    const lines = record.split('\n');
    const field = (code: string) => lines.filter((l) => l.startsWith(`${code}   `)).map((l) => l.slice(5).trim());
    const id = field('ID')[0];
    if (!id) continue;
    entries.set(id, { accepted_name: field('DE').join(' ').replace(/\.$/, ''), reaction: joinWrapped(field('CA')) });
  }
  return entries;
}

const path = process.argv[2];
if (!path) throw new Error('usage: tsx scripts/data/enzymes.ts <enzyme.dat>');
const text = readFileSync(path, 'utf8');
const release = /Release ([^\n]+)/.exec(text)?.[1]?.trim() ?? 'unknown';
const entries = parse(text);
const rows = WANTED.map(([name, ec, aliases]) => {
  const entry = entries.get(ec);
  if (!entry) throw new Error(`EC ${ec} (${name}) is not in ${path}`);
  return { name, aliases, ec_number: ec, accepted_name: entry.accepted_name, reaction: entry.reaction, source: `ExPASy ENZYME ${release}, entry EC ${ec}` };
});
const table = {
  name: 'biochem-enzymes',
  version: release,
  licence: 'LicenseRef-ExPASy-ENZYME',
  licence_note: 'EC number, accepted name and reaction as released in ENZYME 27.0, unmodified',
  source: {
    file: 'enzyme.dat (ExPASy ENZYME nomenclature database, SIB)',
    release,
    retrieved_from: 'github.com/blancosilva/enzyme, enzyme.dat at commit aaef5199615742ea7f10c03766b486e7e45ca24c',
    licence: 'ENZYME: "no restrictions on its use by any institutions as long as its content is in no way modified"',
    sha256: createHash('sha256').update(text).digest('hex'),
    generated_by: 'scripts/data/enzymes.ts',
  },
  rows,
};
writeFileSync(new URL('../../src/runtime/modules/biochem/data/enzymes.json', import.meta.url), `${JSON.stringify(table, null, 2)}\n`);
console.log(`${rows.length} enzymes from ENZYME ${release}`);

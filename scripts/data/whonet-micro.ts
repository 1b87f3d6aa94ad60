// Regenerates src/runtime/modules/micro/data/whonet.json: each organism's WHONET identity (name, Gram
// reaction, kind, anaerobe) and its CLSI expected-resistance list (CLSI M100 Appendix B as WHONET
// encodes it), plus the antibiotic names and ATC codes the micro antibiotic table uses.
// Usage: npx tsx scripts/data/whonet-micro.ts <dir with Organisms.txt, Antibiotics.txt, ExpectedResistancePhenotypes.txt> "<origin>"
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ATC_GROUPS, expectedResistance, organismFacts, parseTsv } from './whonet-transform.js';

/** Our organism keys → WHONET organism codes; several codes keep only what all of them share. */
const ORGANISMS: Record<string, string[]> = {
  'E.coli': ['eco'], Klebsiella: ['kpn'], Pseudomonas: ['pae'], MRSA: ['sau'], MSSA: ['sau'], 'S.aureus': ['sau'],
  Enterococcus_faecalis: ['efa'], VRE: ['efa', 'efm'], Strep_pneumo: ['spn'], 'C.diff': ['cdf'], Candida_albicans: ['cal'],
  'S.epidermidis': ['sep'], 'S.pyogenes': ['spy'], 'S.agalactiae': ['sgc'], 'E.faecium': ['efm'], Proteus: ['pmi'], Serratia: ['sma'],
  Acinetobacter: ['aba'], Stenotrophomonas: ['pma'], Bacteroides: ['bfr'], 'H.influenzae': ['hin'], 'N.meningitidis': ['nme'],
  'N.gonorrhoeae': ['ngo'], 'M.tuberculosis': ['mtu'], Legionella: ['len'], 'C.glabrata': ['cgl'], 'C.auris': ['crs'],
  Aspergillus: ['afu'], Cryptococcus: ['cne'],
};

/** WHONET antibiotic codes of the micro antibiotic table. */
const ANTIBIOTICS = [
  'PEN', 'AMP', 'AMX', 'AMC', 'SAM', 'OXA', 'PIP', 'TZP', 'CZO', 'FOX', 'CXM', 'CRO', 'CTX', 'CAZ', 'FEP', 'CPT', 'CDR', 'ATM', 'IPM', 'MEM',
  'ETP', 'GEN', 'TOB', 'AMK', 'CIP', 'LVX', 'MFX', 'OFX', 'NAL', 'AZM', 'ERY', 'CLR', 'CLI', 'VAN', 'TEC', 'DAP', 'LNZ', 'TGC', 'DOX', 'TCY',
  'MNO', 'SXT', 'TMP', 'NIT', 'FOS', 'COL', 'POL', 'MTR', 'RIF', 'CHL', 'FLU', 'VOR', 'AMB', 'CAS', 'MIF', 'ANI',
];

const [dir, origin] = process.argv.slice(2);
if (!dir || !origin) {
  console.error('usage: tsx scripts/data/whonet-micro.ts <dir> "<origin>"');
  process.exit(2);
}
const names = ['Organisms.txt', 'Antibiotics.txt', 'ExpectedResistancePhenotypes.txt'];
const texts = names.map((n) => readFileSync(join(dir, n), 'utf8'));
const [organisms, antibiotics, expected] = texts.map(parseTsv) as [ReturnType<typeof parseTsv>, ReturnType<typeof parseTsv>, ReturnType<typeof parseTsv>];

const table = {
  name: 'WHONET organism identity and CLSI expected resistance',
  version: origin,
  source: `WHONET reference tables (${names.join(', ')}) in ${origin}; expected resistance rows with GUIDELINE = CLSI (CLSI M100 Appendix B as encoded by WHONET)`,
  licence: 'GPL-3.0 (repository LICENSE); the expected-resistance content is CLSI M100 Appendix B',
  generated_by: 'scripts/data/whonet-micro.ts',
  files: names.map((file, i) => ({ file, sha256: createHash('sha256').update(texts[i]!).digest('hex') })),
  atc_groups: ATC_GROUPS,
  organisms: Object.fromEntries(Object.entries(ORGANISMS).map(([key, codes]) => {
    const facts = codes.map((c) => organismFacts(organisms, c));
    const lists = facts.map((f) => expectedResistance(expected, antibiotics, 'CLSI', f.codes));
    const shared = lists[0]!.filter((name) => lists.every((l) => l.includes(name)));
    const { codes: _codes, ...first } = facts[0]!;
    return [key, { ...first, whonet_code: codes.join('+'), intrinsic_resistance_clsi: shared }];
  })),
  antibiotics: ANTIBIOTICS.map((code) => {
    const row = antibiotics.find((a) => a.WHONET_ABX_CODE === code);
    if (!row) throw new Error(`antibiotic ${code} not in Antibiotics.txt`);
    return { code, name: row.ANTIBIOTIC!, atc: row.ATC_CODE!, class: row.CLASS! };
  }),
};
writeFileSync(new URL('../../src/runtime/modules/micro/data/whonet.json', import.meta.url), `${JSON.stringify(table, null, 1)}\n`);
console.log(`wrote ${Object.keys(table.organisms).length} organisms, ${table.antibiotics.length} antibiotics`);

// Generates src/runtime/modules/micro/data/eucast-breakpoints.json from EUCAST's own clinical breakpoint
// workbook (v_<version>_Breakpoint_Tables.xlsx; free to use with attribution, www.eucast.org): the MIC
// breakpoints (S ≤, R >, ATU) of every organism group and antibiotic the micro tables hold, with the
// indication or route a row is limited to, the species it is limited to, whether EUCAST bracketed it, and
// the numbered notes it cites; and the rows where EUCAST gives no breakpoint ("-", IE, Note), with why.
//
//   npx tsx scripts/data/eucast-breakpoints.ts v_15.0_Breakpoint_Tables.xlsx "<where the file came from>"
//
// Footnote markers are superscript runs inside a cell ("8" with footnote 2 is stored as "8" + superscript "2"),
// so values are read from the cell's plain runs only: flattening the text would turn 8² into 82.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { antibioticIndex } from '../../src/runtime/modules/micro/antibiotics.js';
import type { EucastNoBreakpoint, EucastRow, Site } from '../../src/runtime/modules/micro/breakpoint-row.js';

/** Our organisms per EUCAST sheet (and section, for the anaerobe sheet), with the words EUCAST uses for them. */
export const SHEETS: { sheet: string; section?: string; group: string; organisms: Record<string, string[]> }[] = [
  { sheet: 'Enterobacterales', group: 'Enterobacterales', organisms: { 'E.coli': ['E. coli', 'Escherichia coli'], Klebsiella: ['Klebsiella spp.', 'K. pneumoniae'], Proteus: ['P. mirabilis', 'Proteus', 'Morganellaceae'], Serratia: ['Serratia'] } },
  { sheet: 'Pseudomonas', group: 'Pseudomonas', organisms: { Pseudomonas: ['P. aeruginosa', 'Pseudomonas aeruginosa'] } },
  { sheet: 'S.maltophilia', group: 'Stenotrophomonas maltophilia', organisms: { Stenotrophomonas: ['S. maltophilia'] } },
  { sheet: 'Acinetobacter', group: 'Acinetobacter', organisms: { Acinetobacter: ['A. baumannii', 'Acinetobacter'] } },
  { sheet: 'Staphylococcus', group: 'Staphylococcus', organisms: { MRSA: ['S. aureus', 'MRSA'], MSSA: ['S. aureus'], 'S.aureus': ['S. aureus'], 'S.epidermidis': ['coagulase-negative staphylococci', 'other staphylococci', 'S. epidermidis'] } },
  { sheet: 'Enterococcus', group: 'Enterococcus', organisms: { Enterococcus_faecalis: ['E. faecalis'], VRE: ['E. faecalis and E. faecium'], 'E.faecium': ['E. faecium'] } },
  { sheet: 'Streptococcus A,B,C,G', group: 'Streptococcus groups A, B, C and G', organisms: { 'S.pyogenes': ['group A', 'groups A', 'S. pyogenes'], 'S.agalactiae': ['group B', 'S. agalactiae'] } },
  { sheet: 'S.pneumoniae', group: 'Streptococcus pneumoniae', organisms: { Strep_pneumo: ['S. pneumoniae'] } },
  { sheet: 'H.influenzae', group: 'Haemophilus influenzae', organisms: { 'H.influenzae': ['H. influenzae'] } },
  { sheet: 'N.gonorrhoeae', group: 'Neisseria gonorrhoeae', organisms: { 'N.gonorrhoeae': ['N. gonorrhoeae'] } },
  { sheet: 'N.meningitidis', group: 'Neisseria meningitidis', organisms: { 'N.meningitidis': ['N. meningitidis'] } },
  { sheet: 'Anaerobic bacteria', section: 'Bacteroides spp.', group: 'Bacteroides', organisms: { Bacteroides: ['Bacteroides'] } },
  { sheet: 'Anaerobic bacteria', section: 'Clostridioides difficile', group: 'Clostridioides difficile', organisms: { 'C.diff': ['C. difficile'] } },
];

/** EUCAST agent names the antibiotic table spells otherwise. */
const AGENT_NAMES: Record<string, string> = { Benzylpenicillin: 'Penicillin G', Rifampicin: 'Rifampin', 'Trimethoprim-sulfamethoxazole': 'TMP_SMX' };

const NO_BREAKPOINT: Record<string, string> = {
  '-': 'EUCAST lists no breakpoint ("-"): susceptibility testing is not recommended, as the species is a poor target for the agent',
  IE: 'EUCAST lists "IE": there is insufficient evidence that the species is a good target for the agent',
  NA: 'EUCAST lists "NA": not applicable',
  Note: 'EUCAST gives no MIC breakpoint; its note says how to report',
};

type Part = { text: string; superscript: boolean };

/** A cell as runs of text, superscript runs marked. */
function partsOf(value: ExcelJS.CellValue): Part[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object') return [{ text: String(value), superscript: false }];
  if ('richText' in value) return value.richText.map((p) => ({ text: p.text, superscript: p.font?.vertAlign === 'superscript' }));
  if ('hyperlink' in value) return partsOf((value as { text: ExcelJS.CellValue }).text);
  if ('result' in value) return partsOf(value.result as ExcelJS.CellValue);
  return [];
}

const plain = (parts: Part[]): string => parts.filter((p) => !p.superscript).map((p) => p.text).join('').replace(/\s+/g, ' ').trim();
const footnotes = (parts: Part[]): string[] => parts.filter((p) => p.superscript).flatMap((p) => p.text.split(/[,\s]+/)).filter((n) => /^\d+$/.test(n));

/** "8", "(8)", "0.001", "-", "IE", "Note" … */
function valueOf(text: string): { number: number; bracketed: boolean } | { none: string } | null {
  const match = /^(\()?\s*(\d+(?:[.,]\d+)?)\s*(\))?$/.exec(text);
  if (match) return { number: Number(match[2]!.replace(',', '.')), bracketed: match[1] === '(' };
  if (text in NO_BREAKPOINT) return { none: text };
  return text === '' ? null : { none: text };
}

/** The indication or route a row is limited to, as a site; undefined: a limit cpes does not model (the row is left out). */
function siteOf(qualifiers: string): Site | null | undefined {
  const q = qualifiers.toLowerCase().replace(/\(all indications( including prophylaxis)?\)/, '').trim();
  if (q === '') return null;
  if (/screen|prophylaxis|surrogate|test for/.test(q)) return undefined;
  // "(indications other than meningitis)", "(indications other than endocarditis and meningitis)"
  if (/other than [a-z ]*meningitis/.test(q)) return 'nonmeningitis';
  if (/meningitis/.test(q)) return 'meningitis';
  if (/uncomplicated uti/.test(q)) return 'urine_only';
  if (/originating from the urinary tract/.test(q)) return 'urinary_origin';
  if (/systemic/.test(q)) return 'systemic';
  const route = q.replace(/\(other indications\)/, '').trim();
  if (route === 'oral') return 'oral';
  if (route === 'iv') return 'parenteral';
  return undefined;
}

/** Splits "Cefuroxime iv, E. coli, Klebsiella spp. (except K. aerogenes)" into agent, qualifiers and species. */
function splitAgent(label: string): { base: string; qualifiers: string; species: string } {
  const comma = label.indexOf(', ');
  const head = comma === -1 ? label : label.slice(0, comma);
  const species = comma === -1 ? '' : label.slice(comma + 2);
  const match = /^(.*?)(\s+(?:iv|oral)\b.*|\s*\(.*)?$/.exec(head)!;
  return { base: match[1]!.trim(), qualifiers: (match[2] ?? '').trim(), species };
}

/** Which of the sheet's organisms a species limitation covers (all when there is none); null: none of ours. */
function organismsFor(species: string, organisms: Record<string, string[]>): string[] | null {
  const keys = Object.keys(organisms);
  if (species === '') return keys;
  const [included, excluded = ''] = species.toLowerCase().split(/\b(?:except|other than)\b/);
  const names = (text: string) => keys.filter((k) => organisms[k]!.some((word) => text.includes(word.toLowerCase())));
  const except = names(excluded);
  // "Enterobacterales except Morganellaceae" names the whole group, less the exception
  const named = /enterobacterales/.test(included!) ? keys : names(included!);
  const covered = named.filter((k) => !except.includes(k));
  return covered.length ? covered : null;
}

/** Numbered notes of a band: "1. text", "1/A. text", "3/D. text" in the band's notes cell. */
function notesOf(text: string): Map<string, string> {
  const notes = new Map<string, string>();
  for (const line of text.split(/\n+/)) {
    const match = /^\s*(\d+)(?:\/[A-Z])?\.\s*(.+)$/.exec(line);
    if (match) notes.set(match[1]!, match[2]!.trim());
  }
  return notes;
}

export async function readWorkbook(bytes: Buffer, sheets = SHEETS): Promise<{ edition: string; rows: EucastRow[]; none: EucastNoBreakpoint[]; skipped: string[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: EucastRow[] = [];
  const none: EucastNoBreakpoint[] = [];
  const skipped: string[] = [];
  let edition = '';
  for (const config of sheets) {
    const sheet = workbook.getWorksheet(config.sheet);
    if (!sheet) throw new Error(`the workbook has no sheet '${config.sheet}'`);
    const text = (row: number, col: number): Part[] => {
      const cell = sheet.getCell(row, col);
      return partsOf(cell.isMerged && cell.master !== cell ? null : cell.value);
    };
    const title = /v\.\s*([\d.]+), valid from (\d{4}-\d{2}-\d{2})/.exec(sheet.getRow(1).values ? (sheet.getRow(1).values as ExcelJS.CellValue[]).map((v) => plain(partsOf(v))).join(' ') : '');
    if (title) edition = `${title[1]} (valid from ${title[2]})`;
    let inSection = config.section === undefined;
    let notes = new Map<string, string>();
    let inBand = false;
    for (let n = 1; n <= sheet.rowCount; n++) {
      const first = plain(text(n, 1));
      const second = plain(text(n, 2));
      if (config.section !== undefined && first !== '' && second === '' && plain(text(n, 3)) === '' && /^[A-Z][a-z]+ [a-z.]+$|spp\.$/.test(first)) inSection = first === config.section;
      if (!inSection) continue;
      if (second === 'S ≤' && plain(text(n, 3)) === 'R >') {
        inBand = true;
        notes = notesOf(text(n + 1, 9).map((p) => p.text).join(''));
        continue;
      }
      if (!inBand || first === '' || /^Examples of/.test(first)) continue;
      if (/MIC breakpoints/.test(second)) {
        inBand = false;
        continue;
      }
      const label = plain(text(n, 1));
      const { base, qualifiers, species } = splitAgent(label);
      const drug = antibioticIndex.get(AGENT_NAMES[base] ?? base);
      if (!drug) continue;
      const organisms = organismsFor(species, config.organisms);
      if (organisms === null) continue;
      const appliesTo = organisms.length === Object.keys(config.organisms).length ? {} : { applies_to: organisms };
      const sCell = text(n, 2);
      const rCell = text(n, 3);
      const cited = [...new Set([...footnotes(text(n, 1)), ...footnotes(sCell), ...footnotes(rCell)])].sort((a, b) => Number(a) - Number(b));
      const rowNotes = cited.flatMap((c) => (notes.has(c) ? [`${c}. ${notes.get(c)}`] : []));
      const s = valueOf(plain(sCell));
      const r = valueOf(plain(rCell));
      const site = siteOf(qualifiers);
      if (site === undefined) {
        skipped.push(`${config.group}: ${label} (indication not modelled)`);
        continue;
      }
      if (s && 'number' in s && r && 'number' in r) {
        const atu = valueOf(plain(text(n, 4)));
        rows.push({
          group: config.group, antibiotic: drug.name, agent: label, s: s.number, r: r.number, atu: atu && 'number' in atu ? atu.number : null,
          qualifier: site, ...appliesTo, bracketed: s.bracketed || r.bracketed, notes: rowNotes,
        });
      } else if (s && 'none' in s) {
        none.push({ group: config.group, antibiotic: drug.name, agent: label, reason: NO_BREAKPOINT[s.none] ?? `EUCAST lists ${JSON.stringify(s.none)}`, notes: rowNotes, ...appliesTo });
      } else skipped.push(`${config.group}: ${label} (cells ${JSON.stringify(plain(sCell))}, ${JSON.stringify(plain(rCell))} not read)`);
    }
  }
  if (!edition) throw new Error('no sheet names its EUCAST version ("v. 15.0, valid from 2025-01-01")');
  return { edition, rows, none, skipped };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [path, origin] = process.argv.slice(2);
  if (!path || !origin) {
    process.stderr.write('usage: npx tsx scripts/data/eucast-breakpoints.ts v_<version>_Breakpoint_Tables.xlsx "<where the file came from>"\n');
    process.exit(1);
  }
  const bytes = readFileSync(path);
  const { edition, rows, none, skipped } = await readWorkbook(bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const table = {
    name: 'EUCAST clinical breakpoints',
    version: `EUCAST Clinical Breakpoint Tables v. ${edition}`,
    licence: 'LicenseRef-EUCAST',
    licence_note: 'EUCAST breakpoint tables are free to use with the attribution "EUCAST Clinical Breakpoint Tables v. <version>, www.eucast.org"',
    source: `European Committee on Antimicrobial Susceptibility Testing, Breakpoint tables for interpretation of MICs and zone diameters, version ${edition}, www.eucast.org; MIC breakpoints (mg/L = mcg/mL) of the organism groups and antibiotics the micro tables hold, read from ${basename(path)} by scripts/data/eucast-breakpoints.ts`,
    file: { name: basename(path), sha256, retrieved_from: origin },
    generated_by: 'scripts/data/eucast-breakpoints.ts',
    semantics: 'S: MIC ≤ S breakpoint (susceptible, standard dosing regimen); I: S < MIC ≤ R (susceptible, increased exposure); R: MIC > R breakpoint. An MIC equal to the ATU value lies in the Area of Technical Uncertainty.',
    rows,
    no_breakpoint: none,
    left_out: skipped,
  };
  const out = fileURLToPath(new URL('../../src/runtime/modules/micro/data/eucast-breakpoints.json', import.meta.url));
  writeFileSync(out, `${JSON.stringify(table, null, 1)}\n`);
  process.stdout.write(`${out}: ${rows.length} breakpoint rows, ${none.length} no-breakpoint rows, ${skipped.length} rows left out (indications not modelled or unreadable)\n`);
}

// Readers of the official CMS files behind the icd tables, shared by the generators (scripts/data/icd10cm.ts,
// msdrg-weights.ts) and the operator packs (icd10cm-pack.ts, drg-weights-pack.ts), so one parser reads each
// file wherever it comes from. Each returns every row or every problem with its 1-based line.
//
// Order file (CMS icd10OrderFiles.pdf): columns 1-5 order number, 7-13 code without its dot, 15 "1" for a
// code valid for submission (billable) or "0" for a header, 17-76 short title, 78- long title.
// Appendix C Part 1 (MS-DRG Definitions Manual) lines: " <code without dot>  CC|MCC  <PDX exclusion> <title>".
// Table 5 (IPPS final rule): tab-separated, columns named by header text (CMS renumbers them between years).
import type { PackProblem } from '../../packs/types.js';

export type Parsed<T> = { value: T } | { problems: PackProblem[] };

export interface OrderRow {
  code: string;
  billable: boolean;
  title: string;
}

export interface Table5Row {
  drg: string;
  title: string;
  mdc: string;
  type: string;
  weight: number;
  gmlos: number;
  amlos: number;
}

const ORDER_LINE = /^(\d{5}) ([A-Z][0-9A-Z]{2,6}) {0,4} ([01]) (.{60}) (.+)$/;
const CC_LINE = /^ ([A-Z][0-9A-Z]{2,6})\s+(CC|MCC)\s+\d{4}:/;

export const dotted = (bare: string): string => (bare.length > 3 ? `${bare.slice(0, 3)}.${bare.slice(3)}` : bare);

/** Every code of the order file in its order. */
export function parseOrderFile(text: string): Parsed<OrderRow[]> {
  const problems: PackProblem[] = [];
  const rows: OrderRow[] = [];
  const seen = new Set<string>();
  let previous = 0;
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    const match = ORDER_LINE.exec(line);
    if (!match || line.slice(6, 13).trim() !== match[2]) {
      problems.push({ line: i + 1, message: 'not an order-file record (order, code, 0/1 flag, 60-character short title, long title)' });
      return;
    }
    const order = Number(match[1]);
    if (order <= previous) problems.push({ line: i + 1, message: `order number ${match[1]} does not follow ${String(previous).padStart(5, '0')}` });
    previous = order;
    const code = dotted(match[2]!);
    if (seen.has(code)) problems.push({ line: i + 1, message: `${code} appears twice` });
    seen.add(code);
    rows.push({ code, billable: match[3] === '1', title: match[5]!.trim() });
  });
  if (rows.length === 0 && problems.length === 0) problems.push({ line: 1, message: 'the file holds no order-file records' });
  return problems.length ? { problems } : { value: rows };
}

/** CC/MCC level of each code listed in Appendix C Part 1 (Parts 2 and 3 qualify it; they are not levels). */
export function parseCcList(text: string): Parsed<Map<string, 'CC' | 'MCC'>> {
  const levels = new Map<string, 'CC' | 'MCC'>();
  let inPart1 = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^Appendix C Part 1/.test(line)) inPart1 = true;
    else if (/^Appendix C Part [23]/.test(line)) inPart1 = false;
    const match = inPart1 ? CC_LINE.exec(line) : null;
    if (match) levels.set(dotted(match[1]!), match[2] as 'CC' | 'MCC');
  }
  if (levels.size === 0) return { problems: [{ line: 1, message: 'no "Appendix C Part 1" CC/MCC lines found: not the MS-DRG Definitions Manual Appendix C text' }] };
  return { value: levels };
}

/** Appendix C codes the order file lacks mean the two files are of different years. */
export function ccStrays(rows: readonly OrderRow[], levels: ReadonlyMap<string, unknown>): string[] {
  const known = new Set(rows.map((r) => r.code));
  return [...levels.keys()].filter((c) => !known.has(c));
}

/** The fiscal year an order file names itself by (icd10cm_order_2026.txt → FY2026), or null. */
export function fiscalYearOf(fileName: string): string | null {
  const year = /order[_-]?(\d{4})/i.exec(fileName)?.[1];
  return year ? `FY${year}` : null;
}

const unquote = (cell: string): string => cell.trim().replace(/^"(.*)"$/s, '$1').trim();

/** Every DRG row of Table 5, and the fiscal year its header names (e.g. "FY 2026 Final Rule …"). */
export function parseTable5(text: string): Parsed<{ rows: Table5Row[]; year: string | null }> {
  const lines = text.split(/\r?\n/);
  const headerAt = lines.findIndex((l) => /MS-DRG/i.test(l) && /Weights/i.test(l) && /Geometric/i.test(l));
  if (headerAt < 0) return { problems: [{ line: 1, message: 'no header line naming MS-DRG, Weights and Geometric mean LOS: not an IPPS Table 5 text file' }] };
  const header = lines[headerAt]!.split('\t').map(unquote);
  const missing: string[] = [];
  const find = (test: RegExp, what: string): number => {
    const i = header.findIndex((h) => test.test(h));
    if (i < 0) missing.push(what);
    return i;
  };
  // From FY2024 the weights after the 10% cap on reductions are the ones paid; earlier years have one column.
  const capped = header.findIndex((h) => /Weights.*Cap/i.test(h));
  const columns = {
    drg: find(/^MS-DRG$/i, 'MS-DRG'),
    title: find(/Title/i, 'MS-DRG Title'),
    mdc: find(/^MDC$/i, 'MDC'),
    type: find(/^TYPE$/i, 'TYPE'),
    weight: capped >= 0 ? capped : find(/Weights/i, 'Weights'),
    gmlos: find(/Geometric/i, 'Geometric mean LOS'),
    amlos: find(/Arithmetic/i, 'Arithmetic mean LOS'),
  };
  if (missing.length) return { problems: [{ line: headerAt + 1, message: `the header has no ${missing.join(', ')} column` }] };
  const rows: Table5Row[] = [];
  const problems: PackProblem[] = [];
  const seen = new Set<string>();
  for (let i = headerAt + 1; i < lines.length; i++) {
    const cells = lines[i]!.split('\t').map(unquote);
    if (cells.every((c) => c === '')) continue;
    const line = i + 1;
    const drg = cells[columns.drg] ?? '';
    if (!/^\d{3}$/.test(drg)) {
      problems.push({ line, message: `MS-DRG ${JSON.stringify(drg)} is not three digits` });
      continue;
    }
    if (seen.has(drg)) problems.push({ line, message: `DRG ${drg} appears twice` });
    seen.add(drg);
    const number = (key: 'weight' | 'gmlos' | 'amlos'): number => {
      const value = Number(cells[columns[key]]);
      if (!Number.isFinite(value) || value <= 0) problems.push({ line, message: `DRG ${drg} ${key} ${JSON.stringify(cells[columns[key]])} is not a positive number` });
      return value;
    };
    rows.push({ drg, title: cells[columns.title] ?? '', mdc: cells[columns.mdc] ?? '', type: cells[columns.type] ?? '', weight: number('weight'), gmlos: number('gmlos'), amlos: number('amlos') });
  }
  if (rows.length === 0 && problems.length === 0) problems.push({ line: headerAt + 1, message: 'no DRG rows follow the header' });
  if (problems.length) return { problems };
  const year = /FY\s?(\d{4})/i.exec(lines.slice(0, headerAt + 1).join('\n'))?.[1];
  return { value: { rows, year: year ? `FY${year}` : null } };
}

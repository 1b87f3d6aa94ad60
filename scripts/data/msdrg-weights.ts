// Sets the relative weight and the geometric and arithmetic mean length of stay of every MS-DRG in
// src/runtime/modules/icd/data/msdrg.json from Table 5 of the IPPS final rule of the fiscal year (FY2026:
// CMS-1833-F, "CMS-1833-F Table 5.txt", tab-separated, public domain). Columns are found by their
// header text, since CMS renumbers them between years. Re-run it when a final rule comes out:
//
//   npx tsx scripts/data/msdrg-weights.ts "CMS-1833-F Table 5.txt" "FY2026 IPPS final rule (CMS-1833-F)"
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceFileError } from './icd10cm.js';

export interface Table5Row {
  drg: string;
  title: string;
  mdc: string;
  type: string;
  weight: number;
  gmlos: number;
  amlos: number;
}

const unquote = (cell: string): string => cell.trim().replace(/^"(.*)"$/s, '$1').trim();

/** Every DRG row of Table 5; throws naming each malformed row. */
export function parseTable5(text: string): Table5Row[] {
  const lines = text.split(/\r?\n/);
  const headerAt = lines.findIndex((l) => /MS-DRG/i.test(l) && /Weights/i.test(l) && /Geometric/i.test(l));
  if (headerAt < 0) throw new SourceFileError('no header line naming MS-DRG, Weights and Geometric mean LOS: not an IPPS Table 5 text file');
  const header = lines[headerAt]!.split('\t').map(unquote);
  const find = (test: RegExp, what: string): number => {
    const i = header.findIndex((h) => test.test(h));
    if (i < 0) throw new SourceFileError(`line ${headerAt + 1}: no ${what} column in the header`);
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
  const rows: Table5Row[] = [];
  const problems: string[] = [];
  for (let i = headerAt + 1; i < lines.length; i++) {
    const cells = lines[i]!.split('\t').map(unquote);
    if (cells.every((c) => c === '')) continue;
    const drg = cells[columns.drg] ?? '';
    if (!/^\d{3}$/.test(drg)) {
      problems.push(`line ${i + 1}: MS-DRG ${JSON.stringify(drg)} is not three digits`);
      continue;
    }
    const number = (key: 'weight' | 'gmlos' | 'amlos'): number => {
      const value = Number(cells[columns[key]]);
      if (!Number.isFinite(value) || value <= 0) problems.push(`line ${i + 1}: DRG ${drg} ${key} ${JSON.stringify(cells[columns[key]])} is not a positive number`);
      return value;
    };
    rows.push({ drg, title: cells[columns.title] ?? '', mdc: cells[columns.mdc] ?? '', type: cells[columns.type] ?? '', weight: number('weight'), gmlos: number('gmlos'), amlos: number('amlos') });
  }
  if (problems.length) throw new SourceFileError(problems.join('\n'));
  return rows;
}

interface DrgRow {
  drg: string;
  weight: number | null;
  [field: string]: unknown;
}

/** The DRG table with each row's weight and mean stays from Table 5; a DRG Table 5 lacks is an error. */
export function applyTable5(table: { source: string; drgs: DrgRow[] } & Record<string, unknown>, text: string, file: { name: string; sha256: string; release: string }): Record<string, unknown> {
  const byDrg = new Map(parseTable5(text).map((r) => [r.drg, r]));
  const missing = table.drgs.filter((d) => !byDrg.has(d.drg)).map((d) => d.drg);
  if (missing.length) throw new SourceFileError(`Table 5 has no row for DRG ${missing.join(', ')}`);
  return {
    ...table,
    weights: { file: file.name, release: file.release, sha256: file.sha256, licence: 'public domain (US Government work)', generated_by: 'scripts/data/msdrg-weights.ts' },
    drgs: table.drgs.map((d) => {
      const row = byDrg.get(d.drg)!;
      return { ...d, weight: row.weight, geometric_mean_los: row.gmlos, arithmetic_mean_los: row.amlos };
    }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [path, release] = process.argv.slice(2);
  if (!path || !release) {
    process.stderr.write('usage: npx tsx scripts/data/msdrg-weights.ts "CMS-<rule> Table 5.txt" "<release>"\n');
    process.exit(1);
  }
  const tablePath = fileURLToPath(new URL('../../src/runtime/modules/icd/data/msdrg.json', import.meta.url));
  const bytes = readFileSync(path);
  try {
    const table = applyTable5(JSON.parse(readFileSync(tablePath, 'utf8')), bytes.toString('latin1'), { name: basename(path), sha256: createHash('sha256').update(bytes).digest('hex'), release });
    writeFileSync(tablePath, JSON.stringify(table, null, 1) + '\n');
    process.stdout.write(`${tablePath}: weights of ${(table.drgs as unknown[]).length} DRGs from ${basename(path)}\n`);
  } catch (error) {
    if (!(error instanceof SourceFileError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

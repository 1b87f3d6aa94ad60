// Sets the relative weight and the geometric and arithmetic mean length of stay of every MS-DRG in
// src/runtime/modules/icd/data/msdrg.json from Table 5 of the IPPS final rule of the fiscal year (FY2026:
// CMS-1833-F, "CMS-1833-F Table 5.txt", tab-separated, public domain). Columns are found by their
// header text, since CMS renumbers them between years (src/runtime/modules/icd/official-files.ts, which the
// msdrg-weights data pack uses too). Re-run it when a final rule comes out:
//
//   npx tsx scripts/data/msdrg-weights.ts "CMS-1833-F Table 5.txt" "FY2026 IPPS final rule (CMS-1833-F)"
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTable5 } from '../../src/runtime/modules/icd/official-files.js';
import { SourceFileError, valueOrThrow } from './icd10cm.js';

interface DrgRow {
  drg: string;
  weight: number | null;
  [field: string]: unknown;
}

/** The DRG table with each row's weight and mean stays from Table 5; a DRG Table 5 lacks is an error. */
export function applyTable5(table: { source: string; drgs: DrgRow[] } & Record<string, unknown>, text: string, file: { name: string; sha256: string; release: string }): Record<string, unknown> {
  const byDrg = new Map(valueOrThrow(parseTable5(text)).rows.map((r) => [r.drg, r]));
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

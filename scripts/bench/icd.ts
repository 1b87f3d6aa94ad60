// icd.search over the shipped ICD-10-CM subset and over a complete-size code set loaded as an icd10cm pack
// (a generated order file of 75,000 codes, the size of the FY2026 release): the first call (which builds
// the search index) and the median of later calls, for a common word, a rare word, two words and a code prefix.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext } from '../../src/runtime/modules/context.js';
import { icd } from '../../src/runtime/modules/icd/codes.js';
import { registry } from '../../src/runtime/modules/index.js';
import { usePackDirectory } from '../../src/runtime/packs/active.js';
import { importPack } from '../../src/runtime/packs/store.js';
import { medianMs } from './measure.js';

const search = registry.resolve('icd', 'search')!;
const ctx = createContext({ source: 'call', seed: 1 });
const run = (term: string, limit = 50): unknown => registry.invoke(search, [term, limit], {}, ctx);

function measure(label: string): void {
  const started = process.hrtime.bigint();
  run('sepsis');
  const firstMs = Number(process.hrtime.bigint() - started) / 1e6;
  process.stdout.write(`icd: ${label}; first search (loads the table and builds the index): ${firstMs.toFixed(2)} ms\n`);
  for (const [term, limit] of [['diabetes', 50], ['presymptomatic', 50], ['heart failure', 500], ['T39', 50], ['zzzz', 50]] as const) {
    process.stdout.write(`icd: ${label}: search ${JSON.stringify(term)} limit ${limit}: median ${medianMs(() => run(term, limit), 200).toFixed(3)} ms\n`);
  }
}

/** An order file of `count` codes in the CMS layout, titles drawn from the shipped table so words recur as they do in the real set. */
function orderFile(count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const letter = String.fromCharCode(65 + (Math.floor(i / 3000) % 26));
    const category = `${letter}${String(Math.floor(i / 30) % 100).padStart(2, '0')}`;
    const code = i % 30 === 0 ? category : `${category}${String(i % 30).padStart(2, '0')}${String(Math.floor(i / 3000)).padStart(2, '0')}`;
    const title = `${icd.codes[i % icd.codes.length]!.description} (${i})`;
    lines.push(`${String(i + 1).padStart(5, '0').slice(-5)} ${code.padEnd(7)} ${i % 30 === 0 ? 0 : 1} ${title.slice(0, 60).padEnd(60)} ${title}`);
  }
  return `${lines.join('\n')}\n`;
}

measure(`shipped subset of ${icd.codes.length} codes`);
const dir = mkdtempSync(join(tmpdir(), 'cpes-bench-icd-'));
try {
  const file = join(dir, 'icd10cm_order_2099.txt');
  // order numbers are five digits: a 75,000-code file counts 00001-75000 like CMS's
  writeFileSync(file, orderFile(75_000));
  const meta = importPack(dir, registry.packKind('icd10cm')!, file);
  usePackDirectory(dir);
  measure(`icd10cm pack of ${meta.rows} codes`);
} finally {
  usePackDirectory(null);
  rmSync(dir, { recursive: true, force: true });
}

// icd.search over the shipped ICD-10-CM table: the first call (which builds the search index) and the
// median of later calls, for a common word, a rare word, two words and a code prefix.
import { createContext } from '../../src/runtime/modules/context.js';
import { icd } from '../../src/runtime/modules/icd/codes.js';
import { registry } from '../../src/runtime/modules/index.js';
import { medianMs } from './measure.js';

const search = registry.resolve('icd', 'search')!;
const ctx = createContext({ source: 'call', seed: 1 });
const run = (term: string, limit = 50): unknown => registry.invoke(search, [term, limit], {}, ctx);

const started = process.hrtime.bigint();
run('sepsis');
const firstMs = Number(process.hrtime.bigint() - started) / 1e6;
process.stdout.write(`icd: table of ${icd.codes.length} codes; first search (builds the index): ${firstMs.toFixed(2)} ms\n`);
for (const [term, limit] of [['diabetes', 50], ['presymptomatic', 50], ['heart failure', 500], ['T39', 50], ['zzzz', 50]] as const) {
  process.stdout.write(`icd: search ${JSON.stringify(term)} limit ${limit}: median ${medianMs(() => run(term, limit), 200).toFixed(3)} ms\n`);
}

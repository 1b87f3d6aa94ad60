// Median time to lex + parse + check a 10,000-character protocol (issue target: under 1 ms).
import { analyze } from '../../src/compiler/frontend.js';
import { registry } from '../../src/runtime/modules/index.js';
import { medianMs } from './measure.js';
import { sampleProtocol } from './sample.js';

const source = sampleProtocol();
const check = analyze(source, registry.catalog);
if (check.diagnostics.length) throw new Error(`benchmark protocol is invalid: ${check.diagnostics[0]!.message}`);
const ms = medianMs(() => analyze(source, registry.catalog), 1000);
process.stdout.write(`front end: lex+parse+check of ${source.length} characters: median ${ms.toFixed(3)} ms\n`);

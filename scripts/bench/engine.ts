// Engine benchmarks: (a) parse+check+compile of a 10,000-character protocol, (b) loop iterations per
// second through the closure compiler, (c) the same loop through a plain AST walker, and the ratio.
import { analyze } from '../../src/compiler/frontend.js';
import { compileProgram } from '../../src/compiler/compile.js';
import { createContext } from '../../src/runtime/modules/context.js';
import { registry } from '../../src/runtime/modules/index.js';
import { buildPatient } from '../../src/runtime/patient.js';
import { walkProtocol } from './ast-walker.js';
import { medianMs } from './measure.js';
import { sampleProtocol } from './sample.js';

const big = sampleProtocol();
const compileMs = medianMs(() => compileProgram(analyze(big, registry.catalog).program!, registry), 300);
process.stdout.write(`engine: parse+check+compile of ${big.length} characters: median ${compileMs.toFixed(3)} ms\n`);

const N = 1_000_000;
const loop = `protocol Loop { let i = 0; while i < ${N} { let i = i + 1; } }`;
const program = analyze(loop, registry.catalog).program!;
const compiled = compileProgram(program, registry);
const patient = buildPatient();
const closureMs = medianMs(() => compiled.run(patient, createContext({ source: 'run', seed: 1 })), 7, 2);
const walkerMs = medianMs(() => walkProtocol(program), 7, 2);
const perSecond = (ms: number): string => `${((N / ms) * 1000 / 1e6).toFixed(1)} M iterations/s`;
process.stdout.write(`engine: while loop of ${N} iterations (closures, with the event log): ${closureMs.toFixed(1)} ms, ${perSecond(closureMs)}\n`);
process.stdout.write(`engine: the same loop through a plain AST walker: ${walkerMs.toFixed(1)} ms, ${perSecond(walkerMs)}\n`);
process.stdout.write(`engine: closure design gain: ${(walkerMs / closureMs).toFixed(2)}x\n`);

// The short, seeded form of `npm run fuzz` that runs with every `npm test`: the same three fuzzers and
// invariants as the full campaign, at a size that fits the suite, nesting up to 200 levels like the full
// campaign (the language's nesting bound answers them with a positioned error).
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { runFuzz } from '../scripts/fuzz/index.js';
import { fuzzLibrary, resultProblem } from '../scripts/fuzz/library.js';
import { fuzzProtocols } from '../scripts/fuzz/protocols.js';
import { createRng, randomSeed } from '../scripts/fuzz/random.js';
import { registry } from '../src/runtime/modules/index.js';

describe('fuzz (short seeded campaign of npm run fuzz)', function () {
  this.timeout(180_000); // bounded by the campaign's minute; a loaded machine adds the servers' start-up

  it('finds no violation in the library, the protocol pipeline or the HTTP API (seed 19)', async () => {
    const report = await runFuzz({ seed: 19, protocols: 120, callsPerFunction: 8, httpRequests: 160, maxDepth: 200, minutes: 1 });
    const lines = report.violations.map((v) => `[${v.fuzzer}] ${v.problem}\n    input: ${v.input}`);
    expect(lines, lines.join('\n')).to.deep.equal([]);
    expect(report.calls).to.be.greaterThan(0);
    expect(report.protocols).to.be.greaterThan(0);
    expect(report.httpRequests).to.be.greaterThan(0);
  });

  // a fresh seed on every run finds what the fixed seeds cannot; it is printed so that a failure can be replayed
  const fresh = Number(process.env.CPES_FUZZ_SEED) || randomSeed();
  it(`finds no violation in the library or the protocol pipeline with a fresh seed (${fresh}; replay: CPES_FUZZ_SEED=${fresh} or npm run fuzz -- --seed ${fresh} --protocols 60 --calls 2 --http 0 --max-depth 40)`, async () => {
    process.stdout.write(`      fuzz seed ${fresh}\n`);
    const deadline = Date.now() + 60_000;
    const library = fuzzLibrary({ rng: createRng(fresh), callsPerFunction: 2, deadline });
    const protocols = await fuzzProtocols({ rng: createRng(fresh + 1), seed: fresh, count: 60, maxDepth: 40, deadline, workers: 2, fixturesDir: fileURLToPath(new URL('../fixtures/', import.meta.url)) });
    const lines = [...library.violations, ...protocols.violations].map((v) => `[${v.fuzzer}] ${v.problem}\n    input: ${v.input}`);
    expect(lines, `seed ${fresh}:\n${lines.join('\n')}`).to.deep.equal([]);
    expect(library.calls).to.be.greaterThan(0);
    expect(protocols.protocols).to.be.greaterThan(0);
  });

  it('reaches every registered function under every callable name, aliases included', () => {
    // the library fuzzer iterates the registry, so modules added later are covered without a change here
    const names = Object.entries(registry.listing()).flatMap(([module, list]) => list.map((name) => [module, name] as const));
    expect(names.length).to.be.greaterThan(registry.functions().length); // aliases counted too
    for (const [module, name] of names) expect(registry.resolve(module, name), `${module}.${name}`).to.not.equal(undefined);
  });

  it('its result check fails on a non-finite number, an undeclared field or a wrong type', () => {
    const fn = registry.resolve('signal', 'perfusion_index')!;
    const sound = { type: 'SIGNAL_PI', perfusion_index: 2, status: 'NORMAL_PERFUSION', interpretation: 'x' };
    expect(resultProblem(fn, sound)).to.equal(null);
    expect(resultProblem(fn, { ...sound, perfusion_index: Infinity } as never)).to.equal('result.perfusion_index is Infinity');
    expect(resultProblem(fn, { ...sound, stack: 'x' })).to.equal('result.stack is not declared');
    expect(resultProblem(fn, { ...sound, type: 'OTHER' })).to.equal('result.type is "OTHER", declared one of SIGNAL_PI');
    expect(resultProblem(fn, { ...sound, perfusion_index: '2' })).to.equal('result.perfusion_index is string, declared number');
  });
});

import { expect } from 'chai';
import { Registry } from '../src/runtime/modules/registry.js';
import { createContext } from '../src/runtime/modules/context.js';
import { ArgumentError, type ModuleDef } from '../src/runtime/modules/types.js';
import { pyRound } from '../src/util/round.js';
import { suggestNames, normalizeName, nearestName } from '../src/util/names.js';
import { createRandom } from '../src/util/random.js';

const demo: ModuleDef = {
  name: 'demo',
  description: 'a module for testing the registry conventions',
  functions: [
    {
      name: 'interpret',
      aliases: ['interp'],
      description: 'echo',
      params: [
        { name: 'test', type: 'string', description: 'test name', maxLength: 200 },
        { name: 'value', type: 'number', description: 'measured value', minimum: 0 },
        { name: 'unit', type: 'string', description: 'unit', enum: ['mg/dL', 'mmol/L'], default: 'mg/dL' },
        { name: 'readings', type: 'array', items: { type: 'number' }, description: 'series', default: null },
        { name: 'count', type: ['string', 'integer'], description: 'a union', default: 1 },
      ],
      result: {
        type: 'ECHO',
        fields: [
          { name: 'test', type: 'string', description: 'the test echoed' },
          { name: 'value', type: 'number', description: 'the value echoed' },
          { name: 'unit', type: 'string', description: 'the unit echoed', enum: ['mg/dL', 'mmol/L'] },
          { name: 'readings', type: ['array', 'null'], items: { type: 'number', description: 'a reading' }, description: 'the series echoed' },
        ],
      },
      state: 'none',
      sources: ['test'],
      impl: (args) => ({ type: 'ECHO', test: args.test!, value: args.value!, unit: args.unit!, readings: args.readings! }),
    },
    {
      name: 'undeclared',
      description: 'answers a field its declaration does not have',
      params: [],
      result: { type: 'ECHO', fields: [{ name: 'test', type: 'string', description: 'a test' }] },
      state: 'none',
      sources: [],
      impl: () => ({ type: 'ECHO', test: 'a', levle: 'HIGH' }),
    },
    {
      name: 'misdeclared',
      description: 'answers a string where its declaration says number',
      params: [],
      result: { bare: 'number' },
      state: 'none',
      sources: [],
      impl: () => 'five',
    },
    {
      name: 'tally',
      description: 'answers a record keyed by arm label; with bad true, one count is not a whole number',
      params: [{ name: 'bad', type: 'boolean', description: 'answer off the declared shape', default: false }],
      result: {
        type: 'TALLY',
        fields: [{ name: 'counts', type: 'object', description: 'patients by arm label', keys: 'arm', values: { type: 'integer', description: 'patients in the arm' } }],
      },
      state: 'none',
      sources: [],
      impl: (args) => ({ type: 'TALLY', counts: args.bad ? { Arm_A: 2, 'Arm B': 1.5 } : { Arm_A: 2, 'Arm B': 1 } }),
    },
    {
      name: 'broken',
      description: 'returns a non-finite number',
      params: [],
      result: { bare: 'number' },
      state: 'none',
      sources: [],
      impl: () => Number.NaN,
    },
  ],
};

const registry = new Registry([demo]);
const fn = registry.resolve('demo', 'interpret')!;
const message = (action: () => unknown): string => {
  try {
    action();
  } catch (error) {
    expect(error).to.be.instanceOf(ArgumentError);
    return (error as Error).message;
  }
  throw new Error('expected an ArgumentError');
};

describe('library registry', () => {
  it('lists canonical names then aliases, and resolves aliases to the same function', () => {
    expect(registry.listing()).to.deep.equal({ demo: ['interpret', 'undeclared', 'misdeclared', 'tally', 'broken', 'interp'] });
    expect(registry.resolve('demo', 'interp')).to.equal(fn);
    expect(registry.catalog.modules.get('demo')!.get('interp')).to.include({ minArgs: 2, maxArgs: 5 });
  });

  it('binds positional arguments, then keyword arguments, and fills defaults', () => {
    expect(registry.bind(fn, ['Plt', 95], { unit: 'mmol/L' })).to.deep.equal({
      test: 'Plt',
      value: 95,
      unit: 'mmol/L',
      readings: null,
      count: 1,
    });
    expect(registry.bind(fn, ['Plt', 95, null])).to.include({ unit: 'mg/dL' });
  });

  it('names the parameter, its position and what was wrong', () => {
    expect(message(() => registry.bind(fn, ['Plt', '95']))).to.equal("demo.interpret: argument 2 'value' must be a number, got string");
    expect(message(() => registry.bind(fn, ['Plt']))).to.match(/^demo\.interpret: argument 2 'value' is required/);
    expect(message(() => registry.bind(fn, ['Plt', -1]))).to.equal("demo.interpret: argument 2 'value' must be ≥ 0, got -1");
    expect(message(() => registry.bind(fn, ['Plt', 1, 'g']))).to.equal(
      `demo.interpret: argument 3 'unit' must be one of "mg/dL", "mmol/L", got "g"`,
    );
    expect(message(() => registry.bind(fn, ['Plt', 1, 'mg/dL', [1, 'x']]))).to.equal(
      "demo.interpret: argument 4 'readings' item 1 must be a number, got string",
    );
    expect(message(() => registry.bind(fn, ['Plt', 1, 'mg/dL', null, 1.5]))).to.equal(
      "demo.interpret: argument 5 'count' must be a string or an integer, got number",
    );
    expect(message(() => registry.bind(fn, ['Plt', 1], { valeu: 2 }))).to.equal("demo.interpret: unknown parameter 'valeu'; did you mean 'value'?");
    expect(message(() => registry.bind(fn, ['Plt', 1], { value: 2 }))).to.equal(
      "demo.interpret: argument 2 'value' is given both by position and by name",
    );
    expect(message(() => registry.bind(fn, ['a', 1, 'mg/dL', null, 1, 6]))).to.equal('demo.interpret: takes at most 5 arguments, got 6');
    expect(message(() => registry.bind(fn, ['x'.repeat(201), 1]))).to.equal(
      "demo.interpret: argument 1 'test' must be at most 200 characters, got 201",
    );
  });

  it('treats 3.0 as an integer and never coerces strings to numbers', () => {
    expect(registry.bind(fn, ['Plt', 1, 'mg/dL', null, 3.0])).to.include({ count: 3 });
    expect(() => registry.bind(fn, ['Plt', true])).to.throw(ArgumentError, /got boolean/);
  });

  it('suggests the nearest module or function for unknown names', () => {
    expect(registry.describeUnknown('dmeo', 'x')).to.equal("unknown module 'dmeo'; did you mean 'demo'? known modules: demo");
    expect(registry.describeUnknown('demo', 'interpet')).to.equal("unknown function 'demo.interpet'; did you mean 'demo.interpret'?");
  });

  it('copies results out and refuses non-finite numbers', () => {
    const ctx = createContext({ source: 'call', seed: 1 });
    const result = registry.invoke(fn, ['Plt', 95], {}, ctx) as Record<string, unknown>;
    expect(Object.keys(result)).to.deep.equal(['type', 'test', 'value', 'unit', 'readings']);
    expect(() => registry.invoke(registry.resolve('demo', 'broken')!, [], {}, ctx)).to.throw(/non-finite/);
  });

  it('refuses an answer outside the declared result at the boundary (a library defect, never passed on)', () => {
    const ctx = createContext({ source: 'call', seed: 1 });
    expect(() => registry.invoke(registry.resolve('demo', 'undeclared')!, [], {}, ctx)).to.throw('demo.undeclared answered outside its declared result: result.levle is not declared');
    expect(() => registry.invoke(registry.resolve('demo', 'misdeclared')!, [], {}, ctx)).to.throw('demo.misdeclared answered outside its declared result: result is string, declared number');
  });

  it('holds each value of a record keyed by data to its declared shape, naming the key', () => {
    const ctx = createContext({ source: 'call', seed: 1 });
    const tally = registry.resolve('demo', 'tally')!;
    expect(registry.invoke(tally, [], {}, ctx)).to.deep.equal({ type: 'TALLY', counts: { Arm_A: 2, 'Arm B': 1 } });
    expect(() => registry.invoke(tally, [true], {}, ctx)).to.throw('demo.tally answered outside its declared result: result.counts["Arm B"] is number, declared integer');
  });

  it('declares a tagged record\'s type field from the tag, for the checker and the reference', () => {
    const spec = registry.catalog.modules.get('demo')!.get('interpret')!.result;
    expect(spec.fields!.map((f) => f.name)).to.deep.equal(['type', 'test', 'value', 'unit', 'readings']);
    expect(spec.fields![0]).to.include({ type: 'string' }).and.to.have.property('enum').that.deep.equals(['ECHO']);
  });
});

describe('Python-compatible rounding', () => {
  it('decides on the exact binary value, ties to even', () => {
    // 2.675 is stored as 2.67499999999999982236431605997495353221893310546875
    expect(pyRound(2.675, 2)).to.equal(2.67);
    expect(pyRound(0.125, 2)).to.equal(0.12); // exact tie → even
    expect(pyRound(0.375, 2)).to.equal(0.38); // exact tie → even
    expect(pyRound(1762.5)).to.equal(1762);
    expect(pyRound(1763.5)).to.equal(1764);
    expect(pyRound(-2.5)).to.equal(-2);
    expect(pyRound(1.005, 2)).to.equal(1); // 1.00499999999999989...
    expect(pyRound(117.77, 1)).to.equal(117.8);
    expect(pyRound(-0.4)).to.equal(0);
  });
});

describe('name matching and suggestions', () => {
  it('treats case, spaces, underscores, dashes and dots alike', () => {
    expect(normalizeName(' Piperacillin_Tazobactam ')).to.equal(normalizeName('piperacillin-tazobactam'));
  });

  it('ranks prefix, then substring, then edit-distance matches', () => {
    const names = ['Vancomycin', 'Heparin', 'Enoxaparin', 'Van', 'Vecuronium'];
    expect(suggestNames('van', names)).to.deep.equal(['Vancomycin', 'Van']);
    expect(suggestNames('parin', names)).to.deep.equal(['Heparin', 'Enoxaparin']);
    expect(suggestNames('Heprin', names)).to.deep.equal(['Heparin']);
    expect(suggestNames('zzz', names)).to.deep.equal([]);
  });

  it('finds the nearest name within a third of its length', () => {
    expect(nearestName('scroe', ['score', 'band'])).to.equal('score');
    expect(nearestName('qqqqqq', ['score'])).to.equal(null);
  });
});

describe('seeded random generator', () => {
  it('gives the same sequence for the same seed and differs across seeds', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const c = createRandom(43);
    const seqA = [a(), a(), a()];
    expect([b(), b(), b()]).to.deep.equal(seqA);
    expect([c(), c(), c()]).to.not.deep.equal(seqA);
    for (const x of seqA) expect(x).to.be.within(0, 1);
  });
});

import { expect } from 'chai';
import { runProtocol, checkProtocol } from '../src/engine/index.js';
import { callFunction } from '../src/engine/call.js';
import { classifyTiming } from '../src/runtime/modules/timing.js';

const run = (code: string, patient?: Record<string, never>) => runProtocol(code, patient);

describe('engine: run result envelope', () => {
  it('fills stats on success and keeps events in order', () => {
    const { kind, body } = run('protocol P { let x = 1; }');
    expect(kind).to.equal('ok');
    expect(Object.keys(body)).to.deep.equal(['success', 'events', 'alerts', 'stats', 'error']);
    expect(body.stats).to.include({ event_count: 2, events_dropped: 0 });
    expect(body.events[1]).to.deep.equal({ event: '[1] LOG: let x = 1', line: 1, kind: 'let', name: 'x', value: 1 });
  });

  it('gives stats {} and the events so far on a runtime error', () => {
    const { kind, body } = run('protocol P { alert "before"; let y = 1 / 0; }');
    expect(kind).to.equal('runtime_error');
    expect(body.stats).to.deep.equal({});
    expect(body.alerts).to.have.length(1);
    expect(body.events.map((e) => e.kind)).to.deep.equal(['protocol', 'alert']);
  });

  it('answers syntax errors with diagnostics and the first message in error', () => {
    const { kind, body } = run('protocol P { let = 1; let y = ; }');
    expect(kind).to.equal('invalid');
    expect(body.code).to.equal('syntax_error');
    expect(body.diagnostics).to.have.length(2);
    expect(body.error).to.match(/^Syntax error at line 1, column 18: /);
    expect(checkProtocol('protocol P { let = 1; }')).to.have.length(1);
  });

  it('refuses a patient that is not an object of numbers, strings and booleans', () => {
    expect(runProtocol('protocol P { }', [1] as never).kind).to.equal('invalid');
    expect(runProtocol('protocol P { }', { a: { b: 1 } } as never).body.error).to.match(/patient field 'a'/);
  });
});

describe('engine: limits', () => {
  it('keeps 10,000 events and counts the rest as dropped', () => {
    const { body } = run('protocol P { let i = 0; while i < 20000 { let i = i + 1; } }');
    expect(body.success).to.equal(true);
    expect(body.events).to.have.length(10_000);
    // protocol start + let i = 0 + 20,000 lets + the while event = 20,003 events
    expect(body.stats).to.include({ event_count: 10_000, events_dropped: 20_003 - 10_000 });
  });

  it('keeps 1,000 alerts and counts the rest', () => {
    const { body } = run('protocol P { let i = 0; while i < 1005 { alert "a"; let i = i + 1; } }');
    expect(body.alerts).to.have.length(1000);
  });

  it('limits strings to 1,000,000 characters', () => {
    const { body } = run('protocol P { let s = "xxxxxxxxxx"; while true { let s = s + s; } }');
    expect(body.error).to.match(/string longer than 1000000 characters/);
  });

  it('stops runaway recursion at depth 200', () => {
    const { body } = run('function f(n) { return f(n + 1); }\nprotocol P { let x = f(0); }');
    expect(body.error).to.match(/^Runtime error at line 1, column 24: call depth limit of 200 exceeded/);
  });
});

describe('engine: semantics', () => {
  it('never reaches prototype members of records', () => {
    const { body } = run('protocol P { let m = {"a": 1}; let c = m.constructor; }');
    expect(body.error).to.match(/no field 'constructor' in m; its fields are: a/);
    const proto = run('protocol P { let m = {"a": 1}; let c = m["__proto__"]; }');
    expect(proto.body.error).to.match(/no key "__proto__"/);
  });

  it('short-circuits and/or and insists on booleans', () => {
    expect(run('protocol P { let x = false and 1 / 0 == 0; }').body.success).to.equal(true);
    expect(run('protocol P { let x = 1 and true; }').body.error).to.match(/the left side of 'and' must be true or false, found 1/);
  });

  it('checks annotations at run time when the value is not a literal', () => {
    const { body } = run('function f(x: int) { return x; }\nprotocol P { let s = "a"; let y = f(s); }');
    expect(body.error).to.match(/argument 1 of 'f' is declared 'int' but got string/);
  });

  it('reports non-finite results instead of returning them', () => {
    expect(run('protocol P { let x = 1e308 * 10; }').body.error).to.match(/the product is not a finite number/);
  });

  it('compares quantities across units and multiplies their units', () => {
    expect(run('protocol P { let a = 2 h > 90 min; }').body.events[1]!.event).to.equal('[1] LOG: let a = true');
    expect(run('protocol P { let a = 2 mg; let b = a * a; }').body.events[2]!.event).to.equal('[1] LOG: let b = "4 mg2"');
  });

  it('gives the same result for the same request (seeded context, cached program)', () => {
    const code = 'protocol P { input: Patient p; track p.hr using KAE; }';
    expect(JSON.stringify(run(code).body.events)).to.equal(JSON.stringify(run(code).body.events));
  });
});

describe('kae (modules.md §20 vectors)', () => {
  it('a constant input stays exactly constant with trend 0 at every update', () => {
    const code = `protocol P { let i = 0; while i < 5 { let s = med.kae.track("p.hr", 110); let i = i + 1; } alert "" + s.pos + " " + s.vel + " " + s.updates; }`;
    expect(run(code).body.alerts[0]!.message).to.equal('110 0 5');
  });

  it('the generic filter after 100 then 102.5 gives pos 101.8846 and vel 0.2615', () => {
    // P0 = [[25, 0], [0, 2]]; P⁻ = [[76.5625, 10.625], [10.625, 2.25]]; S = 101.5625; K = [0.753846, 0.104615]; innovation 2.5
    const code = 'protocol P { let a = med.kae.update(100); let b = med.kae.update(102.5); alert "" + b.pos + " " + b.vel; }';
    const [pos, vel] = run(code).body.alerts[0]!.message.split(' ').map(Number);
    expect(pos).to.be.closeTo(101.8846, 5e-5);
    expect(vel).to.be.closeTo(0.2615, 5e-5);
  });

  it('rejects a reliability outside (0, 1]', () => {
    expect(callFunction({ module: 'kae', function: 'update', args: [1, 0] }).body.error).to.equal("kae.update: argument 2 'reliability' must be > 0, got 0");
    expect(callFunction({ module: 'kae', function: 'update', args: [1, 1.5] }).body.error).to.equal("kae.update: argument 2 'reliability' must be ≤ 1, got 1.5");
  });

  it('track using KAE needs a number', () => {
    const { body } = run('protocol P { input: Patient p; track p.sex using KAE; }');
    expect(body.error).to.match(/track p\.sex using KAE needs a number, but p\.sex is string/);
  });
});

describe('moiss timing classes (modules.md §21)', () => {
  // onset 10 min: Δ = t_crit − 10; PROPHYLACTIC Δ > 10; ON_TIME 0 < Δ ≤ 10; PARTIAL −2.5 < Δ ≤ 0;
  // MARGINAL −5 < Δ ≤ −2.5; FUTILE −10 < Δ ≤ −5; TOO_LATE Δ ≤ −10
  const cases: [number, string][] = [
    [20.01, 'PROPHYLACTIC'], [20, 'ON_TIME'], [10.01, 'ON_TIME'], [10, 'PARTIAL'], [7.51, 'PARTIAL'], [7.5, 'MARGINAL'],
    [5.01, 'MARGINAL'], [5, 'FUTILE'], [0.01, 'FUTILE'], [0, 'TOO_LATE'],
  ];
  for (const [tCrit, expected] of cases) {
    it(`t_crit ${tCrit} min with onset 10 min is ${expected}`, () => {
      expect(classifyTiming(tCrit, 10)).to.equal(expected);
    });
  }

  it('is UNKNOWN for a drug without a known onset', () => {
    expect(callFunction({ module: 'moiss', function: 'classify', args: [5, 'Unobtainium'] }).body.result).to.equal('UNKNOWN');
  });
});

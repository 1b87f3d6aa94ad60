import { expect } from 'chai';
import { runProtocol, stopBeforeLimit } from '../src/engine/index.js';

const LIMIT_MS = 300;

describe('engine: a run stops itself at its time limit with what it logged', () => {
  it('in a while loop: 408 kind, the events so far, the line and the construct', () => {
    const { kind, body } = runProtocol(
      'protocol P {\n    alert "starting" severity: info;\n    let n = 0;\n    while true {\n        let n = n + 1;\n    }\n}',
      undefined,
      { timeLimitMs: LIMIT_MS },
    );
    expect(kind).to.equal('timeout');
    expect(body).to.include({ success: false, code: 'timeout', error: 'stopped at line 4 after 0.3 s (while loop)' });
    expect(body.stats).to.deep.equal({});
    expect(body.alerts).to.deep.equal([{ severity: 'info', message: 'starting', line: 2 }]);
    expect(body.events.slice(0, 4).map((e) => e.event)).to.deep.equal([
      '[1] LOG: protocol P started',
      '[2] LOG: alert [info] starting',
      '[3] LOG: let n = 0',
      '[5] LOG: let n = 1',
    ]);
  });

  it('in a for loop nested in a while loop, naming the innermost construct', () => {
    const { kind, body } = runProtocol('protocol P {\n    let xs = [1, 2, 3, 4, 5, 6, 7, 8];\n    while true {\n        for x in xs { }\n    }\n}', undefined, {
      timeLimitMs: LIMIT_MS,
    });
    expect(kind).to.equal('timeout');
    expect(body.error).to.match(/^stopped at line [34] after 0\.3 s \((for|while) loop\)$/);
  });

  it('in runaway recursion that never loops, at a function entry', () => {
    const { kind, body } = runProtocol(
      'function fib(n) {\n    if n < 2 { return n; }\n    return fib(n - 1) + fib(n - 2);\n}\nprotocol P { let x = fib(60); }',
      undefined,
      { timeLimitMs: LIMIT_MS },
    );
    expect(kind).to.equal('timeout');
    expect(body.error).to.match(/^stopped at line 3 after 0\.3 s \(function 'fib'\)$/);
  });

  it('leaves runs that finish in time alone, and stops before the limit with a margin', () => {
    expect(runProtocol('protocol P { let x = 1; }', undefined, { timeLimitMs: LIMIT_MS }).kind).to.equal('ok');
    expect(stopBeforeLimit(10_000)).to.equal(500);
    expect(stopBeforeLimit(300)).to.equal(50);
  });
});

import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import { errorsOf } from './helpers/diagnostics.js';
import { CONTEXTUAL_KEYWORDS, RESERVED_WORDS } from '../src/lexer/tokens.js';
import { runLets } from './helpers/run.js';

describe('contextual keywords are names outside their construct', () => {
  for (const word of CONTEXTUAL_KEYWORDS) {
    it(`'${word}' as a variable, parameter, field, type field, constructor field and function name`, () => {
      const code = `
type Box { ${word}: int = 1; }
function ${word}_twice(${word}) { return ${word} * 2; }
function ${word}() { return 3; }
protocol Q {
    let called = ${word}();
}
protocol P {
    input: Patient p;
    let ${word} = 2;
    let b = Box { ${word}: ${word} };
    let r = ${word}_twice(${word}) + b.${word} + p.${word};
    let m = {"${word}": ${word}};
    for i in [${word}] { let ${word} = i + 1; }
}`;
      expect(errorsOf(code)).to.deep.equal([]);
      const lets = runLets(code, { [word]: 10 });
      expect(lets.r).to.equal(4 + 2 + 10);
      expect(lets.called).to.equal(3);
      expect(lets[word]).to.equal(3);
    });
  }

  it('the issue\'s protocol: let dose = 15 mg/kg * p.weight;', () => {
    expect(runLets('protocol P { input: Patient p; let dose = 15 mg/kg * p.weight; let type = "loading"; }', { weight: 80 })).to.deep.equal({
      dose: '1200 mg',
      type: 'loading',
    });
  });

  it('still marks its place in its own statement', () => {
    const { kind, body } = runProtocol(`
protocol P {
    input: Patient p;
    let dose = 0.1 mcg/kg/min;
    let severity = "high";
    administer Norepinephrine dose: dose;
    alert severity severity: high;
    track p.hr using KAE;
    assess p for sepsis;
    for for in [1] { let in = for; }
}`);
    expect(kind, body.error ?? '').to.equal('ok');
    expect(body.events.map((e) => e.kind)).to.deep.equal(['protocol', 'let', 'let', 'administer', 'alert', 'track', 'assess', 'let', 'let']);
    expect(body.alerts).to.deep.equal([{ severity: 'high', message: 'high', line: 7 }]);
  });

  for (const word of RESERVED_WORDS) {
    it(`'${word}' stays reserved, with a clear message where a name is expected`, () => {
      const [first] = errorsOf(`protocol P {\n    let ${word} = 1;\n}`);
      expect(first).to.include({ line: 2, column: 9 });
      expect(first!.message).to.match(new RegExp(`expected a name in the let statement but found '${word}'`));
    });
  }
});

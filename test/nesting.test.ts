import { expect } from 'chai';
import { runProtocol } from '../src/engine/index.js';
import { errorsOf } from './helpers/diagnostics.js';
import { MAX_EXPRESSION_DEPTH, MAX_NESTING } from '../src/parser/nesting.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpes } from './helpers/cli.js';

const wrap = (body: string): string => `protocol P {\n  input: Patient p;\n  let x = ${body};\n}`;

/** Every adversarial shape at `n`: brackets of each kind, unary chains, statement nests, long chains and calls. */
function shapes(n: number): Record<string, string> {
  return {
    parentheses: wrap(`${'('.repeat(n)}1${')'.repeat(n)}`),
    'list brackets': wrap(`${'['.repeat(n)}1${']'.repeat(n)}`),
    'map braces': wrap(`${'{"a": '.repeat(n)}1${'}'.repeat(n)}`),
    'index brackets': wrap(`[1]${'[0'.repeat(n)}${']'.repeat(n)}`),
    'minus chain': wrap(`${'- '.repeat(n)}1`),
    'not chain': wrap(`${'not '.repeat(n)}true`),
    'if nest': `protocol P {\n${'if true {\n'.repeat(n)}let y = 1;\n${'}\n'.repeat(n)}}`,
    'while nest': `protocol P {\n${'while false {\n'.repeat(n)}let y = 1;\n${'}\n'.repeat(n)}}`,
    'unclosed parentheses': wrap('('.repeat(n)),
  };
}

describe('front end: nesting is bounded, never a crash', () => {
  it(`accepts ${MAX_NESTING} levels of every bracket kind and unary chain`, () => {
    for (const [shape, code] of Object.entries(shapes(MAX_NESTING - 4))) {
      if (shape === 'unclosed parentheses') continue;
      expect(errorsOf(code), shape).to.deep.equal([]);
    }
  });

  for (const depth of [MAX_NESTING + 1, 150, 100_000]) {
    it(`reports ${depth}-deep input of every kind as one diagnostic at the token that passes the limit`, () => {
      for (const [shape, code] of Object.entries(shapes(depth))) {
        const found = errorsOf(code);
        expect(found, shape).to.have.length(1);
        expect(found[0]!.message, shape).to.match(new RegExp(`^nesting deeper than ${MAX_NESTING} levels`));
        expect(found[0]!.line, shape).to.be.greaterThan(0);
        expect(found[0]!.column, shape).to.be.greaterThan(0);
      }
    });
  }

  it('names the line and column of the first bracket too many', () => {
    const [d] = errorsOf(wrap('('.repeat(200)));
    expect([d!.line, d!.column]).to.deep.equal([3, 10 + MAX_NESTING]); // the protocol's block is the first level
  });

  it('runs long else-if chains without recursion', () => {
    const branches = Array.from({ length: 5000 }, (_, i) => `else if p.hr == ${i} { let y = ${i}; }`).join(' ');
    const { kind, body } = runProtocol(`protocol P { input: Patient p; if false { } ${branches} }`, { hr: 4999 });
    expect(kind).to.equal('ok');
    expect(body.events.at(-1)!.event).to.equal('[1] LOG: let y = 4999');
  });

  it(`accepts operator chains up to ${MAX_EXPRESSION_DEPTH} deep and reports longer ones`, () => {
    expect(runProtocol(wrap(Array(400).fill('1').join(' + '))).body.events.at(-1)!.event).to.equal('[3] LOG: let x = 400');
    for (const chain of [Array(100_000).fill('1').join(' + '), Array(100_000).fill('p').join('.'), `p${'.x'.repeat(100_000)}`]) {
      const found = errorsOf(wrap(chain));
      expect(found).to.have.length(1);
      expect(found[0]!.message).to.match(new RegExp(`^expression nested deeper than ${MAX_EXPRESSION_DEPTH} levels`));
    }
  });

  it('takes calls and lists with 10,000 arguments', () => {
    const args = Array.from({ length: 10_000 }, (_, i) => String(i)).join(', ');
    expect(errorsOf(`function f(a) { return a; }\nprotocol P { let x = f(${args}); }`)).to.deep.equal([
      { stage: 'compile', severity: 'error', line: 2, column: 22, endLine: 2, endColumn: 58_912, message: "function 'f' takes 1 argument but is given 10000" },
    ]);
    expect(errorsOf(`protocol P { let x = [${args}]; let y = med.scores.qsofa(${args}); }`)[0]!.message).to.match(/takes 1 to 2 arguments but is given 10000/);
  });

  it('survives random bracket and operator soup of every kind (bounded fuzz)', () => {
    const pieces = ['(', ')', '[', ']', '{', '}', '-', 'not ', '+', '*', 'if ', 'while ', '1', 'x', ';', ',', '.', 'as mg', '5 mg', 'let ', 'dose ', '"s"'];
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 100; i++) {
      const length = Math.floor(random() * 3000);
      let body = '';
      for (let j = 0; j < length; j++) body += pieces[Math.floor(random() * pieces.length)];
      const { kind, body: envelope } = runProtocol(`protocol P { ${body} }`);
      expect(['invalid', 'ok', 'runtime_error']).to.include(kind);
      expect(envelope.error ?? '').to.not.match(/internal error|Maximum call stack/);
    }
  });

  it('cpes check reports a 150-deep nest as a diagnostic and exits 2, not 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpes-nesting-'));
    const file = join(dir, 'deep.moiss');
    writeFileSync(file, wrap('('.repeat(150) + '1' + ')'.repeat(150)));
    const { status, stdout, stderr } = cpes(['check', file]);
    expect(status, stderr).to.equal(2);
    expect(stdout + stderr).to.match(/nesting deeper than 64 levels/);
    expect(stdout + stderr).to.not.match(/Maximum call stack/);
  });
});

// Every protocol example in docs/language.md runs as the text says (issue 23): a ```moiss block is a whole
// program, run with the patient of its `// patient: {...}` line; `// → v` is what the `let` on that line
// logs, and `// error: message` is the error that line gives. The unit algebra table of §7 is evaluated too.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { runProtocol } from '../src/engine/index.js';

const text = readFileSync(new URL('../docs/language.md', import.meta.url), 'utf8');
const blocks = [...text.matchAll(/^```moiss\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);

/** The line of each `let` with an expected value, and that value. */
function expectations(code: string): { line: number; value: string }[] {
  return code.split('\n').flatMap((line, i) => {
    const m = /^\s*let \w+ = .*\/\/ → (.+)$/.exec(line);
    return m ? [{ line: i + 1, value: m[1]!.trim() }] : [];
  });
}

describe('docs/language.md: every example runs as written', () => {
  it('has protocol examples to run', () => {
    expect(blocks.length).to.be.greaterThan(10);
  });

  blocks.forEach((code, index) => {
    const name = /protocol (\w+)/.exec(code)?.[1] ?? `block ${index + 1}`;
    it(`${name} (example ${index + 1})`, () => {
      const patientLine = /^\/\/ patient: (.+)$/m.exec(code);
      const patient = patientLine ? JSON.parse(patientLine[1]!) : undefined;
      const { kind, body } = runProtocol(code, patient);
      const error = code.split('\n').findIndex((line) => line.includes('// error: '));
      if (error >= 0) {
        const message = code.split('\n')[error]!.split('// error: ')[1]!.trim();
        const found = body.diagnostics ? body.diagnostics.map((d) => `${d.line} ${d.message}`) : [`${/line (\d+)/.exec(body.error ?? '')?.[1]} ${body.error?.replace(/^.*?column \d+: /, '')}`];
        expect(found).to.deep.equal([`${error + 1} ${message}`]);
        return;
      }
      expect(kind, `${body.error ?? ''} ${JSON.stringify(body.diagnostics ?? [])}`).to.equal('ok');
      for (const { line, value } of expectations(code)) {
        const event = body.events.find((e) => e.kind === 'let' && e.line === line);
        expect(event?.event.replace(/^\[\d+\] LOG: let \w+ = /, ''), `line ${line}`).to.equal(value);
      }
    });
  });

  it('§7: every row of the multiplication and division table', () => {
    const table = text.slice(text.indexOf('### Multiplication and division multiply and divide units'), text.indexOf('The rules:'));
    const rows = [...table.matchAll(/^\| `([^`]+)`( \(80 kg\))? \| `([^`]+)`/gm)];
    expect(rows.length).to.be.greaterThan(8);
    for (const [, expr, , result] of rows) {
      const { kind, body } = runProtocol(`protocol T { input: Patient p; let x = ${expr}; }`, { weight: 80 });
      expect(kind, expr).to.equal('ok');
      expect(body.events.at(-1)!.event.replace(/^\[1\] LOG: let x = /, '').replace(/"/g, ''), expr).to.equal(result);
    }
  });
});

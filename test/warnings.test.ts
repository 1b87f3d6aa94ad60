// Issue 26 item 3: warnings beside errors, from the one checker entry that cpes check, /v1/check and the
// language server share; a protocol with only warnings still runs.
import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkProtocol, runProtocol } from '../src/engine/index.js';
import { cpes } from './helpers/cli.js';

/** The warnings of a protocol as `line:column message`. */
const warnings = (code: string): string[] =>
  checkProtocol(code)
    .filter((d) => d.severity === 'warning')
    .map((d) => `${d.line}:${d.column} ${d.message}`);

describe('warnings (issue 26)', () => {
  it('a variable assigned and never read, at its let; one read anywhere in the scope is enough', () => {
    expect(warnings('protocol P {\n  let a = 1;\n  let b = 2;\n  alert "b " + b;\n}')).to.deep.equal([
      "2:3 'a' is assigned but never read: use it, or remove the let (its value is still logged)",
    ]);
    expect(warnings('protocol P { let n = 0; while n < 3 { let n = n + 1; } }')).to.deep.equal([]);
    expect(warnings('protocol P { input: Patient p; let w = p; track w.hr; }')).to.deep.equal([]);
    expect(warnings('function f(x) { let y = x; return x; }\nprotocol P { alert "a" + f(1); }')).to.deep.equal([
      "1:17 'y' is assigned but never read: use it, or remove the let (its value is still logged)",
    ]);
  });

  it('a condition that is always true or false, and not one that depends on data', () => {
    expect(warnings('protocol P {\n  if true { alert "a"; }\n  if 1 > 2 { alert "b"; }\n  while not (false or false) { alert "c"; }\n}')).to.deep.equal([
      '2:6 this if condition is always true: the test is not needed',
      '3:6 this if condition is always false: its block never runs',
      '4:9 this while condition is always true: the loop only ends by an error or the time limit',
    ]);
    expect(warnings('protocol P { input: Patient p; if p.hr > 100 and true { alert "a"; } if 5 mg > 1 g { alert "b"; } if "a" == "a" { alert "c"; } }')).to.deep.equal([
      '1:102 this if condition is always true: the test is not needed',
    ]);
  });

  it('a call whose result is dropped: a library function without state, a built-in, a pure function of the file', () => {
    const code = [
      'function twice(x) { return x * 2; }',
      'function loud(x) { alert "x"; return x; }',
      'protocol P {',
      '  input: Patient p;',
      '  med.scores.qsofa(p);',
      '  len([1, 2]);',
      '  twice(2);',
      '  loud(2);',
      '  med.kae.update(p.hr, 1);',
      '}',
    ].join('\n');
    expect(warnings(code)).to.deep.equal([
      "5:3 the result of med.scores.qsofa(...) is dropped (only logged): bind it with 'let' or remove the call",
      "6:3 the result of len(...) is dropped (only logged): bind it with 'let' or remove the call",
      "7:3 the result of twice(...) is dropped (only logged): bind it with 'let' or remove the call",
    ]);
  });

  it('a statement after return, once per block', () => {
    expect(warnings('function f(x) {\n  return x;\n  alert "never";\n  alert "never either";\n}\nprotocol P { alert "a" + f(1); }')).to.deep.equal([
      "3:3 this statement comes after 'return' and never runs: remove it or move it before the return",
    ]);
    expect(warnings('function f(x) { if x > 1 { return 1; } return 2; }\nprotocol P { alert "a" + f(1); }')).to.deep.equal([]);
  });

  it('administer of a per-kg dose where the protocol has no patient, and not when it has one', () => {
    expect(warnings('protocol P { administer Vancomycin dose: 15 mg/kg; }')).to.deep.equal([
      "1:42 the dose of Vancomycin is per kg (mg/kg) but the protocol has no 'input: Patient p;', so the dose check has no weight: add the input or give the whole dose",
    ]);
    expect(warnings('protocol P { input: Patient p; administer Vancomycin dose: 15 mg/kg; administer Heparin dose: 18 units/kg/h * p.weight; }')).to.deep.equal([]);
    expect(warnings('protocol P { administer Vancomycin dose: 1 g; }')).to.deep.equal([]);
  });

  it('every diagnostic carries severity, span and (for a near miss) the suggested replacement', () => {
    const [unused, unknown] = checkProtocol('protocol P { let score = 1; alert "s" + scroe; }');
    expect(unknown).to.include({ severity: 'error', stage: 'compile', line: 1, column: 41, endLine: 1, endColumn: 45, suggestion: 'score' });
    expect(unused).to.include({ severity: 'warning', line: 1, column: 14 });
    expect(unused).to.not.have.property('suggestion');
    // the suggestion replaces exactly the span: a route, a severity, a type name as written
    const suggestions = (code: string): (string | undefined)[] => checkProtocol(code).filter((d) => d.severity === 'error').map((d) => d.suggestion);
    expect(suggestions('protocol P { input: Patient p; administer Vancomycin dose: 1 g route: IW; alert "a" severity: critcal; }')).to.deep.equal(['IV', 'critical']);
    expect(suggestions('type Vitals { hr: int; } protocol P { input: Vitalz v; track v.hr; }')).to.deep.equal(['Vitals']);
    // a name inside a statement's path has no span of its own: no replacement is offered
    expect(suggestions('protocol P { input: Patient pat; track pt.hr; }')).to.deep.equal([undefined]);
  });

  it('a protocol with only warnings runs, and the run answer is unchanged by them', () => {
    const outcome = runProtocol('protocol P { let unused = 1; if true { alert "ran"; } }');
    expect(outcome.kind).to.equal('ok');
    expect(outcome.body.alerts.map((a) => a.message)).to.deep.equal(['ran']);
    expect(outcome.body).to.not.have.property('warnings');
  });

  it('cpes check prints warning: lines and exits 0 with only warnings, 2 with an error beside them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpes-warn-'));
    const warned = join(dir, 'warned.moiss');
    writeFileSync(warned, 'protocol P {\n  let a = 1;\n}\n');
    const r = cpes(['check', warned]);
    expect(r.stdout.split('\n')).to.deep.equal([
      `${warned}:2:3: warning: 'a' is assigned but never read: use it, or remove the let (its value is still logged)`,
      '  let a = 1;',
      '  ^',
      `ok: ${warned} (1 warning)`,
      '',
    ]);
    expect(r.status).to.equal(0);
    const both = join(dir, 'both.moiss');
    writeFileSync(both, 'protocol P {\n  let a = 1;\n  let b = nope;\n  alert "b" + b;\n}\n');
    const r2 = cpes(['check', '--no-source', both]);
    expect(r2.stdout.trim().split('\n')).to.deep.equal([
      `${both}:2:3: warning: 'a' is assigned but never read: use it, or remove the let (its value is still logged)`,
      `${both}:3:11: error: unknown name 'nope'`,
    ]);
    expect(r2.status).to.equal(2);
  });
});

import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpes } from './helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'cpes-cli-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('cpes check', () => {
  const bad = file('bad.moiss', 'protocol P {\n\tlet x = 1\n  alert "a";\n  let y = scroe;\n}\n');
  const good = file('good.moiss', '\uFEFFprotocol P { input: Patient p; let s = med.scores.qsofa(p); alert "qSOFA " + s; }\n');

  it('prints FILE:LINE:COL: error: message, the source line and a caret under the column; exit 2', () => {
    const r = cpes(['check', bad]);
    expect(r.status).to.equal(2);
    const lines = r.stdout.split('\n');
    expect(lines[0]).to.equal(`${bad}:2:11: error: expected ';' after the let statement but found 'alert'`);
    expect(lines[1]).to.equal('\tlet x = 1');
    expect(lines[2]).to.equal('\t         ^');
  });

  it('omits the source with --no-source and checks several files', () => {
    const r = cpes(['check', '--no-source', bad, good]);
    expect(r.status).to.equal(2);
    expect(r.stdout.trim().split('\n')).to.deep.equal([`${bad}:2:11: error: expected ';' after the let statement but found 'alert'`, `ok: ${good}`]);
  });

  it('says ok for a clean file and exits 0 (a byte-order mark is ignored)', () => {
    const r = cpes(['check', good]);
    expect(r.stdout).to.equal(`ok: ${good}\n`);
    expect(r.status).to.equal(0);
  });

  it('exits 1 on usage and I/O errors', () => {
    expect(cpes(['check']).status).to.equal(1);
    const missing = cpes(['check', join(dir, 'nope.moiss')]);
    expect(missing.status).to.equal(1);
    expect(missing.stderr).to.match(/cannot read .*nope\.moiss: no such file/);
    expect(cpes(['check', '--bogus', good]).status).to.equal(1);
  });
});

describe('cpes run', () => {
  const ok = file('ok.moiss', 'protocol P {\n  input: Patient p;\n  alert "hr " + p.hr severity: high;\n}\n');
  const fails = file('fails.moiss', 'protocol P {\n  let a = 1;\n  let b = a / 0;\n}\n');
  const invalid = file('invalid.moiss', 'protocol P { let = 1; }\n');

  it('--json prints exactly the /v1/run body; exit 0', () => {
    const r = cpes(['run', ok, '--json', '--patient', '{"hr": 131}']);
    expect(r.status).to.equal(0);
    const body = JSON.parse(r.stdout);
    expect(Object.keys(body)).to.deep.equal(['success', 'events', 'alerts', 'stats', 'error']);
    expect(body.alerts).to.deep.equal([{ severity: 'high', message: 'hr 131 /min', line: 3 }]); // p.hr carries its unit
    expect(body.stats).to.include.keys('event_count', 'execution_time_ms', 'engine_version');
  });

  it('reads the patient from @file and prints a readable log', () => {
    const patient = file('patient.json', '{"hr": 99}');
    const r = cpes(['run', ok, '--patient', `@${patient}`]);
    expect(r.status).to.equal(0);
    expect(r.stdout).to.contain('[3] LOG: alert [high] hr 99');
    expect(r.stdout).to.contain('[high] line 3: hr 99');
  });

  it('exits 1 on a runtime error and 2 on syntax errors', () => {
    const runtime = cpes(['run', fails]);
    expect(runtime.status).to.equal(1);
    expect(runtime.stderr).to.contain('Runtime error at line 3, column 11: division by zero');
    const syntax = cpes(['run', invalid, '--json']);
    expect(syntax.status).to.equal(2);
    expect(JSON.parse(syntax.stdout).diagnostics[0]).to.include({ line: 1, column: 18 });
  });

  it('exits 1 on a bad patient or a missing file', () => {
    expect(cpes(['run', ok, '--patient', '[1]']).status).to.equal(1);
    expect(cpes(['run', join(dir, 'missing.moiss')]).status).to.equal(1);
  });
});

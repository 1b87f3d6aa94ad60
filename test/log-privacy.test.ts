// What `cpes serve` writes to its logs: one line per request with its id, and never an API key, a
// patient field or protocol text, whatever the outcome (ok, 400, 401, 408, 413, 429).
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpes } from './helpers/cli.js';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const PATIENT_NAME = 'Zebediah Quuxworth';
const PATIENT_MRN = 'MRN-4417-ZQX';
const PROTOCOL_MARK = 'ZQXprotocolTextMarker';

describe('log privacy', function () {
  this.timeout(90_000);

  it('logs every request by id, and no key, patient field or protocol text', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cpes-log-'));
    const key = cpes(['keys', 'create', '--owner', 'Clinic', '--tier', 'enterprise', '--data-dir', dataDir]).stdout.trim();
    const sandbox = cpes(['keys', 'create', '--owner', 'Small', '--tier', 'sandbox', '--data-dir', dataDir]).stdout.trim();
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0', '--workers', '1', '--run-timeout', '1500', '--data-dir', dataDir]);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const url = await new Promise<string>((resolve) => {
      const poll = setInterval(() => {
        const match = /listening on (\S+)/.exec(output);
        if (match) {
          clearInterval(poll);
          resolve(match[1]!);
        }
      }, 50);
    });

    const patient = { name: PATIENT_NAME, mrn: PATIENT_MRN, hr: 133.77, rr: 31, bp: 88, gcs: 14 };
    const post = (path: string, body: unknown, apiKey = key): Promise<number> =>
      fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey }, body: typeof body === 'string' ? body : JSON.stringify(body) }).then((r) => r.status);
    const statuses = [
      await post('/run', { code: `protocol P { input: Patient p; alert "${PROTOCOL_MARK} " + p.name; let s = med.scores.qsofa(p); }`, patient }),
      await post('/run', { code: `protocol P { let ${PROTOCOL_MARK} = ; }`, patient }),
      await post('/run', { code: `protocol P { let x = "${PROTOCOL_MARK}" / 0; }` }),
      await post('/run', { code: `protocol P { while true { let ${PROTOCOL_MARK} = 1; } }` }),
      await post('/run', { code: `${PROTOCOL_MARK}`.repeat(1000) }),
      await post('/call', { module: 'scores', function: 'qsofa', args: [patient] }),
      await post('/call', { module: 'scores', function: 'sofa', args: [{ ...patient, platelets: 'many' }] }),
      await post('/call', { module: 'scores', function: 'qsofa', args: [patient] }, `cpes_${PROTOCOL_MARK}WrongKey123`),
      await post('/call', `{"module": "${PROTOCOL_MARK}", "args": [`),
      await post('/call', { module: 'fhir', function: 'medication_request', args: ['Vancomycin', 1, `${PROTOCOL_MARK} per day`, 'p1'] }),
    ];
    for (let i = 0; i < 6; i++) statuses.push(await post('/call', { module: 'scores', function: 'qsofa', args: [patient] }, sandbox));
    expect(statuses.slice(0, 9)).to.deep.equal([200, 400, 200, 408, 413, 200, 400, 401, 400]);
    expect(statuses.slice(10)).to.deep.equal([200, 200, 200, 200, 200, 429]);

    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    const lines = output.split('\n').filter(Boolean);
    expect(lines.filter((l) => /"request_id":"[0-9a-f-]{36}"/.test(l))).to.have.length.of.at.least(statuses.length);
    // each access line is JSON with its fields in order and an exact ISO 8601 time (the line is built by hand)
    const access = lines.filter((l) => l.includes('"request_id"') && l.includes('"status"')).map((l) => JSON.parse(l));
    expect(access).to.have.length.of.at.least(statuses.length);
    expect(access.filter((entry) => entry.owner === 'Clinic')).to.have.length.of.at.least(8);
    for (const entry of access) {
      const fields = ['time', 'request_id', 'method', 'path', 'status', 'ms'];
      expect(Object.keys(entry)).to.deep.equal(entry.owner === undefined ? fields : [...fields, 'owner']);
      expect(new Date(entry.time).toISOString()).to.equal(entry.time);
      expect(Math.abs(Date.parse(entry.time) - Date.now())).to.be.below(300_000);
      expect(entry.path).to.match(/^\/v1\/(run|call)$/);
      expect(entry.status).to.be.a('number');
    }
    for (const line of lines) {
      for (const secret of [key, sandbox, key.slice(5), PATIENT_NAME, PATIENT_MRN, '133.77', PROTOCOL_MARK]) {
        expect(line, `log line carries '${secret}'`).to.not.contain(secret);
      }
    }
  });
});

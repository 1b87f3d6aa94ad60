// POST /v1/check: the diagnostics of `cpes check`, nothing run; metered by the minute, never by the month.
import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../src/cli/serve.js';
import { SqliteKeyStore } from '../src/store/sqlite/keys.js';
import { cpesAsync } from './helpers/cli.js';

const quiet = (): void => {};
const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

async function check(base: string, body: unknown, key?: string): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key) headers['x-api-key'] = key;
  const response = await fetch(`${base}/check`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** `cpes check --no-source` lines `FILE:LINE:COL: SEVERITY: MESSAGE`, grouped by file. */
function parseCheckOutput(stdout: string): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const line of stdout.split('\n')) {
    const match = /^(.+?\.moiss):(\d+:\d+: (?:error|warning): .*)$/.exec(line);
    if (!match) continue;
    const list = byFile.get(match[1]!) ?? [];
    list.push(match[2]!);
    byFile.set(match[1]!, list);
  }
  return byFile;
}

describe('POST /v1/check (development mode)', function () {
  this.timeout(120_000);
  let server: RunningServer;

  before(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 2, runTimeoutMs: 5000, maxQueue: 64, heapMb: 128, dev: true }, quiet);
  });
  after(async () => server.close());

  it('gives exactly the diagnostics of `cpes check` for every fixture', async () => {
    const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.moiss')).sort();
    const cli = await cpesAsync(['check', '--no-source', ...files.map((f) => join(FIXTURES, f))]);
    const fromCli = parseCheckOutput(cli.stdout);
    let withErrors = 0;
    for (const file of files) {
      const code = readFileSync(join(FIXTURES, file), 'utf8');
      const r = await check(server.url, { code });
      expect(r.status, file).to.equal(200);
      const fromHttp = r.body.diagnostics.map((d: any) => `${d.line}:${d.column}: ${d.severity}: ${d.message}`);
      expect(fromHttp, file).to.deep.equal(fromCli.get(join(FIXTURES, file)) ?? []);
      const errors = r.body.diagnostics.filter((d: any) => d.severity === 'error');
      expect(r.body.success, file).to.equal(errors.length === 0);
      if (errors.length > 0) withErrors++;
      for (const d of r.body.diagnostics) {
        expect(d.endLine * 100_000 + d.endColumn, `${file}: the span ends at or after it starts`).to.be.at.least(d.line * 100_000 + d.column);
      }
    }
    // the fixtures with syntax and compile errors are all covered
    expect(withErrors).to.be.at.least(12);
  });

  it('answers a clean protocol with success and no diagnostics, and a broken one with its positions', async () => {
    const clean = await check(server.url, { code: 'protocol P { input: Patient p; let s = med.scores.qsofa(p); alert "qSOFA " + s; }' });
    expect(clean).to.deep.include({ status: 200, body: { success: true, diagnostics: [] } });
    const broken = await check(server.url, { code: 'protocol P {\n    let score = 1;\n    let band = scroe + 1;\n}' });
    expect(broken.body.success).to.equal(false);
    expect(broken.body.diagnostics.map((d: any) => [d.line, d.column, d.severity])).to.deep.equal([
      [2, 5, 'warning'],
      [3, 5, 'warning'],
      [3, 16, 'error'],
    ]);
    const error = broken.body.diagnostics[2];
    expect(error).to.deep.include({ endLine: 3, endColumn: 20, suggestion: 'score' });
    expect(error.message).to.equal("unknown name 'scroe'; did you mean 'score'?");
    // warnings alone pass
    const warned = await check(server.url, { code: 'protocol P {\n    let unused = 1;\n}' });
    expect(warned.body.success).to.equal(true);
    expect(warned.body.diagnostics.map((d: any) => [d.line, d.severity])).to.deep.equal([[2, 'warning']]);
  });

  it('runs nothing: a protocol that would loop for ever is only checked', async () => {
    const r = await check(server.url, { code: 'protocol P { let i = 0; while i >= 0 { let i = i + 1; } }' });
    expect(r.status).to.equal(200);
    expect(r.body.success).to.equal(true);
  });

  it('refuses bodies as /run does: missing code, unknown fields, not JSON, over the size limit', async () => {
    expect((await check(server.url, {})).body).to.deep.equal({ success: false, error: "missing required field 'code'", code: 'invalid_request' });
    expect((await check(server.url, { code: 'protocol P {}', patient: {} })).body.error).to.equal("unknown field 'patient'");
    expect((await check(server.url, { code: 7 })).body.error).to.equal("'code' must be a string");
    expect((await check(server.url, '{"code":')).status).to.equal(400);
    const long = await check(server.url, { code: `protocol P { ${' '.repeat(10_001)} }` });
    expect(long.status).to.equal(413);
    expect(long.body).to.deep.include({ code: 'too_large', error: 'the protocol code is longer than 10000 characters' });
  });
});

describe('POST /v1/check with keys', function () {
  this.timeout(120_000);
  let server: RunningServer;
  let key: string;

  before(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpes-check-'));
    const store = SqliteKeyStore.open(dir);
    key = (await store.createKey('Small Clinic', 'sandbox')).key;
    await store.close();
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: dir, workers: 1, runTimeoutMs: 5000, maxQueue: 64, heapMb: 128, dev: false }, quiet);
  });
  after(async () => server.close());

  it('needs a key, counts against the per-minute limit and never against the month', async () => {
    expect(await check(server.url, { code: 'protocol P {}' })).to.deep.include({ status: 401, body: { success: false, error: 'Missing X-API-Key header', code: 'unauthorized' } });
    // sandbox: 5 per minute, 50 per month
    for (let i = 0; i < 5; i++) {
      const r = await check(server.url, { code: 'protocol P {}' }, key);
      expect(r.status, `check ${i + 1}`).to.equal(200);
      expect(r.headers.get('ratelimit')).to.match(new RegExp(`^"minute";r=${4 - i};t=\\d+$`));
      expect(r.headers.get('x-monthly-remaining')).to.equal('50');
    }
    const refused = await check(server.url, { code: 'protocol P {}' }, key);
    expect(refused.status).to.equal(429);
    expect(refused.body).to.deep.include({ success: false, code: 'rate_limited' });
    const usage = await (await fetch(`${server.url}/usage`, { headers: { 'x-api-key': key } })).json();
    expect(usage).to.deep.include({ requests_used: 0, requests_limit: 50 });
  });

  it('is described in /v1/openapi.json with its metering', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as any;
    const operation = doc.paths['/check'].post;
    expect(operation.security).to.deep.equal([{ apiKey: [] }]);
    expect(operation.description).to.match(/per-minute rate limit, NOT against the monthly quota/);
    expect(doc.components.schemas.CheckResponse.properties.diagnostics.items.required).to.deep.equal(['line', 'column', 'endLine', 'endColumn', 'severity', 'message']);
  });
});

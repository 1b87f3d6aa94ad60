import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../src/cli/serve.js';
import { judge, loadFixtures } from '../src/cli/fixtures.js';
import { cpesAsync } from './helpers/cli.js';

const quiet = (): void => {};
const json = { 'content-type': 'application/json' };

async function post(base: string, path: string, body: unknown, headers: Record<string, string> = json): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(base + path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

async function get(base: string, path: string): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(base + path);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

const RUN_ENVELOPE = ['success', 'events', 'alerts', 'stats', 'error'];

describe('HTTP API (development mode)', function () {
  this.timeout(30_000);
  let server: RunningServer;
  let base: string;

  before(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 2, runTimeoutMs: 1500, maxQueue: 2, heapMb: 128, dev: true }, quiet);
    base = server.url;
  });
  after(async () => server.close());

  it('GET /health reports a healthy service, versions and the module count', async () => {
    const r = await get(base, '/health');
    expect(r.status).to.equal(200);
    expect(r.body).to.deep.equal({ status: 'healthy', version: '1.0.0', engine_version: r.body.engine_version, modules: r.body.modules, data: r.body.data });
    expect(r.body.data.packs).to.deep.equal([]);
    expect(r.body.data.tables).to.deep.include({ name: 'lab-tests', version: '2026-11-25', licence: 'Apache-2.0', in_use: 'shipped', pack: null });
    expect(r.body.engine_version).to.match(/^\d+\.\d+\.\d+$/);
    expect(r.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });

  it('GET /tiers lists the four tiers with the service.md constants', async () => {
    const r = await get(base, '/tiers');
    expect(r.body.tiers.map((t: any) => [t.id, t.requests_per_month, t.price_usd, t.rate_limit_per_minute])).to.deep.equal([
      ['sandbox', 50, 0, 5],
      ['starter', 5000, 99, 30],
      ['professional', 50000, 299, 120],
      ['enterprise', -1, -1, 600],
    ]);
  });

  it('GET /modules lists every module with its functions', async () => {
    const r = await get(base, '/modules');
    expect(r.body.module_count).to.equal(Object.keys(r.body.modules).length);
    expect(r.body.modules.scores).to.include.members(['qsofa', 'kdigo_aki']);
    expect(r.body.modules.kae).to.deep.equal(['update', 'track']);
  });

  it('GET /openapi.json describes the request schemas and the library', async () => {
    const r = await get(base, '/openapi.json');
    expect(r.body.openapi).to.equal('3.1.0');
    expect(r.body.components.schemas.RunRequest.required).to.deep.equal(['code']);
    expect(r.body['x-library-functions']['scores.qsofa'].parameters[0]).to.include({ name: 'patient', required: true });
    // §4.7: the UNCHECKED level, the indication argument and the not_checked partners are documented
    expect(r.body.components.schemas.DoseLevel.enum).to.deep.equal(['OK', 'WARNING', 'UNCHECKED', 'UNKNOWN', 'ERROR']);
    expect(r.body['x-library-functions']['pk.validate_dose'].parameters.map((p: { name: string }) => p.name)).to.include('indication');
    expect(r.body['x-library-functions']['pk.check_interactions'].result.fields.map((f: { name: string }) => f.name)).to.include('not_checked');
  });

  it('GET /usage answers the development record', async () => {
    const r = await get(base, '/usage');
    expect(r.body).to.deep.include({ tier: 'enterprise', owner: 'development', requests_used: 0, requests_limit: -1 });
    expect(r.body.period).to.match(/^\d{4}-\d{2}$/);
  });

  it('POST /run answers 200 with the run result and applies the patient over the defaults', async () => {
    const code = 'protocol P { input: Patient p; let s = med.scores.qsofa(p); if s >= 2 { alert "sepsis " + s severity: critical; } }';
    const r = await post(base, '/run', { code, patient: { bp: 85, rr: 30 } });
    expect(r.status).to.equal(200);
    expect(Object.keys(r.body)).to.deep.equal(RUN_ENVELOPE);
    expect(r.body.alerts).to.deep.equal([{ severity: 'critical', message: 'sepsis 2', line: 1 }]);
  });

  it('POST /run answers a runtime error with 200 and success false', async () => {
    const r = await post(base, '/run', { code: 'protocol P {\n let x = 1 / 0;\n}' });
    expect(r.status).to.equal(200);
    expect(r.body).to.include({ success: false, error: 'Runtime error at line 2, column 10: division by zero' });
    expect(r.body.stats).to.deep.equal({});
  });

  it('POST /run answers 400 in the run envelope: syntax errors with diagnostics, missing code, wrong types', async () => {
    const syntax = await post(base, '/run', { code: 'protocol P {\n  let x = 1\n  alert "a";\n}' });
    expect(syntax.status).to.equal(400);
    expect(syntax.body).to.include({ success: false, code: 'syntax_error' });
    expect(syntax.body.error).to.equal("Syntax error at line 2, column 12: expected ';' after the let statement but found 'alert'");
    expect(syntax.body.diagnostics).to.deep.equal([{ line: 2, column: 12, endLine: 2, endColumn: 12, message: "expected ';' after the let statement but found 'alert'" }]);
    const missing = await post(base, '/run', { patient: {} });
    expect(missing.status).to.equal(400);
    expect(missing.body).to.deep.equal({ success: false, events: [], alerts: [], stats: {}, error: "missing required field 'code'", code: 'invalid_request' });
    const wrongType = await post(base, '/run', { code: 5 });
    expect(wrongType.body.error).to.equal("'code' must be a string");
    const badPatient = await post(base, '/run', { code: 'protocol P {}', patient: { hr: [1] } });
    expect(badPatient.body.error).to.equal("patient field 'hr' must be a number");
    const badExtra = await post(base, '/run', { code: 'protocol P {}', patient: { notes: { a: 1 } } });
    expect(badExtra.body.error).to.equal("patient field 'notes' must be a number or a string or a boolean");
    const unknown = await post(base, '/run', { code: 'protocol P {}', patinet: {} });
    expect(unknown.body.error).to.equal("unknown field 'patinet'");
  });

  it('answers 400 for a body that is not JSON or not an object', async () => {
    const broken = await post(base, '/run', '{"code": ');
    expect(broken.status).to.equal(400);
    expect(broken.body).to.include({ success: false, code: 'invalid_request', error: 'the request body is not valid JSON' });
    const array = await post(base, '/call', '[1, 2]');
    expect(array.status).to.equal(400);
    expect(array.body).to.deep.equal({ success: false, result: null, error: 'the request body must be a JSON object', code: 'invalid_request' });
    const text = await post(base, '/run', 'code', { 'content-type': 'text/plain' });
    expect(text.status).to.equal(400);
    expect(text.body.error).to.match(/Content-Type: application\/json/);
  });

  it('answers 413 for code over 10,000 code points and for a body over 1 MiB', async () => {
    const long = await post(base, '/run', { code: 'x'.repeat(10_001) });
    expect(long.status).to.equal(413);
    expect(long.body).to.include({ success: false, code: 'too_large' });
    expect(Object.keys(long.body)).to.include.members(RUN_ENVELOPE);
    // 10,000 astral characters are 20,000 UTF-16 units but exactly 10,000 code points: not too large
    const astral = await post(base, '/run', { code: '😀'.repeat(10_000) });
    expect(astral.status).to.equal(400);
    const huge = await post(base, '/run', { code: 'protocol P {}', patient: { note: 'x'.repeat(1024 * 1024) } });
    expect(huge.status).to.equal(413);
    expect(huge.body.code).to.equal('too_large');
  });

  it('POST /call answers 200 with the call envelope and 400 naming what is wrong', async () => {
    const ok = await post(base, '/call', { module: 'scores', function: 'qsofa', args: [{ rr: 22, bp: 100, gcs: 15 }] });
    expect(ok.status).to.equal(200);
    expect(ok.body).to.deep.equal({ success: true, result: 2, error: null });
    const kwargs = await post(base, '/call', { module: 'scores', function: 'qsofa', args: [{ rr: 22, bp: 100, gcs: 15 }], kwargs: { detail: true } });
    expect(kwargs.body.result).to.include({ type: 'SCORE', scoring: 'qSOFA', score: 2, positive: true });
    const badArg = await post(base, '/call', { module: 'kae', function: 'update', args: ['90'] });
    expect(badArg.status).to.equal(400);
    expect(badArg.body).to.deep.equal({ success: false, result: null, error: "kae.update: argument 1 'measurement' must be a number, got string", code: 'invalid_request' });
    const unknownFn = await post(base, '/call', { module: 'scores', function: 'qsfoa' });
    expect(unknownFn.body.error).to.equal("unknown function 'scores.qsfoa'; did you mean 'scores.qsofa'?");
    const unknownModule = await post(base, '/call', { module: 'score', function: 'qsofa' });
    expect(unknownModule.body.error).to.match(/^unknown module 'score'; did you mean 'scores'\?/);
    const missing = await post(base, '/call', { module: 'scores' });
    expect(missing.body.error).to.equal("missing required field 'function'");
  });

  it('answers 404 and 405 with JSON bodies', async () => {
    const notFound = await get(base, '/nothing');
    expect(notFound.status).to.equal(404);
    expect(notFound.body).to.include({ success: false, code: 'not_found' });
    const wrongMethod = await post(base, '/health', {});
    expect(wrongMethod.status).to.equal(405);
    expect(wrongMethod.body).to.include({ success: false, code: 'method_not_allowed' });
  });

  it('stops a run at the time limit (408) with its events so far and the line it was at, and keeps /health answering', async () => {
    const slow = post(base, '/run', { code: 'protocol P {\n  let n = 0;\n  alert "looping";\n  while true { }\n}' });
    const health = await get(base, '/health');
    expect(health.status).to.equal(200);
    const r = await slow;
    expect(r.status).to.equal(408);
    expect(r.body).to.include({ success: false, code: 'timeout', error: 'stopped at line 4 after 1.5 s (while loop)' });
    expect(Object.keys(r.body)).to.include.members(RUN_ENVELOPE);
    expect(r.body.events.map((e: any) => e.event)).to.deep.equal(['[1] LOG: protocol P started', '[2] LOG: let n = 0', '[3] LOG: alert [info] looping']);
    const after = await post(base, '/run', { code: 'protocol P { let x = 1; }' });
    expect(after.status).to.equal(200);
  });

  it('answers 500 naming the cause and the request id when a worker dies during a run, and replaces it', async () => {
    const pending = post(base, '/run', { code: 'protocol P { while true { } }' });
    let busy: number[] = [];
    for (let i = 0; i < 100 && busy.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 10));
      busy = server.pool.busyPids;
    }
    process.kill(busy[0]!, 'SIGKILL');
    const r = await pending;
    expect(r.status).to.equal(500);
    expect(r.body.code).to.equal('internal');
    expect(r.body.error).to.match(/worker died .*killed/);
    expect(r.body.error).to.contain(r.headers.get('x-request-id'));
    const after = await post(base, '/run', { code: 'protocol P { let x = 1; }' });
    expect(after.status).to.equal(200);
  });

  it('answers 503 with Retry-After when every worker is busy and the queue is full', async () => {
    for (let i = 0; i < 300 && server.pool.readyWorkers < 2; i++) await new Promise((r) => setTimeout(r, 20));
    const loops = Array.from({ length: 4 }, () => post(base, '/run', { code: 'protocol P { while true { } }' }));
    await new Promise((r) => setTimeout(r, 200));
    const refused = await post(base, '/run', { code: 'protocol P { }' });
    expect(refused.status).to.equal(503);
    expect(refused.body).to.include({ success: false, code: 'unavailable' });
    expect(refused.headers.get('retry-after')).to.equal('1');
    const statuses = (await Promise.all(loops)).map((r) => r.status);
    expect(statuses).to.deep.equal([408, 408, 408, 408]);
  });

  it('passes every conformance fixture over HTTP, through cpes conformance', async () => {
    const fixtures = await loadFixtures(fileURLToPath(new URL('../fixtures', import.meta.url)));
    for (const f of fixtures.slice(0, 3)) {
      const r = await post(base, '/run', { code: f.code, ...(f.patient ? { patient: f.patient } : {}) });
      expect(judge(f.expect, r.status, r.body)).to.deep.equal([]);
    }
    const result = await cpesAsync(['conformance', '--base-url', base]);
    expect(result.stdout.trim().split('\n').pop()).to.equal(`${fixtures.length} passed, 0 failed`);
    expect(result.status).to.equal(0);
    const report = JSON.parse((await cpesAsync(['conformance', '--base-url', base, '--json'])).stdout);
    expect(report).to.include({ passed: fixtures.length, failed: 0 });
  });
});

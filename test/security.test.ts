// Issue 29's findings, each reproduced through the HTTP API: no request stalls the service or another
// tenant, and no data is exposed.
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { execFileSync } from 'node:child_process';
import { request as httpsRequest } from 'node:https';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importPack } from '../src/runtime/packs/store.js';
import { registry } from '../src/runtime/modules/index.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseServeOptions, startServer, type RunningServer, type ServeOptions } from '../src/cli/serve.js';
import { callFunction, runProtocol } from '../src/engine/index.js';
import { SqliteKeyStore } from '../src/store/sqlite/keys.js';
import { SqliteLibraryStore } from '../src/store/sqlite/library.js';

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

async function timedHealth(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/health`);
  await response.json();
  return performance.now() - started;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('security: a library call never holds the event loop', function () {
  this.timeout(60_000);
  let server: RunningServer;

  before(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 1, runTimeoutMs: 1000, maxQueue: 8, heapMb: 256, dev: true }, () => {});
  });
  after(() => server.close());

  // the limit is 1 s so that the SMILES (several seconds even on a fast idle machine) always outlasts it
  it('a SMILES that takes seconds runs in a worker under the run time limit (408) while /health answers at once', async () => {
    await timedHealth(server.url); // first request: connection and lazy tables out of the way
    const slow = post(`${server.url}/call`, { module: 'chem', function: 'from_smiles', args: ['C'.repeat(1999)] });
    await new Promise((r) => setTimeout(r, 300)); // the call is in the worker now
    const probes: number[] = [];
    for (let i = 0; i < 7; i++) probes.push(await timedHealth(server.url));
    const answer = await slow;
    expect(answer.status).to.equal(408);
    expect(answer.body).to.include({ success: false, result: null, code: 'timeout' });
    expect(answer.body.error).to.equal('the call of chem.from_smiles ran longer than 1 s and was stopped');
    // blocked, the loop would answer these only after the call (seconds); the median ignores one scheduler hiccup
    expect(median(probes)).to.be.below(50);
    // the worker was replaced and serves the next call
    const next = await post(`${server.url}/call`, { module: 'chem', function: 'from_smiles', args: ['CCO'] });
    expect(next.status).to.equal(200);
    expect(next.body.success).to.equal(true);
  });

  it('every API answer, errors included, has Cache-Control: no-store and X-Content-Type-Options: nosniff; no HSTS over plain HTTP', async () => {
    for (const response of [await fetch(`${server.url}/health`), await fetch(`${server.url}/nothing`), await fetch(`${server.url}/run`, { method: 'POST', body: 'x' })]) {
      expect(response.headers.get('cache-control'), response.url).to.equal('no-store');
      expect(response.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(response.headers.get('strict-transport-security')).to.equal(null);
      await response.text();
    }
  });

  it('a call that fails on its arguments is still a 400 naming the parameter', async () => {
    const answer = await post(`${server.url}/call`, { module: 'chem', function: 'from_smiles', args: ['C1CC'] });
    expect(answer.status).to.equal(400);
    expect(answer.body.error).to.match(/^chem\.from_smiles: argument 1 'smiles' cannot be parsed/);
  });
});

/** A keyed server over a fresh data directory with keys of the given owners and tiers. */
async function keyedServer(keys: Array<[string, string]>, workers: number, runTimeoutMs: number, extra: Partial<ServeOptions> = {}): Promise<{ server: RunningServer; keys: string[]; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'cpes-sec-'));
  const store = SqliteKeyStore.open(dir);
  await store.ensureInitialKey();
  const created: string[] = [];
  for (const [owner, tier] of keys) created.push((await store.createKey(owner, tier)).key);
  await store.close();
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: dir, workers, runTimeoutMs, maxQueue: 16, heapMb: 256, dev: false, ...extra }, () => {});
  return { server, keys: created, dir };
}

const LOOP = 'protocol Loop { let n = 0; while true { let n = n + 1; } }';

describe('security: one tenant cannot hold every worker or the queue', function () {
  this.timeout(120_000);

  it("four endless loops from one starter key, and two more refused (429): another organization's run answered in under 2 s with two workers", async () => {
    const { server, keys, dir } = await keyedServer([['Runaway Clinic', 'starter'], ['Other Hospital', 'starter']], 2, 6000);
    try {
      const [runaway, other] = keys as [string, string];
      await post(`${server.url}/run`, { code: 'protocol Warm { let x = 1; }' }, { 'x-api-key': other }); // both workers up
      const loops = Array.from({ length: 6 }, () => post(`${server.url}/run`, { code: LOOP }, { 'x-api-key': runaway }));
      await new Promise((r) => setTimeout(r, 500)); // the loops are in
      const started = performance.now();
      const quick = await post(`${server.url}/run`, { code: 'protocol Quick { let x = 2; }' }, { 'x-api-key': other });
      const elapsed = performance.now() - started;
      expect(quick.status).to.equal(200);
      expect(quick.body.success).to.equal(true);
      expect(elapsed).to.be.below(2000);
      const statuses = (await Promise.all(loops)).map((a) => a.status).sort();
      expect(statuses).to.deep.equal([408, 408, 408, 408, 429, 429]);
      const refused = (await Promise.all(loops)).find((a) => a.status === 429)!;
      expect(refused.body.error).to.equal("this key already has 4 requests being answered (the starter tier's limit); retry when one has finished");
      expect(refused.headers.get('retry-after')).to.equal('1');
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the queue serves organizations in turn: with one worker, a second organization waits for one run, not for the first one\'s backlog', async () => {
    const { server, keys, dir } = await keyedServer([['Busy Health', 'enterprise'], ['Small Clinic', 'starter']], 1, 1500);
    try {
      const [busy, small] = keys as [string, string];
      await post(`${server.url}/run`, { code: 'protocol Warm { let x = 1; }' }, { 'x-api-key': small }); // the worker is up
      const finished: string[] = [];
      const loops = Array.from({ length: 4 }, (_, i) => post(`${server.url}/run`, { code: LOOP }, { 'x-api-key': busy }).then((a) => (finished.push(`busy ${i}`), a)));
      await new Promise((r) => setTimeout(r, 300));
      const quick = await post(`${server.url}/run`, { code: 'protocol Quick { let x = 2; }' }, { 'x-api-key': small }).then((a) => (finished.push('small'), a));
      await Promise.all(loops);
      expect(quick.status).to.equal(200);
      // the loop running when it came, then its turn: never behind the three waiting loops
      expect(finished.indexOf('small')).to.be.at.most(1);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("security: a run's answer has a byte budget", function () {
  this.timeout(120_000);

  it('a protocol that would log about 200 MB answers at most 4 MiB: long values cut with a marker, later events dropped and counted, its alert kept', () => {
    // a 327,680-character string logged 600 times: 196 MB of let events uncut
    const code = [
      'protocol Big {',
      '    let s = "0123456789";',
      '    let i = 0;',
      '    while i < 15 { let s = s + s; let i = i + 1; }',
      '    let n = 0;',
      '    while n < 600 { let t = s; let n = n + 1; }',
      '    alert "done " + s severity: critical;',
      '}',
    ].join('\n');
    const { kind, body } = runProtocol(code, undefined, { timeLimitMs: 60_000 });
    expect(kind).to.equal('ok');
    expect(Buffer.byteLength(JSON.stringify(body))).to.be.below(4 * 1024 * 1024);
    const long = body.events.find((e) => e.kind === 'let' && e.name === 't')!;
    expect(long.cut_facts).to.deep.equal(['value']);
    expect(long.value).to.have.length.below(17_000);
    expect(long.value).to.match(/^"?0123456789.*… \(cut from 32768\d bytes\)$/s);
    expect((body.stats as { events_dropped: number }).events_dropped).to.be.above(0);
    expect(body.alerts).to.have.length(1);
    expect(body.alerts[0]!.severity).to.equal('critical');
    expect(body.alerts[0]!.message).to.match(/^done 0123456789.*… \(cut from 327685 bytes\)$/s);
    expect(body.alerts[0]!.message.length).to.be.below(1100);
  });

  it('short values are logged whole', () => {
    const { body } = runProtocol('protocol Small { let xs = [1, 2, 3]; let s = "abc"; }');
    expect(body.events.filter((e) => e.kind === 'let').map((e) => [e.name, e.value, e.cut_facts])).to.deep.equal([
      ['xs', [1, 2, 3], undefined],
      ['s', 'abc', undefined],
    ]);
  });
});

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

/** One HTTP/1.1 request on a kept-alive socket; resolves with the status of the answer. */
function requestOn(socket: Socket, path: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer): void => {
      text += chunk;
      const match = /^HTTP\/1\.1 (\d+)[^]*?\r\n\r\n/.exec(text);
      const length = /content-length: (\d+)/i.exec(text);
      if (match && length && text.length >= match[0].length + Number(length[1])) {
        socket.off('data', onData);
        resolve(Number(match[1]));
      }
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error('closed')));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\n\r\n`);
  });
}

describe('security: idle connections without a key cannot exhaust the server', function () {
  this.timeout(120_000);

  it('past the keyless cap the oldest idle keyless connection is closed; keyed connections stay and new clients are served', async () => {
    const { server, keys, dir } = await keyedServer([['Clinic', 'starter']], 1, 5000, { maxConnections: 200, maxKeylessConnections: 40 });
    const sockets: Socket[] = [];
    try {
      const port = Number(new URL(server.url).port);
      const keyed = await openSocket(port);
      sockets.push(keyed);
      expect(await requestOn(keyed, '/v1/usage', keys[0]!)).to.equal(200);
      const closed: number[] = [];
      for (let i = 0; i < 150; i++) {
        const socket = await openSocket(port);
        socket.once('close', () => closed.push(i));
        sockets.push(socket);
      }
      await new Promise((r) => setTimeout(r, 300));
      // 150 idle keyless connections against a cap of 40: the 110 oldest were closed, the newest 40 remain
      expect(closed.length).to.equal(110);
      expect(Math.min(...closed)).to.equal(0);
      expect(Math.max(...closed)).to.equal(109);
      // the keyed connection survived and still serves; a new client is answered
      expect(await requestOn(keyed, '/v1/usage', keys[0]!)).to.equal(200);
      const health = await fetch(`${server.url}/health`);
      expect(health.status).to.equal(200);
    } finally {
      for (const s of sockets) s.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

async function postText(url: string, text: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
  return { status: response.status, body: await response.json() };
}

describe('security: numbers that are not finite and bodies nested too deep are refused at the boundary', function () {
  this.timeout(120_000);
  let server: RunningServer;
  let keys: string[];
  let dir: string;

  before(async () => {
    ({ server, keys, dir } = await keyedServer([['Clinic', 'starter']], 1, 8000));
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('db.save_lab with 1e400: 400 naming where, nothing written, no "ok" in the audit trail', async () => {
    const key = { 'x-api-key': keys[0]! };
    expect((await post(`${server.url}/call`, { module: 'db', function: 'save_patient', args: ['P1'] }, key)).status).to.equal(200);
    const refused = await postText(`${server.url}/call`, '{"module": "db", "function": "save_lab", "args": ["P1", "K", 1e400, "mmol/L"]}', key);
    expect(refused.status).to.equal(400);
    expect(refused.body).to.include({ success: false, code: 'invalid_request' });
    expect(refused.body.error).to.equal("the request body has a number that is not finite at 'args[2]' (JSON numbers beyond ±1.8e308, such as 1e400, cannot be used)");
    const labs = await post(`${server.url}/call`, { module: 'db', function: 'get_labs', args: ['P1'] }, key);
    expect(labs.body.result).to.deep.equal([]);
    const audit = await post(`${server.url}/call`, { module: 'db', function: 'audit_log', args: [5] }, key);
    expect(audit.body.result.map((e: { operation: string; outcome: string }) => [e.operation, e.outcome])).to.deep.equal([
      ['get_labs', 'ok'],
      ['save_patient', 'ok'],
    ]);
  });

  it('a patient field of -1e999 in /run: 400 naming the field', async () => {
    const refused = await postText(`${server.url}/run`, '{"code": "protocol P { }", "patient": {"bp": -1e999}}', { 'x-api-key': keys[0]! });
    expect(refused.status).to.equal(400);
    expect(refused.body.error).to.equal("the request body has a number that is not finite at 'patient.bp' (JSON numbers beyond ±1.8e308, such as 1e400, cannot be used)");
  });

  it('args nested 5,000 deep: 400, not a 500', async () => {
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const refused = await postText(`${server.url}/call`, `{"module": "signal", "function": "moving_average", "args": ${deep}}`, { 'x-api-key': keys[0]! });
    expect(refused.status).to.equal(400);
    expect(refused.body.error).to.match(/^the request body is nested deeper than 32 levels at 'args\[0\]\[0\]/);
  });

  it('a library argument that is not finite (from any caller) is an argument error naming the parameter and item', () => {
    const outcome = callFunction({ module: 'signal', function: 'moving_average', args: [[1, Infinity, 3], 2] });
    expect(outcome.body.error).to.equal("signal.moving_average: argument 1 'data' item 1 must be a finite number, got Infinity");
    const lab = callFunction({ module: 'lab', function: 'interpret', args: ['Sodium', -Infinity] });
    expect(lab.body.error).to.equal("lab.interpret: argument 2 'value' must be a finite number, got -Infinity");
  });
});

describe('security: development mode stays on loopback and away from real data', function () {
  this.timeout(60_000);
  const dev = { port: 0, dataDir: '', workers: 1, runTimeoutMs: 5000, maxQueue: 4, heapMb: 128, dev: true } as const;

  it('refuses 0.0.0.0 (and any non-loopback host) unless --dev-allow-remote', async () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10']) {
      let error: Error | null = null;
      await startServer({ ...dev, host }, () => {}).then((s) => s.close(), (e: Error) => (error = e));
      expect(error, host).to.be.an('error');
      expect(error!.message).to.equal(`development mode answers without an API key, so it listens on loopback only (127.0.0.1, ::1, localhost), not '${host}'; give --dev-allow-remote to expose it anyway`);
    }
    expect(parseServeOptions(['--dev', '--host', '0.0.0.0', '--dev-allow-remote'], {}).devAllowRemote).to.equal(true);
    expect(parseServeOptions(['--dev'], { CPES_DEV_ALLOW_REMOTE: '1' }).devAllowRemote).to.equal(true);
  });

  it('never serves a data directory that holds API keys', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpes-sec-'));
    try {
      const store = SqliteKeyStore.open(dir);
      await store.createKey('St Mary', 'starter');
      await store.close();
      let error: Error | null = null;
      await startServer({ ...dev, host: '127.0.0.1', dataDir: dir }, () => {}).then((s) => s.close(), (e: Error) => (error = e));
      expect(error!.message).to.equal(`the data directory ${dir} holds API keys, so its records belong to real organizations; development mode never serves it: give another --data-dir, or none for a temporary one`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reserves the owner name 'development' and refuses control characters in owner names", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpes-sec-'));
    const store = SqliteKeyStore.open(dir);
    try {
      for (const owner of ['development', ' Development ']) {
        await store.createKey(owner, 'starter').then(
          () => expect.fail(`created a key for '${owner}'`),
          (e: Error) => expect(e.message).to.equal("the owner name 'development' is reserved for development mode's records"),
        );
      }
      for (const owner of ['Clinic\nA', 'Clinic\u0000', 'Tab\tClinic', 'Bidi\u202eClinic']) {
        await store.createKey(owner, 'starter').then(
          () => expect.fail(`created a key for ${JSON.stringify(owner)}`),
          (e: Error) => expect(e.message).to.equal('the owner must not contain control or format characters (newlines, tabs, …)'),
        );
      }
      expect((await store.createKey("St Mary's — Zürich", 'starter')).key).to.match(/^cpes_/);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('security: pseudonyms cannot collide across organizations', () => {
  it("the organization is length-prefixed: owner 'A\\nB' with id 'C' and owner 'A' with id 'B\\nC' get different pseudonyms", () => {
    const store = SqliteLibraryStore.open(null);
    try {
      const hash = (organization: string, id: string): string =>
        (callFunction({ module: 'research', function: 'deidentify', args: [{ id }] }, { organization, store }).body.result as { patient_hash: string }).patient_hash;
      expect(hash('A\nB', 'C')).to.match(/^[0-9a-f]{32}$/);
      expect(hash('A\nB', 'C')).to.not.equal(hash('A', 'B\nC'));
      expect(hash('A', 'BC')).to.not.equal(hash('AB', 'C'));
    } finally {
      store.close();
    }
  });
});

describe('security: FHIR resource ids are never shared across organizations', () => {
  it('the same to_fhir request from two organizations gives different random UUIDv4 ids', () => {
    const bundle = (organization: string): any => callFunction({ module: 'fhir', function: 'to_fhir', args: [{ hr: 80 }] }, { organization }).body.result;
    const ids = (b: any): string[] => [b.id, ...b.entry.map((e: any) => e.resource.id)];
    const [a, b] = [ids(bundle('Clinic A')), ids(bundle('Clinic B'))];
    for (const id of [...a, ...b]) expect(id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.filter((id) => b.includes(id))).to.deep.equal([]);
  });
});

describe('security: HTTPS with --tls-cert and --tls-key', function () {
  this.timeout(120_000);

  it('serves the API over TLS with a certificate made for this test, with HSTS', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpes-tls-'));
    const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
    // a throwaway self-signed certificate: never a committed private key
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 1, runTimeoutMs: 5000, maxQueue: 4, heapMb: 128, dev: true, tlsCert: cert, tlsKey: key }, () => {});
    try {
      expect(server.url).to.match(/^https:\/\/127\.0\.0\.1:\d+\/v1$/);
      const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        const req = httpsRequest(`${server.url}/health`, { ca: readFileSync(cert) }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(answer.status).to.equal(200);
      expect(JSON.parse(answer.body).status).to.equal('healthy');
      expect(answer.headers['strict-transport-security']).to.equal('max-age=31536000');
      expect(answer.headers['cache-control']).to.equal('no-store');
      // plain HTTP on the TLS port is not answered as API traffic
      const plain = await fetch(server.url.replace('https:', 'http:') + '/health').then((r) => r.status, () => 'refused');
      expect(plain).to.not.equal(200);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses half a TLS configuration and unreadable files, naming them', async () => {
    expect(() => parseServeOptions(['--tls-cert', 'c.pem'], {})).to.throw('--tls-cert and --tls-key go together: give both for HTTPS, or neither');
    let error: Error | null = null;
    await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 1, runTimeoutMs: 5000, maxQueue: 4, heapMb: 128, dev: true, tlsCert: '/nonexistent/c.pem', tlsKey: '/nonexistent/k.pem' }, () => {}).then(
      (s) => s.close(),
      (e: Error) => (error = e),
    );
    expect(error!.message).to.equal('cannot read the TLS certificate /nonexistent/c.pem: ENOENT');
  });
});

describe('security: /health shows no file names or paths without a key', function () {
  this.timeout(120_000);

  it('pack file names and checksums for keyed callers only; a damaged index names no path', async () => {
    const { server, keys, dir } = await keyedServer([['Clinic', 'starter']], 1, 5000);
    try {
      importPack(dir, registry.packKind('lab-ranges')!, fileURLToPath(new URL('./data/packs/lab-ranges.csv', import.meta.url)));
      const health = async (headers: Record<string, string> = {}): Promise<any> => (await fetch(`${server.url}/health`, { headers })).json();
      const anonymous = await health();
      expect(anonymous.data.packs).to.have.length(1);
      expect(anonymous.data.packs[0]).to.have.keys('kind', 'version', 'label', 'rows', 'imported_at');
      expect((await health({ 'x-api-key': 'cpes_wrong' })).data.packs[0]).to.not.have.property('file_name');
      const keyed = await health({ 'x-api-key': keys[0]! });
      expect(keyed.data.packs[0]).to.include({ kind: 'lab-ranges', file_name: 'lab-ranges.csv' });
      expect(keyed.data.packs[0].sha256).to.match(/^[0-9a-f]{64}$/);

      writeFileSync(join(dir, 'packs', 'index.json'), '{"format": 1, "packs": ');
      const damaged = await health();
      expect(damaged.status).to.equal('degraded');
      expect(damaged.data.error).to.equal('the data pack index cannot be read; the operator can see why with cpes data list');
      expect(JSON.stringify(damaged)).to.not.contain(dir);
      const damagedKeyed = await health({ 'x-api-key': keys[0]! });
      expect(damagedKeyed.data.error).to.equal("the data directory's pack index (packs/index.json) cannot be read (not valid JSON); restore it or remove the packs directory and import again");
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('security: low findings', function () {
  this.timeout(60_000);

  it("p.constructor, p.toString, p.__proto__ are positioned errors, never internal ones", () => {
    for (const field of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const { kind, body } = runProtocol(`protocol P {\n    input: Patient p;\n    let x = p.${field} > 5 mg;\n}`);
      expect(kind, field).to.equal('runtime_error');
      expect(body.error).to.equal(`Runtime error at line 3, column 15: p.${field} is not set; send it in the patient object`);
    }
  });

  it('a lab-ranges comment line of 5,000 spaces is read in one pass (the old pattern backtracked for minutes)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpes-sec-'));
    try {
      const file = join(dir, 'ranges.csv');
      writeFileSync(file, `# laboratory: Test Lab\n#${' '.repeat(5000)}x\n# effective:${' '.repeat(5000)}2026-01-01\ntest,unit,low,high\nSodium,mEq/L,135,145\n`);
      const meta = importPack(dir, registry.packKind('lab-ranges')!, file);
      expect(meta).to.include({ kind: 'lab-ranges', version: 1, rows: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a pack file name with control characters is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpes-sec-'));
    try {
      const file = join(dir, 'ranges\u001b[31m.csv');
      writeFileSync(file, '# laboratory: Test Lab\ntest,unit,low,high\nSodium,mEq/L,135,145\n');
      expect(() => importPack(dir, registry.packKind('lab-ranges')!, file)).to.throw('the file name "ranges\\u001b[31m.csv" holds control or format characters; rename the file');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

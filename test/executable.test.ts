// The single executable (issue 16), built once with `npm run package`'s code and run as an operator would:
// copied alone into a fresh directory, with an empty environment and no Node.js to fall back on.
import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOnce, nodeHidden, runExecutable, serveExecutable, type Result } from './helpers/executable.js';
import { createTestDatabase } from './helpers/postgres.js';

const json = { 'content-type': 'application/json' };

describe('the single executable', function () {
  this.timeout(60_000);
  let home: string; // the operator's directory: the executable and nothing else
  let cpes: string;
  let release: string;
  const run = (...args: string[]): Promise<Result> => runExecutable(cpes, args, home);

  before(async function () {
    this.timeout(300_000);
    const built = await buildOnce();
    expect(readFileSync(`${built.path}.sha256`, 'utf8')).to.equal(`${createHash('sha256').update(readFileSync(built.path)).digest('hex')}  cpes-linux-x64\n`);
    expect(basename(built.path)).to.equal('cpes-linux-x64');
    home = mkdtempSync(join(tmpdir(), 'cpes-operator-'));
    cpes = join(home, 'cpes');
    copyFileSync(built.path, cpes);
    release = dirname(built.path);
    process.stdout.write(`      (built ${(built.bytes / 1048576).toFixed(1)} MiB; node ${nodeHidden ? 'hidden in a mount namespace' : 'not hidden: no mount namespace here'})\n`);
  });

  after(() => {
    for (const dir of [home, release]) if (dir) rmSync(dir, { recursive: true, force: true }); // about 100 MiB each
  });

  it('prints its commands with --help and its versions with version', async () => {
    const help = await run('--help');
    expect(help.status).to.equal(0);
    for (const command of ['check', 'run', 'serve', 'conformance', 'keys', 'data', 'version']) expect(help.stdout).to.match(new RegExp(`^  ${command} `, 'm'));
    const version = await run('version', '--json');
    expect(version.status).to.equal(0);
    const report = JSON.parse(version.stdout);
    expect(report).to.include({ single_executable: true, node_version: process.versions.node, api_version: '1.0.0', platform: 'linux-x64' });
    expect(report.engine_version).to.equal(JSON.parse(readFileSync('package.json', 'utf8')).version);
    expect(report.tables.map((t: { name: string }) => t.name)).to.include.members(['pk-drugs', 'icd10cm', 'lab-tests']);
    expect((await run('--version')).stdout).to.match(/^cpes \d+\.\d+\.\d+ \(API 1\.0\.0\)\nNode\.js .*single executable/);
  });

  it('check reports a syntax error with line, column and exit 2', async () => {
    writeFileSync(join(home, 'bad.moiss'), 'protocol P {\n  let x = ;\n}\n');
    const r = await run('check', 'bad.moiss');
    expect(r.status).to.equal(2);
    expect(r.stdout.split('\n')[0]).to.equal("bad.moiss:2:11: error: expected an expression but found ';'");
  });

  it('run executes a protocol that calls the library (OpenChemLib included)', async () => {
    writeFileSync(join(home, 'ok.moiss'), 'protocol P {\n  input: Patient p;\n  let s = med.scores.qsofa(p);\n  alert "qSOFA " + s severity: high;\n}\n');
    const r = await run('run', 'ok.moiss', '--json', '--patient', '{"bp": 85, "rr": 24}');
    expect(r.status, r.stderr).to.equal(0);
    expect(JSON.parse(r.stdout).alerts).to.deep.equal([{ severity: 'high', message: 'qSOFA 2', line: 4 }]);
  });

  it('run keeps db records through the embedded SQLite addon, and docs prints the references it carries', async () => {
    writeFileSync(join(home, 'db.moiss'), 'protocol P {\n  let saved = med.db.save_patient("P-1", "Test");\n  let back = med.db.get_patient("P-1");\n}\n');
    const r = await run('run', 'db.moiss', '--json', '--data-dir', 'records');
    expect(r.status, r.stderr).to.equal(0);
    expect(JSON.parse(r.stdout).success).to.equal(true);
    const docs = await run('docs', 'language');
    expect([docs.status, docs.stdout]).to.deep.equal([0, readFileSync('docs/language.md', 'utf8')]);
  });

  it('keeps the SQLite addon in a private per-version cache and replaces a tampered copy before loading it', async () => {
    // its own data directory: the server above has the cached file mapped, and rewriting that in place would crash it
    expect((await run('keys', 'list', '--data-dir', 'other')).status).to.equal(0);
    const version = JSON.parse((await run('version', '--json')).stdout).engine_version as string;
    const cache = join(home, 'other', 'cache', version);
    expect(statSync(cache).mode & 0o777).to.equal(0o700);
    const [addon] = readdirSync(cache);
    expect(addon).to.match(/^better_sqlite3-[0-9a-f]{64}\.node$/);
    const digest = addon!.slice('better_sqlite3-'.length, -'.node'.length);
    const path = join(cache, addon!);
    const sha256 = (): string => createHash('sha256').update(readFileSync(path)).digest('hex');
    expect(sha256()).to.equal(digest);
    chmodSync(path, 0o600);
    writeFileSync(path, 'not a shared library');
    const list = await run('keys', 'list', '--data-dir', 'other');
    expect(list.status, list.stderr).to.equal(0);
    expect(sha256()).to.equal(digest);
  });

  it('refuses a data directory others could swap the SQLite addon in before loading anything from it', async () => {
    const open = join(home, 'open');
    mkdirSync(join(open, 'data'), { recursive: true });
    chmodSync(join(open, 'data'), 0o777);
    const inOpenDir = await run('keys', 'list', '--data-dir', join(open, 'data'));
    expect(inOpenDir.status).to.equal(1);
    expect(inOpenDir.stderr).to.contain(`the addon cache would sit in ${join(open, 'data')}, which anyone can write to`);
    chmodSync(join(open, 'data'), 0o755);
    chmodSync(open, 0o777); // a directory above: whoever can write there can rename data/ and put another in its place
    const underOpenDir = await run('keys', 'list', '--data-dir', join(open, 'data'));
    expect(underOpenDir.status).to.equal(1);
    expect(underOpenDir.stderr).to.contain(`the addon cache would sit under ${open}, which anyone can write to`);
    chmodSync(open, 0o1777); // with the sticky bit (as /tmp has) only the owner can rename it
    expect((await run('keys', 'list', '--data-dir', join(open, 'data'))).status).to.equal(0);
  });

  it('serves with a PostgreSQL store: keys, /call and a worker run reach the same records through the bundled bridge', async function () {
    this.timeout(180_000);
    const database = await createTestDatabase();
    let served: Awaited<ReturnType<typeof serveExecutable>> | null = null;
    try {
      const created = await run('keys', 'create', '--owner', 'Ward', '--tier', 'enterprise', '--store', database.url, '--data-dir', 'pgdata');
      expect(created.status, created.stderr).to.equal(0);
      const wardKey = created.stdout.trim();
      served = await serveExecutable(cpes, ['--port', '0', '--host', '127.0.0.1', '--data-dir', 'pgdata', '--workers', '1', '--store', database.url], home);
      const call = await fetch(`${served.url}/call`, { method: 'POST', headers: { ...json, 'x-api-key': wardKey }, body: JSON.stringify({ module: 'db', function: 'save_patient', args: ['PT-9', 'Bea'] }) });
      expect(call.status, await call.clone().text()).to.equal(200);
      const ran = await fetch(`${served.url}/run`, {
        method: 'POST',
        headers: { ...json, 'x-api-key': wardKey },
        body: JSON.stringify({ code: 'protocol P {\n  let name = med.db.get_patient("PT-9").name;\n}' }),
      });
      const body = (await ran.json()) as { success: boolean; events: { event: string }[] };
      expect(body.success, JSON.stringify(body)).to.equal(true);
      expect(body.events.map((e) => e.event)).to.include('[2] LOG: let name = "Bea"');
      expect(readdirSync(join(home, 'pgdata', 'cache', readdirSync(join(home, 'pgdata', 'cache'))[0]!)).some((f) => /^pg-bridge-[0-9a-f]{64}\.cjs$/.test(f))).to.equal(true);
    } finally {
      served?.child.kill('SIGKILL');
      await database.drop();
    }
  });

  it('lsp answers an editor over stdio', async () => {
    const child = spawn(cpes, ['lsp'], { cwd: home, env: {}, stdio: ['pipe', 'pipe', 'inherit'] });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    let out = '';
    await new Promise<void>((resolve) => child.stdout.on('data', (d) => ((out += d), out.includes('"capabilities"') && resolve())));
    child.kill();
    expect(out).to.include('"hoverProvider":true');
  });

  describe('serve with a fresh data directory', () => {
    let server: { child: ChildProcess; url: string; stdout: () => string; stderr: () => string };
    let key: string;
    const runProtocol = async (apiKey: string, code: string, patient?: object): Promise<{ status: number; body: any }> => {
      const response = await fetch(`${server.url}/run`, { method: 'POST', headers: { ...json, 'x-api-key': apiKey }, body: JSON.stringify({ code, patient }) });
      return { status: response.status, body: await response.json() };
    };

    before(async () => {
      server = await serveExecutable(cpes, ['--port', '0', '--host', '127.0.0.1', '--data-dir', 'data', '--workers', '2', '--run-timeout', '1500', '--heap-mb', '96'], home);
      key = /^ {2}(cpes_[A-Za-z0-9]{32})$/m.exec(server.stdout())?.[1] ?? '';
    });
    after(() => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    });

    it('prints the first key once and answers /v1/health', async () => {
      expect(server.stdout()).to.contain("First start: created an enterprise API key for owner 'admin'");
      expect(key).to.match(/^cpes_/);
      const health = await fetch(`${server.url}/health`);
      expect(health.status).to.equal(200);
      expect(await health.json()).to.include({ status: 'healthy' });
    });

    it('runs protocols in children that are this executable in the worker role, with the heap limit', () => {
      const pid = server.child.pid!;
      const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
      expect(children).to.have.length(2);
      for (const child of children) {
        expect(readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').filter(Boolean)).to.deep.equal([cpes, '__pool-worker', join(home, 'data')]); // the data directory, made absolute
        expect(readFileSync(`/proc/${child}/environ`, 'utf8').split('\0')).to.include('NODE_OPTIONS=--max-old-space-size=96');
      }
    });

    it('runs an authenticated protocol, and refuses one without a key', async () => {
      const ok = await runProtocol(key, 'protocol P { input: Patient p; let s = med.scores.qsofa(p); if s >= 2 { alert "sepsis?" severity: critical; } }', { bp: 85, rr: 24 });
      expect(ok.status).to.equal(200);
      expect(ok.body.alerts).to.deep.equal([{ severity: 'critical', message: 'sepsis?', line: 1 }]);
      expect((await runProtocol('cpes_' + 'x'.repeat(32), 'protocol P { }')).status).to.equal(401);
    });

    it('stops a runaway protocol with 408 and runs the next one', async () => {
      const runaway = await runProtocol(key, 'protocol P { let i = 0; while true { let i = i + 1; } }');
      expect(runaway.status).to.equal(408);
      expect(runaway.body.code).to.equal('timeout');
      const next = await runProtocol(key, 'protocol P { alert "still here" severity: info; }');
      expect(next.status).to.equal(200);
      expect(next.body.alerts[0].message).to.equal('still here');
    });

    it('serves the playground page and its script from inside itself, and checks through /v1/check', async () => {
      const origin = server.url.replace(/\/v1$/, '');
      const page = await fetch(`${origin}/`);
      expect(page.status).to.equal(200);
      expect(await page.text()).to.include('<script type="module" src="/playground/app.js"></script>');
      const script = await fetch(`${origin}/playground/app.js`);
      expect(script.status).to.equal(200);
      expect((await script.text()).length).to.be.greaterThan(100_000);
      const examples = (await (await fetch(`${origin}/playground/examples.json`)).json()) as { name: string }[];
      expect(examples.map((e) => e.name)).to.include('alert-severities');
      const checked = await fetch(`${server.url}/check`, { method: 'POST', headers: { ...json, 'x-api-key': key }, body: JSON.stringify({ code: 'protocol P { let x = ; }' }) });
      expect(((await checked.json()) as { diagnostics: { line: number; column: number }[] }).diagnostics[0]).to.include({ line: 1, column: 22 });
    });

    it('calls OpenChemLib through /v1/call', async () => {
      const response = await fetch(`${server.url}/call`, {
        method: 'POST',
        headers: { ...json, 'x-api-key': key },
        body: JSON.stringify({ module: 'chem', function: 'from_smiles', args: ['CC(=O)OC1=CC=CC=C1C(=O)O'] }),
      });
      const body = (await response.json()) as { success: boolean; result: { formula?: string } };
      expect(response.status, JSON.stringify(body)).to.equal(200);
      expect(body.result.formula).to.equal('C9H8O4');
    });

    it('keys create works against the same data directory while it serves', async () => {
      const created = await run('keys', 'create', '--owner', "St Mary's", '--tier', 'starter', '--data-dir', 'data');
      expect(created.status, created.stderr).to.equal(0);
      const second = created.stdout.trim();
      expect(second).to.match(/^cpes_[A-Za-z0-9]{32}$/);
      expect((await runProtocol(second, 'protocol P { }')).status).to.equal(200);
      const list = await run('keys', 'list', '--data-dir', 'data');
      expect(list.stdout).to.contain("St Mary's").and.to.contain('admin');
    });

    it('data import changes what the worker children compute from the next run', async () => {
      const flag = async (): Promise<string> => {
        const r = await runProtocol(key, 'protocol P {\n  let r = med.lab.interpret("K", 4.9, null, 40);\n  let flag = r.flag;\n}');
        return r.body.events.find((e: { kind: string; name?: string }) => e.kind === 'let' && e.name === 'flag').value;
      };
      expect(await flag()).to.equal('NORMAL');
      copyFileSync(fileURLToPath(new URL('./data/packs/lab-ranges.csv', import.meta.url)), join(home, 'lab-ranges.csv'));
      const imported = await run('data', 'import', 'lab-ranges', 'lab-ranges.csv', '--data-dir', 'data');
      expect(imported.status, imported.stderr).to.equal(0);
      expect(await flag()).to.equal('HIGH');
      expect((await run('data', 'remove', 'lab-ranges', '--data-dir', 'data')).status).to.equal(0);
      expect(await flag()).to.equal('NORMAL');
    });

    it('passes the conformance fixtures it carries', async () => {
      const r = await run('conformance', '--base-url', server.url, '--key', key);
      expect(r.status, r.stdout).to.equal(0);
      expect(r.stdout).to.match(/^\d+ passed, 0 failed$/m);
    });

    it('stops on SIGTERM with exit 0', async () => {
      const exited = new Promise<number | string | null>((resolve) => server.child.on('exit', (code, signal) => resolve(code ?? signal)));
      server.child.kill('SIGTERM');
      expect(await exited).to.equal(0);
      expect(server.stderr()).to.not.match(/Warning:/);
    });
  });
});

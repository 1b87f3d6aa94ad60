// Issue 29 finding 7: whatever the entry point (run, serve, dev, data, backup), every directory cpes
// creates is 0700 and every file 0600, even under the usual umask 022; development's temporary
// directory is removed when the server closes; pack imports read only bounded regular files.
import { expect } from 'chai';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../src/cli/serve.js';
import { cpes } from './helpers/cli.js';

/** Every entry under `root` (itself included) whose mode is not owner-only. */
function notOwnerOnly(root: string): string[] {
  const found: string[] = [];
  const visit = (path: string): void => {
    const stat = statSync(path);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) found.push(`${path} ${mode.toString(8)}`);
      for (const name of readdirSync(path)) visit(join(path, name));
    } else if (mode !== 0o600) {
      found.push(`${path} ${mode.toString(8)}`);
    }
  };
  visit(root);
  return found;
}

describe('file permissions on every entry point', function () {
  this.timeout(180_000);
  let base: string;
  const umask = process.umask(0o022);

  before(() => {
    base = mkdtempSync(join(tmpdir(), 'cpes-perm-'));
  });
  after(() => {
    process.umask(umask);
    rmSync(base, { recursive: true, force: true });
  });

  it('cpes run --data-dir NEW', () => {
    const dir = join(base, 'run', 'data');
    const protocol = join(base, 'p.moiss');
    writeFileSync(protocol, 'protocol P { let r = med.db.save_patient("P1"); }');
    const result = cpes(['run', protocol, '--data-dir', dir]);
    expect(result.status, result.stderr).to.equal(0);
    expect(notOwnerOnly(join(base, 'run'))).to.deep.equal([]);
  });

  it('cpes data import into a new directory, and cpes backup', () => {
    const dir = join(base, 'data');
    const csv = join(base, 'ranges.csv');
    writeFileSync(csv, '# laboratory: Test Lab\ntest,unit,low,high\nSodium,mEq/L,135,145\n');
    const imported = cpes(['data', 'import', 'lab-ranges', csv, '--data-dir', dir]);
    expect(imported.status, imported.stderr).to.equal(0);
    cpes(['keys', 'create', '--owner', 'Clinic', '--tier', 'starter', '--data-dir', dir]);
    const backup = cpes(['backup', join(dir, 'snapshot.db'), '--data-dir', dir]);
    expect(backup.status, backup.stderr).to.equal(0);
    expect(notOwnerOnly(dir)).to.deep.equal([]);
  });

  it('cpes data import reads regular files only, and never prints the file it refuses', () => {
    const dir = join(base, 'data-refused');
    const refused = cpes(['data', 'import', 'lab-ranges', '/dev/zero', '--data-dir', dir]);
    expect(refused.status).to.equal(1);
    expect(refused.stderr).to.contain('/dev/zero is not a regular file');
    const secret = join(base, 'secret.txt');
    writeFileSync(secret, 'root:$6$verysecrethash:19000:0:99999:7:::\n');
    const notJson = cpes(['data', 'import', 'formulary', secret, '--data-dir', dir]);
    expect(notJson.status).to.equal(1);
    expect(notJson.stderr).to.contain('line 1: not JSON (invalid syntax)');
    expect(notJson.stderr).to.not.contain('verysecrethash');
  });

  it('cpes serve with a new data directory, and development mode with and without one', async () => {
    const keyed = join(base, 'serve');
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: keyed, workers: 1, runTimeoutMs: 5000, maxQueue: 4, heapMb: 128, dev: false }, () => {});
    await server.close();
    expect(notOwnerOnly(keyed)).to.deep.equal([]);

    const devDir = join(base, 'dev');
    const dev = await startServer({ port: 0, host: '127.0.0.1', dataDir: devDir, workers: 1, runTimeoutMs: 5000, maxQueue: 4, heapMb: 128, dev: true }, () => {});
    await fetch(`${dev.url}/call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"module": "db", "function": "save_patient", "args": ["P1"]}' });
    await dev.close();
    expect(notOwnerOnly(devDir)).to.deep.equal([]);

    const before = new Set(readdirSync(tmpdir()).filter((n) => n.startsWith('cpes-dev-')));
    const temporary = await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 1, runTimeoutMs: 5000, maxQueue: 4, heapMb: 128, dev: true }, () => {});
    const created = readdirSync(tmpdir()).filter((n) => n.startsWith('cpes-dev-') && !before.has(n));
    expect(created).to.have.length(1);
    expect(notOwnerOnly(join(tmpdir(), created[0]!))).to.deep.equal([]);
    await temporary.close();
    expect(existsSync(join(tmpdir(), created[0]!))).to.equal(false);
  });
});

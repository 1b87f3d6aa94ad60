// .ci/postgres: CI starts PostgreSQL when it is not running and fails clearly when it cannot. The shared
// server is never stopped here: the "not running" cases point the script at a port nothing listens on
// and put stand-in cluster tools first on PATH.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../.ci/postgres', import.meta.url));

/** A port nothing listens on (bound, read, released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function run(env: Record<string, string>): { status: number; stdout: string; stderr: string } {
  const result = spawnSync('bash', [SCRIPT], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 30_000 });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** A directory with a stand-in pg_ctlcluster that records its arguments and exits with `status`. */
function fakeTools(status: number): { bin: string; log: string } {
  const bin = mkdtempSync(join(tmpdir(), 'cpes-ci-'));
  const log = join(bin, 'calls');
  writeFileSync(join(bin, 'pg_ctlcluster'), `#!/bin/sh\necho "$@" >> ${log}\nexit ${status}\n`);
  chmodSync(join(bin, 'pg_ctlcluster'), 0o755);
  return { bin, log };
}

describe('.ci/postgres', () => {
  it('passes at once when PostgreSQL answers', () => {
    const result = run({});
    expect(result.status, result.stderr).to.equal(0);
    expect(result.stdout).to.equal('postgres: running on 127.0.0.1:5432\n');
  });

  it('starts the configured cluster with pg_ctlcluster when nothing answers, and fails clearly when it cannot', async () => {
    const etc = mkdtempSync(join(tmpdir(), 'cpes-ci-etc-'));
    mkdirSync(join(etc, '15'));
    const failing = fakeTools(1);
    const refused = run({ CPES_CI_POSTGRES_PORT: String(await closedPort()), CPES_CI_POSTGRES_ETC: etc, PATH: `${failing.bin}:${process.env.PATH}` });
    expect(refused.status).to.equal(1);
    expect(refused.stdout).to.match(/not running on 127\.0\.0\.1:\d+; starting cluster 15\/main/);
    expect(refused.stderr).to.equal('postgres: pg_ctlcluster could not start 15/main (see /var/log/postgresql/postgresql-15-main.log)\n');
    expect(spawnSync('cat', [failing.log], { encoding: 'utf8' }).stdout).to.equal('--skip-systemctl-redirect 15 main start\n');

    const silent = fakeTools(0); // "starts", but nothing ever answers
    const stuck = run({ CPES_CI_POSTGRES_PORT: String(await closedPort()), CPES_CI_POSTGRES_ETC: etc, CPES_CI_POSTGRES_WAIT: '1', PATH: `${silent.bin}:${process.env.PATH}` });
    expect(stuck.status).to.equal(1);
    expect(stuck.stderr).to.match(/^postgres: cluster 15\/main was started but nothing answers on 127\.0\.0\.1:\d+ after 1 s\n$/);

    const none = run({ CPES_CI_POSTGRES_PORT: String(await closedPort()), CPES_CI_POSTGRES_ETC: join(etc, 'missing') });
    expect(none.status).to.equal(1);
    expect(none.stderr).to.match(/no cluster is configured under .*missing to start; install Debian's postgresql package/);
  });
});

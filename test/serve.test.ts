import { expect } from 'chai';
import { cpes, startServe } from './helpers/cli.js';

describe('cpes serve', function () {
  this.timeout(60_000);

  it('refuses bad options with a usage message (exit 1)', () => {
    const r = cpes(['serve', '--port', 'eighty']);
    expect(r.status).to.equal(1);
    expect(r.stderr).to.contain("--port must be a whole number ≥ 0, got 'eighty'");
    const env = cpes(['serve', '--dev'], { env: { CPES_WORKERS: '0' } });
    expect(env.status).to.equal(1);
    expect(env.stderr).to.contain("CPES_WORKERS must be a whole number ≥ 1, got '0'");
  });

  it('finishes a running protocol on SIGTERM, then exits 0', async () => {
    const { child, url } = await startServe(['--dev', '--port', '0', '--workers', '1', '--run-timeout', '60000']);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // a few seconds of work in the worker; SIGTERM comes once the run has surely been accepted, even on a
    // loaded machine (the run timeout is raised so the slow case is not a 408)
    const running = fetch(`${url}/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'protocol P { let i = 0; while i < 400000000 { let i = i + 1; } }' }),
    });
    await new Promise((r) => setTimeout(r, 1500));
    child.kill('SIGTERM');
    const response = await running;
    expect(response.status).to.equal(200);
    expect(((await response.json()) as { success: boolean }).success).to.equal(true);
    expect(await exited).to.equal(0);
  });
});

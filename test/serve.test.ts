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
    const { child, url } = await startServe(['--dev', '--port', '0', '--workers', '1']);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // about a second of work in the worker
    const running = fetch(`${url}/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'protocol P { let i = 0; while i < 150000000 { let i = i + 1; } }' }),
    });
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGTERM');
    const response = await running;
    expect(response.status).to.equal(200);
    expect(((await response.json()) as { success: boolean }).success).to.equal(true);
    expect(await exited).to.equal(0);
  });
});

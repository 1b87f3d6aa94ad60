// A protocol that outgrows its worker's heap gets a clear answer, and the service goes on.
import { expect } from 'chai';
import { startServer, type RunningServer } from '../src/cli/serve.js';

// Each pass keeps a new 32-number list alive inside the previous one: memory grows until the heap limit.
const MEMORY_BOMB = 'protocol Hog { let keep = []; while true { let keep = [keep, [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32]]; } }';

describe('worker memory limit', function () {
  this.timeout(120_000);
  let server: RunningServer;
  const logged: string[] = [];

  before(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 1, runTimeoutMs: 90_000, maxQueue: 4, heapMb: 64, dev: true }, (line) => logged.push(line));
  });
  after(async () => server.close());

  it('answers 500 saying the memory limit was reached, with the request id; replaces the worker; the next run works', async () => {
    const pidBefore = server.pool.pids[0];
    const response = await fetch(`${server.url}/run`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: MEMORY_BOMB }) });
    const requestId = response.headers.get('x-request-id')!;
    const body = (await response.json()) as { success: boolean; error: string; code: string };
    expect(response.status).to.equal(500);
    expect(body.success).to.equal(false);
    expect(body.code).to.equal('internal');
    expect(body.error).to.equal(`the protocol reached the memory limit of 64 MiB and was stopped; its worker was replaced (request id ${requestId})`);
    expect(logged.some((line) => line.includes(requestId) && line.includes('memory limit'))).to.equal(true);

    expect((await fetch(`${server.url}/health`)).status).to.equal(200);
    const next = await fetch(`${server.url}/run`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'protocol Ok { let x = 1 + 1; }' }) });
    expect(next.status).to.equal(200);
    expect(((await next.json()) as { success: boolean }).success).to.equal(true);
    expect(server.pool.pids[0]).to.not.equal(pidBefore);
  });
});

describe('workers that cannot start', function () {
  this.timeout(120_000);

  it('a heap limit below what the engine needs is refused when the server starts', async () => {
    const { parseServeOptions } = await import('../src/cli/serve.js');
    expect(() => parseServeOptions(['--heap-mb', '32'], {})).to.throw("--heap-mb must be a whole number ≥ 64, got '32'");
    expect(parseServeOptions(['--heap-mb', '64'], {}).heapMb).to.equal(64);
  });

  it('a run waiting for workers that die while starting fails with the reason instead of waiting for ever', async () => {
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 1, runTimeoutMs: 90_000, maxQueue: 4, heapMb: 8, dev: true }, () => {});
    try {
      const response = await fetch(`${server.url}/run`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'protocol Ok { let x = 1; }' }) });
      const body = (await response.json()) as { error: string };
      expect(response.status).to.equal(500);
      expect(body.error).to.match(/^no protocol worker could start \(3 died while starting, the last .*; is the heap limit of 8 MiB too small\?\)/);
    } finally {
      await server.close();
    }
  });
});

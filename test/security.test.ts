// Issue 29's findings, each reproduced through the HTTP API: no request stalls the service or another
// tenant, and no data is exposed.
import { expect } from 'chai';
import { startServer, type RunningServer } from '../src/cli/serve.js';

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
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: '', workers: 1, runTimeoutMs: 8000, maxQueue: 8, heapMb: 256, dev: true }, () => {});
  });
  after(() => server.close());

  it('a SMILES that takes seconds runs in a worker under the run time limit (408) while /health answers at once', async () => {
    await timedHealth(server.url); // first request: connection and lazy tables out of the way
    const slow = post(`${server.url}/call`, { module: 'chem', function: 'from_smiles', args: ['C'.repeat(1999)] });
    await new Promise((r) => setTimeout(r, 300)); // the call is in the worker now
    const probes: number[] = [];
    for (let i = 0; i < 7; i++) probes.push(await timedHealth(server.url));
    const answer = await slow;
    expect(answer.status).to.equal(408);
    expect(answer.body).to.include({ success: false, result: null, code: 'timeout' });
    expect(answer.body.error).to.equal('the call of chem.from_smiles ran longer than 8 s and was stopped');
    // blocked, the loop would answer these only after the call (seconds); the median ignores one scheduler hiccup
    expect(median(probes)).to.be.below(50);
    // the worker was replaced and serves the next call
    const next = await post(`${server.url}/call`, { module: 'chem', function: 'from_smiles', args: ['CCO'] });
    expect(next.status).to.equal(200);
    expect(next.body.success).to.equal(true);
  });

  it('a call that fails on its arguments is still a 400 naming the parameter', async () => {
    const answer = await post(`${server.url}/call`, { module: 'chem', function: 'from_smiles', args: ['C1CC'] });
    expect(answer.status).to.equal(400);
    expect(answer.body.error).to.match(/^chem\.from_smiles: argument 1 'smiles' cannot be parsed/);
  });
});

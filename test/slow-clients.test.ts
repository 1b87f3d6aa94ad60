// Slow and idle clients on loopback: they hold only their own sockets. Others keep being served, and
// the deliberate timeouts (src/http/server.ts) end the slow ones with a JSON 408.
import { expect } from 'chai';
import { connect, type Socket } from 'node:net';
import { startServer, type RunningServer } from '../src/cli/serve.js';

const IDLE = 200;
const SLOW = 20;

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Everything the server sends on this socket until it closes it. */
function answerOf(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (d) => (text += d));
    socket.on('close', () => resolve(text));
    socket.on('error', () => resolve(text));
  });
}

describe('slow and idle clients', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let port: number;
  const sockets: Socket[] = [];

  // /call runs in the pool too: the queue holds the ten calls sent at once below
  before(async () => {
    server = await startServer(
      { port: 0, host: '127.0.0.1', dataDir: '', workers: 1, runTimeoutMs: 5000, maxQueue: 16, heapMb: 128, dev: true, httpLimits: { headersTimeoutMs: 1500, requestTimeoutMs: 3000, checkIntervalMs: 200 } },
      () => {},
    );
    port = Number(new URL(server.url).port);
  });
  after(async () => {
    for (const s of sockets) s.destroy();
    await server.close();
  });

  it(`serves others while ${IDLE} idle connections and ${SLOW} slow-header and ${SLOW} slow-body clients hold sockets, then ends the slow ones with 408`, async () => {
    for (let i = 0; i < IDLE; i++) sockets.push(await openSocket(port));
    const slowHeaders = await Promise.all(Array.from({ length: SLOW }, () => openSocket(port)));
    const slowBodies = await Promise.all(Array.from({ length: SLOW }, () => openSocket(port)));
    sockets.push(...slowHeaders, ...slowBodies);
    const headerAnswers = slowHeaders.map(answerOf);
    const bodyAnswers = slowBodies.map(answerOf);
    for (const s of slowHeaders) s.write('POST /v1/call HTTP/1.1\r\nHost: x\r\n'); // headers never finished
    for (const s of slowBodies) s.write('POST /v1/call HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"module":');
    const trickle = setInterval(() => {
      for (const s of slowBodies) if (!s.destroyed) s.write(' ');
    }, 200);

    try {
      // meanwhile, ordinary clients are answered at once
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2
            ? fetch(`${server.url}/health`).then((r) => r.status)
            : fetch(`${server.url}/call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ module: 'scores', function: 'qsofa', args: [{ rr: 24, bp: 95, gcs: 15 }] }) }).then((r) => r.status),
        ),
      );
      expect(answers).to.deep.equal(Array(20).fill(200));

      const fromHeaders = await Promise.all(headerAnswers);
      for (const text of fromHeaders) {
        expect(text).to.match(/^HTTP\/1\.1 408 Request Timeout\r\n/);
        expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).to.deep.equal({ success: false, error: 'the request did not arrive in time', code: 'timeout' });
      }
      const fromBodies = await Promise.all(bodyAnswers);
      for (const text of fromBodies) expect(text).to.match(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(trickle);
    }
    expect((await fetch(`${server.url}/health`)).status).to.equal(200);
  });
});

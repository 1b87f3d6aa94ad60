// The body read straight from the socket (plain-body.ts): the same text koa-bodyparser's path gives, the
// general path for what it does not handle, and raw-body's error types for a body cut off.
import { expect } from 'chai';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readPlainBody } from '../src/http/plain-body.js';

/** What readPlainBody made of one request sent with `headers` and `body` (null: the general path). */
async function readOne(headers: Record<string, string>, body: Buffer, options: { cut?: boolean; limit?: number } = {}): Promise<string | null | { error: string }> {
  let seen: Promise<string | null | { error: string }> = Promise.resolve(null);
  const server = createServer((incoming: IncomingMessage, response) => {
    const reading = readPlainBody(incoming, options.limit ?? 1024);
    seen = reading === null ? Promise.resolve(null) : reading.catch((error: { type: string }) => ({ error: error.type }));
    void seen.then(() => response.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    const client = request({ port, host: '127.0.0.1', method: 'POST', headers }, (response) => response.resume().on('end', resolve));
    client.on('error', () => resolve());
    if (options.cut) {
      client.write(body.subarray(0, 2));
      setTimeout(() => client.destroy(), 50);
      setTimeout(resolve, 100);
    } else client.end(body);
  });
  const result = await seen;
  server.close();
  return result;
}

describe('reading a plain request body from the socket', () => {
  it('reads UTF-8 text, dropping a leading byte order mark as the general path does', async () => {
    const text = '{"name":"Zoë"}';
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    expect(await readOne({ 'content-type': 'application/json', 'content-length': String(body.length) }, body)).to.equal(text);
  });

  it('leaves compressed bodies, bodies without a length and bodies over the limit to the general path', async () => {
    const body = Buffer.from('{}');
    expect(await readOne({ 'content-encoding': 'gzip', 'content-length': '2' }, body)).to.equal(null);
    expect(await readOne({ 'transfer-encoding': 'chunked' }, body)).to.equal(null);
    expect(await readOne({ 'content-length': '2' }, body, { limit: 1 })).to.equal(null);
  });

  it('reports a body cut off before its declared length as raw-body does', async () => {
    expect(await readOne({ 'content-length': '100' }, Buffer.from('{"a":1}'), { cut: true })).to.deep.equal({ error: 'request.aborted' });
  });
});

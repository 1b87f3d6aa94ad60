// The common request body, read straight from the socket: not compressed, of a declared length within
// the limit. koa-bodyparser's general path (compression, chunked bodies, encodings) cost several µs of a
// bounded /v1/call's CPU; everything else still goes through it (app.ts), with the same text as result:
// UTF-8, a leading byte order mark dropped, invalid bytes as U+FFFD.
import type { IncomingMessage } from 'node:http';

const DECLARED_LENGTH = /^\d{1,9}$/;

/** An error as raw-body reports it, so the app answers both paths alike (`bodyReadError`). */
function readError(type: 'request.aborted' | 'request.size.invalid'): Error {
  return Object.assign(new Error(type), { status: 400, type });
}

function utf8Text(chunks: Buffer[], length: number): string {
  const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return bytes.toString('utf8', bom ? 3 : 0);
}

/** The body's text, or null when it must take the general path (compressed, no Content-Length, over `limit`). */
export function readPlainBody(request: IncomingMessage, limit: number): Promise<string> | null {
  const { 'content-encoding': encoding, 'content-length': declared } = request.headers;
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return null;
  if (declared === undefined || !DECLARED_LENGTH.test(declared)) return null;
  const length = Number(declared);
  if (length > limit || request.readableEnded) return null;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const done = (): void => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onAborted);
      request.off('close', onAborted);
    };
    const onData = (chunk: Buffer): void => {
      chunks.push(chunk);
      received += chunk.length;
    };
    const onEnd = (): void => {
      done();
      if (received !== length) reject(readError('request.size.invalid'));
      else resolve(utf8Text(chunks, received));
    };
    // the client went away (or the socket failed) before the declared end
    const onAborted = (): void => {
      done();
      reject(readError('request.aborted'));
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onAborted);
    request.on('close', onAborted);
  });
}

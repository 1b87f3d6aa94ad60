// The HTTP server around the Koa app, with its timeouts chosen on purpose (README "Guarantees"):
// a slow or idle client holds only its own socket, never the event loop or a worker.
import { createServer, type Server as PlainServer } from 'node:http';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:https';
import type { Socket } from 'node:net';
import type Koa from 'koa';
import { DEFAULT_CONNECTION_LIMITS, limitConnections, type ConnectionLimits } from './connections.js';

export interface HttpLimits {
  /** all request headers must arrive within this time, else 408 (slowloris) */
  headersTimeoutMs: number;
  /** the whole request, body included, must arrive within this time, else 408 */
  requestTimeoutMs: number;
  /** an idle keep-alive connection is closed after this time; above the 60 s idle timeout of common load balancers */
  keepAliveTimeoutMs: number;
  /** how often those deadlines are checked */
  checkIntervalMs: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 65_000, checkIntervalMs: 1000 };

/** The API's listener: plain HTTP, or HTTPS with --tls-cert/--tls-key. */
export type Server = PlainServer | TlsServer;

/** PEM certificate chain and private key for HTTPS. */
export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'timeout', 'the request did not arrive in time'],
  HPE_HEADER_OVERFLOW: [431, 'too_large', 'the request headers are larger than 16 KiB'],
};

/** A JSON answer for a request Node could not even parse (it would otherwise send an empty 400). */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || (error.code === 'ECONNRESET' && socket.destroyed)) {
    socket.destroy();
    return;
  }
  const [status, code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'invalid_request', 'the request is not valid HTTP/1.1'];
  const body = JSON.stringify({ success: false, error: message, code });
  const reason = status === 408 ? 'Request Timeout' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

export function createHttpServer(app: Koa, limits: HttpLimits = DEFAULT_HTTP_LIMITS, connections: ConnectionLimits = DEFAULT_CONNECTION_LIMITS, tls?: TlsFiles): Server {
  const options = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
  };
  // with TLS, a handshake gets the time the headers get (a client that never completes one holds a socket only that long)
  const server: Server = tls
    ? createTlsServer({ ...options, cert: tls.cert, key: tls.key, handshakeTimeout: limits.headersTimeoutMs }, app.callback())
    : createServer(options, app.callback());
  server.on('clientError', answerClientError);
  limitConnections(server, connections);
  return server;
}

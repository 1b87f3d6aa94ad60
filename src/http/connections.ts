// Connection limits (issue 29): a cap on open connections, and a smaller one on connections that have
// not shown a valid key. When a new connection passes the keyless cap, the oldest idle keyless one is
// closed: idle sockets opened without a key cannot use up the file descriptors keyed clients need.
import type { IncomingMessage, Server as PlainServer, ServerResponse } from 'node:http';
import { Server as TlsServer } from 'node:https';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** open connections at most; more are closed as they arrive (keep below the process's LimitNOFILE) */
  maxConnections: number;
  /** connections that have not sent a request with a valid key; past it the oldest idle one is closed */
  maxKeylessConnections: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { maxConnections: 900, maxKeylessConnections: 256 };

type Server = PlainServer | TlsServer;

/** requests being answered on each socket: an idle socket has none */
const activeRequests = new WeakMap<Socket, number>();
/** sockets not (yet) proven by a key, oldest first, per server */
const keylessByServer = new WeakMap<Server, Set<Socket>>();
const serverOf = new WeakMap<Socket, Server>();

/** Called once a request on this socket authenticated with a key: its connection no longer counts as keyless. */
export function markKeyed(socket: Socket): void {
  const server = serverOf.get(socket);
  if (server) keylessByServer.get(server)?.delete(socket);
}

export function limitConnections(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections;
  const keyless = new Set<Socket>();
  keylessByServer.set(server, keyless);
  // over TLS the request's socket is the TLS socket, which exists once the handshake is done
  server.on(server instanceof TlsServer ? 'secureConnection' : 'connection', (socket: Socket) => {
    serverOf.set(socket, server);
    keyless.add(socket);
    socket.once('close', () => keyless.delete(socket));
    if (keyless.size <= limits.maxKeylessConnections) return;
    for (const oldest of keyless) {
      if (oldest === socket || (activeRequests.get(oldest) ?? 0) > 0) continue;
      keyless.delete(oldest);
      oldest.destroy();
      return;
    }
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    activeRequests.set(socket, (activeRequests.get(socket) ?? 0) + 1);
    response.once('close', () => activeRequests.set(socket, (activeRequests.get(socket) ?? 1) - 1));
  });
}

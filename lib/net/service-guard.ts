// The rules every local network service of the package follows (docs/reliability.md, "A
// network service"): it lives inside the user's process, so a client must never crash it, leak
// its fds or memory, or stall its close(). This module holds the socket-level part:
// - every connection gets an error listener and a deadline the moment it is accepted;
// - Node's own HTTP deadlines (request head, whole request, keep-alive) are set from the limits;
// - a request Node cannot parse is answered (400/408/431) and destroyed;
// - a refused connection or upgrade is answered and destroyed after a short grace, never left
//   unread or half-open;
// - close() destroys every connection it tracked (upgraded ones included) and so always resolves.
// The limits themselves (their type, defaults and validation) are in service-limits.ts, which
// imports nothing of Node, so the public types that name them need no Node type declarations.
import type { IncomingMessage, Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ServiceLimits } from './service-limits';

/** The options of `http.createServer` that make Node enforce the limits' request deadlines. */
export function serverOptions(limits: ServiceLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.idleTimeoutMs,
    // Node checks the two request deadlines on this interval (default 30 s): often enough that a
    // deadline is kept to within half of itself.
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(limits.headersTimeoutMs / 2))),
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 408: 'Request Timeout', 413: 'Content Too Large',
  431: 'Request Header Fields Too Large', 503: 'Service Unavailable',
};

/**
 * Answers a connection the server will not serve (a refused upgrade, a request Node could not
 * parse) and closes it: the answer is written, our side is ended, whatever the client still sends
 * is read and discarded, and the socket is destroyed once the client closes or `graceMs` passed.
 */
export function refuse(socket: Duplex, status: number, graceMs: number): void {
  if (socket.destroyed) return;
  socket.on('error', ignore);
  if (socket.writable && !socket.writableEnded) {
    socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }
  closeWithin(socket, graceMs);
}

/**
 * Lets a socket whose side has been ended drain for at most `graceMs`, reading and discarding
 * what the peer still sends, then destroys it.
 */
export function closeWithin(socket: Duplex, graceMs: number): void {
  if (socket.destroyed) return;
  socket.on('error', ignore);
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), graceMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  // Both sides ended: nothing more to wait for.
  socket.once('end', () => socket.destroy());
}

/**
 * The request's target as a URL, or null when it does not parse (an absolute-form target with
 * a bad port, `GET http://x:99999/ws`, makes `new URL` throw).
 */
export function requestTarget(req: IncomingMessage): URL | null {
  const target = req.url ?? '';
  try {
    // origin-form (a path and a query): appended, so that `//host/x` stays a path, not a host
    if (target.startsWith('/')) return new URL(`http://service.invalid${target}`);
    const url = new URL(target);  // absolute-form (RFC 9112 3.2.2): only http
    return url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** Every connection of a server, for close(). */
export interface ServiceGuard {
  /** Stops accepting, destroys every connection (upgraded and half-open ones too); resolves when the server is closed. */
  close(): Promise<void>;
}

/**
 * Guards `server` (made with `serverOptions(limits)`): an error listener and an idle deadline on
 * every connection, refusal of what Node cannot parse, and a close() that cannot hang.
 */
export function guardServer(server: Server, limits: ServiceLimits): ServiceGuard {
  const connections = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    // A reset (ECONNRESET), at any stage (after an upgrade Node removes its own listener) is
    // only the end of that connection.
    socket.on('error', ignore);
    socket.setTimeout(limits.idleTimeoutMs);
    socket.on('timeout', () => socket.destroy());
    // A peer that vanished (no FIN, no RST) is found by the idle deadline or, for a quiet
    // WebSocket, by its heartbeat; keepalive lets the kernel notice too.
    socket.setKeepAlive(true, Math.min(limits.idleTimeoutMs, 60_000));
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408
        : 400;
    if (err.code === 'ECONNRESET' || !socket.writable) socket.destroy();
    else refuse(socket, status, limits.closeGraceMs);
  });

  let closing: Promise<void> | undefined;
  return {
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of connections) socket.destroy();
        connections.clear();
      });
      return closing;
    },
  };
}

function ignore(): void {
  // The connection's 'close' does the cleanup; the error itself says nothing more to us.
}

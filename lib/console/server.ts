// The simulator console's server: Node's `http` on loopback, one unguessable token per console,
// the page (page.ts), the live view pushed over a WebSocket, the actions and save/load.
//
// Safety (docs/console.md): every request (page, API, WebSocket) must carry the token; a Host
// header other than localhost / 127.0.0.1 / [::1] (or the configured host) is refused, so a DNS
// rebinding page cannot talk to it; POST requests must come from the console's own origin.
// Robustness (docs/reliability.md, "A network service"): the server lives in the user's
// process, so no client may crash it, leak from it or stall its close(): the socket guards, the
// bounded body reader and the push channel come from lib/net/.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { MAX_WORLD_BYTES } from '../fixtures';
import type { NativeSimulator } from '../binding';
import { REDACTED, inspectCustom, redact, rememberSecret } from '../redact';
import type { Simulator } from '../testing';
import { readBoundedBody } from '../net/bounded-body';
import { guardServer, refuse, requestTarget, serverOptions } from '../net/service-guard';
import { checkLimits, type ServiceLimits } from '../net/service-limits';
import { acceptUpgrade, CLOSE, type DropReason, type PushSocket } from '../net/websocket';
import { checkInt, checkOptions, checkString } from '../validate';
import { runAction } from './actions';
import { describeChanges, describePeerChanges } from './changes';
import { readPeers, type PeerInfo } from '../world-host';
import { PAGE_HTML } from './page';

export type { ServiceLimits } from '../net/service-limits';

/** Where the simulator console listens. */
export interface ConsoleOptions {
  /** 0 (default): any free port. */
  port?: number;
  /**
   * Default '127.0.0.1'. Anything but a loopback address exposes the simulator (and whoever
   * holds the URL can act as any user) to the network: unsafe, for trusted networks only.
   */
  host?: string;
  /**
   * Deadlines and bounds of the server; the defaults suit a person at a browser (a test of the
   * console's own robustness shortens them). Each must be an integer: deadlines 10 ms to a day,
   * `maxBufferedBytes` 1 KiB to 1 GiB.
   */
  limits?: Partial<ServiceLimits>;
}

/** How often the server looks for changes to push (the page updates within 250 ms). */
const POLL_MS = 100;
/** How often a view that differs only in the simulated clock is pushed. */
const CLOCK_PUSH_MS = 1000;
const MAX_ACTION_BYTES = 64 * 1024;
const MAX_LOG = 200;
/** Open pages (live channels) at once. */
const MAX_PAGES = 32;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A running simulator console (`Simulator#console.listen()`). */
export class SimulatorConsole {
  readonly #url: string;
  readonly #close: () => Promise<void>;

  /** @internal */
  constructor(url: string, close: () => Promise<void>) {
    this.#url = url;
    this.#close = close;
  }

  /** Open this in a browser. It carries the console's token: treat it as a secret. */
  get url(): string {
    return this.#url;
  }

  /** Stops serving and closes every open page's live channel. */
  close(): Promise<void> {
    return this.#close();
  }

  /** The URL with its access token redacted (the token opens the console to anyone who has it). */
  toJSON(): { url: string } {
    return { url: this.#url.replace(/token=[^&]*/, `token=${REDACTED}`) };
  }

  /** What `util.inspect` and `console.log` show: the redacted URL, never the token. */
  [inspectCustom](): string {
    return `SimulatorConsole { url: '${this.toJSON().url}' }`;
  }
}

/** @internal Serves the console; use `Simulator#console.listen()`. */
export async function listen(sim: Simulator, native: NativeSimulator, options: ConsoleOptions): Promise<SimulatorConsole> {
  const o = checkOptions<{ port?: unknown; host?: unknown; limits?: unknown }>(options, 'options', ['port', 'host', 'limits']);  // each read once
  const port = o.port === undefined ? 0 : checkInt(o.port, 'options.port', 0, 65535);
  const host = o.host === undefined ? '127.0.0.1' : checkString(o.host, 'options.host', { min: 1, max: 255 });
  const limits = checkLimits(o.limits, 'options.limits');

  const token = randomBytes(24).toString('base64url');
  rememberSecret(token);
  const tokenBytes = Buffer.from(token);
  const sockets = new Set<PushSocket>();
  const log: Array<{ at: number; text: string }> = [];
  let lastSent = '';
  let lastText = '';
  let lastPushAt = 0;
  let lastView: Parameters<typeof describeChanges>[0] = null;
  let lastPeers: PeerInfo[] | null = null;
  let watcher: NodeJS.Timeout | undefined;

  const addLog = (text: string): void => {
    log.push({ at: sim.clock.now(), text });
    if (log.length > MAX_LOG) log.shift();
  };
  const snapshot = (): string => {
    const text = native.worldView();
    const view = JSON.parse(text) as NonNullable<typeof lastView>;
    for (const line of describeChanges(lastView, view)) addLog(line);
    lastView = view;
    // The world host's processes (when this world is served): who they are, and their traffic
    // figures last, apart, since those move with every heartbeat (see push()).
    const peers = readPeers(native);
    for (const line of describePeerChanges(lastPeers, peers.peers)) addLog(line);
    lastPeers = peers.peers;
    const host = { serving: peers.serving, peers: peers.peers.map(({ framesIn: _i, framesOut: _o, queuedBytes: _q, droppedFrames: _d, queuedCallbacks: _c, droppedEvents: _e, ...who }) => who) };
    const traffic = peers.peers.map((p) => ({ id: p.id, framesIn: p.framesIn, framesOut: p.framesOut, queuedBytes: p.queuedBytes, droppedFrames: p.droppedFrames,
      queuedCallbacks: p.queuedCallbacks, droppedEvents: p.droppedEvents }));
    // The redaction rules apply to what the page shows (a token pasted into a chat message).
    return redact(`{"type":"view","view":${text},"log":${JSON.stringify(log)},"host":${JSON.stringify(host)},"traffic":${JSON.stringify(traffic)}}`);
  };
  const push = (): void => {
    if (sockets.size === 0) return;
    let text: string;
    try {
      text = snapshot();
    } catch {
      return;  // the SDK is being unloaded (process exit): nothing left to show
    }
    // The simulated clock moves all the time: a change of the clock alone is pushed once a
    // second, anything else at once (re-rendering the page every poll would reset its forms).
    // So do the joined processes' traffic figures.
    const key = text.replace(/^\{"type":"view","view":\{"clock":\{"now":\d+\}/, '').replace(/,"traffic":\[[^\]]*\]\}$/, '');
    if (key === lastSent && Date.now() - lastPushAt < CLOCK_PUSH_MS) return;
    if (text === lastText) return;
    lastSent = key;
    lastText = text;
    lastPushAt = Date.now();
    for (const s of sockets) s.send(text);
  };

  const allowedHost = (req: IncomingMessage): boolean => {
    const header = req.headers.host;
    if (typeof header !== 'string') return false;
    const name = header.replace(/:\d+$/, '').toLowerCase();
    return LOOPBACK_HOSTS.has(name) || (name === host.toLowerCase() && host !== '0.0.0.0' && host !== '::');
  };
  const hasToken = (target: URL): boolean => {
    const given = target.searchParams.get('token') ?? '';
    const bytes = Buffer.from(given);
    return bytes.length === tokenBytes.length && timingSafeEqual(bytes, tokenBytes);
  };
  const sameOrigin = (req: IncomingMessage): boolean => req.headers.origin === `http://${req.headers.host ?? ''}`;

  const server = createServer(serverOptions(limits), (req, res) => {
    handle(req, res).catch(() => send(res, 500, 'text/plain', 'internal error'));
  });
  const guard = guardServer(server, limits);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = requestTarget(req);
    if (target === null) return send(res, 400, 'text/plain', 'bad request target', { connection: 'close' });
    if (!allowedHost(req) || !hasToken(target)) return send(res, 403, 'text/plain', 'forbidden');
    const path = target.pathname;
    if (req.method === 'GET' && path === '/') return send(res, 200, 'text/html; charset=utf-8', PAGE_HTML);
    if (req.method === 'GET' && path === '/api/view') return send(res, 200, 'application/json', snapshot());
    if (req.method === 'GET' && path === '/api/save') {
      addLog('saved the world');
      return send(res, 200, 'application/json', JSON.stringify(sim.save(), null, 2), { 'content-disposition': 'attachment; filename="world.json"' });
    }
    if (req.method !== 'POST' || (path !== '/api/action' && path !== '/api/load')) return send(res, 404, 'text/plain', 'not found');
    if (!sameOrigin(req)) return send(res, 403, 'text/plain', 'forbidden: cross-origin request');
    const body = await readBoundedBody(req, path === '/api/load' ? MAX_WORLD_BYTES : MAX_ACTION_BYTES);
    // The rest of the body is never read: the connection closes after the answer.
    if (body === null) return send(res, 413, 'text/plain', 'request too large', { connection: 'close' });
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return send(res, 400, 'application/json', JSON.stringify({ error: 'the body must be JSON' }));
    }
    try {
      if (path === '/api/load') {
        sim.load(parsed as Parameters<Simulator['load']>[0]);
        addLog('loaded a world');
      } else {
        addLog(runAction(sim, parsed, (id) => {
          const u = lastView?.users.find((x) => x.id === id);
          return u ? (u.displayName || u.username) : `user ${id}`;
        }));
      }
    } catch (e) {
      const message = e instanceof TypeError || e instanceof RangeError || e instanceof Error ? e.message : 'failed';
      return send(res, 400, 'application/json', JSON.stringify({ error: message }));
    }
    push();
    return send(res, 200, 'application/json', '{"ok":true}');
  }

  const dropped = (why: DropReason): string => why === 'fell behind' ? 'dropped a page that stopped reading its live view'
    : why === 'no answer to ping' ? 'dropped a page that stopped answering (gone without closing)'
      : 'dropped a page that sent a malformed frame';

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Everything here, parsing included, is inside this error path: a refusal, never a throw.
    try {
      upgrade(req, socket, head);
    } catch {
      refuse(socket, 400, limits.closeGraceMs);
    }
  });

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const target = requestTarget(req);
    if (target === null) return refuse(socket, 400, limits.closeGraceMs);
    const origin = req.headers.origin;
    if (!allowedHost(req) || !hasToken(target) || target.pathname !== '/ws' || (origin !== undefined && !sameOrigin(req)) || head.length > 0) {
      return refuse(socket, 403, limits.closeGraceMs);
    }
    if (sockets.size >= MAX_PAGES) return refuse(socket, 503, limits.closeGraceMs);
    const ws = acceptUpgrade(req, socket, limits);
    if (ws === null) return refuse(socket, 400, limits.closeGraceMs);
    sockets.add(ws);
    ws.onClose = (why) => {
      sockets.delete(ws);
      if (why !== null) addLog(dropped(why));
      if (sockets.size === 0 && watcher) {
        clearInterval(watcher);
        watcher = undefined;
      }
    };
    try {
      ws.send(snapshot());
    } catch {
      ws.close(1011, 'internal error');  // the SDK is being unloaded (process exit)
      return;
    }
    if (!watcher) {
      lastSent = '';
      lastText = '';
      watcher = setInterval(push, POLL_MS);
      watcher.unref();
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // The server must not keep a launcher or a test alive on its own.
  server.unref();
  const address = server.address();
  const boundPort = typeof address === 'object' && address !== null ? address.port : port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${boundPort}/?token=${token}`;

  const close = (): Promise<void> => {
    if (watcher) clearInterval(watcher);
    watcher = undefined;
    for (const s of sockets) s.close(CLOSE.goingAway, 'the console is closing');
    sockets.clear();
    // Every connection, upgraded, refused and half-open ones included: close() always resolves.
    return guard.close();
  };
  return new SimulatorConsole(url, close);
}

function send(res: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    // The page is self-contained: nothing is fetched from elsewhere, and no one may frame it.
    'content-security-policy': "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; frame-ancestors 'none'",
    ...extra,
  });
  res.end(body);
}

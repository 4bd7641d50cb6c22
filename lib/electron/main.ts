// exposeClient: the Electron main process serves an allow-listed set of client methods to its
// windows and forwards chosen events to the windows that subscribed. Every request is untrusted
// input (any page a window loads can call ipcRenderer through the preload), so it is checked
// here before the client sees it, and the client checks its arguments again.
import type { Client } from '../client';
import { endSession, sessionInfo, startSession, type SessionInfo, type StartSessionOptions } from '../session/session';
import { checkObject, checkOptions, checkString } from '../validate';
import { BRIDGE_EVENTS, BRIDGE_METHODS, CHANNEL, type BridgeEvent, type BridgeMethod, type CallReply, type EventMessage } from './protocol';
import { snapshot, toBridgeError } from './snapshot';

/** The part of Electron's WebContents the bridge uses. */
export interface WebContentsLike {
  readonly id: number;
  /** Sends a forwarded event to the window (on `platform-social:event`). */
  send(channel: string, ...args: unknown[]): void;
  /** Whether the window is gone; a destroyed one is dropped from the subscribers. */
  isDestroyed(): boolean;
  /** Tells the bridge when the window goes away: its subscriptions end. */
  once(event: 'destroyed', listener: () => void): unknown;
}

/** The part of Electron's IpcMainInvokeEvent the bridge uses. */
export interface IpcMainInvokeEventLike {
  readonly sender: WebContentsLike;
  readonly senderFrame?: { readonly url: string } | null;
}

/** The part of Electron's ipcMain the bridge uses (pass Electron's own object). */
export interface IpcMainLike {
  /** Registers the handler of one of the bridge's channels (Electron allows one handler per channel). */
  handle(channel: string, listener: (event: IpcMainInvokeEventLike, ...args: unknown[]) => unknown): void;
  /** Removes a channel's handler ({@link ExposedClient.dispose}). */
  removeHandler(channel: string): void;
}

/**
 * Options of {@link exposeClient}: what the windows may call and hear, the session they may
 * start, and whom to answer. Anything not listed is refused in main.
 */
export interface ExposeClientOptions {
  /**
   * The methods windows may call (BRIDGE_METHODS names). Nothing is served that is not listed.
   * Allow only what your pages need: `presence.update`, for one, lets a page set any activity.
   */
  allow: readonly BridgeMethod[];
  /** The client events windows may subscribe to (BRIDGE_EVENTS names; default: none). */
  events?: readonly BridgeEvent[];
  /**
   * What 'auth.startSession' starts: the store lives in main, the window only asks. Without it
   * 'auth.startSession' cannot be allowed. Its fields are checked when a window asks, as
   * startSession() checks them.
   */
  session?: StartSessionOptions;
  /**
   * Decides whether a request comes from your own page (check `event.senderFrame.url`, or the
   * window's webContents id); a request it refuses rejects in the page. Default: every sender, so
   * any frame that reaches the preload may call what `allow` lists: set it.
   */
  isTrustedSender?: (event: IpcMainInvokeEventLike) => boolean;
}

/** What {@link exposeClient} returns: the running bridge. */
export interface ExposedClient {
  /** Stops serving: handlers removed, events no longer forwarded. The client and a running session go on. */
  dispose(): void;
}

/** Most plain-data nodes one request may carry (the largest real request is a few dozen). */
const MAX_REQUEST_NODES = 10_000;
const MAX_REQUEST_DEPTH = 8;

/**
 * Serves a client of the main process to its windows: the methods in `options.allow` on
 * `platform-social:call`, and the events in `options.events` to the windows that subscribed, all
 * as snapshots (plain data, never a token). The page side is {@link exposeToRenderer}. Every
 * request is untrusted input: main checks the sender, then that the method is allowed and its
 * arguments are plain data of a bounded size, then the client checks them as for any caller.
 * 'auth.startSession' starts the session of `options.session` (a second window joins it). It
 * registers three `platform-social:*` channels on `ipcMain`, so call it once (again only after
 * `dispose()`). Electron is passed in: the package does not depend on it. Arguments it cannot use
 * (not a Client, an unknown option, method or event name, 'auth.startSession' allowed without
 * `options.session`) throw a TypeError or RangeError at once.
 *
 * @example
 * ```ts
 * import { app, ipcMain, safeStorage } from 'electron';
 * import { Client, SafeStorageSessionStore } from 'platform-social-sdk';
 * import { exposeClient } from 'platform-social-sdk/electron';
 *
 * const client = new Client({ applicationId: APPLICATION_ID });
 * const store = new SafeStorageSessionStore({ safeStorage, path: path.join(app.getPath('userData'), 'session.bin') });
 * exposeClient(client, ipcMain, {
 *   allow: ['auth.startSession', 'users.current', 'relationships.list', 'lobbies.sendMessage'],
 *   events: ['status', 'sessionEnded', 'messageCreated'],
 *   session: { store },  // the store never leaves main
 *   isTrustedSender: (e) => win !== null && e.sender.id === win.webContents.id,
 * });
 * ```
 */
export function exposeClient(client: Client, ipcMain: IpcMainLike, options: ExposeClientOptions): ExposedClient {
  if (client === null || typeof client !== 'object' || typeof (client as { on?: unknown }).on !== 'function' || !('auth' in client)) {
    throw new TypeError('client must be a Client');
  }
  const ipc = checkObject<Record<string, unknown>>(ipcMain, 'ipcMain');
  // Checked here, called later: Electron's ipcMain is an EventEmitter with plain methods.
  if (typeof ipc['handle'] !== 'function' || typeof ipc['removeHandler'] !== 'function') {
    throw new TypeError("ipcMain must be Electron's ipcMain (handle and removeHandler)");
  }
  const o = checkOptions<Record<string, unknown>>(options, 'options', ['allow', 'events', 'session', 'isTrustedSender']);  // each key read once
  const allowed = nameSet(o['allow'], 'options.allow', Object.keys(BRIDGE_METHODS));
  const events = o['events'] === undefined ? new Set<string>() : nameSet(o['events'], 'options.events', BRIDGE_EVENTS);
  const session = o['session'] === undefined ? undefined : checkObject<StartSessionOptions>(o['session'], 'options.session');
  if (allowed.has('auth.startSession') && !session) throw new TypeError("options.session is required to allow 'auth.startSession'");
  const trusted = o['isTrustedSender'];
  if (trusted !== undefined && typeof trusted !== 'function') throw new TypeError('options.isTrustedSender must be a function');
  const isTrusted = (trusted as ((e: IpcMainInvokeEventLike) => boolean) | undefined) ?? (() => true);

  const subscribers = new Map<string, Set<WebContentsLike>>();
  const forwarders = new Map<string, (...args: unknown[]) => void>();

  const forward = (event: string) => (...args: unknown[]) => {
    const targets = subscribers.get(event);
    if (!targets || targets.size === 0) return;
    let message: EventMessage;
    try {
      message = { event, args: args.map(snapshot) };
    } catch (err) {
      // A payload that cannot cross safely is reported in main, never sent half-made.
      process.emitWarning(`platform-social-sdk/electron: '${event}' not forwarded: ${toBridgeError(err).message}`);
      return;
    }
    for (const wc of targets) {
      if (wc.isDestroyed()) targets.delete(wc);
      else wc.send(CHANNEL.event, message);
    }
  };

  const unsubscribe = (event: string, wc: WebContentsLike) => {
    const targets = subscribers.get(event);
    if (!targets?.delete(wc) || targets.size > 0) return;
    const f = forwarders.get(event);
    if (f) client.off(event as never, f as never);
    forwarders.delete(event);
  };

  const guarded = (body: (e: IpcMainInvokeEventLike, ...args: unknown[]) => unknown) =>
    async (e: IpcMainInvokeEventLike, ...args: unknown[]): Promise<CallReply> => {
      try {
        if (!isTrusted(e)) throw new Error('the request came from a sender this app does not trust');
        return { ok: true, value: snapshot(await body(e, ...args)) };
      } catch (err) {
        return { ok: false, error: toBridgeError(err) };
      }
    };

  // A reloaded window, or a second one, asks again: it joins the session that runs (or starts).
  let starting: Promise<SessionInfo> | null = null;
  const startShared = (): Promise<SessionInfo> => {
    const running = sessionInfo(client);
    if (running) return Promise.resolve(running);
    starting ??= startSession(client, session!).finally(() => {
      starting = null;
    });
    return starting;
  };

  ipcMain.handle(CHANNEL.call, guarded((_e, ...raw) => {
    const { method, args } = readRequest(raw, allowed);
    return method === 'auth.startSession' ? startShared() : call(client, method, args);
  }));

  const readEvent = (raw: unknown[]): string => {
    if (raw.length !== 1) throw new RangeError('a subscription takes one event name');
    const name = checkString(raw[0], 'event', { min: 1, max: 64 });
    if (!events.has(name)) throw new TypeError('event is not one of the events this app forwards');
    return name;
  };
  ipcMain.handle(CHANNEL.subscribe, guarded((e, ...raw) => {
    const event = readEvent(raw);
    let targets = subscribers.get(event);
    if (!targets) subscribers.set(event, (targets = new Set()));
    if (!targets.has(e.sender)) {
      targets.add(e.sender);
      e.sender.once('destroyed', () => unsubscribe(event, e.sender));
    }
    if (!forwarders.has(event)) {
      const f = forward(event);
      forwarders.set(event, f);
      client.on(event as never, f as never);
    }
    return undefined;
  }));
  ipcMain.handle(CHANNEL.unsubscribe, guarded((e, ...raw) => {
    unsubscribe(readEvent(raw), e.sender);
    return undefined;
  }));

  return {
    dispose() {
      for (const ch of [CHANNEL.call, CHANNEL.subscribe, CHANNEL.unsubscribe]) ipcMain.removeHandler(ch);
      for (const [event, f] of forwarders) client.off(event as never, f as never);
      forwarders.clear();
      subscribers.clear();
    },
  };
}

function nameSet(value: unknown, name: string, known: readonly string[]): Set<string> {
  if (!Array.isArray(value)) throw new TypeError(`${name} must be an array of names`);
  if (value.length > known.length * 2) throw new RangeError(`${name} has more entries than there are names`);
  const out = new Set<string>();
  value.forEach((v, i) => {
    if (typeof v !== 'string' || !known.includes(v)) throw new TypeError(`${name}[${i}] is not a name the bridge knows`);
    out.add(v);
  });
  return out;
}

// A request as it arrived through IPC: structured-clone data from an untrusted page.
function readRequest(raw: unknown[], allowed: Set<string>): { method: BridgeMethod; args: unknown[] } {
  if (raw.length !== 1) throw new RangeError('a call takes one request object');
  const r = checkOptions<Record<string, unknown>>(raw[0], 'request', ['method', 'args']);  // each key read once
  const method = checkString(r['method'], 'request.method', { min: 1, max: 64 });
  if (!allowed.has(method)) throw new TypeError('request.method is not one of the methods this app allows');
  const rawArgs = r['args'];
  const args = rawArgs === undefined ? [] : rawArgs;
  if (!Array.isArray(args)) throw new TypeError('request.args must be an array');
  const arity = BRIDGE_METHODS[method as BridgeMethod];
  if (args.length > arity) throw new RangeError(`request.args must have at most ${arity} item${arity === 1 ? '' : 's'} for this method`);
  const budget = { nodes: 0 };
  args.forEach((a, i) => checkPlainData(a, `request.args[${i}]`, 0, budget));
  return { method: method as BridgeMethod, args };
}

// Only what a page can legitimately send: primitives, Dates, arrays and plain objects, bounded
// in count and depth before anything is walked further.
function checkPlainData(value: unknown, name: string, depth: number, budget: { nodes: number }): void {
  if (++budget.nodes > MAX_REQUEST_NODES) throw new RangeError('request.args is too large');
  if (depth > MAX_REQUEST_DEPTH) throw new RangeError(`${name} is nested too deeply`);
  if (value === null || tag(value) === '[object Date]') return;
  switch (typeof value) {
    case 'string': case 'number': case 'boolean': case 'bigint': case 'undefined':
      return;
    case 'object':
      break;
    default:
      throw new TypeError(`${name} must be plain data`);
  }
  if (Array.isArray(value)) {
    if (value.length > MAX_REQUEST_NODES) throw new RangeError('request.args is too large');
    value.forEach((v, i) => checkPlainData(v, `${name}[${i}]`, depth + 1, budget));
    return;
  }
  // By tag and shape, not identity: IPC builds the copy in its own realm (so does a test runner).
  const proto = Object.getPrototypeOf(value) as object | null;
  if (tag(value) !== '[object Object]' || (proto !== null && Object.getPrototypeOf(proto) !== null)) throw new TypeError(`${name} must be plain data (an object, array, string, number, boolean or Date)`);
  const keys = Object.keys(value as object);
  if (keys.length > MAX_REQUEST_NODES) throw new RangeError('request.args is too large');
  for (const key of keys) checkPlainData((value as Record<string, unknown>)[key], `${name}.<key>`, depth + 1, budget);
}

function tag(value: unknown): string {
  return Object.prototype.toString.call(value);
}

// 'auth.startSession' is served above with main's options: a page can ask for a session, never
// hand in a store or a clock.
function call(client: Client, method: BridgeMethod, args: unknown[]): unknown {
  const a = args as never[];
  switch (method) {
    case 'status': return client.status;
    case 'connect': return client.connect();
    case 'disconnect': return client.disconnect();
    case 'auth.endSession': return endSession(client, ...a);
    case 'auth.session': return sessionInfo(client);
    case 'auth.isAuthenticated': return client.auth.isAuthenticated;
    case 'users.current': return client.users.current;
    case 'lobbies.leave': return lobby(client, a[0], method).leave();
    case 'lobbies.sendMessage': return lobby(client, a[0], method).sendMessage(a[1] as never, a[2]);
    case 'lobbies.getMessages': return lobby(client, a[0], method).getMessages(a[1]);
    default: {
      const [area, name] = method.split('.') as [string, string];
      const target = (client as unknown as Record<string, Record<string, (...x: unknown[]) => unknown>>)[area]!;
      return target[name]!.call(target, ...args);
    }
  }
}

function lobby(client: Client, lobbyId: unknown, method: string) {
  const l = client.lobbies.get(lobbyId as string);
  if (!l) throw new Error(`${method}: the user is not a member of that lobby`);
  return l;
}

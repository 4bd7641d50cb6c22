// exposeClient: the Electron main process serves an allow-listed set of client methods to its
// windows and forwards chosen events to the windows that subscribed. Every request is untrusted
// input (any page a window loads can call ipcRenderer through the preload), so it is checked
// here before the client sees it, and the client checks its arguments again.
import type { Client } from '../client';
import { PlatformError } from '../errors';
import { endSession, sessionInfo, startSession, type SessionInfo, type StartSessionOptions } from '../session/session';
import { checkBoolean, checkObject, checkOptions, checkString } from '../validate';
import { BRIDGE_EVENTS, BRIDGE_METHODS, CHANNEL, type BridgeEvent, type BridgeMethod, type CallReply, type EventMessage } from './protocol';
import { readOrigins, senderPolicy } from './senders';
import { snapshot, toBridgeError } from './snapshot';

/** The part of Electron's WebFrameMain the bridge uses (`event.senderFrame`). */
export interface WebFrameLike {
  /** The URL of the page the frame shows now. */
  readonly url: string;
  /** The frame that embeds this one; null for a window's top frame. */
  readonly parent: WebFrameLike | null;
}

/** The part of Electron's WebContents the bridge uses. */
export interface WebContentsLike {
  readonly id: number;
  /** Sends a forwarded event to the window (on `platform-social:event`). */
  send(channel: string, ...args: unknown[]): void;
  /** Whether the window is gone; a destroyed one is dropped from the subscribers. */
  isDestroyed(): boolean;
  /** Tells the bridge when the window goes away: its subscriptions end. */
  once(event: 'destroyed', listener: () => void): unknown;
  /** Removes that listener again when the window's last subscription ends. */
  removeListener(event: 'destroyed', listener: () => void): unknown;
  /**
   * The window's history (Electron 31 and later): its first entry is the page the window was
   * created with, whose origin the bridge trusts by default (see {@link ExposeClientOptions.origins}).
   */
  readonly navigationHistory?: {
    /** The history entry at `index` (0: the first page the window loaded), or null. */
    getEntryAtIndex(index: number): { readonly url: string } | null;
  };
  /** The window's top frame: events stop when it shows a page the bridge would not answer. */
  readonly mainFrame?: WebFrameLike;
}

/** The part of Electron's IpcMainInvokeEvent the bridge uses. */
export interface IpcMainInvokeEventLike {
  readonly sender: WebContentsLike;
  /** The frame that sent the request; null once it navigated away or was destroyed. */
  readonly senderFrame?: WebFrameLike | null;
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
   * The origins whose pages may use the bridge, e.g. `['https://game.example']`, `['file://']`
   * (every `file:` page), `['app://bundle']` (a custom scheme: scheme and host). Default: per
   * window, the origin of the page the window was created with (the first entry of its
   * navigation history; before Electron 31, the page it showed when it first reached the bridge).
   * Either way a window that navigated to another origin is refused from then on.
   */
  origins?: readonly string[];
  /**
   * Also accept frames embedded in the page (iframes), when the frame's own origin and its
   * window's top page are both of an allowed origin. Default false: only a window's top frame.
   */
  allowSubframes?: boolean;
  /**
   * A further check of your own (the window's webContents id, a URL path, …), run after the
   * origin and frame checks above: it can refuse more, never accept more. A request it refuses
   * rejects in the page.
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
 * request is untrusted input: main checks the sender (by default only the top frame of a page of
 * the origin its window was created with: see `origins`, `allowSubframes`, `isTrustedSender`),
 * then that the method is allowed and its arguments are plain data of a bounded size, then the
 * client checks them as for any caller (an error names the argument as `request.args[i]`).
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
  const o = checkOptions<Record<string, unknown>>(options, 'options', ['allow', 'events', 'session', 'origins', 'allowSubframes', 'isTrustedSender']);  // each key read once
  const allowed = nameSet(o['allow'], 'options.allow', Object.keys(BRIDGE_METHODS));
  const events = o['events'] === undefined ? new Set<string>() : nameSet(o['events'], 'options.events', BRIDGE_EVENTS);
  const session = o['session'] === undefined ? undefined : checkObject<StartSessionOptions>(o['session'], 'options.session');
  if (allowed.has('auth.startSession') && !session) throw new TypeError("options.session is required to allow 'auth.startSession'");
  const trusted = o['isTrustedSender'];
  if (trusted !== undefined && typeof trusted !== 'function') throw new TypeError('options.isTrustedSender must be a function');
  const origins = readOrigins(o['origins']);
  const allowSubframes = o['allowSubframes'] === undefined ? false : checkBoolean(o['allowSubframes'], 'options.allowSubframes');
  const fromAllowedFrame = senderPolicy(origins, allowSubframes);
  const appCheck = trusted as ((e: IpcMainInvokeEventLike) => boolean) | undefined;
  const isTrusted = (e: IpcMainInvokeEventLike): boolean => fromAllowedFrame(e) && (appCheck === undefined || appCheck(e) === true);

  const subscribers = new Map<string, Set<WebContentsLike>>();
  const forwarders = new Map<string, (...args: unknown[]) => void>();
  // One 'destroyed' listener per subscribed window, removed with its last subscription: a window
  // holds at most one subscription per forwarded event, so at most options.events.length.
  const windows = new Map<WebContentsLike, { events: Set<string>; onDestroyed: () => void; page: string | null }>();
  // A window that navigated to a page the bridge would refuse hears nothing more: its
  // subscriptions end (checked once per page, before each event is sent).
  const stillTrusted = (wc: WebContentsLike): boolean => {
    const win = windows.get(wc);
    try {
      const top = wc.mainFrame;
      if (!win || top === undefined || top.url === win.page) return true;
      if (!isTrusted({ sender: wc, senderFrame: top })) return false;
      win.page = top.url;
      return true;
    } catch {
      return false;  // a frame Electron has disposed of (or a check that threw): no more events
    }
  };

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
    for (const wc of [...targets]) {
      if (wc.isDestroyed() || !stillTrusted(wc)) dropWindow(wc);
      else wc.send(CHANNEL.event, message);
    }
  };

  const unsubscribe = (event: string, wc: WebContentsLike) => {
    const win = windows.get(wc);
    if (win?.events.delete(event) && win.events.size === 0) {
      windows.delete(wc);
      wc.removeListener('destroyed', win.onDestroyed);
    }
    const targets = subscribers.get(event);
    if (!targets?.delete(wc) || targets.size > 0) return;
    const f = forwarders.get(event);
    if (f) client.off(event as never, f as never);
    forwarders.delete(event);
  };
  const dropWindow = (wc: WebContentsLike) => {
    for (const event of [...(windows.get(wc)?.events ?? [])]) unsubscribe(event, wc);
  };
  const subscribe = (event: string, wc: WebContentsLike) => {
    if (wc.isDestroyed()) throw new Error('the window is closing: subscribe again from its next page');
    let win = windows.get(wc);
    if (!win) {
      win = { events: new Set(), onDestroyed: () => dropWindow(wc), page: null };
      windows.set(wc, win);
      wc.once('destroyed', win.onDestroyed);
    }
    win.events.add(event);
    let targets = subscribers.get(event);
    if (!targets) subscribers.set(event, (targets = new Set()));
    targets.add(wc);
    if (!forwarders.has(event)) {
      const f = forward(event);
      forwarders.set(event, f);
      client.on(event as never, f as never);
    }
  };

  const guarded = (body: (e: IpcMainInvokeEventLike, ...args: unknown[]) => unknown) =>
    async (e: IpcMainInvokeEventLike, ...args: unknown[]): Promise<CallReply> => {
      try {
        if (!isTrusted(e)) {
          throw new Error('the request came from a sender this app does not trust: only the top frame of a page of an allowed ' +
            'origin may call (exposeClient options.origins, allowSubframes and isTrustedSender decide)');
        }
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
    return method === 'auth.startSession' ? startShared() : callNamingArgs(client, method, args);
  }));

  const readEvent = (raw: unknown[]): string => {
    if (raw.length !== 1) throw new RangeError('a subscription takes one event name');
    const name = checkString(raw[0], 'event', { min: 1, max: 64 });
    if (!events.has(name)) throw new TypeError('event is not one of the events this app forwards');
    return name;
  };
  ipcMain.handle(CHANNEL.subscribe, guarded((e, ...raw) => {
    subscribe(readEvent(raw), e.sender);
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
      for (const [wc, win] of windows) wc.removeListener('destroyed', win.onDestroyed);
      windows.clear();
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

/**
 * The client's name of each argument a method takes, in order: an error about one of them names
 * it as the page wrote it (`request.args[1].limit`, not `options.limit`).
 */
const PARAMETERS: { readonly [M in BridgeMethod]: readonly string[] } = {
  'status': [], 'connect': [], 'disconnect': [], 'auth.startSession': [], 'auth.endSession': ['options'],
  'auth.session': [], 'auth.isAuthenticated': [], 'users.current': [], 'users.get': ['userId'], 'users.applicationProfiles': [],
  'relationships.list': ['group'], 'relationships.get': ['userId'], 'relationships.searchFriendsByUsername': ['name'],
  'relationships.sendFriendRequest': ['target', 'options'], 'relationships.accept': ['userId', 'kind'],
  'relationships.reject': ['userId', 'kind'], 'relationships.cancel': ['userId', 'kind'], 'relationships.remove': ['userId', 'kind'],
  'relationships.block': ['userId'], 'relationships.unblock': ['userId'],
  'presence.update': ['activity'], 'presence.clear': [], 'presence.setOnlineStatus': ['status'], 'presence.sendInvite': ['userId', 'content'],
  'presence.sendJoinRequest': ['userId'], 'presence.replyToJoinRequest': ['invite'], 'presence.acceptInvite': ['invite'],
  'presence.isPlatformAppInstalled': [],
  'lobbies.createOrJoin': ['secret', 'options'], 'lobbies.get': ['lobbyId'], 'lobbies.list': [], 'lobbies.leave': ['lobbyId'],
  'lobbies.sendMessage': ['lobbyId', 'content', 'options'], 'lobbies.getMessages': ['lobbyId', 'options'],
  'messages.sendToUser': ['userId', 'content', 'options'], 'messages.edit': ['recipientId', 'messageId', 'content'],
  'messages.delete': ['recipientId', 'messageId'], 'messages.get': ['messageId'], 'messages.getUserMessages': ['userId', 'options'],
  'messages.getSummaries': [], 'messages.setShowingChat': ['showing'], 'messages.canOpenInPlatform': ['messageId'],
  'messages.openInPlatform': ['messageId'], 'guilds.list': [], 'guilds.channels': ['guildId'],
  'voice.startCall': ['lobbyId'], 'voice.getCall': ['channelId'], 'voice.calls': [], 'voice.endCall': ['channelId'],
  'voice.endAllCalls': [], 'voice.inputDevices': [], 'voice.outputDevices': [],
  'voice.setInputDevice': ['deviceId'], 'voice.setOutputDevice': ['deviceId'],
};

/** @internal exported for the test that checks the table against the catalogue */
export const bridgeParameters = PARAMETERS;

async function callNamingArgs(client: Client, method: BridgeMethod, args: unknown[]): Promise<unknown> {
  try {
    return await call(client, method, args);
  } catch (err) {
    throw renameArgument(err, PARAMETERS[method]);
  }
}

// A TypeError/RangeError of the client names its own parameter first ("userId must be …"): the
// page knows the value as request.args[i].
function renameArgument(err: unknown, params: readonly string[]): unknown {
  if (!(err instanceof TypeError) && !(err instanceof RangeError)) return err;
  const i = params.findIndex((p) => err.message.startsWith(p) && /^[ .[]/.test(err.message.slice(p.length)));
  if (i < 0) return err;
  const message = `request.args[${i}]${err.message.slice(params[i]!.length)}`;
  return err instanceof RangeError ? new RangeError(message) : new TypeError(message);
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
  if (!l) {
    // As the platform answers a lobby call from a non-member (50001), before any request is made.
    throw new PlatformError({
      type: 'validationError', operation: method, detail: 'the user is not a member of that lobby',
      hint: 'join it with lobbies.createOrJoin(secret), or use a lobby id from lobbies.list()',
    });
  }
  return l;
}

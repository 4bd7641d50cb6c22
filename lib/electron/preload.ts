// exposeToRenderer: the preload side of the bridge. Gives the page `window.platformSocial`, with
// the client's method names (promises of snapshots) and `on(event, listener)`. Imports nothing
// at run time but the protocol, so a sandboxed preload bundle stays small and Node-free.
import { BRIDGE_METHODS, CHANNEL, type BridgeError, type CallReply, type EventMessage } from './protocol';

/** The part of Electron's contextBridge the preload uses. */
export interface ContextBridgeLike {
  /** Gives the page `window[apiKey]`: a copy of `api` whose functions call back into the preload. */
  exposeInMainWorld(apiKey: string, api: unknown): void;
}

/** The part of Electron's ipcRenderer the preload uses. */
export interface IpcRendererLike {
  /** Sends a call or a subscription to main and resolves with its reply. */
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  /** Receives the events main forwards (`platform-social:event`). */
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  /** Part of Electron's ipcRenderer, checked for (so that a wrong object is refused at once). */
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

type Listener = (...args: unknown[]) => void;

/**
 * The preload side of the bridge ({@link exposeClient} is main's): builds the renderer API and
 * exposes it as `window[options.key ?? 'platformSocial']` (`key`: a JavaScript identifier). The
 * page gets the client's method names (`platformSocial.relationships.list(…)`, getters such as
 * `users.current()` as methods, `lobbies.sendMessage(lobbyId, …)` with the lobby id first), each
 * returning a promise of a snapshot, and `on(event, listener)`, which resolves with its own
 * unsubscribe function. Only what main allows succeeds; the rest rejects. Call it once per preload,
 * in a window with `contextIsolation` (the default); type the page's side with
 * `PlatformSocialRenderer`. Import it from `platform-social-sdk/electron/preload`: that module
 * imports no Node module, so it bundles into a sandboxed preload.
 *
 * @example
 * ```ts
 * // preload.ts, bundled into one file (a sandboxed preload's require knows only 'electron')
 * import { contextBridge, ipcRenderer } from 'electron';
 * import { exposeToRenderer } from 'platform-social-sdk/electron/preload';
 * exposeToRenderer(contextBridge, ipcRenderer);
 *
 * // in the page
 * const off = await window.platformSocial.on('messageCreated', (m) => show(m.content));
 * const { resumed } = await window.platformSocial.auth.startSession();
 * await window.platformSocial.lobbies.sendMessage(lobbyId, 'gg');
 * await off();
 * ```
 */
export function exposeToRenderer(contextBridge: ContextBridgeLike, ipcRenderer: IpcRendererLike, options: { key?: string } = {}): void {
  if (typeof contextBridge?.exposeInMainWorld !== 'function') throw new TypeError("contextBridge must be Electron's contextBridge");
  if (typeof ipcRenderer?.invoke !== 'function' || typeof ipcRenderer.on !== 'function' || typeof ipcRenderer.removeListener !== 'function') {
    throw new TypeError("ipcRenderer must be Electron's ipcRenderer");
  }
  if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
  const key = options.key ?? 'platformSocial';
  if (typeof key !== 'string' || !/^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/.test(key)) throw new TypeError('options.key must be an identifier');
  contextBridge.exposeInMainWorld(key, createRendererApi(ipcRenderer));
}

/**
 * The object exposeToRenderer exposes (exported for preloads that compose their own API, or use
 * it themselves). Errors it rejects with carry `type`, `code`, `status`, `oauthError`,
 * `retryable` and `retryAfterMs` in the preload; only the message reaches the page.
 */
export function createRendererApi(ipcRenderer: IpcRendererLike): Record<string, unknown> {
  const api: Record<string, unknown> = {};
  for (const method of Object.keys(BRIDGE_METHODS)) {
    const dot = method.indexOf('.');
    const fn = (...args: unknown[]) => request(ipcRenderer, CHANNEL.call, { method, args });
    if (dot < 0) {
      api[method] = fn;
    } else {
      const area = method.slice(0, dot);
      const area_ = (api[area] ??= {}) as Record<string, unknown>;
      area_[method.slice(dot + 1)] = fn;
    }
  }

  const listeners = new Map<string, Set<Listener>>();
  // The IPC event object stays in the preload: handing it to the page would hand over ipcRenderer.
  ipcRenderer.on(CHANNEL.event, (_event, message) => {
    const m = message as EventMessage;
    const set = listeners.get(m?.event);
    if (!set) return;
    for (const l of [...set]) {
      try {
        l(...m.args);
      } catch (err) {
        queueMicrotask(() => { throw err; });  // as a DOM event listener would: reported, others still run
      }
    }
  });

  api['on'] = async (event: unknown, listener: unknown): Promise<() => Promise<void>> => {
    if (typeof event !== 'string') throw new TypeError('event must be a string');
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    let set = listeners.get(event);
    if (!set) {
      await request(ipcRenderer, CHANNEL.subscribe, event);  // refused events reject here
      set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
    }
    const l = listener as Listener;
    set.add(l);
    // contextBridge wraps the page's callback in a new proxy on every call, so an off(listener)
    // could never find it: each on() returns its own unsubscribe function instead.
    return async () => {
      const s = listeners.get(event);
      if (!s?.delete(l) || s.size > 0) return;
      listeners.delete(event);
      await request(ipcRenderer, CHANNEL.unsubscribe, event);
    };
  };
  return api;
}

async function request(ipcRenderer: IpcRendererLike, channel: string, payload: unknown): Promise<unknown> {
  const reply = await ipcRenderer.invoke(channel, payload) as CallReply;
  if (reply.ok) return reply.value;
  throw rebuildError(reply.error);
}

// contextBridge keeps only an Error's message when it crosses to the page; the fields are set
// too (for preloads that use the API themselves), and a PlatformError's message already names
// its type, HTTP status and code.
function rebuildError(e: BridgeError): Error {
  const err = e.name === 'TypeError' ? new TypeError(e.message) : e.name === 'RangeError' ? new RangeError(e.message) : new Error(e.message);
  if (e.name !== err.name) Object.defineProperty(err, 'name', { value: e.name, configurable: true, writable: true });
  for (const k of ['type', 'code', 'status', 'oauthError', 'retryable', 'retryAfterMs'] as const) {
    if (e[k] !== undefined) (err as unknown as Record<string, unknown>)[k] = e[k];
  }
  return err;
}

// An in-process stand-in for Electron's ipcMain / ipcRenderer / contextBridge with Electron's
// copying rules: IPC arguments and results are structured clones (functions cannot cross);
// a handler's throw reaches the renderer as "Error invoking remote method '<channel>': <error>";
// contextBridge copies values, proxies functions (a new proxy on every crossing), and keeps only
// the message of an Error. Every payload that crosses a process boundary is logged for scans.

import type { IpcMainInvokeEventLike } from '../lib/electron';

type Handler = (event: IpcMainInvokeEventLike, ...args: unknown[]) => unknown;
type RendererListener = (event: unknown, ...args: unknown[]) => void;

export class FakeIpcMain {
  readonly handlers = new Map<string, Handler>();
  /** Every structured-cloned payload that crossed, in either direction. */
  readonly wire: unknown[] = [];

  handle(channel: string, listener: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  cross<T>(value: T): T {
    const copy = structuredClone(value);
    this.wire.push(copy);
    return copy;
  }
}

let nextId = 1;

export class FakeWindow {
  readonly world: Record<string, unknown> = {};
  readonly webContents;
  readonly ipcRenderer;
  readonly contextBridge;
  #listeners = new Map<string, Set<RendererListener>>();
  #destroyed = false;
  #onDestroyed: Array<() => void> = [];

  constructor(readonly ipcMain: FakeIpcMain, readonly url = 'file:///app/index.html') {
    const self = this;
    const id = nextId++;
    this.webContents = {
      id,
      send(channel: string, ...args: unknown[]) {
        if (self.#destroyed) throw new Error('Object has been destroyed');
        const copy = ipcMain.cross(args);
        setImmediate(() => {
          for (const l of self.#listeners.get(channel) ?? []) l({ senderId: 0 }, ...copy);
        });
      },
      isDestroyed: () => self.#destroyed,
      once(event: 'destroyed', listener: () => void) {
        if (event === 'destroyed') self.#onDestroyed.push(listener);
      },
    };
    this.ipcRenderer = {
      async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
        const copy = ipcMain.cross(args);  // throws DataCloneError for functions, as Electron does
        const handler = ipcMain.handlers.get(channel);
        if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
        let result: unknown;
        try {
          result = await handler({ sender: self.webContents, senderFrame: { url: self.url } }, ...copy);
        } catch (err) {
          throw new Error(`Error invoking remote method '${channel}': ${String(err)}`);
        }
        return ipcMain.cross(result);
      },
      on(channel: string, listener: RendererListener) {
        let set = self.#listeners.get(channel);
        if (!set) self.#listeners.set(channel, (set = new Set()));
        set.add(listener);
        return this;
      },
      removeListener(channel: string, listener: RendererListener) {
        self.#listeners.get(channel)?.delete(listener);
        return this;
      },
    };
    this.contextBridge = {
      exposeInMainWorld(key: string, api: unknown) {
        self.world[key] = toPage(api);
      },
    };
  }

  destroy(): void {
    this.#destroyed = true;
    for (const l of this.#onDestroyed.splice(0)) l();
  }
}

// contextBridge's copy from the isolated world to the page (and back for arguments).
function toPage(value: unknown): unknown {
  if (typeof value === 'function') {
    return (...args: unknown[]) => toPage((value as (...a: unknown[]) => unknown)(...args.map(toPage)));
  }
  if (value instanceof Promise) return value.then(toPage, (err: unknown) => Promise.reject(toPage(err)));
  if (value instanceof Error) return new Error(value.message);
  if (Array.isArray(value)) return value.map(toPage);
  const isDate = Object.prototype.toString.call(value) === '[object Date]';
  if (value !== null && typeof value === 'object' && !isDate && !ArrayBuffer.isView(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPage(v)]));
  }
  return structuredClone(value);
}

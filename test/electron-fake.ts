// An in-process stand-in for Electron's ipcMain / ipcRenderer / contextBridge with Electron's
// copying rules: IPC arguments and results are structured clones (functions cannot cross);
// a handler's throw reaches the renderer as "Error invoking remote method '<channel>': <error>";
// contextBridge copies values, proxies functions (a new proxy on every crossing), and keeps only
// the message of an Error. Every payload that crosses a process boundary is logged for scans.
// Windows have frames (a top frame and iframes, each with its URL and parent), a navigation
// history, and count their 'destroyed' listeners, so that the bridge's sender checks and its
// per-window bookkeeping can be tested as Electron would exercise them.

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

/** A frame as Electron's WebFrameMain shows it to main: its URL now, and its parent (null at the top). */
export class FakeFrame {
  readonly world: Record<string, unknown> = {};
  readonly ipcRenderer;
  readonly contextBridge;
  #listeners = new Map<string, Set<RendererListener>>();

  constructor(readonly win: FakeWindow, public url: string, readonly parent: FakeFrame | null) {
    const self = this;
    const ipcMain = win.ipcMain;
    this.ipcRenderer = {
      async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
        const copy = ipcMain.cross(args);  // throws DataCloneError for functions, as Electron does
        const handler = ipcMain.handlers.get(channel);
        if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
        // Electron's senderFrame is null once the frame is gone (its window destroyed).
        const senderFrame = win.webContents.isDestroyed() ? null : self;
        let result: unknown;
        try {
          result = await handler({ sender: win.webContents, senderFrame }, ...copy);
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

  /** @internal what webContents.send delivers (to the top frame only, as in Electron) */
  deliver(channel: string, args: unknown[]): void {
    for (const l of this.#listeners.get(channel) ?? []) l({ senderId: 0 }, ...args);
  }
}

/**
 * A BrowserWindow's webContents with its top frame (the preload runs there; `addFrame` adds an
 * iframe that reaches a preload too, as with nodeIntegrationInSubFrames), its navigation history
 * and its 'destroyed' listeners (counted, for leak checks).
 */
export class FakeWindow {
  readonly webContents;
  readonly mainFrame: FakeFrame;
  readonly history: string[];
  #destroyed = false;
  #onDestroyed: Array<() => void> = [];

  constructor(readonly ipcMain: FakeIpcMain, url = 'file:///app/index.html') {
    const self = this;
    const id = nextId++;
    this.history = [url];
    this.webContents = {
      id,
      send(channel: string, ...args: unknown[]) {
        if (self.#destroyed) throw new Error('Object has been destroyed');
        const copy = ipcMain.cross(args);
        setImmediate(() => self.mainFrame.deliver(channel, copy));
      },
      isDestroyed: () => self.#destroyed,
      once(event: 'destroyed', listener: () => void) {
        if (event === 'destroyed') self.#onDestroyed.push(listener);
      },
      removeListener(event: 'destroyed', listener: () => void) {
        const i = event === 'destroyed' ? self.#onDestroyed.indexOf(listener) : -1;
        if (i >= 0) self.#onDestroyed.splice(i, 1);
      },
      get mainFrame() { return self.mainFrame; },
      navigationHistory: {
        getEntryAtIndex: (i: number) => (i >= 0 && i < self.history.length ? { url: self.history[i]!, title: '' } : null),
      },
    };
    this.mainFrame = new FakeFrame(this, url, null);
  }

  // The top frame's preload side, as most tests use it.
  get world(): Record<string, unknown> { return this.mainFrame.world; }
  get ipcRenderer() { return this.mainFrame.ipcRenderer; }
  get contextBridge() { return this.mainFrame.contextBridge; }
  get url(): string { return this.mainFrame.url; }

  /** The top frame loads another page (a link, location.href, a redirect). */
  navigate(url: string): void {
    this.mainFrame.url = url;
    this.history.push(url);
  }

  /** An iframe in the top page (or in `parent`). */
  addFrame(url: string, parent: FakeFrame = this.mainFrame): FakeFrame {
    return new FakeFrame(this, url, parent);
  }

  /** 'destroyed' listeners the window holds now. */
  get destroyedListeners(): number {
    return this.#onDestroyed.length;
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

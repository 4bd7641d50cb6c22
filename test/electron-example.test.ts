// examples/electron end to end on the fake IPC: its main.js (exposeClient, the demo platform, the
// session), its preload (exposeToRenderer) and its page (renderer.js on a minimal DOM) sign in,
// list friends, set presence and chat — with no token reaching the page.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { inspect } from 'node:util';
import * as vm from 'node:vm';
import { Simulator } from '../lib/testing';
import { FakeIpcMain, FakeWindow } from './electron-fake';
import { ROOT, until } from './helpers';

const EXAMPLE = path.join(ROOT, 'examples', 'electron');

// The 'electron' module main.js and the preload require. One window at a time is enough here.
const mockElectron = {
  ipcMain: null as unknown as FakeIpcMain,
  current: null as FakeWindow | null,
  handlers: new Map<string, Array<(...a: unknown[]) => void>>(),
  windows: [] as Array<{ page: FakeWindow }>,
};
jest.mock('electron', () => {
  const fake = mockElectron;
  class BrowserWindow {
    readonly page: FakeWindow;
    readonly webContents;
    constructor(readonly options: { webPreferences: Record<string, unknown> }) {
      this.page = new FakeWindow(fake.ipcMain);
      this.webContents = Object.assign(this.page.webContents, { on() {}, setWindowOpenHandler() {} });
      fake.windows.push(this);
    }
    static getAllWindows() { return fake.windows; }
    loadFile() { fake.current = this.page; }
    on() {}
    isDestroyed() { return false; }
  }
  return {
    get ipcMain() { return fake.ipcMain; },
    get contextBridge() { return fake.current!.contextBridge; },
    get ipcRenderer() { return fake.current!.ipcRenderer; },
    safeStorage: { isEncryptionAvailable: () => false },
    BrowserWindow,
    app: {
      isPackaged: false,
      requestSingleInstanceLock: () => true,
      whenReady: () => Promise.resolve(),
      getPath: () => '/nonexistent',
      quit() {},
      on(event: string, fn: (...a: unknown[]) => void) {
        fake.handlers.set(event, [...(fake.handlers.get(event) ?? []), fn]);
      },
    },
  };
}, { virtual: true });
jest.mock('platform-social-sdk', () => jest.requireActual('../lib/index'), { virtual: true });
jest.mock('platform-social-sdk/electron', () => jest.requireActual('../lib/electron'), { virtual: true });
jest.mock('platform-social-sdk/electron/preload', () => jest.requireActual('../lib/electron-preload'), { virtual: true });
jest.mock('platform-social-sdk/testing', () => jest.requireActual('../lib/testing'), { virtual: true });

/** Just enough DOM for renderer.js. */
class El {
  textContent = '';
  className = '';
  value = '';
  disabled = false;
  scrollTop = 0;
  scrollHeight = 0;
  children: El[] = [];
  listeners = new Map<string, (e: unknown) => unknown>();
  constructor(readonly tag: string) {}
  append(...c: El[]) { this.children.push(...c); }
  replaceChildren(...c: El[]) { this.children = c; this.textContent = ''; }
  addEventListener(type: string, fn: (e: unknown) => unknown) { this.listeners.set(type, fn); }
  querySelector() { return button; }
  get text(): string { return [this.textContent, ...this.children.map((c) => c.text)].join(' ').trim(); }
}
const button = new El('button');

test('the example signs in through the bridge, shows friends, sets presence and chats', async () => {
  jest.spyOn(console, 'log').mockImplementation(() => undefined);  // main.js logs status lines
  const sim = Simulator.attach();
  sim.reset();
  mockElectron.ipcMain = new FakeIpcMain();
  sim.auth.setTokenPrefixes({ access: 'CANARYat', refresh: 'CANARYrt' });
  jest.isolateModules(() => {
    require(path.join(EXAMPLE, 'main.js'));
  });
  await until(() => mockElectron.current !== null);
  jest.isolateModules(() => {
    require(path.join(EXAMPLE, 'preload.src.js'));  // what `npm start` bundles into preload.js
  });
  const page = mockElectron.current!;
  expect(Object.keys(page.world)).toEqual(['platformSocial']);

  const ids = ['session', 'friends', 'messages', 'error', 'presence', 'chat', 'chat-input'];
  const dom = Object.fromEntries(ids.map((id) => [id, new El(id)]));
  const document = { getElementById: (id: string) => dom[id], createElement: (tag: string) => new El(tag) };
  vm.runInNewContext(readFileSync(path.join(EXAMPLE, 'renderer.js'), 'utf8'), {
    window: page.world, document, console, queueMicrotask, setTimeout, Error,
  });

  await until(() => dom['session']!.textContent.startsWith('Signed in as Alice'), 10_000);
  await until(() => dom['friends']!.text.includes('Bob — playing') && dom['messages']!.text.includes('Hi! Write something'), 10_000);
  expect(dom['friends']!.text).toContain('In the main menu');
  expect(dom['friends']!.text).toContain('Carol — online');
  expect(dom['friends']!.text).toContain('Dave — offline');
  expect(dom['chat-input']!.disabled).toBe(false);

  await dom['presence']!.listeners.get('click')!({});
  expect(dom['presence']!.textContent).toBe('Presence set ✓');

  dom['chat-input']!.value = 'hello from the page';
  await dom['chat']!.listeners.get('submit')!({ preventDefault() {} });
  await until(() => dom['messages']!.text.includes('Bob: You said: hello from the page'), 10_000);
  expect(dom['error']!.textContent).toBe('');

  // No token anywhere the page could see.
  const seen = inspect([mockElectron.ipcMain.wire, Object.values(dom).map((e) => e.text)], { depth: null, maxArrayLength: null });
  expect(seen).not.toContain('CANARY');

  // before-quit closes the client.
  let prevented = false;
  for (const fn of mockElectron.handlers.get('before-quit') ?? []) fn({ preventDefault: () => { prevented = true; } });
  expect(prevented).toBe(true);
}, 30_000);

// platform-social-sdk/electron with an in-process fake of Electron's IPC (structured-clone
// semantics): every method and event round-trips, what is not allowed is refused, hostile
// renderer input gets clear errors, and nothing secret crosses.
import { inspect } from 'node:util';
import {
  BRIDGE_EVENTS, BRIDGE_METHODS, CHANNEL, exposeClient, exposeToRenderer,
  type BridgeMethod, type ExposedClient, type PlatformSocialRenderer,
} from '../lib/electron';
import { bridgeParameters } from '../lib/electron/main';
import { snapshot } from '../lib/electron/snapshot';
import { MemorySessionStore, type Client, type StoredSession } from '../lib/index';
import { closeAll, freshWorld, secondUser, settle, until, type World } from './helpers';
import { FakeIpcMain, FakeWindow, type FakeFrame } from './electron-fake';

class RecordingStore extends MemorySessionStore {
  readonly saves: StoredSession[] = [];
  override save(s: StoredSession): void {
    this.saves.push({ ...s });
    super.save(s);
  }
}

type Api = PlatformSocialRenderer;
let w: World;
let ipcMain: FakeIpcMain;
let main: Client;
let store: RecordingStore;
let bridge: ExposedClient | undefined;

beforeEach(() => {
  w = freshWorld();
  // Canary prefixes: every token of this test starts with them, so a scan can find any of them.
  w.sim.auth.setTokenPrefixes({ access: 'CANARYat', refresh: 'CANARYrt' });
  w.sim.auth.setConsent(w.user.id);
  ipcMain = new FakeIpcMain();
  main = w.client();
  store = new RecordingStore();
});
afterEach(async () => {
  bridge?.dispose();
  bridge = undefined;
  await closeAll(w);
});

function open(options: Parameters<typeof exposeClient>[2], url?: string): { win: FakeWindow; api: Api } {
  bridge ??= exposeClient(main, ipcMain, options);
  const win = new FakeWindow(ipcMain, url);
  exposeToRenderer(win.contextBridge, win.ipcRenderer);  // what the preload does
  return { win, api: win.world['platformSocial'] as Api };
}

/** The wire and the page hold no token: neither a canary prefix nor any token the store saw. */
function expectNoSecret(extra: unknown[] = []): void {
  const text = inspect([ipcMain.wire, extra], { depth: null, maxArrayLength: null, maxStringLength: null });
  expect(text).not.toContain('CANARY');
  for (const s of store.saves) {
    expect(text).not.toContain(s.accessToken);
    expect(text).not.toContain(s.refreshToken || '\u0000none');
  }
}

// The client's error about its parameter, as the bridge words it: the argument the page passed.
const asPageWroteIt = (method: BridgeMethod, message: string): string => {
  const i = bridgeParameters[method].findIndex((p) => new RegExp(`^${p}[ .[]`).test(message));
  return i < 0 ? message : `request.args[${i}]${message.slice(bridgeParameters[method][i]!.length)}`;
};

type Outcome = { ok: true; value: unknown } | { ok: false; message: string };
const settleOutcome = async (f: () => unknown): Promise<Outcome> => {
  try {
    return { ok: true, value: await f() };
  } catch (err) {
    return { ok: false, message: (err as Error).message };
  }
};

test('every method round-trips: the client gets what the page sent, the page gets a snapshot of what the client returned', async () => {
  const { api } = open({ allow: Object.keys(BRIDGE_METHODS) as BridgeMethod[], session: { store } });
  const bob = await secondUser(w);
  const mk = (username: string) => w.sim.users.create({ username, displayName: username });
  const [carol, dave, erin, frank] = ['carol', 'dave', 'erin', 'frank'].map(mk) as [ReturnType<typeof mk>, ...ReturnType<typeof mk>[]];
  w.sim.relationships.befriend(w.user.id, bob.user.id);

  // The page starts the session (main's store and options), then everything else.
  const r = api as unknown as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>> & ((...a: unknown[]) => Promise<unknown>)>;
  const [info, again] = await Promise.all([r['auth']!['startSession']!(), r['auth']!['startSession']!()]);
  expect(info).toEqual({ resumed: false, provisional: false, expiresAt: expect.any(Number) });
  // A second window (or a reload) asking again joins the same session.
  expect(again).toEqual(info);
  expect(await r['auth']!['startSession']!()).toEqual(info);
  expect(store.saves).toHaveLength(1);
  expect(main.status).toBe('ready');

  // Spies on the client's own methods: what main received, and what it answered.
  const seen: Array<{ method: string; args: unknown[]; outcome: Outcome }> = [];
  for (const method of Object.keys(BRIDGE_METHODS)) {
    const [area, name] = method.split('.');
    if (!name || area === 'auth' || method.startsWith('lobbies.') && ['leave', 'sendMessage', 'getMessages'].includes(name)) continue;
    const target = (main as unknown as Record<string, Record<string, unknown>>)[area!]!;
    const fn = target[name];
    if (typeof fn !== 'function') continue;  // a getter: compared with a direct read below
    target[name] = (...args: unknown[]) => {
      const entry = { method, args, outcome: { ok: false, message: '' } as Outcome };
      seen.push(entry);
      try {
        const result = (fn as (...a: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise) {
          result.then((value) => (entry.outcome = { ok: true, value }), (e: Error) => (entry.outcome = { ok: false, message: e.message }));
        } else {
          entry.outcome = { ok: true, value: result };
        }
        return result;
      } catch (e) {
        entry.outcome = { ok: false, message: (e as Error).message };
        throw e;
      }
    };
  }

  const lobby = await main.lobbies.createOrJoin('bridge-lobby');
  await bob.client.lobbies.createOrJoin('bridge-lobby');
  w.sim.relationships.sendRequestAs(dave!.id, w.user.id);
  w.sim.relationships.sendRequestAs(erin!.id, w.user.id);
  await until(() => main.relationships.get(erin!.id) !== null);
  const dm = await bob.client.messages.sendToUser(w.user.id, 'hello alice');
  await until(() => main.messages.get(dm) !== null);
  const mine = await main.messages.sendToUser(bob.user.id, 'to be edited');

  const plan: Array<[BridgeMethod, unknown[]]> = [
    ['status', []], ['connect', []], ['auth.session', []], ['auth.isAuthenticated', []],
    ['users.current', []], ['users.get', [bob.user.id]], ['users.applicationProfiles', []],
    ['relationships.list', []], ['relationships.get', [bob.user.id]], ['relationships.searchFriendsByUsername', ['bo']],
    ['relationships.sendFriendRequest', [{ userId: carol.id }]], ['relationships.cancel', [carol.id]],
    ['relationships.accept', [dave!.id]], ['relationships.reject', [erin!.id]],
    ['relationships.block', [frank!.id]], ['relationships.unblock', [frank!.id]], ['relationships.remove', [dave!.id]],
    ['presence.update', [{ type: 'playing', details: 'In the menus', timestamps: { start: new Date(1_700_000_000_000) } }]],
    ['presence.setOnlineStatus', ['idle']], ['presence.sendInvite', [bob.user.id, 'join me']],
    ['presence.sendJoinRequest', [bob.user.id]],
    ['presence.replyToJoinRequest', [{ type: 'join', senderId: bob.user.id, channelId: '1', messageId: '1', applicationId: w.app.id, parentApplicationId: null, partyId: 'p', sessionId: 's', isValid: false }]],
    ['presence.acceptInvite', [{ type: 'join', senderId: bob.user.id, channelId: '1', messageId: '1', applicationId: w.app.id, parentApplicationId: null, partyId: 'p', sessionId: 's', isValid: false }]],
    ['presence.isPlatformAppInstalled', []], ['presence.clear', []],
    ['lobbies.createOrJoin', ['second-lobby', { metadata: { mode: 'duel' } }]], ['lobbies.get', [lobby.id]], ['lobbies.list', []],
    ['lobbies.sendMessage', [lobby.id, 'hello lobby']], ['lobbies.getMessages', [lobby.id, { limit: 10 }]],
    ['messages.sendToUser', [bob.user.id, 'hi bob']], ['messages.get', [dm]], ['messages.getUserMessages', [bob.user.id, { limit: 5 }]],
    ['messages.getSummaries', []], ['messages.setShowingChat', [true]], ['messages.canOpenInPlatform', [dm]],
    ['messages.openInPlatform', [dm]], ['messages.edit', [bob.user.id, mine, 'edited']], ['messages.delete', [bob.user.id, mine]],
    ['guilds.list', []], ['guilds.channels', ['12345']],
    ['voice.inputDevices', []], ['voice.outputDevices', []], ['voice.setInputDevice', ['default']], ['voice.setOutputDevice', ['default']],
    ['voice.startCall', [lobby.id]], ['voice.getCall', [lobby.id]], ['voice.calls', []], ['voice.endCall', [lobby.id]], ['voice.endAllCalls', []],
    ['lobbies.leave', [lobby.id]], ['disconnect', []], ['auth.endSession', [{ revoke: false }]],
  ];
  // The plan covers the whole catalog (a method added to it must be added here).
  expect(new Set([...plan.map(([m]) => m), 'auth.startSession'])).toEqual(new Set(Object.keys(BRIDGE_METHODS)));

  for (const [method, args] of plan) {
    const [area, name] = method.split('.') as [string, string | undefined];
    const before = seen.length;
    const fromPage = await settleOutcome(() => (name === undefined ? r[area]!(...args) : r[area]![name]!(...args)));
    await settle(1);
    const spied = seen.slice(before).find((s) => s.method === method);
    if (spied) {
      expect([method, spied.args]).toEqual([method, args]);  // what the page sent, as plain data
      if (spied.outcome.ok) expect([method, fromPage]).toEqual([method, { ok: true, value: structuredClone(snapshot(spied.outcome.value)) }]);
      else expect([method, fromPage]).toEqual([method, { ok: false, message: asPageWroteIt(method, spied.outcome.message) }]);
    } else {
      // Getters and the lobby-id forms: checked against the client directly.
      const direct: Record<string, () => unknown> = {
        'status': () => main.status, 'connect': () => undefined, 'disconnect': () => undefined,
        'auth.session': () => main.auth.session, 'auth.isAuthenticated': () => main.auth.isAuthenticated,
        'users.current': () => main.users.current, 'auth.endSession': () => undefined, 'lobbies.leave': () => undefined,
        'lobbies.sendMessage': () => (fromPage.ok ? main.messages.get(fromPage.value as string)?.content : null),
        'lobbies.getMessages': () => null,
      };
      expect([method, fromPage.ok]).toEqual([method, true]);
      if (method === 'lobbies.sendMessage') expect(direct[method]!()).toBe('hello lobby');
      else if (method === 'lobbies.getMessages') expect((fromPage as { value: Array<{ content: string }> }).value.map((m) => m.content)).toContain('hello lobby');
      else if (method !== 'status' && method !== 'auth.session' && method !== 'users.current') expect([method, (fromPage as { value: unknown }).value]).toEqual([method, structuredClone(snapshot(direct[method]!()))]);
    }
  }
  expect(seen.filter((s) => s.outcome.ok).length).toBeGreaterThan(30);  // most calls did something real
  expect(main.status).toBe('disconnected');
  expect(main.auth.session).toBeNull();
  expectNoSecret([api]);
}, 60_000);

test('every allowed event round-trips as a snapshot, to the windows that subscribed', async () => {
  const { api, win } = open({ allow: ['auth.startSession'], events: [...BRIDGE_EVENTS], session: { store } });
  const got: Array<[string, unknown[]]> = [];
  const offs: Array<() => Promise<void>> = [];
  for (const event of BRIDGE_EVENTS) offs.push(await api.on(event, (...args: unknown[]) => got.push([event, args])));
  const other = new FakeWindow(ipcMain);  // a second window that never subscribed
  exposeToRenderer(other.contextBridge, other.ipcRenderer);
  const otherGot: unknown[] = [];
  other.ipcRenderer.on(CHANNEL.event, (_e, m) => otherGot.push(m));

  // Real events from the platform.
  await api.auth.startSession();
  const bob = await secondUser(w);
  w.sim.relationships.befriend(w.user.id, bob.user.id);
  await bob.client.messages.sendToUser(w.user.id, 'real message');
  await until(() => got.some(([e]) => e === 'messageCreated') && got.some(([e]) => e === 'relationshipCreated'));
  const message = got.find(([e]) => e === 'messageCreated')![1][0] as { content: string; author: { username: string } };
  expect(message.content).toBe('real message');
  expect(message.author.username).toBe('bob');
  expect(got.some(([e, [s]]) => e === 'status' && (s as { status: string }).status === 'ready')).toBe(true);

  // Every event, emitted by the client with a payload of its shape: the page gets its snapshot.
  got.length = 0;
  const payload = (event: string): unknown[] => {
    if (event === 'tokenExpiration' || event === 'authorizeDeviceScreenClosed') return [];
    if (event === 'eventsDropped') return [3];
    if (event === 'sessionError') return [new RangeError('store full')];
    if (event === 'userUpdated') return [main.users.current];
    if (event === 'lobbyCreated') return [{ lobbyId: '42', get lobby() { return null; }, toJSON() { return { lobbyId: '42', lobby: null }; } }];
    return [{ event, at: new Date(5), nested: { id: '7', list: [1, 2] }, helper() { return 1; } }];
  };
  const emit = main.emit as (event: string, ...args: unknown[]) => boolean;
  for (const event of BRIDGE_EVENTS) emit.call(main, event, ...payload(event));
  await until(() => got.length === BRIDGE_EVENTS.length);
  for (const [i, event] of BRIDGE_EVENTS.entries()) {
    expect(got[i]).toEqual([event, payload(event).map((p) => structuredClone(snapshot(p)))]);
  }
  expect(got.find(([e]) => e === 'sessionError')![1]).toEqual([{ name: 'RangeError', message: 'store full' }]);
  expect(got.find(([e]) => e === 'eventsDropped')![1]).toEqual([3]);
  expect((got.find(([e]) => e === 'status')![1][0] as Record<string, unknown>)['helper']).toBeUndefined();  // no functions
  expect(otherGot).toEqual([]);

  // Unsubscribed: nothing more arrives; a closed window is dropped.
  for (const off of offs) await off();
  main.emit('eventsDropped', 1);
  await settle(10);
  expect(got.length).toBe(BRIDGE_EVENTS.length);
  const again = await api.on('eventsDropped', (n) => got.push(['eventsDropped', [n]]));
  win.destroy();
  main.emit('eventsDropped', 2);
  await settle(10);
  expect(got.length).toBe(BRIDGE_EVENTS.length);
  expect(typeof again).toBe('function');
  expectNoSecret();
});

test('sessionEnded reaches the page when the user is deauthorized, with no token in it', async () => {
  const { api } = open({ allow: ['auth.startSession', 'status'], events: ['sessionEnded'], session: { store } });
  const ended: unknown[] = [];
  await api.on('sessionEnded', (e) => ended.push(e));
  await api.auth.startSession();
  w.sim.moderation.deauthorize(w.user.id);
  await until(() => ended.length === 1);
  expect(ended[0]).toMatchObject({ reason: 'invalidGrant', error: { name: 'PlatformError', type: 'httpError', oauthError: 'invalid_grant' } });
  expect(await api.status()).toBe('disconnected');
  expectNoSecret();
});

test('a method or event that is not allowed is refused, and so is an untrusted sender', async () => {
  const { api } = open({
    allow: ['relationships.list'], events: ['status'],
    isTrustedSender: (e) => e.senderFrame?.url.startsWith('file:///app/') ?? false,
  });
  await expect(api.relationships.list()).resolves.toEqual([]);
  await expect(api.messages.sendToUser('1', 'hi')).rejects.toThrow('request.method is not one of the methods this app allows');
  await expect(api.presence.update({ type: 'playing' })).rejects.toThrow(/not one of the methods this app allows/);
  await expect(api.on('messageCreated', () => undefined)).rejects.toThrow('event is not one of the events this app forwards');
  const evil = new FakeWindow(ipcMain, 'https://evil.example/');
  exposeToRenderer(evil.contextBridge, evil.ipcRenderer);
  const evilApi = evil.world['platformSocial'] as Api;
  await expect(evilApi.relationships.list()).rejects.toThrow('the request came from a sender this app does not trust');
  await expect(evilApi.on('status', () => undefined)).rejects.toThrow(/does not trust/);
});

const UNTRUSTED = /^the request came from a sender this app does not trust: only the top frame of a page of an allowed origin/;
const apiOf = (f: FakeFrame | FakeWindow): Api => {
  exposeToRenderer(f.contextBridge, f.ipcRenderer);  // the preload, in that frame
  return f.world['platformSocial'] as Api;
};

test('by default only the top frame of the origin a window was created with may call or subscribe', async () => {
  const { win, api } = open({ allow: ['relationships.list', 'auth.isAuthenticated'], events: ['status', 'eventsDropped'] });
  await expect(api.relationships.list()).resolves.toEqual([]);

  // A cross-origin iframe in the app's page, and a same-origin one: both refused by default.
  for (const url of ['https://ads.example/frame.html', 'file:///app/widget.html']) {
    const frameApi = apiOf(win.addFrame(url));
    await expect(frameApi.relationships.list()).rejects.toThrow(UNTRUSTED);
    await expect(frameApi.on('status', () => undefined)).rejects.toThrow(UNTRUSTED);
  }

  // The window's own page subscribes, then the window navigates to another site.
  const heard: unknown[] = [];
  await api.on('eventsDropped', (n) => heard.push(n));
  main.emit('eventsDropped', 1);
  await until(() => heard.length === 1);
  win.navigate('https://evil.example/phish.html');
  const evilApi = apiOf(win);  // the preload runs again in the new page
  await expect(evilApi.relationships.list()).rejects.toThrow(UNTRUSTED);
  await expect(evilApi.auth.isAuthenticated()).rejects.toThrow(UNTRUSTED);
  await expect(evilApi.on('status', () => undefined)).rejects.toThrow(UNTRUSTED);
  // ...and hears nothing more: the old page's subscriptions ended with it.
  const wireBefore = ipcMain.wire.length;
  main.emit('eventsDropped', 2);
  await settle(10);
  expect(ipcMain.wire.length).toBe(wireBefore);
  expect(win.destroyedListeners).toBe(0);

  // Back on its own origin (another page of it), the window is answered again.
  win.navigate('file:///app/settings.html');
  await expect(apiOf(win).relationships.list()).resolves.toEqual([]);

  // A window created with a web page is held to that origin.
  const web = new FakeWindow(ipcMain, 'https://game.example/play');
  await expect(apiOf(web).relationships.list()).resolves.toEqual([]);
  web.navigate('https://game.example.evil.example/');
  await expect(apiOf(web).relationships.list()).rejects.toThrow(UNTRUSTED);

  // Pages with no origin of their own are refused.
  for (const url of ['about:blank', 'data:text/html,<p>x</p>']) {
    await expect(apiOf(new FakeWindow(ipcMain, url)).relationships.list()).rejects.toThrow(UNTRUSTED);
  }
});

test('a window is held to the first entry of its history, even when a later page asks first', async () => {
  const { win } = open({ allow: ['relationships.list'] });
  win.navigate('https://evil.example/');
  await expect(apiOf(win).relationships.list()).rejects.toThrow(UNTRUSTED);
});

test('options.origins and allowSubframes widen the default; isTrustedSender only narrows it', async () => {
  const { win, api } = open({
    allow: ['relationships.list'], events: ['status'],
    origins: ['file://', 'https://game.example', 'app://bundle'], allowSubframes: true,
    isTrustedSender: (e) => !e.senderFrame!.url.endsWith('/blocked.html'),
  });
  await expect(api.relationships.list()).resolves.toEqual([]);
  // A declared origin in a subframe of a declared page: accepted; an undeclared one: refused.
  await expect(apiOf(win.addFrame('https://game.example/lobby.html')).relationships.list()).resolves.toEqual([]);
  await expect(apiOf(win.addFrame('https://ads.example/')).on('status', () => undefined)).rejects.toThrow(UNTRUSTED);
  // A nested frame: its own origin and its window's top page must be declared.
  const inner = win.addFrame('https://game.example/inner.html', win.addFrame('app://bundle/outer.html'));
  await expect(apiOf(inner).relationships.list()).resolves.toEqual([]);
  // The window may move between declared origins, not outside them.
  win.navigate('https://game.example/');
  await expect(apiOf(win).relationships.list()).resolves.toEqual([]);
  win.navigate('app://bundle/index.html');
  await expect(apiOf(win).relationships.list()).resolves.toEqual([]);
  win.navigate('app://other/index.html');
  await expect(apiOf(win).relationships.list()).rejects.toThrow(UNTRUSTED);
  // The app's own check refuses more, never accepts more.
  win.navigate('https://game.example/blocked.html');
  await expect(apiOf(win).relationships.list()).rejects.toThrow(UNTRUSTED);
  await expect(apiOf(new FakeWindow(ipcMain, 'https://evil.example/')).relationships.list()).rejects.toThrow(UNTRUSTED);
});

test('the sender options are checked, and nothing is registered when they are wrong', () => {
  const bad: Array<[Record<string, unknown>, RegExp]> = [
    [{ origins: 'file://' }, /^options\.origins must be an array of origins/],
    [{ origins: [] }, /^options\.origins must have 1 to 64 entries/],
    [{ origins: new Array(65).fill('file://') }, /^options\.origins must have 1 to 64 entries/],
    [{ origins: [7] }, /^options\.origins\[0\] must be a string$/],
    [{ origins: ['https://game.example/index.html'] }, /^options\.origins\[0\] must be an origin: scheme:\/\/host\[:port\] with no path/],
    [{ origins: ['file://', 'game.example'] }, /^options\.origins\[1\] must be an origin/],
    [{ origins: ['about:blank'] }, /^options\.origins\[0\] must be an origin/],
    [{ origins: ['https://' + 'a'.repeat(5000) + '.example'] }, /^options\.origins\[0\] must be an origin/],
    [{ allowSubframes: 'yes' }, /^options\.allowSubframes must be a boolean, got a string/],
  ];
  for (const [extra, message] of bad) {
    expect(() => exposeClient(main, ipcMain, { allow: [], ...extra } as never)).toThrow(message);
  }
  expect(ipcMain.handlers.size).toBe(0);
});

test('2,000 subscribe/unsubscribe cycles leave one window listener at most, and a closed window none', async () => {
  const { win, api } = open({ allow: [], events: ['status', 'eventsDropped'] });
  expect(win.destroyedListeners).toBe(0);
  for (let i = 0; i < 2000; i++) {
    const off = await api.on('eventsDropped', () => undefined);
    expect(win.destroyedListeners).toBe(1);
    await off();
  }
  expect(win.destroyedListeners).toBe(0);
  // Several subscriptions share the window's one listener; the last unsubscribe removes it.
  const offStatus = await api.on('status', () => undefined);
  const offDropped = await api.on('eventsDropped', () => undefined);
  expect(win.destroyedListeners).toBe(1);
  await offStatus();
  expect(win.destroyedListeners).toBe(1);
  await offDropped();
  expect(win.destroyedListeners).toBe(0);
  // Straight from main: repeating a subscription holds nothing more.
  const sub = (event: string) => win.ipcRenderer.invoke(CHANNEL.subscribe, event);
  for (let i = 0; i < 100; i++) await sub('status');
  expect(win.destroyedListeners).toBe(1);
  expect(main.listenerCount('status')).toBe(1);
  win.destroy();
  expect(main.listenerCount('status')).toBe(0);
  // dispose() leaves no listener on a window either.
  const other = new FakeWindow(ipcMain);
  await other.ipcRenderer.invoke(CHANNEL.subscribe, 'status');
  expect(other.destroyedListeners).toBe(1);
  bridge!.dispose();
  bridge = undefined;
  expect(other.destroyedListeners).toBe(0);
  expect(main.listenerCount('status')).toBe(0);
});

test('every bridge parameter name is listed, one per argument the method takes', () => {
  for (const [method, arity] of Object.entries(BRIDGE_METHODS)) {
    expect([method, bridgeParameters[method as BridgeMethod].length]).toEqual([method, arity]);
  }
});

test('hostile renderer input gets clear errors that never echo it, and reaches nothing', async () => {
  const { win } = open({ allow: ['relationships.get', 'lobbies.sendMessage', 'presence.update'], events: ['status'] });
  const invoke = (...args: unknown[]) => win.ipcRenderer.invoke(CHANNEL.call, ...args) as Promise<{ ok: boolean; error?: { name: string; message: string } }>;
  const secret = 'CANARYat_looks_like_a_token_0123456789';
  const cases: Array<[unknown[], string, RegExp]> = [
    [[], 'RangeError', /^a call takes one request object$/],
    [['relationships.get', '1'], 'RangeError', /^a call takes one request object$/],
    [[null], 'TypeError', /^request must be an object, got null$/],
    [[[1, 2]], 'TypeError', /^request must be an object, got an array$/],
    [[{ method: 42 }], 'TypeError', /^request\.method must be a string, got the number 42$/],
    [[{ method: secret }], 'TypeError', /^request\.method is not one of the methods this app allows$/],
    [[{ method: 'x'.repeat(100_000) }], 'RangeError', /^request\.method must have at most 64 characters$/],
    [[{ method: 'constructor' }], 'TypeError', /not one of the methods/],
    [[{ method: '__proto__' }], 'TypeError', /not one of the methods/],
    [[{ method: 'relationships.get', args: 'x' }], 'TypeError', /^request\.args must be an array$/],
    [[{ method: 'relationships.get', args: ['1', '2'] }], 'RangeError', /^request\.args must have at most 1 item for this method$/],
    [[{ method: 'relationships.get', args: [], [secret]: 1 }], 'TypeError', /^request has an unknown option \(a key of 38 characters\)/],
    [[{ method: 'relationships.get', args: [new Map([[1, 2]])] }], 'TypeError', /^request\.args\[0\] must be plain data/],
    [[{ method: 'relationships.get', args: [/re/] }], 'TypeError', /^request\.args\[0\] must be plain data/],
    [[{ method: 'relationships.get', args: [new Array(20_000).fill(0)] }], 'RangeError', /^request\.args is too large$/],
    [[{ method: 'relationships.get', args: [JSON.parse('['.repeat(50) + ']'.repeat(50))] }], 'RangeError', /is nested too deeply$/],
    // The client's checks, naming the argument as the page passed it.
    [[{ method: 'relationships.get', args: [secret] }], 'TypeError', /^request\.args\[0\] must be a decimal id string or a bigint, got a string of length 38$/],
    [[{ method: 'relationships.get', args: [{ toString: 'x' }] }], 'TypeError', /^request\.args\[0\] must be a decimal id string or a bigint, got an object$/],
    [[{ method: 'lobbies.sendMessage', args: ['123', 'hi'] }], 'PlatformError', /^lobbies\.sendMessage failed: the user is not a member of that lobby — join it with lobbies\.createOrJoin\(secret\).*\(validationError\)$/],
    [[{ method: 'lobbies.sendMessage', args: ['x', 'hi'] }], 'TypeError', /^request\.args\[0\] must be a decimal id string/],
    [[{ method: 'presence.update', args: [{ type: 'playing', details: secret.repeat(10) }] }], 'RangeError', /^request\.args\[0\]\.details /],
    [[{ method: 'presence.update', args: [7] }], 'TypeError', /^request\.args\[0\] must be an object/],
  ];
  for (const [args, name, message] of cases) {
    const reply = await invoke(...args);
    expect(reply.ok).toBe(false);
    expect([reply.error!.name, reply.error!.message]).toEqual([name, expect.stringMatching(message)]);
    expect(reply.error!.message).not.toContain('CANARY');
  }
  // Functions cannot even be sent (structured clone), as in Electron.
  await expect(invoke({ method: 'relationships.get', args: [() => 1] })).rejects.toThrow(/could not be cloned/);
  // Subscriptions are checked the same way.
  const sub = (...args: unknown[]) => win.ipcRenderer.invoke(CHANNEL.subscribe, ...args) as Promise<{ ok: boolean; error?: { message: string } }>;
  expect((await sub()).error?.message).toBe('a subscription takes one event name');
  expect((await sub({ event: 'status' })).error?.message).toBe('event must be a string, got an object');
  expect((await sub(secret)).error?.message).toBe('event is not one of the events this app forwards');
  expect(main.status).toBe('disconnected');
});

test('exposeClient and exposeToRenderer check their own arguments', () => {
  expect(() => exposeClient({} as never, ipcMain, { allow: [] })).toThrow(/^client must be a Client$/);
  expect(() => exposeClient(main, {} as never, { allow: [] })).toThrow(/^ipcMain must be Electron's ipcMain/);
  expect(() => exposeClient(main, ipcMain, {} as never)).toThrow(/^options\.allow must be an array of names$/);
  expect(() => exposeClient(main, ipcMain, { allow: ['auth.refreshToken' as never] })).toThrow(/^options\.allow\[0\] is not a name the bridge knows$/);
  expect(() => exposeClient(main, ipcMain, { allow: ['auth.startSession'] })).toThrow(/^options\.session is required to allow 'auth\.startSession'$/);
  expect(() => exposeClient(main, ipcMain, { allow: [], events: ['error' as never] })).toThrow(/^options\.events\[0\] is not a name the bridge knows$/);
  expect(() => exposeClient(main, ipcMain, { allow: [], isTrustedSender: 1 } as never)).toThrow(/^options\.isTrustedSender must be a function$/);
  expect(() => exposeClient(main, ipcMain, { allow: [], extra: 1 } as never)).toThrow(/unknown option 'extra'/);
  expect(ipcMain.handlers.size).toBe(0);  // nothing was registered by a failed call
  const win = new FakeWindow(ipcMain);
  expect(() => exposeToRenderer({} as never, win.ipcRenderer)).toThrow(/^contextBridge must be Electron's contextBridge$/);
  expect(() => exposeToRenderer(win.contextBridge, {} as never)).toThrow(/^ipcRenderer must be Electron's ipcRenderer$/);
  expect(() => exposeToRenderer(win.contextBridge, win.ipcRenderer, { key: 'a b' })).toThrow(/^options\.key must be an identifier$/);
  const b = exposeClient(main, ipcMain, { allow: [] });
  expect(ipcMain.handlers.size).toBe(3);
  b.dispose();
  expect(ipcMain.handlers.size).toBe(0);
});

test('a TokenSet never crosses, and a token inside any string is cut out', async () => {
  const tokens = w.token();
  expect(() => snapshot(tokens)).toThrow('a TokenSet never crosses to a renderer');
  expect(() => snapshot({ nested: [tokens] })).toThrow(/TokenSet/);
  const { api } = open({ allow: [], events: ['log'] });
  const lines: unknown[] = [];
  await api.on('log', (l) => lines.push(l));
  main.emit('log', { message: `refreshed with ${tokens.refreshToken} ok`, severity: 'info' });
  // The client's own log lines (a debug build of the simulator writes more) may arrive as well.
  const ours = () => lines.filter((l) => String((l as { message?: unknown }).message).startsWith('refreshed with'));
  await until(() => ours().length === 1);
  expect(ours()).toEqual([{ message: 'refreshed with [redacted] ok', severity: 'info' }]);
  expectNoSecret();
});

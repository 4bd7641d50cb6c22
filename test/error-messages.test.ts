// Errors say what happened in words and what to do, beyond the bare code (and never the token).
import { errorMonitor, once } from 'node:events';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runAction } from '../lib/console/actions';
import { PlatformError, TokenSet } from '../lib/index';
import { SIMULATED_REQUESTS } from '../lib/operation-names';
import { closeAll, collect, freshWorld, ROOT, until, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

test('connect() without a token says the client has none and how to get one', async () => {
  const err = await failure(w.client().connect());
  expect(err.type).toBe('connectionFailed');
  expect(err.message).toBe('connect failed: could not connect — the client has no token: sign in with auth.login(), ' +
    'or pass one to auth.updateToken(), before connect() (connectionFailed)');
});

test('connect() with a token the platform refuses says so, and how to get a new one', async () => {
  const client = w.client();
  const bogus = 'not-a-real-token-0123456789';
  await client.auth.updateToken(bogus);
  const err = await failure(client.connect());
  expect(err.code).toBe(4004);
  expect(err.retryable).toBe(false);
  expect(err.message).toMatch(/^connect failed: could not connect — the platform refused the token \(unknown, expired or revoked, the user is banned, or it was issued for another application than this client's, \d+\)\. Get a new one \(auth\.refreshToken\(refreshToken\) or auth\.login\(\)\), hand it over with auth\.updateToken\(\), then connect\(\) \(connectionFailed, code 4004\)$/);
  expect(err.message).not.toContain(bogus);
});

test('sending to a lobby you left says you are not a member and how to join again', async () => {
  const client = w.client();
  await w.signIn(client);
  const lobby = await client.lobbies.createOrJoin('left-behind');
  await lobby.leave();
  const err = await failure(lobby.sendMessage('anyone?'));
  expect([err.status, err.code]).toEqual([403, 50001]);
  expect(err.message).toBe('sendLobbyMessage failed: forbidden — you are not a member of that lobby (you left it, were removed, ' +
    'or never joined): join it again with client.lobbies.createOrJoin(secret), or use a lobby from client.lobbies.list() ' +
    '(httpError, HTTP 403, code 50001)');
});

test('the same code outside lobbies is worded for where it happened', async () => {
  const client = w.client();
  await w.signIn(client);
  const other = w.sim.users.create({ username: 'outsider', displayName: 'Outsider' });
  const guild = w.sim.guilds.create({ name: 'Members only', members: [other.id], channels: [{ name: 'lfg', type: 'guildText', position: 0, linkable: true }] });
  const err = await failure(client.guilds.channels(guild.id));
  expect(err.code).toBe(50001);
  expect(err.message).toContain('— you have no access there: you are not a member of that server, channel or conversation');
});

describe('"not ready": the public method, and sign in or connect() first', () => {
  const NEXT = 'needs a signed-in, connected client: sign in first (await client.auth.login(), or auth.startSession({ store })), ' +
    'or, with a token already handed over (auth.updateToken), await client.connect() (clientNotReady)';

  test('an area method names itself (lobbies.createOrJoin), not the SDK function', async () => {
    const err = await failure(w.client().lobbies.createOrJoin('too-early'));
    expect(err.type).toBe('clientNotReady');
    expect(err.operation).toBe('createOrJoinLobby');
    expect(err.message).toBe(`lobbies.createOrJoin failed: client not ready: no gateway session — lobbies.createOrJoin ${NEXT}`);
  });

  test('every area gets it from the one place (messages, relationships, guilds, presence)', async () => {
    const client = w.client();
    const calls: Array<[string, Promise<unknown>]> = [
      ['messages.sendToUser', client.messages.sendToUser(w.user.id, 'hi')],
      ['relationships.sendFriendRequest', client.relationships.sendFriendRequest('bob')],
      ['guilds.list', client.guilds.list()],
      ['presence.sendInvite', client.presence.sendInvite(w.user.id, 'join us')],
    ];
    for (const [method, p] of calls) {
      const err = await failure(p);
      expect([method, err.type]).toEqual([method, 'clientNotReady']);
      expect(err.message).toBe(`${method} failed: client not ready: no gateway session — ${method} ${NEXT}`);
    }
  });

  test('voice.startCall, refused at once by the SDK, names itself and says to sign in, connect() and join first', () => {
    const client = w.client();
    expect(() => client.voice.startCall('1234567890123456789')).toThrow(new PlatformError({
      type: 'validationError', operation: 'startCall', method: 'voice.startCall',
      detail: 'the SDK refused the call: already in this call, not a lobby member, or not ready',
      hint: 'sign in and connect() first (auth.login() or auth.startSession()), join the lobby (lobbies.createOrJoin), ' +
        'and end a call before starting it again',
    }).message);
    expect(() => client.voice.startCall('1234567890123456789')).toThrow(/^voice\.startCall failed: /);
  });

  test('a handle method names the handle (lobby.sendMessage) after the client disconnected', async () => {
    const client = w.client();
    await w.signIn(client);
    const lobby = await client.lobbies.createOrJoin('then-gone');
    await client.disconnect();
    const err = await failure(lobby.sendMessage('anyone?'));
    expect(err.message).toBe(`lobby.sendMessage failed: client not ready: no gateway session — lobby.sendMessage ${NEXT}`);
  });
});

describe("the simulator's 'already exists' refusals say the world is per process and sim.reset() clears it", () => {
  test('users.create with a username taken (by an earlier test file of the worker) hints at sim.reset()', () => {
    let err: unknown;
    try {
      w.sim.users.create({ username: 'alice' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PlatformError);
    const e = err as PlatformError;
    expect(e.status).toBe(409);
    expect(e.message).toBe('sim.users.create failed: 409: username already taken — the simulated platform is one world per process ' +
      'and keeps what earlier code created (another test file of the same worker, too): call sim.reset() in beforeEach, or pick ' +
      'another name (httpError, HTTP 409)');
    expect(e.message).not.toContain('alice');
    w.sim.reset();
    expect(w.sim.users.create({ username: 'alice' }).username).toBe('alice');
  });
});

describe('failNext refuses operation names that never fire, with the close matches', () => {
  test('a typo is refused with what it meant, and nothing is queued', async () => {
    expect(() => w.sim.network.failNext('refreshTokn', { status: 503 }))
      .toThrow(new RangeError("operation names no request of the simulated network: did you mean 'refreshToken'? " +
        '(the SDK function without Platform_Client_, lowerCamel; docs/simulator.md lists them)'));
    expect(() => w.sim.network.failNext('sendLobyMessage', { status: 503 })).toThrow(/did you mean 'sendLobbyMessage' or /);
    // Nothing was queued: the next refresh succeeds.
    const client = w.client();
    const t = await w.signIn(client);
    await expect(client.auth.refreshToken(t.refreshToken!)).resolves.toBeDefined();
  });

  test('a name far from every request lists examples instead; known names and * are taken', () => {
    expect(() => w.sim.network.failNext('NotAnOperation', { status: 500 }))
      .toThrow(/^operation names no request of the simulated network: e\.g\. 'getToken', 'refreshToken', 'sendLobbyMessage', or '\*' for any/);
    expect(() => w.sim.network.failNext('getToken', { status: 500 })).not.toThrow();
    expect(() => w.sim.network.failNext('*', { status: 500 })).not.toThrow();
  });

  test('every name of the table is a request the simulator sends (its C function exists there)', () => {
    // Every source of the simulator, in its folders by role (simulator/abi/ has the entry points).
    const dir = path.join(ROOT, 'simulator');
    const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.cc'));
    const sources = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n');
    for (const name of SIMULATED_REQUESTS) {
      expect([name, sources.includes(`"Client_${name.charAt(0).toUpperCase()}${name.slice(1)}"`)]).toEqual([name, true]);
    }
  });

  test("the console's fail-next action refuses the same way (HTTP 400's message)", () => {
    expect(() => runAction(w.sim, { action: 'failNext', operation: 'NotAnOperation', status: 503 }))
      .toThrow(/^operation names no request of the simulated network/);
    expect(() => runAction(w.sim, { action: 'failNext', operation: 'getTokn', status: 503 })).toThrow(/did you mean 'getToken'/);
    expect(runAction(w.sim, { action: 'failNext', operation: 'getToken', status: 503 })).toBe('the next getToken request fails with 503');
  });
});

describe("a client whose applicationId is not the token's application is refused, naming the client's id", () => {
  test('connect() fails with 4004 and nothing is created under either application', async () => {
    const other = w.sim.applications.create({ name: 'Another Game' });
    const client = w.client({ applicationId: other.id });
    const logs = collect(client, 'log');
    await client.auth.updateToken(w.token().accessToken);  // issued for w.app
    const err = await failure(client.connect());
    expect(err.code).toBe(4004);
    expect(err.message).toContain(`or it was issued for another application than this client's, ${other.id})`);
    expect(client.status).toBe('disconnected');
    await expect(client.lobbies.createOrJoin('wrong-app')).rejects.toMatchObject({ type: 'clientNotReady' });
    expect(w.sim.save().lobbies).toEqual([]);
    // The platform's log line names both ids.
    const line = `the token was issued for application ${w.app.id}, this client's application id is ${other.id}`;
    await until(() => logs.some((l) => l.message.includes(line)));
  });

  test('the same token connects a client of its own application', async () => {
    const client = w.client();
    await client.auth.updateToken(w.token().accessToken);
    await expect(client.connect()).resolves.toBeUndefined();
  });
});

// Issue 35, item 5 (bridge-errs): every error names its path, before anything reaches Node or
// native code, and never repeats what the caller handed in.
describe('issue 35: every error names its path', () => {
  const thrown = (f: () => unknown): Error => {
    try {
      f();
    } catch (err) {
      return err as Error;
    }
    throw new Error('expected a throw');
  };
  const SECRET = 'CANARYat_looks_like_a_token_0123456789';

  test('on/off/once/… with an event name that is not one: our TypeError naming the argument, nothing registered', async () => {
    const client = w.client();
    await w.signIn(client);
    const lobby = await client.lobbies.createOrJoin('emitter-names');
    const call = client.voice.startCall(lobby.id);
    const badNames: unknown[] = [
      Symbol('x'), Symbol.iterator, Symbol.for('status'), 0, 1, -1, NaN, 1n, true, null, {}, [], ['status'],
      { toString: () => 'status' }, () => 'status', new String('status'),
      'mesageCreated', 'Status', '', ' status', SECRET, 'x'.repeat(100_000), '__proto__', 'constructor', 'toString', 'hasOwnProperty',
    ];
    expect(badNames).toHaveLength(26);
    const methods = ['on', 'once', 'off', 'addListener', 'removeListener', 'prependListener', 'prependOnceListener',
      'listenerCount', 'listeners', 'rawListeners', 'removeAllListeners'] as const;
    const listener = () => undefined;
    for (const [emitter, kind] of [[client, 'a Client'], [call, 'a Call']] as const) {
      const before = emitter.eventNames().length;
      for (const name of badNames) {
        for (const method of methods) {
          const err = thrown(() => (emitter[method] as (...a: unknown[]) => unknown).call(emitter, name, listener));
          expect([method, err.constructor.name]).toEqual([method, 'TypeError']);
          expect(err.message).toMatch(typeof name === 'string'
            ? new RegExp(`^event is not an event ${kind} emits \\(check its spelling: docs/api\\.md lists them\\)$`)
            : /^event must be an event name \(a string\), got (an object|a symbol|a bigint|a boolean|a function|null|the number -?\d+|NaN|an array)$/);
          expect(err.message).not.toContain('CANARY');
          expect(err.stack).not.toMatch(/node:events/);  // ours, before Node's EventEmitter
        }
      }
      expect(emitter.eventNames()).toHaveLength(before);
    }
    // Real names, Node's own events and errorMonitor still work.
    const seen: unknown[] = [];
    client.on(errorMonitor as never, (e: unknown) => seen.push(e));
    client.once('newListener' as never, (n: unknown) => seen.push(n));
    client.on('eventsDropped', listener);
    expect(seen).toEqual(['eventsDropped']);
    expect(client.listenerCount('eventsDropped')).toBe(1);
    client.off('eventsDropped', listener);
    const next = once(client, 'eventsDropped');
    client.emit('eventsDropped', 3);
    await expect(next).resolves.toEqual([3]);
    call.removeAllListeners();
  });

  test('sim.load() names the exact path and what is wrong with it, from the document root', () => {
    const good = w.sim.save();
    const withUser = (patch: Record<string, unknown>) => ({ ...good, users: [{ ...good.users[0]!, ...patch }] });
    const cyclic: Record<string, unknown> = { ...good };
    cyclic['users'] = [{ ...good.users[0]!, self: cyclic }];
    const deep = { ...good, lobbies: [JSON.parse('['.repeat(70) + ']'.repeat(70))] };
    const cases: Array<[unknown, RegExp]> = [
      [{ ...good, format: 'other' }, /^doc\.format: /],
      [{ ...good, format: undefined }, /^doc\.format: is required$/],
      [{ ...good, users: 'x' }, /^doc\.users: must be an array$/],
      [{ ...good, extra: 1 }, /^doc: has a key the format does not define$/],
      [withUser({ id: 7n }), /^doc\.users\[0\]\.id must be JSON data, got a bigint: write ids as decimal strings$/],
      [withUser({ username: Symbol('x') }), /^doc\.users\[0\]\.username must be JSON data, got a symbol$/],
      [withUser({ displayName: () => 1 }), /^doc\.users\[0\]\.displayName must be JSON data, got a function$/],
      [withUser({ banned: NaN }), /^doc\.users\[0\]\.banned must be a finite number \(JSON has no NaN or Infinity\)$/],
      [withUser({ id: new Date(0) }), /^doc\.users\[0\]\.id must be a plain object or an array, got a Date: write times as milliseconds since the epoch$/],
      [withUser({ avatarHash: new Map() }), /^doc\.users\[0\]\.avatarHash must be a plain object or an array, got a Map$/],
      [withUser({ username: 'a\uD800b' }), /^doc\.users\[0\]\.username has an unpaired surrogate: it must be valid Unicode text$/],
      [withUser({ [SECRET]: 1n }), /^doc\.users\[0\]\.<key> must be JSON data, got a bigint/],
      [cyclic, /^doc\.users\[0\]\.self refers back to one of the objects that contain it \(a cycle\): JSON cannot hold one$/],
      [{ ...good, users: [good.users[0], undefined] }, /^doc\.users\[1\] is undefined: JSON has no undefined/],
      // eslint-disable-next-line no-sparse-arrays
      [{ ...good, users: [, good.users[0]] }, /^doc\.users\[0\] is missing \(a sparse array\): JSON arrays have no holes$/],
      [deep, /^doc\.lobbies\[0\](\[0\])+ is nested more than 64 levels deep$/],
      [{ ...good, lobbies: [{ metadata: { [SECRET]: 5n } }] }, /^doc\.lobbies\[0\]\.metadata\.<key> must be JSON data, got a bigint/],
      [{ ...good, users: [{ ...good.users[0]!, id: SECRET }] }, /^doc\.users\[0\]\.id: /],
    ];
    for (const [doc, message] of cases) {
      const err = thrown(() => w.sim.load(doc as never));
      expect([err.constructor.name, err.message]).toEqual([expect.stringMatching(/^(TypeError|RangeError)$/), expect.stringMatching(message)]);
      expect(err.message).not.toMatch(/doc\.doc|doc\.not JSON|CANARY/);
    }
    // Each value is read once: a getter that answers differently the second time cannot slip by.
    let reads = 0;
    const tricky = { ...good, get users() { reads++; return reads === 1 ? good.users : 'x'; } };
    w.sim.load(tricky as never);
    expect(reads).toBe(1);
    // undefined in an object means absent (as a spread writes it), and loads.
    w.sim.load({ ...good, relationships: undefined } as never);
  });

  test('new TokenSet() and new PlatformError() check their fields, naming them and never showing a token', () => {
    const ok = { accessToken: SECRET, refreshToken: '', tokenType: 'bearer' as const, expiresIn: 3600, scopes: 'openid', issuedAt: 0 };
    expect(new TokenSet(ok).expiresAt.toISOString()).toBe('1970-01-01T01:00:00.000Z');
    const tokenCases: Array<[unknown, RegExp]> = [
      [undefined, /^fields must be an object, got undefined$/],
      [{ ...ok, accessToken: 5 }, /^fields\.accessToken must be a string, got the number 5$/],
      [{ ...ok, accessToken: '' }, /^fields\.accessToken must not be empty$/],
      [{ ...ok, refreshToken: null }, /^fields\.refreshToken must be a string, got null$/],
      [{ ...ok, accessToken: SECRET.repeat(2000) }, /^fields\.accessToken must have at most 65536 characters$/],
      [{ ...ok, tokenType: SECRET }, /^fields\.tokenType must be one of 'user', 'bearer', got a string of length 38$/],
      [{ ...ok, expiresIn: -1 }, /^fields\.expiresIn must be between 0 and/],
      [{ ...ok, expiresIn: 1.5 }, /^fields\.expiresIn must be an integer$/],
      [{ ...ok, expiresIn: '3600' }, /^fields\.expiresIn must be a number, got a string of length 4$/],
      [{ ...ok, expiresIn: Number.MAX_SAFE_INTEGER }, /^fields\.expiresIn is too large: issuedAt \+ expiresIn must stay inside the range of a Date$/],
      [{ ...ok, issuedAt: Infinity }, /^fields\.issuedAt must be between/],
      [{ ...ok, scopes: 1 }, /^fields\.scopes must be a string/],
      [{ ...ok, [SECRET]: 1 }, /^fields has an unknown option \(a key of 38 characters\)/],
    ];
    for (const [fields, message] of tokenCases) {
      const err = thrown(() => new TokenSet(fields as never));
      expect(err.message).toMatch(message);
      expect(err.message).not.toContain('CANARY');
    }
    const base = { type: 'httpError' as const, operation: 'sendUserMessage' };
    expect(new PlatformError({ ...base, status: 403, code: 50007 }).message).toBe('sendUserMessage failed (httpError, HTTP 403, code 50007)');
    const errorCases: Array<[unknown, RegExp]> = [
      [null, /^fields must be an object, got null$/],
      [{ ...base, type: 'nope' }, /^fields\.type must be one of 'none', 'networkError'.*'unknown', got a string of length 4$/],
      [{ ...base, operation: '' }, /^fields\.operation must not be empty$/],
      [{ ...base, operation: 7 }, /^fields\.operation must be a string, got the number 7$/],
      [{ ...base, detail: { toString: () => SECRET } }, /^fields\.detail must be a string, got an object$/],
      [{ ...base, code: 1.5 }, /^fields\.code must be an integer$/],
      [{ ...base, status: 1000 }, /^fields\.status must be between 0 and 999, got 1000$/],
      [{ ...base, oauthError: 5 }, /^fields\.oauthError must be a string, got the number 5$/],
      [{ ...base, retryable: 'yes' }, /^fields\.retryable must be a boolean, got a string of length 3$/],
      [{ ...base, retryAfterMs: -5 }, /^fields\.retryAfterMs must be between 0 and \d+, got -5$/],
      [{ ...base, hint: 1n }, /^fields\.hint must be a string, got a bigint$/],
      [{ ...base, [SECRET]: 1 }, /^fields has an unknown option \(a key of 38 characters\)/],
    ];
    for (const [fields, message] of errorCases) {
      const err = thrown(() => new PlatformError(fields as never));
      expect([err.constructor.name, err.message]).toEqual([expect.stringMatching(/^(TypeError|RangeError)$/), expect.stringMatching(message)]);
      expect(err.message).not.toContain('CANARY');
    }
  });

  test('sim.devices.add/remove never repeat an id, and bound it first', () => {
    const huge = SECRET + 'x'.repeat(1 << 20);
    expect(thrown(() => w.sim.devices.remove(huge)).message).toBe('id must have at most 1024 characters');
    const unknown = thrown(() => w.sim.devices.remove(SECRET));
    expect(unknown.message).toMatch(/no audio device has that id/);
    expect(unknown.message).not.toContain('CANARY');
    w.sim.devices.add({ id: SECRET, name: 'Mic', input: true });
    const twice = thrown(() => w.sim.devices.add({ id: SECRET, name: 'Mic', input: true }));
    expect(twice.message).toMatch(/an audio device with that id exists already/);
    expect(twice.message).not.toContain('CANARY');
    expect(thrown(() => w.sim.devices.add({ id: huge, name: 'Mic', input: true })).message).toBe('device.id must have at most 1024 characters');
  });

  test('console.listen with a host that does not resolve rejects with a TypeError naming options.host', async () => {
    const err = await w.sim.console.listen({ host: 'no-such-host.invalid' }).then(() => null, (e: unknown) => e as Error & { code?: string });
    expect(err).toBeInstanceOf(TypeError);
    expect(err!.message).toMatch(/^options\.host is not an address this machine can listen on \((ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL|EAI_NODATA)\): leave it out/);
    expect(err!.message).not.toContain('no-such-host');
    expect(err!.code).toMatch(/^E/);
  });
});

// Loader errors show the path that failed (lib/shown-path.ts shownPath): absolute, control
// characters escaped, at most 200 characters; what the user handed over beside it never appears.
describe('loader errors show the path that failed', () => {
  // Required here rather than imported at the top: this block is self-contained (others edit the file).
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require('node:fs') as typeof import('node:fs');
  const os = require('node:os') as typeof import('node:os');
  const path = require('node:path') as typeof import('node:path');
  const { ROOT, runNode } = require('./helpers') as typeof import('./helpers');
  const { shownPath } = require('../lib/shown-path') as typeof import('../lib/shown-path');
  /* eslint-enable @typescript-eslint/no-require-imports */

  test('a path is shown absolute, with control characters escaped, and cut to 200 characters in the middle', () => {
    expect(shownPath('relative/lib.so')).toBe(path.join(process.cwd(), 'relative', 'lib.so'));
    // Absolute as the platform makes it (Z:\\opt\\… under wine), then escaped.
    expect(shownPath('/opt/sdk\n\u001b[31mfake line\u2028\u0085.so'))
      .toBe(path.join(path.resolve('/opt'), 'sdk\\x0a\\x1b[31mfake line\\u2028\\x85.so'));
    const long = `/opt/${'d'.repeat(300)}/libplatform_partner_sdk.so`;
    const shown = shownPath(long);
    expect(shown.length).toBeLessThanOrEqual(200);
    expect(shown.startsWith(path.join(path.resolve('/opt'), 'ddd'))).toBe(true);
    expect(shown.endsWith(path.join('ddd', 'libplatform_partner_sdk.so'))).toBe(true);
    expect(shown).toContain('…');
    // Cut between escapes, never inside one.
    const escaped = shownPath(`/${'\u0001'.repeat(150)}`);
    expect(escaped.length).toBeLessThanOrEqual(200);
    const root = path.resolve('/');  // '/' here, 'Z:\\' under wine
    expect(escaped.startsWith(root)).toBe(true);
    expect(escaped.slice(root.length).replace('…', '')).toMatch(/^(\\x01)+$/);
  });

  test("a missing sdkPath names the absolute path that failed, not '<options.sdkPath>'", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-paths-'));
    const r = await runNode(`
      const { Client } = require(${JSON.stringify(path.join(ROOT, 'dist', 'cjs', 'index.js'))});
      try { new Client({ applicationId: '1', sdkPath: 'no-such-dir/lib\\u001bx.so' }); console.log('loaded?!'); }
      catch (e) { console.log(JSON.stringify(e.message)); }`, { cwd: dir });
    const message = JSON.parse(r.stdout.trim()) as string;
    expect(message).toContain(`SDK library not found: '${path.join(fs.realpathSync(dir), 'no-such-dir', 'lib\\x1bx.so')}'`);
    expect(message).toContain(`loading: the sdkPath option (${path.join(fs.realpathSync(dir), 'no-such-dir', 'lib\\x1bx.so')})`);
    expect(message).not.toContain('<options.sdkPath>');
    expect(message).not.toContain('\u001b');
  });

  test('no addon for this target: the error names both folders it looked in and the one command that builds it', async () => {
    // A copy of the package with dist/ but no build/ and no prebuilds/.
    const pkg = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-noaddon-'));
    fs.cpSync(path.join(ROOT, 'dist'), path.join(pkg, 'dist'), { recursive: true });
    fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(pkg, 'package.json'));
    const r = await runNode(`
      try { require(${JSON.stringify(path.join(pkg, 'dist', 'cjs', 'index.js'))}).sdkInfo(); console.log('loaded?!'); }
      catch (e) { console.log(JSON.stringify(e.message)); }`,
    // node-gyp-build's own override (the Windows and ASan lanes point it at their builds) must not find one.
    { env: { PLATFORM_SDK_PATH: 'simulator', PLATFORM_SOCIAL_SDK_PREBUILD: undefined } });
    const message = JSON.parse(r.stdout.trim()) as string;
    const target = `${process.platform}-${process.arch}`;
    expect(message).toContain(`no native addon for ${target} (Node-API 8)`);
    expect(message).toContain(path.join(pkg, 'prebuilds', target));
    expect(message).toContain(path.join(pkg, 'build', 'Release'));
    expect(message).toContain("fix: build it from source, in your app's folder: npx platform-social-sdk build-from-source");
    expect(message).not.toMatch(/npm rebuild|--build-from-source/);
  });
});

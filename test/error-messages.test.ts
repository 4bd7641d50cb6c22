// Errors say what happened in words and what to do, beyond the bare code (and never the token).
import { PlatformError } from '../lib/index';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runAction } from '../lib/console/actions';
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
    const dir = path.join(ROOT, 'vendor', 'platform-sdk', 'simulator');
    const sources = fs.readdirSync(dir).filter((f) => f.endsWith('.cc')).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n');
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

// Errors say what happened in words and what to do, beyond the bare code (and never the token).
import { PlatformError } from '../lib/index';
import { closeAll, freshWorld, type World } from './helpers';

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
  expect(err.message).toMatch(/^connect failed: could not connect — the platform refused the token \(unknown, expired or revoked, or the user is banned\)\. Get a new one \(auth\.refreshToken\(refreshToken\) or auth\.login\(\)\), hand it over with auth\.updateToken\(\), then connect\(\) \(connectionFailed, code 4004\)$/);
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

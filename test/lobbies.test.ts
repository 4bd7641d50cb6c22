// Lobbies: create/join by secret, membership events, metadata, leaving, idle deletion, and the
// game backend's side (bulk member updates, additional names).
import { PlatformError } from '../lib/index';
import { closeAll, collect, freshWorld, nextEvent, secondUser, settle, until, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

test('two users joining with one secret share one lobby; events go to the right clients', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const aliceCreated = collect(alice, 'lobbyCreated');
  const aliceAdded = collect(alice, 'lobbyMemberAdded');
  const bobCreated = collect(bob.client, 'lobbyCreated');
  const bobAdded = collect(bob.client, 'lobbyMemberAdded');

  const a = await alice.lobbies.createOrJoin('match-42', { metadata: { map: 'docks' }, memberMetadata: { role: 'host' } });
  const b = await bob.client.lobbies.createOrJoin('match-42');
  expect(b.id).toBe(a.id);
  await until(() => aliceAdded.length === 1 && bobCreated.length === 1 && aliceCreated.length === 1);
  expect(aliceCreated[0]?.lobbyId).toBe(a.id);
  expect(aliceAdded[0]).toMatchObject({ lobbyId: a.id, memberId: bob.user.id });
  expect(aliceAdded[0]?.member?.user?.displayName).toBe('Bob');
  expect(bobAdded).toEqual([]);  // no member-added for yourself: lobby-created instead
  expect(bobCreated[0]?.lobbyId).toBe(a.id);

  const seen = alice.lobbies.get(a.id)!;
  expect(seen.metadata).toEqual({ map: 'docks' });
  expect(seen.members.map((m) => m.id).sort()).toEqual([w.user.id, bob.user.id].sort());
  const host = seen.members.find((m) => m.id === w.user.id)!;
  expect(host.metadata).toEqual({ role: 'host' });
  expect(host.connected).toBe(true);
  expect(alice.lobbies.list().map((l) => l.id)).toEqual([a.id]);
  expect(JSON.parse(JSON.stringify(seen)).members).toHaveLength(2);
});

test('leaving: the others see the member removed, the leaver sees the lobby deleted', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const lobby = await alice.lobbies.createOrJoin('leave-test');
  await bob.client.lobbies.createOrJoin('leave-test');
  const removed = nextEvent(alice, 'lobbyMemberRemoved');
  const deleted = nextEvent(bob.client, 'lobbyDeleted');
  await bob.client.lobbies.get(lobby.id)!.leave();
  expect((await removed)[0]).toEqual({ lobbyId: lobby.id, memberId: bob.user.id });
  expect((await deleted)[0]).toEqual({ lobbyId: lobby.id });
  expect(bob.client.lobbies.get(lobby.id)).toBeNull();
  expect(bob.client.lobbies.list()).toEqual([]);
});

test('a member disconnecting is a member update with connected=false', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const lobby = await alice.lobbies.createOrJoin('presence');
  await bob.client.lobbies.createOrJoin('presence');
  const updated = nextEvent(alice, 'lobbyMemberUpdated', (e) => e.memberId === bob.user.id && e.member?.connected === false);
  await bob.client.disconnect();
  await updated;
  expect(alice.lobbies.get(lobby.id)!.members.find((m) => m.id === bob.user.id)?.connected).toBe(false);
});

test('a client-created lobby is deleted after 5 idle minutes of simulated time', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const first = await alice.lobbies.createOrJoin('idle-lobby');
  await first.leave();
  w.sim.clock.advance(4 * 60 * 1000);
  await settle();
  expect(w.sim.lobbies.exists(first.id)).toBe(true);
  w.sim.clock.advance(61 * 1000);
  await settle();
  expect(w.sim.lobbies.exists(first.id)).toBe(false);
  const second = await alice.lobbies.createOrJoin('idle-lobby');
  expect(second.id).not.toBe(first.id);
});

test('a backend-created lobby is never idle-deleted', async () => {
  const { id } = w.sim.backend.createLobby({ applicationId: w.app.id, secret: 'tournament' });
  w.sim.clock.advance(60 * 60 * 1000);
  await settle();
  expect(w.sim.lobbies.exists(id)).toBe(true);
});

test('backend bulk member updates: up to 25 applied, 26 rejected whole', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const { id } = w.sim.backend.createLobby({ applicationId: w.app.id, metadata: { mode: 'ranked' } });
  const joined = nextEvent(alice, 'lobbyCreated', (e) => e.lobbyId === id);
  const users = Array.from({ length: 26 }, (_, i) => w.sim.users.create({ username: `player${i}` }));
  w.sim.backend.updateLobbyMembers(id, [{ userId: w.user.id, metadata: { team: 'red' }, canLinkLobby: true }]);
  await joined;
  expect(alice.lobbies.get(id)?.metadata).toEqual({ mode: 'ranked' });
  // Bounded before any entry is read: 26 is refused whole, with a RangeError naming the list.
  expect(() => w.sim.backend.updateLobbyMembers(id, users.map((u) => ({ userId: u.id })))).toThrow(/^updates must have at most 25 items, got 26$/);
  expect(alice.lobbies.get(id)!.members).toHaveLength(1);  // nothing applied
  w.sim.backend.updateLobbyMembers(id, users.slice(0, 25).map((u) => ({ userId: u.id })));
  await until(() => alice.lobbies.get(id)!.members.length === 26);
  const me = alice.lobbies.get(id)!.members.find((m) => m.id === w.user.id)!;
  expect(me.metadata).toEqual({ team: 'red' });
  expect(me.canLinkLobby).toBe(true);
  expect(() => w.sim.backend.updateLobbyMembers(id, [{ userId: w.user.id, additionalName: 'x'.repeat(81) }])).toThrow(/^updates\[0\]\.additionalName must have at most 80/);
  expect(() => w.sim.backend.updateLobbyMembers(id, [{ userId: w.user.id, additionalName: '' }, ...users.slice(0, 24).map((u) => ({ userId: u.id, remove: true }))])).toThrow(/^updates\[0\]\.additionalName must not be empty/);
  expect(alice.lobbies.get(id)!.members).toHaveLength(26);
});

test('lobby argument validation', async () => {
  const alice = w.client();
  await expect(alice.lobbies.createOrJoin('')).rejects.toThrow(RangeError);
  await expect(alice.lobbies.createOrJoin(5 as never)).rejects.toThrow(/secret/);
  await expect(alice.lobbies.createOrJoin('s', { metadata: { a: 1 } as never })).rejects.toThrow(/^options\.metadata: the value of key 1 must be a string/);
  await expect(alice.lobbies.createOrJoin('s', { memberMetadata: 'x' as never })).rejects.toThrow(/options\.memberMetadata/);
  await expect(alice.lobbies.createOrJoin('s', { extra: 1 } as never)).rejects.toThrow(/unknown option 'extra'/);
  expect(() => alice.lobbies.get('nope')).toThrow(/lobbyId/);
  expect(alice.lobbies.get('123')).toBeNull();
});

test('after leaving, history and chat of the lobby are refused', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const lobby = await alice.lobbies.createOrJoin('left-behind');
  await lobby.sendMessage('hello');
  await lobby.leave();
  const history = await lobby.getMessages().catch((e) => e);
  expect(history).toBeInstanceOf(PlatformError);
  expect(history.type).toBe('httpError');
  const send = await lobby.sendMessage('still here?').catch((e) => e);
  expect(send).toBeInstanceOf(PlatformError);
});

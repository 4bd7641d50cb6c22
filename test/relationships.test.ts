// Friends and friend requests through every action, platform and game kinds, blocks, spam flags,
// friend groups following presence, search, and users' profiles and application profiles.
import { PlatformError, type Client } from '../lib/index';
import { closeAll, collect, freshWorld, nextEvent, secondUser, settle, until, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

async function pair() {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  return { alice, bob: bob.client, bobId: bob.user.id };
}

const types = (c: Client, id: string) => {
  const r = c.relationships.get(id);
  return r && [r.platformType, r.gameType];
};

test('platform friend request by username: pending on both sides, then accepted', async () => {
  const { alice, bob, bobId } = await pair();
  const bobCreated = nextEvent(bob, 'relationshipCreated', (e) => e.userId === w.user.id);
  await alice.relationships.sendFriendRequest('bob');
  const [e] = await bobCreated;
  expect(e.kind).toBe('platform');
  expect(e.relationship).toMatchObject({ userId: w.user.id, platformType: 'pendingIncoming', gameType: 'none', isSpamRequest: false });
  expect(e.relationship?.user?.username).toBe('alice');
  expect(types(alice, bobId)).toEqual(['pendingOutgoing', 'none']);

  const aliceSees = nextEvent(alice, 'relationshipCreated', (x) => x.relationship?.platformType === 'friend');
  await bob.relationships.accept(w.user.id);
  await aliceSees;
  expect(types(alice, bobId)).toEqual(['friend', 'none']);
  expect(types(bob, w.user.id)).toEqual(['friend', 'none']);
  expect(alice.relationships.list().map((r) => r.userId)).toEqual([bobId]);
  // Friends are in the SDK's user cache.
  expect(alice.users.get(bobId)?.relationship).toEqual({ platformType: 'friend', gameType: 'none', isSpamRequest: false });
});

test('reject, cancel, remove and the events on both sides', async () => {
  const { alice, bob, bobId } = await pair();
  const bobDeleted = collect(bob, 'relationshipDeleted');
  const aliceDeleted = collect(alice, 'relationshipDeleted');

  await alice.relationships.sendFriendRequest({ userId: bobId });
  await until(() => types(bob, w.user.id)?.[0] === 'pendingIncoming');
  await bob.relationships.reject(w.user.id);
  await until(() => aliceDeleted.length === 1 && bobDeleted.length === 1);
  expect(types(alice, bobId)).toEqual(['none', 'none']);
  expect(aliceDeleted[0]).toEqual({ userId: bobId, kind: 'platform' });

  await alice.relationships.sendFriendRequest(BigInt(bobId));
  await until(() => types(bob, w.user.id)?.[0] === 'pendingIncoming');
  await alice.relationships.cancel(bobId);
  await until(() => types(bob, w.user.id)?.[0] === 'none');

  // A mutual request accepts the other one.
  await alice.relationships.sendFriendRequest('bob');
  await until(() => types(bob, w.user.id)?.[0] === 'pendingIncoming');
  await bob.relationships.sendFriendRequest('alice');
  await until(() => types(alice, bobId)?.[0] === 'friend' && types(bob, w.user.id)?.[0] === 'friend');

  await bob.relationships.remove(w.user.id);
  await until(() => types(alice, bobId)?.[0] === 'none');
  expect(alice.relationships.list()).toEqual([]);
});

test('game friends are separate from platform friends; remove(game) keeps the platform friendship', async () => {
  const { alice, bob, bobId } = await pair();
  const bobCreated = nextEvent(bob, 'relationshipCreated', (e) => e.kind === 'game');
  await alice.relationships.sendFriendRequest('bob', { kind: 'game' });
  const [created] = await bobCreated;
  expect(created.relationship).toMatchObject({ platformType: 'none', gameType: 'pendingIncoming' });
  await bob.relationships.accept(w.user.id, 'game');
  await until(() => types(alice, bobId)?.[1] === 'friend');
  w.sim.relationships.befriend(w.user.id, bobId);
  await until(() => types(alice, bobId)?.[0] === 'friend');
  await alice.relationships.remove(bobId, 'game');
  await until(() => types(alice, bobId)?.[1] === 'none');
  expect(types(alice, bobId)).toEqual(['friend', 'none']);
  await alice.relationships.remove(bobId, 'platform');
  await until(() => types(alice, bobId)?.[0] === 'none');
});

test('block ends the friendship, stops requests, and unblock clears it', async () => {
  const { alice, bob, bobId } = await pair();
  w.sim.relationships.befriend(w.user.id, bobId);
  await until(() => types(bob, w.user.id)?.[0] === 'friend');
  const bobDeleted = nextEvent(bob, 'relationshipDeleted', (e) => e.userId === w.user.id);
  await alice.relationships.block(bobId);
  await bobDeleted;
  expect(types(alice, bobId)).toEqual(['blocked', 'none']);
  expect(types(bob, w.user.id)).toEqual(['none', 'none']);
  const err = await bob.relationships.sendFriendRequest('alice').catch((e: unknown) => e);
  expect(err).toBeInstanceOf(PlatformError);
  expect((err as PlatformError).status).toBe(403);
  await expect(alice.relationships.sendFriendRequest('bob')).rejects.toMatchObject({ status: 400 });
  await alice.relationships.unblock(bobId);
  await until(() => types(alice, bobId)?.[0] === 'none');
  await expect(alice.relationships.unblock(bobId)).rejects.toBeInstanceOf(PlatformError);
});

test('error paths: unknown username, yourself, nothing pending', async () => {
  const { alice, bobId } = await pair();
  await expect(alice.relationships.sendFriendRequest('nobody_here')).rejects.toMatchObject({ status: 400, code: 80004 });
  await expect(alice.relationships.sendFriendRequest('alice')).rejects.toMatchObject({ status: 400, code: 80003 });
  await expect(alice.relationships.accept(bobId)).rejects.toBeInstanceOf(PlatformError);
  await expect(alice.relationships.cancel(bobId, 'game')).rejects.toBeInstanceOf(PlatformError);
});

test('spam-flagged requests and provisional accounts (game friends only)', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const carol = w.sim.users.create({ username: 'carol' });
  w.sim.relationships.sendRequestAs(carol.id, w.user.id, { spam: true });
  await until(() => alice.relationships.get(carol.id)?.platformType === 'pendingIncoming');
  expect(alice.relationships.get(carol.id)?.isSpamRequest).toBe(true);

  const guest = w.sim.users.create({ username: 'guest_1', provisional: true });
  expect(() => w.sim.relationships.befriend(w.user.id, guest.id)).toThrow(/provisional/i);
  w.sim.relationships.befriend(w.user.id, guest.id, { kind: 'game', applicationId: w.app.id });
  await until(() => alice.relationships.get(guest.id)?.gameType === 'friend');
  await expect(alice.relationships.sendFriendRequest({ userId: guest.id })).rejects.toBeInstanceOf(PlatformError);
});

// With the clock frozen every change falls on one simulated millisecond: they are still separate
// changes, each with its event (the simulator once merged them and lost the second).
test.each([['the running clock', false], ['a frozen clock', true]])('friend groups follow presence: playing this game, online elsewhere, offline (%s)', async (_, frozen) => {
  w.sim.clock.setFrozen(frozen);
  const alice = w.client();
  await w.signIn(alice);
  const bobUser = w.sim.users.create({ username: 'bob' });
  w.sim.relationships.befriend(w.user.id, bobUser.id);
  await until(() => alice.relationships.list('offline').length === 1);
  const group = (g: 'onlinePlayingGame' | 'onlineElsewhere' | 'offline') => alice.relationships.list(g).map((r) => r.userId);
  const updates = collect(alice, 'relationshipGroupsUpdated');

  // Bob starts the game.
  const bob = w.client();
  await bob.auth.updateToken(w.sim.auth.issueToken(bobUser.id, { applicationId: w.app.id }).accessToken);
  await bob.connect();
  await until(() => group('onlinePlayingGame').includes(bobUser.id));
  // The SDK's lists change before its callback reaches the next pump tick: wait for the event.
  await until(() => updates.some((u) => u.userId === bobUser.id));
  expect(group('offline')).toEqual([]);

  // Bob quits, but is still on the desktop client.
  w.sim.presence.setStatus(bobUser.id, 'online');
  const before = updates.length;
  await bob.disconnect();
  await until(() => group('onlineElsewhere').includes(bobUser.id));
  await until(() => updates.length > before);

  // And closes the desktop client.
  w.sim.presence.setStatus(bobUser.id, 'offline');
  await until(() => group('offline').includes(bobUser.id));
  expect(() => alice.relationships.list('nearby' as never)).toThrow(TypeError);
});

test('relationshipGroupsUpdated follows every change of the friends list: request, rename, presence, removal, block', async () => {
  const { alice, bobId } = await pair();
  const updates = collect(alice, 'relationshipGroupsUpdated');
  const forBob = () => updates.filter((u) => u.userId === bobId).length;
  const carol = w.sim.users.create({ username: 'carol' });

  // A new incoming request.
  w.sim.relationships.sendRequestAs(bobId, w.user.id);
  await until(() => forBob() === 1);
  // An unrelated user's rename says nothing.
  w.sim.users.update(carol.id, { globalName: 'Carol C.' });
  // A rename of the requester, then the friendship and a presence change of the friend.
  w.sim.users.update(bobId, { globalName: 'Bobby' });
  await until(() => forBob() === 2);
  w.sim.relationships.befriend(w.user.id, bobId);
  await until(() => forBob() === 3);
  w.sim.presence.setStatus(bobId, 'idle');
  await until(() => forBob() === 4);
  // The friendship ends; then a block of a new friend (one event, not one per relationship kind).
  w.sim.relationships.removeAll(w.user.id, bobId);
  await until(() => forBob() === 5);
  w.sim.relationships.befriend(w.user.id, bobId);
  w.sim.relationships.befriend(w.user.id, bobId, { kind: 'game', applicationId: w.app.id });
  await until(() => forBob() >= 6 && types(alice, bobId)?.join() === 'friend,friend');
  await settle(100);
  const before = forBob();
  await alice.relationships.block(bobId);
  await until(() => forBob() === before + 1);
  await settle(100);
  expect(forBob()).toBe(before + 1);
  expect(updates.every((u) => u.userId === bobId)).toBe(true);
});

test('searchFriendsByUsername: friends only, case-insensitive, prefix matches first', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const names = ['zed_bobby', 'bobcat', 'Bobbi'];
  const ids = names.map((username) => w.sim.users.create({ username: username.toLowerCase() }).id);
  for (const id of ids) w.sim.relationships.befriend(w.user.id, id);
  w.sim.users.create({ username: 'bobstranger' });
  await until(() => alice.relationships.list().length === 3);
  expect(alice.relationships.searchFriendsByUsername('BOB').map((u) => u.username)).toEqual(['bobbi', 'bobcat', 'zed_bobby']);
  expect(alice.relationships.searchFriendsByUsername('')).toEqual([]);
  expect(() => alice.relationships.searchFriendsByUsername(42 as never)).toThrow(TypeError);
});

test('a listed friend carries the presence read in the same pass (no native read per friend)', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const busy = w.sim.users.create({ username: 'busy' }).id;
  const idle = w.sim.users.create({ username: 'idle' }).id;
  for (const id of [busy, idle]) w.sim.relationships.befriend(w.user.id, id);
  w.sim.presence.set(busy, { state: 'In a match', details: 'Ranked', party: { id: 'p1', currentSize: 2, maxSize: 4 } });
  await until(() => alice.relationships.list().length === 2);
  // The lazy path (one native read) is what the listed friends must agree with.
  const expected = alice.users.get(busy)?.activity;
  expect(expected).toMatchObject({ state: 'In a match', details: 'Ranked', party: { id: 'p1', currentSize: 2, maxSize: 4 } });
  const listed = alice.relationships.list();
  const found = alice.relationships.searchFriendsByUsername('busy');
  // Closed: any native read would now come back empty, so what they show was captured in the list.
  await alice.close();
  const byId = new Map(listed.map((r) => [r.userId, r.user]));
  expect(byId.get(busy)?.activity).toEqual(expected);
  expect(byId.get(idle)?.activity).toBeNull();
  expect(found.map((u) => [u.username, u.activity?.details])).toEqual([['busy', 'Ranked']]);
});

test('each listed friend is read afresh: nothing of the friend listed before it carries over', async () => {
  // The list captures every friend into one reused record (client_wrap_relationships.cc); a
  // field the previous friend had and this one lacks must read as absent, not as theirs.
  const alice = w.client();
  await w.signIn(alice);
  const make = (username: string) => w.sim.users.create({ username }).id;
  const full = make('full_profile_friend');
  const bare = make('bare');
  const after = make('after_bare');
  for (const id of [full, bare, after]) w.sim.relationships.befriend(w.user.id, id);
  w.sim.users.update(full, { globalName: 'A rather long display name', avatar: 'a_0123456789abcdef0123456789abcdef' });
  w.sim.users.update(bare, { globalName: null, avatar: null });
  w.sim.presence.set(full, { state: 'In a match' });
  await until(() => alice.relationships.list().find((r) => r.userId === bare)?.user?.globalName === null);
  const listed = alice.relationships.list();
  expect(listed.map((r) => r.userId)).toEqual([full, bare, after]);
  expect(listed[0]?.user).toMatchObject({
    username: 'full_profile_friend', displayName: 'A rather long display name', globalName: 'A rather long display name',
    avatar: 'a_0123456789abcdef0123456789abcdef', status: 'online', activity: { state: 'In a match' },
  });
  expect(listed[1]?.user).toMatchObject({
    username: 'bare', displayName: 'bare', globalName: null, avatar: null, status: 'offline', activity: null,
  });
  expect(listed[2]?.user).toMatchObject({ username: 'after_bare', displayName: 'after_bare', globalName: 'after_bare' });
  expect(listed[2]?.user?.avatar).toEqual(expect.any(String));
  expect(listed[2]?.user?.avatar).not.toBe(listed[0]?.user?.avatar);
});

test('a listed relationship is what get() reads of it, field for field, in every kind', async () => {
  // list() decodes each friend straight from the tape into its Relationship and User
  // (lib/relationships.ts listedRelationships); get() goes through the generated record reader.
  // A field read out of order, or a friend's presence handed to the next, shows here.
  const alice = w.client();
  await w.signIn(alice);
  const make = (username: string) => w.sim.users.create({ username }).id;
  const playing = make('playing_friend');
  const gameOnly = make('game_only');
  const spammer = make('spammer');
  const asking = make('asking');
  const quiet = make('quiet_friend');
  w.sim.relationships.befriend(w.user.id, playing);
  w.sim.relationships.befriend(w.user.id, gameOnly, { kind: 'game', applicationId: w.app.id });
  w.sim.relationships.sendRequestAs(spammer, w.user.id, { spam: true });
  w.sim.relationships.sendRequestAs(asking, w.user.id, { kind: 'game', applicationId: w.app.id });
  w.sim.relationships.befriend(w.user.id, quiet);
  w.sim.users.update(playing, { globalName: 'Player One', avatar: 'a_00112233445566778899aabbccddeeff' });
  w.sim.presence.set(playing, { state: 'In a match', details: 'Ranked', party: { id: 'p9', currentSize: 3, maxSize: 5 } });
  await until(() => alice.relationships.list().length === 5 && alice.relationships.get(playing)?.user?.activity !== null);
  const listed = alice.relationships.list();
  expect(listed.map((r) => r.userId).sort()).toEqual([playing, gameOnly, spammer, asking, quiet].sort());
  const plain = (r: ReturnType<Client['relationships']['get']>) => r && {
    ...r, user: r.user && { ...r.user.toJSON(), relationship: undefined, applicationProfiles: undefined },
  };
  for (const r of listed) {
    expect(Object.keys(r)).toEqual(['userId', 'platformType', 'gameType', 'isSpamRequest', 'user']);
    expect(plain(r)).toEqual(plain(alice.relationships.get(r.userId)));
  }
  const byId = new Map(listed.map((r) => [r.userId, r]));
  expect(byId.get(playing)).toMatchObject({ platformType: 'friend', gameType: 'none', isSpamRequest: false,
    user: { globalName: 'Player One', avatar: 'a_00112233445566778899aabbccddeeff', activity: { state: 'In a match', details: 'Ranked' } } });
  // The listed presence is converted once, frozen, and the same object at every read.
  const playingUser = byId.get(playing)?.user;
  expect(Object.isFrozen(playingUser?.activity)).toBe(true);
  expect(playingUser?.activity).toBe(playingUser?.activity);
  expect(byId.get(gameOnly)).toMatchObject({ platformType: 'none', gameType: 'friend' });
  expect(byId.get(spammer)).toMatchObject({ platformType: 'pendingIncoming', isSpamRequest: true });
  expect(byId.get(asking)).toMatchObject({ platformType: 'none', gameType: 'pendingIncoming', isSpamRequest: false });
  expect(byId.get(quiet)?.user).toMatchObject({ username: 'quiet_friend', globalName: 'quiet_friend', activity: null });
});

test('a listed friend is a snapshot of the list: a rename after it shows only in the next list', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const friend = w.sim.users.create({ username: 'renamed_later', displayName: 'Before' }).id;
  w.sim.relationships.befriend(w.user.id, friend);
  await until(() => alice.relationships.list().length === 1);
  const before = alice.relationships.list();
  w.sim.users.update(friend, { globalName: 'After' });
  await until(() => alice.relationships.list()[0]?.user?.displayName === 'After');
  // Read only now, after the rename: the user of the first list is as it was listed.
  expect(before[0]?.user).toMatchObject({ id: friend, username: 'renamed_later', displayName: 'Before', globalName: 'Before' });
  expect(alice.relationships.list()[0]?.user).toMatchObject({ id: friend, username: 'renamed_later', displayName: 'After', globalName: 'After' });
});

describe('a list reuses the users of unchanged friends (readTapeListReusing in lib/tape.ts)', () => {
  /** `n` friends of alice with long names (the list's text crosses in several 32K-unit segments from ~400). */
  async function friends(n: number) {
    const alice = w.client();
    await w.signIn(alice);
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = w.sim.users.create({ username: `friend_${String(i).padStart(4, '0')}_with_a_long_name`, displayName: `Friend number ${i} of the list` }).id;
      w.sim.relationships.befriend(w.user.id, id);
      ids.push(id);
    }
    await until(() => alice.relationships.list().length === n);
    return { alice, ids };
  }
  const usersOf = (list: { user: unknown }[]) => list.map((r) => r.user);

  test('an unchanged list: a new array of the same frozen relationships and users, each read twice the same', async () => {
    const { alice } = await friends(3);
    const first = alice.relationships.list();
    const second = alice.relationships.list();
    expect(second).not.toBe(first);
    second.forEach((r, i) => {
      expect(r).toBe(first[i]);
      expect(Object.isFrozen(r)).toBe(true);
      expect(r.user).toBe(first[i]?.user);
      expect(r.user).toBe(r.user);
    });
    expect(second.map((r) => Object.keys(r))).toEqual(second.map(() => ['userId', 'platformType', 'gameType', 'isSpamRequest', 'user']));
    // A change of one friend's record gives new users, the new name among them: a name of the
    // same length, so that only the list's text differs, not its numbers (the text's lengths).
    const [renamed] = first;
    w.sim.users.update(renamed?.userId as string, { globalName: 'Friend NUMBER 0 of the list' });
    await until(() => alice.relationships.list()[0]?.user?.displayName === 'Friend NUMBER 0 of the list');
    const third = alice.relationships.list();
    expect(third[0]?.user).not.toBe(first[0]?.user);
    expect(first[0]?.user?.displayName).toBe('Friend number 0 of the list');
    expect(third.map((r) => r.user?.username)).toEqual(first.map((r) => r.user?.username));
    // A change in the numbers only (a status): new users too.
    w.sim.presence.setStatus(renamed?.userId as string, 'idle');
    await until(() => alice.relationships.list()[0]?.user?.status === 'idle');
    expect(third[0]?.user?.status).toBe('offline');
    expect(alice.relationships.list()[1]?.user).not.toBe(third[1]?.user);
  });

  test("what a caller does to a list it got never reaches the next list: sorted, emptied, written to", async () => {
    const { alice, ids } = await friends(3);
    const order = alice.relationships.list().map((r) => r.userId);
    expect(order).toEqual(ids);
    const mine = alice.relationships.list();
    mine.sort((a, b) => (b.userId < a.userId ? -1 : 1));  // another order than the SDK's
    expect(mine.map((r) => r.userId)).not.toEqual(order);
    const writable = mine[0] as { platformType: string; user: unknown };
    expect(() => { writable.platformType = 'blocked'; }).toThrow(TypeError);
    expect(() => { writable.user = null; }).toThrow(TypeError);
    mine.length = 0;
    const next = alice.relationships.list();
    expect(next.map((r) => r.userId)).toEqual(order);
    for (const r of next) {
      expect(r.platformType).toBe('friend');
      expect(r.user?.toJSON()).toEqual(alice.relationships.get(r.userId)?.user?.toJSON());
    }
  });

  test('segment by segment: only the segment with the changed friend is read afresh', async () => {
    const { alice, ids } = await friends(1200);
    const first = alice.relationships.list();
    const last = ids.length - 1;
    w.sim.users.update(ids[last] as string, { globalName: 'The last one, renamed' });
    await until(() => alice.relationships.list().at(-1)?.user?.displayName === 'The last one, renamed');
    const second = alice.relationships.list();
    expect(second.map((r) => r.userId)).toEqual(first.map((r) => r.userId));
    // The first friends' segment did not change: the same users; the last friend's did.
    expect(second[0]?.user).toBe(first[0]?.user);
    expect(second[100]?.user).toBe(first[100]?.user);
    expect(second[last]?.user).not.toBe(first[last]?.user);
    expect(second[last - 1]?.user).not.toBe(first[last - 1]?.user);
    expect(usersOf(second).filter((u, i) => u === first[i]?.user).length).toBeGreaterThan(ids.length / 2);
    expect(second[last - 1]?.user).toEqual(first[last - 1]?.user);
    expect(first[last]?.user?.displayName).toBe(`Friend number ${last} of the list`);
    expect(second[last]?.user?.displayName).toBe('The last one, renamed');
    // Every user is what get() reads of the friend now.
    for (const i of [0, 100, last - 1, last]) {
      expect(second[i]?.user?.toJSON()).toEqual(alice.relationships.get(ids[i] as string)?.user?.toJSON());
    }
  });

  test('a user whose details were read is not reused: the next list reads them afresh', async () => {
    const { alice, ids } = await friends(2);
    const friend = ids[0] as string;
    const first = alice.relationships.list();
    expect(first[0]?.user?.applicationProfiles).toEqual([]);
    // Not on the list's tape: only a fresh user reads it.
    w.sim.users.setApplicationProfile(friend, w.app.id, { providerType: 'steam', providerIssuedUserId: '76561198000000002', username: 'on_steam' });
    await until(() => (alice.users.get(friend)?.applicationProfiles.length ?? 0) === 1);
    const second = alice.relationships.list();
    expect(second[0]?.user).not.toBe(first[0]?.user);
    expect(second[0]?.user?.applicationProfiles).toEqual([expect.objectContaining({ providerType: 'steam', username: 'on_steam' })]);
    expect(first[0]?.user?.applicationProfiles).toEqual([]);
  });
});

test('an invisible friend lists as offline with no activity; they still see their own', async () => {
  const { alice, bob, bobId } = await pair();
  w.sim.relationships.befriend(w.user.id, bobId);
  const bobListed = () => alice.relationships.list().find((r) => r.userId === bobId)?.user;
  await bob.presence.update({ state: 'In a match' });
  await until(() => bobListed()?.activity?.state === 'In a match');
  expect(bobListed()?.status).toBe('online');
  await bob.presence.setOnlineStatus('invisible');
  await until(() => bobListed()?.status === 'offline');
  expect(bobListed()?.activity).toBeNull();
  expect(alice.users.get(bobId)).toMatchObject({ status: 'offline', activity: null });
  expect(bob.users.current).toMatchObject({ status: 'invisible', activity: { state: 'In a match' } });
});

describe('users', () => {
  test('current is null before ready; get() reads only the cache', async () => {
    const alice = w.client();
    expect(alice.users.current).toBeNull();
    await w.signIn(alice);
    expect(alice.users.current).toMatchObject({ id: w.user.id, username: 'alice', displayName: 'Alice', isProvisional: false, status: 'online' });
    const stranger = w.sim.users.create({ username: 'stranger' });
    expect(alice.users.get(stranger.id)).toBeNull();
    w.sim.relationships.befriend(w.user.id, stranger.id);
    await until(() => alice.users.get(stranger.id) !== null);
    expect(alice.users.get(stranger.id)).toMatchObject({ username: 'stranger', status: 'offline', activity: null });
  });

  test('profile edits fire userUpdated with the new names and avatar', async () => {
    const { alice, bobId } = await pair();
    w.sim.relationships.befriend(w.user.id, bobId);
    await until(() => alice.users.get(bobId) !== null);
    const updated = nextEvent(alice, 'userUpdated', (u) => u.id === bobId && u.globalName === 'Robert');
    w.sim.users.update(bobId, { globalName: 'Robert', avatar: 'a_0123456789abcdef0123456789abcdef' });
    const [u] = await updated;
    expect(u).toMatchObject({ displayName: 'Robert', avatar: 'a_0123456789abcdef0123456789abcdef' });
    expect(u.avatarUrl('gif', 'png')).toMatch(/a_0123456789abcdef0123456789abcdef\.gif/);
    expect(u.avatarUrl('webp', 'jpeg')).toMatch(/\.webp/);
    w.sim.users.update(bobId, { globalName: null, avatar: null });
    await until(() => alice.users.get(bobId)?.globalName === null);
    expect(alice.users.get(bobId)?.avatarUrl()).toMatch(/\.png/);
  });

  test('application profiles on the user and through the client', async () => {
    const { alice, bob, bobId } = await pair();
    w.sim.relationships.befriend(w.user.id, bobId);
    await until(() => alice.users.get(bobId) !== null);
    expect(alice.users.get(bobId)?.applicationProfiles).toEqual([]);
    w.sim.users.setApplicationProfile(bobId, w.app.id, {
      providerType: 'steam', providerIssuedUserId: '76561198000000001', username: 'bob_on_steam', avatarHash: 'abc', metadata: '{"level":7}',
    });
    await until(() => (alice.users.get(bobId)?.applicationProfiles.length ?? 0) === 1);
    expect(alice.users.get(bobId)?.applicationProfiles[0]).toEqual({
      providerType: 'steam', providerId: null, providerIssuedUserId: '76561198000000001', username: 'bob_on_steam',
      avatarHash: 'abc', metadata: '{"level":7}',
    });
    expect(bob.users.applicationProfiles()).toEqual(alice.users.get(bobId)?.applicationProfiles);
    // Another application does not see them.
    const other = w.sim.applications.create({ name: 'Other' });
    w.sim.users.setApplicationProfile(bobId, other.id, { providerType: 'oidc', providerId: 'issuer', providerIssuedUserId: 'x' });
    await settle();
    expect(bob.users.applicationProfiles()).toHaveLength(1);
    expect(JSON.parse(JSON.stringify(alice.users.get(bobId)))).toMatchObject({ applicationProfiles: [{ providerType: 'steam' }] });
  });
});

test('bad arguments are rejected by name', async () => {
  const alice = w.client();
  await expect(alice.relationships.accept('x')).rejects.toThrow(/userId/);
  await expect(alice.relationships.accept('1', 'both' as never)).rejects.toThrow(/kind/);
  await expect(alice.relationships.sendFriendRequest({ username: 'a', userId: '1' } as never)).rejects.toThrow(/not both/);
  await expect(alice.relationships.sendFriendRequest('x'.repeat(33))).rejects.toThrow(RangeError);
  await expect(alice.relationships.sendFriendRequest('bob', { kind: 'best' as never })).rejects.toThrow(/options\.kind/);
  expect(() => alice.relationships.get(0n)).toThrow(RangeError);
});

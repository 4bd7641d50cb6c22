// Lobby chat and direct messages between two clients, message fields, the 25-message memory
// of the SDK (burst capture), history caps, and the backend's additions to messages.
import { PlatformError, type Message } from '../lib/index';
import { closeAll, collect, freshWorld, nextEvent, secondUser, settle, until, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

async function twoInLobby(secret = 'chat') {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const lobby = await alice.lobbies.createOrJoin(secret);
  await bob.client.lobbies.createOrJoin(secret);
  return { alice, bob, lobby };
}

test('lobby chat: each side sees the other with author, channel, lobby and time', async () => {
  const { alice, bob, lobby } = await twoInLobby();
  const bobSees = nextEvent(bob.client, 'messageCreated', (m) => m.content === 'gg');
  const before = w.sim.clock.now();
  const id = await lobby.sendMessage('gg', { metadata: { kind: 'emote' } });
  const [m] = await bobSees;
  expect(m.id).toBe(id);
  expect(m.authorId).toBe(w.user.id);
  expect(m.author?.displayName).toBe('Alice');
  expect(m.lobbyId).toBe(lobby.id);
  expect(m.channelId).toBe(lobby.id);
  expect(m.channelType).toBe('lobby');
  expect(m.recipientId).toBeNull();
  expect(m.metadata).toEqual({ kind: 'emote' });
  expect(m.sentFromGame).toBe(true);
  expect(m.applicationId).toBe(w.app.id);
  expect(m.sentAt.getTime()).toBeGreaterThanOrEqual(before);
  expect(m.sentAt.getTime()).toBeLessThanOrEqual(w.sim.clock.now());
  expect(m.editedAt).toBeNull();

  const aliceSees = nextEvent(alice, 'messageCreated', (x) => x.content === 'wp');
  await bob.client.lobbies.get(lobby.id)!.sendMessage('wp');
  const [reply] = await aliceSees;
  expect(reply.authorId).toBe(bob.user.id);
  expect(reply.author?.displayName).toBe('Bob');
  expect(JSON.parse(JSON.stringify(reply))).toMatchObject({ id: reply.id, lobbyId: lobby.id, channelType: 'lobby' });
});

test('direct messages: send, edit, delete, seen by both sides', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const bobCreated = nextEvent(bob.client, 'messageCreated', (m) => m.content === 'hi bob');
  const id = await alice.messages.sendToUser(bob.user.id, 'hi bob');
  const [m] = await bobCreated;
  expect(m).toMatchObject({ id, authorId: w.user.id, recipientId: bob.user.id, lobbyId: null, channelType: 'dm' });
  expect(bob.client.messages.getChannel(m.channelId)).toMatchObject({ id: m.channelId, type: 'dm' });

  const updated = nextEvent(bob.client, 'messageUpdated', (x) => x.id === id);
  await alice.messages.edit(bob.user.id, id, 'hi Bob!');
  const [edited] = await updated;
  expect(edited.content).toBe('hi Bob!');
  expect(edited.editedAt).toBeInstanceOf(Date);

  const deleted = nextEvent(bob.client, 'messageDeleted', (x) => x.messageId === id);
  await alice.messages.delete(bob.user.id, id);
  expect((await deleted)[0]).toEqual({ messageId: id, channelId: m.channelId });

  await expect(bob.client.messages.edit(w.user.id, id, 'not yours')).rejects.toBeInstanceOf(PlatformError);
});

test('the first message that syncs to the platform is preceded by a disclosure notice', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const mine = collect(alice, 'messageCreated');
  await alice.messages.sendToUser(bob.user.id, 'first');
  await alice.messages.sendToUser(bob.user.id, 'second');
  await until(() => mine.filter((m) => m.content === 'second').length === 1);
  const disclosures = mine.filter((m) => m.disclosureType === 'messageDataVisibleOnPlatform');
  expect(disclosures).toHaveLength(1);
  expect(mine.indexOf(disclosures[0]!)).toBeLessThan(mine.findIndex((m) => m.content === 'first'));
  expect(mine.filter((m) => m.content === 'first' || m.content === 'second').every((m) => m.disclosureType === null)).toBe(true);
});

test('content over 2,000 characters is refused before anything is sent', async () => {
  const { alice, bob, lobby } = await twoInLobby();
  const bobSaw = collect(bob.client, 'messageCreated');
  await expect(lobby.sendMessage('x'.repeat(2001))).rejects.toThrow(RangeError);
  await expect(alice.messages.sendToUser(bob.user.id, 'y'.repeat(2001))).rejects.toThrow(/2000 characters/);
  await expect(lobby.sendMessage('')).rejects.toThrow(RangeError);
  // 2,000 characters counted as code points: 2,000 emoji (4,000 UTF-16 units) are fine.
  await lobby.sendMessage('😀'.repeat(2000));
  await until(() => bobSaw.length === 1);
  expect(bobSaw[0]?.content).toBe('😀'.repeat(2000));
});

test('a burst of 1,000 messages in one RunCallbacks reaches JS complete and in order', async () => {
  const { alice, bob, lobby } = await twoInLobby('burst');
  const received: Message[] = [];
  alice.on('messageCreated', (m) => received.push(m));
  w.sim.clock.setFrozen(true);
  try {
    const ids: string[] = [];
    for (let i = 0; i < 1000; i++) ids.push(w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, `msg ${i}`));
    await until(() => received.length === 1000, 10000);
    expect(received.map((m) => m.content)).toEqual(ids.map((_, i) => `msg ${i}`));
    expect(received.map((m) => m.id)).toEqual(ids);
    expect(received.every((m) => m.authorId === bob.user.id && m.lobbyId === lobby.id)).toBe(true);
    // The SDK itself kept only the last 25: capturing inside the callback is what saved the rest.
    expect(alice.messages.get(ids[0]!)).toBeNull();
    expect(alice.messages.get(ids[999]!)?.content).toBe('msg 999');
  } finally {
    w.sim.clock.setFrozen(false);
  }
});

test('lobby history: newest first, at most 200 messages and 72 hours', async () => {
  const { alice, bob, lobby } = await twoInLobby('history');
  for (let i = 0; i < 250; i++) w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, `old ${i}`);
  const page = await lobby.getMessages({ limit: 200 });
  expect(page).toHaveLength(200);
  expect(page[0]?.content).toBe('old 249');
  expect(page[199]?.content).toBe('old 50');
  expect(page.every((m, i) => i === 0 || m.sentAt.getTime() <= page[i - 1]!.sentAt.getTime())).toBe(true);
  await expect(lobby.getMessages({ limit: 201 })).rejects.toThrow(RangeError);
  await expect(lobby.getMessages({ limit: 0 })).rejects.toThrow(RangeError);

  w.sim.clock.advance(73 * 3600 * 1000);
  for (let i = 0; i < 3; i++) w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, `new ${i}`);
  const recent = await alice.lobbies.get(lobby.id)!.getMessages({ limit: 200 });
  expect(recent.map((m) => m.content)).toEqual(['new 2', 'new 1', 'new 0']);
});

test('DM history: 404 before a channel exists, then newest first, served from cache offline', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const none = await alice.messages.getUserMessages(bob.user.id).catch((e) => e);
  expect(none).toBeInstanceOf(PlatformError);
  expect(none.status).toBe(404);
  for (let i = 0; i < 5; i++) await alice.messages.sendToUser(bob.user.id, `dm ${i}`);
  await settle(30);
  const page = await bob.client.messages.getUserMessages(w.user.id, { limit: 3 });
  expect(page.map((m) => m.content)).toEqual(['dm 4', 'dm 3', 'dm 2']);
  w.sim.network.setOnline(false);
  try {
    const cached = await bob.client.messages.getUserMessages(w.user.id, { limit: 3 });
    expect(cached.map((m) => m.content)).toEqual(['dm 4', 'dm 3', 'dm 2']);
  } finally {
    w.sim.network.setOnline(true);
  }
  const summaries = await bob.client.messages.getSummaries();
  expect(summaries).toEqual([{ userId: w.user.id, lastMessageId: page[0]!.id }]);
});

test('additional name and moderation metadata show on the right messages only', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const { id: lobbyId } = w.sim.backend.createLobby({ applicationId: w.app.id });
  w.sim.backend.updateLobbyMembers(lobbyId, [{ userId: w.user.id }, { userId: bob.user.id, additionalName: 'Sir Bob the Bold' }]);
  await until(() => alice.lobbies.get(lobbyId)?.members.length === 2);
  const seen = collect(alice, 'messageCreated');
  const fromBob = w.sim.backend.sendLobbyMessageAs(bob.user.id, lobbyId, 'for the realm');
  const fromAlice = await alice.lobbies.get(lobbyId)!.sendMessage('hello knight');
  await until(() => seen.length >= 2);
  expect(seen.find((m) => m.id === fromBob)?.additionalName).toBe('Sir Bob the Bold');
  expect(seen.find((m) => m.id === fromAlice)?.additionalName).toBeNull();

  const updated = nextEvent(alice, 'messageUpdated', (m) => m.id === fromBob);
  w.sim.backend.setModerationMetadata(fromBob, { flagged: 'no' }, { lobbyId });
  expect((await updated)[0].moderationMetadata).toEqual({ flagged: 'no' });
  const history = await alice.lobbies.get(lobbyId)!.getMessages();
  expect(history.find((m) => m.id === fromAlice)?.moderationMetadata).toEqual({});
  // The DM endpoint does not take lobby messages.
  expect(() => w.sim.backend.setModerationMetadata(fromBob, { flagged: 'yes' })).toThrow(/404/);

  const dm = w.sim.backend.sendUserMessageAs(bob.user.id, w.user.id, 'psst', { applicationId: w.app.id });
  const dmUpdated = nextEvent(alice, 'messageUpdated', (m) => m.id === dm);
  w.sim.backend.setModerationMetadata(dm, { reviewed: 'true' });
  expect((await dmUpdated)[0].moderationMetadata).toEqual({ reviewed: 'true' });
});

test('messages from a sibling application carry its application id', async () => {
  const hub = w.sim.applications.create({ name: 'Game A' });
  const sibling = w.sim.applications.create({ name: 'Game B', publisherId: hub.publisherId });
  expect(sibling.publisherId).toBe(hub.publisherId);
  const bobUser = w.sim.users.create({ username: 'bob' });
  const aliceA = w.client({ applicationId: hub.id });
  const bobB = w.client({ applicationId: sibling.id });
  await aliceA.auth.updateToken(w.sim.auth.issueToken(w.user.id, { applicationId: hub.id }).accessToken);
  await aliceA.connect();
  await bobB.auth.updateToken(w.sim.auth.issueToken(bobUser.id, { applicationId: sibling.id }).accessToken);
  await bobB.connect();
  const got = nextEvent(bobB, 'messageCreated', (m) => m.content === 'from game A');
  await aliceA.messages.sendToUser(bobUser.id, 'from game A');
  expect((await got)[0].applicationId).toBe(hub.id);
});

test('platform-client messages: sentFromGame false, additional content', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const bob = w.sim.users.create({ username: 'bob' });
  const got = nextEvent(alice, 'messageCreated', (m) => m.content === 'look at this');
  w.sim.backend.sendUserMessageAs(bob.id, w.user.id, 'look at this', {
    fromPlatformClient: true, additionalContent: { type: 'attachment', title: 'screenshot.png', count: 2 },
  });
  const [m] = await got;
  expect(m.sentFromGame).toBe(false);
  expect(m.applicationId).toBeNull();
  expect(m.additionalContent).toEqual({ type: 'attachment', title: 'screenshot.png', count: 2 });
});

test('each message event carries only its own fields, one captured after another in one pump', async () => {
  // The live event path captures every message into one reused record: a field a message does
  // not have must not keep the previous message's value.
  const alice = w.client();
  await w.signIn(alice);
  const bob = w.sim.users.create({ username: 'bob', displayName: 'Bob' });
  const carol = w.sim.users.create({ username: 'carol', displayName: 'Carol' });
  const seen = collect(alice, 'messageCreated');
  const rich = w.sim.backend.sendUserMessageAs(bob.id, w.user.id, 'look at this, a long line past any small-string buffer', {
    fromPlatformClient: true, metadata: { kind: 'emote', mood: 'happy' }, applicationId: w.app.id,
    additionalContent: { type: 'attachment', title: 'screenshot.png', count: 2 },
  });
  const plain = w.sim.backend.sendUserMessageAs(carol.id, w.user.id, 'hi');
  await until(() => seen.length >= 2);
  const first = seen.find((m) => m.id === rich)!;
  const second = seen.find((m) => m.id === plain)!;
  expect(first).toMatchObject({ content: 'look at this, a long line past any small-string buffer', sentFromGame: false, applicationId: w.app.id });
  expect(first.metadata).toEqual({ kind: 'emote', mood: 'happy' });
  expect(first.additionalContent).toEqual({ type: 'attachment', title: 'screenshot.png', count: 2 });
  expect(first.author?.displayName).toBe('Bob');
  expect(second).toMatchObject({ content: 'hi', rawContent: 'hi', authorId: carol.id, sentFromGame: true, applicationId: null, additionalContent: null, additionalName: null });
  expect(second.metadata).toEqual({});
  expect(second.moderationMetadata).toEqual({});
  expect(second.author?.displayName).toBe('Carol');
  expect(second.author?.username).toBe('carol');
});

test('message argument validation', async () => {
  const alice = w.client();
  await expect(alice.messages.sendToUser('abc', 'x')).rejects.toThrow(/userId/);
  await expect(alice.messages.sendToUser('1', 7 as never)).rejects.toThrow(/content/);
  await expect(alice.messages.sendToUser('1', 'x', { metadata: { a: {} } } as never)).rejects.toThrow(/^options\.metadata: the value of key 1 must be a string/);
  await expect(alice.messages.edit('1', -1n, 'x')).rejects.toThrow(RangeError);
  await expect(alice.messages.delete(null as never, '1')).rejects.toThrow(/recipientId/);
  await expect(alice.messages.getUserMessages('1', { limit: 1.5 })).rejects.toThrow(/options\.limit/);
  expect(() => alice.messages.get('')).toThrow(/messageId/);
  expect(() => alice.messages.getChannel(0n)).toThrow(RangeError);
  expect(() => alice.messages.setShowingChat('yes' as never)).toThrow(/showing/);
  expect(() => alice.messages.canOpenInPlatform({} as never)).toThrow(/messageId/);
  await expect(alice.messages.openInPlatform('x')).rejects.toThrow(/messageId/);
});

// TapeReader.map freezes every map read from a tape and hands out one shared empty map; messages
// read through Node-API (messages.get) freeze theirs apart. Every path must give read-only maps.
test('message and lobby metadata are read-only on every path, empty or not', async () => {
  const { alice, bob, lobby } = await twoInLobby();
  const seen = nextEvent(bob.client, 'messageCreated', (m) => m.content === 'meta');
  const plainSeen = nextEvent(bob.client, 'messageCreated', (m) => m.content === 'plain');
  await lobby.sendMessage('meta', { metadata: { kind: 'emote' } });
  await lobby.sendMessage('plain');
  const [[withMeta], [plain]] = await Promise.all([seen, plainSeen]);
  const history = await bob.client.lobbies.get(lobby.id)!.getMessages({ limit: 10 });
  const cached = bob.client.messages.get(withMeta.id)!;
  const cachedPlain = bob.client.messages.get(plain.id)!;
  for (const m of [withMeta, plain, ...history, cached, cachedPlain]) {
    expect(Object.isFrozen(m.metadata)).toBe(true);
    expect(Object.isFrozen(m.moderationMetadata)).toBe(true);
    expect(() => { (m.metadata as Record<string, string>)['x'] = 'y'; }).toThrow(TypeError);
    expect(m.metadata['x']).toBeUndefined();
  }
  expect(withMeta.metadata).toEqual({ kind: 'emote' });
  expect(cached.metadata).toEqual({ kind: 'emote' });
  expect(history.find((m) => m.id === withMeta.id)?.metadata).toEqual({ kind: 'emote' });
  expect(plain.metadata).toEqual({});
  const mine = alice.lobbies.get(lobby.id)!;
  expect(Object.isFrozen(mine.metadata)).toBe(true);
  for (const member of mine.members) expect(Object.isFrozen(member.metadata)).toBe(true);
});

test("each live message carries its own channel's lobby and type, whatever channels came before", async () => {
  // The live capture keeps the lobby and type of the last few channels (MessageChannelCache, 8
  // entries): messages of ten lobbies and a DM, interleaved, must each get their own channel's,
  // also after the channels' entries were replaced.
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const lobbies = [];
  for (let i = 0; i < 10; i++) {
    const lobby = await alice.lobbies.createOrJoin(`room-${i}`);
    await bob.client.lobbies.createOrJoin(`room-${i}`);
    lobbies.push(lobby);
  }
  const seen = collect(bob.client, 'messageCreated');
  const expected = new Map<string, { lobbyId: string | null; channelType: string }>();
  for (let round = 0; round < 2; round++) {
    for (const [i, lobby] of lobbies.entries()) {
      for (const n of [0, 1]) {  // the second of a lobby's two finds its channel kept (8 entries)
        const content = `r${round} lobby ${i} #${n}`;
        await lobby.sendMessage(content);
        expected.set(content, { lobbyId: lobby.id, channelType: 'lobby' });
      }
      if (i % 3 === 0) {
        const dm = `r${round} dm ${i}`;
        await alice.messages.sendToUser(bob.user.id, dm);
        expected.set(dm, { lobbyId: null, channelType: 'dm' });
      }
    }
  }
  await until(() => [...expected.keys()].every((c) => seen.some((m) => m.content === c)));
  for (const [content, want] of expected) {
    const m = seen.find((x) => x.content === content)!;
    expect({ content, lobbyId: m.lobbyId, channelType: m.channelType }).toEqual({ content, ...want });
    if (want.lobbyId !== null) expect(m.channelId).toBe(want.lobbyId);
  }
});

test('a client that comes back to another world forgets the channels it knew (an id may name another kind there)', async () => {
  // The platform never reuses a channel id, but the simulator's fixture load can: here the id of
  // Alice's DM with Bob becomes a lobby's. The live capture keeps only the channels of lobbies the
  // SDK shows (MessageChannelCache), so the DM's kind is never served for the lobby's messages.
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const dm = nextEvent(alice, 'messageCreated', (m) => m.content === 'a dm');
  await bob.client.messages.sendToUser(w.user.id, 'a dm');
  const [first] = await dm;
  expect(first).toMatchObject({ channelType: 'dm', lobbyId: null });
  const doc = w.sim.save({ grants: true });
  doc.lobbies!.push({
    id: first.channelId, applicationId: w.app.id, secret: '', backendCreated: true, metadata: {},
    members: [{ userId: w.user.id, metadata: {} }, { userId: bob.user.id, metadata: {} }], messages: [],
  });
  const gone = nextEvent(alice, 'status', (s) => s.status === 'disconnected');
  w.sim.load(doc);
  await gone;
  await alice.connect();
  const inLobby = nextEvent(alice, 'messageCreated', (m) => m.content === 'in the lobby');
  w.sim.backend.sendLobbyMessageAs(bob.user.id, first.channelId, 'in the lobby');
  const [second] = await inLobby;
  expect(second).toMatchObject({ channelId: first.channelId, channelType: 'lobby', lobbyId: first.channelId });
});

test('a message of a lobby the client left before it was read shows no lobby, whatever the capture kept', async () => {
  // The live capture keeps a lobby channel's type (MessageChannelCache); whether the SDK shows the
  // lobby at all is the client's state when the message is read, so a kept channel must not
  // bring back a lobby the client has left. Lobby one's channel is kept, lobby two's is not:
  // both must read alike.
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const one = await alice.lobbies.createOrJoin('left-one');
  await bob.client.lobbies.createOrJoin('left-one');
  const two = await alice.lobbies.createOrJoin('left-two');
  await bob.client.lobbies.createOrJoin('left-two');
  const seen = collect(alice, 'messageCreated');
  w.sim.backend.sendLobbyMessageAs(bob.user.id, one.id, 'warm');
  await until(() => seen.length === 1);
  expect(seen[0]).toMatchObject({ lobbyId: one.id, channelType: 'lobby' });
  // Both messages are queued for Alice, then she is removed from both lobbies before they are read.
  w.sim.clock.setFrozen(true);
  try {
    w.sim.backend.sendLobbyMessageAs(bob.user.id, one.id, 'one after');
    w.sim.backend.sendLobbyMessageAs(bob.user.id, two.id, 'two after');
    w.sim.backend.updateLobbyMembers(one.id, [{ userId: w.user.id, remove: true }]);
    w.sim.backend.updateLobbyMembers(two.id, [{ userId: w.user.id, remove: true }]);
  } finally {
    w.sim.clock.setFrozen(false);
  }
  await until(() => seen.length === 3);
  const read = (content: string) => {
    const m = seen.find((x) => x.content === content)!;
    return { lobbyId: m.lobbyId, channelType: m.channelType };
  };
  expect(read('two after')).toEqual({ lobbyId: null, channelType: 'unknown' });
  expect(read('one after')).toEqual(read('two after'));
});

test("a live message's author is the user as of the message: a provisional account renamed between two", async () => {
  // The simulator reuses an author's view while the user is unchanged (a version per user,
  // touchUser): the rename of a provisional account must end that reuse.
  const client = w.client();
  const t = await client.auth.getProvisionalToken({ externalAuthType: 'steamSessionTicket', externalAuthToken: 'steam-ticket-rename-0001' });
  await client.auth.updateToken(t.accessToken);
  await client.connect();
  const lobby = await client.lobbies.createOrJoin('renamed-author');
  const seen = collect(client, 'messageCreated');
  await lobby.sendMessage('before');
  await until(() => seen.length === 1);
  const before = seen[0]!.author!.displayName;
  expect(before).not.toBe('Bobby');
  await client.auth.updateProvisionalAccountDisplayName('Bobby');
  await lobby.sendMessage('after');
  await until(() => seen.length === 2);
  expect(seen.map((m) => [m.content, m.author?.displayName])).toEqual([['before', before], ['after', 'Bobby']]);
});

test("a live message's author after a fixture load is the loaded user, not the one the client saw before", async () => {
  // A fixture load replaces every user; a client that comes back must not be shown an author of
  // the old world (the simulator reuses an author's view while the user is unchanged).
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const lobby = await alice.lobbies.createOrJoin('loaded-author');
  await bob.client.lobbies.createOrJoin('loaded-author');
  const seen = collect(alice, 'messageCreated');
  w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, 'old world');
  await until(() => seen.length === 1);
  expect(seen[0]!.author?.displayName).toBe('Bob');
  const doc = w.sim.save({ grants: true });
  doc.users.find((u) => u.id === bob.user.id)!.displayName = 'Robert';
  const gone = nextEvent(alice, 'status', (s) => s.status === 'disconnected');
  w.sim.load(doc);
  await gone;
  await alice.connect();
  w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, 'new world');
  await until(() => seen.length === 2);
  expect(seen[1]).toMatchObject({ content: 'new world', author: { displayName: 'Robert' } });
});

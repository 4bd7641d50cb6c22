// Message history as a list: each author crosses once per list and the messages share one User
// (boundary.schema `shared`), a history message reads as the same message delivered live, and a
// capture that fails inside the SDK callback rejects the promise instead of losing it.
import { PlatformError, type Lobby } from '../lib/index';
import { addon } from '../lib/addon-loader';
import { closeAll, freshWorld, nextEvent, twoInLobby, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

test('a history list: one User per author, shared by their messages, each the right one', async () => {
  const { alice, bob, lobby } = await twoInLobby(w, 'shared-authors');
  for (let i = 0; i < 30; i++) {
    if (i % 3 === 0) await lobby.sendMessage(`from alice ${i}`);
    else w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, `from bob ${i}`);
  }
  const page = await alice.lobbies.get(lobby.id)!.getMessages({ limit: 200 });
  expect(page).toHaveLength(30);
  for (const m of page) expect(m.author?.id).toBe(m.authorId);
  const byAuthor = new Map(page.map((m) => [m.authorId, m.author]));
  expect(byAuthor.size).toBe(2);
  expect(byAuthor.get(w.user.id)?.displayName).toBe('Alice');
  expect(byAuthor.get(bob.user.id)?.displayName).toBe('Bob');
  for (const m of page) expect(m.author).toBe(byAuthor.get(m.authorId));
  // Another list is another snapshot: its Users are its own.
  const again = await alice.lobbies.get(lobby.id)!.getMessages({ limit: 5 });
  expect(again[0]?.author).not.toBe(page[0]?.author);
  expect(again[0]?.author?.toJSON()).toEqual(page[0]?.author?.toJSON());
});

test('more distinct authors than the tape shares (32): every message still has its own author', async () => {
  const { alice, lobby } = await twoInLobby(w, 'many-authors');
  const users = Array.from({ length: 40 }, (_, i) => w.sim.users.create({ username: `u${i}`, displayName: `User ${i}` }));
  w.sim.backend.updateLobbyMembers(lobby.id, users.slice(0, 20).map((u) => ({ userId: u.id })));
  w.sim.backend.updateLobbyMembers(lobby.id, users.slice(20).map((u) => ({ userId: u.id })));
  for (const [i, u] of users.entries()) {
    w.sim.backend.sendLobbyMessageAs(u.id, lobby.id, `first ${i}`);
    w.sim.backend.sendLobbyMessageAs(u.id, lobby.id, `second ${i}`);
  }
  const page = await alice.lobbies.get(lobby.id)!.getMessages({ limit: 200 });
  expect(page).toHaveLength(80);
  const withAuthor = page.filter((m) => m.author !== null);
  expect(withAuthor).toHaveLength(80);
  for (const m of withAuthor) {
    expect(m.author?.id).toBe(m.authorId);
    expect(m.author?.displayName).toBe(`User ${users.findIndex((u) => u.id === m.authorId)}`);
  }
  // Whether the SDK knows a user is its own business; a message of a known author never loses it.
  const known = new Set(withAuthor.map((m) => m.authorId));
  expect(page.filter((m) => known.has(m.authorId) && m.author === null)).toEqual([]);
});

test('a history message reads as the same message delivered live', async () => {
  const { alice, bob, lobby } = await twoInLobby(w, 'live-vs-history');
  const seen = nextEvent(alice, 'messageCreated', (m) => m.content === 'hello');
  w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, 'hello', { metadata: { kind: 'chat' } });
  const [live] = await seen;
  const [fromHistory] = await alice.lobbies.get(lobby.id)!.getMessages({ limit: 1 });
  expect(fromHistory?.toJSON()).toEqual(live.toJSON());
});

test('each message of a list is its own: no field of one leaks into the next (the capture reuses one record)', async () => {
  const { alice, bob, lobby } = await twoInLobby(w, 'no-leaks');
  // Bob's messages carry an additional name and Alice's none: the capture frees the last message's
  // name when the next one has one, and when it has none (native/values/sdk_string.h).
  w.sim.backend.updateLobbyMembers(lobby.id, [{ userId: bob.user.id, additionalName: 'Sir Bob the Bold' }]);
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) {
    const long = i % 3 === 0;  // a long content, then shorter ones: a reused buffer must not keep its tail
    const content = long ? `long ${i} ${'x'.repeat(300)}` : `short ${i}`;
    const options = i % 2 === 0 ? { metadata: { kind: 'chat', n: String(i) } } : {};
    ids.push(i % 4 === 1 ? await lobby.sendMessage(content) : w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, content, options));
  }
  const page = await alice.lobbies.get(lobby.id)!.getMessages({ limit: 200 });
  expect(page.map((m) => m.id).sort()).toEqual([...ids].sort());
  for (const m of page) {
    // The SDK's cache (25 per channel) still holds all twelve: the same message, captured alone.
    const alone = alice.messages.get(m.id);
    expect(alone).not.toBeNull();
    expect(m.toJSON()).toEqual(alone!.toJSON());
  }
  expect(new Set(page.map((m) => JSON.stringify(m.metadata))).size).toBeGreaterThan(2);
  expect(page.map((m) => m.additionalName)).toEqual(page.map((m) => (m.authorId === bob.user.id ? 'Sir Bob the Bold' : null)));
  expect(page.filter((m) => m.additionalName !== null).length).toBe(9);
});

test('a capture that fails inside the SDK callback rejects the history call, and the next one works', async () => {
  const { alice, bob, lobby } = await twoInLobby(w, 'capture-fault');
  for (let i = 0; i < 10; i++) w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, `m ${i}`);
  const chat = alice.lobbies.get(lobby.id)!;
  (addon().NativeClient as unknown as { failHistoryCaptureAfter(messages: number): void }).failHistoryCaptureAfter(4);
  const failed = await chat.getMessages({ limit: 200 }).then(() => null, (e: unknown) => e);
  expect(failed).toBeInstanceOf(PlatformError);
  expect((failed as PlatformError).type).toBe('unknown');
  expect((failed as PlatformError).message).toContain('could not be captured');
  const page = await chat.getMessages({ limit: 200 });
  expect(page.map((m) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `m ${9 - i}`));
});

/**
 * A lobby named `name` whose messages `m 0`, `m 1`, … carry `ids` (ascending as saved: a history
 * lists them newest first): sent, the world saved, their ids rewritten, the world loaded again,
 * and the lobby as a client signed in afresh sees it.
 */
async function historyWithIds(name: string, ids: readonly string[]): Promise<Lobby> {
  const { alice, lobby } = await twoInLobby(w, name);
  for (const i of ids.keys()) await lobby.sendMessage(`m ${i}`);
  const doc = w.sim.save();
  const saved = (doc.lobbies ?? []).find((l) => l.id === lobby.id)!.messages;
  expect(saved).toHaveLength(ids.length);
  saved.forEach((m, i) => { m.id = ids[i]!; });
  await alice.close();
  w.sim.load(doc);
  const again = w.client();
  await w.signIn(again);
  return again.lobbies.createOrJoin(name);
}

test('ids of every length cross as their decimal digits (the tape\'s id encoding)', async () => {
  const ids = ['1', '9', '10', '99', '100', '12345678', '99999999', '100000000', '100000001', '1000000000000000',
    '1234567890123456789', '9999999999999999999', '10000000000000000000', '18446744073709551615'];
  const chat = await historyWithIds('ids', ids);
  // Three lists: each converts every message's own id anew (EventTape::NewId: a message's id is new
  // per record, so it skips the id cache), and the same digits must come out every time.
  for (let k = 0; k < 3; k++) {
    expect((await chat.getMessages({ limit: 200 })).map((m) => m.id)).toEqual([...ids].reverse());
  }
});

test('neighbouring ids cross as their own digits (the tape reuses the last id\'s leading digits)', async () => {
  // Ascending as saved; a history lists them newest first, so each is converted right after the
  // next larger one. Neighbours here share their leading digits (only the last eight differ), share
  // their last eight digits but not the rest, straddle a multiple of 10^8, or differ in length.
  const ids = ['99999999', '100000000', '199999999', '200000000', '999999999999999999', '1000000000000000000',
    '1234567890099999999', '1234567890100000000', '1234567890123456789', '1234567890123456790', '1234567891123456789',
    '1234567901123456789', '9999999999999999999', '10000000000000000000', '10000000000000000001', '18446744073709551614',
    '18446744073709551615'];
  const chat = await historyWithIds('neighbour-ids', ids);
  for (let k = 0; k < 3; k++) {
    const page = await chat.getMessages({ limit: 200 });
    expect(page.map((m) => m.id)).toEqual([...ids].reverse());
    expect(page.map((m) => m.content)).toEqual(ids.map((_, i) => `m ${i}`).reverse());
  }
  // A shorter list starts the conversions elsewhere: each id still converts on its own.
  expect((await chat.getMessages({ limit: 5 })).map((m) => m.id)).toEqual(ids.slice(-5).reverse());
});

test('sentAt and editedAt: made on first read from the captured times, then the same Date on every read', async () => {
  const { alice, bob } = await twoInLobby(w, 'dates');
  const before = w.sim.clock.now();
  const id = await alice.messages.sendToUser(bob.user.id, 'hi bob');
  const updated = nextEvent(bob.client, 'messageUpdated', (x) => x.id === id);
  w.sim.clock.advance(5000);
  await alice.messages.edit(bob.user.id, id, 'hi Bob!');
  const [edited] = await updated;
  const [fromHistory] = await bob.client.messages.getUserMessages(w.user.id, { limit: 1 });
  for (const m of [edited, fromHistory!]) {
    expect(m.sentAt).toBeInstanceOf(Date);
    expect(m.sentAt).toBe(m.sentAt);
    expect(m.sentAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(m.editedAt).toBeInstanceOf(Date);
    expect(m.editedAt).toBe(m.editedAt);
    expect(m.editedAt!.getTime()).toBeGreaterThanOrEqual(m.sentAt.getTime() + 5000);
    expect(m.toJSON()).toMatchObject({ sentAt: m.sentAt.toISOString(), editedAt: m.editedAt!.toISOString() });
  }
  const lobby = alice.lobbies.get((await alice.lobbies.createOrJoin('dates')).id)!;
  await lobby.sendMessage('never edited');
  const [unedited] = await lobby.getMessages({ limit: 1 });
  expect(unedited?.content).toBe('never edited');
  expect(unedited?.editedAt).toBeNull();
  expect(unedited?.toJSON()).toMatchObject({ editedAt: null });
});

// A batch's authors (boundary.schema `shared authorId batch`, native EventTape::BatchRef, JS
// TapeReader.shared): the live messages of one tape share one User object per author captured
// equal in every field; a user changed between two messages of a batch is two Users; the
// sharing ends with the batch; an author whose first message's event JS skipped is still read.
import { type Message } from '../lib/index';
import { EventDispatcher } from '../lib/dispatch';
import * as tape from '../lib/tape';
import { EventKind } from '../lib/boundary';
import { EVENT_HEADER } from '../lib/tape';
import { closeAll, freshWorld, secondUser, until, type World } from './helpers';
import { writeEvent } from './generated/tape-writers';
import { TapeWriter } from './tape-writer';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => {
  jest.restoreAllMocks();
  return closeAll(w);
});

async function lobbyWithBob(name: string) {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const lobby = await alice.lobbies.createOrJoin(name);
  await bob.client.lobbies.createOrJoin(name);
  const received: Message[] = [];
  alice.on('messageCreated', (m) => received.push(m));
  // Alice's batches that brought messages (Bob's client dispatches too).
  let batches = 0;
  const dispatch = EventDispatcher.prototype.dispatch;
  jest.spyOn(EventDispatcher.prototype, 'dispatch').mockImplementation(function (this: EventDispatcher, nums, text, dropped) {
    const before = received.length;
    dispatch.call(this, nums, text, dropped);
    if (received.length > before) batches++;
  });
  return { alice, bob, lobby, received, batches: () => batches };
}

// Every message sent while the clock is frozen arrives in one RunCallbacks: one tape.
async function oneBatch(received: Message[], send: () => void, count: number): Promise<void> {
  w.sim.clock.setFrozen(true);
  try {
    send();
  } finally {
    w.sim.clock.setFrozen(false);
  }
  await until(() => received.length === count, 10000);
}

test('the messages of one batch share one User per author; the next batch has its own', async () => {
  const { bob, lobby, received, batches } = await lobbyWithBob('batch-authors');
  const before = batches();
  await oneBatch(received, () => {
    for (let i = 0; i < 5; i++) w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, `m${i}`);
  }, 5);
  expect(batches() - before).toBe(1);
  const [first, ...rest] = received;
  expect(first!.author?.displayName).toBe('Bob');
  for (const m of rest) expect(m.author).toBe(first!.author);
  await oneBatch(received, () => w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, 'later'), 6);
  const later = received[5]!;
  expect(later.author).not.toBe(first!.author);
  expect(later.author?.toJSON()).toEqual(first!.author?.toJSON());
});

// The simulator changes a user only between RunCallbacks, so a change lands between batches here
// (test/boundary.test.ts checks that the comparison within a batch covers every field).
test('a user changed between two batches crosses changed: nothing of the last batch is kept', async () => {
  const { bob, lobby, received } = await lobbyWithBob('batch-rename');
  await oneBatch(received, () => {
    w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, 'as bob');
    w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, 'as bob too');
  }, 2);
  w.sim.users.update(bob.user.id, { globalName: 'Robert' });
  await oneBatch(received, () => {
    w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, 'as robert');
    w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, 'as robert too');
  }, 4);
  const [asBob, , asRobert, again] = received;
  expect(asBob!.author?.globalName).toBe('Bob');
  expect(asRobert!.author?.globalName).toBe('Robert');
  expect(again!.author).toBe(asRobert!.author);
});

test("an author first written in an event JS skipped (no 'messageUpdated' listener) is read where it was written", async () => {
  const { bob, lobby, received, batches } = await lobbyWithBob('batch-skipped');
  const earlier = w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, 'earlier');
  await until(() => received.length === 1, 10000);
  const before = batches();
  await oneBatch(received, () => {
    w.sim.backend.setModerationMetadata(earlier, { flagged: 'no' }, { lobbyId: lobby.id });  // an update nobody listens to
    w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, 'after the update');
    w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, 'and another');
  }, 3);
  expect(batches() - before).toBe(1);
  const [, next, another] = received;
  expect(next!.author?.displayName).toBe('Bob');
  expect(next!.author?.id).toBe(bob.user.id);
  expect(another!.author).toBe(next!.author);
});

// The tags of a batch tape (EventTape::BatchRef), written by the tests' TapeWriter: the
// batch's records outlive their event, a back-reference reads a record it never saw at the offsets
// it carries, and a new reader (batch) starts empty.
test('TapeReader.shared: -4 remembers in the batch, -6 refers to it (read in place when skipped)', () => {
  const readName = (r: tape.TapeReader) => ({ name: r.str() });
  const writeName = (w: TapeWriter, v: { name: string }) => w.str(v.name);
  const w = new TapeWriter().enableBatch();
  writeEvent(w, EventKind.Log, 0, null, () => w.shared('1', { name: 'ann' }, writeName, true));
  const second = w.nums.length;
  writeEvent(w, EventKind.Log, 0, null, () => {
    w.shared('1', { name: 'ann' }, writeName, true);  // equal to the batch's first: a back-reference
    w.shared('1', { name: 'ann' }, writeName, true);  // and remembered in the event
    w.shared('2', { name: 'bob' }, writeName, true);
    w.shared('3', { name: 'bob' }, writeName, true);  // another key, an equal record
  });
  expect(w.nums.slice(EVENT_HEADER, second)).toEqual([0, -4, 0, 3]);
  expect(w.nums.slice(second + EVENT_HEADER)).toEqual([0, -6, 0, EVENT_HEADER + 3, 0, 0, -4, 1, 3, -6, 1, second + EVENT_HEADER + 8, 3]);
  const r = w.reader();
  r.i = EVENT_HEADER;
  expect(r.result()).toBeNull();
  const ann = r.shared(readName);
  expect(ann).toEqual({ name: 'ann' });
  r.i = second + EVENT_HEADER;
  expect(r.result()).toBeNull();  // the next event
  expect(r.shared(readName)).toBe(ann);
  expect(r.shared(readName)).toBe(ann);  // remembered in the event too
  const bob = r.shared(readName);
  expect(bob).toEqual({ name: 'bob' });
  expect(r.shared(readName)).toBe(bob);
  // A reader that skipped the first event reads ann where its fields are, and keeps its cursors.
  const skipped = w.reader();
  skipped.i = second + EVENT_HEADER;
  skipped.t = 3;
  expect(skipped.result()).toBeNull();
  expect(skipped.shared(readName)).toEqual({ name: 'ann' });
  expect([skipped.i, skipped.t]).toEqual([second + EVENT_HEADER + 5, 3]);
  // A reference past the tape read so far is an error, not a guess (hand-made: no encoder writes it).
  const bad = new tape.TapeReader(new Float64Array([-6, 0, 5, 0]), 'ann');
  expect(() => bad.shared(readName)).toThrow('refers past');
});

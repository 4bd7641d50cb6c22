// Every field of the Message and User records is captured natively on every path a message takes
// to JS: a live event, a history list, the getter (messages.get). A field added to the schema and
// its C++ struct but not to a capture (native/values/*_snapshot.cc) crosses as the struct's
// default and compiles: here it fails, named. The records are read with the generated readers
// (lib/boundary.ts) from the tapes the addon hands over, so the test knows no field by hand: the
// scenario gives every field a value other than its default on at least one message of each path.
import { EventKind, readMessage, readMessagesResult, readMessageCreatedEvent, readMessageUpdatedEvent, type NativeMessage } from '../lib/boundary';
import type { NativeTape } from '../lib/binding';
import { EventDispatcher } from '../lib/dispatch';
import * as tape from '../lib/tape';
import { EVENT_HEADER, TapeReader } from '../lib/tape';
import { closeAll, freshWorld, until, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

// What a field holds when the capture never set it (a C++ member's default, as it crosses).
function isDefault(v: unknown): boolean {
  if (v === null || v === 0 || v === '' || v === '0' || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === 'object' && Object.keys(v as object).length === 0;
}

// The fields of `records` (all of one record type) that none of them sets.
function neverSet(records: ReadonlyArray<object>): string[] {
  expect(records.length).toBeGreaterThan(0);
  const fields = Object.keys(records[0]!);
  return fields.filter((f) => records.every((r) => isDefault((r as Record<string, unknown>)[f])));
}

// The messages on the tapes handed to JS: of the message events, and of the completions (only
// history completions may be on `completions`' tapes).
function messagesOn(tapes: ReadonlyArray<NativeTape>, completions: boolean): NativeMessage[] {
  const messages: NativeMessage[] = [];
  for (const [nums, text] of tapes) {
    const r = new TapeReader(nums, text);
    while (r.i < nums.length) {
      r.nextSegmentIfDone();
      const kind = nums[r.i] as EventKind;
      const endI = r.i + EVENT_HEADER + nums[r.i + 2]!;
      const endT = r.t + nums[r.i + 3]!;
      expect(endI).toBeGreaterThan(r.i);
      r.i += EVENT_HEADER;
      r.result();
      if (!completions && (kind === EventKind.MessageCreated || kind === EventKind.MessageUpdated)) {
        const { message } = kind === EventKind.MessageCreated ? readMessageCreatedEvent(r) : readMessageUpdatedEvent(r);
        if (message !== null) messages.push(message);
      } else if (completions && kind === EventKind.Completion) {
        messages.push(...readMessagesResult(r).messages);
        expect([r.i, r.t]).toEqual([endI, endT]);
      }
      r.i = endI;
      r.t = endT;
    }
  }
  return messages;
}

test('every field of Message and of its author is captured on the event, history and getter paths', async () => {
  const alice = w.client();
  await w.signIn(alice);
  // An author with every field of User set: provisional, a global name, an avatar, a status
  // other than online (0).
  const bob = w.sim.users.create({ username: 'bob', displayName: 'Bob', provisional: true });
  w.sim.users.update(bob.id, { globalName: 'Bobby', avatar: 'a1b2c3' });
  w.sim.presence.setStatus(bob.id, 'idle');
  const lobby = await alice.lobbies.createOrJoin('capture');
  w.sim.backend.updateLobbyMembers(lobby.id, [{ userId: bob.id, additionalName: 'Bob the Builder' }]);

  const eventTapes: NativeTape[] = [];
  const historyTapes: NativeTape[] = [];
  let tapes = eventTapes;
  const dispatch = EventDispatcher.prototype.dispatch;
  jest.spyOn(EventDispatcher.prototype, 'dispatch').mockImplementation(function (this: EventDispatcher, nums, text, dropped) {
    // Copied: the addon may reuse a tape's buffer once it was dispatched.
    tapes.push([nums.slice(), typeof text === 'string' ? text : [...text]]);
    dispatch.call(this, nums, text, dropped);
  });
  const seen: string[] = [];
  alice.on('messageCreated', (m) => seen.push(m.id));
  alice.on('messageUpdated', (m) => seen.push(`edit ${m.id}`));
  // A lobby message with everything a game's message can carry (a mention: rawContent differs).
  const rich = w.sim.backend.sendLobbyMessageAs(bob.id, lobby.id, `hi <@${w.user.id}>`, {
    metadata: { kind: 'chat' }, applicationId: w.app.id, additionalContent: { type: 'attachment', title: 'shot.png', count: 2 },
  });
  // A direct message (its recipient), moderated (moderation metadata).
  const dm = w.sim.backend.sendUserMessageAs(bob.id, w.user.id, 'psst');
  w.sim.backend.setModerationMetadata(dm, { flagged: 'no' });
  // Alice's own first DM: the platform's disclosure notice (disclosureType) comes before it; then
  // she edits it (editedTimestamp).
  const own = await alice.messages.sendToUser(bob.id, 'first');
  await alice.messages.edit(bob.id, own, 'first, edited');
  await until(() => seen.includes(rich) && seen.includes(`edit ${dm}`) && seen.includes(`edit ${own}`));
  tapes = historyTapes;
  const history = [
    ...await alice.lobbies.get(lobby.id)!.getMessages(),
    ...await alice.messages.getUserMessages(bob.id),
  ];
  expect(history.map((m) => m.id)).toEqual(expect.arrayContaining([rich, dm, own]));
  // The getter's one-record tapes, as lib/messages.ts hands them to the tape reader.
  const got = jest.spyOn(tape, 'readTapeRecord');
  for (const m of history) expect(alice.messages.get(m.id)?.id).toBe(m.id);
  const getter = got.mock.calls.map(([t]) => tape.readTapeRecord(t, readMessage));
  expect(getter.length).toBe(history.length);

  const paths = { event: messagesOn(eventTapes, false), history: messagesOn(historyTapes, true), getter };
  for (const [path, messages] of Object.entries(paths)) {
    const authors = messages.flatMap((m) => (m.author === null ? [] : [m.author]));
    // A field listed here crossed as its default on every message of the path: its capture
    // (native/values/message_snapshot.cc, user_snapshot.cc) does not set it.
    expect({ path, message: neverSet(messages), author: neverSet(authors) }).toEqual({ path, message: [], author: [] });
  }
});

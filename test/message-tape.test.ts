// A Message is read straight from the tape (lib/messages.ts, its constructor): from a message
// event, a history list, or a getter's one-record tape (messages.get). The tapes here are written
// by the generated encoder (test/generated/tape-writers.ts) from NativeMessages, as the addon's
// generated Encode<Record> writes them: every field must come out as the NativeMessage says.
import { ClientMessages, MessageAuthors, newMessage, readMessageList } from '../lib/messages';
import { EventKind, readMessage as readNativeMessage } from '../lib/boundary';
import { ADDITIONAL_CONTENT_TYPE_BY_VALUE, channelTypeName, disclosureTypeName } from '../lib/enums';
import type { NativeMessage, NativeUser } from '../lib/binding';
import type { ClientCore } from '../lib/core';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './helpers';
import { TapeWriter } from './tape-writer';
import { writeEvent, writeMessage, writeMessagesResult } from './generated/tape-writers';

const core = { nativeOrNull: null } as unknown as ClientCore;
const bob: NativeUser = { id: '42', username: 'bob', displayName: 'Bob', globalName: null, isProvisional: true, avatar: 'abc', status: 2 };

function native(over: Partial<NativeMessage>): NativeMessage {
  return {
    id: '1001', content: 'hi @bob', rawContent: 'hi <@42>', authorId: '42', author: bob, channelId: '7', channelType: 1,
    lobbyId: null, recipientId: '43', applicationId: '99', additionalName: 'Bobby',
    metadata: { kind: 'chat', ['__proto__']: 'data' }, moderationMetadata: { flagged: 'no' },
    additionalContent: { type: 3, title: null, count: 2 }, disclosureType: 3, sentFromGame: true,
    sentTimestamp: 1_700_000_000_000, editedTimestamp: 1_700_000_100_000, ...over,
  };
}

// messages.get(id): the addon's getMessage hands over one Message record on a tape of its own
// (native RecordTapeToJs with EncodeMessage); here the generated writer writes it.
function got(m: NativeMessage) {
  const w = new TapeWriter();
  writeMessage(w, m);
  let asked: bigint | undefined;
  const fake = { nativeOrNull: { getMessage: (id: bigint) => ((asked = id), w.tape()), getUserDetails: () => null } } as unknown as ClientCore;
  const message = new ClientMessages(fake).get(m.id);
  expect(asked).toBe(BigInt(m.id));
  return message!;
}

test('messages.get: every field of the getter\'s one-record tape comes out as it went in', () => {
  const m = got(native({}));
  expect(m.toJSON()).toEqual({
    id: '1001', content: 'hi @bob', rawContent: 'hi <@42>', authorId: '42',
    author: expect.objectContaining({ id: '42', username: 'bob', displayName: 'Bob', globalName: null, isProvisional: true }),
    channelId: '7', channelType: 'dm', lobbyId: null, recipientId: '43', applicationId: '99', additionalName: 'Bobby',
    metadata: { kind: 'chat', ['__proto__']: 'data' }, moderationMetadata: { flagged: 'no' },
    additionalContent: { type: 'voiceMessage', title: null, count: 2 }, disclosureType: 'messageDataVisibleOnPlatform',
    sentFromGame: true, sentAt: new Date(1_700_000_000_000).toISOString(), editedAt: new Date(1_700_000_100_000).toISOString(),
  });
  expect(Object.keys(m.metadata)).toEqual(['kind', '__proto__']);
  expect(Object.isFrozen(m.metadata) && Object.isFrozen(m.moderationMetadata)).toBe(true);
});

test('messages.get: the other shapes: no author, a lobby message, empty maps, no additional content, never edited', () => {
  const m = got(native({
    author: null, content: 'same', rawContent: 'same', channelType: 3, lobbyId: '5', recipientId: null, applicationId: null,
    additionalName: null, metadata: {}, moderationMetadata: {}, additionalContent: null, disclosureType: null,
    sentFromGame: false, editedTimestamp: 0,
  }));
  expect(m.author).toBeNull();
  expect([m.content, m.rawContent, m.lobbyId, m.recipientId, m.applicationId, m.additionalName]).toEqual(['same', 'same', '5', null, null, null]);
  expect([m.metadata, m.moderationMetadata]).toEqual([{}, {}]);
  expect([m.additionalContent, m.disclosureType, m.sentFromGame, m.editedAt]).toEqual([null, null, false, null]);
  expect(m.sentAt.getTime()).toBe(1_700_000_000_000);
});

test('messages.get: null when the addon has no such message, without reading a tape', () => {
  const fake = { nativeOrNull: { getMessage: () => null } } as unknown as ClientCore;
  expect(new ClientMessages(fake).get('5')).toBeNull();
});

// A history's completion, read past its event header as the dispatcher reads it (the header's
// result() starts the event: its shared records are its own).
function historyReader(messages: NativeMessage[]) {
  const w = new TapeWriter();
  writeEvent(w, EventKind.Completion, 9, null, () => writeMessagesResult(w, { messages }));
  const r = w.reader();
  expect([r.num(), r.num(), r.num(), r.num()]).toEqual([EventKind.Completion, 9, w.nums.length - 4, w.text.length]);
  expect(r.result()).toBeNull();
  return { r, w };
}

test('a list: the messages of one author share one User however their authors interleave', () => {
  // The authors cross as shared records: the first of each in full, its repeats as back-references.
  const alice: NativeUser = { ...bob, id: '41', username: 'alice', displayName: 'Alice' };
  const order = [alice, bob, alice, alice, bob];
  const { r, w } = historyReader(order.map((u, k) => native({
    id: `${900 + k}`, content: `m${k}`, rawContent: `m${k}`, authorId: u.id, author: u,
  })));
  const list = readMessageList(core)(r);
  expect(list.map((m) => [m.id, m.content, m.rawContent, m.author?.displayName])).toEqual([
    ['900', 'm0', 'm0', 'Alice'], ['901', 'm1', 'm1', 'Bob'], ['902', 'm2', 'm2', 'Alice'], ['903', 'm3', 'm3', 'Alice'], ['904', 'm4', 'm4', 'Bob'],
  ]);
  expect(list[2]!.author).toBe(list[0]!.author);
  expect(list[3]!.author).toBe(list[0]!.author);
  expect(list[4]!.author).toBe(list[1]!.author);
  expect(list[1]!.author).not.toBe(list[0]!.author);
  // Each author's record crossed once: its name is in the text once.
  expect(w.text.split('Alice').length - 1).toBe(1);
  expect(r.i).toBe(w.nums.length);
  expect(r.t).toBe(w.text.length);
});

test('live messages (MessageAuthors without every author): only the last author is kept', () => {
  const authors = new MessageAuthors(core, false);
  const alice: NativeUser = { ...bob, id: '41' };
  const first = authors.of(bob);
  expect(authors.of(bob)).toBe(first);
  authors.of(alice);
  expect(authors.of(bob)).not.toBe(first);
  const every = new MessageAuthors(core, true);
  const kept = every.of(bob);
  every.of(alice);
  expect(every.of(bob)).toBe(kept);
});

// decodeMessage (lib/boundary.ts, generated for `record Message … decode`) reads the common cases
// of TapeReader's reads inline and hands the fields to lib/messages.ts's newMessage positionally;
// the generated readMessage reads the same record through TapeReader's methods into a
// NativeMessage. The same random lists, every marker in every field it may stand in (-1 null, -2
// the event's last id again or rawContent = content, a new/back-referenced/absent author, empty and
// non-empty maps: ids drawn from a few so that they repeat), must give the same messages field by
// field (so newMessage takes each field as what it is), equal to the NativeMessages written, and
// leave both readers at the same place.
test('decodeMessage and the generated readMessage read every marker of every field alike', () => {
  // xorshift32: an LCG's low bits repeat with a short period, which left some combinations out.
  let seed = 12345;
  const rand = (n: number) => { seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5; return (seed >>> 0) % n; };
  const someId = () => ['7', '41', '42', String(1 + rand(1e9))][rand(4)] as string;
  const someMap = () => Object.fromEntries(Array.from({ length: rand(3) }, (_, j) => [`k${j}`, `v${rand(3)}`]));
  const users = [1, 2, 3].map((k): NativeUser => ({
    id: String(40 + k), username: `user${k}`, displayName: `User ${k}`, globalName: rand(2) ? null : `g${k}`,
    isProvisional: rand(2) === 1, avatar: null, status: rand(3),
  }));
  let markers = { repeatedIds: 0, sameRaw: 0, authorRefs: 0 };
  for (let round = 0; round < 200; round++) {
    const messages = Array.from({ length: 1 + rand(6) }, (): NativeMessage => {
      const content = `c${rand(5)}`;
      // Shared by key: an author id of the list always crosses with its author (a null author
      // only for an id that is no user's: the SDK had none).
      const author = rand(4) === 0 ? null : users[rand(3)]!;
      return {
        id: someId(), content, rawContent: rand(2) === 0 ? content : `raw ${content}`, authorId: author?.id ?? ['7', String(1 + rand(1e9))][rand(2)] as string, author,
        channelId: someId(), channelType: [1, 3, 17, 99][rand(4)] as number,
        lobbyId: rand(4) === 0 ? null : someId(), recipientId: rand(4) === 0 ? null : someId(), applicationId: rand(4) === 0 ? null : someId(),
        additionalName: rand(2) === 0 ? null : `name${rand(3)}`, metadata: someMap(), moderationMetadata: someMap(),
        additionalContent: rand(2) === 0 ? null : { type: rand(7), title: rand(2) === 0 ? null : 'title', count: rand(4) },
        disclosureType: rand(2) === 0 ? null : 3, sentFromGame: rand(2) === 1,
        sentTimestamp: 1_700_000_000_000 + rand(1000), editedTimestamp: rand(2) === 0 ? 0 : 1_700_000_500_000,
      };
    });
    const { r: ours, w } = historyReader(messages);
    const decoded = readMessageList(core)(ours);
    const { r: generated } = historyReader(messages);
    const natives = Array.from({ length: generated.num() }, () => readNativeMessage(generated));
    markers = {
      repeatedIds: markers.repeatedIds + w.nums.filter((n) => n === -2).length,
      sameRaw: markers.sameRaw + messages.filter((m) => m.rawContent === m.content).length,
      authorRefs: markers.authorRefs + natives.filter((n, k) => n.author !== null && natives.indexOf(natives.find((o) => o.author === n.author)!) < k).length,
    };
    expect([ours.i, ours.t]).toEqual([w.nums.length, w.text.length]);
    expect([generated.i, generated.t]).toEqual([w.nums.length, w.text.length]);
    expect(natives).toEqual(messages);
    expect(decoded.map((m) => ({
      id: m.id, content: m.content, rawContent: m.rawContent, authorId: m.authorId, author: m.author?.id ?? null,
      channelId: m.channelId, channelType: m.channelType, lobbyId: m.lobbyId, recipientId: m.recipientId,
      applicationId: m.applicationId, additionalName: m.additionalName, metadata: { ...m.metadata },
      moderationMetadata: { ...m.moderationMetadata }, additionalContent: m.additionalContent && { ...m.additionalContent },
      disclosureType: m.disclosureType, sentFromGame: m.sentFromGame, sentAt: m.sentAt.getTime(), editedAt: m.editedAt?.getTime() ?? null,
    }))).toEqual(natives.map((n) => ({
      id: n.id, content: n.content, rawContent: n.rawContent, authorId: n.authorId, author: n.author?.id ?? null,
      channelId: n.channelId, channelType: channelTypeName(n.channelType), lobbyId: n.lobbyId, recipientId: n.recipientId,
      applicationId: n.applicationId, additionalName: n.additionalName, metadata: { ...n.metadata },
      moderationMetadata: { ...n.moderationMetadata }, additionalContent: n.additionalContent && {
        type: ADDITIONAL_CONTENT_TYPE_BY_VALUE[n.additionalContent.type], title: n.additionalContent.title, count: n.additionalContent.count },
      disclosureType: disclosureTypeName(n.disclosureType), sentFromGame: n.sentFromGame, sentAt: n.sentTimestamp,
      editedAt: n.editedTimestamp === 0 ? null : n.editedTimestamp,
    })));
  }
  // Every marker was exercised, many times.
  expect(Math.min(markers.repeatedIds, markers.sameRaw, markers.authorRefs)).toBeGreaterThan(50);
});

// TypeScript accepts a function with fewer parameters than MessageMaker declares: a field added at
// the end of the schema's Message record would be dropped without a word. Its arity says it is not.
test("newMessage takes every field of the schema's Message record, and the reader's context first", () => {
  const schema = fs.readFileSync(path.join(ROOT, 'native', 'boundary', 'boundary.schema'), 'utf8').split('\n');
  const fields: string[] = [];
  for (const raw of schema.slice(schema.findIndex((l) => /^record Message\s/.test(l)) + 1)) {
    const line = raw.replace(/#.*$/, '').trimEnd();
    if (line.trim() === '') continue;
    if (!/^\s/.test(line)) break;
    fields.push(line.trim().split(/\s+/)[0]!);
  }
  expect(fields).toContain('editedTimestamp');
  expect(newMessage.length).toBe(1 + fields.length);
});

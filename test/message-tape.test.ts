// A Message is read straight from the tape (lib/messages.ts, its constructor); a message the SDK
// hands over as a NativeMessage (messages.get) is written into a tape of its own first
// (makeMessage). Every field must come out as the NativeMessage says, whatever it holds.
import { makeMessage, MessageAuthors, newMessage, readMessageList } from '../lib/messages';
import { readMessage as readNativeMessage } from '../lib/boundary';
import { ADDITIONAL_CONTENT_TYPE_BY_VALUE, channelTypeName, disclosureTypeName } from '../lib/enums';
import { TapeReader } from '../lib/tape';
import type { NativeMessage, NativeUser } from '../lib/binding';
import type { ClientCore } from '../lib/core';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './helpers';

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

test('every field of a NativeMessage comes out of the tape-reading constructor as it went in', () => {
  const m = makeMessage(core, native({}));
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

test('the other shapes: no author, a lobby message, empty maps, no additional content, never edited', () => {
  const m = makeMessage(core, native({
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

test('a list: the messages of one author share one User however their authors interleave', () => {
  // Tape of a history list: a count, then messages whose author is a shared record (-2: it
  // follows and is remembered as the next index; k >= 0: the k-th remembered one).
  const alice: NativeUser = { ...bob, id: '41', username: 'alice', displayName: 'Alice' };
  const nums: number[] = [];
  let text = '';
  const str = (s: string) => { nums.push(s.length); text += s; };
  const user = (u: NativeUser) => { str(u.id); str(u.username); str(u.displayName); nums.push(-1, 0, -1, 0); };
  const order = [['41', -2], ['42', -2], ['41', 0], ['41', 0], ['42', 1]] as const;
  nums.push(order.length);
  order.forEach(([author, tag], k) => {
    str(`${900 + k}`); str(`m${k}`); nums.push(-2); str(author);
    nums.push(tag);
    if (tag === -2) user(author === '41' ? alice : bob);
    str('7'); nums.push(3); str('5'); nums.push(-1, -1, -1, 0, 0, 0, -1, 0, 1, 0);
  });
  const r = new TapeReader(Float64Array.from(nums), text);
  const list = readMessageList(core)(r);
  expect(list.map((m) => [m.id, m.content, m.rawContent, m.author?.displayName])).toEqual([
    ['900', 'm0', 'm0', 'Alice'], ['901', 'm1', 'm1', 'Bob'], ['902', 'm2', 'm2', 'Alice'], ['903', 'm3', 'm3', 'Alice'], ['904', 'm4', 'm4', 'Bob'],
  ]);
  expect(list[2]!.author).toBe(list[0]!.author);
  expect(list[3]!.author).toBe(list[0]!.author);
  expect(list[4]!.author).toBe(list[1]!.author);
  expect(list[1]!.author).not.toBe(list[0]!.author);
  expect(r.i).toBe(nums.length);
  expect(r.t).toBe(text.length);
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
// non-empty maps), must give the same messages field by field (so newMessage takes each field as
// what it is) and leave both readers at the same place.
test('decodeMessage and the generated readMessage read every marker of every field alike', () => {
  let seed = 12345;
  const rand = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  for (let round = 0; round < 200; round++) {
    const nums: number[] = [];
    let text = '';
    const str = (v: string) => { nums.push(v.length); text += v; };
    let haveId = false;  // a -2 needs an id read before it in the event (a list is one event)
    const id = (optional: boolean) => {
      const k = rand(optional ? 4 : 3);
      if (optional && k === 3) nums.push(-1);
      else if (haveId && k === 0) nums.push(-2);
      else { str(String(1 + rand(1e9))); haveId = true; }
    };
    const map = () => {
      const n = rand(3);
      nums.push(n);
      for (let j = 0; j < n; j++) { str(`k${j}`); str(`v${rand(3)}`); }
    };
    let sharedAuthors = 0;
    const count = 1 + rand(6);
    nums.push(count);
    for (let k = 0; k < count; k++) {
      id(false);
      const content = `c${rand(5)}`;
      str(content);
      if (rand(2) === 0) nums.push(-2); else str(`raw ${content}`);
      id(false);
      const a = rand(3);
      if (a === 0) nums.push(-1);
      else if (a === 1 && sharedAuthors > 0) nums.push(rand(sharedAuthors));
      else {
        nums.push(-2);
        sharedAuthors++;
        str(String(100 + sharedAuthors)); str(`user${sharedAuthors}`); str(`User ${sharedAuthors}`);
        nums.push(-1, rand(2), -1, rand(3));
        haveId = true;
      }
      id(false);
      nums.push([1, 3, 17, 99][rand(4)] as number);
      id(true); id(true); id(true);
      if (rand(2) === 0) nums.push(-1); else str(`name${rand(3)}`);
      map(); map();
      if (rand(2) === 0) nums.push(0); else { nums.push(1, rand(7)); if (rand(2) === 0) nums.push(-1); else str('title'); nums.push(rand(4)); }
      nums.push(rand(2) === 0 ? -1 : 3, rand(2), 1_700_000_000_000 + rand(1000), rand(2) === 0 ? 0 : 1_700_000_500_000);
    }
    const tape = Float64Array.from(nums);
    const ours = new TapeReader(tape, text);
    const decoded = readMessageList(core)(ours);
    const generated = new TapeReader(tape, text);
    const natives = Array.from({ length: generated.num() }, () => readNativeMessage(generated));
    expect([ours.i, ours.t]).toEqual([nums.length, text.length]);
    expect([generated.i, generated.t]).toEqual([nums.length, text.length]);
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

// The tape's text on its fast paths (native/boundary/event_tape.h TapeText): one byte per unit
// while every character is Latin-1, widened to UTF-16 mid-tape at the first one that is not, and
// cut into segments (one JS string each) between events and between a getter list's elements.
// Every string must still cross as itself, in order, whichever form and segment it landed in.
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

// ASCII, Latin-1 (two UTF-8 bytes each), then beyond Latin-1 (BMP and astral).
const latin1 = 'café crème ÿ © ± é';
const wide = 'Ω 漢字 ok 😀 𝄞 end';
const contentOf = (i: number) => (i < 400 ? `ascii ${i} ${'x'.repeat(80)}` : i < 700 ? `${latin1} ${i}` : i % 2 ? `${wide} ${i}` : `${latin1} ${i}`);

test('one tape with narrow text, a widening and several segments: every field crosses as itself', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const lobby = await alice.lobbies.createOrJoin('tape');
  await bob.client.lobbies.createOrJoin('tape');
  const texts: Array<string | readonly string[]> = [];
  const dispatch = EventDispatcher.prototype.dispatch;
  jest.spyOn(EventDispatcher.prototype, 'dispatch').mockImplementation(function (this: EventDispatcher, nums, text, dropped) {
    texts.push(text);
    dispatch.call(this, nums, text, dropped);
  });
  const received: Message[] = [];
  alice.on('messageCreated', (m) => received.push(m));
  w.sim.clock.setFrozen(true);  // every message in one RunCallbacks: one tape
  try {
    const ids: string[] = [];
    for (let i = 0; i < 1000; i++) {
      ids.push(w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, contentOf(i), { metadata: { [`clé ${i % 3 ? 'é' : '漢'}`]: `välue ${i}` } }));
    }
    await until(() => received.length === 1000, 10000);
    expect(received.map((m) => m.content)).toEqual(ids.map((_, i) => contentOf(i)));
    expect(received.map((m) => m.rawContent)).toEqual(ids.map((_, i) => contentOf(i)));
    expect(received.map((m) => m.id)).toEqual(ids);
    expect(received.map((m) => m.metadata)).toEqual(ids.map((_, i) => ({ [`clé ${i % 3 ? 'é' : '漢'}`]: `välue ${i}` })));
    expect(received.every((m) => m.authorId === bob.user.id && m.author?.id === bob.user.id && m.lobbyId === lobby.id
      && m.channelId === lobby.id && m.author.displayName === 'Bob')).toBe(true);
  } finally {
    w.sim.clock.setFrozen(false);
  }
  // The flood crossed as one tape cut into segments (else this test would not reach the cuts).
  const segmented = texts.filter((t): t is readonly string[] => Array.isArray(t));
  expect(segmented.length).toBeGreaterThan(0);
  expect(Math.max(...segmented.map((t) => t.length))).toBeGreaterThan(2);
});

test('a getter list cut into segments between its elements reads back whole', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const names = new Map<string, string>();
  for (let i = 0; i < 600; i++) {
    const displayName = i % 5 === 0 ? `Zoë ${i} 漢` : i % 2 ? `Ærø ${i} ${'n'.repeat(20)}` : `plain ${i} ${'p'.repeat(20)}`;
    const u = w.sim.users.create({ username: `friend${i}`, displayName });
    w.sim.relationships.befriend(w.user.id, u.id);
    names.set(u.id, displayName);
  }
  await until(() => alice.relationships.list().length === 600, 10000);
  const read = jest.spyOn(tape, 'readTapeListReusing');
  // A list after the first: unchanged friends keep their users (lib/tape.ts readTapeListReusing).
  const first = alice.relationships.list();
  const list = alice.relationships.list();
  expect(read).toHaveBeenCalled();
  expect(list.filter((r, i) => r.user === first[i]?.user)).toHaveLength(600);
  const text = (read.mock.calls[0]![0] as [Float64Array, string | readonly string[]])[1];
  expect(Array.isArray(text)).toBe(true);
  expect(list).toHaveLength(600);
  for (const r of list) {
    expect(r.user?.displayName).toBe(names.get(r.userId));
    expect(r.user?.id).toBe(r.userId);
  }
});

// TapeReader.map hands out the last map again when its text is the same: maps that differ only in
// a character, in where the key ends, or in a pair more must each read as themselves.
test('metadata maps that repeat, or nearly repeat, each read as sent', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const lobby = await alice.lobbies.createOrJoin('maps');
  await bob.client.lobbies.createOrJoin('maps');
  const maps: Array<Record<string, string>> = [
    { kind: 'chat' }, { kind: 'chat' }, { kind: 'chaT' }, { kin: 'dchat' }, { kindc: 'hat' }, { kind: 'chat', x: '1' },
    { kind: 'chat' }, { x: '1', kind: 'chat' }, { kind: 'ch' }, { k: 'chat' }, { kind: 'chat' }, { é: 'chat' }, { é: 'chat' },
  ];
  const received: Message[] = [];
  alice.on('messageCreated', (m) => received.push(m));
  w.sim.clock.setFrozen(true);
  try {
    for (const [i, metadata] of maps.entries()) w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, `m${i}`, { metadata });
    await until(() => received.length === maps.length, 10000);
  } finally {
    w.sim.clock.setFrozen(false);
  }
  // And across ticks: the same maps one message at a time.
  for (const [i, metadata] of maps.entries()) {
    w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, `n${i}`, { metadata });
    await until(() => received.length === maps.length + i + 1, 10000);
  }
  expect(received.map((m) => m.metadata)).toEqual([...maps, ...maps]);
  expect(received.every((m) => Object.isFrozen(m.metadata) && Object.getPrototypeOf(m.metadata) === Object.prototype)).toBe(true);
});

// TapeReader.shared (boundary.schema `shared`): the tags EventTape::SharedRef/Share write, written
// here by the tests' TapeWriter (test/tape-writer.ts, EventTape's primitives) into one event and a
// record outside any event (a getter's), then read back.
const writeName = (w: TapeWriter, v: { name: string }) => w.str(v.name);
const readName = (r: tape.TapeReader) => ({ name: r.str() });

test('a shared record: -1 none, -2 read and remembered, -3 read only, k the k-th remembered; an event starts afresh', () => {
  const w = new TapeWriter();
  writeEvent(w, EventKind.Log, 0, null, () => {
    w.shared('1', { name: 'ann' }, writeName, false);
    w.shared('2', { name: 'bob' }, writeName, false);
    w.shared('1', { name: 'ann' }, writeName, false);  // by key: ann again
    w.shared('3', null, writeName, false);
  });
  w.shared('1', { name: 'ann' }, writeName, false);  // outside the event: not remembered
  expect(w.nums.slice(EVENT_HEADER)).toEqual([0, -2, 3, -2, 3, 0, -1, -3, 3]);
  const r = w.reader();
  r.i = EVENT_HEADER;
  expect(r.result()).toBeNull();
  const ann = r.shared(readName);
  expect(ann).toEqual({ name: 'ann' });
  const bob = r.shared(readName);
  expect(bob).toEqual({ name: 'bob' });
  expect(r.shared(readName)).toBe(ann);
  expect(r.shared(readName)).toBeNull();
  const again = r.shared(readName);
  expect(again).toEqual(ann);
  expect(again).not.toBe(ann);
  expect([r.i, r.t]).toEqual([w.nums.length, w.text.length]);
  // No encoder writes these (hand-made on purpose): a reference past the records read, and one
  // to the last event's records after a new event's header (result()) started afresh.
  const past = new tape.TapeReader(new Float64Array([-2, 3, 1]), 'ann');
  past.shared(readName);
  expect(() => past.shared(readName)).toThrow('refers past');
  const next = new tape.TapeReader(new Float64Array([-2, 3, 0, 0]), 'ann');
  expect(next.shared(readName)).toEqual({ name: 'ann' });
  expect(next.result()).toBeNull();
  expect(() => next.shared(readName)).toThrow('refers past');
});

test('a batch record whose event was skipped is read where it is, also from an earlier text segment', () => {
  // A flood's tick is cut into text segments of 32K units (event_tape.h); a `-6 j nums text`
  // back-reference may point into a segment the reader has left, its own event skipped undecoded.
  // Hand-made: the segments are the addon's cut (TapeText::Boundary), which TapeWriter does not make.
  // segment 0: "pad" then the record "ann" (nums 3, text 3); segment 1: "zz"
  const r = new tape.TapeReader(new Float64Array([3, -4, 0, 3, 2, -6, 0, 3, 3]), ['padann', 'zz']);
  expect(r.str()).toBe('pad');
  r.i = 4;  // past the record, as the dispatcher skips an event nobody listens to
  r.t = 6;
  r.nextSegmentIfDone();
  expect(r.str()).toBe('zz');
  expect(r.shared(readName)).toEqual({ name: 'ann' });
  expect([r.i, r.t, r.text]).toEqual([9, 2, 'zz']);  // the cursors are where they were
});

// TapeReader.id: EventTape::Id writes an id equal to the last one it wrote in the same event as -2.
test('a repeated id: -2 is the last id read in the event, the same string; an event starts afresh', () => {
  const w = new TapeWriter();
  writeEvent(w, EventKind.Log, 0, null, () => {
    w.id('ann');
    w.id('ann');
    w.optId(null);
    w.optId('ann');
    w.id('bob');
    w.id('bob');
  });
  expect(w.nums.slice(EVENT_HEADER)).toEqual([0, 3, -2, -1, -2, 3, -2]);
  const r = w.reader();
  r.i = EVENT_HEADER;
  expect(r.result()).toBeNull();
  const ann = r.id();
  expect(ann).toBe('ann');
  expect(r.id()).toBe(ann);
  expect(r.optId()).toBeNull();
  expect(r.optId()).toBe('ann');
  expect(r.id()).toBe('bob');
  expect(r.id()).toBe('bob');
  // No encoder writes a -2 first in an event (hand-made): the last event's id is not carried over.
  const next = new tape.TapeReader(new Float64Array([3, 0, -2]), 'bob');
  expect(next.id()).toBe('bob');
  expect(next.result()).toBeNull();
  expect(() => next.id()).toThrow('repeated id');
});

// TapeText::AppendUtf8 copies an all-ASCII string in one go after a check of 16 bytes a step and
// a tail of overlapping words: one Latin-1 character (two UTF-8 bytes, either or both high) at
// every position of every length up to 40 must still be seen and cross as itself, not as its bytes.
test('one Latin-1 character at any position of a short string is not mistaken for ASCII', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const lobby = await alice.lobbies.createOrJoin('ascii');
  await bob.client.lobbies.createOrJoin('ascii');
  const marks = ['é', '\u0080', 'ÿ'];
  const contents: string[] = [];
  for (let length = 1; length <= 40; length++) {
    contents.push('a'.repeat(length));
    for (let at = 0; at < length; at++) contents.push(`${'a'.repeat(at)}${marks[(length + at) % 3]}${'b'.repeat(length - at - 1)}`);
  }
  const received: string[] = [];
  alice.on('messageCreated', (m) => received.push(m.content));
  w.sim.clock.setFrozen(true);  // one tape, narrow throughout
  try {
    for (const content of contents) w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, content);
    await until(() => received.length === contents.length, 10000);
  } finally {
    w.sim.clock.setFrozen(false);
  }
  expect(received).toEqual(contents);
});

// A friends list's strings take TapeText::AppendUtf8's inline path when short (up to 32 bytes:
// 1-3 bytes one at a time, 4-7 as two overlapping half-words, 8-32 as overlapping words) and ASCII,
// and the fresh list tape starts narrow: a name of every length, alone and with one Latin-1
// character (two UTF-8 bytes, 0xC2 0x80 to 0xC3 0xBF: a byte >= 0x80 at that position and the
// next) at every position, must cross as itself. Latin-1 only: a wider character would widen the
// text, and every string after it would take the out-of-line path.
test('a friends list: a non-ASCII character at any position of a short name is not mistaken for ASCII', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const marks = ['é', '\u0080', 'ÿ'];
  const names: string[] = [];
  for (let length = 1; length <= 32; length++) names.push('a'.repeat(length));  // ASCII first: narrow
  for (let length = 1; length <= 32; length++) {
    for (let at = 0; at < length; at++) names.push(`${'a'.repeat(at)}${marks[(length + at) % 3]}${'b'.repeat(length - at - 1)}`);
  }
  const expected = new Map<string, string>();
  names.forEach((displayName, i) => {
    const u = w.sim.users.create({ username: `f${i}`, displayName });
    w.sim.relationships.befriend(w.user.id, u.id);
    expected.set(u.id, displayName);
  });
  await until(() => alice.relationships.list().length === names.length, 10000);
  const list = alice.relationships.list();
  expect(list.map((r) => r.user?.displayName)).toEqual(list.map((r) => expected.get(r.userId)));
  expect(new Set(list.map((r) => r.user?.displayName))).toEqual(new Set(names));
});

// boundary.schema `rawContent str same content`: a rawContent equal to the content crosses as -2
// without its text (TapeReader.same hands back the content); one that differs (a mention the
// platform rendered into the content) crosses whole.
test('rawContent crosses once when it equals the content, whole when a mention made them differ', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const lobby = await alice.lobbies.createOrJoin('same');
  await bob.client.lobbies.createOrJoin('same');
  const texts: string[] = [];  // Alice's (Bob's client gets the messages too)
  const received: Message[] = [];
  const dispatch = EventDispatcher.prototype.dispatch;
  jest.spyOn(EventDispatcher.prototype, 'dispatch').mockImplementation(function (this: EventDispatcher, nums, text, dropped) {
    const before = received.length;
    dispatch.call(this, nums, text, dropped);
    if (received.length > before) texts.push(typeof text === 'string' ? text : text.join(''));
  });
  alice.on('messageCreated', (m) => received.push(m));
  w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, 'plain words only-once-7f3a');
  w.sim.backend.sendLobbyMessageAs(bob.user.id, lobby.id, `hi <@${w.user.id}> mention-9c1e`);
  await until(() => received.length === 2, 10000);
  const [plain, mention] = received;
  expect(plain!.content).toBe('plain words only-once-7f3a');
  expect(plain!.rawContent).toBe(plain!.content);
  expect(mention!.rawContent).toBe(`hi <@${w.user.id}> mention-9c1e`);
  expect(mention!.content).not.toBe(mention!.rawContent);
  expect(mention!.content).toContain('mention-9c1e');
  const all = texts.join('');
  expect(all.split('only-once-7f3a').length - 1).toBe(1);
  expect(all.split('mention-9c1e').length - 1).toBe(2);
});

test('TapeReader.same: -2 is the string passed in, else a string of its own', () => {
  const w = new TapeWriter();
  w.str('abc');
  w.same('abc', 'abc');
  w.same('de', 'abc');
  expect(w.nums).toEqual([3, -2, 2]);
  const r = w.reader();
  const first = r.str();
  expect(r.same(first)).toBe(first);
  expect(r.same(first)).toBe('de');
  expect([r.i, r.t]).toEqual([3, 5]);
});

// Reading the event tape that the addon hands over once per pump tick (native/boundary/event_tape.h):
// every number in a Float64Array, every string and decimal id in one string read with a running
// cursor. Decoding here instead of building objects through Node-API is what makes event delivery
// fast (docs/performance.md). The readers of each event and record are generated from
// native/boundary/boundary.schema into lib/boundary.ts; this file holds the primitives they use.
import { EMPTY_MAP, readFailedResult, type NativeFailedResult, type StringMap } from './boundary';
import type { NativeTape, TapeTextValue } from './binding';

/** Size of an event header: kind, opId, and the body's nums / text counts. */
export const EVENT_HEADER = 4;

/** Records remembered per event at most (native EventTape::kMaxShared). */
const MAX_SHARED_PER_EVENT = 32;

/**
 * The last small map read (TapeReader.map): its key/value lengths, their text, the frozen map.
 * `raw` is a slice of its tape's text, so it keeps that one tape text alive (a segment of at most
 * 32K units; a history completion's, which is not cut, up to its size) until the next map is read:
 * bounded, like the slices every message's strings are.
 */
let lastMap: { readonly lengths: Float64Array; readonly raw: string; readonly map: StringMap } | null = null;
const MAP_CACHE_MAX_PAIRS = 8;
const MAP_CACHE_MAX_UNITS = 512;

export class TapeReader {
  /** Cursors into nums and the current text segment. */
  i = 0;
  t = 0;
  /** The current text segment. */
  text: string;
  /** The text's segments, when the addon cut it (event_tape.h TapeText); null: one string. */
  readonly #segments: readonly string[] | null;
  #segment = 0;
  /** The shared records of the current event (TapeReader.shared), in the order they were read. */
  readonly #shared: unknown[] = [];
  // How many of #shared are the current event's: a count reset per event instead of truncating
  // the array (setting its length was ~5% of a message's decoding in JS).
  #sharedCount = 0;
  /**
   * The records remembered across the events of this tape (a `batch` shared field, native
   * EventTape::BatchRef): one reader per batch, so they never outlive it.
   */
  readonly #batch: unknown[] = [];
  /**
   * The last id read in the current event (TapeReader.id): public for the straight-line readers
   * (decode<Record> in lib/boundary.ts), which read ids without id() and keep it current
   * themselves. @internal
   */
  lastId = '';

  constructor(readonly nums: Float64Array, text: TapeTextValue) {
    if (typeof text === 'string') {
      this.text = text;
      this.#segments = null;
    } else {
      this.text = text[0] ?? '';
      this.#segments = text;
    }
  }

  /**
   * Called where an event or a getter list's element starts: text is cut into segments only
   * there, so once a segment is read to its end the next one holds what follows.
   */
  /** Which of the text's segments `text` is (0 for text that crossed as one string). @internal */
  get segment(): number {
    return this.#segment;
  }

  nextSegmentIfDone(): void {
    if (this.t === this.text.length && this.#segments !== null && this.#segment + 1 < this.#segments.length) {
      this.text = this.#segments[++this.#segment] as string;
      this.t = 0;
    }
  }

  num(): number {
    return this.nums[this.i++] as number;
  }

  bool(): boolean {
    return this.nums[this.i++] !== 0;
  }

  str(): string {
    const n = this.nums[this.i++] as number;
    const t = this.t;
    return this.text.slice(t, this.t = t + n);
  }

  /**
   * A string that crosses as -2 when equal to `previous`, the field read just before it (a schema
   * field `str same <field>`: a message's rawContent is mostly its content): that same string.
   */
  same(previous: string): string {
    if (this.nums[this.i] === -2) {
      this.i++;
      return previous;
    }
    return this.str();
  }

  /**
   * A decimal id: -2 is the id read just before it in the same event again (EventTape::Id writes
   * it for an id equal to the one it wrote last in the event: a message's authorId and its
   * author's id, its channelId and lobbyId), the same string without a second slice.
   */
  id(): string {
    const n = this.nums[this.i] as number;
    // The repeat out of line: a small id() is one V8 inlines into a record's reader (map()).
    this.i++;
    if (n === -2) return this.repeatedId();
    const t = this.t;
    return (this.lastId = this.text.slice(t, this.t = t + n));
  }

  /** The id an id field's -2 stands for: the last one read in the event (its -2 already read). @internal */
  repeatedId(): string {
    if (this.lastId === '') throw new Error('event tape: a repeated id with no id before it in its event');
    return this.lastId;
  }

  /** An optional id (-1: null). */
  optId(): string | null {
    return this.nums[this.i] === -1 ? (this.i++, null) : this.id();
  }

  optStr(): string | null {
    return (this.nums[this.i] as number) < 0 ? (this.i++, null) : this.str();
  }

  /**
   * A count, then key/value pairs: a frozen map (the shared empty one for a count of 0). A map
   * whose text equals the last one read is that same frozen object: chat metadata repeats from
   * message to message ({ kind: 'chat' }), and building a map (a key made a property name, a
   * freeze) was the largest single item of decoding a message.
   */
  map(): StringMap {
    // The empty map inline, the rest out of line: V8 inlines a reader's calls within one budget
    // of bytecode per function it optimises, and a message's reader calls map() twice; a large
    // map() left no budget for the constructor the reader hands the fields to.
    if (this.nums[this.i] === 0) {
      this.i++;
      return EMPTY_MAP;
    }
    return this.#nonEmptyMap();
  }

  #nonEmptyMap(): StringMap {
    const n = this.num();
    const i0 = this.i;
    const t0 = this.t;
    let span = 0;
    for (let k = 0; k < 2 * n; k++) span += this.nums[i0 + k] as number;
    const last = lastMap;
    if (last !== null && last.lengths.length === 2 * n && last.raw.length === span && this.#sameLengths(last.lengths)
        && this.text.startsWith(last.raw, t0)) {
      this.i += 2 * n;
      this.t += span;
      return last.map;
    }
    const m: StringMap = {};
    for (let k = 0; k < n; k++) {
      const key = this.str();
      const value = this.str();
      // A key named __proto__ is data, not the prototype.
      if (key === '__proto__') Object.defineProperty(m, key, { value, enumerable: true, writable: true, configurable: true });
      else m[key] = value;
    }
    Object.freeze(m);
    if (n <= MAP_CACHE_MAX_PAIRS && span <= MAP_CACHE_MAX_UNITS) {
      lastMap = { lengths: this.nums.slice(i0, i0 + 2 * n), raw: this.text.slice(t0, t0 + span), map: m };
    }
    return m;
  }

  #sameLengths(lengths: Float64Array): boolean {
    for (let k = 0; k < lengths.length; k++) if (lengths[k] !== this.nums[this.i + k]) return false;
    return true;
  }

  /**
   * A record shared within one event (a schema field marked `shared`, EventTape::SharedRef): -1
   * none; -2 the record follows, remembered as the next index; -3 it follows, not remembered; an
   * index k >= 0: the k-th record remembered in this event, the same object (a history's
   * messages share their author's). A `batch` field shares across the events of the tape too
   * (EventTape::BatchRef): `-4 j` the record follows, remembered in the event and as the
   * batch's j-th; `-5 j` as the batch's j-th only; `-6 j nums text` the batch's j-th record, the
   * same object (a flood's messages share their author's), remembered in the event as well while
   * it has room (as native Share does). Its event may have been skipped undecoded (no listener, an
   * operation already settled): then it is read where its fields are, at those tape offsets.
   */
  shared<T>(read: (r: TapeReader) => T): T | null {
    // A back-reference (a history's repeated author) inline, the rest out of line (as map()).
    const tag = this.nums[this.i] as number;
    if (tag >= 0 && tag < this.#sharedCount) {
      this.i++;
      return this.#shared[tag] as T;
    }
    return this.#sharedRecord(read);
  }

  #sharedRecord<T>(read: (r: TapeReader) => T): T | null {
    const tag = this.nums[this.i++] as number;
    if (tag >= 0) throw new Error('event tape: a shared record refers past the ones read');
    if (tag === -1) return null;
    if (tag === -6) {
      const j = this.nums[this.i] as number;
      let value = this.#batch[j] as T | undefined;
      if (value === undefined) value = this.#readAt(read, j);
      this.i += 3;  // past j and the offsets
      if (this.#sharedCount < MAX_SHARED_PER_EVENT) this.#shared[this.#sharedCount++] = value;
      return value;
    }
    const j = tag <= -4 ? this.nums[this.i++] as number : -1;
    const value = read(this);
    if (tag === -2 || tag === -4) this.#shared[this.#sharedCount++] = value;
    // The first read of it is kept: a back-reference may have read it already out of order.
    if (j >= 0 && this.#batch[j] === undefined) this.#batch[j] = value;
    return value;
  }

  // The batch's j-th record, read where the back-reference at nums[i] says its fields are (its
  // own event was skipped); the cursors are put back afterwards.
  #readAt<T>(read: (r: TapeReader) => T, j: number): T {
    const at = this.nums[this.i + 1] as number;
    let offset = this.nums[this.i + 2] as number;
    if (!(Number.isInteger(j) && j >= 0 && at >= 0 && at < this.i && offset >= 0)) {
      throw new Error('event tape: a batch record refers past the tape read');
    }
    const { i, t, text } = this;
    const lastId = this.lastId;
    const segments = this.#segments ?? [this.text];
    let k = 0;
    while (k + 1 < segments.length && offset >= (segments[k] as string).length) offset -= (segments[k++] as string).length;
    try {
      this.i = at;
      this.text = segments[k] as string;
      this.t = offset;
      this.lastId = '';
      const value = read(this);
      this.#batch[j] = value;
      return value;
    } finally {
      this.i = i;
      this.t = t;
      this.text = text;
      this.lastId = lastId;
    }
  }

  /** hasResult, then a failed ClientResult's fields (successful results are null). */
  result(): NativeFailedResult | null {
    // An event starts here (lib/dispatch.ts reads every event's header through this): its
    // shared records are its own (EventTape::Begin resets the native side's the same way).
    this.#sharedCount = 0;
    this.lastId = '';
    return this.bool() ? readFailedResult(this) : null;
  }

  /** A number that crosses as -1 when absent (an optional enum value). */
  optNum(): number | null {
    const v = this.nums[this.i++] as number;
    return v < 0 ? null : v;
  }

  /** A count, then that many decimal ids (TapeReader.id). */
  ids(): string[] {
    const n = this.num();
    const ids: string[] = new Array(n);
    for (let k = 0; k < n; k++) ids[k] = this.id();
    return ids;
  }

  /** A count, then that many records. */
  list<T>(read: (r: TapeReader) => T): T[] {
    const n = this.num();
    const list: T[] = new Array(n);
    for (let k = 0; k < n; k++) list[k] = read(this);
    return list;
  }
}

/**
 * A getter's list that crossed as one tape (native ListTapeToJs): a count, then the records, the
 * text cut into segments between them.
 */
export function readTapeList<T>(tape: NativeTape, read: (r: TapeReader) => T): T[] {
  return readTapeListReusing(tape, read, null, () => false).items as T[];
}

/** One segment of a list tape's text, the elements in it and where their numbers are. */
interface ListSegment {
  readonly first: number;
  readonly end: number;
  readonly text: string;
  readonly numsStart: number;
  readonly numsEnd: number;
}

/** What readTapeListReusing keeps of a list, for the next read of the same getter to compare with. */
export interface ReusableList<T> {
  readonly items: readonly T[];
  readonly nums: Float64Array;
  readonly segments: readonly ListSegment[];
}

/**
 * A getter's list tape read with `read`, element by element, except that a segment of it (at most
 * 32K units of text: a few hundred records) equal in text and numbers to the segment at the same
 * place in `last` is not decoded again: its elements are last's, provided `reusable` holds for
 * every one of them (they must be immutable); otherwise the whole segment is decoded. Equal bits
 * decode to equal values, so the list is the same as a fresh read. Knows nothing of the records'
 * fields: only the tape's segments (lib/relationships.ts list(), docs/performance.md row 13c).
 * What it returns keeps one list alive: its items, their text and the tape's numbers.
 */
export function readTapeListReusing<T>(
  tape: NativeTape, read: (r: TapeReader) => T, last: ReusableList<T> | null,
  reusable: (previous: T) => boolean,
): ReusableList<T> {
  const r = new TapeReader(tape[0], tape[1]);
  const count = r.num();
  const items: T[] = new Array(count);
  const segments: ListSegment[] = [];
  let k = 0;
  while (k < count) {
    r.nextSegmentIfDone();
    const segment = r.segment;
    const first = k;
    const numsStart = r.i;
    let text = r.text;
    const p = last?.segments[segments.length];
    if (last && p && sameSegment(r, p, last, k, count, reusable)) {
      for (const end = p.end; k < end; k++) items[k] = last.items[k] as T;
      r.i = numsStart + p.numsEnd - p.numsStart;
      r.t = text.length;
      // Kept for the next comparison: the text the reused items were read from (equal), not this copy.
      text = p.text;
    } else {
      do {
        // An element's ids repeat only its own (native EventTape::ElementEnd resets its last id).
        r.lastId = '';
        items[k] = read(r);
        if (++k < count) r.nextSegmentIfDone();
      } while (k < count && r.segment === segment);
    }
    segments.push({ first, end: k, text, numsStart, numsEnd: r.i });
  }
  return { items, nums: r.nums, segments };
}

/** Whether the segment at `r` (its first element `k`) is `p` of the last list, and each of its items reusable. */
function sameSegment<T>(r: TapeReader, p: ListSegment, last: ReusableList<T>, k: number, count: number, reusable: (previous: T) => boolean): boolean {
  if (p.first !== k || p.end > count || p.text !== r.text) return false;
  const span = p.numsEnd - p.numsStart;
  const nums = r.nums;
  if (r.i + span > nums.length) return false;
  // The numbers compared as bytes (one memcmp; equal bits decode equally).
  const now = new Uint8Array(nums.buffer, nums.byteOffset + r.i * 8, span * 8);
  const then = new Uint8Array(last.nums.buffer, last.nums.byteOffset + p.numsStart * 8, span * 8);
  if (Buffer.compare(now, then) !== 0) return false;
  for (let j = p.first; j < p.end; j++) if (!reusable(last.items[j] as T)) return false;
  return true;
}

/** A getter's record that crossed as a tape (native RecordTapeToJs). */
export function readTapeRecord<T>(tape: NativeTape, read: (r: TapeReader) => T): T {
  return read(new TapeReader(tape[0], tape[1]));
}

// The primitives of native/boundary/event_tape.h (EventTape) in TS, for the tests' tapes: the
// generated writers (test/generated/tape-writers.ts, from native/boundary/boundary.schema) write
// each record, event and completion through these, so no test spells out a field order. The tags
// are EventTape's: an id repeated within an event crosses as -2, a shared record as -2/-3/k (and
// -4/-5/-6 across a batch), `same` as -2, an absent string or id as -1.
import type { StringMap } from '../lib/boundary';
import type { NativeTape } from '../lib/binding';
import { TapeReader } from '../lib/tape';

type Shareable = object;

export class TapeWriter {
  readonly nums: number[] = [];
  text = '';
  // Within an event (event()): the last id written, the keys of the shared records written.
  #inEvent = false;
  #lastId: string | null = null;
  #shared: string[] = [];
  // The batch's records (enableBatch, EventTape::EnableBatchSharing): each with where its fields start.
  #batch: Array<{ value: Shareable; nums: number; text: number }> | null = null;

  /** Shares records across the events of this tape, as the sink's tape does (EventTape::BatchRef). */
  enableBatch(): this {
    this.#batch = [];
    return this;
  }

  num(v: number): void {
    this.nums.push(v);
  }

  bool(v: boolean): void {
    this.nums.push(v ? 1 : 0);
  }

  str(s: string): void {
    this.nums.push(s.length);
    this.text += s;
  }

  optStr(s: string | null): void {
    if (s === null) this.nums.push(-1);
    else this.str(s);
  }

  /** A decimal id: within an event, one equal to the last id written there crosses as -2. */
  id(id: string): void {
    if (this.#inEvent && id === this.#lastId) {
      this.nums.push(-2);
      return;
    }
    this.#lastId = id;
    this.str(id);
  }

  optId(id: string | null): void {
    if (id === null) this.nums.push(-1);
    else this.id(id);
  }

  ids(ids: readonly string[]): void {
    this.nums.push(ids.length);
    for (const id of ids) this.id(id);
  }

  /** A string that crosses as -2 when equal to `previous` (a schema field `str same <field>`). */
  same(s: string, previous: string): void {
    if (s === previous) this.nums.push(-2);
    else this.str(s);
  }

  map(m: StringMap): void {
    const keys = Object.keys(m);
    this.nums.push(keys.length);
    for (const k of keys) {
      this.str(k);
      this.str(m[k] as string);
    }
  }

  /**
   * A shared record (a schema field `shared <key>`, EventTape::SharedRef/Share/BatchRef): the
   * index of the record of `key` written earlier in the event, -1 for none, else the record after
   * its tag: -2 remembered in the event, -3 not (outside an event); with `batch` on a batch tape,
   * `-6 j nums text` for one equal to the batch's j-th, `-4 j`/`-5 j` before one it remembers.
   */
  shared<T extends Shareable>(key: string, value: T | null, write: (w: TapeWriter, v: T) => void, batch: boolean): void {
    const ref = this.#shared.indexOf(key);
    if (ref >= 0) return this.num(ref);
    if (value === null) return this.num(-1);
    if (batch && this.#batch !== null && this.#inEvent) {
      const j = this.#batch.findIndex((b) => sameFields(b.value, value));
      if (j >= 0) {
        this.#shared.push(key);
        const b = this.#batch[j]!;
        this.nums.push(-6, j, b.nums, b.text);
        return;
      }
      this.#shared.push(key);
      this.nums.push(-4, this.#batch.length);
      this.#batch.push({ value, nums: this.nums.length, text: this.text.length });
      this.#lastId = null;  // its id in full (EventTape::BatchRef)
      return write(this, value);
    }
    if (this.#inEvent) this.#shared.push(key);
    this.num(this.#inEvent ? -2 : -3);
    write(this, value);
  }

  /**
   * An event starts: its header (kind, opId, the body's sizes, patched by end()); the generated
   * writeEvent writes its result and fields next (EventTape::Begin).
   */
  begin(kind: number, opId: number): { nums: number; text: number } {
    this.nums.push(kind, opId, 0, 0);
    this.#inEvent = true;
    this.#lastId = null;
    this.#shared = [];
    return { nums: this.nums.length, text: this.text.length };
  }

  /** The event begun at `mark` ends (EventTape::End). */
  end(mark: { nums: number; text: number }): void {
    this.nums[mark.nums - 2] = this.nums.length - mark.nums;
    this.nums[mark.nums - 1] = this.text.length - mark.text;
    this.#inEvent = false;
    this.#lastId = null;
    this.#shared = [];
  }

  /** The tape as the addon hands it over ([nums, text]: a getter's record, a batch of events). */
  tape(): NativeTape {
    return [Float64Array.from(this.nums), this.text];
  }

  /** A reader at the tape's start. */
  reader(): TapeReader {
    return new TapeReader(Float64Array.from(this.nums), this.text);
  }
}

// Whether two records are equal in every field (EventTape::BatchRef compares users so).
function sameFields(a: Shareable, b: Shareable): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => x[k] === y[k]);
}

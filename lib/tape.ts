// Reading the event tape that the addon hands over once per pump tick (native/event_tape.h):
// every number in a Float64Array, every string and decimal id in one string read with a running
// cursor, and a side list for the rare payloads converted natively. Decoding here instead of
// building objects through Node-API is what makes event delivery fast (docs/performance.md).
import type { NativeField, NativeMessage, NativeResult, NativeUser, StringMap } from './binding';

/** Must match FieldTag in native/event_tape.h. */
export const FieldTag = {
  String: 0, Number: 1, Id: 2, Bool: 3, Object: 4, Null: 5, Message: 6, MessageList: 7,
} as const;

/** Size of an event header: kind, opId, and the body's nums / text / objects counts. */
export const EVENT_HEADER = 5;

export class TapeReader {
  /** Cursors into nums, text and objects. */
  i = 0;
  t = 0;
  o = 0;

  constructor(readonly nums: Float64Array, readonly text: string, readonly objects: readonly unknown[] | null) {}

  num(): number {
    return this.nums[this.i++] as number;
  }

  bool(): boolean {
    return this.nums[this.i++] !== 0;
  }

  str(): string {
    const n = this.nums[this.i++] as number;
    const s = this.text.slice(this.t, this.t + n);
    this.t += n;
    return s;
  }

  optStr(): string | null {
    return (this.nums[this.i] as number) < 0 ? (this.i++, null) : this.str();
  }

  map(): StringMap {
    const n = this.num();
    const m: StringMap = {};
    for (let k = 0; k < n; k++) {
      const key = this.str();
      const value = this.str();
      // A key named __proto__ is data, not the prototype.
      if (key === '__proto__') Object.defineProperty(m, key, { value, enumerable: true, writable: true, configurable: true });
      else m[key] = value;
    }
    return m;
  }

  /** hasResult, then a failed ClientResult's fields (successful results are null). */
  result(): NativeResult | null {
    if (!this.bool()) return null;
    const type = this.num();
    const code = this.num();
    const status = this.num();
    const retryable = this.bool();
    const retryAfterMs = Math.round(this.num() * 1000);
    const error = this.str();
    const responseBody = this.str();
    return { type, error, code, status, responseBody, retryable, retryAfterMs };
  }

  /** One tagged field. */
  field(): NativeField {
    switch (this.num()) {
      case FieldTag.String:
      case FieldTag.Id:
        return this.str();
      case FieldTag.Number:
        return this.num();
      case FieldTag.Bool:
        return this.bool();
      case FieldTag.Object:
        return (this.objects?.[this.o++] ?? null) as NativeField;
      case FieldTag.Message:
        return readMessage(this);
      case FieldTag.MessageList: {
        const n = this.num();
        const list: NativeMessage[] = new Array(n);
        for (let k = 0; k < n; k++) list[k] = readMessage(this);
        return list;
      }
      default:
        return null;
    }
  }
}

/** native/user_snapshot.cc EncodeUser. */
export function readUser(r: TapeReader): NativeUser {
  return {
    id: r.str(),
    username: r.str(),
    displayName: r.str(),
    globalName: r.optStr(),
    isProvisional: r.bool(),
    avatar: r.optStr(),
    status: r.num(),
  };
}

/** native/message_snapshot.cc EncodeMessage. */
export function readMessage(r: TapeReader): NativeMessage {
  const id = r.str();
  const content = r.str();
  const rawContent = r.str();
  const authorId = r.str();
  const author = r.bool() ? readUser(r) : null;
  const channelId = r.str();
  const channelType = r.num();
  const lobbyId = r.optStr();
  const recipientId = r.optStr();
  const applicationId = r.optStr();
  const additionalName = r.optStr();
  const metadata = r.map();
  const moderationMetadata = r.map();
  const additionalContent = r.bool() ? { type: r.num(), title: r.optStr(), count: r.num() } : null;
  const disclosure = r.num();
  return {
    id, content, rawContent, authorId, author, channelId, channelType, lobbyId, recipientId, applicationId,
    additionalName, metadata, moderationMetadata, additionalContent,
    disclosureType: disclosure < 0 ? null : disclosure,
    sentFromGame: r.bool(),
    sentTimestamp: r.num(),
    editedTimestamp: r.num(),
  };
}

// The contract the area modules (auth, users, lobbies, …) code against: what they need from
// their client, and how they declare the native events they handle. The Client implements it
// (lib/client.ts); no area module imports the Client itself.
import type { CompletionName, FieldEventKind, NativeCompletions, NativeEvents } from './boundary';
import type { ClientEvents, ConsentPendingEvent } from './client-types';
import type { NativeClient, OpId } from './binding';
import type { TapeReader } from './tape';

/** What the area modules need from their client; not part of the public API. */
export interface ClientCore {
  /** The native client; throws a 'clientDestroyed' PlatformError once closed. */
  readonly native: NativeClient;
  /** The native client, or null once closed (for getters that read as empty then). */
  readonly nativeOrNull: NativeClient | null;
  /**
   * Starts an SDK operation: `send(opId)` makes the native call, and the promise settles with its
   * completion. Its result is the one the operation declares (`completion`, a completion result
   * of native/boundary/boundary.schema); without one it resolves with nothing. `opId` is typed
   * with that completion (OpId), and a native operation accepts only its own completion's
   * (native/boundary/methods.schema): an operation read as another result does not compile.
   */
  run(operation: string, caller: Function, send: (opId: OpId<'Done'>) => void): Promise<void>;
  run<C extends CompletionName>(operation: string, caller: Function, send: (opId: OpId<C>) => void, completion: C): Promise<NativeCompletions[C]>;
  /** As above, its result read from the completion's tape by `read` (its fields are at `r`). */
  run<C extends CompletionName, T>(operation: string, caller: Function, send: (opId: OpId<C>) => void, completion: C,
    read: (r: TapeReader) => T): Promise<T>;
  applicationId(override: unknown, name: string): bigint;
  connect(): Promise<void>;
  /** Announces that a flow waits for the user (`consentPending`); the returned function ends the wait. */
  waitingForUser(flow: ConsentPendingEvent['flow'], applicationId: bigint, scopes: string): () => void;
  /** Runs `body`, turning a synchronous throw (bad argument) into a rejection. */
  safe<T>(body: () => Promise<T>): Promise<T>;
  /** Emits one of the Client's events. */
  emit<K extends keyof ClientEvents & string>(event: K, ...args: ClientEvents[K]): boolean;
}

/** How an area handles one native event kind. */
export interface EventHandler<K extends FieldEventKind> {
  /**
   * The Client event this one only feeds: with nobody listening to it, the event is skipped
   * without being decoded (a flood nobody reads costs almost nothing).
   */
  readonly only?: keyof ClientEvents & string;
  /** Acts on the event's fields, read by the event's generated reader (lib/boundary.ts). */
  run(event: NativeEvents[K]): void;
  readonly fromTape?: undefined;
}

/**
 * A handler that reads its event's fields itself, with the generated readers, and acts on them in
 * the same function: for the events that come by the thousand (messages), so that reading and
 * building the objects compile together, without the dispatcher's call through the table of
 * readers and the event object in between (docs/performance.md, row 1b).
 */
export interface TapeEventHandler {
  readonly only?: keyof ClientEvents & string;
  readonly run?: undefined;
  fromTape(r: TapeReader): void;
}

/** An area's handlers, keyed by the event kinds it owns; the Client merges every area's table. */
export type EventHandlers = { readonly [K in FieldEventKind]?: EventHandler<K> | TapeEventHandler };

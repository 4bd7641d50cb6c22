// The renderer's view of the bridge, as types: window.platformSocial has the client's method
// names, each returning a promise of a snapshot (plain data: what toJSON gives, no methods, no
// live handle, never a token), and on(event, listener).
import type { Client, ClientEvents } from '../client';
import type { Lobby } from '../lobbies';
import type { SessionInfo } from '../session/session';
import type { TokenSet } from '../tokens';
import type { BridgeError, BridgeEvent, BridgeMethod } from './protocol';

/**
 * What a value of type `T` looks like after crossing the bridge: plain data. Methods are dropped,
 * a class with `toJSON()` arrives as what its `toJSON()` gives (`User`, `Lobby`, `Message`,
 * `Call`; Dates there are ISO strings), other Dates stay Dates, an Error arrives as a {@link BridgeError}, and a
 * `TokenSet` never crosses (`never`: main refuses to send one).
 */
export type Snapshot<T> =
  T extends TokenSet ? never
  : T extends Date ? Date
  : T extends Error ? BridgeError
  : T extends readonly (infer U)[] ? Snapshot<U>[]
  // A toJSON typed as a loose record (Message, Lobby, Call) copies the fields, Dates as ISO strings.
  : T extends {
    /** The plain-data form of a class (what crosses instead of the instance). */
    toJSON(): infer J;
  } ? (string extends keyof J ? { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: JsonField<T[K]> } : Snapshot<J>)
  : T extends (...args: never[]) => unknown ? never
  : T extends object ? { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: Snapshot<T[K]> }
  : T;

// The helper types below only compute the public ones: users never name them, so they stay
// unexported (scripts/typedoc.json lists them in intentionallyNotExported).

/** A field of a loosely typed toJSON() result: a Date is an ISO string there. */
type JsonField<T> = T extends Date ? string : Snapshot<T>;

type Remote<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Snapshot<Awaited<R>>> : () => Promise<Snapshot<F>>;
type OnLobby<K extends keyof Lobby> = Lobby[K] extends (...args: infer A) => infer R ? (lobbyId: string, ...args: A) => Promise<Snapshot<Awaited<R>>> : never;

/** Methods whose renderer form differs from the client's own. */
interface Special {
  'auth.startSession': () => Promise<SessionInfo>;
  'lobbies.leave': OnLobby<'leave'>;
  'lobbies.sendMessage': OnLobby<'sendMessage'>;
  'lobbies.getMessages': OnLobby<'getMessages'>;
}

/** The renderer form of the method named `M`: its own form in Special, else the client's method as a promise of a snapshot. */
type Resolve<M extends string> =
  M extends keyof Special ? Special[M]
  : M extends `${infer A}.${infer N}` ? (A extends keyof Client ? (N extends keyof Client[A] ? Remote<Client[A][N]> : never) : never)
  : M extends keyof Client ? Remote<Client[M]> : never;

/** The area of a dotted method name ('relationships' of 'relationships.list'). */
type Area<M extends string> = M extends `${infer A}.${string}` ? A : never;

/** Listener arguments of a forwarded event, as snapshots. */
export type BridgeEventArgs<E extends BridgeEvent> = SnapshotTuple<ClientEvents[E]>;
/** Snapshot of each element of a tuple (an event's listener arguments). */
type SnapshotTuple<T extends unknown[]> = T extends [infer H, ...infer R] ? [Snapshot<H>, ...SnapshotTuple<R>] : [];

/**
 * `window.platformSocial` for a bridge that allows the methods `M` (default: every method the
 * bridge knows; narrow it to your allow list).
 */
export type PlatformSocialRenderer<M extends BridgeMethod = BridgeMethod> =
  { [K in Extract<M, keyof Client>]: Resolve<K> }
  & { [A in Area<M>]: { [N in M as N extends `${A}.${infer R}` ? R : never]: Resolve<N> } }
  & {
    /** Subscribes (once main confirmed it); resolves with the function that unsubscribes. */
    on<E extends BridgeEvent>(event: E, listener: (...args: BridgeEventArgs<E>) => void): Promise<() => Promise<void>>;
  };

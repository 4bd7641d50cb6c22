// The renderer's view of the bridge, as types: window.platformSocial has the client's method
// names, each returning a promise of a snapshot (plain data: what toJSON gives, no methods, no
// live handle, never a token), and on(event, listener).
import type { Client, ClientEvents } from '../client';
import type { Lobby } from '../lobbies';
import type { SessionInfo } from '../session/session';
import type { TokenSet } from '../tokens';
import type { BridgeError, BridgeEvent, BridgeMethod } from './protocol';

/** What a value looks like after crossing: plain data. */
export type Snapshot<T> =
  T extends TokenSet ? never
  : T extends Date ? Date
  : T extends Error ? BridgeError
  : T extends readonly (infer U)[] ? Snapshot<U>[]
  // A toJSON typed as a loose record (Message, Lobby, Call) copies the fields, Dates as ISO strings.
  : T extends { toJSON(): infer J } ? (string extends keyof J ? { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: JsonField<T[K]> } : Snapshot<J>)
  : T extends (...args: never[]) => unknown ? never
  : T extends object ? { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: Snapshot<T[K]> }
  : T;

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

type Resolve<M extends string> =
  M extends keyof Special ? Special[M]
  : M extends `${infer A}.${infer N}` ? (A extends keyof Client ? (N extends keyof Client[A] ? Remote<Client[A][N]> : never) : never)
  : M extends keyof Client ? Remote<Client[M]> : never;

type Area<M extends string> = M extends `${infer A}.${string}` ? A : never;

/** Listener arguments of a forwarded event, as snapshots. */
export type BridgeEventArgs<E extends BridgeEvent> = SnapshotTuple<ClientEvents[E]>;
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

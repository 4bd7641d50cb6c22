// An EventEmitter whose event names and listener arguments are checked by TypeScript.
import { EventEmitter } from 'node:events';
import { describeValue } from './validate';

export type EventMap = { [event: string]: unknown[] };
type Listener<A extends unknown[]> = (...args: A) => void;
type AnyListener = (...args: unknown[]) => unknown;

// Node's own listener table: a null-prototype object of event name to one listener or an array
// of them (every Node release since 0.x). Read only on emit's fast path, never written.
interface ListenerTable { _events?: Record<string | symbol, AnyListener | AnyListener[] | undefined> }

// Checked here: Node's own check fails with an unrelated TypeError for some objects (one whose
// `constructor` is a string), and the message must name the argument.
function checkListener(listener: unknown): Listener<unknown[]> {
  if (typeof listener !== 'function') throw new TypeError('listener must be a function');
  return listener as Listener<unknown[]>;
}

// EventEmitter's own events, and its errorMonitor symbol (listeners that see 'error' first).
const NODE_EVENTS: ReadonlySet<string | symbol> = new Set(['newListener', 'removeListener', EventEmitter.errorMonitor]);

const superEmit = EventEmitter.prototype.emit;

type AnyArgsListener = (...args: any[]) => void;  // eslint-disable-line @typescript-eslint/no-explicit-any -- Node's own listener type

/**
 * The EventEmitter methods a TypedEmitter inherits, as Node declares them (NodeJS.EventEmitter).
 * Declared here so that the published types need no @types/node in the user's program; the class
 * is still a real EventEmitter (`instanceof EventEmitter`, `events.once(client, …)`).
 */
export interface EmitterMethods {
  /** Adds a listener for `eventName` (the same as `on`). */
  addListener(eventName: string | symbol, listener: AnyArgsListener): this;
  /** Adds a listener, called on every `eventName` event. */
  on(eventName: string | symbol, listener: AnyArgsListener): this;
  /** Adds a listener, called on the next `eventName` event only. */
  once(eventName: string | symbol, listener: AnyArgsListener): this;
  /** Removes a listener (the same as `off`). */
  removeListener(eventName: string | symbol, listener: AnyArgsListener): this;
  /** Removes a listener. */
  off(eventName: string | symbol, listener: AnyArgsListener): this;
  /** Removes every listener, or every listener of `eventName`. */
  removeAllListeners(eventName?: string | symbol): this;
  /** How many listeners an event may have before Node warns of a possible leak. */
  setMaxListeners(n: number): this;
  /** The limit `setMaxListeners` set. */
  getMaxListeners(): number;
  /** The listeners of `eventName` (a copy). */
  listeners(eventName: string | symbol): Function[];  // eslint-disable-line @typescript-eslint/no-unsafe-function-type -- as Node declares it
  /** The listeners of `eventName`, `once` wrappers included (a copy). */
  rawListeners(eventName: string | symbol): Function[];  // eslint-disable-line @typescript-eslint/no-unsafe-function-type -- as Node declares it
  /** Calls every listener of `eventName` with `args`; true when there was one. */
  emit(eventName: string | symbol, ...args: unknown[]): boolean;
  /** How many listeners `eventName` has (of `listener` only, when given). */
  listenerCount(eventName: string | symbol, listener?: Function): number;  // eslint-disable-line @typescript-eslint/no-unsafe-function-type -- as Node declares it
  /** Adds a listener before the others. */
  prependListener(eventName: string | symbol, listener: AnyArgsListener): this;
  /** Adds a one-time listener before the others. */
  prependOnceListener(eventName: string | symbol, listener: AnyArgsListener): this;
  /** The events that have listeners. */
  eventNames(): (string | symbol)[];
}
const EmitterBase: new () => EmitterMethods = EventEmitter;

/**
 * The package's own count of an event's listeners: EventEmitter's, without the name check that
 * the public listenerCount makes for a user's argument. Our names are always valid, and event
 * dispatch asks for every event of a flood (lib/dispatch.ts), so it must not pay for that check.
 */
const baseListenerCount = EventEmitter.prototype.listenerCount as (this: object, event: string) => number;
export function listenerCountOf(emitter: object, event: string): number {
  return baseListenerCount.call(emitter, event);
}

// emit's type: declared here (merged into the class) because its body, below, is a plain
// function: a TypeScript method with this signature would compile to a rest parameter.
export interface TypedEmitter<E extends EventMap> {
  /**
   * Calls every listener of `event` with `args`, in the order they were added (as
   * EventEmitter's emit does); true when there was a listener.
   */
  emit<K extends keyof E & string>(event: K, ...args: E[K]): boolean;
}

export class TypedEmitter<E extends EventMap> extends EmitterBase {
  // Under EventEmitter.captureRejections (read by Node when an emitter is made), Node attaches a
  // handler to a promise a listener returns: only EventEmitter.emit does that, so then it emits.
  readonly #fast: boolean;
  /** The events this emitter emits (null: any string), and what to call it in an error. */
  readonly #names: ReadonlySet<string> | null;
  readonly #kind: string;

  constructor(events?: readonly string[], kind = 'this emitter') {
    super();
    this.#fast = !EventEmitter.captureRejections;
    this.#names = events ? new Set(events) : null;
    this.#kind = kind;
  }

  // Checked before Node sees it: a symbol, number or object would be taken as a key, and a
  // misspelt name would wait for an event that never comes. The name is not repeated.
  #event(event: unknown): string {
    if (typeof event === 'string') {
      if (this.#names === null || this.#names.has(event) || NODE_EVENTS.has(event)) return event;
      throw new TypeError(`event is not an event ${this.#kind} emits (check its spelling: docs/api.md lists them)`);
    }
    if (event === EventEmitter.errorMonitor) return event as unknown as string;
    throw new TypeError(`event must be an event name (a string), got ${describeValue(event)}`);
  }

  override on<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.on(this.#event(event), checkListener(listener));
  }
  override once<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.once(this.#event(event), checkListener(listener));
  }
  override off<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.off(this.#event(event), checkListener(listener));
  }
  override addListener<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.addListener(this.#event(event), checkListener(listener));
  }
  override removeListener<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.removeListener(this.#event(event), checkListener(listener));
  }
  override prependListener<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.prependListener(this.#event(event), checkListener(listener));
  }
  override prependOnceListener<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.prependOnceListener(this.#event(event), checkListener(listener));
  }
  override removeAllListeners(event?: keyof E & string): this {
    if (event === undefined) return super.removeAllListeners();  // Node calls this per event name
    const name = this.#event(event);
    if (super.listenerCount('removeListener') === 0) return super.removeAllListeners(name);
    // Node's own loop indexes the live list while it removes, and announces each removal to the
    // 'removeListener' listeners: a `once` one among them removes itself meanwhile, the loop then
    // reads past the end and hands removeListener undefined ("listener must be a function" for a
    // call that names no listener). Removed here from a copy, last first, as Node orders them.
    const listeners = super.rawListeners(name);
    for (let i = listeners.length - 1; i >= 0; i--) super.removeListener(name, listeners[i] as AnyArgsListener);
    return this;
  }
  override listenerCount(event: keyof E & string, listener?: (...args: unknown[]) => unknown): number {
    return listener === undefined ? super.listenerCount(this.#event(event)) : super.listenerCount(this.#event(event), checkListener(listener));
  }
  override listeners(event: keyof E & string): Array<(...args: unknown[]) => unknown> {
    return super.listeners(this.#event(event)) as Array<(...args: unknown[]) => unknown>;
  }
  override rawListeners(event: keyof E & string): Array<(...args: unknown[]) => unknown> {
    return super.rawListeners(this.#event(event)) as Array<(...args: unknown[]) => unknown>;
  }

  // Every event of ours has at most one argument, and most have no listener or one. For those,
  // our rest array, its spread and EventEmitter.emit's own rest array were allocations whenever
  // V8 could not optimise them away (unoptimised code, a failed escape analysis), and two frames
  // per event. So with no listener or one and at most one argument, the listener is called here
  // directly, as EventEmitter.emit calls it (same `this`, same arguments, an exception passes
  // through); 'error' (which throws when unheard), several listeners (Node calls a copy of the
  // list, so that one added or removed during emit does not change who is called), more arguments
  // and captureRejections take EventEmitter.emit as before. `arguments` (not a rest parameter)
  // keeps the count exact: emit('x') calls a listener with no argument, emit('x', undefined) with
  // one; unoptimised, it is the one allocation left (64 bytes against 112 before).
  static {
    Object.defineProperty(TypedEmitter.prototype, 'emit', {
      configurable: true, writable: true, enumerable: false, // as a class method is
      value: function emit(this: TypedEmitter<EventMap>, event: string, arg?: unknown): boolean {
        const count = arguments.length;
        const table = (this as ListenerTable)._events;
        if (count <= 2 && event !== 'error' && table !== undefined && this.#fast) {
          const listener = table[event];
          if (listener === undefined) return false;
          if (typeof listener === 'function') {
            if (count === 1) listener.call(this);
            else listener.call(this, arg);
            return true;
          }
        }
        return Reflect.apply(superEmit, this, arguments) as boolean;
      },
    });
  }
}

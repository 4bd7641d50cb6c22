// An EventEmitter whose event names and listener arguments are checked by TypeScript.
import { EventEmitter } from 'node:events';

export type EventMap = { [event: string]: unknown[] };
type Listener<A extends unknown[]> = (...args: A) => void;

// Checked here: Node's own check fails with an unrelated TypeError for some objects (one whose
// `constructor` is a string), and the message must name the argument.
function checkListener(listener: unknown): Listener<unknown[]> {
  if (typeof listener !== 'function') throw new TypeError('listener must be a function');
  return listener as Listener<unknown[]>;
}

export class TypedEmitter<E extends EventMap> extends EventEmitter {
  override on<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.on(event, checkListener(listener));
  }
  override once<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.once(event, checkListener(listener));
  }
  override off<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.off(event, checkListener(listener));
  }
  override addListener<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.addListener(event, checkListener(listener));
  }
  override removeListener<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.removeListener(event, checkListener(listener));
  }
  override emit<K extends keyof E & string>(event: K, ...args: E[K]): boolean {
    return super.emit(event, ...args);
  }
}

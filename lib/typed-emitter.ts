// An EventEmitter whose event names and listener arguments are checked by TypeScript.
import { EventEmitter } from 'node:events';

export type EventMap = { [event: string]: unknown[] };
type Listener<A extends unknown[]> = (...args: A) => void;

export class TypedEmitter<E extends EventMap> extends EventEmitter {
  override on<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.on(event, listener as Listener<unknown[]>);
  }
  override once<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.once(event, listener as Listener<unknown[]>);
  }
  override off<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.off(event, listener as Listener<unknown[]>);
  }
  override addListener<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.addListener(event, listener as Listener<unknown[]>);
  }
  override removeListener<K extends keyof E & string>(event: K, listener: Listener<E[K]>): this {
    return super.removeListener(event, listener as Listener<unknown[]>);
  }
  override emit<K extends keyof E & string>(event: K, ...args: E[K]): boolean {
    return super.emit(event, ...args);
  }
}

// The dispatcher of one client: reads the tape the addon hands over once per pump tick
// (lib/tape.ts) and hands each event to the handler its area declared (lib/core.ts EventHandlers),
// each completion to the operation waiting for it. Each event's body sizes are in its header, so
// an event nobody listens to is skipped undecoded, and a listener that throws cannot
// desynchronise the rest of the batch.
import { EVENT_READERS, EventKind, type FieldEventKind } from './boundary';
import type { TapeTextValue } from './binding';
import type { ClientEvents } from './client-types';
import type { EventHandler, EventHandlers, TapeEventHandler } from './core';
import type { Operations } from './operations';
import { pump } from './pump';
import { EVENT_HEADER, TapeReader } from './tape';
import { listenerCountOf, type TypedEmitter } from './typed-emitter';

export class EventDispatcher {
  /** Every area's handlers, indexed by event kind. */
  readonly #handlers: Array<EventHandler<FieldEventKind> | TapeEventHandler | undefined> = [];
  readonly #client: TypedEmitter<ClientEvents>;
  readonly #ops: Operations;
  #warnedDrops = false;
  /** A completion was handled in the batch being dispatched. */
  #completed = false;

  /** Adds the handlers not added yet (the areas', lib/client.ts), if any: true when it did. */
  readonly #addMore: () => boolean;

  constructor(client: TypedEmitter<ClientEvents>, ops: Operations, addMore: () => boolean = () => false) {
    this.#client = client;
    this.#ops = ops;
    this.#addMore = addMore;
  }

  /** Adds an area's handlers (each event kind belongs to one area). */
  add(table: EventHandlers): void {
    for (const [kind, handler] of Object.entries(table)) this.#handlers[Number(kind)] = handler as EventHandler<FieldEventKind> | TapeEventHandler;
  }

  /** One call per pump tick and client: the tick's events, and how many were dropped. */
  dispatch(nums: Float64Array, text: TapeTextValue, dropped: number): void {
    const r = new TapeReader(nums, text);
    let events = dropped;
    while (r.i < nums.length) {
      events++;
      r.nextSegmentIfDone();
      const kind = nums[r.i] as EventKind;
      const opId = nums[r.i + 1] as number;
      const endI = r.i + EVENT_HEADER + (nums[r.i + 2] as number);
      const endT = r.t + (nums[r.i + 3] as number);
      r.i += EVENT_HEADER;
      try {
        this.#handle(kind, opId, r);
      } catch (err) {
        this.reportListenerError(err);
      }
      r.i = endI;
      r.t = endT;
    }
    // Once per batch, not per completion: the last one may end the keep-alive or the active interval.
    pump.delivered(events, this.#completed);
    this.#completed = false;
    if (dropped > 0) this.#reportDropped(dropped);
  }

  // A throwing listener must not stop the pump or the other events of the batch. With an
  // 'error' listener it gets the exception; otherwise it surfaces as an uncaught exception, the
  // way a throwing EventEmitter listener does anywhere else in Node.
  reportListenerError(err: unknown): void {
    const error = err instanceof Error ? err : new Error(String(err));
    if (listenerCountOf(this.#client, 'error') > 0) {
      try {
        this.#client.emit('error', error);
        return;
      } catch (again) {
        process.nextTick(() => { throw again; });
        return;
      }
    }
    process.nextTick(() => { throw error; });
  }

  #handle(kind: EventKind, opId: number, r: TapeReader): void {
    const result = r.result();
    if (kind === EventKind.Completion) {
      this.#ops.complete(opId, result, r);
      this.#completed = true;
      return;
    }
    if (kind === EventKind.MergeRequired) {
      this.#ops.markMergeRequired(opId);
      return;
    }
    let handler = this.#handlers[kind];
    if (handler === undefined && this.#addMore()) handler = this.#handlers[kind];
    if (handler === undefined || (handler.only !== undefined && listenerCountOf(this.#client, handler.only) === 0)) return;
    if (handler.fromTape !== undefined) handler.fromTape(r);
    else handler.run(EVENT_READERS[kind as FieldEventKind](r) as never);
  }

  #reportDropped(count: number): void {
    if (listenerCountOf(this.#client, 'eventsDropped') > 0) {
      this.#client.emit('eventsDropped', count);
    } else if (!this.#warnedDrops) {
      this.#warnedDrops = true;
      process.emitWarning(`${count} SDK events were dropped: the client's event queue was full ` +
        '(listen to "eventsDropped" to count them; options.eventQueueLimit sets the bound)', 'PlatformSdkWarning');
    }
  }
}

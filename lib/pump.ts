// The pump: one timer per Node environment (JS timers are libuv timers on that environment's
// loop) that calls the addon's pump(): Platform_RunCallbacks, then the captured events of every
// client are dispatched. Callbacks the SDK fires on its own threads wake it through a
// thread-safe function (native/runtime/cross_thread_notifier.cc) instead of waiting for the next tick.
//
// The interval adapts. The SDK cannot say when it has callbacks queued, so the pump polls; but
// a timer that fires every 10 ms costs ~0.5% of a core on a small machine even when it does
// nothing. So the pump runs at `pumpIntervalMs` (default 10) while anything happens - an
// operation pending, a connection changing state, or events delivered in the last second - and
// backs off to `idlePumpIntervalMs` (default 200) after a quiet second. The first event after a
// quiet period therefore waits up to the idle interval; the ones after it, up to the active one.
// Under a stream of events (a tick delivered BURST_EVENTS or more) it ticks every quarter of the
// active interval (at least 1 ms), so batches stay small and latency stays below the interval.
//
// A wake-up from an SDK thread pumps natively (native/runtime/env_state.cc) without calling in here
// first; the clients' dispatchers report what such a pump delivered through delivered(), which
// counts as activity just like a timer tick that delivered events.
//
// No idle wait for a completion that may already be queued: starting an operation (or a
// connect/disconnect) asks for one pump on the next turn of the event loop (kick(): a setImmediate,
// at most one pending), because the SDK may have queued the completion during the call already (the
// simulator at latency 0 does). And while a pump delivers something and some client is still busy
// (operations pending, the connection changing state), the next pump follows on setImmediate
// instead of the timer: a chain of steps (authorize → token → connect → Ready) runs at event-loop
// speed. The chain is bounded: at most MAX_IMMEDIATE_CHAIN pumps in a row on deliveries alone (a
// new operation from JS, or a pump that delivers nothing, starts it over); past that, the timer
// paces the pump again, so a stream of SDK events cannot keep the pump spinning on every turn.
// setImmediate runs after the loop's I/O poll, so even the chain never holds back I/O. Against the
// real SDK, whose completions come later from the network, this costs one extra empty pump
// (Platform_RunCallbacks with nothing queued, a few µs) per operation started.
//
// Keep-alive follows a socket's rules: the timer holds the process open only while some client
// that is not unref()'d is connecting/connected or has an operation pending.
import { addon } from './addon-loader';

export interface PumpClient {
  /** Wants the process kept alive (connected or with pending operations, and not unref'd). */
  readonly keepsAlive: boolean;
  /** Operations pending or the connection changing state: poll at the active interval. */
  readonly busy: boolean;
  readonly pumpIntervalMs: number;
  readonly idlePumpIntervalMs: number;
}

export const DEFAULT_PUMP_INTERVAL_MS = 10;
export const DEFAULT_IDLE_PUMP_INTERVAL_MS = 200;
/** How long the pump stays at its active interval after the last event or operation. */
export const ACTIVE_WINDOW_MS = 1000;

/**
 * Milliseconds on a monotonic clock. Not `performance.now()`: the first touch of the
 * `performance` global loads node:perf_hooks, ~2 ms of a process's start-up (docs/performance.md,
 * row 9). process.uptime() reads the same monotonic clock (uv_hrtime) and needs no module.
 * Fake timers (jest's, sinon's) fake performance.now() but not this: under them the pump's active
 * window runs on real time, which can only keep it at its active interval, never delay an event.
 */
const nowMs = (): number => process.uptime() * 1000;

/** A tick that delivers at least this many events makes the next one come 4x sooner. */
export const BURST_EVENTS = 16;
/** At most this many pumps follow one another on setImmediate because the last one delivered something. */
export const MAX_IMMEDIATE_CHAIN = 32;

class Pump {
  private readonly clients = new Set<PumpClient>();
  private timer: NodeJS.Timeout | undefined;
  private delay = 0;
  private lastActivity = -Infinity;
  private lastTickEvents = 0;
  private ticking = false;
  /** The pending pump of kick() or of the chain (keep-alive beyond it is the timer's). */
  private immediate: NodeJS.Immediate | undefined;
  /** Pumps in a row scheduled on setImmediate because the previous one delivered something. */
  private chain = 0;

  add(client: PumpClient): void {
    this.clients.add(client);
    this.lastActivity = nowMs();
    this.update();
  }

  remove(client: PumpClient): void {
    this.clients.delete(client);
    this.update();
  }

  /**
   * A client started an operation or a connection change: the SDK may have queued its completion
   * already, so pump on the next turn of the event loop instead of at the next tick.
   */
  kick(): void {
    this.chain = 0;
    this.pumpSoon();
  }

  /** Whether a pump is scheduled on setImmediate (tests observe the coalescing through it). */
  get immediatePending(): boolean {
    return this.immediate !== undefined;
  }

  /** The interval in effect now (ms), or null when no client is open. */
  get currentIntervalMs(): number | null {
    return this.timer ? this.delay : null;
  }

  /** Re-evaluates the interval and keep-alive after a client's state changed. */
  update(): void {
    if (this.clients.size === 0) {
      clearTimeout(this.timer);
      this.timer = undefined;
      clearImmediate(this.immediate);
      this.immediate = undefined;
      return;
    }
    let active = Infinity;
    let idle = Infinity;
    let keepAlive = false;
    for (const c of this.clients) {
      active = Math.min(active, c.pumpIntervalMs);
      idle = Math.min(idle, c.idlePumpIntervalMs);
      keepAlive ||= c.keepsAlive;
      if (c.busy) this.lastActivity = nowMs();
    }
    let delay = nowMs() - this.lastActivity < ACTIVE_WINDOW_MS ? active : Math.max(active, idle);
    if (this.lastTickEvents >= BURST_EVENTS) delay = Math.max(1, Math.floor(active / 4));
    // An unchanged delay keeps the running timer: frequent updates must not postpone the tick.
    if (!this.timer || delay !== this.delay) {
      clearTimeout(this.timer);
      this.delay = delay;
      this.timer = setTimeout(this.onTimer, delay);
    }
    if (keepAlive) this.timer.ref();
    else this.timer.unref();
  }

  /** Runs SDK callbacks now and dispatches their events. */
  tick(): void {
    this.ticking = true;
    try {
      this.lastTickEvents = addon().pump();
    } finally {
      this.ticking = false;
    }
    if (this.lastTickEvents > 0) this.lastActivity = nowMs();
  }

  /**
   * A client dispatched `events` (> 0) events, `completed` whether operations completed among
   * them (the last one may end the keep-alive or the active interval). Inside tick() its return
   * value counts them and the re-evaluation after the tick covers the completions (once per tick,
   * not once more per client); outside, they came from a native wake-up (an SDK thread), which
   * counts as a tick that delivered them.
   */
  delivered(events: number, completed: boolean): void {
    if (this.ticking) return;
    this.lastTickEvents = events;
    this.lastActivity = nowMs();
    if (completed) this.update();
  }

  private pumpSoon(): void {
    if (this.immediate !== undefined || this.clients.size === 0) return;
    // Ref'd on purpose: an unref'd immediate does not keep the loop's poll phase from blocking,
    // so it would run only when the next timer or I/O wakes the loop - the wait this avoids. It
    // holds the process open for at most the bounded chain of turns, not beyond.
    this.immediate = setImmediate(this.onImmediate);
  }

  /** After a scheduled pump: chain another on setImmediate while it delivers and work is pending. */
  private afterTick(): void {
    if (this.lastTickEvents === 0) {
      this.chain = 0;
    } else if (this.chain < MAX_IMMEDIATE_CHAIN && this.anyBusy()) {
      this.chain++;
      this.pumpSoon();
    }
    this.update();
  }

  private anyBusy(): boolean {
    for (const c of this.clients) if (c.busy) return true;
    return false;
  }

  private readonly onImmediate = (): void => {
    this.immediate = undefined;
    try {
      this.tick();
    } finally {
      this.afterTick();
    }
  };

  private readonly onTimer = (): void => {
    this.timer = undefined;
    try {
      this.tick();
    } finally {
      this.afterTick();
    }
  };
}

export const pump = new Pump();

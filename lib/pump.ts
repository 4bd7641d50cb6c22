// The pump: one timer per Node environment (JS timers are libuv timers on that environment's
// loop) that calls the addon's pump(): Platform_RunCallbacks, then the captured events of every
// client are dispatched. Callbacks the SDK fires on its own threads wake it through a
// thread-safe function (native/cross_thread_notifier.cc) instead of waiting for the next tick.
//
// Keep-alive follows a socket's rules: the timer holds the process open only while some client
// that is not unref()'d is connecting/connected or has an operation pending.
import { addon } from './native';

export interface PumpClient {
  /** Wants the process kept alive (connected or with pending operations, and not unref'd). */
  readonly keepsAlive: boolean;
  readonly pumpIntervalMs: number;
}

export const DEFAULT_PUMP_INTERVAL_MS = 10;

class Pump {
  private readonly clients = new Set<PumpClient>();
  private timer: NodeJS.Timeout | undefined;
  private interval = DEFAULT_PUMP_INTERVAL_MS;
  private wakeInstalled = false;

  add(client: PumpClient): void {
    if (!this.wakeInstalled) {
      addon().setWakeHandler(() => this.tick());
      this.wakeInstalled = true;
    }
    this.clients.add(client);
    this.update();
  }

  remove(client: PumpClient): void {
    this.clients.delete(client);
    this.update();
  }

  /** Re-evaluates interval and keep-alive after a client's state changed. */
  update(): void {
    if (this.clients.size === 0) {
      if (this.timer) clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    let interval = Infinity;
    let keepAlive = false;
    for (const c of this.clients) {
      interval = Math.min(interval, c.pumpIntervalMs);
      keepAlive ||= c.keepsAlive;
    }
    if (!this.timer || interval !== this.interval) {
      if (this.timer) clearInterval(this.timer);
      this.interval = interval;
      this.timer = setInterval(() => this.tick(), interval);
    }
    if (keepAlive) this.timer.ref();
    else this.timer.unref();
  }

  /** Runs SDK callbacks now (also used to flush right after an operation is started). */
  tick(): void {
    addon().pump();
  }
}

export const pump = new Pump();

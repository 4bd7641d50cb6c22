// Every promise a fault scenario starts goes through a Tracker, so that a scenario can prove that
// none is left pending: settleAll() waits for all of them, bounded by a watchdog that fails the
// test with the labels of the ones still pending. (The watchdog is a hang detector, not a timed
// assertion: it is far above anything a healthy run needs, and nothing is asserted about speed.)
import { PlatformError } from '../../lib/index';

export type Outcome =
  | { label: string; state: 'fulfilled'; value: unknown }
  | { label: string; state: 'rejected'; error: unknown }
  | { label: string; state: 'threw'; error: unknown };

interface Entry {
  label: string;
  promise: Promise<Outcome>;
  outcome: Outcome | null;
}

/** Real-time bound on a whole scenario's settling; generous (2 shared cores, 5 agents). */
export const WATCHDOG_MS = 10_000;

export class Tracker {
  readonly #entries: Entry[] = [];

  /** Starts `start()` under `label`; a synchronous throw is recorded as outcome 'threw'. */
  track(label: string, start: () => Promise<unknown> | unknown): void {
    let promise: Promise<Outcome>;
    try {
      const result = start();
      promise = Promise.resolve(result).then(
        (value): Outcome => ({ label, state: 'fulfilled', value }),
        (error: unknown): Outcome => ({ label, state: 'rejected', error }),
      );
    } catch (error) {
      promise = Promise.resolve({ label, state: 'threw', error });
    }
    const entry: Entry = { label, promise, outcome: null };
    promise.then((o) => (entry.outcome = o));
    this.#entries.push(entry);
  }

  /** Labels of the promises not settled yet. */
  pending(): string[] {
    return this.#entries.filter((e) => e.outcome === null).map((e) => e.label);
  }

  /**
   * Waits until every tracked promise settled; `drive` runs between waits (e.g. advancing a frozen
   * simulated clock). Throws, naming the stragglers, when the watchdog expires first.
   */
  async settleAll(drive: () => void = () => {}): Promise<Map<string, Outcome>> {
    const deadline = Date.now() + WATCHDOG_MS;
    while (this.pending().length > 0) {
      if (Date.now() > deadline) {
        throw new Error(`left pending after the ${WATCHDOG_MS} ms watchdog: ${this.pending().join(', ')}`);
      }
      drive();
      await new Promise((r) => setTimeout(r, 2));
    }
    const all = await Promise.all(this.#entries.map((e) => e.promise));
    return new Map(all.map((o) => [o.label, o]));
  }
}

/** The fields of a PlatformError that the documents fix, for comparison with an expectation. */
export interface ErrorShape {
  type: string;
  code: number;
  status: number;
  retryable: boolean;
  retryAfterMs: number;
  oauthError: string | null;
}

export function shapeOf(e: PlatformError): ErrorShape {
  return { type: e.type, code: e.code, status: e.status, retryable: e.retryable, retryAfterMs: e.retryAfterMs, oauthError: e.oauthError };
}

/** What an outcome looks like in a mismatch report (short, no tokens: PlatformError messages are redacted). */
export function describeOutcome(o: Outcome): string {
  if (o.state === 'fulfilled') return 'resolved';
  const e = o.error;
  if (e instanceof PlatformError) return `${o.state} ${JSON.stringify(shapeOf(e))} "${e.message}"`;
  return `${o.state} ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
}

// Pending SDK operations of one client: each gets an id that travels with the native call and
// comes back with its completion event. Settles exactly once: by its completion, or by close().
import { PlatformError } from './errors';
import type { NativeResult } from './binding';

export type Payload = Array<string | number | boolean | null | object>;

interface Pending {
  operation: string;
  resolve: (payload: Payload) => void;
  reject: (error: Error) => void;
  /** Holds the caller's stack, so that errors point at user code, not at the pump. */
  site: Error;
  /** The SDK said the operation needs a provisional-account merge (two-callback operations). */
  mergeRequired?: boolean;
}

export class Operations {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  get size(): number {
    return this.pending.size;
  }

  /** Starts `send(opId)` and returns the promise of its completion payload. */
  start(operation: string, caller: Function, send: (opId: number) => void): Promise<Payload> {
    const site = new Error();
    Error.captureStackTrace(site, caller);
    const id = this.nextId;
    this.nextId = this.nextId >= 0xffffffff ? 1 : this.nextId + 1;
    return new Promise<Payload>((resolve, reject) => {
      this.pending.set(id, { operation, resolve, reject, site });
      try {
        send(id);
      } catch (err) {
        this.pending.delete(id);
        reject(err as Error);
      }
    });
  }

  complete(id: number, result: NativeResult | null, payload: Payload): void {
    const op = this.pending.get(id);
    if (!op) return;  // already settled (e.g. rejected by close())
    this.pending.delete(id);
    if (result) {
      const error = PlatformError.fromResult(op.operation, result);
      error.mergeRequired = op.mergeRequired === true;
      op.reject(withSite(error, op.site));
    } else {
      op.resolve(payload);
    }
  }

  markMergeRequired(id: number): void {
    const op = this.pending.get(id);
    if (op) op.mergeRequired = true;
  }

  /** Rejects every pending operation (client closed). */
  rejectAll(make: (operation: string) => PlatformError): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const op of all) op.reject(withSite(make(op.operation), op.site));
  }
}

export function withSite<E extends Error>(error: E, site: Error): E {
  const frames = site.stack?.split('\n').slice(1).join('\n');
  if (frames) error.stack = `${error.name}: ${error.message}\n${frames}`;
  return error;
}

// Pending SDK operations of one client: each gets an id that travels with the native call and
// comes back with its completion event. Settles exactly once: by its completion, or by close().
// The completion's fields are read here, by the reader of the result the operation declared
// (lib/boundary.ts), so each operation's promise has its own result type.
import { COMPLETION_READERS, type CompletionName, type NativeFailedResult } from './boundary';
import { errorTypeName, PlatformError } from './errors';
import type { OpId } from './native-client';
import type { TapeReader } from './tape';

interface Pending {
  operation: string;
  /** The reader of the completion result the operation declared; none: it resolves with nothing. */
  read: ((r: TapeReader) => unknown) | undefined;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  /** Holds the caller's stack, so that errors point at user code, not at the pump. */
  site: CallSite;
  /** The SDK said the operation needs a provisional-account merge (two-callback operations). */
  mergeRequired?: boolean;
}

export class Operations {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /**
   * `publicMethod` names the public method a call site's caller is ('lobbies.createOrJoin'), for
   * the errors that tell the user what to do before calling it again (clientNotReady).
   */
  constructor(private readonly publicMethod: (caller: Function) => string | undefined = () => undefined) {}

  get size(): number {
    return this.pending.size;
  }

  /**
   * Starts `send(opId)` and returns the promise of its completion result: read by the generated
   * reader of the completion named, or by `completion` itself (an area that builds its public
   * objects straight from the tape: lib/messages.ts readMessageList). `site` is the caller's
   * (callSite), for the errors it rejects with. The id given to `send` is a number: ClientCore.run
   * types it with the operation's completion (OpId).
   */
  start(operation: string, site: CallSite, send: (opId: OpId<never>) => void,
    completion?: CompletionName | ((r: TapeReader) => unknown)): Promise<unknown> {
    const read = typeof completion === 'string' ? COMPLETION_READERS[completion] as (r: TapeReader) => unknown : completion;
    const id = this.nextId;
    this.nextId = this.nextId >= 0xffffffff ? 1 : this.nextId + 1;
    return new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { operation, read, resolve, reject, site });
      try {
        send(id);
      } catch (err) {
        this.pending.delete(id);
        reject(err as Error);
      }
    });
  }

  /** The completion of operation `id`: `result` is null on success, `r` is at its fields. */
  complete(id: number, result: NativeFailedResult | null, r: TapeReader): void {
    const op = this.pending.get(id);
    if (!op) return;  // already settled (e.g. rejected by close())
    this.pending.delete(id);
    if (result) {
      let error: Error;
      try {
        const method = errorTypeName(result.type) === 'clientNotReady' && op.site.caller ? this.publicMethod(op.site.caller) : undefined;
        const failed = PlatformError.fromResult(op.operation, result, method);
        failed.mergeRequired = op.mergeRequired === true;
        error = failed;
      } catch (err) {
        // No longer pending: settled here or never (as for a reader that throws, below).
        error = new Error(`${op.operation}: the SDK reported a failure that could not be read`, { cause: err });
      }
      op.reject(withSite(error, op.site));
      return;
    }
    let value: unknown;
    try {
      value = op.read === undefined ? undefined : op.read(r);
    } catch (err) {
      // The operation is settled here or never: it is no longer pending, and a reader that
      // throws is our fault, so the caller gets an error instead of a promise that never settles.
      const error = new Error(`${op.operation}: the SDK completed it, but its result could not be read`, { cause: err });
      op.reject(withSite(error, op.site));
      return;
    }
    op.resolve(value);
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

/** Where an operation was started: the stack above `caller`, formatted only if an error needs it. */
export interface CallSite {
  readonly stack?: string;
  /** The public method called (for the errors that name it). */
  readonly caller?: Function;
}

/**
 * Frames kept of an operation's call site: the user's call and three of its callers. V8's cost
 * of a capture grows with the frames it records (~5.7 µs at Node's default 10 under a test
 * runner's deep stack, ~3 µs at 4; docs/performance.md, row 12), and every operation pays it.
 */
const SITE_FRAMES = 4;

/**
 * The call site of `caller`. A plain object, not an Error: `new Error()` walks and records the
 * stack once itself before captureStackTrace records it again, and every operation pays for it.
 * Even once, the capture is the largest JS item of sending a lobby message (docs/performance.md,
 * row 12); it is what makes a failed operation's stack point at the user's call. A lower
 * Error.stackTraceLimit the user set is kept (0: no frames, and errors keep their own stack).
 */
export function callSite(caller: Function): CallSite {
  const site: CallSite = { caller };
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = typeof limit === 'number' && limit < SITE_FRAMES ? limit : SITE_FRAMES;
  try {
    Error.captureStackTrace(site, caller);
  } finally {
    Error.stackTraceLimit = limit;
  }
  return site;
}

export function withSite<E extends Error>(error: E, site: CallSite): E {
  const frames = site.stack?.split('\n').slice(1).join('\n');
  if (frames) error.stack = `${error.name}: ${error.message}\n${frames}`;
  return error;
}

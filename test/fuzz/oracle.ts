// The fuzz oracle: runs one call, waits for its promise with a deadline, and judges the outcome.
import type { Case } from './shapes';
import { SENTINEL } from './values';

export type OutcomeKind = 'ok' | 'TypeError' | 'RangeError' | 'PlatformError' | 'sentinel' | 'other' | 'hang';
export interface Outcome {
  kind: OutcomeKind;
  /** How long the call held the thread before it returned or threw (ms). */
  syncMs: number;
  error?: unknown;
  /** The call threw synchronously (rather than returning a rejected promise). */
  sync?: boolean;
}

/** A call that has not settled by then fails the property (every promise must settle). */
export const CALL_TIMEOUT_MS = 5000;

function classify(error: unknown): OutcomeKind {
  if (error === SENTINEL) return 'sentinel';
  // By name: errors thrown natively come from the main realm, not jest's sandbox.
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TypeError' || name === 'RangeError' || name === 'PlatformError' ? name : 'other';
}

export async function outcomeOf(call: () => unknown): Promise<Outcome> {
  let result: unknown;
  const started = performance.now();
  try {
    result = call();
  } catch (error) {
    return { kind: classify(error), error, sync: true, syncMs: performance.now() - started };
  }
  const syncMs = performance.now() - started;
  if (!(result instanceof Promise)) return { kind: 'ok', syncMs };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'hang', syncMs }), CALL_TIMEOUT_MS);
  });
  try {
    return await Promise.race([result.then((): Outcome => ({ kind: 'ok', syncMs }), (error: unknown): Outcome => ({ kind: classify(error), error, syncMs })), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

const SECRET = /token|secret|code|verifier/i;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The message names `path` as a whole word (a sub-path such as `path.key` or `path[0]` counts). */
export function namesPath(message: string, path: string): boolean {
  return new RegExp(`(^|[^\\w.])${escape(path)}(?![\\w])`).test(message);
}

/** null when the outcome is right for the case, else why not. */
export function judge(c: Case, o: Outcome): string | null {
  if (o.kind === 'hang') return `did not settle within ${CALL_TIMEOUT_MS} ms`;
  const reads = c.reads?.() ?? 0;
  if (reads > 1) return `read '${c.path}' ${reads} times (a getter may answer differently each time)`;
  if (o.kind === 'sentinel') return c.hostile ? null : 'threw the sentinel of a value that is not hostile';
  const message = String((o.error as { message?: unknown } | undefined)?.message ?? '');
  // Tokens and secrets passed in (rightly or wrongly) are never echoed in an error message.
  if (SECRET.test(c.path) && typeof c.value === 'string' && c.value.length >= 8 && message.includes(c.value)) {
    return `the error message echoes the secret passed as '${c.path}'`;
  }
  if (o.kind === 'TypeError' || o.kind === 'RangeError') {
    if (namesPath(message, c.path)) return null;
    // A revoked Proxy makes the engine itself throw (IsArray, typeof checks), before our checks run.
    if (c.hostile && /revoked/.test(message)) return null;
    return `${o.kind} does not name '${c.path}': ${JSON.stringify(message.slice(0, 200))}`;
  }
  if (c.bad) return o.kind === 'ok' ? 'accepted a bad value' : `${o.kind} instead of a named TypeError/RangeError: ${message.slice(0, 200)}`;
  if (o.kind === 'ok' || o.kind === 'PlatformError') return null;
  return `unexpected ${o.kind}: ${message.slice(0, 200)}`;
}

/** A call with only extra, ignored arguments: it may succeed or be refused by the platform. */
export function judgeNoArgs(o: Outcome): string | null {
  if (o.kind === 'ok' || o.kind === 'PlatformError') return null;
  if (o.kind === 'hang') return `did not settle within ${CALL_TIMEOUT_MS} ms`;
  return `unexpected ${o.kind}: ${String((o.error as Error | undefined)?.message).slice(0, 200)}`;
}

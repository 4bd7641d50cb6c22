// Turns what the client returns or emits into plain data for a renderer: snapshots (toJSON of
// User, Lobby, Message, Call…), no functions or live handles, and no secret. A TokenSet is
// refused outright, and every string passes the redactor (a token the binding has seen never
// leaves main, whatever field it hides in).
import { PlatformError } from '../errors';
import { redact } from '../redact';
import { TokenSet } from '../tokens';
import type { BridgeError } from './protocol';

const MAX_DEPTH = 32;
const MAX_NODES = 200_000;

export function toBridgeError(err: unknown): BridgeError {
  if (err instanceof PlatformError) {
    return {
      name: err.name, message: redact(err.message), type: err.type, code: err.code, status: err.status,
      oauthError: err.oauthError, retryable: err.retryable, retryAfterMs: err.retryAfterMs,
    };
  }
  if (err instanceof Error) return { name: err.name, message: redact(err.message) };
  return { name: 'Error', message: 'the operation failed' };
}

export function snapshot(value: unknown): unknown {
  const budget = { nodes: 0 };
  return copy(value, 0, budget);
}

function copy(value: unknown, depth: number, budget: { nodes: number }): unknown {
  if (++budget.nodes > MAX_NODES || depth > MAX_DEPTH) throw new RangeError('the result is too large to send to a renderer');
  switch (typeof value) {
    case 'string':
      return redact(value);
    case 'number': case 'boolean': case 'bigint': case 'undefined':
      return value;
    case 'function': case 'symbol':
      return undefined;
  }
  if (value === null) return null;
  if (value instanceof TokenSet) throw new TypeError('a TokenSet never crosses to a renderer');
  if (value instanceof Error) return toBridgeError(value);
  if (value instanceof Date) return new Date(value.getTime());
  if (ArrayBuffer.isView(value)) return value;  // bytes (audio levels, …): cloned by IPC
  if (Array.isArray(value)) return value.map((v) => copy(v, depth + 1, budget));
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return copy(withJson.toJSON(), depth + 1, budget);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as object)) {
    const c = copy(v, depth + 1, budget);
    if (c !== undefined) out[key] = c;
  }
  return out;
}

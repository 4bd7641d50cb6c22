// PlatformError: the one error type of SDK operations, carrying the SDK's ClientResult fields.
import type { NativeFailedResult } from './boundary';
import { redact } from './redact';
import { ERROR_TYPE_BY_VALUE, ERROR_TYPE_NAMES, type ErrorType } from './sdk-enums';
import { checkBoolean, checkEnum, checkInt, checkOptions, checkString } from './validate';

export type { ErrorType } from './sdk-enums';

const ALL_ERROR_TYPES: readonly ErrorType[] = [...ERROR_TYPE_NAMES, 'connectionFailed', 'unexpectedClose', 'connectionCanceled', 'unknown'];
/** Bounds of the text fields: an SDK error string is short; these only keep a wrong value from being kept whole. */
const MAX_TEXT = 1 << 16;
const MAX_OPERATION = 256;
const MAX_RETRY_AFTER_MS = 2 ** 31 - 1;

export function errorTypeName(value: number): ErrorType {
  return ERROR_TYPE_BY_VALUE[value] ?? 'unknown';
}

/** The fields a {@link PlatformError} is made of (for tests that construct one). */
export interface PlatformErrorFields {
  type: ErrorType;
  operation: string;
  detail?: string;
  code?: number;
  status?: number;
  oauthError?: string | null;
  retryable?: boolean;
  retryAfterMs?: number;
  /** What happened in words and what to do, when the code alone would not say it. */
  hint?: string;
  /** The public method called (e.g. 'lobbies.createOrJoin'), named in the message instead of `operation`. */
  method?: string;
}

// OAuth error strings the token endpoint uses (RFC 6749 section 5.2 and the platform's own).
const OAUTH_ERRORS = new Set([
  'invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type',
  'invalid_scope', 'access_denied',
]);

/**
 * The error of every failed SDK operation: the SDK result's fields (`type`, `code`, `status`,
 * `oauthError`, `retryable`, `retryAfterMs`), a message saying what happened and what to do, and
 * the stack of your call.
 *
 * @example
 * ```ts
 * try {
 *   await lobby.sendMessage('hi');
 * } catch (err) {
 *   if (err instanceof PlatformError && err.retryable) setTimeout(retry, err.retryAfterMs || 1000);
 *   else throw err;
 * }
 * ```
 */
export class PlatformError extends Error {
  override readonly name = 'PlatformError';
  /** ErrorType of the SDK result, lowerCamel ('httpError', 'clientDestroyed', …). */
  readonly type: ErrorType;
  /** The platform error code (e.g. 530017), or 0. For connection errors: the error detail. */
  readonly code: number;
  /** HTTP status, or 0. */
  readonly status: number;
  /** OAuth error (e.g. 'invalid_grant'), or null. */
  readonly oauthError: string | null;
  readonly retryable: boolean;
  /** Retry-after in milliseconds (0 when none was given). */
  readonly retryAfterMs: number;
  /** The SDK operation that failed (e.g. 'refreshToken'). */
  readonly operation: string;
  /** The operation needs a provisional account to be merged into a full account first. */
  mergeRequired = false;

  /**
   * Builds an error from its fields, each checked (a wrong one is a TypeError/RangeError that
   * names it and never repeats its text, which may hold a token).
   */
  constructor(fields: PlatformErrorFields) {
    fields = readFields(fields);
    const parts: string[] = [fields.type];
    if (fields.status) parts.push(`HTTP ${fields.status}`);
    if (fields.code) parts.push(`code ${fields.code}`);
    const detail = fields.detail ? `: ${fields.detail}` : '';
    const hint = fields.hint ? ` — ${fields.hint}` : '';
    super(redact(`${fields.method ?? fields.operation} failed${detail}${hint} (${parts.join(', ')})`));
    this.type = fields.type;
    this.code = fields.code ?? 0;
    this.status = fields.status ?? 0;
    this.oauthError = fields.oauthError ?? null;
    this.retryable = fields.retryable ?? false;
    this.retryAfterMs = fields.retryAfterMs ?? 0;
    this.operation = fields.operation;
  }

  /** @internal from a captured SDK result; `method`: the public method called, when known */
  static fromResult(operation: string, r: NativeFailedResult, method?: string): PlatformError {
    // The SDK's values are data, not a caller's input: they are made to fit the fields' bounds
    // (a vendor library may send a longer text or an odd number), never refused.
    const oauth = OAUTH_ERRORS.has(r.error) ? r.error : oauthErrorFromBody(r.responseBody);
    const type = errorTypeName(r.type);
    const fit = (n: number, min: number, max: number): number => (Number.isInteger(n) && n >= min && n <= max ? n : 0);
    return new PlatformError({
      type,
      operation,
      ...(method === undefined ? {} : { method }),
      detail: r.error ? r.error.slice(0, MAX_TEXT) : undefined,
      code: fit(r.errorCode, -(2 ** 31), 2 ** 32 - 1),
      status: fit(r.status, 0, 999),
      oauthError: oauth === null ? null : oauth.slice(0, MAX_OPERATION) || null,
      retryable: r.retryable,
      // Whatever the server sent, a delay this error can carry (0 when it is not a number).
      retryAfterMs: Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(r.retryAfterSeconds * 1000) || 0)),
      hint: type === 'clientNotReady' ? notReadyHint(method ?? operation) : platformCodeHint(operation, r.errorCode),
    });
  }

  /** The error of an operation on (or pending at) a closed client. */
  static clientDestroyed(operation: string): PlatformError {
    return new PlatformError({ type: 'clientDestroyed', operation, detail: 'the client was closed' });
  }

  /** The error of an operation its AbortSignal aborted. */
  static aborted(operation: string): PlatformError {
    return new PlatformError({ type: 'aborted', operation, detail: 'aborted by the AbortSignal' });
  }
}

// Each field read once, into a fresh object (a getter cannot answer twice differently).
function readFields(fields: unknown): PlatformErrorFields {
  const f = checkOptions<Record<string, unknown>>(fields, 'fields', ['type', 'operation', 'detail', 'code', 'status', 'oauthError', 'retryable', 'retryAfterMs', 'hint', 'method']);
  const text = (v: unknown, name: string): string | undefined => (v === undefined ? undefined : checkString(v, name, { max: MAX_TEXT }));
  const oauth = f['oauthError'];
  return {
    type: checkEnum(f['type'], 'fields.type', ALL_ERROR_TYPES),
    operation: checkString(f['operation'], 'fields.operation', { min: 1, max: MAX_OPERATION }),
    detail: text(f['detail'], 'fields.detail'),
    code: f['code'] === undefined ? undefined : checkInt(f['code'], 'fields.code', -(2 ** 31), 2 ** 32 - 1),
    status: f['status'] === undefined ? undefined : checkInt(f['status'], 'fields.status', 0, 999),
    oauthError: oauth === undefined || oauth === null ? null : checkString(oauth, 'fields.oauthError', { min: 1, max: MAX_OPERATION }),
    retryable: f['retryable'] === undefined ? undefined : checkBoolean(f['retryable'], 'fields.retryable'),
    retryAfterMs: f['retryAfterMs'] === undefined ? undefined : checkInt(f['retryAfterMs'], 'fields.retryAfterMs', 0, MAX_RETRY_AFTER_MS),
    hint: text(f['hint'], 'fields.hint'),
    method: f['method'] === undefined ? undefined : checkString(f['method'], 'fields.method', { min: 1, max: MAX_OPERATION }),
  };
}

function oauthErrorFromBody(body: string): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === 'string' && OAUTH_ERRORS.has(parsed.error) ? parsed.error : null;
  } catch {
    return null;
  }
}

// An operation sent before the client had a gateway session: what the user must do first.
function notReadyHint(method: string): string {
  return `${method} needs a signed-in, connected client: sign in first (await client.auth.login(), or ` +
    'auth.startSession({ store })), or, with a token already handed over (auth.updateToken), await client.connect()';
}

// The platform's error codes (docs/simulator.md lists the ones it uses) say what happened only to
// someone who knows them: these say it in words, with what to do, for the operation at hand.
function platformCodeHint(operation: string, code: number): string | undefined {
  const lobby = /lobby/i.test(operation) && !/guild/i.test(operation);
  switch (code) {
    case 50001:
      return lobby
        ? 'you are not a member of that lobby (you left it, were removed, or never joined): ' +
          'join it again with client.lobbies.createOrJoin(secret), or use a lobby from client.lobbies.list()'
        : 'you have no access there: you are not a member of that server, channel or conversation';
    case 50013:
      return lobby
        ? "you lack the permission for this in that lobby (linking a channel needs the member's canLinkLobby, which only your game backend sets)"
        : 'you lack the permission for this';
    case 10003:
      return lobby ? 'no such lobby or channel (it was deleted, or the id is wrong)' : 'no such channel (deleted, or a wrong id)';
    case 10004:
      return 'no such server (a wrong id, or one you are not in: see client.guilds.list())';
    case 10008:
      return 'no such message (deleted, or a wrong id)';
    case 10013:
      return 'no such user (a wrong id)';
    case 50005:
      return "that message is another user's: only its author can edit or delete it";
    case 50007:
      return 'this user cannot be messaged (not a friend, blocked, or their privacy settings refuse it)';
    case 50024:
      return 'that channel is of the wrong type for this (only linkable text channels can be linked to a lobby)';
    case 50025:
      return 'already linked: unlink it first';
    default:
      return undefined;
  }
}

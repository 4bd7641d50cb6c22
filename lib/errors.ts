// PlatformError: the one error type of SDK operations, carrying the SDK's ClientResult fields.
import type { NativeResult } from './native';
import { redact } from './redact';

/** ErrorType as lowerCamel names (numeric values: sdk-abi.md section 3), plus connection errors. */
export type ErrorType =
  | 'none' | 'networkError' | 'httpError' | 'clientNotReady' | 'disabled' | 'clientDestroyed'
  | 'validationError' | 'aborted' | 'authorizationFailed' | 'rpcError'
  | 'connectionFailed' | 'unexpectedClose' | 'connectionCanceled' | 'unknown';

const ERROR_TYPES: readonly ErrorType[] = [
  'none', 'networkError', 'httpError', 'clientNotReady', 'disabled', 'clientDestroyed',
  'validationError', 'aborted', 'authorizationFailed', 'rpcError',
];

export function errorTypeName(value: number): ErrorType {
  return ERROR_TYPES[value] ?? 'unknown';
}

export interface PlatformErrorFields {
  type: ErrorType;
  operation: string;
  detail?: string;
  code?: number;
  status?: number;
  oauthError?: string | null;
  retryable?: boolean;
  retryAfterMs?: number;
}

// OAuth error strings the token endpoint uses (RFC 6749 section 5.2 and the platform's own).
const OAUTH_ERRORS = new Set([
  'invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type',
  'invalid_scope', 'access_denied',
]);

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

  constructor(fields: PlatformErrorFields) {
    const parts: string[] = [fields.type];
    if (fields.status) parts.push(`HTTP ${fields.status}`);
    if (fields.code) parts.push(`code ${fields.code}`);
    const detail = fields.detail ? `: ${fields.detail}` : '';
    super(redact(`${fields.operation} failed${detail} (${parts.join(', ')})`));
    this.type = fields.type;
    this.code = fields.code ?? 0;
    this.status = fields.status ?? 0;
    this.oauthError = fields.oauthError ?? null;
    this.retryable = fields.retryable ?? false;
    this.retryAfterMs = fields.retryAfterMs ?? 0;
    this.operation = fields.operation;
  }

  /** From a captured SDK result. */
  static fromResult(operation: string, r: NativeResult): PlatformError {
    const oauth = OAUTH_ERRORS.has(r.error) ? r.error : oauthErrorFromBody(r.responseBody);
    return new PlatformError({
      type: errorTypeName(r.type),
      operation,
      detail: r.error || undefined,
      code: r.code,
      status: r.status,
      oauthError: oauth,
      retryable: r.retryable,
      retryAfterMs: r.retryAfterMs,
    });
  }

  static clientDestroyed(operation: string): PlatformError {
    return new PlatformError({ type: 'clientDestroyed', operation, detail: 'the client was closed' });
  }

  static aborted(operation: string): PlatformError {
    return new PlatformError({ type: 'aborted', operation, detail: 'aborted by the AbortSignal' });
  }
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

// The PlatformError a connect() or disconnect() waiter gets when the connection ends instead,
// with what to do about it.
import type { StatusEvent } from './client-types';
import { PlatformError } from './errors';

/** The error of `operation` (connect, disconnect) ended by this status event. */
export function connectionError(operation: string, event: StatusEvent, hasToken: boolean, applicationId: string | null = null): PlatformError {
  const type = event.error === 'none' ? 'connectionCanceled' : event.error;
  return new PlatformError({
    type,
    operation,
    detail: event.error === 'none' ? 'disconnected before ready'
      : event.error === 'connectionFailed' ? 'could not connect' : 'the connection closed',
    code: event.errorDetail,
    retryable: connectionRetryable(event),
    hint: connectionHint(event, hasToken, applicationId),
  });
}

// The connection errors in words, with what to do: the close code and HTTP status alone say
// nothing to someone who has not read the gateway's documentation.
function connectionHint(event: StatusEvent, hasToken: boolean, applicationId: string | null): string | undefined {
  const detail = event.errorDetail;
  if (event.error === 'none') return 'close() or disconnect() was called while connecting';
  if (detail === 4004) {
    return event.error === 'unexpectedClose'
      ? 'the platform ended the session: the token was revoked, the user deauthorized the application or was banned. ' +
        'Sign in again (auth.login(), or auth.refreshToken() while the grant lives), then connect()'
      : `the platform refused the token (${tokenRefusalCauses(applicationId)}). ` +
        'Get a new one (auth.refreshToken(refreshToken) or auth.login()), hand it over with auth.updateToken(), then connect()';
  }
  if (!hasToken && event.error === 'connectionFailed') {
    return 'the client has no token: sign in with auth.login(), or pass one to auth.updateToken(), before connect()';
  }
  if (detail === 429) return 'the platform is rate limiting this client (HTTP 429): connect again later';
  if (detail >= 500 && detail <= 599) return `the platform failed (HTTP ${detail}): connect again later`;
  if (detail >= 400 && detail <= 499) return `the platform refused the connection (HTTP ${detail})`;
  if (event.error === 'unexpectedClose') return 'the connection was lost: connect() again when the network is back';
  if (detail === 0) return 'the platform could not be reached: check the network (and apiBase, if set), then connect() again';
  return undefined;
}

// Why the gateway refuses a token; with an application id set, the token may be another application's.
function tokenRefusalCauses(applicationId: string | null): string {
  return applicationId === null ? 'unknown, expired or revoked, or the user is banned'
    : `unknown, expired or revoked, the user is banned, or it was issued for another application than this client's, ${applicationId}`;
}

// Whether connecting again can help: not when the gateway refused the token (close code 4004:
// revoked, deauthorized, banned — a new token is needed) or the handshake got a plain 4xx; yes
// after a lost connection, and after a 429 or 5xx handshake answer (its HTTP status is the detail).
function connectionRetryable(event: StatusEvent): boolean {
  const detail = event.errorDetail;
  if (event.error === 'unexpectedClose') return detail !== CLOSE_AUTHENTICATION_FAILED;
  if (event.error === 'connectionFailed') return detail === 429 || (detail >= 500 && detail <= 599);
  return false;
}

const CLOSE_AUTHENTICATION_FAILED = 4004;

// The operation table: one row per public operation, with what it needs (a session, a Ready
// session, nothing) and the SDK request name that network.failNext() matches. The expected
// outcome of each fault follows from these two columns and the rules of docs/simulator.md
// ("Network and requests", "Lobbies", "Client calls", "Publishing, clearing, who sees what").
import { PlatformError } from '../../lib/index';
import { CallEnded, callOutcome } from './calls';
export { CallEnded, callOutcome };
import { ID_FRESH, ID_MERGE, type Stage } from './stage';
import type { ErrorShape } from './tracker';

export type OpClass = 'auth' | 'lobby' | 'dm' | 'history' | 'relationships' | 'presence' | 'call' | 'guild';

/**
 * What an operation needs: 'none' — an HTTP request, no session (auth); 'session' — a gateway
 * session, Reconnecting included (chat, lobbies, guilds); 'ready' — a Ready session (friends,
 * online status); 'desktop' — a request when Ready, else the local transport to the desktop app
 * (rich presence); 'voice' — a Ready session and the voice signaling walk; 'local' — no request.
 */
export type Needs = 'none' | 'session' | 'ready' | 'desktop' | 'voice' | 'local';

export interface Op {
  label: string;
  klass: OpClass;
  needs: Needs;
  /** The SDK request name network.failNext() matches; null when the operation sends no request. */
  request: string | null;
  run(s: Stage): Promise<unknown> | unknown;
  /** After the user's grant died (ban, deauthorization): only for needs 'none' (auth). */
  afterRevoke?: Expected;
}

export type Expected =
  | { state: 'fulfilled' }
  | { state: 'rejected' | 'threw'; shape: ErrorShape; message?: RegExp }
  | { state: 'rejected'; callEnded: { error: string; errorDetail: number } };

const shape = (type: string, o: Partial<ErrorShape> = {}): ErrorShape =>
  ({ type, code: 0, status: 0, retryable: false, retryAfterMs: 0, oauthError: null, ...o });

export const OK: Expected = { state: 'fulfilled' };
export const NETWORK_DOWN: Expected = { state: 'rejected', shape: shape('networkError', { retryable: true }), message: /network unavailable/ };
export const TIMED_OUT: Expected = { state: 'rejected', shape: shape('networkError', { retryable: true }), message: /request timed out/ };
export const NOT_READY: Expected = { state: 'rejected', shape: shape('clientNotReady') };
export const CALL_REFUSED: Expected = { state: 'threw', shape: shape('validationError') };
export const INVALID_GRANT: Expected = { state: 'rejected', shape: shape('httpError', { status: 400, oauthError: 'invalid_grant' }) };
export const UNAUTHORIZED: Expected = { state: 'rejected', shape: shape('httpError', { status: 401 }) };
export const ACCOUNT_BANNED: Expected = { state: 'rejected', shape: shape('authorizationFailed'), message: /account banned/ };

/** An injected HTTP failure: retryable for 429 and 5xx (simulator.md, "Network and requests"). */
export function httpFailure(status: number, retryAfterMs = 0, code = 0): Expected {
  return { state: 'rejected', shape: shape('httpError', { status, code, retryable: status === 429 || status >= 500, retryAfterMs }) };
}

export const OPS: readonly Op[] = [
  // Auth: HTTP requests that need no session (run by a client without one, and by Alice's).
  { label: 'auth.authorize', klass: 'auth', needs: 'none', request: 'authorize',
    run: (s) => { s.w.sim.auth.setConsent(s.w.user.id); return s.auth.auth.authorize({ scopes: 'openid sdk.social_layer' }); },
    afterRevoke: OK },
  { label: 'auth.getToken', klass: 'auth', needs: 'none', request: 'getToken',
    run: (s) => s.auth.auth.getToken({ code: s.codeForToken.code, codeVerifier: s.codeForToken.verifier, redirectUri: s.codeForToken.redirectUri }),
    afterRevoke: INVALID_GRANT },
  { label: 'auth.refreshToken', klass: 'auth', needs: 'none', request: 'refreshToken',
    run: (s) => s.alice.auth.refreshToken(s.refreshable.refreshToken), afterRevoke: INVALID_GRANT },
  { label: 'auth.revokeToken', klass: 'auth', needs: 'none', request: 'revokeToken',
    run: (s) => s.alice.auth.revokeToken(s.revocable.accessToken), afterRevoke: OK },
  { label: 'auth.exchangeChildToken', klass: 'auth', needs: 'none', request: 'exchangeChildToken',
    run: (s) => s.alice.auth.exchangeChildToken(s.aliceTokens.accessToken, s.childAppId), afterRevoke: INVALID_GRANT },
  { label: 'auth.getProvisionalToken', klass: 'auth', needs: 'none', request: 'getProvisionalToken',
    run: (s) => s.auth.auth.getProvisionalToken(ID_FRESH), afterRevoke: OK },
  { label: 'auth.getTokenFromProvisionalMerge', klass: 'auth', needs: 'none', request: 'getTokenFromProvisionalMerge',
    run: (s) => s.auth.auth.getTokenFromProvisionalMerge({ ...ID_MERGE, code: s.codeForMerge.code, codeVerifier: s.codeForMerge.verifier, redirectUri: s.codeForMerge.redirectUri }),
    afterRevoke: INVALID_GRANT },
  { label: 'auth.fetchCurrentUser', klass: 'auth', needs: 'none', request: 'fetchCurrentUser',
    run: (s) => s.alice.auth.fetchCurrentUser(s.aliceTokens.accessToken), afterRevoke: UNAUTHORIZED },

  // Lobbies and chat: need a gateway session (Reconnecting counts).
  { label: 'lobby.create', klass: 'lobby', needs: 'session', request: 'createOrJoinLobby', run: (s) => s.alice.lobbies.createOrJoin('brand-new') },
  { label: 'lobby.join', klass: 'lobby', needs: 'session', request: 'createOrJoinLobby', run: (s) => s.alice.lobbies.createOrJoin('bobs-room') },
  { label: 'lobby.send', klass: 'lobby', needs: 'session', request: 'sendLobbyMessage', run: (s) => s.room.sendMessage('hello room') },
  { label: 'lobby.leave', klass: 'lobby', needs: 'session', request: 'leaveLobby', run: (s) => s.exit.leave() },
  { label: 'dm.send', klass: 'dm', needs: 'session', request: 'sendUserMessage', run: (s) => s.alice.messages.sendToUser(s.bob.user.id, 'hello bob') },
  { label: 'history.lobby', klass: 'history', needs: 'session', request: 'getLobbyMessagesWithLimit', run: (s) => s.room.getMessages({ limit: 10 }) },
  { label: 'history.dm', klass: 'history', needs: 'session', request: 'getUserMessagesWithLimit', run: (s) => s.alice.messages.getUserMessages(s.bob.user.id, { limit: 50 }) },
  { label: 'history.summaries', klass: 'history', needs: 'session', request: 'getUserMessageSummaries', run: (s) => s.alice.messages.getSummaries() },
  { label: 'guild.list', klass: 'guild', needs: 'session', request: 'getUserGuilds', run: (s) => s.alice.guilds.list() },
  { label: 'guild.channels', klass: 'guild', needs: 'session', request: 'getGuildChannels', run: (s) => s.alice.guilds.channels(s.guild.id) },
  { label: 'guild.linkChannel', klass: 'guild', needs: 'session', request: 'linkChannelToLobby', run: (s) => s.spare.linkChannel(s.guild.channels['second']!) },
  { label: 'guild.joinLinkedGuild', klass: 'guild', needs: 'session', request: 'joinLinkedLobbyGuild', run: (s) => s.room.joinLinkedGuild() },
  { label: 'guild.unlinkChannel', klass: 'guild', needs: 'session', request: 'unlinkChannelFromLobby', run: (s) => s.room.unlinkChannel() },

  // Friends and online status: need a Ready session.
  { label: 'relationships.send', klass: 'relationships', needs: 'ready', request: 'sendPlatformFriendRequestById', run: (s) => s.alice.relationships.sendFriendRequest({ userId: s.dave.id }) },
  { label: 'relationships.accept', klass: 'relationships', needs: 'ready', request: 'acceptPlatformFriendRequest', run: (s) => s.alice.relationships.accept(s.carol.id) },
  { label: 'relationships.block', klass: 'relationships', needs: 'ready', request: 'blockUser', run: (s) => s.alice.relationships.block(s.erin.id) },
  { label: 'relationships.unblock', klass: 'relationships', needs: 'ready', request: 'unblockUser', run: (s) => s.alice.relationships.unblock(s.frank.id) },
  { label: 'presence.setOnlineStatus', klass: 'presence', needs: 'ready', request: 'setOnlineStatus', run: (s) => s.alice.presence.setOnlineStatus('idle') },
  { label: 'presence.update', klass: 'presence', needs: 'desktop', request: 'updateRichPresence', run: (s) => s.alice.presence.update({ state: 'In a match' }) },

  // Voice.
  { label: 'call.start', klass: 'call', needs: 'voice', request: 'startCall', run: (s) => callOutcome(s.alice.voice.startCall(s.room.id)) },
  // Ends the call in progress in 'spare' (the stage starts one); it must report a last 'disconnected'.
  { label: 'call.end', klass: 'call', needs: 'local', request: null, run: endSpareCall },
];

async function endSpareCall(s: Stage): Promise<void> {
  const call = s.alice.voice.getCall(s.spare.id);
  // Already gone (ended by an earlier run, or by a revoked session): ending nothing resolves.
  if (!call) return s.alice.voice.endCall(s.spare.id);
  const ended = callOutcome(call).then(() => new Error('connected instead of ending'), (e: unknown) => e);
  await call.end();
  const e = await ended;
  if (!(e instanceof CallEnded) || e.error !== 'none') throw e;
}

/** What a fault that takes the network down (sessions Reconnecting) does to an operation. */
export function whenOffline(op: Op): Expected {
  switch (op.needs) {
    case 'none': case 'session': return NETWORK_DOWN;
    case 'ready': return NOT_READY;
    case 'desktop': return OK;  // the local transport to the desktop app still works
    case 'voice': return CALL_REFUSED;
    case 'local': return OK;
  }
}

/** Latency above the client's httpTimeoutMs: every HTTP request times out; the gateway and voice do not. */
export function whenTimedOut(op: Op): Expected {
  return op.request === null || op.needs === 'voice' ? OK : TIMED_OUT;
}

/** network.failNext(request, { status, retryAfterMs, code }) for every operation's request. */
export function whenInjected(op: Op, status: number, retryAfterMs: number, code: number): Expected {
  if (op.request === null) return OK;
  // The voice signaling step: 403 → forbidden, anything else → signalingConnectionFailed (simulator.md, "Call errors").
  if (op.needs === 'voice') return { state: 'rejected', callEnded: { error: status === 403 ? 'forbidden' : 'signalingConnectionFailed', errorDetail: status } };
  return httpFailure(status, retryAfterMs, code);
}

/** After the user's grant was revoked (ban or deauthorization): the session is gone. */
export function whenRevoked(op: Op, overrides: Partial<Record<string, Expected>> = {}): Expected {
  const special = overrides[op.label];
  if (special) return special;
  switch (op.needs) {
    case 'none': return op.afterRevoke ?? OK;
    case 'session': case 'ready': return NOT_READY;
    case 'desktop': return OK;
    case 'voice': return CALL_REFUSED;
    case 'local': return OK;
  }
}

/** Compares an outcome with its expectation; null when it matches, else what differs. */
export function mismatch(o: import('./tracker').Outcome, e: Expected): string | null {
  if (o.state !== e.state) return `expected ${e.state}`;
  if (o.state === 'fulfilled' || e.state === 'fulfilled') return null;
  const err = o.error;
  if ('callEnded' in e) {
    return err instanceof CallEnded && err.error === e.callEnded.error && err.errorDetail === e.callEnded.errorDetail
      ? null : `expected call ended ${JSON.stringify(e.callEnded)}`;
  }
  if (!(err instanceof PlatformError)) return 'expected a PlatformError';
  const got = { type: err.type, code: err.code, status: err.status, retryable: err.retryable, retryAfterMs: err.retryAfterMs, oauthError: err.oauthError };
  if (JSON.stringify(got) !== JSON.stringify(e.shape)) return `expected ${JSON.stringify(e.shape)}`;
  if (e.message && !e.message.test(err.message)) return `expected message ${e.message}`;
  return null;
}

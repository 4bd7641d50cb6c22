// client.auth: OAuth2 + PKCE authorization, token grants, provisional accounts.
import { EventKind } from './boundary';
import type { ClientCore, EventHandlers } from './core';
import {
  EXTERNAL_AUTH_TYPE_VALUES, EXTERNAL_AUTH_TYPES, INTEGRATION_TYPE_VALUES, INTEGRATION_TYPES, type ExternalAuthType, type IntegrationType,
} from './enums';
import { PlatformError } from './errors';
import { addon } from './addon-loader';
import { forgetSecret, rememberSecret } from './redact';
import type * as SessionModule from './session/session';
import type { SessionInfo, StartSessionOptions } from './session/session';

/** The client a session runs on (lib/session/session.ts), named without importing lib/client.ts. */
type SessionClient = Parameters<typeof SessionModule.startSession>[0];

// lib/session/session.ts loads on the first startSession(): a launcher that never starts one does
// not read or compile it (a file of its own beside the bundle: docs/performance.md, row 9).
let sessions: typeof SessionModule | undefined;
function sessionModule(): typeof SessionModule {
  return (sessions ??= require('./session/session') as typeof SessionModule);
}
import { TokenSet, tokenTypeName, tokenTypeValue, type TokenType } from './tokens';
import { TOKEN_TYPE_NAMES } from './sdk-enums';
import {
  checkBoolean, checkEnum, checkOptions, checkOptionalOptions, checkOptionalString, checkSignal, checkString, toId,
} from './validate';

/** A PKCE verifier and its S256 challenge, from {@link ClientAuth.createCodeVerifier}. */
export interface CodeVerifier {
  verifier: string;
  challenge: { challenge: string; method: 'S256' };
}

/** Options of {@link ClientAuth.authorize}. */
export interface AuthorizeOptions {
  /** Space-separated OAuth scopes (required), e.g. Client.defaultCommunicationScopes. */
  scopes: string;
  /** Defaults to the client's applicationId. */
  clientId?: string | bigint;
  /** Leave unset: the SDK then generates a secure random state. */
  state?: string;
  nonce?: string;
  codeChallenge?: { challenge: string; method?: 'S256' };
  integrationType?: IntegrationType;
  /** Redirect becomes `<scheme>:/authorize/callback`. */
  customSchemeParam?: string;
}

/** An identity from another provider (Steam, EOS, OIDC, …) for provisional accounts. */
export interface ExternalAuth {
  externalAuthType: ExternalAuthType;
  externalAuthToken: string;
  applicationId?: string | bigint;
}

const MAX_TOKEN = 8192;
/** The same bound for every flow's scopes (authorize, login, device flow). */
const MAX_SCOPES = 4096;

/**
 * `client.auth`: OAuth2 + PKCE authorization, token grants, refresh and revocation, provisional
 * accounts, the device flow.
 *
 * @example
 * ```ts
 * client.on('consentPending', ({ message }) => showStatus(message));
 * const tokens = await client.auth.login();          // the whole flow in one call
 * // later, from a stored refresh token:
 * const fresh = await client.auth.refreshToken(tokens.refreshToken);
 * await client.auth.updateToken(fresh.accessToken);
 * await client.connect();
 * ```
 */
export class ClientAuth {
  readonly #core: ClientCore;
  readonly #client: SessionClient;
  #authorizeRequestHandler: (() => void) | undefined;

  /** @internal created by the client, not by you */
  constructor(core: ClientCore, client: SessionClient) {
    this.#core = core;
    this.#client = client;
  }

  /**
   * A session that persists: resumes from `store` (refreshing when near expiry), else signs in
   * (login(), or a provisional account), then keeps it alive and saved (lib/session/session.ts).
   * Resolves once the client is ready, with what the app may know of the session (never a token).
   * One session per client: a second call rejects until endSession(). When the platform refuses
   * the grant later, the store is cleared and `sessionEnded` says so; failures it recovers from
   * (offline, a store that cannot save) come as `sessionError`.
   *
   * @example
   * ```ts
   * client.on('sessionEnded', ({ reason }) => { if (reason !== 'ended') showSignIn(); });
   * client.on('sessionError', (err) => console.warn('session:', err.message));
   * const store = new EncryptedFileSessionStore({ path: path.join(dataDir, 'session.bin'), key });
   * const { resumed } = await client.auth.startSession({ store });  // no consent screen when resumed
   * // sign out: revokes both tokens, clears the store, disconnects
   * await client.auth.endSession();
   * ```
   */
  startSession(options: StartSessionOptions): Promise<SessionInfo> {
    return sessionModule().startSession(this.#client, options);
  }

  /** Ends the running session: revokes both tokens (unless revoke: false), clears the store, disconnects. */
  endSession(options: { revoke?: boolean } = {}): Promise<void> {
    return this.#core.safe(() => sessionModule().endSession(this.#client, options));
  }

  /** The running session (never its tokens), or null. */
  get session(): SessionInfo | null {
    return sessions === undefined ? null : sessions.sessionInfo(this.#client);  // none started yet
  }

  /** @internal the client was closed: the session ends (sessionEnded 'clientClosed'). */
  _clientClosed(): void {
    sessions?.closeSession(this.#client);  // not loaded: no session was started
  }

  /** A PKCE verifier and its S256 challenge (CreateAuthorizationCodeVerifier). */
  createCodeVerifier(): CodeVerifier {
    const v = this.#core.native.createAuthorizationCodeVerifier();
    if (!v) throw new PlatformError({ type: 'validationError', operation: 'createCodeVerifier', detail: 'the SDK returned no verifier' });
    rememberSecret(v.verifier);  // with the code it redeems a grant: redacted like a token
    return { verifier: v.verifier, challenge: { challenge: v.challenge, method: 'S256' } };
  }

  /** Starts Authorize: the user consents in the platform's UI; resolves with the code. */
  authorize(options: AuthorizeOptions, control: { signal?: AbortSignal } = {}): Promise<{ code: string; redirectUri: string }> {
    try {
      const { args, clientId, scopes } = this.#authorizationArgs(options);
      // Checked like any options object: a wrong type or a typo must not start a flow unabortable.
      const c = checkOptionalOptions<{ signal?: unknown }>(control, 'control', ['signal']);
      const abortSignal = checkSignal(c.signal, 'control.signal');
      if (abortSignal?.aborted) return Promise.reject(PlatformError.aborted('authorize'));
      const native = this.#core.native;
      const onAbort = () => native.abortAuthorize();
      abortSignal?.addEventListener('abort', onAbort, { once: true });
      const result = this.#core.run('authorize', this.authorize, (op) => native.authorize(op, args), 'AuthorizationCode');
      const answered = this.#core.waitingForUser('authorize', clientId, scopes);
      return result
        .then(({ code, redirectUri }) => {
          rememberSecret(code);
          return { code, redirectUri };
        })
        .finally(() => {
          answered();
          abortSignal?.removeEventListener('abort', onAbort);
        });
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /** Exchanges an authorization code (PKCE) for tokens. */
  getToken(options: { code: string; codeVerifier: string; redirectUri: string; applicationId?: string | bigint }): Promise<TokenSet> {
    return this.#core.safe(() => {
      const o = checkOptions<typeof options>(options, 'options', ['code', 'codeVerifier', 'redirectUri', 'applicationId']);
      const app = this.#core.applicationId(o.applicationId, 'options.applicationId');
      const code = checkString(o.code, 'options.code', { min: 1, max: MAX_TOKEN });
      const verifier = checkString(o.codeVerifier, 'options.codeVerifier', { min: 43, max: 128 });
      const redirect = checkString(o.redirectUri, 'options.redirectUri', { min: 1, max: 2048 });
      rememberSecret(code);
      rememberSecret(verifier);
      return this.#tokens('getToken', this.getToken, (op) => this.#core.native.getToken(op, app, code, verifier, redirect))
        .then((tokens) => redeemed(tokens, code, verifier));
    });
  }

  /**
   * The whole flow in one call: verifier → authorize → getToken → updateToken → connect.
   * Resolves with the tokens once the client is ready.
   */
  async login(options: { scopes?: string; signal?: AbortSignal } = {}): Promise<TokenSet> {
    const o = checkOptionalOptions<{ scopes?: string; signal?: AbortSignal }>(options, 'options', ['scopes', 'signal']);
    const scopes = o.scopes === undefined ? addon().defaultScopes().communication : checkString(o.scopes, 'options.scopes', { min: 1, max: MAX_SCOPES });
    const signal = checkSignal(o.signal, 'options.signal');
    const stepAborted = () => {
      if (signal?.aborted) throw PlatformError.aborted('login');
    };
    stepAborted();
    const verifier = this.createCodeVerifier();
    const { code, redirectUri } = await this.authorize({ scopes, codeChallenge: verifier.challenge }, { signal });
    stepAborted();
    const tokens = await this.getToken({ code, codeVerifier: verifier.verifier, redirectUri });
    stepAborted();
    await this.updateToken(tokens.accessToken, tokens.tokenType);
    await this.#core.connect();
    return tokens;
  }

  /** A provisional account's token from an external identity (1 hour, no refresh token). */
  getProvisionalToken(options: ExternalAuth): Promise<TokenSet> {
    return this.#core.safe(() => {
      const { app, type, token } = this.#externalAuth(options, 'options', ['externalAuthType', 'externalAuthToken', 'applicationId']);
      return this.#tokens('getProvisionalToken', this.getProvisionalToken,
        (op) => this.#core.native.getProvisionalToken(op, app, type, token));
    });
  }

  /** Code flow that also merges the provisional account of the external identity into the user. */
  getTokenFromProvisionalMerge(options: ExternalAuth & { code: string; codeVerifier: string; redirectUri: string }): Promise<TokenSet> {
    return this.#core.safe(() => {
      const keys = ['externalAuthType', 'externalAuthToken', 'applicationId', 'code', 'codeVerifier', 'redirectUri'];
      const { app, type, token, o } = this.#externalAuth(options, 'options', keys);
      const code = checkString(o['code'], 'options.code', { min: 1, max: MAX_TOKEN });
      const verifier = checkString(o['codeVerifier'], 'options.codeVerifier', { min: 43, max: 128 });
      const redirect = checkString(o['redirectUri'], 'options.redirectUri', { min: 1, max: 2048 });
      rememberSecret(code);
      rememberSecret(verifier);
      return this.#tokens('getTokenFromProvisionalMerge', this.getTokenFromProvisionalMerge,
        (op) => this.#core.native.getTokenFromProvisionalMerge(op, app, code, verifier, redirect, type, token))
        .then((tokens) => redeemed(tokens, code, verifier));
    });
  }

  /** A new token pair; the old pair stops working. Fails with oauthError 'invalid_grant' once revoked. */
  refreshToken(refreshToken: string, options: { applicationId?: string | bigint } = {}): Promise<TokenSet> {
    return this.#core.safe(() => {
      const rt = checkString(refreshToken, 'refreshToken', { min: 1, max: MAX_TOKEN });
      rememberSecret(rt);
      const o = checkOptionalOptions<{ applicationId?: string | bigint }>(options, 'options', ['applicationId']);
      const app = this.#core.applicationId(o.applicationId, 'options.applicationId');
      return this.#tokens('refreshToken', this.refreshToken, (op) => this.#core.native.refreshToken(op, app, rt))
        .then((tokens) => redeemed(tokens, rt));
    });
  }

  /** Revokes the grant of an access or refresh token (both tokens of the pair stop working). */
  async revokeToken(token: string, options: { applicationId?: string | bigint } = {}): Promise<void> {
    const t = checkString(token, 'token', { min: 1, max: MAX_TOKEN });
    rememberSecret(t);
    const o = checkOptionalOptions<{ applicationId?: string | bigint }>(options, 'options', ['applicationId']);
    const app = this.#core.applicationId(o.applicationId, 'options.applicationId');
    await this.#core.run('revokeToken', this.revokeToken, (op) => this.#core.native.revokeToken(op, app, t));
    forgetSecret(t);
  }

  /** Hands an access token to the SDK (before connect(), or after re-authenticating). */
  async updateToken(accessToken: string, tokenType: TokenType = 'bearer'): Promise<void> {
    const t = checkString(accessToken, 'accessToken', { min: 1, max: MAX_TOKEN });
    rememberSecret(t);
    const type = checkEnum(tokenType, 'tokenType', TOKEN_TYPE_NAMES);
    await this.#core.run('updateToken', this.updateToken, (op) => this.#core.native.updateToken(op, tokenTypeValue(type), t));
  }

  /** Publisher-level linking: a child application's token from the parent's access token. */
  exchangeChildToken(parentToken: string, childApplicationId: string | bigint): Promise<TokenSet> {
    return this.#core.safe(() => {
      const t = checkString(parentToken, 'parentToken', { min: 1, max: MAX_TOKEN });
      rememberSecret(t);
      const child = toId(childApplicationId, 'childApplicationId');  // required: no default
      return this.#tokens('exchangeChildToken', this.exchangeChildToken, (op) => this.#core.native.exchangeChildToken(op, t, child));
    });
  }

  /** Splits the external identity back out of the user into a new provisional account. */
  async unmergeIntoProvisionalAccount(options: ExternalAuth): Promise<void> {
    const { app, type, token } = this.#externalAuth(options, 'options', ['externalAuthType', 'externalAuthToken', 'applicationId']);
    await this.#core.run('unmergeIntoProvisionalAccount', this.unmergeIntoProvisionalAccount,
      (op) => this.#core.native.unmergeIntoProvisionalAccount(op, app, type, token));
  }

  /** Renames the current provisional account (1–32 characters). */
  async updateProvisionalAccountDisplayName(name: string): Promise<void> {
    const n = checkString(name, 'name', { min: 1, max: 32 });
    await this.#core.run('updateProvisionalAccountDisplayName', this.updateProvisionalAccountDisplayName,
      (op) => this.#core.native.updateProvisionalAccountDisplayName(op, n));
  }

  /** The user id and name a token belongs to (FetchCurrentUser). */
  async fetchCurrentUser(token: string, tokenType: TokenType = 'bearer'): Promise<{ id: string; username: string }> {
    const t = checkString(token, 'token', { min: 1, max: MAX_TOKEN });
    rememberSecret(t);
    const type = checkEnum(tokenType, 'tokenType', TOKEN_TYPE_NAMES);
    const { id, name } = await this.#core.run('fetchCurrentUser', this.fetchCurrentUser,
      (op) => this.#core.native.fetchCurrentUser(op, tokenTypeValue(type), t), 'CurrentUser');
    return { id, username: name };
  }

  /** Device (console) flow: tokens once the user approves on another device. */
  getTokenFromDevice(options: { scopes?: string; clientId?: string | bigint; signal?: AbortSignal } & Partial<ExternalAuth> = {}): Promise<TokenSet> {
    return this.#core.safe(() => {
      const o = checkOptionalOptions<Record<string, unknown>>(options, 'options', ['scopes', 'clientId', 'signal', 'externalAuthType', 'externalAuthToken']);
      const clientId = this.#core.applicationId(o['clientId'], 'options.clientId');
      const scopes = o['scopes'] === undefined ? addon().defaultScopes().communication : checkString(o['scopes'], 'options.scopes', { min: 1, max: MAX_SCOPES });
      const signal = checkSignal(o['signal'], 'options.signal');
      if (signal?.aborted) throw PlatformError.aborted('getTokenFromDevice');
      let merge: [number, string] | undefined;
      if (o['externalAuthType'] !== undefined || o['externalAuthToken'] !== undefined) {
        merge = [
          EXTERNAL_AUTH_TYPE_VALUES[checkEnum(o['externalAuthType'], 'options.externalAuthType', EXTERNAL_AUTH_TYPES)],
          checkString(o['externalAuthToken'], 'options.externalAuthToken', { min: 1, max: MAX_TOKEN }),
        ];
        rememberSecret(merge[1]);
      }
      const native = this.#core.native;
      const onAbort = () => native.abortGetTokenFromDevice();
      signal?.addEventListener('abort', onAbort, { once: true });
      const result = this.#tokens('getTokenFromDevice', this.getTokenFromDevice,
        (op) => (merge ? native.getTokenFromDevice(op, clientId, scopes, merge[0], merge[1]) : native.getTokenFromDevice(op, clientId, scopes)));
      const answered = this.#core.waitingForUser('device', clientId, scopes);
      return result.finally(() => {
        answered();
        signal?.removeEventListener('abort', onAbort);
      });
    });
  }

  /** Console device flow: shows the platform's screen where the user enters `userCode`. */
  openAuthorizeDeviceScreen(userCode: string, options: { clientId?: string | bigint } = {}): void {
    const code = checkString(userCode, 'userCode', { min: 1, max: 64 });
    const o = checkOptionalOptions<{ clientId?: string | bigint }>(options, 'options', ['clientId']);
    this.#core.native.openAuthorizeDeviceScreen(this.#core.applicationId(o.clientId, 'options.clientId'), code);
  }

  /** Closes that screen (fires `authorizeDeviceScreenClosed`). */
  closeAuthorizeDeviceScreen(): void {
    this.#core.native.closeAuthorizeDeviceScreen();
  }

  /** Tells the SDK whether the merge it asked for (`mergeRequired`) was completed by the game. */
  provisionalUserMergeCompleted(success: boolean): void {
    this.#core.native.provisionalUserMergeCompleted(checkBoolean(success, 'success'));
  }

  /** True once the SDK holds a token (updateToken or login). */
  get isAuthenticated(): boolean {
    return this.#core.nativeOrNull?.isAuthenticated() ?? false;
  }

  /**
   * Handles authorization requests that start inside the platform client (e.g. the user clicks
   * "connect" in the desktop app). Returns a function that removes the handler.
   */
  onAuthorizeRequest(handler: () => void): () => void {
    if (typeof handler !== 'function') throw new TypeError('handler must be a function');
    this.#authorizeRequestHandler = handler;
    this.#core.native.setAuthorizeRequestHandler(true);
    return () => {
      if (this.#authorizeRequestHandler !== handler) return;
      this.#authorizeRequestHandler = undefined;
      this.#core.native.setAuthorizeRequestHandler(false);
    };
  }

  /** @internal called by the client's dispatcher */
  _authorizeRequested(): void {
    this.#authorizeRequestHandler?.();
  }

  #authorizationArgs(options: AuthorizeOptions) {
    const o = checkOptions<AuthorizeOptions>(options, 'options', ['scopes', 'clientId', 'state', 'nonce', 'codeChallenge', 'integrationType', 'customSchemeParam']);
    const scopes = checkString(o.scopes, 'options.scopes', { min: 1, max: MAX_SCOPES });
    const clientId = this.#core.applicationId(o.clientId, 'options.clientId');
    const args = new (addon().AuthorizationArgs)();
    args.clientId = clientId;
    args.scopes = scopes;
    const state = checkOptionalString(o.state, 'options.state', { min: 1, max: 1024 });
    if (state !== undefined) args.state = state;
    const nonce = checkOptionalString(o.nonce, 'options.nonce', { min: 1, max: 1024 });
    if (nonce !== undefined) args.nonce = nonce;
    if (o.codeChallenge !== undefined) {
      const c = checkOptions<{ challenge: unknown; method?: unknown }>(o.codeChallenge, 'options.codeChallenge', ['challenge', 'method']);
      const challenge = checkString(c.challenge, 'options.codeChallenge.challenge', { min: 43, max: 128 });
      if (c.method !== undefined) checkEnum(c.method, 'options.codeChallenge.method', ['S256'] as const);
      args.codeChallenge = { challenge, method: 0 };
    }
    if (o.integrationType !== undefined) {
      args.integrationType = INTEGRATION_TYPE_VALUES[checkEnum(o.integrationType, 'options.integrationType', INTEGRATION_TYPES)];
    }
    const scheme = checkOptionalString(o.customSchemeParam, 'options.customSchemeParam', { min: 1, max: 256 });
    if (scheme !== undefined) {
      // RFC 3986 scheme syntax: a redirect the platform could never call back must fail here.
      if (!/^[A-Za-z][A-Za-z0-9+.-]*$/.test(scheme)) throw new TypeError('options.customSchemeParam must be a URI scheme (letters, digits, + . -)');
      args.customSchemeParam = scheme;
    }
    return { args, clientId, scopes };
  }

  #externalAuth(options: unknown, name: string, keys: string[]) {
    const o = checkOptions<Record<string, unknown>>(options, name, keys);
    const type = EXTERNAL_AUTH_TYPE_VALUES[checkEnum(o['externalAuthType'], `${name}.externalAuthType`, EXTERNAL_AUTH_TYPES)];
    const token = checkString(o['externalAuthToken'], `${name}.externalAuthToken`, { min: 1, max: MAX_TOKEN });
    rememberSecret(token);
    const app = this.#core.applicationId(o['applicationId'], `${name}.applicationId`);
    return { app, type, token, o };
  }

  #tokens(operation: string, caller: Function, send: (op: number) => void): Promise<TokenSet> {
    return this.#core.run(operation, caller, send, 'Token').then((t) => new TokenSet({
      accessToken: t.accessToken,
      refreshToken: t.refreshToken,
      tokenType: tokenTypeName(t.tokenType),
      expiresIn: t.expiresIn,
      scopes: t.scopes,
    }));
  }
}

/** The auth events: the token expires soon, an authorize request, the device screen closed. */
export function authEvents(core: ClientCore, auth: ClientAuth): EventHandlers {
  return {
    [EventKind.TokenExpiration]: { run: () => core.emit('tokenExpiration') },
    [EventKind.AuthorizeRequest]: { run: () => auth._authorizeRequested() },
    [EventKind.DeviceScreenClosed]: { run: () => core.emit('authorizeDeviceScreenClosed') },
  };
}

/** A grant redeemed these secrets: they no longer work, so they may leave the live set (still redacted while recent). */
function redeemed(tokens: TokenSet, ...used: string[]): TokenSet {
  for (const s of used) if (s !== tokens.accessToken && s !== tokens.refreshToken) forgetSecret(s);
  return tokens;
}

// The canary run: every auth path, error path and log level of the binding, with tokens the
// simulator issues under canary prefixes (sim.auth.setTokenPrefixes). Everything the run can see
// — log and voiceLog events, every event payload, every error, every object the API returns, the
// SDK's log files — is handed to the LeakScanner; the test scans it once every secret is known.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format, inspect } from 'node:util';
import type { Client, ClientOptions, TokenSet } from '../../lib/index';
import { nextEvent, until, type World } from '../helpers';
import type { LeakScanner } from './scanner';
import { tokenInTheWrongPlace } from './wrong-place';

export const ACCESS_PREFIX = 'CANARYAT_';
export const REFRESH_PREFIX = 'CANARYRT_';
export const EXTERNAL_PREFIX = 'CANARYEX_';
export const CANARY_PREFIXES = ['CANARYAT', 'CANARYRT', 'CANARYEX'] as const;

const PLANTED_END = 'canary run: end of the planted lines';

/** A fresh external-identity canary (an OIDC id token, a Steam ticket…). */
export const externalCanary = (): string => EXTERNAL_PREFIX + randomBytes(20).toString('hex');

/** Feeds the scanner; keeps what the test asserts on besides leaks. */
export class Recorder {
  readonly paths: string[] = [];
  readonly tokenSets: TokenSet[] = [];
  readonly logEvents: Record<string, number> = {};
  readonly logLines: string[] = [];
  voiceLogEvents = 0;
  events = 0;
  readonly #scanner: LeakScanner;

  constructor(scanner: LeakScanner) {
    this.#scanner = scanner;
  }

  /** A grant's tokens become secrets; the TokenSet itself may only show up redacted. */
  tokens(label: string, t: TokenSet): TokenSet {
    this.paths.push(label);
    this.tokenSets.push(t);
    this.#scanner.addSecret(`${label}.accessToken`, t.accessToken);
    this.#scanner.addSecret(`${label}.refreshToken`, t.refreshToken);
    // What an application would print: console.log, %o, template strings. (toJSON keeps the
    // tokens on purpose — persisting them is the application's choice — so JSON is not scanned.)
    this.#scanner.collectText(`tokenSet: ${label} (inspect)`, inspect(t, { depth: Infinity, showHidden: true }));
    this.#scanner.collectText(`tokenSet: ${label} (%o)`, format('%o', t));
    this.#scanner.collectText(`tokenSet: ${label} (template)`, `${String(t)}`);
    return t;
  }

  secret(label: string, value: string): string {
    this.#scanner.addSecret(label, value);
    return value;
  }

  value<T>(label: string, v: T): T {
    this.#scanner.collectValue(`object: ${label}`, v);
    return v;
  }

  /** Resolves with the error of an operation that must fail (sync throw or rejection). */
  async fails(label: string, op: () => unknown): Promise<Error & { code?: number; oauthError?: string | null; type?: string }> {
    this.paths.push(label);
    let result: unknown;
    try {
      result = await op();
    } catch (err) {
      this.#scanner.collectError(`error: ${label}`, err);
      return err as Error;
    }
    throw new Error(`${label}: expected a failure, got ${inspect(result)}`);
  }

  /** Records every event a client emits (log lines as text too), rendered when emitted. */
  watch(name: string, client: Client): Client {
    const emit = client.emit.bind(client) as (event: string, ...args: unknown[]) => boolean;
    (client as unknown as { emit: typeof emit }).emit = (event: string, ...args: unknown[]) => {
      this.events++;
      if (event === 'log' || event === 'voiceLog') {
        const e = args[0] as { message: string; severity: string };
        if (event === 'log') this.logEvents[e.severity] = (this.logEvents[e.severity] ?? 0) + 1;
        else this.voiceLogEvents++;
        this.logLines.push(e.message);
        this.#scanner.collectText(`${event}: ${name} ${e.severity}`, e.message);
      }
      this.#scanner.collectValue(`event: ${name} ${event}`, args);
      return emit(event, ...args);
    };
    return client;
  }
}

/** Authorize with consent from `userId`; the code and verifier are secrets of the run too. */
async function authorizeAs(rec: Recorder, w: World, client: Client, userId: string) {
  w.sim.auth.setConsent(userId);
  const v = client.auth.createCodeVerifier();
  const grant = await client.auth.authorize({ scopes: 'openid sdk.social_layer', codeChallenge: v.challenge });
  rec.secret('authorize.code', grant.code);
  rec.secret('authorize.verifier', v.verifier);
  return { code: grant.code, codeVerifier: v.verifier, redirectUri: grant.redirectUri };
}

/**
 * Runs every auth path. `logRoot`: where the clients' logDir / voiceLogDir go. The caller has set
 * the canary prefixes, the debug flavour and the token filter.
 */
export async function canaryRun(w: World, rec: Recorder, logRoot: string): Promise<void> {
  const child = w.sim.applications.create({ name: 'Child Game', parentApplicationId: w.app.id });
  const bobUser = w.sim.users.create({ username: 'bob', displayName: 'Bob' });
  const carol = w.sim.users.create({ username: 'carol', displayName: 'Carol' });
  const make = (name: string, extra: ClientOptions = {}) => rec.watch(name, w.client({
    logLevel: 'verbose', voiceLogLevel: 'verbose',
    logDir: path.join(logRoot, name), voiceLogDir: path.join(logRoot, `${name}-voice`), ...extra,
  }));
  const main = make('main');
  const bob = make('bob');
  const side = make('side');

  // Tokens issued directly (the game backend's path), then updateToken + connect.
  const bobTokens = rec.tokens('issueToken', w.sim.auth.issueToken(bobUser.id, { applicationId: w.app.id }));
  await bob.auth.updateToken(bobTokens.accessToken);
  await bob.connect();

  // login = authorize + getToken + updateToken + connect.
  w.sim.auth.setConsent(w.user.id);
  const login = rec.tokens('login', await main.auth.login());
  rec.value('fetchCurrentUser', await main.auth.fetchCurrentUser(login.accessToken));
  rec.value('isAuthenticated', main.auth.isAuthenticated);
  // authorize + getToken, step by step (a second grant of the same user).
  const codeGrant = rec.tokens('getToken', await main.auth.getToken(await authorizeAs(rec, w, main, w.user.id)));
  await rec.fails('getToken (unknown code)', () => main.auth.getToken({ code: 'psim_code_not-a-real-code', codeVerifier: 'v'.repeat(43), redirectUri: 'x:/y' }));

  // Refresh: success (the session moves to the new pair), invalid_grant, injected 500.
  const refreshed = rec.tokens('refreshToken', await main.auth.refreshToken(login.refreshToken));
  const invalidGrant = await rec.fails('refreshToken (invalid_grant)', () => main.auth.refreshToken(login.refreshToken));
  if (invalidGrant.oauthError !== 'invalid_grant') throw new Error(`refresh of a dead token: ${invalidGrant.message}`);
  w.sim.network.failNext('refreshToken', { status: 500 });
  await rec.fails('refreshToken (HTTP 500)', () => main.auth.refreshToken(refreshed.refreshToken));
  await main.auth.updateToken(refreshed.accessToken);

  // The objects of a signed-in session.
  w.sim.relationships.befriend(w.user.id, bobUser.id);
  const lobby = rec.value('lobbies.createOrJoin', await main.lobbies.createOrJoin('canary-lobby'));
  rec.value('lobbies.createOrJoin (bob)', await bob.lobbies.createOrJoin('canary-lobby'));
  rec.value('lobby.sendMessage', await lobby.sendMessage('hello lobby'));
  rec.value('messages.sendToUser', await main.messages.sendToUser(bobUser.id, 'hello bob'));
  await until(() => (main.lobbies.get(lobby.id)?.members.length ?? 0) === 2);
  rec.value('lobby.getMessages', await lobby.getMessages());
  rec.value('lobbies.list', main.lobbies.list());
  rec.value('messages.getUserMessages', await main.messages.getUserMessages(bobUser.id));
  rec.value('messages.getSummaries', await main.messages.getSummaries());
  rec.value('users.current', main.users.current);
  rec.value('users.get', main.users.get(bobUser.id));
  rec.value('users.applicationProfiles', main.users.applicationProfiles());
  rec.value('relationships.list', main.relationships.list());
  rec.value('relationships.get', main.relationships.get(bobUser.id));
  await main.presence.update({ state: 'In a canary match', party: { id: 'canary-party', currentSize: 1, maxSize: 4 }, secrets: { join: 'canary-lobby' } });
  const invited = nextEvent(bob, 'activityInviteCreated');
  await main.presence.sendInvite(bobUser.id, 'join me');
  const [invite] = await invited;
  rec.value('presence.acceptInvite', await bob.presence.acceptInvite(invite));
  rec.value('users.get (bob sees main: activity)', bob.users.get(w.user.id));
  rec.value('relationships.list (bob)', bob.relationships.list());
  rec.value('guilds.list', await main.guilds.list());
  const call = rec.value('voice.startCall', main.voice.startCall(lobby.id));
  rec.value('voice.startCall (bob)', bob.voice.startCall(lobby.id));
  await until(() => call.status === 'connected' && rec.voiceLogEvents > 0);
  w.sim.voice.speak(bobUser.id, lobby.id, { durationMs: 200 });
  rec.value('voice.calls', main.voice.calls());
  rec.value('voice.inputDevices', await main.voice.inputDevices());
  rec.value('call.participants', call.participants);
  main.voice.endAllCalls();
  bob.voice.endAllCalls();

  // Child application token.
  const childTokens = rec.tokens('exchangeChildToken', await main.auth.exchangeChildToken(refreshed.accessToken, child.id));
  rec.value('fetchCurrentUser (child token)', await side.auth.fetchCurrentUser(childTokens.accessToken));
  await rec.fails('exchangeChildToken (unknown child)', () => main.auth.exchangeChildToken(refreshed.accessToken, '4242424242'));

  // Revoke: the session using the grant closes; every later use of the pair fails.
  await main.auth.revokeToken(refreshed.accessToken);
  rec.paths.push('revokeToken');
  await until(() => main.status === 'disconnected');
  await rec.fails('connect (revoked token)', () => main.connect());
  await rec.fails('fetchCurrentUser (revoked token)', () => main.auth.fetchCurrentUser(refreshed.accessToken));
  await rec.fails('exchangeChildToken (revoked parent)', () => main.auth.exchangeChildToken(refreshed.accessToken, child.id));
  await rec.fails('refreshToken (revoked)', () => main.auth.refreshToken(refreshed.refreshToken));
  await rec.fails('revokeToken (HTTP 503)', () => { w.sim.network.failNext('revokeToken', { status: 503 }); return main.auth.revokeToken(codeGrant.accessToken); });

  // updateToken rejected: a token that cannot be one, a closed client.
  await rec.fails('updateToken (too long)', () => main.auth.updateToken(codeGrant.accessToken.repeat(200)));
  const closed = make('closed');
  await closed.close();
  await rec.fails('updateToken (closed client)', () => closed.auth.updateToken(codeGrant.accessToken));

  // Provisional account: 1-hour token, tokenExpiration, connect with the expired token.
  const oidc = { externalAuthType: 'oidc' as const, externalAuthToken: rec.secret('external.oidc', externalCanary()) };
  const provisional = rec.tokens('getProvisionalToken', await side.auth.getProvisionalToken(oidc));
  await side.auth.updateToken(provisional.accessToken);
  await side.connect();
  rec.value('users.current (provisional)', side.users.current);
  await side.auth.updateProvisionalAccountDisplayName('Canary Player');
  const expired = nextEvent(side, 'tokenExpiration');
  w.sim.clock.advance(3600 * 1000 + 1);
  await expired;
  rec.paths.push('tokenExpiration');
  await side.disconnect();
  await rec.fails('connect (expired token)', () => side.connect());
  await rec.fails('fetchCurrentUser (expired token)', () => side.auth.fetchCurrentUser(provisional.accessToken));

  // Merge the identity into the user, unmerge it, unmerge again (400).
  rec.tokens('getProvisionalToken (again)', await side.auth.getProvisionalToken(oidc));
  rec.tokens('getTokenFromProvisionalMerge',
    await side.auth.getTokenFromProvisionalMerge({ ...oidc, ...(await authorizeAs(rec, w, side, w.user.id)) }));
  rec.value('unmergeIntoProvisionalAccount', await side.auth.unmergeIntoProvisionalAccount(oidc));
  rec.paths.push('unmergeIntoProvisionalAccount');
  await rec.fails('unmergeIntoProvisionalAccount (not merged)', () => side.auth.unmergeIntoProvisionalAccount(oidc));

  // A banned account's identity: merging it fails with 530017.
  const steam = { externalAuthType: 'steamSessionTicket' as const, externalAuthToken: rec.secret('external.steam', externalCanary()) };
  rec.tokens('getTokenFromProvisionalMerge (carol)',
    await side.auth.getTokenFromProvisionalMerge({ ...steam, ...(await authorizeAs(rec, w, side, carol.id)) }));
  w.sim.moderation.ban(carol.id);
  const lastCode = await authorizeAs(rec, w, side, bobUser.id);
  const restricted = await rec.fails('getTokenFromProvisionalMerge (530017)',
    () => side.auth.getTokenFromProvisionalMerge({ ...steam, ...lastCode }));
  if (restricted.code !== 530017) throw new Error(`merge of a restricted identity: ${restricted.message}`);

  // Device flow: plain, with a provisional merge, denied.
  w.sim.auth.setConsent(w.user.id);
  rec.tokens('getTokenFromDevice', await side.auth.getTokenFromDevice());
  const epic = { externalAuthType: 'epicOnlineServicesIdToken' as const, externalAuthToken: rec.secret('external.epic', externalCanary()) };
  w.sim.auth.setConsent(w.user.id);
  rec.tokens('getTokenFromDevice (merge)', await side.auth.getTokenFromDevice(epic));
  w.sim.auth.setConsent('deny');
  await rec.fails('getTokenFromDevice (denied)', () => side.auth.getTokenFromDevice());

  // Argument errors with a token in the wrong place or of the wrong type.
  const wrong = tokenInTheWrongPlace({
    w, client: main, make, childApplicationId: child.id, identity: oidc,
    access: codeGrant.accessToken, refresh: codeGrant.refreshToken,
  });
  for (const [label, op] of wrong) await rec.fails(`argument: ${label}`, op);

  // Lines the SDK logs with tokens in them (with the SDK's filter off, the binding is the only one).
  w.sim.diagnostics.emitLog(`request failed: Authorization: Bearer ${codeGrant.accessToken}`, 'error');
  w.sim.diagnostics.emitLog(`raw dump ${codeGrant.refreshToken} end`, 'verbose');
  w.sim.diagnostics.emitLog(`merge with ${oidc.externalAuthToken} and ${childTokens.accessToken}`, 'warning');
  w.sim.diagnostics.emitLog(`token=${bobTokens.accessToken}&refresh=${bobTokens.refreshToken}`, 'info');
  w.sim.diagnostics.emitLog(`POST /oauth2/device/token external_auth_token=${epic.externalAuthToken}`, 'verbose');
  w.sim.diagnostics.emitLog(`POST /oauth2/token code=${lastCode.code}&code_verifier=${lastCode.codeVerifier}`, 'verbose');
  // The log thread delivers in order: once the end marker is in at the three open clients, so is the rest.
  w.sim.diagnostics.emitLog(PLANTED_END, 'warning');
  await until(() => rec.logLines.filter((l) => l === PLANTED_END).length === 3);

  for (const [name, c] of [['main', main], ['bob', bob], ['side', side], ['closed', closed]] as const) rec.value(`client ${name}`, c);
}

/** Every file under `dir` (the SDK's log files), as [relative path, content]. */
export function readLogFiles(dir: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out.push([path.relative(dir, full), fs.readFileSync(full, 'utf8')]);
  }
  return out;
}

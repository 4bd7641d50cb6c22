// Calls that get a token in the wrong place or as the wrong type: each must fail with a
// TypeError/RangeError (or PlatformError) whose message, stack and inspect never show the token.
import type { Client, ClientOptions, ExternalAuth } from '../../lib/index';
import type { World } from '../helpers';

export interface WrongPlaceContext {
  w: World;
  client: Client;
  /** Creates a client (its options may be the wrong ones). */
  make: (name: string, options?: ClientOptions) => Client;
  childApplicationId: string;
  identity: ExternalAuth;
  access: string;
  refresh: string;
}

/** [label, call] pairs; every call must throw or reject. */
export function tokenInTheWrongPlace(ctx: WrongPlaceContext): Array<[string, () => unknown]> {
  const { w, client, make, childApplicationId, identity: oidc, access: t, refresh: r } = ctx;
  return [
    ['updateToken(token, token)', () => client.auth.updateToken(t, t as never)],
    ['updateToken({ accessToken })', () => client.auth.updateToken({ accessToken: t } as never)],
    ['updateToken(token as number)', () => client.auth.updateToken(Number.NaN as never)],
    ['refreshToken(rt, rt)', () => client.auth.refreshToken(r, r as never)],
    ['refreshToken(rt, { applicationId: rt })', () => client.auth.refreshToken(r, { applicationId: r })],
    ['revokeToken(token, { applicationId: token })', () => client.auth.revokeToken(t, { applicationId: t })],
    ['revokeToken([token])', () => client.auth.revokeToken([t] as never)],
    ['exchangeChildToken(childId, token)', () => client.auth.exchangeChildToken(childApplicationId, t)],
    ['fetchCurrentUser(token, token)', () => client.auth.fetchCurrentUser(t, t as never)],
    ['getToken({ code: token … applicationId: token })', () => client.auth.getToken({ code: t, codeVerifier: r, redirectUri: t, applicationId: t })],
    ['getToken({ codeVerifier: short token })', () => client.auth.getToken({ code: t, codeVerifier: t.slice(0, 20), redirectUri: t })],
    ['getProvisionalToken({ externalAuthType: token })', () => client.auth.getProvisionalToken({ externalAuthType: t as never, externalAuthToken: t })],
    ['getProvisionalToken({ [token]: … })', () => client.auth.getProvisionalToken({ ...oidc, [t]: true } as never)],
    ['getTokenFromProvisionalMerge({ code: token, unknown key })', () => client.auth.getTokenFromProvisionalMerge({ ...oidc, code: t, codeVerifier: r, redirectUri: 'x:/y', [r]: r } as never)],
    ['unmergeIntoProvisionalAccount({ applicationId: token })', () => client.auth.unmergeIntoProvisionalAccount({ ...oidc, applicationId: t })],
    ['getTokenFromDevice({ externalAuthToken: token only })', () => client.auth.getTokenFromDevice({ externalAuthToken: t })],
    ['getTokenFromDevice({ clientId: token })', () => client.auth.getTokenFromDevice({ clientId: t })],
    ['authorize({ clientId: token })', () => client.auth.authorize({ scopes: 'openid', clientId: t, state: r })],
    ['authorize({ customSchemeParam: token })', () => client.auth.authorize({ scopes: 'openid', customSchemeParam: `${t}/` })],
    ['openAuthorizeDeviceScreen(token)', () => client.auth.openAuthorizeDeviceScreen(t + r)],
    ['updateProvisionalAccountDisplayName(token)', () => client.auth.updateProvisionalAccountDisplayName(t)],
    ['new Client({ applicationId: token })', () => make('bad', { applicationId: t })],
    ['new Client({ [token]: … })', () => make('bad', { [t]: 1 } as never)],
    ['lobbies.createOrJoin(secret, { metadata: token })', () => client.lobbies.createOrJoin('x', { metadata: t as never })],
    ['lobbies.createOrJoin(…, { metadata: { [token]: 1 } })', () => client.lobbies.createOrJoin('x', { metadata: { [t]: 1 } as never })],
    ['messages.sendToUser(…, { metadata: { [token]: {} } })', () => client.messages.sendToUser(w.user.id, 'hi', { metadata: { [r]: {} } as never })],
    ['new Client({ sdkPath: token })', () => make('bad', { sdkPath: `/nonexistent/${t}` })],
    ['new Client({ logDir: token under a file })', () => make('bad', { logDir: `${__filename}/${r}` })],
    ['new Client({ voiceLogDir: token with NUL })', () => make('bad', { voiceLogDir: `\0${t}` })],
    ['sim.backend.createLobby({ metadata: { [token]: 1 } })', () => w.sim.backend.createLobby({ applicationId: w.app.id, metadata: { [t]: 1 } as never })],
    ['sim.backend.updateLobbyMembers(…, [{ metadata: { [token]: null } }])', () => w.sim.backend.updateLobbyMembers('1', [{ userId: w.user.id, metadata: { [r]: null } as never }])],
    ['messages.sendToUser(token, …)', () => client.messages.sendToUser(t, 'hi')],
    ['users.get(token)', () => client.users.get(t)],
    ['voice.startCall(token)', () => client.voice.startCall(t)],
    ['sim.auth.issueToken(token, …)', () => w.sim.auth.issueToken(t, { applicationId: w.app.id })],
    ['sim.auth.issueToken(user, { applicationId: token })', () => w.sim.auth.issueToken(w.user.id, { applicationId: t })],
  ];
}

// Authorization paths and failure rules (platform-interface.md: Authentication, States and
// transitions, Errors), end to end through the addon and the simulator.
import { createHash } from 'node:crypto';
import { Client, PlatformError } from '../lib/index';
import { closeAll, freshWorld, nextEvent, settle, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

async function authorizeAs(client: Client, userId: string, scheme?: string) {
  w.sim.auth.setConsent(userId);
  const verifier = client.auth.createCodeVerifier();
  const grant = await client.auth.authorize({
    scopes: Client.defaultCommunicationScopes,
    codeChallenge: verifier.challenge,
    ...(scheme ? { customSchemeParam: scheme } : {}),
  });
  return { verifier, grant };
}

describe('waiting for consent is visible', () => {
  test('consentPending says what the platform waits for and, on the simulator, what answers it', async () => {
    const client = w.client();
    const seen: Array<{ flow: string; applicationId: string; scopes: string; simulator: boolean; message: string }> = [];
    client.on('consentPending', (e) => {
      seen.push(e);
      w.sim.auth.setConsent(w.user.id);  // answered from the listener, as the README shows
    });
    const tokens = await client.auth.login();
    expect(tokens.tokenType).toBe('bearer');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ flow: 'authorize', applicationId: w.app.id, scopes: Client.defaultCommunicationScopes, simulator: true });
    expect(seen[0]!.message).toContain('waiting for the user to answer its consent screen');
    expect(seen[0]!.message).toContain('Simulator.attach().auth.setConsent(userId)');
  });

  test('a flow nobody answers and nobody listens to warns after 5 s; one with a listener does not', async () => {
    const warn = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const quiet = w.client();
      const listened = w.client();
      const announced: string[] = [];
      listened.on('consentPending', ({ flow }) => announced.push(flow));
      const a = quiet.auth.login();
      const b = listened.auth.login();
      await new Promise((resolve) => setTimeout(resolve, 5600));
      expect(announced).toEqual(['authorize']);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toMatch(/^The platform is waiting for the user .* Still waiting after 5 s; listen to the client's 'consentPending' event/);
      expect(warn.mock.calls[0]![1]).toBe('PlatformSdkWarning');
      w.sim.auth.setConsent(w.user.id);
      w.sim.auth.setConsent(w.user.id);
      await Promise.all([a, b]);
    } finally {
      warn.mockRestore();
    }
  }, 20_000);
});

describe('PKCE code flow', () => {
  test('verifier and S256 challenge are a real pair', () => {
    const v = w.client().auth.createCodeVerifier();
    expect(v.verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(v.challenge.method).toBe('S256');
    expect(v.challenge.challenge).toBe(createHash('sha256').update(v.verifier).digest('base64url'));
    expect(w.client().auth.createCodeVerifier().verifier).not.toBe(v.verifier);
  });

  test('login walks the status sequence and ends ready as the consenting user', async () => {
    const client = w.client();
    const statuses: string[] = [];
    client.on('status', (e) => statuses.push(e.status));
    w.sim.auth.setConsent(w.user.id);
    expect(client.users.current).toBeNull();
    const tokens = await client.auth.login();
    expect(client.status).toBe('ready');
    expect(statuses).toEqual(['connecting', 'connected', 'ready']);
    expect(client.users.current?.id).toBe(w.user.id);
    expect(client.users.current?.displayName).toBe('Alice');
    expect(client.users.get(w.user.id)?.username).toBe('alice');
    expect(tokens.tokenType).toBe('bearer');
    expect(tokens.expiresIn).toBe(7 * 24 * 3600);
    expect(tokens.refreshToken.length).toBeGreaterThan(20);
    expect(tokens.scopes).toBe('openid sdk.social_layer');
    expect(client.auth.isAuthenticated).toBe(true);
  });

  test('redirect uses the default form, or the custom scheme', async () => {
    const client = w.client();
    const { grant } = await authorizeAs(client, w.user.id);
    expect(grant.redirectUri).toBe(`platform-${w.app.id}:/authorize/callback`);
    const custom = await authorizeAs(client, w.user.id, 'mygame');
    expect(custom.grant.redirectUri).toBe('mygame:/authorize/callback');
  });

  test('a wrong verifier fails with invalid_grant', async () => {
    const client = w.client();
    const { grant } = await authorizeAs(client, w.user.id);
    const other = client.auth.createCodeVerifier();
    const err = await client.auth.getToken({ code: grant.code, codeVerifier: other.verifier, redirectUri: grant.redirectUri }).catch((e) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err.type).toBe('httpError');
    expect(err.status).toBe(400);
    expect(err.oauthError).toBe('invalid_grant');
    expect(err.message).toContain('invalid_grant');
    expect(err.operation).toBe('getToken');
  });

  test('a code is single-use and bound to its redirect', async () => {
    const client = w.client();
    const { verifier, grant } = await authorizeAs(client, w.user.id);
    const wrongRedirect = await client.auth.getToken({ code: grant.code, codeVerifier: verifier.verifier, redirectUri: 'evil:/authorize/callback' }).catch((e) => e);
    expect(wrongRedirect.oauthError).toBe('invalid_grant');
    const { verifier: v2, grant: g2 } = await authorizeAs(client, w.user.id);
    await client.auth.getToken({ code: g2.code, codeVerifier: v2.verifier, redirectUri: g2.redirectUri });
    const reused = await client.auth.getToken({ code: g2.code, codeVerifier: v2.verifier, redirectUri: g2.redirectUri }).catch((e) => e);
    expect(reused.oauthError).toBe('invalid_grant');
  });

  test('denied consent rejects with authorizationFailed / access_denied', async () => {
    const client = w.client();
    w.sim.auth.setConsent('deny');
    const err = await client.auth.login().catch((e) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err.type).toBe('authorizationFailed');
    expect(err.message).toContain('access_denied');
    expect(client.status).toBe('disconnected');
  });

  test('consent that never comes times out after the authorize timeout (simulated clock)', async () => {
    const client = w.client();
    w.sim.auth.setConsent('timeout');
    const pending = client.auth.authorize({ scopes: 'openid sdk.social_layer' }).catch((e) => e);
    await settle();
    w.sim.clock.advance(5 * 60 * 1000 + 1);
    const err = await pending;
    expect(err).toBeInstanceOf(PlatformError);
    expect(err.type).toBe('authorizationFailed');
  });

  test('an AbortSignal aborts a pending authorize (AbortAuthorize)', async () => {
    const client = w.client();
    const controller = new AbortController();
    const pending = client.auth.authorize({ scopes: 'openid sdk.social_layer' }, { signal: controller.signal }).catch((e) => e);
    await settle();
    controller.abort();
    const err = await pending;
    expect(err).toBeInstanceOf(PlatformError);
    expect(err.type).toBe('aborted');
    // An already-aborted signal rejects before anything is sent.
    const early = await client.auth.login({ signal: AbortSignal.abort() }).catch((e) => e);
    expect(early.type).toBe('aborted');
  });

  test('a consent given while authorize waits applies to it', async () => {
    const client = w.client();
    const pending = client.auth.authorize({ scopes: 'openid sdk.social_layer' });
    await settle();
    w.sim.auth.setConsent(w.user.id);
    const grant = await pending;
    expect(grant.code.length).toBeGreaterThan(10);
  });

  test('scopes are required; clientId defaults to the application id', async () => {
    const noApp = new Client({ pumpIntervalMs: 1 });
    w.clients.push(noApp);
    await expect(noApp.auth.authorize({ scopes: 'openid' })).rejects.toThrow(TypeError);
    await expect(w.client().auth.authorize({ scopes: '' })).rejects.toThrow(/options\.scopes/);
  });
});

describe('tokens', () => {
  test('refresh returns a new pair and invalidates the old one', async () => {
    const client = w.client();
    const first = w.token();
    const second = await client.auth.refreshToken(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const again = await client.auth.refreshToken(first.refreshToken).catch((e) => e);
    expect(again.oauthError).toBe('invalid_grant');
    // The old access token no longer connects.
    await client.auth.updateToken(first.accessToken);
    await expect(client.connect()).rejects.toMatchObject({ type: 'connectionFailed' });
  });

  test('revoked grant: refresh returns invalid_grant', async () => {
    const client = w.client();
    const t = w.token();
    await client.auth.revokeToken(t.accessToken);
    const err = await client.auth.refreshToken(t.refreshToken).catch((e) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err.oauthError).toBe('invalid_grant');
  });

  test('deauthorization (unlink out of band): refresh returns invalid_grant, session closes', async () => {
    const client = w.client();
    const t = await w.signIn(client);
    const closed = nextEvent(client, 'status', (e) => e.status === 'disconnected');
    w.sim.moderation.deauthorize(w.user.id, { applicationId: w.app.id });
    const [event] = await closed;
    expect(event.error).not.toBe('none');
    const err = await client.auth.refreshToken(t.refreshToken).catch((e) => e);
    expect(err.oauthError).toBe('invalid_grant');
  });

  test('a bad token ends connect in disconnected with an error', async () => {
    const client = w.client();
    const statuses: string[] = [];
    client.on('status', (e) => statuses.push(e.status));
    await client.auth.updateToken('not-a-real-token-at-all');
    const err = await client.connect().catch((e) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err.type).toBe('connectionFailed');
    expect(statuses[statuses.length - 1]).toBe('disconnected');
    expect(client.users.current).toBeNull();
  });

  test('httpTimeoutMs turns a slower request into a timeout', async () => {
    const client = w.client({ httpTimeoutMs: 50 });
    w.sim.network.setLatency(10_000);
    const t = w.token();
    const started = Date.now();
    const err = await client.auth.refreshToken(t.refreshToken).catch((e) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err.type).toBe('networkError');
    expect(err.message).toMatch(/timed out/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('injected 429 carries retryable and retryAfterMs', async () => {
    const client = w.client();
    const t = w.token();
    w.sim.network.failNext('refreshToken', { status: 429, retryAfterMs: 1500 });
    const err = await client.auth.refreshToken(t.refreshToken).catch((e) => e);
    expect(err.status).toBe(429);
    expect(err.retryable).toBe(true);
    expect(err.retryAfterMs).toBe(1500);
    await expect(client.auth.refreshToken(t.refreshToken)).resolves.toBeDefined();
  });

  test('fetchCurrentUser resolves the token owner', async () => {
    const t = w.token();
    await expect(w.client().auth.fetchCurrentUser(t.accessToken)).resolves.toEqual({ id: w.user.id, username: 'alice' });
  });

  test('child token exchange for an approved parent/child pair only', async () => {
    const parent = w.sim.applications.create({ name: 'Publisher Hub' });
    const child = w.sim.applications.create({ name: 'Child Game', parentApplicationId: parent.id });
    const stranger = w.sim.applications.create({ name: 'Unrelated' });
    const client = w.client({ applicationId: parent.id });
    const t = w.sim.auth.issueToken(w.user.id, { applicationId: parent.id });
    const childTokens = await client.auth.exchangeChildToken(t.accessToken, child.id);
    expect(childTokens.accessToken).not.toBe(t.accessToken);
    expect(childTokens.refreshToken).toBe('');
    const err = await client.auth.exchangeChildToken(t.accessToken, stranger.id).catch((e) => e);
    expect(err).toBeInstanceOf(PlatformError);
    // The child token works with the SDK.
    const childClient = w.client({ applicationId: child.id });
    await childClient.auth.updateToken(childTokens.accessToken);
    await childClient.connect();
    expect(childClient.users.current?.id).toBe(w.user.id);
  });
});

describe('provisional accounts', () => {
  const steam = { externalAuthType: 'steamSessionTicket' as const, externalAuthToken: 'steam-ticket-for-bob-0001' };

  test('provisional token lasts one hour without refresh token; expiry fires tokenExpiration', async () => {
    const client = w.client();
    const t = await client.auth.getProvisionalToken(steam);
    expect(t.expiresIn).toBe(3600);
    expect(t.refreshToken).toBe('');
    await client.auth.updateToken(t.accessToken);
    await client.connect();
    expect(client.users.current?.isProvisional).toBe(true);
    const expired = nextEvent(client, 'tokenExpiration');
    w.sim.clock.advance(3600 * 1000 + 1);
    await expired;
  });

  test('display name of a provisional account can be changed (1–32 chars)', async () => {
    const client = w.client();
    const t = await client.auth.getProvisionalToken(steam);
    await client.auth.updateToken(t.accessToken);
    await client.connect();
    const updated = nextEvent(client, 'userUpdated');
    await client.auth.updateProvisionalAccountDisplayName('Bobby');
    const [user] = await updated;
    expect(user.displayName).toBe('Bobby');
    await expect(client.auth.updateProvisionalAccountDisplayName('x'.repeat(33))).rejects.toThrow(RangeError);
  });

  test('merge moves the identity to the user; unmerge splits it off again', async () => {
    const client = w.client();
    const provisional = await client.auth.getProvisionalToken(steam);
    const provisionalUser = await client.auth.fetchCurrentUser(provisional.accessToken);
    const { verifier, grant } = await authorizeAs(client, w.user.id);
    const merged = await client.auth.getTokenFromProvisionalMerge({ ...steam, code: grant.code, codeVerifier: verifier.verifier, redirectUri: grant.redirectUri });
    expect((await client.auth.fetchCurrentUser(merged.accessToken)).id).toBe(w.user.id);
    // The identity now signs in as the full account.
    const again = await client.auth.getProvisionalToken(steam);
    expect((await client.auth.fetchCurrentUser(again.accessToken)).id).toBe(w.user.id);
    await client.auth.unmergeIntoProvisionalAccount(steam);
    const split = await client.auth.getProvisionalToken(steam);
    const splitUser = await client.auth.fetchCurrentUser(split.accessToken);
    expect(splitUser.id).not.toBe(w.user.id);
    expect(splitUser.id).not.toBe(provisionalUser.id);
  });

  test('a banned platform account severs the link; merging the identity fails with 530017', async () => {
    const client = w.client();
    const { verifier, grant } = await authorizeAs(client, w.user.id);
    const merged = await client.auth.getTokenFromProvisionalMerge({ ...steam, code: grant.code, codeVerifier: verifier.verifier, redirectUri: grant.redirectUri });
    w.sim.moderation.ban(w.user.id);
    // Tokens deleted at once.
    const refresh = await client.auth.refreshToken(merged.refreshToken).catch((e) => e);
    expect(refresh.oauthError).toBe('invalid_grant');
    // The identity now has a new restricted provisional account.
    const restricted = await client.auth.getProvisionalToken(steam);
    expect((await client.auth.fetchCurrentUser(restricted.accessToken)).id).not.toBe(w.user.id);
    // Merging it into any account fails with 530017 while the ban lasts.
    const bob = w.sim.users.create({ username: 'bob' });
    const second = await authorizeAs(client, bob.id);
    const err = await client.auth.getTokenFromProvisionalMerge({ ...steam, code: second.grant.code, codeVerifier: second.verifier.verifier, redirectUri: second.grant.redirectUri }).catch((e) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err.code).toBe(530017);
  });
});

describe('platform-initiated authorization', () => {
  test('onAuthorizeRequest receives requests from the platform client until removed', async () => {
    const client = w.client();
    let calls = 0;
    const remove = client.auth.onAuthorizeRequest(() => calls++);
    expect(w.sim.platformClient.requestAuthorize()).toBe(1);
    await settle(30);
    expect(calls).toBe(1);
    remove();
    expect(w.sim.platformClient.requestAuthorize()).toBe(0);
    await settle(30);
    expect(calls).toBe(1);
  });
});

describe('device flow', () => {
  test('the device screen opens and closes, firing authorizeDeviceScreenClosed', async () => {
    const client = w.client();
    const closed = nextEvent(client, 'authorizeDeviceScreenClosed');
    client.auth.openAuthorizeDeviceScreen('ABCD-1234');
    client.auth.closeAuthorizeDeviceScreen();
    await closed;
    expect(() => client.auth.openAuthorizeDeviceScreen('')).toThrow(/userCode/);
    expect(() => client.auth.provisionalUserMergeCompleted('yes' as never)).toThrow(/success/);
    expect(() => client.setGameWindowPid(-1)).toThrow(/pid/);
    client.setGameWindowPid(process.pid);
    client.auth.provisionalUserMergeCompleted(true);
  });

  test('getTokenFromDevice completes with the consenting user', async () => {
    const client = w.client();
    w.sim.auth.setConsent(w.user.id);
    const t = await client.auth.getTokenFromDevice();
    expect((await client.auth.fetchCurrentUser(t.accessToken)).id).toBe(w.user.id);
  });
});

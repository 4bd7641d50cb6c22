// Secret hygiene: a canary access/refresh token passed through every auth path, error path and
// log level never appears in a log event, an error message or stack, or in util.inspect /
// JSON.stringify of a client.
import { inspect } from 'node:util';
import { PlatformError } from '../lib/index';
import { closeAll, freshWorld, settle, until, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
  w.sim.diagnostics.setDebugBuild(true);  // verbose lines carry request traces with the bearer token
});
afterEach(async () => {
  w.sim.diagnostics.setDebugBuild(false);
  w.sim.diagnostics.setLogTokenFilter(true);
  await closeAll(w);
});

function scan(haystack: string, secrets: string[]): void {
  for (const s of secrets) expect(haystack).not.toContain(s);
}

test('tokens never leak through logs, errors, inspect or JSON', async () => {
  const client = w.client({ logLevel: 'verbose' });
  const logs: string[] = [];
  client.on('log', (e) => logs.push(`${e.severity} ${e.message}`));
  const errors: PlatformError[] = [];
  const keep = (p: Promise<unknown>) => p.catch((e) => { errors.push(e); });

  const issued = w.token();
  const secrets = [issued.accessToken, issued.refreshToken];

  // Happy paths.
  await client.auth.updateToken(issued.accessToken);
  await client.connect();
  const refreshed = await client.auth.refreshToken(issued.refreshToken);
  secrets.push(refreshed.accessToken, refreshed.refreshToken);
  await client.auth.fetchCurrentUser(refreshed.accessToken);
  // Error paths with the (now dead) canary pair.
  await keep(client.auth.refreshToken(issued.refreshToken));
  await keep(client.auth.exchangeChildToken(issued.accessToken, w.app.id));
  await keep(client.auth.fetchCurrentUser(issued.accessToken));
  w.sim.network.failNext('refreshToken', { status: 500 });
  await keep(client.auth.refreshToken(refreshed.refreshToken));
  // The simulator leaks the token into a line on purpose: the binding must filter again.
  w.sim.diagnostics.setLogTokenFilter(false);
  w.sim.diagnostics.emitLog(`request failed: Authorization: Bearer ${refreshed.accessToken}`, 'error');
  w.sim.diagnostics.emitLog(`raw dump ${refreshed.refreshToken} end`, 'verbose');
  await client.auth.revokeToken(refreshed.accessToken);
  // Code flow and provisional grants too.
  w.sim.auth.setConsent(w.user.id);
  const loggedIn = await client.auth.login();
  const provisional = await client.auth.getProvisionalToken({ externalAuthType: 'oidc', externalAuthToken: 'oidc-id-token-canary-0001' });
  secrets.push(loggedIn.accessToken, loggedIn.refreshToken, provisional.accessToken, 'oidc-id-token-canary-0001');
  w.sim.diagnostics.emitLog(`merge with ${provisional.accessToken} and oidc-id-token-canary-0001`, 'warning');
  await settle(50);

  expect(logs.length).toBeGreaterThan(5);
  expect(logs.some((l) => l.startsWith('verbose'))).toBe(true);
  expect(logs.some((l) => l.includes('[redacted]'))).toBe(true);
  expect(errors.length).toBeGreaterThanOrEqual(3);
  scan(logs.join('\n'), secrets);
  for (const e of errors) scan(`${e.message}\n${e.stack}\n${JSON.stringify(e)}\n${inspect(e)}`, secrets);
  scan(inspect(client, { depth: 10, showHidden: true }), secrets);
  scan(JSON.stringify(client), secrets);
  scan(inspect(refreshed), secrets);
  expect(inspect(refreshed)).toContain('[redacted]');
  // toJSON keeps the tokens on purpose: persisting them is the application's choice.
  expect(JSON.stringify(refreshed)).toContain(refreshed.accessToken);
});

test('release builds log only warnings and errors; debug builds start with a warning line', async () => {
  // The build flavour is a property of the SDK library: run one whole session in each.
  async function session(debugBuild: boolean) {
    w.sim.diagnostics.setDebugBuild(debugBuild);
    const client = w.client({ logLevel: 'verbose' });
    const logs: Array<{ severity: string; message: string }> = [];
    client.on('log', (e) => logs.push(e));
    const t = await w.signIn(client);
    await client.auth.refreshToken('definitely-not-a-refresh-token').catch(() => undefined);
    await settle(50);
    await client.close();
    return logs;
  }
  const release = await session(false);
  const debug = await session(true);
  expect(release.length).toBeGreaterThan(0);
  expect(release.every((l) => l.severity === 'warning' || l.severity === 'error')).toBe(true);
  expect(debug[0]?.severity).toBe('warning');
  expect(debug[0]?.message).toMatch(/debug build/i);
  expect(debug.some((l) => l.severity === 'verbose')).toBe(true);
  expect(debug.some((l) => l.severity === 'info')).toBe(true);
});

test('logLevel filters log events', async () => {
  const client = w.client({ logLevel: 'error' });
  const seen: string[] = [];
  client.on('log', (e) => seen.push(e.severity));
  w.sim.diagnostics.emitLog('just a warning', 'warning');
  w.sim.diagnostics.emitLog('an error', 'error');
  // Lines come from the SDK's log thread in order: once the error is in, the warning would be too.
  await until(() => seen.length > 0);
  await settle(20);
  expect(seen).toEqual(['error']);
});

test('argument errors never echo a token passed in the wrong place', async () => {
  const canary = 'canary-token-0123456789abcdef';
  const err = await w.client().auth.updateToken(canary, canary as never).catch((e) => e);
  expect(err).toBeInstanceOf(TypeError);
  expect(String(err.message)).not.toContain(canary);
});

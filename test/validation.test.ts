// Bad arguments to every public function of this slice: TypeError/RangeError naming the
// argument, thrown (sync API) or rejected (async API) before anything reaches native code.
import { Client } from '../lib/index';
import { closeAll, freshWorld, type World } from './helpers';

let w: World;
beforeAll(() => {
  w = freshWorld();
});
afterAll(() => closeAll(w));

const BAD_IDS: unknown[] = ['', 'abc', '-1', '1.5', ' 1', '123456789012345678901', 18446744073709551616n, -5n, 0n, '0', 12, null, undefined, {}, []];

type Call = () => unknown;
async function expectArgError(call: Call, name: RegExp): Promise<void> {
  let error: unknown;
  try {
    await call();
  } catch (e) {
    error = e;
  }
  expect(error).toBeDefined();
  // By name: errors thrown natively come from the main realm, not jest's sandbox.
  expect(['TypeError', 'RangeError']).toContain((error as Error).name);
  expect((error as Error).message).toMatch(name);
}

test('ids: every malformed id is rejected, naming the argument', async () => {
  const client = w.client();
  for (const bad of BAD_IDS) {
    await expectArgError(() => client.users.get(bad as string), /userId/);
    await expectArgError(() => client.auth.exchangeChildToken('parent-token-xxxxxxxx', bad as string), /childApplicationId/);
    await expectArgError(() => { client.applicationId = bad as string; }, /applicationId/);
    // undefined means "not given" for an option.
    if (bad !== undefined) await expectArgError(() => new Client({ applicationId: bad as string }), /options\.applicationId/);
  }
});

test('ids at the edges are accepted', () => {
  const client = w.client();
  expect(client.users.get('18446744073709551615')).toBeNull();
  expect(client.users.get(1n)).toBeNull();
});

test('Client options', async () => {
  await expectArgError(() => new Client('x' as never), /options/);
  await expectArgError(() => new Client({ bogus: 1 } as never), /unknown option 'bogus'/);
  await expectArgError(() => new Client({ httpTimeoutMs: 0 }), /options\.httpTimeoutMs/);
  await expectArgError(() => new Client({ httpTimeoutMs: 1.5 }), /options\.httpTimeoutMs/);
  await expectArgError(() => new Client({ logLevel: 'loud' as never }), /options\.logLevel/);
  await expectArgError(() => new Client({ pumpIntervalMs: 0 }), /options\.pumpIntervalMs/);
  await expectArgError(() => new Client({ audioSystem: 'dolby' as never }), /options\.audioSystem/);
  await expectArgError(() => new Client({ cpuAffinityMask: 3 as never }), /options\.cpuAffinityMask/);
  await expectArgError(() => new Client({ sdkPath: 7 as never }), /options\.sdkPath/);
  await expectArgError(() => new Client({ apiBase: '' }), /options\.apiBase/);
});

test('auth methods', async () => {
  const a = w.client().auth;
  await expectArgError(() => a.authorize(undefined as never), /options/);
  await expectArgError(() => a.authorize({ scopes: 5 } as never), /options\.scopes/);
  await expectArgError(() => a.authorize({ scopes: 'openid', state: '' }), /options\.state/);
  await expectArgError(() => a.authorize({ scopes: 'openid', codeChallenge: { challenge: 'short' } }), /options\.codeChallenge\.challenge/);
  await expectArgError(() => a.authorize({ scopes: 'openid', codeChallenge: { challenge: 'x'.repeat(43), method: 'plain' as never } }), /options\.codeChallenge\.method/);
  await expectArgError(() => a.authorize({ scopes: 'openid', integrationType: 'x' as never }), /options\.integrationType/);
  await expectArgError(() => a.authorize({ scopes: 'openid', customSchemeParam: 'no spaces allowed' }), /options\.customSchemeParam/);
  await expectArgError(() => a.authorize({ scopes: 'openid' }, { signal: {} as never }), /signal/);
  await expectArgError(() => a.getToken({ code: '', codeVerifier: 'x'.repeat(43), redirectUri: 'a:/b' }), /options\.code/);
  await expectArgError(() => a.getToken({ code: 'c', codeVerifier: 'short', redirectUri: 'a:/b' }), /options\.codeVerifier/);
  await expectArgError(() => a.getToken({ code: 'c', codeVerifier: 'x'.repeat(43), redirectUri: 1 } as never), /options\.redirectUri/);
  await expectArgError(() => a.login({ scopes: '' }), /options\.scopes/);
  await expectArgError(() => a.login({ sign: 1 } as never), /unknown option 'sign'/);
  await expectArgError(() => a.getProvisionalToken({ externalAuthType: 'nope' as never, externalAuthToken: 't' }), /options\.externalAuthType/);
  await expectArgError(() => a.getProvisionalToken({ externalAuthType: 'oidc', externalAuthToken: '' }), /options\.externalAuthToken/);
  await expectArgError(() => a.getTokenFromProvisionalMerge({ externalAuthType: 'oidc', externalAuthToken: 't', code: 'c', codeVerifier: 'v', redirectUri: 'r' }), /options\.codeVerifier/);
  await expectArgError(() => a.refreshToken(undefined as never), /refreshToken/);
  await expectArgError(() => a.refreshToken('x'.repeat(9000)), /refreshToken/);
  await expectArgError(() => a.refreshToken('rt', { applicationId: 'x' }), /options\.applicationId/);
  await expectArgError(() => a.revokeToken(42 as never), /token/);
  await expectArgError(() => a.updateToken(''), /accessToken/);
  await expectArgError(() => a.updateToken('t', 'mac' as never), /tokenType/);
  await expectArgError(() => a.exchangeChildToken('', '1'), /parentToken/);
  await expectArgError(() => a.unmergeIntoProvisionalAccount({} as never), /options\.externalAuthType/);
  await expectArgError(() => a.updateProvisionalAccountDisplayName(''), /name/);
  await expectArgError(() => a.fetchCurrentUser(null as never), /token/);
  await expectArgError(() => a.getTokenFromDevice({ clientId: 'abc' }), /options\.clientId/);
  await expectArgError(() => a.onAuthorizeRequest('x' as never), /handler/);
});

test('user avatar types', async () => {
  const client = w.client();
  await w.signIn(client);
  const me = client.users.current!;
  expect(() => me.avatarUrl('bmp' as never)).toThrow(/animated/);
  expect(() => me.avatarUrl('gif', 'tiff' as never)).toThrow(/still/);
  expect(me.avatarUrl('webp', 'jpeg')).toMatch(/^https:\/\//);
});

test('simulator controls validate too', async () => {
  await expectArgError(() => w.sim.users.create({ username: 'x' }), /options\.username/);
  await expectArgError(() => w.sim.clock.advance(-1), /ms/);
  await expectArgError(() => w.sim.network.setLatency(1.5), /ms/);
  await expectArgError(() => w.sim.network.failNext('getToken', { status: 200 }), /options\.status/);
  await expectArgError(() => w.sim.auth.setConsent('maybe' as never), /decision/);
  await expectArgError(() => w.sim.moderation.ban('nope'), /userId/);
});

// Natively thrown errors come from the main realm, not jest's sandbox: match on name + message.
const nativeError = (name: 'TypeError' | 'RangeError' | 'Error', message?: RegExp) =>
  expect.objectContaining({ name, ...(message ? { message: expect.stringMatching(message) } : {}) });
const throwsNative = (call: () => unknown, name: 'TypeError' | 'RangeError' | 'Error', message?: RegExp) => {
  let caught: unknown;
  try {
    call();
  } catch (e) {
    caught = e;
  }
  expect(caught).toEqual(nativeError(name, message));
};

test('the native layer defends itself against calls that bypass the TS checks', () => {
  // Reach the native class directly: wrong types must throw, never crash.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { addon } = require('../lib/addon-loader') as typeof import('../lib/addon-loader');
  const b = addon();
  const native = new b.NativeClient({}, () => undefined);
  try {
    throwsNative(() => native.getUser('x' as never), 'TypeError', /userId/);
    throwsNative(() => native.getUser(2n ** 70n), 'RangeError', /userId/);
    throwsNative(() => native.getUser(-1n), 'RangeError', /userId/);
    throwsNative(() => native.getToken('op' as never, 1n, 'c', 'v', 'r'), 'TypeError', /opId/);
    throwsNative(() => native.getToken(1, 1n, 5 as never, 'v', 'r'), 'TypeError', /code/);
    throwsNative(() => native.authorize(1, {} as never), 'TypeError', /AuthorizationArgs/);
    throwsNative(() => native.authorize(1, native as never), 'TypeError', /AuthorizationArgs/);
    throwsNative(() => native.addLogCallback(9), 'RangeError', /minSeverity/);
    throwsNative(() => native.setHttpRequestTimeout(Number.NaN), 'RangeError', /httpTimeoutMs/);
    throwsNative(() => native.updateToken(1, 7, 't'), 'RangeError', /tokenType/);
    // The one-to-one setters that replaced the string-multiplexed ones check their own arguments.
    throwsNative(() => native.setCallSelfMute('x' as never, true), 'TypeError', /channelId/);
    throwsNative(() => native.setAudioGain(1n, 0n, 500), 'RangeError', /gain/);
    throwsNative(() => native.setInputVolume(1000), 'RangeError', /inputVolume/);
    throwsNative(() => native.setEchoCancellation('yes' as never), 'TypeError', /value/);
    throwsNative(() => native.getInputDevices('op' as never), 'TypeError', /opId/);
    throwsNative(() => native.setOutputDevice(1, 5 as never), 'TypeError', /deviceId/);
    throwsNative(() => native.blockUser(1, 'x' as never), 'TypeError', /userId/);
    throwsNative(() => new b.NativeClient(null as never, null as never), 'TypeError');
    const args = new b.AuthorizationArgs();
    throwsNative(() => { args.clientId = 'abc'; }, 'TypeError', /clientId/);
    throwsNative(() => { args.codeChallenge = { challenge: 1 } as never; }, 'TypeError', /codeChallenge/);
    throwsNative(() => { args.integrationType = 5; }, 'RangeError', /integrationType/);
    args.state = 'abc';
    expect(args.state).toBe('abc');
    args.state = null;
    expect(args.state).toBeNull();
  } finally {
    native.close();
  }
  throwsNative(() => native.connect(), 'Error', /closed/);
});

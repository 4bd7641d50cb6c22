// Errors say what happened in words and what to do, beyond the bare code (and never the token).
import { PlatformError } from '../lib/index';
import { closeAll, freshWorld, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

test('connect() without a token says the client has none and how to get one', async () => {
  const err = await failure(w.client().connect());
  expect(err.type).toBe('connectionFailed');
  expect(err.message).toBe('connect failed: could not connect — the client has no token: sign in with auth.login(), ' +
    'or pass one to auth.updateToken(), before connect() (connectionFailed)');
});

test('connect() with a token the platform refuses says so, and how to get a new one', async () => {
  const client = w.client();
  const bogus = 'not-a-real-token-0123456789';
  await client.auth.updateToken(bogus);
  const err = await failure(client.connect());
  expect(err.code).toBe(4004);
  expect(err.retryable).toBe(false);
  expect(err.message).toMatch(/^connect failed: could not connect — the platform refused the token \(unknown, expired or revoked, or the user is banned\)\. Get a new one \(auth\.refreshToken\(refreshToken\) or auth\.login\(\)\), hand it over with auth\.updateToken\(\), then connect\(\) \(connectionFailed, code 4004\)$/);
  expect(err.message).not.toContain(bogus);
});

test('sending to a lobby you left says you are not a member and how to join again', async () => {
  const client = w.client();
  await w.signIn(client);
  const lobby = await client.lobbies.createOrJoin('left-behind');
  await lobby.leave();
  const err = await failure(lobby.sendMessage('anyone?'));
  expect([err.status, err.code]).toEqual([403, 50001]);
  expect(err.message).toBe('sendLobbyMessage failed: forbidden — you are not a member of that lobby (you left it, were removed, ' +
    'or never joined): join it again with client.lobbies.createOrJoin(secret), or use a lobby from client.lobbies.list() ' +
    '(httpError, HTTP 403, code 50001)');
});

test('the same code outside lobbies is worded for where it happened', async () => {
  const client = w.client();
  await w.signIn(client);
  const other = w.sim.users.create({ username: 'outsider', displayName: 'Outsider' });
  const guild = w.sim.guilds.create({ name: 'Members only', members: [other.id], channels: [{ name: 'lfg', type: 'guildText', position: 0, linkable: true }] });
  const err = await failure(client.guilds.channels(guild.id));
  expect(err.code).toBe(50001);
  expect(err.message).toContain('— you have no access there: you are not a member of that server, channel or conversation');
});

// Loader errors show the path that failed (lib/addon-loader.ts shownPath): absolute, control
// characters escaped, at most 200 characters; what the user handed over beside it never appears.
describe('loader errors show the path that failed', () => {
  // Required here rather than imported at the top: this block is self-contained (others edit the file).
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require('node:fs') as typeof import('node:fs');
  const os = require('node:os') as typeof import('node:os');
  const path = require('node:path') as typeof import('node:path');
  const { ROOT, runNode } = require('./helpers') as typeof import('./helpers');
  const { shownPath } = require('../lib/addon-loader') as typeof import('../lib/addon-loader');
  /* eslint-enable @typescript-eslint/no-require-imports */

  test('a path is shown absolute, with control characters escaped, and cut to 200 characters in the middle', () => {
    expect(shownPath('relative/lib.so')).toBe(path.join(process.cwd(), 'relative', 'lib.so'));
    expect(shownPath('/opt/sdk\n\u001b[31mfake line\u2028\u0085.so')).toBe('/opt/sdk\\x0a\\x1b[31mfake line\\u2028\\x85.so');
    const long = `/opt/${'d'.repeat(300)}/libplatform_partner_sdk.so`;
    const shown = shownPath(long);
    expect(shown.length).toBeLessThanOrEqual(200);
    expect(shown.startsWith('/opt/ddd')).toBe(true);
    expect(shown.endsWith('ddd/libplatform_partner_sdk.so')).toBe(true);
    expect(shown).toContain('…');
    // Cut between escapes, never inside one.
    const escaped = shownPath(`/${'\u0001'.repeat(150)}`);
    expect(escaped.length).toBeLessThanOrEqual(200);
    expect(escaped.replace('…', '')).toMatch(/^\/(\\x01)+$/);
  });

  test("a missing sdkPath names the absolute path that failed, not '<options.sdkPath>'", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-paths-'));
    const r = await runNode(`
      const { Client } = require(${JSON.stringify(path.join(ROOT, 'dist', 'cjs', 'index.js'))});
      try { new Client({ applicationId: '1', sdkPath: 'no-such-dir/lib\\u001bx.so' }); console.log('loaded?!'); }
      catch (e) { console.log(JSON.stringify(e.message)); }`, { cwd: dir });
    const message = JSON.parse(r.stdout.trim()) as string;
    expect(message).toContain(`SDK library not found: '${path.join(fs.realpathSync(dir), 'no-such-dir', 'lib\\x1bx.so')}'`);
    expect(message).toContain(`loading: the sdkPath option (${path.join(fs.realpathSync(dir), 'no-such-dir', 'lib\\x1bx.so')})`);
    expect(message).not.toContain('<options.sdkPath>');
    expect(message).not.toContain('\u001b');
  });

  test('no addon for this target: the error names both folders it looked in and the one command that builds it', async () => {
    // A copy of the package with dist/ but no build/ and no prebuilds/.
    const pkg = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-noaddon-'));
    fs.cpSync(path.join(ROOT, 'dist'), path.join(pkg, 'dist'), { recursive: true });
    fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(pkg, 'package.json'));
    const r = await runNode(`
      try { require(${JSON.stringify(path.join(pkg, 'dist', 'cjs', 'index.js'))}).sdkInfo(); console.log('loaded?!'); }
      catch (e) { console.log(JSON.stringify(e.message)); }`, { env: { PLATFORM_SDK_PATH: 'simulator' } });
    const message = JSON.parse(r.stdout.trim()) as string;
    const target = `${process.platform}-${process.arch}`;
    expect(message).toContain(`no native addon for ${target} (Node-API 8)`);
    expect(message).toContain(path.join(pkg, 'prebuilds', target));
    expect(message).toContain(path.join(pkg, 'build', 'Release'));
    expect(message).toContain("fix: build it from source, in your app's folder: npx platform-social-sdk build-from-source");
    expect(message).not.toMatch(/npm rebuild|--build-from-source/);
  });
});

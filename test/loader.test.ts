// Run-time loading of the SDK library: the bundled simulator by default, a library given by
// sdkPath / PLATFORM_SDK_PATH, and clear errors for a missing file or missing symbols.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { sdkInfo } from '../lib/index';
import { ROOT, runNode } from './helpers';
import { unpackedPath } from '../lib/sdk-discovery';

const simulatorPath = () => sdkInfo().path;

test('sdkInfo reports the bundled simulator and its version', () => {
  const info = sdkInfo();
  expect(info.kind).toBe('simulator');
  expect(fs.existsSync(info.path)).toBe(true);
  expect(path.basename(info.path)).toMatch(/platform_partner_sdk/);
  expect(info.version).toMatchObject({ major: 1, minor: 10, patch: 19337 });
  expect(info.tested).toBe(true);
  expect(info.version.hash.length).toBeGreaterThan(0);
});

test('sdkPath pointing at a missing file fails with a TypeError naming the option, never the path', async () => {
  const missing = path.join(os.tmpdir(), 'no-such-dir', 'libplatform_partner_sdk.so');
  const r = await runNode(`
    const { Client } = require('./dist/cjs/index.js');
    try { new Client({ sdkPath: ${JSON.stringify(missing)} }); console.log('loaded?!'); }
    catch (e) { console.log('ERR ' + e.name + ' ' + e.message); }`);
  expect(r.stdout).toContain('ERR TypeError options.sdkPath');
  expect(r.stdout).toContain('SDK library not found');
  expect(r.stdout).not.toContain(missing);
});

test('a library lacking required symbols is refused with the symbols named', async () => {
  // Any real shared library that is not the SDK: the addon itself is one.
  const addonPath = path.join(path.dirname(simulatorPath()), 'platform_social_sdk.node');
  const r = await runNode(`
    const { Client } = require('./dist/cjs/index.js');
    try { new Client({ sdkPath: ${JSON.stringify(addonPath)} }); console.log('loaded?!'); }
    catch (e) { console.log('ERR ' + e.message); }`);
  expect(r.stdout).toMatch(/is not the platform's social SDK library: it lacks all \d{3} functions the SDK must export \(Platform_Client_Init, Platform_RunCallbacks, \w+, \w+, \w+, \.\.\. and \d{3} more\)/);
  expect(r.stdout).toContain('options.sdkPath');
  expect(r.stdout).not.toContain(addonPath);
  expect(r.stdout).toContain('fix: Point sdkPath at the SDK library itself');
  // Summarised: the count and the first few, not ~500 names.
  expect(r.stdout.length).toBeLessThan(1500);
});

test('PLATFORM_SDK_PATH loads a copy of the library under another name', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-'));
  const copy = path.join(dir, 'my_sdk_copy.so');
  fs.copyFileSync(simulatorPath(), copy);
  const r = await runNode(`
    const { sdkInfo } = require('./dist/cjs/index.js');
    console.log(JSON.stringify(sdkInfo()));`, { env: { PLATFORM_SDK_PATH: copy } });
  const info = JSON.parse(r.stdout.trim());
  expect(info.path).toBe(copy);
  // It carries the simulator's control ABI, so it is recognised as the simulator.
  expect(info.kind).toBe('simulator');
});

test('two different sdkPaths in one process are refused', async () => {
  const r = await runNode(`
    const { Client, sdkInfo } = require('./dist/cjs/index.js');
    const first = sdkInfo().path;
    try { new Client({ sdkPath: '/tmp/other/libplatform_partner_sdk.so' }); console.log('loaded?!'); }
    catch (e) { console.log('ERR ' + e.message); }`);
  expect(r.stdout).toContain('already loaded');
});

test('the loaded library under another spelling is the same SDK, not a second one', async () => {
  // Windows: the same path in other letter case (file names are case-insensitive there); elsewhere
  // a symlink to it.
  let other = simulatorPath().toUpperCase();
  if (process.platform !== 'win32') {
    other = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-link-')), path.basename(simulatorPath()));
    fs.symlinkSync(simulatorPath(), other);
  }
  const r = await runNode(`
    const { Client, sdkInfo } = require('./dist/cjs/index.js');
    const first = sdkInfo().path;
    try { new Client({ sdkPath: ${JSON.stringify(other)} }).close(); console.log('OK ' + (sdkInfo().path === first)); }
    catch (e) { console.log('ERR ' + e.message); }`);
  expect(r.stdout.trim()).toBe('OK true');
});

test('vendor symbol names map the brand word, including the 12 inner ones', async () => {
  // Loaded with a prefix, the simulator (which exports Platform_*) lacks every mapped name.
  const r = await runNode(`
    const { sdkInfo } = require('./dist/cjs/index.js');
    try { sdkInfo(); } catch (e) { console.log('ERR ' + e.message); }`, { env: { PLATFORM_SDK_PATH: simulatorPath(), PLATFORM_SDK_SYMBOL_PREFIX: 'Acme' } });
  expect(r.stdout).toContain('Acme_Client_Init');
  expect(r.stdout).not.toContain('Platform_Client_Init');
});

test('ESM and CommonJS entry points expose the same classes', async () => {
  const r = await runNode(`
    (async () => {
      const esm = await import('platform-social-sdk');
      const esmTesting = await import('platform-social-sdk/testing');
      const cjs = require('platform-social-sdk');
      const cjsTesting = require('platform-social-sdk/testing');
      console.log([esm.Client === cjs.Client, esm.PlatformError === cjs.PlatformError,
        esmTesting.Simulator === cjsTesting.Simulator, typeof esm.sdkInfo].join(' '));
    })();`);
  expect(r.stderr).toBe('');
  expect(r.stdout.trim()).toBe('true true true function');
});

test('an optional symbol the library lacks (1.10 AdditionalName) reads as null', async () => {
  const r = await runNode(`
    const { Client, sdkInfo } = require('./dist/cjs/index.js');
    const { Simulator } = require('./dist/cjs/testing.js');
    const sim = Simulator.attach();
    const app = sim.applications.create({ name: 'Old SDK' });
    const alice = sim.users.create({ username: 'alice' });
    const client = new Client({ applicationId: app.id, pumpIntervalMs: 1 });
    (async () => {
      await client.auth.updateToken(sim.auth.issueToken(alice.id, { applicationId: app.id }).accessToken);
      await client.connect();
      const { id } = sim.backend.createLobby({ applicationId: app.id });
      sim.backend.updateLobbyMembers(id, [{ userId: alice.id, additionalName: 'Captain' }]);
      const got = new Promise((resolve) => client.once('messageCreated', resolve));
      sim.backend.sendLobbyMessageAs(alice.id, id, 'ahoy');
      const m = await got;
      console.log(JSON.stringify({ missing: sdkInfo().missingOptional, additionalName: m.additionalName, content: m.content }));
      await client.close();
    })();`, { env: { PLATFORM_SDK_IGNORE_SYMBOLS: 'Platform_MessageHandle_AdditionalName' } });
  expect(r.stderr).toBe('');
  expect(JSON.parse(r.stdout.trim())).toEqual({ missing: ['Platform_MessageHandle_AdditionalName'], additionalName: null, content: 'ahoy' });
});

// What a 1.9 or early 1.10 library lacks: VoiceSettings as published for 1.10.19337.
const VOICE_SETTINGS_SYMBOLS = ['Platform_Client_GetVoiceSettings', 'Platform_Client_SetVoiceSettingsUpdatedCallback',
  'Platform_VoiceSettings_Clone', 'Platform_VoiceSettings_Drop',
  ...['SelfMute', 'SelfDeaf', 'InputMode', 'PttKey', 'InputVolume', 'OutputVolume', 'NoiseSuppression', 'EchoCancellation',
    'NoiseCancellation', 'AutomaticGainControl'].flatMap((m) => [`Platform_VoiceSettings_${m}`, `Platform_VoiceSettings_Set${m}`])];

test("a library without 1.10.19337's VoiceSettings lists its symbols as missing and rejects the read, saying so", async () => {
  const r = await runNode(`
    const { Client, sdkInfo } = require('./dist/cjs/index.js');
    const { Simulator } = require('./dist/cjs/testing.js');
    const sim = Simulator.attach();
    const app = sim.applications.create({ name: 'Early 1.10' });
    const alice = sim.users.create({ username: 'alice' });
    const client = new Client({ applicationId: app.id, pumpIntervalMs: 1 });
    let events = 0;
    client.on('voiceSettingsUpdated', () => { events++; });
    (async () => {
      await client.auth.updateToken(sim.auth.issueToken(alice.id, { applicationId: app.id }).accessToken);
      await client.connect();
      sim.platformClient.setVoiceSettings({ selfMute: true });
      await new Promise((r) => setTimeout(r, 50));
      const read = await client.voice.getPlatformVoiceSettings().then((s) => ({ settings: s }),
        (e) => ({ name: e.name, type: e.type, message: e.message }));
      console.log(JSON.stringify({ missing: sdkInfo().missingOptional, read, events }));
      await client.close();
    })();`, { env: { PLATFORM_SDK_IGNORE_SYMBOLS: VOICE_SETTINGS_SYMBOLS.join(',') } });
  expect(r.stderr).toBe('');
  const got = JSON.parse(r.stdout.trim());
  expect([...got.missing].sort()).toEqual([...VOICE_SETTINGS_SYMBOLS].sort());
  expect(got.read).toEqual({
    name: 'PlatformError', type: 'disabled',
    message: expect.stringMatching(/^getPlatformVoiceSettings failed: the loaded SDK library lacks the desktop voice settings of SDK 1\.10\.19337 — load SDK 1\.10\.19337 or newer/),
  });
  expect(got.events).toBe(0);
});

test('the simulator exports every VoiceSettings symbol: none is missing', () => {
  expect(sdkInfo().missingOptional.filter((s) => VOICE_SETTINGS_SYMBOLS.includes(s))).toEqual([]);
  expect(sdkInfo().missingOptional).toEqual([]);
});

test('ignoring a required symbol refuses the library, naming it', async () => {
  const r = await runNode(`
    const { sdkInfo } = require('./dist/cjs/index.js');
    try { sdkInfo(); console.log('loaded?!'); } catch (e) { console.log('ERR ' + e.message); }`,
  { env: { PLATFORM_SDK_IGNORE_SYMBOLS: 'Platform_Client_SendLobbyMessage' } });
  expect(r.stdout).toMatch(/lacks 1 of the \d{3} functions the SDK must export \(an older or incomplete library\): Platform_Client_SendLobbyMessage \(if it is a vendor library/);
});

// Bring your own SDK, proved with a stand-in: the simulator library copied elsewhere under another
// name and loaded by the same prebuilt addon, without a rebuild.
test('sdkPath loads a stand-in vendor library under another name, and sdkInfo reports it', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-vendor-'));
  const copy = path.join(dir, 'libvendor_social_sdk_standin.so');
  fs.copyFileSync(simulatorPath(), copy);
  const r = await runNode(`
    const { Client, sdkInfo } = require('./dist/cjs/index.js');
    const client = new Client({ sdkPath: ${JSON.stringify(copy)} });
    console.log(JSON.stringify(sdkInfo()));
    client.close();`);
  expect(r.stderr).toBe('');
  const info = JSON.parse(r.stdout.trim());
  expect(info.path).toBe(copy);
  expect(info.version).toMatchObject({ major: 1, minor: 10 });
});

describe('an SDK installed with install-sdk is found from the application folder', () => {
  function appWithInstalledSdk(): { root: string; library: string } {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-app-'));
    fs.writeFileSync(path.join(root, 'package.json'), '{"name":"game-launcher","private":true}');
    const folder = path.join(root, 'platform-sdk', `${process.platform}-${process.arch}`);
    fs.mkdirSync(folder, { recursive: true });
    const library = path.join(folder, 'libvendor_partner_sdk.so');
    fs.copyFileSync(simulatorPath(), library);
    fs.writeFileSync(path.join(folder, 'sdk.json'), JSON.stringify({ library: 'libvendor_partner_sdk.so', symbolPrefix: 'Platform' }));
    fs.mkdirSync(path.join(root, 'src', 'deep'), { recursive: true });
    return { root, library };
  }
  const load = `const { sdkInfo } = require(${JSON.stringify(path.join(ROOT, 'dist', 'cjs', 'index.js'))}); console.log(JSON.stringify(sdkInfo()));`;

  test('from the app root and from a folder below it', async () => {
    const { root, library } = appWithInstalledSdk();
    for (const cwd of [root, path.join(root, 'src', 'deep')]) {
      const r = await runNode(load, { cwd, env: { PLATFORM_SDK_PATH: '' } });
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout.trim()).path).toBe(library);
    }
  });

  test("'simulator' picks the bundled simulator over it; sdkPath wins over both", async () => {
    const { root } = appWithInstalledSdk();
    const viaEnv = await runNode(load, { cwd: root, env: { PLATFORM_SDK_PATH: 'simulator' } });
    expect(JSON.parse(viaEnv.stdout.trim()).path).toBe(simulatorPath());
    const viaOption = await runNode(`
      const { Client, sdkInfo } = require(${JSON.stringify(path.join(ROOT, 'dist', 'cjs', 'index.js'))});
      new Client({ sdkPath: 'simulator' }).close();
      console.log(JSON.stringify(sdkInfo()));`, { cwd: root, env: { PLATFORM_SDK_PATH: '' } });
    expect(JSON.parse(viaOption.stdout.trim()).path).toBe(simulatorPath());
  });

  test('a second client naming the loaded library reads no sdk.json; naming another is still refused', async () => {
    const { root, library } = appWithInstalledSdk();
    const r = await runNode(`
      const fs = require('node:fs');
      const { Client, sdkInfo } = require(${JSON.stringify(path.join(ROOT, 'dist', 'cjs', 'index.js'))});
      new Client({ sdkPath: ${JSON.stringify(library)} }).close();
      let reads = 0;
      const read = fs.readFileSync;
      fs.readFileSync = function (file, ...rest) {
        if (String(file).endsWith('sdk.json')) reads++;
        return read.call(this, file, ...rest);
      };
      for (let i = 0; i < 3; i++) new Client({ sdkPath: ${JSON.stringify(library)} }).close();
      console.log('reads ' + reads + ' ' + (sdkInfo().path === ${JSON.stringify(library)}));
      try { new Client({ sdkPath: '/tmp/other/libplatform_partner_sdk.so' }); console.log('loaded?!'); }
      catch (e) { console.log('ERR ' + e.message); }`, { cwd: root, env: { PLATFORM_SDK_PATH: '' } });
    expect(r.stdout).toContain('reads 0 true');
    expect(r.stdout).toContain('already loaded');
  });

  test('a broken manifest is reported with its path and the fix', async () => {
    const { root } = appWithInstalledSdk();
    const manifest = path.join(root, 'platform-sdk', `${process.platform}-${process.arch}`, 'sdk.json');
    fs.writeFileSync(manifest, '{ not json');
    const r = await runNode(`try { ${load} } catch (e) { console.log('ERR ' + e.message); }`, { cwd: root, env: { PLATFORM_SDK_PATH: '' } });
    expect(r.stdout).toContain('ERR');
    expect(r.stdout).toContain(manifest);
    expect(r.stdout).toContain('install-sdk');
  });
});

test('loader errors say the platform, what was tried, and the fix', async () => {
  const missing = path.join(os.tmpdir(), 'nowhere', 'libvendor_partner_sdk.so');
  const r = await runNode(`
    const { Client } = require('./dist/cjs/index.js');
    try { new Client(); console.log('loaded?!'); } catch (e) { console.log('ERR ' + e.message); }`, { env: { PLATFORM_SDK_PATH: missing } });
  expect(r.stdout).toContain(`(${process.platform}-${process.arch})`);
  expect(r.stdout).toContain(`loading: PLATFORM_SDK_PATH (${missing})`);
  expect(r.stdout).toMatch(/fix: .*sdkPath.*install-sdk/);
});

test('a path inside a packaged app.asar is read from app.asar.unpacked, any other path is kept', () => {
  expect(unpackedPath('C:\\Game\\resources\\app.asar\\node_modules\\x.node')).toBe('C:\\Game\\resources\\app.asar.unpacked\\node_modules\\x.node');
  expect(unpackedPath('/opt/game/resources/app.asar/build/x.node')).toBe('/opt/game/resources/app.asar.unpacked/build/x.node');
  for (const kept of ['/opt/game/resources/app.asar.unpacked/x.node', '/opt/app.asarx/x.node', '/opt/my-app.asar-notes/x']) expect(unpackedPath(kept)).toBe(kept);
});

// The version gate at load (lib/sdk-version.ts): a tested SDK loads silently, another version of
// a tested major loads with one PlatformSdkWarning, another major is refused unless
// allowUntestedSdk. Each case runs in its own process, with the simulator told which version to
// report (PLATFORM_SIM_REPORT_VERSION, read once when the library is loaded).
import { Client, sdkInfo } from '../lib/index';
import { TESTED_SDK_VERSIONS } from '../lib/sdk-version';
import { runNode } from './helpers';

// Loads the SDK in a child process reporting `version`, runs `body` (which may use Client,
// sdkInfo and tryClient), and prints what it saw plus every warning, as JSON.
async function inChild(version: string | undefined, body: string) {
  const r = await runNode(`
    const { Client, sdkInfo } = require('./dist/cjs/index.js');
    const warnings = [];
    process.removeAllListeners('warning'); // Node's own printer: the warnings are counted here instead
    process.on('warning', (w) => warnings.push({ name: w.name, message: w.message }));
    const out = {};
    const tryClient = (options) => {
      try { new Client(options).close(); return 'loaded'; }
      catch (e) { return { name: e.name, code: e.code, message: e.message }; }
    };
    (async () => {
      ${body}
      await new Promise((r) => setImmediate(r)); // warnings are emitted on the next tick
      console.log(JSON.stringify({ ...out, warnings }));
    })();`, { env: version === undefined ? {} : { PLATFORM_SIM_REPORT_VERSION: version } });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout.trim()) as Record<string, unknown> & { warnings: { name: string; message: string }[] };
}

test('the tested versions are declared once: 1.9.16441 and 1.10.19337', () => {
  expect(TESTED_SDK_VERSIONS).toEqual([{ major: 1, minor: 9, patch: 16441 }, { major: 1, minor: 10, patch: 19337 }]);
  expect(Object.isFrozen(TESTED_SDK_VERSIONS)).toBe(true);
});

test('the simulator reports 1.10.19337, a tested version: it loads silently', async () => {
  const got = await inChild(undefined, `
    out.client = tryClient({});
    out.info = sdkInfo();`);
  expect(got.client).toBe('loaded');
  expect(got.info).toMatchObject({ kind: 'simulator', version: { major: 1, minor: 10, patch: 19337 }, tested: true });
  expect(got.warnings).toEqual([]);
});

test('1.9.16441, the other tested version, loads silently too', async () => {
  const got = await inChild('1.9.16441', `
    out.client = tryClient({});
    out.tested = sdkInfo().tested;`);
  expect(got).toEqual({ client: 'loaded', tested: true, warnings: [] });
});

test('a newer minor of a known major loads with exactly one PlatformSdkWarning naming it and check-sdk', async () => {
  const got = await inChild('1.11.20500', `
    out.first = tryClient({});
    out.second = tryClient({});
    out.info = sdkInfo();`);
  expect(got.first).toBe('loaded');
  expect(got.second).toBe('loaded');
  expect(got.info).toMatchObject({ version: { major: 1, minor: 11, patch: 20500 }, tested: false });
  expect(got.warnings).toHaveLength(1);
  expect(got.warnings[0]!.name).toBe('PlatformSdkWarning');
  expect(got.warnings[0]!.message).toMatch(
    /^SDK 1\.11\.20500 at ".+platform_partner_sdk[^"]*" is newer than the versions this package was tested with \(1\.9\.16441, 1\.10\.19337\): it loads, but check it with `npx platform-social-sdk check-sdk ".+"` before you ship with it\.$/);
});

test('an untested patch of a tested minor also loads with one warning, saying it is not a tested one', async () => {
  const got = await inChild('1.10.18247', `
    out.client = tryClient({});
    out.tested = sdkInfo().tested;`);
  expect(got.client).toBe('loaded');
  expect(got.tested).toBe(false);
  expect(got.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^SDK 1\.10\.18247 at .* is not one of the versions this package was tested with .*check-sdk/)]);
});

test('another major is refused with an error saying so and how to proceed, unless allowUntestedSdk', async () => {
  const got = await inChild('2.0.0', `
    out.refused = tryClient({});
    out.info = sdkInfo(); // describes the library, never refuses it
    out.refusedAgain = tryClient({ allowUntestedSdk: false });
    out.allowed = tryClient({ allowUntestedSdk: true });
    out.afterwards = tryClient({}); // the process opted in: the library is in use
  `);
  expect(got.refused).toEqual({
    name: 'Error', code: 'ERR_PLATFORM_SDK_UNTESTED_VERSION',
    message: expect.stringMatching(/^platform-social-sdk: SDK 2\.0\.0 at ".+" is another major version than the ones this package was tested with \(1\.9\.16441, 1\.10\.19337\), so it is not loaded: .*\n {2}fix: use a tested SDK .* or check it with `npx platform-social-sdk check-sdk ".+"` and pass new Client\(\{ allowUntestedSdk: true \}\) to load it anyway\.$/s),
  });
  expect(got.refusedAgain).toEqual(got.refused);
  expect(got.info).toMatchObject({ kind: 'simulator', version: { major: 2, minor: 0, patch: 0 }, tested: false });
  expect(got.allowed).toBe('loaded');
  expect(got.afterwards).toBe('loaded');
  expect(got.warnings).toHaveLength(1);
  expect(got.warnings[0]!.message).toMatch(/^SDK 2\.0\.0 at .* is another major version .*loaded because of allowUntestedSdk/);
});

test('a major below the tested ones is refused as well', async () => {
  const got = await inChild('0.9.1', 'out.refused = tryClient({});');
  expect(got.refused).toMatchObject({ code: 'ERR_PLATFORM_SDK_UNTESTED_VERSION', message: expect.stringContaining('SDK 0.9.1 at') });
});

test('a PLATFORM_SIM_REPORT_VERSION the simulator cannot read is a RangeError naming it, not a silent 1.10.19337', async () => {
  const value = '2.0-secret-looking';
  const got = await inChild(value, `
    try { sdkInfo(); out.info = 'no error'; } catch (e) { out.info = { name: e.name, message: e.message }; }
    out.client = tryClient({});`);
  expect(got.info).toEqual({
    name: 'RangeError',
    message: 'PLATFORM_SIM_REPORT_VERSION must be MAJOR.MINOR.PATCH in decimal digits (such as 2.0.0), or unset for the simulator to report 1.10.19337',
  });
  expect(got.client).toEqual({ ...(got.info as object), code: undefined });
  expect(JSON.stringify(got)).not.toContain(value);
});

test('allowUntestedSdk is checked like every option, before anything loads', () => {
  expect(() => new Client({ allowUntestedSdk: 'yes' as never })).toThrow(/^options\.allowUntestedSdk must be a boolean/);
  expect(() => new Client({ allowUntestedSdk: 'yes' as never })).toThrow(TypeError);
  expect(() => new Client({ allowUntestedSdk: 1 as never })).toThrow(/options\.allowUntestedSdk/);
  // In this process the simulator reports a tested version: allowing changes nothing.
  const client = new Client({ allowUntestedSdk: true });
  expect(sdkInfo().tested).toBe(true);
  return client.close();
});

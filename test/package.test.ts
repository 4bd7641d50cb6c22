// The published package: what `npm pack` puts in the tarball (and nothing else); a consumer
// installing that tarball under npm's strict install-script policy, with no compiler on PATH,
// loading the prebuilt addon through both `import` and `require` and signing in against the
// simulator; and, with the prebuild hidden, the loading error's command building it from source.
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './helpers';

const NPM_CLI = path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
const target = `${process.platform}-${process.arch}`;
const libraryFile = { win32: 'platform_partner_sdk.dll', darwin: 'libplatform_partner_sdk.dylib' }[process.platform as string] ?? 'libplatform_partner_sdk.so';

function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(process.execPath, [npmCli(), ...args], { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function npmCli(): string {
  if (fs.existsSync(NPM_CLI)) return NPM_CLI;
  // npm's own path when it runs us (npm test sets npm_execpath).
  const fromEnv = process.env['npm_execpath'];
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  throw new Error('cannot find npm-cli.js next to node; run the tests through npm');
}

// Every file the tarball may hold: the build output, the prebuilds, the sources to build from
// source, the command line's scripts, and npm's own README/LICENSE/package.json.
const ALLOWED = [
  /^package\.json$/, /^README\.md$/, /^LICENSE$/, /^CHANGELOG\.md$/, /^CONTRIBUTING\.md$/, /^CMakeLists\.txt$/, /^docs\/[\w-]+\.(md|png)$/,
  /^dist\/cjs\/([\w-]+\/)?[\w-]+\.(js|d\.ts)$/, /^dist\/cjs\/package\.json$/, /^dist\/esm\/(index|testing|electron|electron-preload)\.(mjs|d\.mts)$/,
  /^prebuilds\/[a-z0-9]+-[a-z0-9]+\/(platform_social_sdk(\.glibc)?\.node|libplatform_partner_sdk\.(so|dylib)|platform_partner_sdk\.dll)$/,
  /^native\/[a-z_]+\/[\w]+\.(cc|h|inc)$/,
  /^vendor\/platform-sdk\/README\.md$/, /^vendor\/platform-sdk\/include\/[\w]+\.h$/,
  /^simulator\/CMakeLists\.txt$/, /^simulator\/README\.md$/, /^simulator\/([a-z]+\/)+[\w]+\.(cc|h)$/,
  /^scripts\/(build-from-source|tools-on-demand|install-sdk|info|simulator-serve|cli)\.mjs$/, /^scripts\/(build|sdk-archive)-tools\/package(-lock)?\.json$/, /^scripts\/sdk-check\/[\w-]+\.mjs$/,
];
const REQUIRED = [
  'package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'CMakeLists.txt',
  'dist/cjs/index.js', 'dist/cjs/index.d.ts', 'dist/cjs/testing.js', 'dist/cjs/testing.d.ts', 'dist/esm/index.mjs', 'dist/esm/testing.mjs', 'dist/esm/index.d.mts', 'dist/esm/testing.d.mts',
  'dist/cjs/electron.js', 'dist/cjs/electron.d.ts', 'dist/esm/electron.mjs', 'dist/esm/electron.d.mts', 'dist/cjs/electron-preload.js', 'dist/cjs/electron-preload.d.ts', 'dist/esm/electron-preload.mjs', 'dist/esm/electron-preload.d.mts',
  `prebuilds/${target}/platform_social_sdk${process.platform === 'linux' ? '.glibc' : ''}.node`, `prebuilds/${target}/${libraryFile}`,
  'native/runtime/addon.cc', 'native/runtime/sdk_functions.inc', 'native/simulator_binding/simulator_control.cc',
  'vendor/platform-sdk/include/cplatform.h', 'vendor/platform-sdk/include/platformpp.h',
  'simulator/CMakeLists.txt', 'simulator/include/platform_sim.h', 'simulator/model/world.cc',
  'simulator/model/directory/directory.cc', 'scripts/build-from-source.mjs', 'scripts/build-tools/package.json', 'scripts/build-tools/package-lock.json', 'scripts/tools-on-demand.mjs', 'scripts/sdk-archive-tools/package.json', 'scripts/sdk-archive-tools/package-lock.json', 'scripts/install-sdk.mjs', 'scripts/info.mjs', 'scripts/simulator-serve.mjs', 'scripts/cli.mjs',
  'scripts/sdk-check/check-sdk.mjs', 'scripts/sdk-check/inspect.mjs',
];

/** Every file under prebuilds/ of the work tree with its size and modification time. */
function prebuildsState(): string[] {
  const dir = path.join(ROOT, 'prebuilds');
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).map((f) => {
    const st = fs.statSync(path.join(dir, f));
    return `${f} ${st.size} ${st.mtimeMs}`;
  }).sort();
}
const prebuildsBefore = prebuildsState();

let packDir: string;
let tarball: string;
let files: string[];

beforeAll(() => {
  // The tarball as CI publishes it, staged outside the work tree (npm test leaves prebuilds/ as
  // it was): pack this folder, unpack it, add this machine's prebuild (an incremental native
  // build, then a copy) and pack that. --ignore-scripts: dist/ is already built (pretest);
  // rebuilding it here would pull it from under the suites running in parallel.
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-stage-'));
  const first = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', stage], ROOT)) as Array<{ filename: string }>;
  execFileSync('tar', ['-xzf', path.join(stage, first[0]!.filename), '-C', stage]);
  const staged = path.join(stage, 'package');
  fs.rmSync(path.join(staged, 'prebuilds'), { recursive: true, force: true });  // a stale one of this work tree
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'prebuild.mjs'), `--out=${path.join(staged, 'prebuilds')}`], { cwd: ROOT, stdio: 'pipe' });
  packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-pack-'));
  const out = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], staged)) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = path.join(packDir, out[0]!.filename);
  files = out[0]!.files.map((f) => f.path);
}, 600_000);

test('npm pack holds the prebuilds, dist, the sources to build from source, and nothing else', () => {
  const extras = files.filter((f) => !ALLOWED.some((re) => re.test(f)));
  expect(extras).toEqual([]);
  const missing = REQUIRED.filter((f) => !files.includes(f));
  expect(missing).toEqual([]);
  // Specifically none of these.
  for (const prefix of ['test/', 'build/', 'build-prebuild/', 'examples/', 'bench/', '.ci/', 'lib/', 'node_modules/']) {
    expect(files.filter((f) => f.startsWith(prefix))).toEqual([]);
  }
  expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  expect(manifest['sideEffects']).toBe(false);
  expect(manifest['engines']).toEqual({ node: '>=20' });
  expect(manifest['bin']).toEqual({ 'platform-social-sdk': 'scripts/cli.mjs' });
  for (const field of ['repository', 'homepage', 'bugs', 'keywords']) expect(manifest[field]).toBeTruthy();
  // `npm run build` must not start a native build through a "prebuild" hook.
  const scripts = manifest['scripts'] as Record<string, string>;
  expect(Object.keys(scripts).filter((name) => /^pre(build|build:ts)$/.test(name))).toEqual([]);
  // No script npm would run when installing the package: npm 11 warns about each (and refuses
  // under --strict-allow-scripts), and counts `prepare` for a tarball or git install.
  expect(Object.keys(scripts).filter((name) => /^(pre|post)?install$|^prepare$/.test(name))).toEqual([]);
  expect(fs.existsSync(path.join(ROOT, 'binding.gyp'))).toBe(false);  // npm would run `node-gyp rebuild` for it
  // At run time: only what loading needs (node-gyp-build). The build tools (cmake-js, node-addon-api)
  // and the zip reader of install-sdk/check-sdk (yauzl) are devDependencies, installed on first use
  // by scripts/tools-on-demand.mjs.
  expect(manifest['dependencies']).toEqual({ 'node-gyp-build': expect.any(String) });
  expect(manifest['optionalDependencies']).toBeUndefined();
});

test('every relative link of the README leads to a file the tarball ships', () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const links = [...readme.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
  expect(links.length).toBeGreaterThan(5);
  expect(links.filter((l) => !files.includes(path.posix.normalize(l)))).toEqual([]);
});

test('npm test leaves prebuilds/ of the work tree alone', () => {
  // The staged pack above wrote its prebuild elsewhere: prebuilds/ is as it was before it ran.
  expect(prebuildsState()).toEqual(prebuildsBefore);
});

/** PATH with node and a shell (npm runs lifecycle scripts with sh) and nothing else: no cc, c++, g++, cmake, make. */
function pathWithoutCompilers(): string {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-bin-'));
  fs.symlinkSync(process.execPath, path.join(bin, 'node'));
  if (process.platform !== 'win32') fs.symlinkSync('/bin/sh', path.join(bin, 'sh'));
  return bin;
}

/**
 * A fresh consumer app with the tarball installed, under npm's strict install-script policy
 * (--strict-allow-scripts: an unapproved install script fails the install, ESTRICTALLOWSCRIPTS),
 * from npm's cache (offline where it has everything), with no compiler on PATH.
 */
function installInFreshApp(): { project: string; installed: string; env: NodeJS.ProcessEnv; output: string } {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-consumer-'));
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  // The environment is a fresh consumer's: none of our npm_* settings.
  const env: NodeJS.ProcessEnv = { HOME: process.env['HOME'], PATH: pathWithoutCompilers(), TMPDIR: os.tmpdir(), npm_config_strict_allow_scripts: 'true' };
  for (const tool of ['cc', 'c++', 'g++', 'cmake']) expect(spawnSync(tool, ['--version'], { env }).error).toBeDefined();
  const install = (mode: string) => spawnSync(process.execPath, [npmCli(), 'install', mode, '--no-audit', '--no-fund', tarball],
    { cwd: project, env, encoding: 'utf8' });
  let r = install('--offline');
  if (r.status !== 0 && !/ESTRICTALLOWSCRIPTS/.test(r.stderr)) r = install('--prefer-offline');
  const output = r.stdout + r.stderr;
  expect(output).not.toMatch(/ESTRICTALLOWSCRIPTS|install-scripts|allowScripts|install script/i);
  expect(r.status).toBe(0);
  return { project, installed: path.join(project, 'node_modules', 'platform-social-sdk'), env, output };
}

const login = (importLines: string) => `${importLines}
    const sim = Simulator.attach();
    sim.reset();
    sim.network.setLatency(0);
    const user = sim.users.create({ username: 'consumer', displayName: 'Consumer' });
    const app = sim.applications.create({ name: 'Consumer Game' });
    const client = new Client({ applicationId: app.id });
    setTimeout(() => sim.auth.setConsent(user.id), 20);
    const tokens = await client.auth.login();
    const bridge = [typeof exposeClient, typeof exposeToRenderer].join();
    console.log(JSON.stringify({ ready: client.users.current.username, type: tokens.tokenType, sdk: sdkInfo(), bridge }));
    await client.close();`;

/** Writes esm.mjs (import) and cjs.cjs (require) into the app: each signs in against the simulator. */
function writeLoginScripts(project: string): void {
  fs.writeFileSync(path.join(project, 'esm.mjs'), login(`
    import { Client, sdkInfo } from 'platform-social-sdk';
    import { Simulator } from 'platform-social-sdk/testing';
    import { exposeClient } from 'platform-social-sdk/electron';
    import { exposeToRenderer } from 'platform-social-sdk/electron/preload';`));
  fs.writeFileSync(path.join(project, 'cjs.cjs'), `(async () => {${login(`
    const { Client, sdkInfo } = require('platform-social-sdk');
    const { Simulator } = require('platform-social-sdk/testing');
    const { exposeClient } = require('platform-social-sdk/electron');
    const { exposeToRenderer } = require('platform-social-sdk/electron/preload');`)}
  })().catch((e) => { console.error(e); process.exit(1); });`);
}

/** Runs a login script; the simulator library it loaded. */
function signIn(project: string, script: string, env: NodeJS.ProcessEnv): string {
  const r = spawnSync(process.execPath, [script], { cwd: project, env, encoding: 'utf8', timeout: 60_000 });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  const out = JSON.parse(r.stdout.trim()) as { ready: string; type: string; sdk: { kind: string; path: string }; bridge: string };
  expect(out.ready).toBe('consumer');
  expect(out.bridge).toBe('function,function');
  expect(out.type).toBe('bearer');
  expect(out.sdk.kind).toBe('simulator');
  return fs.realpathSync(out.sdk.path);
}

test('a consumer installs the tarball under the strict script policy with no compiler, imports and requires it, and signs in', () => {
  const { project, installed, env } = installInFreshApp();
  expect(fs.existsSync(path.join(installed, 'build'))).toBe(false); // nothing was compiled

  // What the app depends on at run time: the package and what loading needs (node-gyp-build); no
  // zip reader (yauzl) and no build tool.
  const ls = spawnSync(process.execPath, [npmCli(), 'ls', '--omit=dev', '--all', '--parseable'], { cwd: project, env, encoding: 'utf8' });
  expect(ls.status).toBe(0);
  const packages = ls.stdout.trim().split('\n').slice(1).map((p) => path.relative(path.join(project, 'node_modules'), p).split(path.sep).join('/')).sort();
  expect(packages).toEqual(['node-gyp-build', 'platform-social-sdk']);
  expect(packages.filter((p) => /cmake|node-addon-api|node-api-headers|typescript/.test(p))).toEqual([]);

  writeLoginScripts(project);
  for (const script of ['esm.mjs', 'cjs.cjs']) {
    // The simulator beside the prebuilt addon, inside the installed package.
    expect(signIn(project, script, env)).toBe(fs.realpathSync(path.join(installed, 'prebuilds', target, libraryFile)));
  }
}, 300_000);

test('with no prebuild for the target, the loading error names one command, which builds from source, and the package then loads', () => {
  const { project, installed, env } = installInFreshApp();
  // This machine's target as one without a prebuild.
  fs.rmSync(path.join(installed, 'prebuilds', target), { recursive: true });
  writeLoginScripts(project);
  const manifestBefore = fs.readFileSync(path.join(project, 'package.json'), 'utf8');
  const failed = spawnSync(process.execPath, ['cjs.cjs'], { cwd: project, env, encoding: 'utf8', timeout: 60_000 });
  expect(failed.status).toBe(1);
  const command = /fix: build it from source, in your app's folder: (.+)$/m.exec(failed.stderr)?.[1];
  expect(command).toBe('npx platform-social-sdk build-from-source');

  // The command as a user runs it, where the build tools are: offline (npm's cache has cmake-js
  // and node-addon-api from this repository's install), with ccache when this machine has it.
  const ccache = spawnSync('ccache', ['--version']).status === 0;
  const buildEnv: NodeJS.ProcessEnv = {
    HOME: process.env['HOME'], PATH: process.env['PATH'], TMPDIR: os.tmpdir(), npm_config_offline: 'true',
    ...(ccache ? { CMAKE_CXX_COMPILER_LAUNCHER: 'ccache', CMAKE_C_COMPILER_LAUNCHER: 'ccache', CCACHE_BASEDIR: project } : {}),
  };
  const started = Date.now();
  const build = spawnSync('/bin/sh', ['-c', `nice -n 10 ${command!}`], { cwd: project, env: buildEnv, encoding: 'utf8', timeout: 1_500_000 });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (build.status !== 0) throw new Error(`build-from-source failed (${seconds} s):\n${build.stdout}\n${build.stderr.slice(-4000)}`);
  // Its progress was on the terminal: the tools, the build's own lines, the result.
  expect(build.stderr).toContain('installing the build tools cmake-js@');
  expect(build.stdout + build.stderr).toMatch(/Building CXX object|\[\d+\/\d+\]|%\]/);
  expect(build.stderr).toMatch(/built from source in \d+ s; \S+platform_social_sdk\.node loads/);
  // Nothing was added to the app: its manifest is as the install left it, and it has no cmake-js.
  expect(fs.readFileSync(path.join(project, 'package.json'), 'utf8')).toBe(manifestBefore);
  expect(fs.existsSync(path.join(project, 'node_modules', 'cmake-js'))).toBe(false);

  for (const script of ['esm.mjs', 'cjs.cjs']) {
    expect(signIn(project, script, env)).toBe(fs.realpathSync(path.join(installed, 'build', 'Release', libraryFile)));
  }
}, 1_800_000);

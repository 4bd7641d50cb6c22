// The published package: what `npm pack` puts in the tarball (and nothing else), and a consumer
// installing that tarball, with no compiler on PATH, loading the prebuilt addon through both
// `import` and `require` and signing in against the simulator.
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
// source, the three runtime scripts, and npm's own README/LICENSE/package.json.
const ALLOWED = [
  /^package\.json$/, /^README\.md$/, /^LICENSE$/, /^CHANGELOG\.md$/, /^CONTRIBUTING\.md$/, /^CMakeLists\.txt$/, /^docs\/[\w-]+\.(md|png)$/,
  /^dist\/cjs\/([\w-]+\/)?[\w-]+\.(js|d\.ts)$/, /^dist\/cjs\/package\.json$/, /^dist\/esm\/(index|testing|electron|electron-preload)\.(mjs|d\.mts)$/,
  /^prebuilds\/[a-z0-9]+-[a-z0-9]+\/(platform_social_sdk(\.glibc)?\.node|libplatform_partner_sdk\.(so|dylib)|platform_partner_sdk\.dll)$/,
  /^native\/[a-z]+\/[\w]+\.(cc|h|inc)$/,
  /^vendor\/platform-sdk\/CMakeLists\.txt$/, /^vendor\/platform-sdk\/README\.md$/, /^vendor\/platform-sdk\/include\/[\w]+\.h$/, /^vendor\/platform-sdk\/simulator\/[\w]+\.(cc|h)$/,
  /^scripts\/(install|install-sdk|cli)\.mjs$/, /^scripts\/sdk-check\/[\w-]+\.mjs$/,
];
const REQUIRED = [
  'package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'CMakeLists.txt',
  'dist/cjs/index.js', 'dist/cjs/index.d.ts', 'dist/cjs/testing.js', 'dist/cjs/testing.d.ts', 'dist/esm/index.mjs', 'dist/esm/testing.mjs', 'dist/esm/index.d.mts', 'dist/esm/testing.d.mts',
  'dist/cjs/electron.js', 'dist/cjs/electron.d.ts', 'dist/esm/electron.mjs', 'dist/esm/electron.d.mts', 'dist/cjs/electron-preload.js', 'dist/cjs/electron-preload.d.ts', 'dist/esm/electron-preload.mjs', 'dist/esm/electron-preload.d.mts',
  `prebuilds/${target}/platform_social_sdk${process.platform === 'linux' ? '.glibc' : ''}.node`, `prebuilds/${target}/${libraryFile}`,
  'native/runtime/addon.cc', 'native/runtime/sdk_functions.inc', 'vendor/platform-sdk/CMakeLists.txt',
  'vendor/platform-sdk/include/cplatform.h', 'vendor/platform-sdk/include/platformpp.h', 'vendor/platform-sdk/include/platform_sim.h',
  'vendor/platform-sdk/simulator/world.cc', 'scripts/install.mjs', 'scripts/install-sdk.mjs', 'scripts/cli.mjs',
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

test('a consumer installs the tarball and, with no compiler on PATH, imports and requires it and signs in', () => {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-consumer-'));
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  // PATH holds node and a shell (npm runs lifecycle scripts with sh) and nothing else: no cc,
  // c++, g++, cmake, make. The environment is a fresh consumer's: none of our npm_* settings.
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-bin-'));
  fs.symlinkSync(process.execPath, path.join(bin, 'node'));
  if (process.platform !== 'win32') fs.symlinkSync('/bin/sh', path.join(bin, 'sh'));
  const env: NodeJS.ProcessEnv = { HOME: process.env['HOME'], PATH: bin, TMPDIR: os.tmpdir() };
  for (const tool of ['cc', 'c++', 'g++', 'cmake']) expect(spawnSync(tool, ['--version'], { env }).error).toBeDefined();

  // Offline from the npm cache where it has everything; otherwise the cache first, then the registry.
  try {
    npm(['install', '--offline', '--no-audit', '--no-fund', tarball], project, env);
  } catch {
    npm(['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], project, env);
  }
  const installed = path.join(project, 'node_modules', 'platform-social-sdk');
  expect(fs.existsSync(path.join(installed, 'build'))).toBe(false); // nothing was compiled

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

  for (const script of ['esm.mjs', 'cjs.cjs']) {
    const r = spawnSync(process.execPath, [script], { cwd: project, env, encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout.trim()) as { ready: string; type: string; sdk: { kind: string; path: string }; bridge: string };
    expect(out.ready).toBe('consumer');
    expect(out.bridge).toBe('function,function');
    expect(out.type).toBe('bearer');
    expect(out.sdk.kind).toBe('simulator');
    // The simulator beside the prebuilt addon, inside the installed package.
    expect(fs.realpathSync(out.sdk.path)).toBe(fs.realpathSync(path.join(installed, 'prebuilds', target, libraryFile)));
  }
}, 300_000);

test('building from source without cmake or a compiler says what is missing and how to fix it', () => {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-bin-'));
  fs.symlinkSync(process.execPath, path.join(bin, 'node'));
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'install.mjs')], {
    cwd: ROOT, encoding: 'utf8', env: { HOME: process.env['HOME'], PATH: bin, npm_config_build_from_source: 'true' },
  });
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('building from source was asked for');
  expect(r.stderr).toMatch(/needs cmake and c\+\+ on PATH/);
  expect(r.stderr).toContain('npm rebuild platform-social-sdk');
});

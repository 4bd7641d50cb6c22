// The command line (scripts/cli.mjs): help and version exit 0, a usage error exits 2 with the
// usage, `info` reports what loads from the current folder and each step of the SDK search, and
// build-from-source names the tools it lacks. install-sdk has its own file (test/install-sdk.test.ts).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './helpers';

const CLI = path.join(ROOT, 'scripts', 'cli.mjs');
const target = `${process.platform}-${process.arch}`;
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

function cli(args: string[], { cwd = ROOT, env = {} }: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const base = { ...process.env };
  delete base['PLATFORM_SDK_PATH'];
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...base, ...env }, timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('help, version and usage errors', () => {
  test.each([['--help'], ['-h'], ['help']])('%s prints the usage with every command on stdout and exits 0', (flag) => {
    const r = cli([flag]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Usage: platform-social-sdk <command>');
    for (const command of ['install-sdk', 'build-from-source', 'info', 'check-sdk']) expect(r.stdout).toMatch(new RegExp(`^  ${command} +\\S`, 'm'));
    expect(r.stdout).toContain('--version');
  });

  test.each([['--version'], ['-v']])('%s prints the package version and exits 0', (flag) => {
    const r = cli([flag]);
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: '' });
  });

  test('a command\'s --help prints that command\'s usage and exits 0', () => {
    for (const command of ['info', 'build-from-source', 'install-sdk', 'check-sdk']) {
      const r = cli([command, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`Usage: platform-social-sdk ${command}`);
    }
  });

  test('an unknown command, no command, or a bad argument exits 2 with the usage on stderr', () => {
    const unknown = cli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
    expect(unknown.stderr).toContain('Usage: platform-social-sdk <command>');
    // An inherited property name is not a command either.
    expect(cli(['constructor']).code).toBe(2);
    const none = cli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no command given');
    const bad = cli(['build-from-source', '--fast']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown argument '--fast'");
    expect(bad.stderr).toContain('Usage: platform-social-sdk build-from-source');
  });
});

describe('info', () => {
  interface Report {
    platform: { target: string };
    addon: { file: string | null; error: string | null };
    search: Array<{ step: string; detail: string; found: boolean }>;
    sdk: { kind: string; path: string; version: { major: number; minor: number } } | null;
    sdkError: string | null;
  }
  const simulator = (): string => {
    const r = cli(['info', '--json']);
    return (JSON.parse(r.stdout) as Report).sdk!.path;
  };

  test('from a folder with nothing installed: every step of the search, then the bundled simulator and its version', () => {
    const app = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-info-'));
    const r = cli(['info'], { cwd: app });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`platform: ${target}, Node ${process.version}`);
    expect(r.stdout).toMatch(/^addon: \S+platform_social_sdk(\.glibc)?\.node$/m);
    expect(r.stdout).toContain('1. the sdkPath option of new Client(): not given');
    expect(r.stdout).toContain('2. the PLATFORM_SDK_PATH variable: not set');
    // One line per folder looked in, from here up to the root.
    expect(r.stdout).toContain(`3. an SDK installed with install-sdk: ${path.join(app, 'platform-sdk', target, 'sdk.json')}: none`);
    expect(r.stdout).toContain(`${path.join(path.parse(app).root, 'platform-sdk', target, 'sdk.json')}: none`);
    expect(r.stdout).toMatch(/4\. the bundled simulator, beside the addon: \S+platform_partner_sdk\S* \(decides\)/);
    expect(r.stdout).toMatch(/^loads: \S+ \(simulator, SDK version 1\.10\.\d+/m);

    const json = JSON.parse(cli(['info', '--json'], { cwd: app }).stdout) as Report;
    expect(json.platform.target).toBe(target);
    expect(json.search.map((s) => s.step)).toEqual(['sdkPath', 'env', ...json.search.filter((s) => s.step === 'installed').map(() => 'installed'), 'simulator']);
    expect(json.sdk!.kind).toBe('simulator');
    expect(fs.existsSync(json.addon.file!)).toBe(true);
  });

  test('an SDK installed above the folder decides, and the search stops there', () => {
    const app = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-info-'));
    const dir = path.join(app, 'platform-sdk', target);
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(simulator(), path.join(dir, 'libvendor_copy.so'));
    fs.writeFileSync(path.join(dir, 'sdk.json'), JSON.stringify({ library: 'libvendor_copy.so', symbolPrefix: '' }));
    const sub = path.join(app, 'src', 'deep');
    fs.mkdirSync(sub, { recursive: true });
    const json = JSON.parse(cli(['info', '--json'], { cwd: sub }).stdout) as Report;
    expect(json.search.filter((s) => s.step === 'installed')).toEqual([
      { step: 'installed', detail: path.join(sub, 'platform-sdk', target, 'sdk.json'), found: false },
      { step: 'installed', detail: path.join(app, 'src', 'platform-sdk', target, 'sdk.json'), found: false },
      { step: 'installed', detail: path.join(dir, 'sdk.json'), found: true },
    ]);
    expect(json.search.map((s) => s.step)).not.toContain('simulator');
    expect(json.sdk!.path).toBe(path.join(dir, 'libvendor_copy.so'));
    expect(cli(['info'], { cwd: sub }).stdout).toContain(`${path.join(dir, 'sdk.json')}: found (decides)`);
  });

  test('PLATFORM_SDK_PATH decides before any folder; a file that does not load is exit 1 with the loader\'s reasons', () => {
    const missing = path.join(os.tmpdir(), 'psdk-no-such-dir', 'libplatform_partner_sdk.so');
    const r = cli(['info'], { env: { PLATFORM_SDK_PATH: missing } });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`2. the PLATFORM_SDK_PATH variable: set: ${missing} (decides)`);
    expect(r.stdout).not.toContain('3. an SDK installed');
    expect(r.stdout).toContain('loads: nothing');
    expect(r.stdout).toContain(`SDK library not found: '${missing}'`);
  });
});

test('build-from-source without cmake or a compiler names what is missing and the command to run again', () => {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-bin-'));
  fs.symlinkSync(process.execPath, path.join(bin, 'node'));
  const r = spawnSync(process.execPath, [CLI, 'build-from-source'], {
    cwd: ROOT, encoding: 'utf8', env: { HOME: process.env['HOME'], PATH: bin },
  });
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('building from source needs cmake, c++ (a C++20 compiler), make (or ninja) on PATH');
  expect(r.stderr).toContain('apt-get install cmake g++ make');
  expect(r.stderr).toContain('then run again: npx platform-social-sdk build-from-source');
  // Nothing was started: no build tools were fetched, nothing was configured.
  expect(r.stderr).not.toContain('installing the build tools');
});

test('the tool sets installed on demand (build-from-source; install-sdk and check-sdk on a zip) are the repository\'s own, as locked here', () => {
  // scripts/<set>-tools/ are generated (npm run gen:build-tools) from package.json and package-lock.json;
  // the generator is an ES module: it runs in its own process.
  const script = `import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'scripts', 'gen-build-tools-lock.mjs')).href)})
    .then((m) => process.stdout.write(JSON.stringify({ build: m.toolsLock('build'), 'sdk-archive': m.toolsLock('sdk-archive') })));`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  type Set = { manifest: unknown; lock: { packages: Record<string, { version?: string }> } };
  const sets = JSON.parse(r.stdout) as Record<'build' | 'sdk-archive', Set>;
  const dev = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;
  for (const [set, { manifest, lock }] of Object.entries(sets)) {
    const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts', `${set}-tools`, file), 'utf8')) as unknown;
    expect(read('package.json')).toEqual(manifest);
    expect(read('package-lock.json')).toEqual(lock);
  }
  const build = sets.build.lock.packages;
  expect(build['node_modules/cmake-js']!.version).toBe(dev['cmake-js']);
  expect(build['node_modules/node-addon-api']!.version).toBe(dev['node-addon-api']);
  expect(build['node_modules/node-api-headers']).toBeDefined();  // cmake-js compiles against it, offline
  expect(build['node_modules/yauzl']).toBeUndefined();  // a build does not read zips
  const archive = sets['sdk-archive'].lock.packages;
  expect(archive['node_modules/yauzl']!.version).toBe(dev['yauzl']);
  expect(Object.keys(archive).filter((k) => /cmake|node-addon-api/.test(k))).toEqual([]);  // reading a zip pulls no build tool
});

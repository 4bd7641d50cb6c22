// The areas code against lib/core.ts (ClientCore, EventHandlers), never against the Client: the
// Client merges their handlers, and a change to its lifecycle cannot reach into an area.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './helpers';

const AREAS = ['auth', 'users', 'relationships', 'presence', 'lobbies', 'messages', 'guilds', 'voice', 'activity',
  'core', 'dispatch', 'operations', 'tape', 'boundary'];

test.each(AREAS)('lib/%s.ts does not import lib/client.ts', (area) => {
  const source = fs.readFileSync(path.join(ROOT, 'lib', `${area}.ts`), 'utf8');
  const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
  expect(imports.length).toBeGreaterThan(0);
  expect(imports).not.toContain('./client');
});

// Startup (bench row 9): what only a file session store uses loads on first use, not at require.
test('requiring the package loads neither node:crypto nor node:fs/promises', () => {
  const script = [
    "const Module = require('node:module');",
    'const load = Module._load;',
    'const asked = [];',
    'Module._load = function (request, ...rest) { asked.push(request); return load.call(this, request, ...rest); };',
    `require(${JSON.stringify(path.join(ROOT, 'dist', 'cjs', 'index.js'))});`,
    'process.stdout.write(JSON.stringify(asked));',
  ].join('\n');
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  expect(r.status).toBe(0);
  const asked = JSON.parse(r.stdout) as string[];
  expect(asked).toContain('./bundle-loader.js');  // the hook saw the package's own requires
  expect(asked.filter((m) => /^(node:)?(crypto|fs\/promises)$/.test(m))).toEqual([]);
});

/** Runs a CommonJS script in a fresh Node; its stdout parsed as JSON. */
function runJson(lines: string[]): unknown {
  const r = spawnSync(process.execPath, ['-e', lines.join('\n')], { encoding: 'utf8', cwd: ROOT });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout);
}

// Startup (bench row 9): the main entry is two files (scripts/bundle-cjs.mjs), and the other
// entries load the same bundle, so they share its classes and the addon's state. (The build
// itself fails if an entry carries a copy of a module of the bundle.)
test('the entries load one bundle between them: the main entry is three files, the others one more each', () => {
  const dist = path.join(ROOT, 'dist', 'cjs');
  const ours = runJson([
    `const dist = ${JSON.stringify(dist)};`,
    'const files = () => Object.keys(require.cache).filter((f) => f.startsWith(dist)).map((f) => f.slice(dist.length + 1)).sort();',
    "require(dist + '/testing.js');",
    'const testing = files();',
    "require(dist + '/index.js'); require(dist + '/electron.js');",
    'process.stdout.write(JSON.stringify({ testing, all: files() }));',
  ]) as { testing: string[]; all: string[] };
  expect(ours.testing).toEqual(['bundle.js', 'testing.js']);
  expect(ours.all).toEqual(['bundle-loader.js', 'bundle.js', 'electron.js', 'index.js', 'testing.js']);
});

// Start-up (bench row 9): V8's code cache of the bundle, written by the build and the install hook
// for their Node (scripts/code-cache.mjs), read by scripts/bundle-loader.cjs. Each case runs a copy
// of dist/cjs with a cache for this Node, so it can age or spoil it; every case must still load
// the package.
describe('the code cache of the bundle', () => {
  const dist = path.join(ROOT, 'dist', 'cjs');
  let copy: string;
  let cache: string;
  beforeEach(() => {
    // A package of its own: its manifest, its dist/cjs, and this tree's addon and simulator.
    const pkg = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-code-cache-'));
    fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'platform-social-sdk' }));
    fs.symlinkSync(path.join(ROOT, 'build'), path.join(pkg, 'build'), 'junction');
    copy = path.join(pkg, 'dist', 'cjs');
    fs.cpSync(dist, copy, { recursive: true, preserveTimestamps: true });
    // The cache for the Node running the tests, written as the build and the install hook write
    // it (the build's own is for the Node that built dist/, which a Windows lane's is not).
    for (const f of fs.readdirSync(copy)) if (f.endsWith('.cache')) fs.rmSync(path.join(copy, f));
    const writer = `import { writeCodeCache } from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'scripts', 'code-cache.mjs')).href)};\n` +
      `process.stdout.write(writeCodeCache(${JSON.stringify(copy)}));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', writer], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    cache = path.join(copy, `bundle.js.${process.versions.v8}-${process.arch}.cache`);
    expect(r.stdout).toBe(cache);
    expect(fs.readdirSync(copy).filter((f) => f.endsWith('.cache'))).toEqual([path.basename(cache)]);
  });
  afterEach(() => fs.rmSync(path.dirname(path.dirname(copy)), { recursive: true, force: true }));

  /** How the copy's main entry loaded the bundle, and whether its Client class came through. */
  const load = (nodeArgs: string[] = []): { how: string; client: string; stack: string } => {
    const r = spawnSync(process.execPath, [...nodeArgs, '-e', [
      `const { Client } = require(${JSON.stringify(path.join(copy, 'index.js'))});`,
      "let stack = '';",
      "try { new Client({ pumpIntervalMs: 'x' }); } catch (e) { stack = e.stack.split('\\n')[1]; }",
      `const how = require(${JSON.stringify(path.join(copy, 'bundle-loader.js'))}).codeCache();`,
      'process.stdout.write(JSON.stringify({ how, client: typeof Client, stack }));',
    ].join('\n')], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    return JSON.parse(r.stdout) as { how: string; client: string; stack: string };
  };

  test('loaded first, the main entry registers the bundle it compiled from the cache: the other entries share it', () => {
    const out = runJson([
      `const dist = ${JSON.stringify(copy)};`,
      'const files = () => Object.keys(require.cache).filter((f) => f.startsWith(dist)).map((f) => f.slice(dist.length + 1)).sort();',
      "const { PlatformError } = require(dist + '/index.js');",
      'const main = files();',
      "const { Simulator } = require(dist + '/testing.js');",
      'let caught = null;',
      "try { Simulator.attach().relationships.befriend('1', '1'); } catch (e) { caught = e; }",
      "const how = require(dist + '/bundle-loader.js').codeCache();",
      "process.stdout.write(JSON.stringify({ main, all: files(), how, shared: caught instanceof PlatformError }));",
    ]);
    expect(out).toEqual({
      main: ['bundle-loader.js', 'bundle.js', 'index.js'],
      all: ['bundle-loader.js', 'bundle.js', 'index.js', 'testing.js'],
      how: 'cache',
      shared: true,
    });
  });

  test('is used as written', () => {
    expect(load()).toMatchObject({ how: 'cache', client: 'function' });
  });

  test('is not used with source maps on, so stacks still point at lib/', () => {
    const got = load(['--enable-source-maps']);
    expect(got).toMatchObject({ how: 'source-maps', client: 'function' });
    expect(got.stack).toMatch(/lib[\\/]validate\.ts:\d+/);
  });

  test('is not used once bundle.js is newer (patched after the cache was written)', () => {
    const later = new Date(fs.statSync(cache).mtimeMs + 60_000);
    fs.utimesSync(path.join(copy, 'bundle.js'), later, later);
    expect(load()).toMatchObject({ how: 'stale', client: 'function' });
  });

  test('that V8 refuses (not its bytes) leaves the bundle compiled from source', () => {
    fs.writeFileSync(cache, Buffer.alloc(4096, 7));
    expect(load()).toMatchObject({ how: 'rejected', client: 'function' });
  });

  test('that is missing (another Node) leaves the bundle compiled from source', () => {
    fs.rmSync(cache);
    expect(load()).toMatchObject({ how: 'none', client: 'function' });
  });
});

test("the testing entry's errors are the main entry's PlatformError: one class, not a copy per entry", () => {
  const dist = path.join(ROOT, 'dist', 'cjs');
  const out = runJson([
    `const { Simulator } = require(${JSON.stringify(path.join(dist, 'testing.js'))});`,
    `const { PlatformError } = require(${JSON.stringify(path.join(dist, 'index.js'))});`,
    'let caught = null;',
    "try { Simulator.attach().relationships.befriend('1', '1'); } catch (e) { caught = e; }",
    "process.stdout.write(JSON.stringify({ name: caught && caught.name, shared: caught instanceof PlatformError }));",
  ]);
  expect(out).toEqual({ name: 'PlatformError', shared: true });
});

// `performance.now()` would load node:perf_hooks on first touch (~2 ms of startup): the pump keeps
// time with process.uptime().
test('require, new Client and close load no node:perf_hooks', () => {
  const loaded = runJson([
    `const { Client } = require(${JSON.stringify(path.join(ROOT, 'dist', 'cjs', 'index.js'))});`,
    'new Client().close();',
    "process.stdout.write(JSON.stringify(process.moduleLoadList.filter((m) => /perf_hooks|internal\\/perf\\/performance$/.test(m))));",
  ]);
  expect(loaded).toEqual([]);
});

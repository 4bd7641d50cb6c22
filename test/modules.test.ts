// The areas code against lib/core.ts (ClientCore, EventHandlers), never against the Client: the
// Client merges their handlers, and a change to its lifecycle cannot reach into an area.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { closeAll, freshWorld, ROOT } from './helpers';

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
  expect(asked).toContain('./bundle.js');  // the hook saw the package's own requires
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
test('the entries load two bundles between them: the main entry is two files, the others one more each', () => {
  const dist = path.join(ROOT, 'dist', 'cjs');
  const ours = runJson([
    `const dist = ${JSON.stringify(dist)};`,
    'const files = () => Object.keys(require.cache).filter((f) => f.startsWith(dist)).map((f) => f.slice(dist.length + 1)).sort();',
    "require(dist + '/testing.js');",
    'const testing = files();',
    "require(dist + '/index.js'); require(dist + '/electron.js');",
    'process.stdout.write(JSON.stringify({ testing, all: files() }));',
  ]) as { testing: string[]; all: string[] };
  // The testing entry uses the activity and token modules, which load on first use with the areas.
  expect(ours.testing).toEqual(['bundle-lazy.js', 'bundle.js', 'testing.js']);
  expect(ours.all).toEqual(['bundle-lazy.js', 'bundle.js', 'electron.js', 'index.js', 'testing.js']);
});

test('the areas and sessions load on first use: not for require + new Client + close; the first area or area event loads them', () => {
  const dist = path.join(ROOT, 'dist', 'cjs');
  const out = runJson([
    `const dist = ${JSON.stringify(dist)};`,
    "const lazyLoaded = () => Object.keys(require.cache).some((f) => f === dist + '/bundle-lazy.js');",
    "const { Client } = require(dist + '/index.js');",
    'const c = new Client();',
    'c.close();',
    'const untouched = lazyLoaded();',
    'const areas = c.lobbies !== undefined && typeof c.auth.startSession === "function" && lazyLoaded();',
    'process.stdout.write(JSON.stringify({ untouched, areas }));',
  ]) as { untouched: boolean; areas: boolean };
  expect(out).toEqual({ untouched: false, areas: true });
});

test("an area event before any area was touched loads the areas' handlers and is delivered", async () => {
  const w = freshWorld();
  try {
    const client = w.client();
    await w.signIn(client);  // status events only: the client's own handlers
    const got = new Promise<string>((resolve) => client.on('lobbyCreated', ({ lobbyId }) => resolve(lobbyId)));
    const { id } = w.sim.backend.createLobby({ applicationId: w.app.id });
    w.sim.backend.updateLobbyMembers(id, [{ userId: w.user.id }]);
    await expect(got).resolves.toBe(id);
  } finally {
    await closeAll(w);
  }
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

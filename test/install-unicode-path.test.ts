// The package installed below a user folder whose path has spaces and non-ASCII letters (as on
// Windows: C:\Users\Zoë Ålund\AppData\…), laid out as npm installs it (the published files and the
// prebuild for this platform; no registry here), then used from a fresh process there: the addon
// finds the simulator beside itself, a client signs in, and its log folders (same kind of name)
// get the SDK's log files and can be deleted while the client lives. A planted
// platform_partner_sdk.dll / libplatform_partner_sdk.so in the working directory and on PATH must
// not be what loads. Then install-sdk, from a vendor folder and into an app folder of the same
// kind of name, and the app loading the installed copy. Runs on every platform; the Windows lane
// runs it under wine (its Windows test).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { sdkInfo } from '../lib/index';
import { ROOT, runNode } from './helpers';

const target = `${process.platform}-${process.arch}`;
const libraryFile = path.basename(sdkInfo().path);
let base: string;

beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'Zoë Ålund '));
});
afterAll(() => {
  fs.rmSync(base, { recursive: true, force: true });
});

function install(project: string): string {
  const pkg = path.join(project, 'node_modules', 'platform-social-sdk');
  fs.mkdirSync(pkg, { recursive: true });
  for (const file of ['package.json', 'dist']) fs.cpSync(path.join(ROOT, file), path.join(pkg, file), { recursive: true });
  // The prebuild for this platform: the addon and simulator this test process loaded.
  const loaded = path.dirname(sdkInfo().path);
  const prebuilds = path.join(pkg, 'prebuilds', target);
  fs.mkdirSync(prebuilds, { recursive: true });
  fs.copyFileSync(path.join(loaded, 'platform_social_sdk.node'), path.join(prebuilds, 'platform_social_sdk.node'));
  fs.copyFileSync(sdkInfo().path, path.join(prebuilds, libraryFile));
  fs.cpSync(path.join(ROOT, 'node_modules', 'node-gyp-build'), path.join(project, 'node_modules', 'node-gyp-build'), { recursive: true });
  return pkg;
}

// A fresh process that loads `entry`, signs in against the simulator with both log folders set,
// writes a log line, deletes the log folders while the client lives, and prints what it saw.
function session(entry: string, testing: string, logDir: string, voiceLogDir: string): string {
  return `
    const fs = require('node:fs');
    const path = require('node:path');
    const { Client, sdkInfo } = require(${JSON.stringify(entry)});
    const { Simulator } = require(${JSON.stringify(testing)});
    (async () => {
      const info = sdkInfo();
      const sim = Simulator.attach();
      const user = sim.users.create({ username: 'zoe', displayName: 'Zoë Ålund' });
      const app = sim.applications.create({ name: 'Spiel' });
      const client = new Client({ applicationId: app.id, logLevel: 'warning', logDir: ${JSON.stringify(logDir)}, voiceLogDir: ${JSON.stringify(voiceLogDir)} });
      const t = sim.auth.issueToken(user.id, { applicationId: app.id });
      await client.auth.updateToken(t.accessToken);
      await client.connect();
      const me = client.users.current.displayName;
      sim.diagnostics.emitLog('a line for the log file', 'error');
      await new Promise((r) => setTimeout(r, 300));
      const logFile = path.join(${JSON.stringify(logDir)}, 'platform_sdk.log');
      const logged = fs.existsSync(logFile) && fs.readFileSync(logFile, 'utf8').includes('a line for the log file');
      // The folders are the user's: deleting them while the client lives must work.
      let deleted = true;
      try { fs.rmSync(${JSON.stringify(logDir)}, { recursive: true }); fs.rmSync(${JSON.stringify(voiceLogDir)}, { recursive: true }); }
      catch (e) { deleted = e.code; }
      await client.close();
      console.log(JSON.stringify({ path: info.path, kind: info.kind, me, logged, deleted }));
    })().catch((e) => { console.log('ERR ' + e.message); process.exitCode = 1; });`;
}

interface SessionResult { path: string; kind: string; me: string; logged: boolean; deleted: boolean | string }

function expectSession(r: { stdout: string; stderr: string }, library: string) {
  expect(r.stderr).toBe('');
  const out = JSON.parse(r.stdout.trim()) as SessionResult;
  expect(out.kind).toBe('simulator');
  // The platform's own path spelling (backslashes on Windows).
  expect(out.path).toBe(library);
  expect(out.me).toBe('Zoë Ålund');
  expect(out.logged).toBe(true);
  expect(out.deleted).toBe(true);
}

test('installed below a folder with spaces and non-ASCII letters, the package loads its simulator and logs in', async () => {
  const project = path.join(base, 'Mein Spiel – ñandú 游戏');
  const pkg = install(project);
  // Decoys named like the simulator: in the working directory and in a folder on PATH.
  const decoys = path.join(base, 'decoy dir');
  fs.mkdirSync(decoys);
  for (const dir of [project, decoys]) fs.writeFileSync(path.join(dir, libraryFile), 'not a library');

  const env: NodeJS.ProcessEnv = { PATH: `${decoys}${path.delimiter}${process.env['PATH'] ?? ''}`, PLATFORM_SDK_PATH: '' };
  // The test run's own addon choice (the Windows lane sets it) must not reach the installed copy.
  env['PLATFORM_SOCIAL_SDK_PREBUILD'] = '';
  const r = await runNode(session('platform-social-sdk', 'platform-social-sdk/testing', path.join(project, 'Logs Zoë'), path.join(project, 'Voix Ålund')),
    { cwd: project, env, timeoutMs: 60_000 });
  expectSession(r, path.join(pkg, 'prebuilds', target, libraryFile));
}, 90_000);

test('install-sdk from and into folders with spaces and non-ASCII letters; the app loads the installed SDK', async () => {
  const vendor = path.join(base, 'Vendor SDK Ünïcode', 'lib');
  fs.mkdirSync(vendor, { recursive: true });
  fs.copyFileSync(sdkInfo().path, path.join(vendor, libraryFile));
  // The vendor's C header, which install-sdk checks the library against before it installs it.
  fs.mkdirSync(path.join(path.dirname(vendor), 'include'));
  fs.copyFileSync(path.join(ROOT, 'vendor', 'platform-sdk', 'include', 'cplatform.h'), path.join(path.dirname(vendor), 'include', 'cplatform.h'));
  const app = path.join(base, 'Jeu de Zoë', 'launcher app');
  fs.mkdirSync(path.join(app, 'src'), { recursive: true });
  fs.writeFileSync(path.join(app, 'package.json'), '{"name":"launcher","private":true}');
  const cli = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'cli.mjs'), 'install-sdk', path.dirname(vendor), '--dest', app],
    { cwd: app, encoding: 'utf8', timeout: 60_000 });
  expect(cli.stderr).toBe('');
  expect(cli.status).toBe(0);
  const installed = path.join(app, 'platform-sdk', target, libraryFile);
  expect(cli.stdout).toContain(installed);
  const dist = path.join(ROOT, 'dist', 'cjs');
  const r = await runNode(session(path.join(dist, 'index.js'), path.join(dist, 'testing.js'), path.join(app, 'Logs Zoë'), path.join(app, 'Voix Ålund')),
    { cwd: path.join(app, 'src'), env: { PLATFORM_SDK_PATH: '' }, timeoutMs: 60_000 });
  expectSession(r, installed);
}, 90_000);

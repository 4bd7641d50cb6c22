// The types of the published package, as a consumer's TypeScript sees them: the packed tarball,
// checked by @arethetypeswrong/cli and publint (any problem fails), then compiled by strict
// consumer programs for every entry point under moduleResolution node10, node16 (ESM and CJS)
// and bundler (ESM and CJS). Each program also holds wrong calls marked @ts-expect-error, so a
// package whose types went missing (everything `any`) or wrong fails here too.
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './helpers';

const NPM_CLI = path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
const TSC = require.resolve('typescript/bin/tsc');
const ATTW = path.join(ROOT, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
// Every documented entry point; a new subpath (e.g. ./electron) adds a line here and in CHECKS.
const ENTRY_POINTS = ['platform-social-sdk', 'platform-social-sdk/testing'];

let tarball: string;
let consumer: string;
let installed: string;

beforeAll(() => {
  const npmCli = fs.existsSync(NPM_CLI) ? NPM_CLI : process.env['npm_execpath'];
  if (!npmCli) throw new Error('cannot find npm-cli.js next to node; run the tests through npm');
  const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-types-pack-'));
  // --ignore-scripts: dist/ is already built (pretest), and the suites running in parallel use it.
  const out = JSON.parse(execFileSync(process.execPath, [npmCli, 'pack', '--json', '--ignore-scripts', '--pack-destination', packDir],
    { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as Array<{ filename: string }>;
  tarball = path.join(packDir, out[0]!.filename);

  // The tarball's content as node_modules/platform-social-sdk of a consumer project.
  consumer = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-types-consumer-'));
  execFileSync('tar', ['-xzf', tarball, '-C', consumer]);
  fs.mkdirSync(path.join(consumer, 'node_modules'));
  installed = path.join(consumer, 'node_modules', 'platform-social-sdk');
  fs.renameSync(path.join(consumer, 'package'), installed);
  fs.symlinkSync(path.join(ROOT, 'node_modules', '@types'), path.join(consumer, 'node_modules', '@types'), 'junction');
  fs.writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
}, 300_000);

test('@arethetypeswrong/cli finds no problem in the tarball, for every entry point and resolution', () => {
  const r = spawnSync(process.execPath, [ATTW, tarball, '--format', 'json'], { encoding: 'utf8' });
  const report = JSON.parse(r.stdout) as {
    analysis: { problems: unknown[]; entrypoints: Record<string, { resolutions: Record<string, { resolution?: { fileName: string } }> }> };
  };
  expect(report.analysis.problems).toEqual([]);
  expect(r.status).toBe(0);
  // What each resolution reached: the ESM declarations for import, the CJS ones otherwise.
  for (const [subpath, entry] of [['.', 'index'], ['./testing', 'testing']] as const) {
    const resolved = report.analysis.entrypoints[subpath]!.resolutions;
    expect(resolved['node10']!.resolution!.fileName).toMatch(new RegExp(`/dist/cjs/${entry}\\.d\\.ts$`));
    expect(resolved['node16-cjs']!.resolution!.fileName).toMatch(new RegExp(`/dist/cjs/${entry}\\.d\\.ts$`));
    expect(resolved['node16-esm']!.resolution!.fileName).toMatch(new RegExp(`/dist/esm/${entry}\\.d\\.mts$`));
    expect(resolved['bundler']!.resolution!.fileName).toMatch(new RegExp(`/dist/esm/${entry}\\.d\\.mts$`));
  }
}, 120_000);

test('publint reports nothing (errors, warnings or suggestions) for the files the tarball ships', () => {
  // publint is ESM-only: run in its own process, over the unpacked tarball as it is (pack: false).
  const script = `import { publint } from 'publint';
    const { messages } = await publint({ pkgDir: process.argv[1], level: 'suggestion', strict: true, pack: false });
    console.log(JSON.stringify(messages));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, installed], { cwd: ROOT, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(JSON.parse(r.stdout)).toEqual([]);
}, 120_000);

// Consumer programs: ESM syntax (import), CJS syntax (import = require). Each uses both entry
// points, a typed event, and has wrong calls that must not compile.
const USE = `
const client = new Client({ applicationId: '1234567890123456789', logLevel: 'info' });
client.on('consentPending', (e) => { const m: string = e.message; const s: boolean = e.simulator; void m; void s; });
client.on('status', ({ status }) => { const s: 'ready' | 'connecting' | 'connected' | 'disconnected' | string = status; void s; });
const sim: Simulator = Simulator.attach();
const user: { id: string } = sim.users.create({ username: 'types', displayName: 'Types' });
sim.auth.setConsent(user.id);
const ready: Promise<TokenSet> = client.auth.login();
void ready;
// @ts-expect-error an event that does not exist
client.on('consentPendingTypo', () => {});
// @ts-expect-error a listener taking the wrong argument type
client.on('status', (status: number) => { void status; });
// @ts-expect-error an option that does not exist
new Client({ applicationID: '1' });
// @ts-expect-error a setting typed as a number
client.voice.outputVolume = 'loud';
// @ts-expect-error consent takes a user id, 'deny' or 'timeout'
sim.auth.setConsent({ user: 1 });
`;
const ESM = `import { Client, type TokenSet } from 'platform-social-sdk';
import { Simulator } from 'platform-social-sdk/testing';
${USE}`;
// The ESM entries have named exports only: a default import must not compile (it throws at run time).
const ESM_NO_DEFAULT = `// @ts-expect-error the ESM entry has no default export
import sdk from 'platform-social-sdk';
// @ts-expect-error the ESM entry has no default export
import testing from 'platform-social-sdk/testing';
void sdk; void testing;
`;
const CJS = `import sdk = require('platform-social-sdk');
import testing = require('platform-social-sdk/testing');
const { Client } = sdk;
const { Simulator } = testing;
type TokenSet = sdk.TokenSet;
type Simulator = testing.Simulator;
${USE}`;

interface Check {
  name: string;
  compilerOptions: Record<string, unknown>;
  files: Record<string, string>;
  /** Declaration files of the package that must be part of the program (proves which entry resolved). */
  resolves: string[];
}

// skipLibCheck as most projects set it (checking all of @types/node per program triples the time); the
// package's declarations still have to resolve and type every use below.
const STRICT = { strict: true, noEmit: true, target: 'ES2022', types: ['node'], skipLibCheck: true };
const CHECKS: Check[] = [
  {
    // TypeScript's default with module commonjs (common in Electron projects): no `exports`, so
    // the subpath types come from typesVersions.
    name: 'node10 (module commonjs)',
    compilerOptions: { ...STRICT, module: 'commonjs', moduleResolution: 'node10', ignoreDeprecations: '5.0' },
    files: { 'esm-syntax.ts': ESM, 'cjs.ts': CJS },
    resolves: ['dist/cjs/index.d.ts', 'dist/cjs/testing.d.ts'],
  },
  {
    name: 'node16 (ESM .mts and CJS .cts)',
    compilerOptions: { ...STRICT, module: 'node16', moduleResolution: 'node16' },
    files: { 'esm.mts': ESM, 'esm-default.mts': ESM_NO_DEFAULT, 'cjs.cts': CJS },
    resolves: ['dist/esm/index.d.mts', 'dist/esm/testing.d.mts', 'dist/cjs/index.d.ts', 'dist/cjs/testing.d.ts'],
  },
  {
    name: 'bundler (module preserve: import and require)',
    compilerOptions: { ...STRICT, module: 'preserve', moduleResolution: 'bundler' },
    files: { 'esm.ts': ESM, 'esm-default.ts': ESM_NO_DEFAULT, 'cjs.cts': CJS },
    resolves: ['dist/esm/index.d.mts', 'dist/esm/testing.d.mts', 'dist/cjs/index.d.ts', 'dist/cjs/testing.d.ts'],
  },
];

test.each(CHECKS)('a strict consumer program type-checks every entry point under $name', (check) => {
  const dir = fs.mkdtempSync(path.join(consumer, 'check-'));
  for (const [file, text] of Object.entries(check.files)) fs.writeFileSync(path.join(dir, file), text);
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: check.compilerOptions, files: Object.keys(check.files) }));
  const r = spawnSync(process.execPath, [TSC, '-p', dir, '--listFiles'], { encoding: 'utf8' });
  const lines = r.stdout.split(/\r?\n/);
  expect(lines.filter((l) => /error TS\d+/.test(l))).toEqual([]);
  expect(r.status).toBe(0);
  const program = lines.map((f) => path.relative(installed, f).split(path.sep).join('/'));
  for (const file of check.resolves) expect(program).toContain(file);
  // Both entry points were used by name.
  for (const entry of ENTRY_POINTS) expect(Object.values(check.files).join('\n')).toContain(`'${entry}'`);
}, 120_000);

test('the type checks can fail: an entry point without types is an error under each resolution', () => {
  // Same programs against a copy of the package whose declaration files are gone.
  const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-types-bare-'));
  fs.mkdirSync(path.join(bare, 'node_modules'));
  fs.cpSync(installed, path.join(bare, 'node_modules', 'platform-social-sdk'), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules', '@types'), path.join(bare, 'node_modules', '@types'), 'junction');
  for (const sub of ['cjs', 'esm']) {
    const d = path.join(bare, 'node_modules', 'platform-social-sdk', 'dist', sub);
    for (const f of fs.readdirSync(d)) if (/\.d\.m?ts$/.test(f)) fs.rmSync(path.join(d, f));
  }
  for (const check of CHECKS) {
    const dir = fs.mkdtempSync(path.join(bare, 'check-'));
    for (const [file, text] of Object.entries(check.files)) fs.writeFileSync(path.join(dir, file), text);
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: check.compilerOptions, files: Object.keys(check.files) }));
    const compiled = spawnSync(process.execPath, [TSC, '-p', dir], { encoding: 'utf8' });
    expect(compiled.status).not.toBe(0);
    expect(compiled.stdout).toMatch(/TS7016|TS2578/);  // no declaration file / unused @ts-expect-error
  }
}, 180_000);

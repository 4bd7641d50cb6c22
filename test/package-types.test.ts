// The types of the published package, as a consumer's TypeScript sees them: the packed tarball,
// checked by @arethetypeswrong/cli and publint (any problem fails), then compiled by consumer
// programs for every entry point, by TypeScript 5.9 (`typescript`) and 7 (`typescript7`, an npm
// alias), in ESM and CJS apps, under the settings README.md promises: the config `tsc --init`
// writes, `module: nodenext`, and `moduleResolution: bundler`. The apps have no @types/node and no
// `types` setting: the package's declarations must not need Node's. Each program also holds
// wrong calls marked @ts-expect-error, so a package whose types went missing (everything `any`)
// or wrong fails here too.
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './helpers';

const NPM_CLI = path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
// Both compiler majors: ts-jest needs 5.x as `typescript`; 7.x is the alias `typescript7`.
const COMPILERS = {
  'TypeScript 5.9': path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
  'TypeScript 7': path.join(ROOT, 'node_modules', 'typescript7', 'bin', 'tsc'),
} as const;
type Compiler = keyof typeof COMPILERS;
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
  // No node_modules/@types: a consumer who never installed @types/node.
  fs.writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
}, 300_000);

test('both compiler majors are what their names say', () => {
  const version = (tsc: string) => spawnSync(process.execPath, [tsc, '--version'], { encoding: 'utf8' }).stdout.trim();
  expect(version(COMPILERS['TypeScript 5.9'])).toMatch(/^Version 5\.9\./);
  expect(version(COMPILERS['TypeScript 7'])).toMatch(/^Version 7\./);
}, 60_000);

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
  /** The app's package.json "type". */
  type: 'module' | 'commonjs';
  /** compilerOptions, or 'init': the tsconfig.json that compiler's `tsc --init` writes, as it is. */
  compilerOptions: Record<string, unknown> | 'init';
  files: Record<string, string>;
  /** Declaration files of the package that must be part of the program (proves which entry resolved). */
  resolves: string[];
}

// skipLibCheck off where we choose: an error inside the package's own .d.ts counts.
const STRICT = { strict: true, noEmit: true, skipLibCheck: false };
const ESM_FILES = ['dist/esm/index.d.mts', 'dist/esm/testing.d.mts'];
const CJS_FILES = ['dist/cjs/index.d.ts', 'dist/cjs/testing.d.ts'];
const CHECKS: Check[] = [
  // `tsc --init` (module nodenext, target esnext, types [], verbatimModuleSyntax, skipLibCheck):
  // an ESM app (type: module) imports, a CommonJS app uses import = require.
  { name: 'the tsc --init config, ESM app', type: 'module', compilerOptions: 'init', files: { 'esm.ts': ESM, 'esm-default.ts': ESM_NO_DEFAULT }, resolves: ESM_FILES },
  { name: 'the tsc --init config, CJS app', type: 'commonjs', compilerOptions: 'init', files: { 'cjs.ts': CJS }, resolves: CJS_FILES },
  {
    name: 'module nodenext (ESM .mts and CJS .cts)', type: 'commonjs',
    compilerOptions: { ...STRICT, module: 'nodenext', target: 'es2022' },
    files: { 'esm.mts': ESM, 'esm-default.mts': ESM_NO_DEFAULT, 'cjs.cts': CJS }, resolves: [...ESM_FILES, ...CJS_FILES],
  },
  {
    name: 'moduleResolution bundler (import and require)', type: 'module',
    compilerOptions: { ...STRICT, module: 'preserve', moduleResolution: 'bundler', target: 'es2022' },
    files: { 'esm.ts': ESM, 'esm-default.ts': ESM_NO_DEFAULT, 'cjs.cts': CJS }, resolves: [...ESM_FILES, ...CJS_FILES],
  },
];
const MATRIX = (Object.keys(COMPILERS) as Compiler[]).flatMap((compiler) => CHECKS.map((check) => ({ compiler, ...check })));

/** An app folder for one check: its package.json, its tsconfig.json, its files. */
function writeApp(base: string, compiler: Compiler, check: Check): string {
  const dir = fs.mkdtempSync(path.join(base, 'check-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, type: check.type }));
  for (const [file, text] of Object.entries(check.files)) fs.writeFileSync(path.join(dir, file), text);
  if (check.compilerOptions === 'init') {
    const init = spawnSync(process.execPath, [COMPILERS[compiler], '--init'], { cwd: dir, encoding: 'utf8' });
    expect(init.status).toBe(0);
    // As written: no `types` added, nothing changed but noEmit (the check compiles, it emits nothing).
    const written = fs.readFileSync(path.join(dir, 'tsconfig.json'), 'utf8');
    expect(written).toMatch(/"module": "nodenext"/);
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), written.replace('"compilerOptions": {', '"compilerOptions": {\n    "noEmit": true,'));
  } else {
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: check.compilerOptions, files: Object.keys(check.files) }));
  }
  return dir;
}

test.each(MATRIX)('$compiler: a consumer program type-checks every entry point under $name', ({ compiler, ...check }) => {
  const dir = writeApp(consumer, compiler, check);
  const r = spawnSync(process.execPath, [COMPILERS[compiler], '-p', dir, '--listFiles'], { encoding: 'utf8' });
  const lines = r.stdout.split(/\r?\n/);
  expect(lines.filter((l) => /error TS\d+/.test(l))).toEqual([]);
  expect(r.status).toBe(0);
  const program = lines.map((f) => path.relative(installed, f).split(path.sep).join('/'));
  for (const file of check.resolves) expect(program).toContain(file);
  // No Node type declarations were part of the program: there are none to find.
  expect(lines.filter((l) => /@types[\\/]node/.test(l))).toEqual([]);
  // Both entry points were used by name.
  for (const entry of ENTRY_POINTS) expect(Object.values(check.files).join('\n')).toContain(`'${entry}'`);
}, 120_000);

test.each(Object.keys(COMPILERS) as Compiler[])('%s: a type error in a user\'s call is an error', (compiler) => {
  const wrong = `import { Client } from 'platform-social-sdk';
const client = new Client({ applicationId: 1234 });
client.on('status', (e) => { const n: number = e.status; void n; });
`;
  for (const check of [CHECKS[0]!, CHECKS[3]!]) {
    const dir = writeApp(consumer, compiler, { ...check, type: 'module', files: { 'wrong.ts': wrong } });
    const r = spawnSync(process.execPath, [COMPILERS[compiler], '-p', dir], { encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    // The number where a string belongs, and the status (a string) put into a number.
    expect(r.stdout).toMatch(/wrong\.ts\(2,\d+\): error TS2322/);
    expect(r.stdout).toMatch(/wrong\.ts\(3,\d+\): error TS2322/);
  }
}, 120_000);

test.each(Object.keys(COMPILERS) as Compiler[])('%s: the type checks can fail: an entry point without types is an error under each setting', (compiler) => {
  // Same programs against a copy of the package whose declaration files are gone.
  const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-types-bare-'));
  fs.mkdirSync(path.join(bare, 'node_modules'));
  fs.cpSync(installed, path.join(bare, 'node_modules', 'platform-social-sdk'), { recursive: true });
  for (const sub of ['cjs', 'esm']) {
    const d = path.join(bare, 'node_modules', 'platform-social-sdk', 'dist', sub);
    for (const f of fs.readdirSync(d)) if (/\.d\.m?ts$/.test(f)) fs.rmSync(path.join(d, f));
  }
  for (const check of CHECKS) {
    const dir = writeApp(bare, compiler, check);
    const compiled = spawnSync(process.execPath, [COMPILERS[compiler], '-p', dir], { encoding: 'utf8' });
    expect(compiled.status).not.toBe(0);
    expect(compiled.stdout).toMatch(/TS7016|TS2578/);  // no declaration file / unused @ts-expect-error
  }
}, 180_000);

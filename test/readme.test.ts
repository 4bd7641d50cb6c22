// The README's Usage example, as written: extracted from README.md, type-checked (strict, as an
// ES module under node16 resolution) and run against the bundled simulator, where it must finish.
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';
import { ROOT } from './helpers';

/** The first ```ts block after `heading` in README.md. */
function readmeExample(heading: string): string {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const at = readme.indexOf(`\n${heading}\n`);
  expect(at).toBeGreaterThan(0);
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!block) throw new Error(`no ts block under ${heading}`);
  return block[1]!;
}

/** A folder where `platform-social-sdk` resolves to this package (as an installed dependency would). */
function consumerProject(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-readme-'));
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.symlinkSync(ROOT, path.join(dir, 'node_modules', 'platform-social-sdk'), 'junction');
  fs.symlinkSync(path.join(ROOT, 'node_modules', '@types'), path.join(dir, 'node_modules', '@types'), 'junction');
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'readme-example', private: true }));
  return dir;
}

test('the Usage example type-checks and, run as written, signs in against the simulator and exits', () => {
  const source = readmeExample('## Usage');
  const dir = consumerProject();
  fs.writeFileSync(path.join(dir, 'example.mts'), source);
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { module: 'node16', moduleResolution: 'node16', target: 'ES2022', strict: true, noEmit: true, types: ['node'] },
    files: ['example.mts'],
  }));
  const tsc = require.resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8', stdio: 'pipe' });

  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText;
  fs.writeFileSync(path.join(dir, 'example.mjs'), js);
  const env = { ...process.env };
  delete env['PLATFORM_SDK_PATH'];
  const r = spawnSync(process.execPath, ['example.mjs'], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  const lines = r.stdout.split('\n');
  expect(lines).toContain('status ready');
  expect(r.stdout).toContain('The platform is waiting for the user to answer its consent screen.');
  expect(r.stdout).toContain('Simulator.attach().auth.setConsent(userId)');
  expect(lines).toContain('ready as Ada');
  expect(r.stdout).toMatch(/TokenSet \{ accessToken: '\[redacted\]', refreshToken: '\[redacted\]'/);
  expect(r.stdout).toMatch(/token set to store: \d+ characters/);
}, 120_000);

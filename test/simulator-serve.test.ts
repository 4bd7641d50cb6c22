// `npx platform-social-sdk simulator serve` (scripts/simulator-serve.mjs): usage errors exit 2
// with the usage text, naming the flag; a fixture that cannot be read exits 1 naming the file.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './helpers';

const CLI = path.join(ROOT, 'scripts', 'cli.mjs');

function cli(args: string[]) {
  const env = { ...process.env };
  delete env['PLATFORM_SDK_PATH'];
  delete env['PLATFORM_SIM_HOST'];
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', env, timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('simulator --help prints the usage of serve and exits 0; the command list names it', () => {
  const r = cli(['simulator', '--help']);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('Usage: platform-social-sdk simulator serve [--port <n>] [--host <ip>] [--fixture <world.json>]');
  expect(r.stdout).toContain('PLATFORM_SIM_HOST');
  expect(cli(['--help']).stdout).toMatch(/^ {2}simulator +serve a simulated world/m);
});

describe('usage errors exit 2 with the usage on stderr, naming the flag', () => {
  test.each([
    [['simulator'], 'simulator needs a subcommand: serve'],
    [['simulator', 'start'], 'simulator: unknown subcommand (the one subcommand is serve)'],
    [['simulator', 'serve', 'extra'], 'simulator serve takes no positional arguments, got 1'],
    [['simulator', 'serve', '--port', '70000'], '--port must be a port number from 0 to 65535'],
    [['simulator', 'serve', '--port', '-1'], "Option '--port' argument is ambiguous"],
    [['simulator', 'serve', '--port', '43x'], '--port must be a port number from 0 to 65535'],
    [['simulator', 'serve', '--port'], "Option '--port <value>' argument missing"],
    [['simulator', 'serve', '--host', 'example.com'], '--host must be an IP address (127.0.0.1, ::1, 0.0.0.0) or localhost'],
    [['simulator', 'serve', '--host', '127.0.0.1.5'], '--host must be an IP address'],
    [['simulator', 'serve', '--console-port', '99999'], '--console-port must be a port number from 0 to 65535'],
    [['simulator', 'serve', '--console-port', '0', '--no-console'], '--console-port and --no-console exclude each other'],
    [['simulator', 'serve', '--fixture', ''], '--fixture needs a file'],
    [['simulator', 'serve', '--verbose'], "Unknown option '--verbose'"],
  ])('%j', (args, message) => {
    const r = cli(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`platform-social-sdk: ${message}`);
    expect(r.stderr).toContain('Usage: platform-social-sdk simulator serve');
  });
});

test('a missing fixture file exits 1 naming the flag and the file, with no usage text', () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'serve-')), 'missing.json');
  const r = cli(['simulator', 'serve', '--fixture', file, '--no-console']);
  expect(r.code).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr).toBe(`platform-social-sdk: --fixture: no file at "${file}": pass the path of a world saved with sim.save() or the console's "Save world"\n`);
});

test('a fixture that is not a world exits 1 naming the file and the field, never its content', () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'serve-')), 'world.json');
  fs.writeFileSync(file, JSON.stringify({ format: 'platform-social-sdk world', version: 1, users: 'secret-value-0123456789' }));
  const r = cli(['simulator', 'serve', '--fixture', file, '--no-console']);
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/^platform-social-sdk: --fixture: ".*world\.json": doc\./);
  expect(r.stderr).not.toContain('secret-value');
});

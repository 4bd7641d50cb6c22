// `npx platform-social-sdk simulator serve` (scripts/simulator-serve.mjs): it serves, prints the
// address, the console and a PLATFORM_SIM_HOST line a process joins with, reports processes
// joining and leaving, and stops on SIGTERM with exit 0; usage errors exit 2 with the usage text,
// naming the flag; a fixture that cannot be read exits 1 naming the file.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Simulator } from '../lib/testing';
import { LineChild, ROOT, until } from './helpers';

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

describe('serving', () => {
  let serve: LineChild | undefined;
  afterEach(async () => {
    serve?.proc.kill('SIGKILL');
    await serve?.exited;
    serve = undefined;
  });

  test('prints the address, the console and PLATFORM_SIM_HOST; a process joins with it and is reported; SIGTERM stops it with exit 0', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'serve-')), 'world.json');
    const sim = Simulator.attach();
    sim.reset();
    sim.users.create({ username: 'fixture-user' });
    fs.writeFileSync(file, JSON.stringify(sim.save()));
    sim.reset();
    serve = new LineChild([CLI, 'simulator', 'serve', '--fixture', file], {});
    const line = await serve.line(/^PLATFORM_SIM_HOST=/);
    const address = line.slice('PLATFORM_SIM_HOST='.length);
    const m = /^psim:\/\/[0-9a-f]{64}@127\.0\.0\.1:(\d+)$/.exec(address);
    expect(m).not.toBeNull();
    expect(serve.lines[0]).toBe(`Serving a simulated world on 127.0.0.1:${m![1]} (pid ${serve.proc.pid}); Ctrl-C stops it.`);
    expect(serve.lines[1]).toMatch(/^Console: http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{32}$/);

    // A process started with the variable joins this world: it sees the fixture's user, and is
    // reported joining and leaving (it stays until its stdin ends: the CLI looks twice a second).
    const joined = new LineChild(['-e', `
      const { Simulator } = require('./dist/cjs/testing.js');
      const sim = Simulator.attach();
      console.log(JSON.stringify({ peer: sim.joinedPeerId, users: sim.save().users.map((u) => u.username) }));
      process.stdin.resume();
      process.stdin.on('end', () => process.exit(0));`], { PLATFORM_SIM_HOST: address });
    const said = JSON.parse(await joined.line(/"peer"/)) as { peer: number; users: string[] };
    expect(said.peer).toBeGreaterThan(0);
    expect(said.users).toEqual(['fixture-user']);
    await serve.line(new RegExp(`^process #${said.peer} joined: .+ \\(pid ${joined.proc.pid}\\) from 127\\.0\\.0\\.1:\\d+$`));
    joined.proc.stdin.end();
    expect(await joined.exited).toEqual({ code: 0, signal: null });
    await serve.line(new RegExp(`^process #${said.peer} left: .+ \\(pid ${joined.proc.pid}\\)$`));

    serve.proc.kill('SIGTERM');
    if (process.platform === 'win32') {
      // Windows has no SIGTERM to deliver: Node ends the process (TerminateProcess); a console's
      // Ctrl-C is the clean stop there, and no test can press it.
      expect((await serve.exited).signal).toBe('SIGTERM');
    } else {
      expect(await serve.exited).toEqual({ code: 0, signal: null });
      expect(serve.lines[serve.lines.length - 1]).toBe('Stopped (SIGTERM).');
    }
    expect(serve.stderr).toBe('');
  }, 30000);

  test('--host 0.0.0.0 serves with a warning on stderr; the address names loopback', async () => {
    serve = new LineChild([CLI, 'simulator', 'serve', '--host', '0.0.0.0', '--no-console'], {});
    const line = await serve.line(/^PLATFORM_SIM_HOST=/);
    const port = /:(\d+)$/.exec(line)![1]!;
    expect(line).toMatch(/@127\.0\.0\.1:\d+$/);
    expect(serve.lines[0]).toBe(`Serving a simulated world on 0.0.0.0:${port} (pid ${serve.proc.pid}); Ctrl-C stops it.`);
    await until(() => serve!.stderr !== '');  // another pipe than stdout: it may arrive later
    expect(serve.stderr).toBe('platform-social-sdk: warning: listening on 0.0.0.0, not loopback: any machine that reaches this port and has ' +
      'the PLATFORM_SIM_HOST value can join the world and act as any of its users (trusted networks only)\n');
  }, 30000);

  test('a port already taken exits 1, saying so', async () => {
    serve = new LineChild([CLI, 'simulator', 'serve', '--no-console'], {});
    const taken = /:(\d+)$/.exec(await serve.line(/^PLATFORM_SIM_HOST=/))![1]!;
    const r = cli(['simulator', 'serve', '--no-console', '--port', taken]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^platform-social-sdk: Simulator\\.serve: could not listen on 127\\.0\\.0\\.1:${taken}.*choose another port`));
  }, 30000);

  test('with PLATFORM_SIM_HOST set it refuses to serve (the process would join that world), and says what to do', () => {
    const address = `psim://${'0'.repeat(64)}@127.0.0.1:1`;
    const r = spawnSync(process.execPath, [CLI, 'simulator', 'serve'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PLATFORM_SIM_HOST: address }, timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('platform-social-sdk: PLATFORM_SIM_HOST is set here, so this process would join that world instead of serving one: ' +
      'unset it for this command (env -u PLATFORM_SIM_HOST npx platform-social-sdk simulator serve)\n');
  });
});

// The `simulator serve` command of scripts/cli.mjs: a world host in a process of its own. It
// serves the simulated world (Simulator.serve, lib/world-host.ts, from the built dist/) with its
// console, prints the address, the console's URL and a `PLATFORM_SIM_HOST=<value>` line ready to
// export, reports processes joining and leaving, and stops cleanly on SIGINT/SIGTERM (exit 0).
// Exit status: 2 for a usage error, 1 when the world cannot be served (a bad fixture, a port taken).
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { packageRoot } from './build-from-source.mjs';

const NAME = 'platform-social-sdk';
/** How often joining and leaving processes are looked for. */
const WATCH_MS = 500;
/** Longest program name printed (the joined process chose it). */
const MAX_PROGRAM = 64;

export const SIMULATOR_USAGE = `Usage: ${NAME} simulator serve [--port <n>] [--host <ip>] [--fixture <world.json>] [--console-port <n> | --no-console]
  Serves a simulated world that other processes join: a process whose environment has
  PLATFORM_SIM_HOST (printed on a line of its own, ready to export) when the SDK loads
  uses this world instead of making its own (this package, a C or C++ program against the
  SDK's header). Runs until Ctrl-C (SIGINT) or SIGTERM.
  --port          the port to listen on (default: any free port)
  --host          the address to listen on, an IP address or localhost (default: 127.0.0.1);
                  anything but loopback lets other machines join: trusted networks only
  --fixture       a world to load first (a file saved with sim.save() or the console)
  --console-port  the console's port (default: any free port; it listens on 127.0.0.1)
  --no-console    no console
`;

/** A port argument: digits only, 0..65535. */
function port(value, name, usage) {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) usage(`${name} must be a port number from 0 to 65535`);
  return Number(value);
}

/** The command line as Simulator.serve's options; `usage(problem)` throws the usage error. */
export function parseServeArgs(args, usage) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        fixture: { type: 'string' },
        'console-port': { type: 'string' },
        'no-console': { type: 'boolean' },
      },
    });
  } catch (err) {
    // parseArgs names the option ("Option '--port <value>' argument missing", "Unknown option '--x'").
    usage(err.message);
  }
  const { values, positionals } = parsed;
  if (positionals.length === 0) usage('simulator needs a subcommand: serve');
  if (positionals[0] !== 'serve') usage(`simulator: unknown subcommand (the one subcommand is serve)`);
  if (positionals.length > 1) usage(`simulator serve takes no positional arguments, got ${positionals.length - 1}`);
  const options = {};
  if (values.port !== undefined) options.port = port(values.port, '--port', usage);
  if (values.host !== undefined) {
    // The address goes into PLATFORM_SIM_HOST: every joining process must read it the same way.
    if (values.host.toLowerCase() !== 'localhost' && isIP(values.host) === 0) usage('--host must be an IP address (127.0.0.1, ::1, 0.0.0.0) or localhost');
    options.host = values.host;
  }
  if (values.fixture !== undefined) {
    if (values.fixture === '') usage('--fixture needs a file');
    options.fixture = values.fixture;
  }
  if (values['no-console'] && values['console-port'] !== undefined) usage('--console-port and --no-console exclude each other');
  if (values['no-console']) options.console = false;
  else if (values['console-port'] !== undefined) options.console = { port: port(values['console-port'], '--console-port', usage) };
  return options;
}

/** Whether an IP literal is a loopback address. */
function isLoopback(ip) {
  return /^127\./.test(ip) || ip === '::1' || /^::ffff:127\./i.test(ip);
}

/** A name a joined process gave itself, as one printable line. */
function printable(text) {
  const clean = String(text).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '?');
  return clean.length > MAX_PROGRAM ? `${clean.slice(0, MAX_PROGRAM)}…` : clean;
}

/** The library's messages name its options; the command line's are flags. */
function asFlags(message) {
  return message.replace(/^(Simulator\.serve: )?options\.(fixture|host|port)\b/, '--$2').replace(/^options\.console\.port\b/, '--console-port');
}

/** Runs `simulator serve`; resolves with the exit status once stopped. */
export async function main(args, usage) {
  const options = parseServeArgs(args, usage);
  // The simulator library reads the variable when it loads and joins that world instead of
  // making one: a host started from a shell that exported it would serve nothing of its own.
  if (process.env.PLATFORM_SIM_HOST) {
    process.stderr.write(`${NAME}: PLATFORM_SIM_HOST is set here, so this process would join that world instead of serving one: ` +
      'unset it for this command (env -u PLATFORM_SIM_HOST npx platform-social-sdk simulator serve)\n');
    return 1;
  }
  const require = createRequire(import.meta.url);
  let host;
  try {
    const { Simulator } = require(join(packageRoot, 'dist', 'cjs', 'testing.js'));
    host = await Simulator.serve(options);
  } catch (err) {
    process.stderr.write(`${NAME}: ${asFlags(`${err?.message ?? err}`)}\n`);
    return 1;
  }
  const out = (line) => process.stdout.write(`${line}\n`);
  out(`Serving a simulated world on ${host.host.includes(':') ? `[${host.host}]` : host.host}:${host.port} (pid ${process.pid}); Ctrl-C stops it.`);
  if (!isLoopback(host.host)) {
    process.stderr.write(`${NAME}: warning: listening on ${host.host}, not loopback: any machine that reaches this port and has ` +
      'the PLATFORM_SIM_HOST value can join the world and act as any of its users (trusted networks only)\n');
  }
  if (host.console) out(`Console: ${host.console.url}`);
  out('Processes started with this variable join the world (it holds the access token: keep it private):');
  out(`PLATFORM_SIM_HOST=${host.address}`);

  // Joining and leaving processes, as they come and go.
  let known = new Map();
  const watch = setInterval(() => {
    let peers;
    try {
      peers = host.peers();
    } catch {
      return;
    }
    const now = new Map(peers.map((p) => [p.id, p]));
    for (const [id, p] of now) if (!known.has(id)) out(`process #${id} joined: ${printable(p.program) || 'unnamed'} (pid ${p.pid}) from ${printable(p.remote)}`);
    for (const [id, p] of known) if (!now.has(id)) out(`process #${id} left: ${printable(p.program) || 'unnamed'} (pid ${p.pid})`);
    known = now;
  }, WATCH_MS);

  return new Promise((resolve) => {
    let stopping = false;
    const stop = (signal) => {
      if (stopping) return;
      stopping = true;
      clearInterval(watch);
      host.close().then(() => {
        out(`Stopped (${signal}).`);
        resolve(0);
      }, (err) => {
        process.stderr.write(`${NAME}: stopping failed: ${err?.message ?? err}\n`);
        resolve(1);
      });
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

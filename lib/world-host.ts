// The world host (Simulator.serve): this process's simulated world served to other processes —
// launchers, games, test runners — whose simulator library sees PLATFORM_SIM_HOST and joins it
// instead of making a world of its own (docs/simulator.md, "One world for several processes").
// The transport and the forwarding of every C call live in the simulator (simulator/join/); this
// module validates, loads the fixture, starts the host and its console, and keeps the address
// (which holds the host's token) out of logs, errors, util.inspect and JSON.
import { readFileSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import type { NativeSimulator } from './binding';
import { MAX_WORLD_BYTES, type WorldDocument } from './fixtures';
import { REDACTED, inspectCustom, redact, rememberSecret } from './redact';
import { quotedPath } from './shown-path';
import type { Simulator } from './testing';
import type { ConsoleOptions, SimulatorConsole } from './console/server';
import { checkInt, checkObject, checkOptionalOptions, checkOptionalPath, checkString, describeValue } from './validate';

/** What `Simulator.serve()` takes. */
export interface WorldHostOptions {
  /**
   * The address to listen on: an IP literal or 'localhost'. Default '127.0.0.1'. Anything but a
   * loopback address lets every machine that can reach it (and knows the address's token) join
   * the world and act as any of its users: for trusted networks only.
   */
  host?: string;
  /** 0 (default): any free port. */
  port?: number;
  /** A world to load first: a document from `sim.save()`, or the path of a JSON file holding one. */
  fixture?: WorldDocument | string;
  /** The simulator console's options (default: a console on 127.0.0.1, any free port); false: none. */
  console?: ConsoleOptions | false;
}

/** A process joined to the world host (what `WorldHost#peers()` lists). */
export interface PeerInfo {
  /** The id the host gave the process (`Simulator#joinedPeerId` in that process). */
  id: number;
  pid: number;
  /** The program's name, as the process gave it. */
  program: string;
  /** Its end of the connection ("127.0.0.1:53122"). */
  remote: string;
  /** When it joined, ms since the epoch. */
  connectedAt: number;
  /** The keys of its clients (the console's session numbers). */
  clients: number[];
  framesIn: number;
  framesOut: number;
  /** Bytes queued to it and not yet written (bounded: a process that stops reading is dropped). */
  queuedBytes: number;
  /** Frames of the lossy lane (audio) dropped because it fell behind. */
  droppedFrames: number;
  /** Callbacks waiting on the host for its `Platform_RunCallbacks` (at most 65,536 events; completions always wait). */
  queuedCallbacks: number;
  /** Events dropped because 65,536 callbacks were already waiting for it (it stopped running callbacks). */
  droppedEvents: number;
}

/** The host's figures since it started (`WorldHost#counters()`). */
export interface WorldHostCounters {
  peersAccepted: number;
  /** Connections refused at the handshake (a wrong token, a malformed hello). */
  handshakesRefused: number;
  /** Processes dropped because they stopped reading. */
  peersDisconnectedSlow: number;
  /** Processes dropped for a malformed frame. */
  malformedFrames: number;
}

/** Longest fixture file read (the bound of a world fixture). */
const MAX_FIXTURE_BYTES = MAX_WORLD_BYTES;
/** Most peers read from the host's list (far above what one machine runs). */
const MAX_PEERS = 1024;
const MAX_PEER_CLIENTS = 4096;
const ADDRESS = /^psim:\/\/([0-9a-f]{64})@(\[[0-9a-fA-F:.]+\]|[0-9.]+):(\d{1,5})$/;

/** The world host of this process, while it serves: one at a time. */
let current: WorldHost | null = null;
/** A serve() is under way (its console listens before the host starts): a second one waits for nothing. */
let starting = false;

/** A running world host (`Simulator.serve()`). */
export class WorldHost {
  readonly #address: string;
  readonly #native: NativeSimulator;
  readonly #console: SimulatorConsole | undefined;
  #closing: Promise<void> | null = null;
  /** The address it listens on ('127.0.0.1', '::1', '0.0.0.0' for every interface, …). */
  readonly host: string;
  /** The port it listens on (the one the OS chose when asked for 0). */
  readonly port: number;

  /** @internal */
  constructor(native: NativeSimulator, address: string, host: string, port: number, console: SimulatorConsole | undefined) {
    this.#native = native;
    this.#address = address;
    this.host = host;
    this.port = port;
    this.#console = console;
  }

  /**
   * The PLATFORM_SIM_HOST value ("psim://<token>@<host>:<port>"): a process that has it in its
   * environment when the SDK loads joins this world. It holds the host's token: a secret (hand it
   * to child processes, never log it).
   */
  get address(): string {
    return this.#address;
  }

  /** `{ PLATFORM_SIM_HOST: address }`, to spread into a child process's environment. */
  get env(): { PLATFORM_SIM_HOST: string } {
    return { PLATFORM_SIM_HOST: this.#address };
  }

  /** The world's console, unless `console: false` was given. */
  get console(): SimulatorConsole | undefined {
    return this.#console;
  }

  /** The processes joined to this world now, with their clients and queue figures. */
  peers(): PeerInfo[] {
    return this.#closing ? [] : readPeers(this.#native).peers;
  }

  /** The host's figures since it started: processes accepted, refused, dropped. */
  counters(): WorldHostCounters {
    return readPeers(this.#native).counters;
  }

  /**
   * Stops serving: every joined process sees its clients disconnected (their status callbacks
   * say so at their next RunCallbacks); then the console closes. The world itself stays.
   */
  close(): Promise<void> {
    if (this.#closing === null) {
      this.#native.hostStop();
      if (current === this) current = null;
      this.#closing = this.#console ? this.#console.close() : Promise.resolve();
    }
    return this.#closing;
  }

  /** Host, port and console, the address's token redacted. */
  toJSON(): { address: string; host: string; port: number; console?: { url: string } } {
    return {
      address: redactedAddress(this.#address),
      host: this.host,
      port: this.port,
      ...(this.#console ? { console: this.#console.toJSON() } : {}),
    };
  }

  /** What `util.inspect` and `console.log` show: never the token. */
  [inspectCustom](): string {
    const j = this.toJSON();
    return `WorldHost { address: '${j.address}', host: '${j.host}', port: ${j.port}${j.console ? `, console: '${j.console.url}'` : ''} }`;
  }
}

function redactedAddress(address: string): string {
  return address.replace(/^psim:\/\/[^@]*@/, `psim://${REDACTED}@`);
}

/** Options checked, each read once; the fixture file read and parsed (not yet validated as a world). */
export interface CheckedServeOptions {
  host: string;
  port: number;
  fixture: { doc: unknown; file: string | null } | null;
  console: ConsoleOptions | false;
}

/** @internal Validates `Simulator.serve()`'s options (nothing changes, nothing reaches native code). */
export function checkServeOptions(options: unknown): CheckedServeOptions {
  const o = checkOptionalOptions<Record<string, unknown>>(options, 'options', ['host', 'port', 'fixture', 'console']);
  const host = o['host'] === undefined ? '127.0.0.1' : checkHost(o['host'], 'options.host');
  const port = o['port'] === undefined ? 0 : checkInt(o['port'], 'options.port', 0, 65535);
  const fixture = o['fixture'];
  let checkedFixture: CheckedServeOptions['fixture'] = null;
  if (typeof fixture === 'string') {
    const file = checkOptionalPath(fixture, 'options.fixture')!;
    checkedFixture = { doc: readFixtureFile(file, 'options.fixture'), file };
  } else if (fixture !== undefined) {
    checkedFixture = { doc: checkObject<object>(fixture, 'options.fixture'), file: null };
  }
  const consoleOption = o['console'];
  let consoleOptions: ConsoleOptions | false;
  if (consoleOption === false) consoleOptions = false;
  else if (consoleOption === undefined) consoleOptions = {};
  // console.listen checks its own keys and values (each read once there).
  else consoleOptions = checkObject<ConsoleOptions>(consoleOption, 'options.console');
  return { host, port, fixture: checkedFixture, console: consoleOptions };
}

/**
 * An address the host can listen on: an IP literal (IPv4, or IPv6 without brackets) or
 * 'localhost' (127.0.0.1). Names are refused: the address goes into PLATFORM_SIM_HOST, which
 * every joining process must resolve the same way.
 */
export function checkHost(value: unknown, name: string): string {
  const host = checkString(value, name, { min: 1, max: 64 });
  if (host.toLowerCase() === 'localhost') return '127.0.0.1';
  if (isIP(host) === 0) {
    throw new TypeError(`${name} must be an IP address ('127.0.0.1', '::1', '0.0.0.0') or 'localhost', got ${describeValue(host)}: ` +
      'leave it out for 127.0.0.1');
  }
  return host;
}

/**
 * A fixture file, read and parsed: bounded before it is read; errors name the file (shown
 * truncated and escaped) and never repeat its content.
 */
export function readFixtureFile(file: string, name: string): unknown {
  let size: number;
  try {
    const st = statSync(file);
    if (!st.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOTFILE' });
    size = st.size;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new TypeError(`${name}: no file at ${quotedPath(file)}: pass the path of a world saved with sim.save() or the console's "Save world"`);
    if (code === 'ENOTFILE') throw new TypeError(`${name}: ${quotedPath(file)} is not a regular file (a folder, device or pipe): pass a world fixture's JSON file`);
    throw new Error(`${name}: ${quotedPath(file)} could not be read (${typeof code === 'string' ? code : 'failed'}): check its permissions`);
  }
  if (size > MAX_FIXTURE_BYTES) throw new RangeError(`${name}: ${quotedPath(file)} is larger than a world fixture may be (${MAX_FIXTURE_BYTES} bytes)`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    throw new Error(`${name}: ${quotedPath(file)} could not be read (${typeof code === 'string' ? code : 'failed'}): check its permissions`);
  }
  // Read again within the bound: the file may have grown since stat.
  if (Buffer.byteLength(text) > MAX_FIXTURE_BYTES) throw new RangeError(`${name}: ${quotedPath(file)} is larger than a world fixture may be (${MAX_FIXTURE_BYTES} bytes)`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // JSON.parse's message quotes the text: not repeated.
    throw new TypeError(`${name}: ${quotedPath(file)} is not JSON: pass a world saved with sim.save() or the console's "Save world"`);
  }
}

/**
 * @internal Starts serving (Simulator.serve, after checkServeOptions): the console first (its
 * options are checked there, before the world changes), then the host, then the fixture (so that
 * a port that is taken changes nothing). A failure after the console started closes it again; a
 * fixture that fails to load stops the host again.
 */
export async function startWorldHost(sim: Simulator, native: NativeSimulator, options: CheckedServeOptions): Promise<WorldHost> {
  if (native.joinedPeerId() !== 0) {
    throw new Error('Simulator.serve: this process has joined another world (PLATFORM_SIM_HOST was set when the SDK loaded): ' +
      'serve from a process without PLATFORM_SIM_HOST, or drive the shared world with Simulator.attach()');
  }
  if (current !== null || starting) throw new Error('Simulator.serve: this process already serves its world: close() that WorldHost first');
  starting = true;
  try {
    return await startServing(sim, native, options);
  } finally {
    starting = false;
  }
}

async function startServing(sim: Simulator, native: NativeSimulator, options: CheckedServeOptions): Promise<WorldHost> {
  const con = options.console === false ? undefined : await sim.console.listen(options.console);
  try {
    let address: string;
    try {
      address = native.hostStart(options.host, options.port);
    } catch (err) {
      // "host.start failed: <the simulator's reason>": the reason says why (the port is taken, …).
      // Read by shape, not instanceof: the addon's errors come from the main realm (a vm context
      // or a test sandbox has its own Error).
      const message = (err as { message?: unknown } | null)?.message;
      const reason = typeof message === 'string' ? message.replace(/^host\.start failed:?\s*/, '') : '';
      throw new Error(`Simulator.serve: could not listen on ${options.host}:${options.port}${reason ? ` (${redact(reason)})` : ''}: ` +
        'choose another port (0: any free one) or host');
    }
    const m = ADDRESS.exec(address);
    if (m === null) {
      native.hostStop();
      throw new Error('Simulator.serve: the simulator library answered an address of an unknown form: rebuild the addon and the simulator together');
    }
    rememberSecret(m[1]!);
    // The fixture once the host listens: a port that is taken fails serve before the world
    // changes. No process can have joined yet (none has the address, which carries the token).
    if (options.fixture) {
      try {
        sim.load(options.fixture.doc as WorldDocument);
      } catch (err) {
        native.hostStop();
        if (options.fixture.file === null || !(err instanceof Error)) throw err;
        // The fixture came from a file: the message names it ("doc.users[0].id …" alone would not say which).
        const described = `options.fixture: ${quotedPath(options.fixture.file)}: ${err.message}`;
        throw err instanceof RangeError ? new RangeError(described) : new TypeError(described);
      }
    }
    // `host` is where it listens (0.0.0.0: every interface); the address names where this machine
    // connects (a wildcard is given as loopback by the simulator).
    const host = new WorldHost(native, address, options.host, Number(m[3]), con);
    current = host;
    return host;
  } catch (err) {
    await con?.close();
    throw err;
  }
}

/** The host's list as the simulator reports it (PlatformSim_HostPeers), bounded and typed. */
export function readPeers(native: NativeSimulator): { serving: boolean; peers: PeerInfo[]; counters: WorldHostCounters } {
  const raw = JSON.parse(native.hostPeers()) as Record<string, unknown>;
  const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  const str = (v: unknown): string => (typeof v === 'string' ? v : '');
  const list = (Array.isArray(raw['peers']) ? (raw['peers'] as unknown[]).slice(0, MAX_PEERS) : [])
    .filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null);
  const peers = list.map((p): PeerInfo => ({
    id: num(p['id']),
    pid: num(p['pid']),
    program: str(p['program']),
    remote: str(p['remote']),
    connectedAt: num(p['connectedAtMs']),
    clients: (Array.isArray(p['clients']) ? (p['clients'] as unknown[]).slice(0, MAX_PEER_CLIENTS) : []).map(Number).filter(Number.isFinite),
    framesIn: num(p['framesIn']),
    framesOut: num(p['framesOut']),
    queuedBytes: num(p['queuedBytes']),
    droppedFrames: num(p['droppedFrames']),
    queuedCallbacks: num(p['queuedCallbacks']),
    droppedEvents: num(p['droppedEvents']),
  }));
  const c = (typeof raw['counters'] === 'object' && raw['counters'] !== null ? raw['counters'] : {}) as Record<string, unknown>;
  return {
    serving: raw['serving'] === true,
    peers,
    counters: {
      peersAccepted: num(c['peersAccepted']),
      handshakesRefused: num(c['handshakesRefused']),
      peersDisconnectedSlow: num(c['peersDisconnectedSlow']),
      malformedFrames: num(c['malformedFrames']),
    },
  };
}

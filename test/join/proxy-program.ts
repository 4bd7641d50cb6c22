// The native program test/native/join_proxy (CMake target platform_join_proxy_tests, in
// build/tests/) as test/join-proxy.test.ts and test/join-proxy-sigstop.test.ts run it: a world
// host and processes that join it, each role a process. The host answers "peers", "live",
// "flood …", "bigworld" and "quit" on its stdin; a joined role prints "OK <role>" when its checks
// held and "FAIL …" lines otherwise.
import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { nativeProgram } from '../native-programs';

export const BINARY = nativeProgram('platform_join_proxy_tests');
const ROLE_TIMEOUT_MS = 30_000;

/** Fails the file at once when the program was not built. */
export function requireProgram(): void {
  if (!fs.existsSync(BINARY)) throw new Error(`native test program not found at ${BINARY}: run \`npm run build:native\` first`);
}

// A running process and the lines it printed so far.
export class Proc {
  readonly lines: string[] = [];
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private waiters: (() => void)[] = [];
  constructor(readonly child: ChildProcessWithoutNullStreams) {
    let buffer = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      const parts = buffer.split(/\r?\n/);
      buffer = parts.pop() ?? '';
      this.lines.push(...parts.filter((l) => l.length > 0));
      for (const w of this.waiters.splice(0)) w();
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { this.stderr += chunk; });
    this.exited = new Promise((resolve) => child.on('close', (code, signal) => {
      for (const w of this.waiters.splice(0)) w();
      resolve({ code, signal });
    }));
  }
  // The first line starting with `prefix` (after `from` lines), waiting at most `ms`.
  async line(prefix: string, ms = ROLE_TIMEOUT_MS, from = 0): Promise<string> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.lines.slice(from).find((l) => l.startsWith(prefix));
      if (found !== undefined) return found.slice(prefix.length).trim();
      if (Date.now() > deadline || this.child.exitCode !== null || this.child.signalCode !== null) {
        throw new Error(`no "${prefix}" line; printed: ${JSON.stringify(this.lines)} stderr: ${this.stderr}`);
      }
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
}

export function start(args: string[], env: NodeJS.ProcessEnv = {}, killAfterMs = ROLE_TIMEOUT_MS * 2): Proc {
  const child = spawn(BINARY, args, {
    cwd: path.dirname(BINARY),
    env: { ...process.env, PLATFORM_SIM_HOST: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    timeout: killAfterMs,
  });
  return new Proc(child);
}

// A host and the environment of the processes that join it.
export class Host {
  readonly proc = start(['host']);
  env: NodeJS.ProcessEnv = {};
  async ready(): Promise<this> {
    const app = await this.proc.line('APP ');
    const address = await this.proc.line('ADDRESS ');
    expect(address).toMatch(/^psim:\/\/[0-9a-f]{64}@127\.0\.0\.1:\d+$/);
    this.env = { PLATFORM_SIM_HOST: address, JOIN_APP: app };
    return this;
  }
  async ask(command: 'peers' | 'live'): Promise<string> {
    const from = this.proc.lines.length;
    this.proc.child.stdin.write(`${command}\n`);
    return this.proc.line(command === 'peers' ? 'PEERS ' : 'LIVE ', ROLE_TIMEOUT_MS, from);
  }
  async peers(): Promise<{ id: number; clients: string[]; queuedCallbacks: number; droppedEvents: number }[]> {
    return (JSON.parse(await this.ask('peers')) as { peers: { id: number; clients: string[]; queuedCallbacks: number; droppedEvents: number }[] }).peers;
  }
  // A command whose answer is the line starting with `answer`.
  async command(line: string, answer: string): Promise<string> {
    const from = this.proc.lines.length;
    this.proc.child.stdin.write(`${line}\n`);
    return this.proc.line(answer, ROLE_TIMEOUT_MS * 2, from);
  }
  async live(): Promise<number> {
    return Number(await this.ask('live'));
  }
  // Until `probe` holds, at most ROLE_TIMEOUT_MS.
  async until(probe: () => Promise<boolean>): Promise<boolean> {
    const deadline = Date.now() + ROLE_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (await probe()) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  }
  async quit(): Promise<void> {
    this.proc.child.stdin.end('quit\n');
    expect(await this.proc.exited).toEqual({ code: 0, signal: null });
    expect(this.proc.lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
  }
}

export async function role(host: Host, args: string[]): Promise<string[]> {
  const p = start(args, host.env);
  const exit = await p.exited;
  expect({ args, exit, failures: p.lines.filter((l) => l.startsWith('FAIL')) }).toEqual({ args, exit: { code: 0, signal: null }, failures: [] });
  return p.lines;
}


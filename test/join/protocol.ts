// The test side of the line protocol spoken by the world-host tests' processes (the launcher,
// test/join/launcher.cjs, and the C++ game, test/native/game/game.cc): commands "<id> <name> <args>"
// on stdin, JSON reply lines carrying that id, and event lines {"ev": ...}. Every wait is bounded
// and its failure names the process, what was awaited and the last lines the process printed.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as path from 'node:path';
import { nativeProgram } from '../native-programs';

export type Line = Record<string, unknown>;

// PLATFORM_TEST_TIMEOUT_SCALE: the Windows lane's multiplier for child-process time limits.
export const TIME_SCALE = Math.max(1, Number(process.env['PLATFORM_TEST_TIMEOUT_SCALE']) || 1);

export const ROOT = path.join(__dirname, '..', '..');
export const LAUNCHER = path.join(__dirname, 'launcher.cjs');

export class LineProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: Line[] = [];
  stderr = '';
  exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  #nextId = 1;
  #partial = '';
  #waiters = new Set<() => void>();

  constructor(readonly name: string, file: string, args: string[], env: NodeJS.ProcessEnv) {
    this.child = spawn(file, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (this.#partial + chunk).split(/\r?\n/);
      this.#partial = parts.pop() ?? '';
      for (const p of parts) {
        if (p.trim() === '') continue;
        try {
          this.lines.push(JSON.parse(p) as Line);
        } catch {
          this.lines.push({ ev: 'unparsed', text: p });
        }
      }
      this.#wake();
    });
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => { this.stderr += chunk; });
    this.child.stdin.on('error', () => undefined);  // a killed process: its stdin goes EPIPE
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        this.exit = { code, signal };
        this.#wake();
        resolve(this.exit);
      });
    });
  }

  static launcher(name: string, env: NodeJS.ProcessEnv): LineProcess {
    return new LineProcess(name, process.execPath, [LAUNCHER], env);
  }

  static game(name: string, env: NodeJS.ProcessEnv): LineProcess {
    return new LineProcess(name, nativeProgram('platform_join_game'), [], env);
  }

  #wake(): void {
    for (const w of [...this.#waiters]) w();
  }

  /** What the process said last (for failure messages). */
  tail(n = 8): string {
    const out = this.lines.slice(-n).map((l) => JSON.stringify(l)).join('\n  ');
    const err = this.stderr.trim().slice(-600);
    return `${this.name}'s last lines:\n  ${out}${err ? `\n${this.name}'s stderr: ${err}` : ''}` +
      (this.exit ? `\n${this.name} exited: ${JSON.stringify(this.exit)}` : '');
  }

  /** Waits until `match` holds for a line printed from index `from` on; resolves with it. */
  waitLine(what: string, match: (l: Line) => boolean, ms = 10_000, from = 0): Promise<Line> {
    const limit = ms * TIME_SCALE;
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        for (let i = from; i < this.lines.length; i++) {
          const l = this.lines[i]!;
          if (match(l)) {
            done();
            resolve(l);
            return true;
          }
        }
        if (this.exit) {
          done();
          reject(new Error(`${this.name} exited while waiting for ${what}\n${this.tail()}`));
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`${this.name}: no ${what} within ${limit} ms\n${this.tail()}`));
      }, limit);
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(waiter);
      };
      const waiter = () => { check(); };
      this.#waiters.add(waiter);
      check();
    });
  }

  /** Waits for an event line {"ev": name, ...} matching `match`. */
  event(name: string, match: (l: Line) => boolean = () => true, ms = 10_000, from = 0): Promise<Line> {
    return this.waitLine(`'${name}' event`, (l) => l['ev'] === name && match(l), ms, from);
  }

  /** Sends a command; the reply's promise rejects on a failed reply (not awaiting it leaves the command pending). */
  send(command: string, ms = 10_000): Promise<Line> {
    const verb = command.split(' ')[0];
    return this.raw(command, ms).then((reply) => {
      if (reply['ok'] !== true) throw new Error(`${this.name}: '${verb}' failed: ${JSON.stringify(reply)}\n${this.tail()}`);
      return reply;
    });
  }

  /** Sends a command and resolves with its reply, whatever `ok` says. */
  async raw(command: string, ms = 10_000): Promise<Line> {
    const id = this.#nextId++;
    this.child.stdin.write(`${id} ${command}\n`);
    return this.waitLine(`reply to '${command.split(' ')[0]}'`, (l) => l['id'] === id, ms);
  }

  /** Ends the process: "quit", then SIGKILL if it has not exited within `ms`. */
  async stop(ms = 5_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.exit) return this.exit;
    this.child.stdin.write(`${this.#nextId++} quit\n`);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), ms * TIME_SCALE);
    const r = await this.exited;
    clearTimeout(timer);
    return r;
  }

  kill(): void {
    if (!this.exit) this.child.kill('SIGKILL');
  }
}

// Starts a world host the way a developer does: `npx platform-social-sdk simulator serve`
// (scripts/cli.mjs), reading the PLATFORM_SIM_HOST=<value> line it prints.
import * as http from 'node:http';
import * as path from 'node:path';
import { LineProcess, ROOT, TIME_SCALE } from './protocol';

export const CLI = path.join(ROOT, 'scripts', 'cli.mjs');

export interface Host {
  proc: LineProcess;
  /** The PLATFORM_SIM_HOST value (it holds the token). */
  address: string;
  /** The environment a joining process needs. */
  env: NodeJS.ProcessEnv;
  /** The console's URL (with its token), when the host serves one. */
  consoleUrl: string | null;
}

/** What the host's console shows (GET /api/view): the world's clients and the joined processes. */
export interface ConsoleView {
  view: { clients: Array<{ key: number; status: string; userId?: string; applicationId?: string; calls: string[] }> };
  host: { serving: boolean; peers: Array<{ id: number; pid: number; program: string; clients: number[] }> };
}

/** Reads the console's view, as its page does. */
export async function consoleView(host: Host): Promise<ConsoleView> {
  if (!host.consoleUrl) throw new Error('the host serves no console');
  const url = new URL(host.consoleUrl);
  url.pathname = '/api/view';
  // node:http rather than fetch: undici's connect fails under wine (the Windows lane).
  const body = await new Promise<string>((resolve, reject) => {
    http.get(url, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => { text += c; });
      res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`console /api/view answered ${res.statusCode}`))));
    }).on('error', reject);
  });
  return JSON.parse(body) as ConsoleView;
}

export async function startHost(name = 'host', args: string[] = [], ms = 20_000): Promise<Host> {
  // PLATFORM_SIM_HOST unset: a host serves its own world, it never joins another.
  const proc = new LineProcess(name, process.execPath, [CLI, 'simulator', 'serve', ...args], { PLATFORM_SIM_HOST: undefined });
  const line = await proc.waitLine('PLATFORM_SIM_HOST line',
    (l) => l['ev'] === 'unparsed' && /^PLATFORM_SIM_HOST=psim:\/\//.test(String(l['text'])), ms);
  const address = String(line['text']).slice('PLATFORM_SIM_HOST='.length).trim();
  // The console's line comes before the address's (scripts/simulator-serve.mjs).
  const consoleLine = proc.lines.find((l) => l['ev'] === 'unparsed' && String(l['text']).startsWith('Console: '));
  const consoleUrl = consoleLine ? String(consoleLine['text']).slice('Console: '.length).trim() : null;
  return { proc, address, env: { PLATFORM_SIM_HOST: address }, consoleUrl };
}

/** Reads the console's view until `ok(view)` holds (every 100 ms, at most `ms`); fails naming `what`. */
export async function consoleViewWhen(host: Host, what: string, ok: (v: ConsoleView) => boolean, ms = 10_000): Promise<ConsoleView> {
  const deadline = Date.now() + ms * TIME_SCALE;
  for (;;) {
    const v = await consoleView(host);
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`the console did not show ${what} within ${ms * TIME_SCALE} ms: ${JSON.stringify(v.host)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Starts a world host the way a developer does: `npx platform-social-sdk simulator serve`
// (scripts/cli.mjs), reading the PLATFORM_SIM_HOST=<value> line it prints.
import * as path from 'node:path';
import { LineProcess, ROOT } from './protocol';

export const CLI = path.join(ROOT, 'scripts', 'cli.mjs');

export interface Host {
  proc: LineProcess;
  /** The PLATFORM_SIM_HOST value (it holds the token). */
  address: string;
  /** The environment a joining process needs. */
  env: NodeJS.ProcessEnv;
}

export async function startHost(name = 'host', args: string[] = [], ms = 20_000): Promise<Host> {
  // PLATFORM_SIM_HOST unset: a host serves its own world, it never joins another.
  const proc = new LineProcess(name, process.execPath, [CLI, 'simulator', 'serve', ...args], { PLATFORM_SIM_HOST: undefined });
  const line = await proc.waitLine('PLATFORM_SIM_HOST line',
    (l) => l['ev'] === 'unparsed' && /^PLATFORM_SIM_HOST=psim:\/\//.test(String(l['text'])), ms);
  const address = String(line['text']).slice('PLATFORM_SIM_HOST='.length).trim();
  return { proc, address, env: { PLATFORM_SIM_HOST: address } };
}

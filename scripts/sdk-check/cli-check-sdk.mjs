// The `check-sdk` command of scripts/cli.mjs: arguments, the report on stdout, the exit status
// (0: matches, 1: differs or cannot be read, 2: usage).
import { parseArgs } from 'node:util';
import { SourceError } from './archive.mjs';
import { checkSdk } from './check-sdk.mjs';

/** Runs check-sdk with the command line's arguments; returns the exit status. `usage(problem)` exits 2. */
export async function runCheckSdk(args, usage) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { help: { type: 'boolean', short: 'h' }, platform: { type: 'string' }, arch: { type: 'string' }, sha256: { type: 'string' } },
    });
  } catch (err) {
    usage(err.message);
  }
  const { values, positionals } = parsed;
  if (values.help) usage();
  if (positionals.length !== 1) usage(positionals.length ? `check-sdk takes one SDK zip, folder or header, got ${positionals.length}` : 'check-sdk needs the SDK zip, folder or header');
  const options = {};
  for (const name of ['platform', 'arch', 'sha256']) {
    if (values[name] === undefined) continue;
    if (values[name] === '') usage(`--${name} needs a value`);
    options[name] = values[name];
  }
  try {
    const { code, report } = await checkSdk(positionals[0], options);
    process.stdout.write(`${report}\n`);
    return code;
  } catch (err) {
    const message = err instanceof SourceError ? err.message : `${err?.message ?? err}`;
    process.stderr.write(`platform-social-sdk: ${message}\n`);
    return 1;
  }
}

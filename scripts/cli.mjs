#!/usr/bin/env node
// The package's command line: `npx platform-social-sdk <command> ...`.
import { parseArgs } from 'node:util';
import { InstallSdkError, installSdk } from './install-sdk.mjs';
import { runCheckSdk } from './sdk-check/cli-check-sdk.mjs';

const USAGE = `Usage: platform-social-sdk <command> [options]

Commands:
  install-sdk <zip-or-folder> [--dest <app root>] [--platform <p>] [--arch <a>] [--sha256 <hex>] [--force]
      Installs the vendor's SDK library (from the SDK zip you downloaded, its unpacked
      folder, or the library file itself) into <app root>/platform-sdk/<platform>-<arch>/,
      with the noise-cancellation runtime beside it (…krisp… library, .kef models) or, on
      macOS, the whole …_partner_sdk.framework.
      --dest      the app root (default: the nearest folder with a package.json at or
                  above the current one, outside node_modules)
      --platform  install for another OS: linux, darwin or win32 (default: ${process.platform})
      --arch      install for another CPU, e.g. x64 or arm64 (default: ${process.arch})
      --sha256    the archive's SHA-256 as the vendor publishes it; refused when it differs
      --force     replace a different library already installed there, and install an SDK
                  whose C ABI differs from what the addon was built for (recorded in sdk.json)
  check-sdk <zip|folder|header> [--platform <p>] [--arch <a>] [--sha256 <hex>]
      Prints what install-sdk checks (the SDK's header against the addon's C ABI, the
      library's exports) without installing; exit status 0 when it matches, 1 when not.
`;

function usage(problem) {
  if (problem) process.stderr.write(`platform-social-sdk: ${problem}\n\n`);
  process.stderr.write(USAGE);
  process.exit(2);
}

function parseInstallArgs(args) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        force: { type: 'boolean' },
        dest: { type: 'string' },
        sha256: { type: 'string' },
        platform: { type: 'string' },
        arch: { type: 'string' },
      },
    });
  } catch (err) {
    // parseArgs names the option ("Option '--dest <value>' argument missing", "Unknown option '--x'").
    usage(err.message);
  }
  const { values, positionals } = parsed;
  if (values.help) usage();
  const options = {};
  if (values.force) options.force = true;
  for (const name of ['dest', 'platform', 'arch', 'sha256']) {
    if (values[name] === undefined) continue;
    if (values[name] === '') usage(`--${name} needs a value`);
    options[name] = values[name];
  }
  if (positionals.length === 0) usage('install-sdk needs the SDK zip or folder');
  if (positionals.length > 1) usage(`install-sdk takes one SDK zip or folder, got ${positionals.length}`);
  return { source: positionals[0], options };
}

const [command, ...rest] = process.argv.slice(2);
if (command === undefined || command === '--help' || command === '-h' || command === 'help') usage();
if (command === 'check-sdk') process.exit(await runCheckSdk(rest, usage));
if (command !== 'install-sdk') usage(`unknown command '${command}'`);

const { source, options } = parseInstallArgs(rest);
try {
  await installSdk(source, options);
} catch (err) {
  // Expected failures and file-system errors alike: the message, no stack.
  const message = err instanceof InstallSdkError ? err.message : `${err?.message ?? err}`;
  process.stderr.write(`platform-social-sdk: ${message}\n`);
  process.exit(1);
}

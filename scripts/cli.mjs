#!/usr/bin/env node
// The package's command line: `npx platform-social-sdk <command> ...`.
import { parseArgs } from 'node:util';
import { InstallSdkError, installSdk } from './install-sdk.mjs';

const USAGE = `Usage: platform-social-sdk <command> [options]

Commands:
  install-sdk <zip-or-folder> [--dest <app root>] [--platform <p>] [--arch <a>] [--force]
      Installs the vendor's SDK library (from the SDK zip you downloaded, its unpacked
      folder, or the library file itself) into <app root>/platform-sdk/<platform>-<arch>/,
      with the noise-cancellation runtime beside it (…krisp… library, .kef models) or, on
      macOS, the whole …_partner_sdk.framework.
      --dest      the app root (default: the nearest folder with a package.json at or
                  above the current one, outside node_modules)
      --platform  install for another OS: linux, darwin or win32 (default: ${process.platform})
      --arch      install for another CPU, e.g. x64 or arm64 (default: ${process.arch})
      --force     replace a different library already installed there
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
  for (const name of ['dest', 'platform', 'arch']) {
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

#!/usr/bin/env node
// The package's command line: `npx platform-social-sdk <command> ...`.
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
  const options = {};
  const positional = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--help' || arg === '-h') usage();
    if (arg === '--force') {
      options.force = true;
      continue;
    }
    const m = /^--(dest|platform|arch)(?:=(.*))?$/.exec(arg);
    if (m) {
      const value = m[2] ?? args[++i];
      if (value === undefined || value === '') usage(`--${m[1]} needs a value`);
      options[m[1]] = value;
      continue;
    }
    if (arg.startsWith('-') && arg !== '-') usage(`unknown option ${arg}`);
    positional.push(arg);
  }
  if (positional.length === 0) usage('install-sdk needs the SDK zip or folder');
  if (positional.length > 1) usage(`install-sdk takes one SDK zip or folder, got ${positional.length}: ${positional.join(' ')}`);
  return { source: positional[0], options };
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

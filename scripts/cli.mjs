#!/usr/bin/env node
// The package's command line: `npx platform-social-sdk <command> ...`. The commands are the
// COMMANDS table below: a name, a one-line summary for the usage text, its own usage, and run(args)
// resolving to the exit status. A command that lives in its own module is one line of the table.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BuildError, buildFromSource, packageRoot } from './build-from-source.mjs';
import { InstallSdkError, installSdk } from './install-sdk.mjs';
import { SIMULATOR_USAGE } from './simulator-serve.mjs';

const NAME = 'platform-social-sdk';

/** A usage error: the message, the usage text on stderr, exit status 2. */
class UsageError extends Error {}

const INSTALL_SDK_USAGE = `Usage: ${NAME} install-sdk <zip-or-folder> [--dest <app root>] [--platform <p>] [--arch <a>] [--sha256 <hex>] [--force]
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
`;

const CHECK_SDK_USAGE = `Usage: ${NAME} check-sdk <zip|folder|header> [--platform <p>] [--arch <a>] [--sha256 <hex>]
  Prints what install-sdk checks (the SDK's header against the addon's C ABI, the
  library's exports) without installing; exit status 0 when it matches, 1 when not.
`;

const BUILD_USAGE = `Usage: ${NAME} build-from-source [--offline] [--CD<NAME>=<value> ...]
  Builds the addon and the simulator for ${process.platform}-${process.arch} from the package's sources into
  build/Release/ (where it loads from first), for a target with no prebuilt addon. Needs cmake
  >= 3.20, a C++20 compiler and make or ninja (it says which is missing); shows the build's
  progress; downloads nothing during the build. cmake-js and node-addon-api come from your app
  if it has them, else npm installs them into build/build-tools/ (from its cache when there).
  --offline       npm may use its cache only
  --CD<NAME>=<v>  a CMake setting, e.g. --CDPLATFORM_WERROR=ON
`;

const INFO_USAGE = `Usage: ${NAME} info [--json]
  What loads from the current folder: the platform, the addon file, each step of the SDK
  library search (sdkPath, PLATFORM_SDK_PATH, platform-sdk/ folders, the simulator) and the
  chosen library's version. Exit status 1 when no addon or no library loads.
  --json  the same as JSON
`;

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
    throw new UsageError(err.message);
  }
  const { values, positionals } = parsed;
  const options = {};
  if (values.force) options.force = true;
  for (const name of ['dest', 'platform', 'arch', 'sha256']) {
    if (values[name] === undefined) continue;
    if (values[name] === '') throw new UsageError(`--${name} needs a value`);
    options[name] = values[name];
  }
  if (positionals.length === 0) throw new UsageError('install-sdk needs the SDK zip or folder');
  if (positionals.length > 1) throw new UsageError(`install-sdk takes one SDK zip or folder, got ${positionals.length}`);
  return { source: positionals[0], options };
}

async function runInstallSdk(args) {
  const { source, options } = parseInstallArgs(args);
  try {
    await installSdk(source, options);
    return 0;
  } catch (err) {
    // Expected failures and file-system errors alike: the message, no stack.
    const message = err instanceof InstallSdkError ? err.message : `${err?.message ?? err}`;
    process.stderr.write(`${NAME}: ${message}\n`);
    return 1;
  }
}

function runBuildFromSource(args) {
  const cmakeArgs = args.filter((a) => /^--CD[A-Za-z_][A-Za-z0-9_]*=/.test(a));
  const rest = args.filter((a) => !cmakeArgs.includes(a));
  const unknown = rest.find((a) => a !== '--offline');
  if (unknown !== undefined) throw new UsageError(`build-from-source: unknown argument '${unknown}'`);
  try {
    buildFromSource({ cmakeArgs, offline: rest.includes('--offline') });
    return 0;
  } catch (err) {
    if (!(err instanceof BuildError)) throw err;
    process.stderr.write(`${NAME}: ${err.message}\n`);
    return 1;
  }
}

// name → { summary, usage, run(args) → exit status }.
const COMMANDS = {
  'install-sdk': { summary: "install the vendor's SDK library into your app", usage: INSTALL_SDK_USAGE, run: runInstallSdk },
  'build-from-source': { summary: 'build the addon from source (a target with no prebuilt addon)', usage: BUILD_USAGE, run: runBuildFromSource },
  info: { summary: 'which addon and SDK library load from this folder, and why', usage: INFO_USAGE, run: async (args) => (await import('./info.mjs')).main(args) },
  simulator: { summary: 'serve a simulated world that other processes join (simulator serve)', usage: SIMULATOR_USAGE, run: async (args) => (await import('./simulator-serve.mjs')).main(args, (problem) => { throw new UsageError(problem ?? 'simulator: bad arguments'); }) },
  'check-sdk': { summary: "check a vendor SDK against the addon's C ABI, without installing it", usage: CHECK_SDK_USAGE, run: async (args) => (await import('./sdk-check/cli-check-sdk.mjs')).runCheckSdk(args, (problem) => { throw new UsageError(problem ?? 'check-sdk: bad arguments'); }) },
};

function usage() {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const commands = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`).join('\n');
  return `Usage: ${NAME} <command> [options]

Commands:
${commands}

Options:
  -h, --help     this text (${NAME} <command> --help: the command's own)
  -v, --version  the package's version

docs/platforms.md (building from source) and README.md (installing the SDK) in the package say more.
`;
}

async function main(argv) {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    const named = command === 'help' ? COMMANDS[rest[0]] : undefined;
    process.stdout.write(named ? named.usage : usage());
    return 0;
  }
  if (command === '--version' || command === '-v') {
    process.stdout.write(`${JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')).version}\n`);
    return 0;
  }
  const entry = command === undefined ? undefined : Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!entry) {
    process.stderr.write(`${NAME}: ${command === undefined ? 'no command given' : `unknown command '${command}'`}\n\n${usage()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(entry.usage);
    return 0;
  }
  try {
    return await entry.run(rest);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`${NAME}: ${err.message}\n\n${entry.usage}`);
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));

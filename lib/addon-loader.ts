// The addon loader: finds and loads the native addon (node-gyp-build from the package root:
// prebuilds/<platform>-<arch>/ or build/Release), and has it load the SDK library that
// lib/sdk-discovery.ts chose. Every hint a loading error carries is added here (explain).
import * as path from 'node:path';
import * as fs from 'node:fs';
import type { NativeBinding, NativeSdkInfo } from './binding';
import { chooseSdk, SIMULATOR, unpackedPath, type SdkChoice } from './sdk-discovery';
import { checkSdkVersion, type VersionGate } from './sdk-version';
import { shownPath } from './shown-path';

/** The package root: the nearest folder upwards that holds our package.json. */
function packageRoot(): string {
  let dir = __dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      try {
        if ((JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'platform-social-sdk') return dir;
      } catch {
        // unreadable manifest: keep walking up
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('platform-social-sdk: cannot find the package root above ' + __dirname);
    dir = parent;
  }
}

let binding: NativeBinding | undefined;
let bindingDirectory = '';
let bindingFile = '';

/** The addon (loaded on first use, so that importing the package costs nothing). */
export function addon(): NativeBinding {
  if (binding) return binding;
  const root = packageRoot();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const gyp = require('node-gyp-build') as { resolve(dir: string): string };
  let file: string;
  try {
    file = gyp.resolve(root);
  } catch (cause) {
    throw explainAddon(root, cause);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  binding = require(file) as NativeBinding;
  // Inside a packaged Electron app the addon's path reads as inside app.asar; the bundled
  // simulator beside it is on disk.
  bindingDirectory = unpackedPath(path.dirname(file));
  bindingFile = file;
  return binding;
}

/** The addon file that loaded (`npx platform-social-sdk info`); loads it first if needed. */
export function addonPath(): string {
  addon();
  return bindingFile;
}

/**
 * Loads the SDK library once per process: the one lib/sdk-discovery.ts chooses (chooseSdk), and
 * passes it through the version gate (lib/sdk-version.ts) every time it is asked for.
 */
export function loadSdk(sdkPath?: string, gate: VersionGate = 'refuse'): NativeSdkInfo {
  return checkSdkVersion(loadLibrary(sdkPath), gate);
}

function loadLibrary(sdkPath?: string): NativeSdkInfo {
  const b = addon();
  // The SDK is process-global: once loaded, only a different explicit sdkPath is an error.
  const loaded = b.sdkInfo();
  if (loaded && (sdkPath === undefined || sdkPath === SIMULATOR)) return loaded;
  if (loaded && sdkPath !== undefined) {
    // Every client may name the library again: the native side compares the file (SameFile) and
    // answers the loaded one, so no sdk.json is read per client. A refusal only means sdkPath is
    // not the file itself (a folder, a manifest, or another library): discovery decides below.
    try {
      return b.load({ path: sdkPath });
    } catch {
      // fall through
    }
  }
  const choice = chooseSdk(sdkPath, bindingDirectory);
  try {
    return b.load({ path: choice.path, symbolPrefix: choice.symbolPrefix, ignoreSymbols: choice.ignoreSymbols });
  } catch (err) {
    throw explain(err, choice);
  }
}

/** The command that builds the addon from the package's sources (scripts/build-from-source.mjs). */
export const BUILD_FROM_SOURCE = 'npx platform-social-sdk build-from-source';

function explainAddon(root: string, cause: unknown): Error {
  const where = `${process.platform}-${process.arch}`;
  return new Error(
    `platform-social-sdk: no native addon for ${where} (Node-API 8): there is no prebuilt one in ${shownPath(path.join(root, 'prebuilds', where))} ` +
      `and none built in ${shownPath(path.join(root, 'build', 'Release'))}.\n  fix: build it from source, in your app's folder: ${BUILD_FROM_SOURCE}\n` +
      '  (it needs cmake >= 3.20 and a C++20 compiler, says which one is missing, and shows its progress; docs/platforms.md)',
    { cause },
  );
}

// The native loader states the fact (not found, lacks functions, already loaded); this adds what
// to do about it, where the library was looked for and in which order.
function explain(err: unknown, choice: SdkChoice): Error {
  // The native loader quotes the path as it was given: show it absolute, escaped and bounded.
  const raw = err instanceof Error ? err.message : String(err);
  const message = choice.path ? raw.split(choice.path).join(shownPath(choice.path)) : raw;
  const { source } = choice;
  if (/already loaded/.test(message)) {
    return new Error(`${message} (the SDK is process-global: pass the same sdkPath to every client)`);
  }
  const hint = /not found/.test(message)
    ? source.from === 'simulator'
      ? ` (the bundled simulator is missing: reinstall the package, or build it from source: ${BUILD_FROM_SOURCE})`
      : ' (check the sdkPath option / PLATFORM_SDK_PATH)'
    : /lacks/.test(message) && !choice.symbolPrefix
      ? ' (if it is a vendor library, set PLATFORM_SDK_SYMBOL_PREFIX to its symbol prefix)'
      : '';
  const loading = source.from === 'simulator'
    ? source.asked ? "the bundled simulator ('simulator' was asked for)"
      : 'the bundled simulator (no sdkPath, no PLATFORM_SDK_PATH, no platform-sdk/ folder found from ' + shownPath(process.cwd()) + ')'
    : source.from === 'sdkPath' ? `the sdkPath option (${shownPath(source.path)})`
    : source.from === 'env' ? `PLATFORM_SDK_PATH (${shownPath(source.path)})`
    : `the SDK installed with install-sdk (${shownPath(source.installed.manifest)})`;
  const fix = /lacks/.test(message)
    ? 'Point sdkPath at the SDK library itself (not another .so/.dll), set PLATFORM_SDK_SYMBOL_PREFIX if the vendor uses another symbol prefix, or reinstall it with `npx platform-social-sdk install-sdk <sdk.zip>`.'
    : 'Pass { sdkPath } or set PLATFORM_SDK_PATH to the vendor library for ' + `${process.platform}-${process.arch}` +
      ', install it with `npx platform-social-sdk install-sdk <sdk.zip>`, or use sdkPath: \'simulator\'.';
  // No `cause`: the native loader's own message quotes the path raw (control characters and
  // all), and util.inspect prints a cause; `message` above holds all it said, the path shown.
  return new Error(`platform-social-sdk (${process.platform}-${process.arch}): ${message}${hint}\n  loading: ${loading}\n  fix: ${fix}`);
}

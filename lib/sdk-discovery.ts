// SDK discovery: which SDK library this process loads. The only place that decides it: the
// native side (native/runtime/sdk_library.cc) loads exactly the file named here, or refuses a second one.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** `sdkPath: 'simulator'` / `PLATFORM_SDK_PATH=simulator`: always the bundled simulator. */
export const SIMULATOR = 'simulator';

/** A library installed with `npx platform-social-sdk install-sdk` (scripts/install-sdk.mjs). */
export interface InstalledSdk {
  library: string;
  symbolPrefix: string;
  manifest: string;
}

/** The folder install-sdk writes to below an application root, for this platform and arch. */
export function installedSdkFolder(appRoot: string): string {
  return path.join(appRoot, 'platform-sdk', `${process.platform}-${process.arch}`);
}

/**
 * A path inside a packaged Electron app's app.asar, as the file on disk: no native library can
 * load from the archive, and electron-builder/Forge put unpacked files in app.asar.unpacked.
 */
export function unpackedPath(file: string): string {
  return file.replace(/app\.asar(?=[\\/])/, 'app.asar.unpacked');
}

/**
 * The SDK installed for this platform/arch in the nearest `platform-sdk/` folder at or above
 * the working directory (install-sdk's default destination is the application root), or null.
 */
export function findInstalledSdk(from = process.cwd(), trace?: SearchTrace): InstalledSdk | null {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const manifest = path.join(installedSdkFolder(dir), 'sdk.json');
    const found = fs.existsSync(manifest);
    trace?.({ step: 'installed', detail: manifest, found });
    if (found) {
      let parsed: { library?: unknown; symbolPrefix?: unknown };
      try {
        parsed = JSON.parse(fs.readFileSync(manifest, 'utf8')) as typeof parsed;
      } catch (cause) {
        throw new Error(`platform-social-sdk: cannot read the installed SDK manifest ${manifest}; run install-sdk again`, { cause });
      }
      if (!isInstalledLibraryName(parsed.library)) {
        throw new Error(`platform-social-sdk: the installed SDK manifest ${manifest} names no library file; run install-sdk again`);
      }
      return {
        library: unpackedPath(path.join(path.dirname(manifest), ...parsed.library.split('/'))),
        symbolPrefix: typeof parsed.symbolPrefix === 'string' ? parsed.symbolPrefix : '',
        manifest,
      };
    }
    if (path.dirname(dir) === dir) return null;
  }
}

// What sdk.json may name: a file in its folder, or (a macOS framework's binary) a '/'-separated
// path below it; never absolute, never climbing out.
function isInstalledLibraryName(library: unknown): library is string {
  return typeof library === 'string' && library !== '' && !library.includes('\\') && !library.startsWith('/') &&
    !/^[A-Za-z]:/.test(library) && !library.split('/').some((part) => part === '..' || part === '.' || part === '');
}

// The symbolPrefix of an sdk.json that describes `library`: beside it, or (the binary inside an
// installed framework, X.framework/Versions/A/X) up to three folders above it.
function manifestPrefix(library: string): string | undefined {
  let dir = path.dirname(path.resolve(library));
  for (let up = 0; up < 4; up++, dir = path.dirname(dir)) {
    try {
      const m = JSON.parse(fs.readFileSync(path.join(dir, 'sdk.json'), 'utf8')) as { library?: unknown; symbolPrefix?: unknown };
      const names = isInstalledLibraryName(m.library) && path.join(dir, ...m.library.split('/')) === path.resolve(library);
      return names && typeof m.symbolPrefix === 'string' && m.symbolPrefix ? m.symbolPrefix : undefined;
    } catch {
      // no (readable) sdk.json here: look one folder up
    }
  }
  return undefined;
}

/** The bundled simulator's file name on this platform (built beside the addon). */
export function simulatorFileName(platform: NodeJS.Platform = process.platform): string {
  return platform === 'win32' ? 'platform_partner_sdk.dll'
    : platform === 'darwin' ? 'libplatform_partner_sdk.dylib'
    : 'libplatform_partner_sdk.so';
}

/**
 * One step of the search, for `npx platform-social-sdk info` (scripts/info.mjs): which source was
 * looked at (the option, the variable, one sdk.json path, the simulator) and whether it decided.
 */
export interface SearchStep {
  step: 'sdkPath' | 'env' | 'installed' | 'simulator';
  /** The value or file looked at ('' when the option or variable is not set). */
  detail: string;
  found: boolean;
}
export type SearchTrace = (step: SearchStep) => void;

/** Where the chosen library came from: what a load error says was tried. */
export type SdkSource =
  | { from: 'simulator'; asked: boolean }
  | { from: 'sdkPath'; path: string }
  | { from: 'env'; path: string }
  | { from: 'installed'; installed: InstalledSdk };

/** The library to load, and how: the whole decision, for the native loader to carry out. */
export interface SdkChoice {
  path: string;
  symbolPrefix: string | undefined;
  ignoreSymbols: string | undefined;
  source: SdkSource;
}

/**
 * Which SDK library to load: the first of the `sdkPath` option, PLATFORM_SDK_PATH, an SDK installed
 * with install-sdk (findInstalledSdk), the bundled simulator beside the addon. 'simulator' in
 * either of the first two picks the simulator directly. A library install-sdk wrote knows its
 * vendor prefix (sdk.json beside it), however it is named; PLATFORM_SDK_SYMBOL_PREFIX overrides it.
 */
export function chooseSdk(sdkPath: string | undefined, addonDirectory: string, trace?: SearchTrace): SdkChoice {
  const env = process.env['PLATFORM_SDK_PATH'] || undefined;
  const prefixEnv = process.env['PLATFORM_SDK_SYMBOL_PREFIX'] || undefined;
  const ignoreSymbols = process.env['PLATFORM_SDK_IGNORE_SYMBOLS'] || undefined;
  const simulator = (asked: boolean): SdkChoice => {
    const file = path.join(addonDirectory, simulatorFileName());
    trace?.({ step: 'simulator', detail: file, found: true });
    return { path: file, symbolPrefix: prefixEnv, ignoreSymbols, source: { from: 'simulator', asked } };
  };
  trace?.({ step: 'sdkPath', detail: sdkPath ?? '', found: sdkPath !== undefined });
  if (sdkPath === undefined) trace?.({ step: 'env', detail: env ?? '', found: env !== undefined });
  if (sdkPath === SIMULATOR || (sdkPath === undefined && env === SIMULATOR)) return simulator(true);
  if (sdkPath !== undefined) {
    return { path: sdkPath, symbolPrefix: prefixEnv ?? manifestPrefix(sdkPath), ignoreSymbols, source: { from: 'sdkPath', path: sdkPath } };
  }
  if (env !== undefined) {
    return { path: env, symbolPrefix: prefixEnv ?? manifestPrefix(env), ignoreSymbols, source: { from: 'env', path: env } };
  }
  const installed = findInstalledSdk(process.cwd(), trace);
  if (installed) {
    return { path: installed.library, symbolPrefix: prefixEnv ?? (installed.symbolPrefix || undefined), ignoreSymbols, source: { from: 'installed', installed } };
  }
  return simulator(false);
}

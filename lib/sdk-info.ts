// sdkInfo(): which SDK library this process uses.
import { loadSdk } from './addon-loader';

/** Which SDK library the process loaded, from {@link sdkInfo}. */
export interface SdkInfo {
  kind: 'simulator' | 'vendor';
  /** The library file that was loaded. */
  path: string;
  version: { major: number; minor: number; patch: number; hash: string };
  /** Optional (newer) SDK functions the library does not have; the features behind them are off. */
  missingOptional: string[];
  /**
   * The noise-cancellation runtime libraries (…krisp…) found beside the SDK library and loaded
   * before it, so that the SDK finds them by name (its .kef model files are read from there too).
   */
  runtimeLibraries: string[];
}

// Supported window: the five most recent minor releases (platform-interface.md, Versioning).
const NEWEST_MINOR = 10;
const SUPPORTED_MINORS = 5;
let warned = false;
let warnedRuntime = false;

/** Loads the SDK library if needed (sdkPath of the first client, PLATFORM_SDK_PATH, or the simulator). */
export function sdkInfo(): SdkInfo {
  const info = loadSdk();
  const { major, minor } = info.version;
  if (!warned && info.kind === 'vendor' && (major !== 1 || minor < NEWEST_MINOR - SUPPORTED_MINORS + 1)) {
    warned = true;
    process.emitWarning(`SDK ${major}.${minor} at ${info.path} is outside the supported window (1.${NEWEST_MINOR - SUPPORTED_MINORS + 1}–1.${NEWEST_MINOR})`, 'PlatformSdkWarning');
  }
  if (!warnedRuntime && info.runtimeErrors.length > 0) {
    warnedRuntime = true; // the SDK still works, without noise cancellation: say so once
    process.emitWarning(`noise-cancellation runtime beside the SDK not loaded: ${info.runtimeErrors.join('; ')}`, 'PlatformSdkWarning');
  }
  return {
    kind: info.kind, path: info.path, version: { ...info.version }, missingOptional: [...info.missingOptional],
    runtimeLibraries: [...info.runtimeLibraries],
  };
}

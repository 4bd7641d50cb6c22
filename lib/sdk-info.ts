// sdkInfo(): which SDK library this process uses.
import { loadSdk } from './addon-loader';
import { isTestedSdkVersion } from './sdk-version';

/** Which SDK library the process loaded, from {@link sdkInfo}. */
export interface SdkInfo {
  kind: 'simulator' | 'vendor';
  /** The library file that was loaded. */
  path: string;
  version: { major: number; minor: number; patch: number; hash: string };
  /**
   * Whether `version` is one this package was tested with (1.9.16441, 1.10.19337). Another
   * version of major 1 loads with a `PlatformSdkWarning`; another major needs
   * `new Client({ allowUntestedSdk: true })`.
   */
  tested: boolean;
  /** Optional (newer) SDK functions the library does not have; the features behind them are off. */
  missingOptional: string[];
  /**
   * The noise-cancellation runtime libraries (…krisp…) found beside the SDK library and loaded
   * before it, so that the SDK finds them by name (its .kef model files are read from there too).
   */
  runtimeLibraries: string[];
}

let warnedRuntime = false;

/**
 * Loads the SDK library if needed (sdkPath of the first client, PLATFORM_SDK_PATH, or the
 * simulator) and describes it. It never refuses a version: a client does (ClientOptions.allowUntestedSdk).
 */
export function sdkInfo(): SdkInfo {
  const info = loadSdk(undefined, 'report');
  if (!warnedRuntime && info.runtimeErrors.length > 0) {
    warnedRuntime = true; // the SDK still works, without noise cancellation: say so once
    process.emitWarning(`noise-cancellation runtime beside the SDK not loaded: ${info.runtimeErrors.join('; ')}`, 'PlatformSdkWarning');
  }
  return {
    kind: info.kind, path: info.path, version: { ...info.version }, tested: isTestedSdkVersion(info.version),
    missingOptional: [...info.missingOptional], runtimeLibraries: [...info.runtimeLibraries],
  };
}

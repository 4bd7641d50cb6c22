// The SDK versions this package was tested with, declared once, and what loading any other one
// does: a tested version loads silently, another version of a tested major loads with one
// PlatformSdkWarning, another major is refused unless the application opts in
// (new Client({ allowUntestedSdk: true })). A new major may change the ABI, and a mismatched
// prototype does not fail politely: it crashes the process.
import type { NativeSdkInfo } from './binding';
import { quotedPath } from './shown-path';

/** A vendor SDK release number. */
export interface SdkVersionNumber { major: number; minor: number; patch: number }

/**
 * The vendor releases this package was tested with: `cplatform.h` restates their C ABI. Moving to
 * a new release adds it here (docs/platforms.md, "Moving to a new vendor release").
 */
export const TESTED_SDK_VERSIONS: readonly SdkVersionNumber[] = Object.freeze([
  Object.freeze({ major: 1, minor: 9, patch: 16441 }),
  Object.freeze({ major: 1, minor: 10, patch: 19337 }),
]);

/** How the loader treats a version that is not tested: see {@link checkSdkVersion}. */
export type VersionGate = 'refuse' | 'allow' | 'report';

const SIM_VERSION_VARIABLE = 'PLATFORM_SIM_REPORT_VERSION';
// The simulator's rule for the variable (simulator/abi/reported_version.cc).
const SIM_VERSION_FORMAT = /^\d{1,9}\.\d{1,9}\.\d{1,9}$/;

let warned = false;
// Set once an application passed allowUntestedSdk: the process then uses that library throughout.
let untestedAllowed = false;

const show = (v: SdkVersionNumber) => `${v.major}.${v.minor}.${v.patch}`;
const TESTED_LIST = TESTED_SDK_VERSIONS.map(show).join(', ');

/** Whether `v` is one of {@link TESTED_SDK_VERSIONS}. */
export function isTestedSdkVersion(v: SdkVersionNumber): boolean {
  return TESTED_SDK_VERSIONS.some((t) => t.major === v.major && t.minor === v.minor && t.patch === v.patch);
}

/**
 * The version gate, applied each time the library is asked for (lib/addon-loader.ts loadSdk):
 * returns `info` when it may be used, warns once per process when it is not a tested version,
 * and throws when it is another major and `gate` is 'refuse' (and no client allowed it before).
 * 'report' (sdkInfo) never refuses a version: it only describes the library (a malformed
 * PLATFORM_SIM_REPORT_VERSION is still a RangeError, whatever the gate: it is the user's input).
 */
export function checkSdkVersion(info: NativeSdkInfo, gate: VersionGate): NativeSdkInfo {
  if (info.kind === 'simulator') checkSimulatorVersionVariable();
  const version = info.version;
  if (isTestedSdkVersion(version)) return info;
  const knownMajor = TESTED_SDK_VERSIONS.some((t) => t.major === version.major);
  const check = `check it with \`npx platform-social-sdk check-sdk ${quotedPath(info.path)}\``;
  if (knownMajor) {
    const newest = Math.max(...TESTED_SDK_VERSIONS.filter((t) => t.major === version.major).map((t) => t.minor));
    warnOnce(`SDK ${show(version)} at ${quotedPath(info.path)} is ${version.minor > newest ? 'newer than' : 'not one of'} ` +
      `the versions this package was tested with (${TESTED_LIST}): it loads, but ${check} before you ship with it.`);
    return info;
  }
  if (gate === 'allow') untestedAllowed = true;
  if (untestedAllowed) {
    warnOnce(`SDK ${show(version)} at ${quotedPath(info.path)} is another major version than the ones this package was ` +
      `tested with (${TESTED_LIST}); it was loaded because of allowUntestedSdk: ${check}.`);
    return info;
  }
  if (gate === 'report') return info;
  const error = new Error(
    `platform-social-sdk: SDK ${show(version)} at ${quotedPath(info.path)} is another major version than the ones this ` +
      `package was tested with (${TESTED_LIST}), so it is not loaded: a new major version may change the C ABI, and a ` +
      'mismatched function crashes the process.\n  fix: use a tested SDK (`npx platform-social-sdk install-sdk <sdk.zip>` or the sdkPath option), ' +
      `or ${check} and pass new Client({ allowUntestedSdk: true }) to load it anyway.`,
  );
  (error as Error & { code: string }).code = 'ERR_PLATFORM_SDK_UNTESTED_VERSION';
  throw error;
}

function warnOnce(message: string): void {
  if (warned) return;
  warned = true;
  process.emitWarning(message, 'PlatformSdkWarning');
}

// The simulator ignores a PLATFORM_SIM_REPORT_VERSION it cannot read (it reports 1.10.19337);
// the binding says so instead of letting a test run against a version it did not ask for.
function checkSimulatorVersionVariable(): void {
  const value = process.env[SIM_VERSION_VARIABLE];
  if (value === undefined || (value.length <= 29 && SIM_VERSION_FORMAT.test(value))) return;
  throw new RangeError(`${SIM_VERSION_VARIABLE} must be MAJOR.MINOR.PATCH in decimal digits (such as 2.0.0), ` +
    'or unset for the simulator to report 1.10.19337');
}

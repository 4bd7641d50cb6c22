// "Bring your own SDK": installs the vendor's SDK library (which this package may not
// redistribute) from the vendor's zip archive or its unpacked folder into the app, at
//   <app root>/platform-sdk/<platform>-<arch>/<library file>  +  sdk.json (manifest),
// where the loader (lib/sdk-discovery.ts) finds it. Since 1.10 the vendor ships more than one file:
// the Windows and Linux archives carry the noise-cancellation runtime (a …krisp… library and
// .kef models) beside the library, installed beside it too; the macOS SDK is a
// …_partner_sdk.framework, installed whole (its binary is the library, its runtime is inside).
//
// Before anything is copied, the SDK is checked (scripts/sdk-check/inspect.mjs, the same check as
// `check-sdk`): the archive's sha256 (printed, recorded, and compared with --sha256), the library's
// format, architecture and export table (a file that is not the SDK is refused), and the vendor's
// C header against what the addon was built for. A mismatch is refused, naming each difference;
// --force installs anyway and records the differences in sdk.json. Zips are read with yauzl (installed
// on first use when the app has none: scripts/sdk-check/archive.mjs) and only the files needed are
// extracted, streamed (memory stays bounded whatever the archive's size).
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sha256File, SourceError } from './sdk-check/archive.mjs';
import { formatReport } from './sdk-check/check-sdk.mjs';
import { differencesOf, inspectSdk, MAX_RUNTIME_BYTES } from './sdk-check/inspect.mjs';
import { MAX_FRAMEWORK_FILES } from './sdk-check/layout.mjs';

export { archesNamed, frameworkRoot, isLibraryEntry } from './sdk-check/layout.mjs';
export { unsafeEntryName } from './sdk-check/archive.mjs';

export const HINT = 'It is found automatically from this folder; or pass { sdkPath } / set PLATFORM_SDK_PATH.';

/** An expected failure: the CLI prints its message only (no stack). */
export class InstallSdkError extends Error {
  constructor(message) {
    super(message);
    this.name = 'InstallSdkError';
  }
}
const fail = (message) => {
  throw new InstallSdkError(message);
};

/** The app root: the nearest folder at or above `from` with a package.json, not inside node_modules. */
export function findAppRoot(from = process.cwd()) {
  let dir = path.resolve(from);
  for (;;) {
    const insideNodeModules = dir.split(path.sep).includes('node_modules');
    if (!insideNodeModules && fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return path.resolve(from);
    dir = up;
  }
}

/** Puts `from` (a file) at `target` through a temporary name in the same folder, then a rename. */
function installFile(target, from, mode) {
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    if (typeof from === 'string') fs.copyFileSync(from, tmp, fs.constants.COPYFILE_EXCL);
    else fs.writeFileSync(tmp, from.data, { flag: 'wx' });
    if (process.platform !== 'win32') fs.chmodSync(tmp, mode); // a created file's mode is masked by umask
    fs.renameSync(tmp, target);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    if (process.platform === 'win32' && (err.code === 'EPERM' || err.code === 'EBUSY')) {
      fail(`Could not replace ${target} (${err.code}): is it loaded by a running process? Stop it and try again.`);
    }
    throw err;
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A path inside the install folder as a manifest records it: relative, '/'-separated, no '..'. */
function safeRelative(rel) {
  return typeof rel === 'string' && rel !== '' && !/^[/\\]|^[a-zA-Z]:|(^|[/\\])\.\.([/\\]|$)|\0/.test(rel) && !rel.includes('\\');
}

const sameFile = (file, sha256) => {
  const st = fs.statSync(file, { throwIfNoEntry: false });
  return !!st?.isFile() && sha256File(file) === sha256;
};

/**
 * Installs the SDK library for platform/arch from `source` (the vendor's .zip, its unpacked
 * folder, or the library file itself) into <dest>/platform-sdk/<platform>-<arch>/.
 */
export async function installSdk(source, { dest, platform = process.platform, arch = process.arch, force = false, sha256, log = console.log } = {}) {
  let sdk;
  try {
    sdk = await inspectSdk(source, { platform, arch, sha256 });
  } catch (err) {
    if (err instanceof SourceError) fail(err.message);
    throw err;
  }
  try {
    return await installInspected(sdk, { dest, platform, arch, force, log });
  } catch (err) {
    if (err instanceof SourceError) fail(err.message);
    throw err;
  } finally {
    sdk.close();
  }
}

async function installInspected(sdk, { dest, platform, arch, force, log }) {
  const lib = sdk.library;
  if (!lib) fail(`${sdk.sourcePath} is a C header, not an SDK: check it with \`npx platform-social-sdk check-sdk\`, and install from the vendor's SDK zip or folder.`);
  if (sdk.sha256) log(`platform-social-sdk: ${sdk.sourcePath} has SHA-256 ${sdk.sha256}`);
  const differences = differencesOf(sdk);
  if (differences.length && !force) fail(`${formatReport(sdk)}\nNothing was installed.`);
  if (differences.length) log(`${formatReport(sdk)}\nInstalling anyway (--force); the differences are recorded in sdk.json.`);

  const destRoot = path.resolve(dest ?? findAppRoot());
  const dir = path.join(destRoot, 'platform-sdk', `${platform}-${arch}`);
  const at = (rel) => path.join(dir, ...rel.split('/'));
  const library = lib.installName;
  const libraryPath = at(library);
  const manifestPath = path.join(dir, 'sdk.json');
  const runtime = lib.extras.map((e) => e.rel);
  const librarySha256 = lib.sha256 ?? sha256File(lib.file);
  const manifest = {
    library, symbolPrefix: lib.prefix, source: sdk.sourcePath, entry: lib.entry, runtime,
    sha256: sdk.sha256, librarySha256, header: sdk.header?.entry ?? null,
    ...(differences.length ? { abiDifferences: differences.map(recorded) } : {}),
    installedAt: new Date().toISOString(),
  };

  const old = readJson(manifestPath);
  const existing = fs.statSync(libraryPath, { throwIfNoEntry: false });
  const sameBytes = !!existing && sameFile(libraryPath, librarySha256);
  const oldLibrary = safeRelative(old?.library) && old.library !== library && fs.existsSync(at(old.library)) ? old.library : null;
  if (!force && ((existing && !sameBytes) || oldLibrary)) {
    fail(`A different SDK library is already installed in ${dir} (${oldLibrary ?? library}). Pass --force to replace it.`);
  }

  fs.mkdirSync(path.dirname(libraryPath), { recursive: true });
  let runtimeChanged = false;
  for (const e of lib.extras) {
    const target = at(e.rel);
    const staged = e.source.file ?? path.join(sdk.stage, `runtime-${runtime.indexOf(e.rel)}`);
    const sum = e.source.file ? sha256File(staged) : await sdk.src.extract(e.source, staged, MAX_RUNTIME_BYTES);
    if (sameFile(target, sum)) continue; // a loaded file is left alone
    fs.mkdirSync(path.dirname(target), { recursive: true });
    installFile(target, staged, /\.kef$/i.test(target) ? 0o644 : 0o755);
    runtimeChanged = true;
  }
  const oldRuntime = Array.isArray(old?.runtime) ? old.runtime.filter(safeRelative).slice(0, MAX_FRAMEWORK_FILES) : [];
  const stale = oldRuntime.filter((rel) => !runtime.includes(rel) && rel !== library);
  const { installedAt: _was, ...oldRest } = old ?? {};
  const { installedAt: _now, ...newRest } = manifest;
  const unchanged = sameBytes && !oldLibrary && !runtimeChanged && stale.length === 0 && JSON.stringify(oldRest) === JSON.stringify(newRest);
  if (!sameBytes) installFile(libraryPath, lib.file, 0o755);
  else if (process.platform !== 'win32' && (existing.mode & 0o777) !== 0o755) fs.chmodSync(libraryPath, 0o755);
  if (!unchanged) installFile(manifestPath, { data: `${JSON.stringify(manifest, null, 2)}\n` }, 0o644);
  if (oldLibrary) fs.rmSync(at(oldLibrary), { force: true });
  for (const rel of stale) fs.rmSync(at(rel), { force: true });

  log(unchanged
    ? `platform-social-sdk: the SDK library is already installed (identical): ${libraryPath}`
    : `platform-social-sdk: installed ${lib.entry} (symbol prefix ${lib.prefix}) to ${libraryPath}` +
      (runtime.length ? ` with ${runtime.length} runtime file(s) (${runtime.slice(0, 4).join(', ')}${runtime.length > 4 ? ', …' : ''})` : ''));
  log(HINT);
  return { libraryPath, manifestPath, symbolPrefix: lib.prefix, library, entry: lib.entry, runtime, unchanged, sha256: sdk.sha256, differences: differences.length };
}

/** A difference as sdk.json records it (plain data, both forms). */
function recorded(d) {
  if (d.kind === 'source') return { kind: d.kind, problem: d.what };
  return { kind: d.kind, name: d.vendorName, what: d.what, sdk: d.vendor, addon: d.addon };
}

// Looks at the SDK a user brings (the vendor's zip, its unpacked folder, the library file, or the C
// header alone) without installing or loading anything: the archive's sha256, which library and
// header it holds, the library's format, architecture and exports (read from the file: never
// dlopen'ed), and the header compared with what the addon was built for (compare.mjs). install-sdk
// and check-sdk both start here, so they report the same thing.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openFolderSource, openSiblingsSource, openZipSource, sha256File, SourceError } from './archive.mjs';
import { BinaryFormatError, readLibrary } from './binary-exports.mjs';
import { MAX_HEADER_BYTES } from './c-header.mjs';
import { compareHeader, requiredExports } from './compare.mjs';
import { choose, companions, LIBRARY_PATTERNS } from './layout.mjs';

const fail = (message) => {
  throw new SourceError(message);
};

/** Caps on the library file and on what else is extracted with it. */
export const MAX_LIBRARY_BYTES = 1024 * 1024 * 1024;
export const MAX_RUNTIME_BYTES = 512 * 1024 * 1024;
const MAX_HEADERS_READ = 300;
const MAX_SYMLINK_BYTES = 4096;
// A C declaration of <Prefix>_Client_Init taking <Prefix>_Client * (the C++ wrapper only calls it).
const C_INIT = /\b([A-Za-z][A-Za-z0-9]*)_Client_Init\s*\(\s*(?:struct\s+)?\1_Client\s*\*/;

/**
 * Inspects `source`. Options: platform, arch, sha256 (expected hex of the source file),
 * library (false: the header only). Returns an object with close() (call it: removes the staging
 * folder); see the fields set below. Throws SourceError when the source cannot be read at all.
 */
export async function inspectSdk(source, { platform = process.platform, arch = process.arch, sha256, library: wantLibrary = true } = {}) {
  if (typeof source !== 'string' || source === '') fail('No SDK source given: pass the vendor SDK zip or its unpacked folder.');
  const pattern = LIBRARY_PATTERNS[platform];
  if (!pattern) fail(`Unsupported platform '${platform}': the SDK ships for ${Object.keys(LIBRARY_PATTERNS).join(', ')}.`);
  if (!/^[a-z0-9_]+$/i.test(arch)) fail(`Invalid arch '${arch}' (expected a Node arch such as x64 or arm64).`);
  if (sha256 !== undefined && !/^[0-9a-f]{64}$/i.test(sha256)) fail('--sha256 takes the 64 hex digits of the archive\'s SHA-256 (as the vendor publishes it).');
  const sourcePath = path.resolve(source);
  const st = fs.statSync(sourcePath, { throwIfNoEntry: false });
  if (!st) fail(`SDK source not found: ${sourcePath}. Pass the path of the vendor's SDK zip or its unpacked folder.`);

  const sdk = { sourcePath, platform, arch, kind: null, sha256: null, header: null, comparison: null, library: null, problems: [], src: null };
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-sdk-check-'));
  sdk.stage = stage;
  sdk.close = () => {
    sdk.src?.close();
    fs.rmSync(stage, { recursive: true, force: true });
  };
  try {
    await inspectInto(sdk, st, { pattern, sha256, wantLibrary });
  } catch (err) {
    sdk.close();
    if (err instanceof BinaryFormatError) fail(`${sdk.library?.entry ?? sourcePath} is not a shared library this check can read: ${err.message}. Is it the vendor's SDK?`);
    throw err;
  }
  return sdk;
}

async function inspectInto(sdk, st, { pattern, sha256, wantLibrary }) {
  const { sourcePath, platform, arch } = sdk;
  let chosen = null;
  if (st.isDirectory()) {
    if (sha256 !== undefined) fail(`--sha256 verifies an archive file; ${sourcePath} is a folder. Check the zip you downloaded instead.`);
    sdk.kind = 'folder';
    sdk.src = openFolderSource(sourcePath);
    // A .framework folder itself: listed as the folder that holds it would be.
    if (/_partner_sdk\.framework$/.test(path.basename(sourcePath))) for (const f of sdk.src.files) f.entry = `${path.basename(sourcePath)}/${f.entry}`;
  } else {
    sdk.sha256 = sha256File(sourcePath);
    if (sha256 !== undefined && sha256.toLowerCase() !== sdk.sha256) {
      fail(`${sourcePath} has SHA-256 ${sdk.sha256}, not the ${sha256.toLowerCase()} given with --sha256: the download is incomplete or not the one you meant. Download it again from the vendor.`);
    }
    const head = Buffer.alloc(2);
    const fd = fs.openSync(sourcePath, 'r');
    try {
      fs.readSync(fd, head, 0, 2, 0);
    } finally {
      fs.closeSync(fd);
    }
    if (head.toString('latin1') === 'PK' || /\.zip$/i.test(sourcePath)) {
      sdk.kind = 'zip';
      sdk.src = await openZipSource(sourcePath);
    } else if (/\.h$/i.test(sourcePath)) {
      sdk.kind = 'header';
      sdk.src = openSiblingsSource(path.dirname(sourcePath));
      sdk.src.files = sdk.src.files.filter((f) => f.entry === path.basename(sourcePath));
    } else if (pattern.re.test(path.basename(sourcePath))) {
      // The library itself: an explicit choice, no folder heuristics; its runtime (and maybe its header) beside it.
      sdk.kind = 'library';
      sdk.src = openSiblingsSource(path.dirname(sourcePath));
      chosen = sdk.src.files.find((f) => f.entry === path.basename(sourcePath));
    } else {
      fail(`${sourcePath} is neither a folder, a zip archive, a C header (.h) nor a ${platform} SDK library (${pattern.glob}).`);
    }
  }
  const files = sdk.src.files;
  if (wantLibrary && sdk.kind !== 'header') {
    chosen ??= choose(files, { platform, arch, sourcePath, isZip: sdk.kind === 'zip' });
    sdk.library = await stageLibrary(sdk, chosen, pattern);
  }
  await readHeader(sdk, files);
  if (sdk.library) checkExports(sdk);
}

/** The library's bytes as a file to read (extracted from a zip into the staging folder). */
async function stageLibrary(sdk, chosen, pattern) {
  const real = sdk.kind === 'zip' && chosen.symlink ? await resolveZipSymlink(sdk, chosen) : chosen;
  let file = real.file;
  let sha = null;
  if (!file) {
    file = path.join(sdk.stage, 'library');
    sha = await sdk.src.extract(real, file, MAX_LIBRARY_BYTES);
  }
  const lib = { entry: chosen.entry, real, file, sha256: sha, ...readLibrary(file, { arch: sdk.arch }) };
  const { library, extras } = companions(chosen, sdk.src.files, sdk.platform, sdk.sourcePath);
  lib.installName = library;
  lib.extras = extras;
  if (lib.format !== pattern.format) {
    fail(`${chosen.entry} (from ${sdk.sourcePath}) is not a ${sdk.platform} shared library: expected ${pattern.format}, ` +
      `found ${lib.format ?? 'an unknown format'}. Is the vendor archive complete (not a placeholder or a download error page)?`);
  }
  if (lib.arches.length && !lib.arches.includes(sdk.arch)) {
    fail(`${chosen.entry} (from ${sdk.sourcePath}) is built for ${lib.arches.join(' + ')}, not ${sdk.arch} (read from its ${lib.format} header). ` +
      `Point at the ${sdk.arch} build, or pass --arch ${lib.arches[0]} to install it for another machine.`);
  }
  return lib;
}

/** Follows a symlink entry (as stored by zip -y) to the entry it names, inside the archive. */
async function resolveZipSymlink(sdk, e) {
  const seen = new Set();
  let cur = e;
  while (cur.symlink) {
    if (seen.has(cur.entry) || seen.size > 16) fail(`${e.entry} in ${sdk.sourcePath} is a symlink loop.`);
    seen.add(cur.entry);
    const target = (await sdk.src.readSmall(cur, MAX_SYMLINK_BYTES, sdk.stage)).toString('utf8');
    const joined = path.posix.normalize(path.posix.join(path.posix.dirname(cur.entry), target));
    if (target.startsWith('/') || joined.startsWith('../')) fail(`${e.entry} in ${sdk.sourcePath} is a symlink out of the archive (${target}).`);
    const next = sdk.src.files.find((x) => x.entry === joined);
    if (!next) fail(`${e.entry} in ${sdk.sourcePath} is a symlink to ${joined}, which the archive does not hold.`);
    cur = next;
  }
  return cur;
}

/** Finds the C header (a .h declaring <Prefix>_Client_Init(<Prefix>_Client *)) and compares it. */
async function readHeader(sdk, files) {
  const candidates = files.filter((f) => /\.h$/i.test(f.entry) && !f.symlink && !/(^|\/)__MACOSX\//.test(f.entry) && f.size <= MAX_HEADER_BYTES)
    .sort((a, b) => a.entry.localeCompare(b.entry)).slice(0, MAX_HEADERS_READ);
  const found = [];
  for (const f of candidates) {
    const text = (await sdk.src.readSmall(f, MAX_HEADER_BYTES, sdk.stage)).toString('utf8');
    if (C_INIT.test(text) && !found.some((g) => g.text === text)) found.push({ entry: f.entry, text });
  }
  if (found.length === 0) {
    sdk.problems.push(`no C header found in ${sdk.sourcePath} (a .h declaring <Prefix>_Client_Init): the prototypes cannot be checked. ` +
      'Point at the vendor\'s SDK zip or folder, which carries it.');
    return;
  }
  // Several different C headers: the one inside the chosen framework, else refuse to guess.
  const root = sdk.library?.installName.includes('/') ? sdk.library.entry.slice(0, sdk.library.entry.indexOf('.framework/') + 10) : null;
  const near = root ? found.filter((h) => h.entry.startsWith(root)) : [];
  const header = near.length === 1 ? near[0] : found.length === 1 ? found[0] : null;
  if (!header) fail(`${sdk.sourcePath} holds ${found.length} different SDK C headers (${found.map((h) => h.entry).join(', ')}); point at the folder of the SDK you mean.`);
  sdk.comparison = compareHeader(header.text);
  sdk.header = { entry: header.entry, prefix: sdk.comparison.prefix };
}

/** The library must export what the addon requires, under the header's prefix (or its own). */
function checkExports(sdk) {
  const lib = sdk.library;
  const names = new Set(lib.exports);
  let prefix = sdk.header?.prefix ?? null;
  if (!prefix) {
    const m = lib.exports.map((n) => /^([A-Za-z][A-Za-z0-9]*)_Client_InitWithOptions$/.exec(n)).find(Boolean);
    prefix = m ? m[1] : 'Platform';
  }
  lib.prefix = prefix;
  const expected = requiredExports(prefix);
  lib.expected = expected.length;
  lib.missing = expected.filter((n) => !names.has(n));
  // Most of the table absent: not the SDK at all (libz, a renamed file). Refused whatever --force says.
  if (lib.missing.length > expected.length / 2) {
    fail(`${lib.entry} (from ${sdk.sourcePath}) is not the SDK library: it exports ${expected.length - lib.missing.length} of the ${expected.length} ` +
      `${prefix}_… functions the addon requires (${lib.exports.length} exports in all, read from its ${lib.format} export table). ` +
      'Point at the vendor\'s SDK zip or folder.');
  }
}

/** Everything that makes this SDK unfit for the addon (install-sdk refuses it without --force). */
export function differencesOf(sdk) {
  const out = [];
  for (const d of sdk.comparison?.differences ?? []) out.push(d);
  for (const n of sdk.library?.missing ?? []) out.push({ kind: 'export', name: n, vendorName: n, what: 'missing', vendor: null, addon: null });
  for (const p of sdk.problems) out.push({ kind: 'source', name: null, what: p });
  return out;
}

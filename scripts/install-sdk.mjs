// "Bring your own SDK": installs the vendor's SDK library (which this package may not
// redistribute) from the vendor's zip archive or its unpacked folder into the app, at
//   <app root>/platform-sdk/<platform>-<arch>/<library file>  +  sdk.json (manifest),
// where the loader (lib/sdk-discovery.ts) finds it. Since 1.10 the vendor ships more than one file:
// the Windows and Linux archives carry the noise-cancellation runtime (a …krisp… library and
// .kef models) beside the library, installed beside it too; the macOS SDK is a
// …_partner_sdk.framework, installed whole (its binary is the library, its runtime is inside).
// No dependencies: zips are read here (central directory + zlib.inflateRawSync), and only the
// chosen files are ever extracted.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';

export const HINT = 'It is found automatically from this folder; or pass { sdkPath } / set PLATFORM_SDK_PATH.';
export const DEFAULT_PREFIX = 'Platform';

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

// ---------------------------------------------------------------------------------------------
// Which file: library name patterns per platform, and what architecture names look like in paths.

const LIBRARY_PATTERNS = {
  linux: { glob: 'lib*_partner_sdk.so', re: /^lib.*_partner_sdk\.so$/, format: 'ELF' },
  darwin: { glob: 'lib*_partner_sdk.dylib or *_partner_sdk.framework', re: /^lib.*_partner_sdk\.dylib$/, format: 'Mach-O', framework: true },
  win32: { glob: '*_partner_sdk.dll', re: /^.*_partner_sdk\.dll$/i, format: 'PE' },
};

// The binary of a macOS framework: X_partner_sdk.framework/X_partner_sdk, or its real file
// X_partner_sdk.framework/Versions/<v>/X_partner_sdk (the first is a symlink in a full bundle).
const FRAMEWORK_BINARY = /(^|\/)([^/]*_partner_sdk)\.framework\/(?:Versions\/[^/]+\/)?\2$/;
/** The framework folder an entry lies in ('a/X.framework'), or null. */
export function frameworkRoot(entry) {
  return /^(.*?[^/]*_partner_sdk\.framework)\//.exec(entry)?.[1] ?? null;
}

/** Whether an archive or folder entry is the SDK library for `platform`. */
export function isLibraryEntry(entry, platform) {
  const pattern = LIBRARY_PATTERNS[platform];
  return pattern.re.test(path.posix.basename(entry)) || (!!pattern.framework && FRAMEWORK_BINARY.test(entry));
}

// The noise-cancellation runtime the SDK loads from beside itself (or the working directory):
// its library and its model files.
const RUNTIME_FILE = /krisp|\.kef$/i;
const MAX_RUNTIME_FILES = 64;
const MAX_FRAMEWORK_FILES = 10_000;

// Spellings of each Node arch in vendor folder names, longest first where one contains another
// (x86_64 before x86, arm64 before arm).
const ARCH_ALIASES = [
  ['x86_64', 'x64'], ['x86-64', 'x64'], ['amd64', 'x64'], ['x64', 'x64'],
  ['aarch64', 'arm64'], ['arm64', 'arm64'],
  ['i386', 'ia32'], ['i686', 'ia32'], ['ia32', 'ia32'], ['x86', 'ia32'],
  ['armv7l', 'arm'], ['armv7', 'arm'], ['armhf', 'arm'], ['arm', 'arm'],
];

/** The Node arch names a (directory) path mentions, e.g. 'lib/Release/x86_64' -> {'x64'}. */
export function archesNamed(dirPath) {
  let rest = dirPath.toLowerCase();
  const found = new Set();
  for (const [alias, arch] of ARCH_ALIASES) {
    const re = new RegExp(`(^|[^a-z0-9])${alias.replace(/[-_]/g, '[-_]')}(?=$|[^a-z0-9])`, 'g');
    if (re.test(rest)) {
      found.add(arch);
      rest = rest.replace(re, '$1 '); // so 'x86_64' is not read again as 'x86'
    }
  }
  return found;
}

const word = (w) => new RegExp(`(^|[^a-z])${w}($|[^a-z])`);
const RELEASE = word('release');
const DEBUG = word('debug');

function rank(candidate, arch) {
  const dir = path.posix.dirname(candidate.entry);
  const named = archesNamed(dir === '.' ? '' : dir);
  const lower = dir.toLowerCase();
  // 2: names the target arch; 1: names no arch (e.g. a universal dylib); 0: only other arches.
  const archRank = named.has(arch) ? 2 : named.size === 0 ? 1 : 0;
  const release = RELEASE.test(lower);
  const debug = DEBUG.test(lower);
  const buildRank = release && !debug ? 2 : debug && !release ? 0 : 1;
  return { archRank, buildRank, named };
}

/** Picks the library for platform/arch among the source's files; fails with a useful message. */
function choose(files, { platform, arch, sourcePath, isZip }) {
  const pattern = LIBRARY_PATTERNS[platform];
  const visible = files.filter((f) => !/(^|\/)__MACOSX\//.test(f.entry) && !path.posix.basename(f.entry).startsWith('._'));
  const candidates = visible.filter((f) => isLibraryEntry(f.entry, platform));
  // A zipped framework stores X.framework/X as a symlink to Versions/A/X: the real file is the one.
  const matching = candidates.filter((f) => !(f.symlink && frameworkRoot(f.entry) &&
    candidates.some((g) => !g.symlink && frameworkRoot(g.entry) === frameworkRoot(f.entry))));
  const where = `${platform}-${arch}`;
  if (matching.length === 0) {
    const others = Object.entries(LIBRARY_PATTERNS)
      .filter(([p]) => p !== platform)
      .flatMap(([p]) => visible.filter((f) => isLibraryEntry(f.entry, p)).map((f) => `${f.entry} (${p})`));
    fail(
      `No SDK library for ${where} in ${sourcePath}: searched ${visible.length} file(s) for the ${platform} library ` +
        `named ${pattern.glob} (any folder depth), and none matched.` +
        (others.length ? ` It holds libraries for other platforms: ${others.slice(0, 6).join(', ')}${others.length > 6 ? ', …' : ''}.` : '') +
        ` Point at the vendor's SDK zip (or its unpacked folder) for ${platform}, or pass --platform/--arch` +
        ` to install a build for another system.`,
    );
  }
  const ranked = matching.map((f) => ({ ...f, ...rank(f, arch) }));
  const fitting = ranked.filter((c) => c.archRank > 0);
  if (fitting.length === 0) {
    fail(
      `No SDK library for ${where} in ${sourcePath}: the ${pattern.glob} files found are for other architectures: ` +
        `${ranked.map((c) => `${c.entry} (${[...c.named].join('/')})`).join(', ')}. ` +
        `Point at an SDK for ${arch}, or pass --arch to install one of these for another machine.`,
    );
  }
  const best = (a, b) => b.archRank - a.archRank || b.buildRank - a.buildRank;
  fitting.sort(best);
  const top = fitting.filter((c) => best(c, fitting[0]) === 0);
  // Copies of one build in two places are not a real choice.
  const distinct = top.filter((c, i) => !top.slice(0, i).some((d) => sameContent(c, d)));
  if (distinct.length > 1) {
    fail(
      `Several SDK libraries fit ${where} equally well in ${sourcePath}: ${distinct.map((c) => c.entry).join(', ')}. ` +
        (isZip
          ? 'Unpack the archive and point at the folder that holds the build you want (or at the library file itself).'
          : 'Point at a more specific folder (the one that holds the build you want), or at the library file itself.'),
    );
  }
  return top[0];
}

function sameContent(a, b) {
  if (a.size !== b.size) return false;
  if (a.crc32 !== undefined && b.crc32 !== undefined) return a.crc32 === b.crc32; // zip: no extraction needed
  if (a.file && b.file) return fs.readFileSync(a.file).equals(fs.readFileSync(b.file));
  return false;
}

// ---------------------------------------------------------------------------------------------
// Zip reading: central directory only, then the one chosen entry.

function readAt(fd, position, length) {
  const buf = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const n = fs.readSync(fd, buf, done, length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return done === length ? buf : buf.subarray(0, done);
}

/** An entry name that would land outside the extraction folder: absolute, drive-relative or with '..'. */
export function unsafeEntryName(name) {
  const n = name.replace(/\\/g, '/');
  return n.startsWith('/') || /^[a-zA-Z]:/.test(n) || n.split('/').includes('..') || n.includes('\0');
}

const ZIP64_HINT = 'Unpack it (any unzip tool) and point at the folder instead.';

/** Lists a zip's file entries from its central directory. */
export function listZip(zipPath) {
  const fd = fs.openSync(zipPath, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = readAt(fd, size - tailLength, tailLength);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === 0x06054b50 && i + 22 + tail.readUInt16LE(i + 20) <= tail.length) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) fail(`${zipPath} is not a zip archive (no end-of-central-directory record).`);
    const disk = tail.readUInt16LE(eocd + 4);
    const cdDisk = tail.readUInt16LE(eocd + 6);
    const count = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
      fail(`${zipPath} is a zip64 archive, which this installer does not read. ${ZIP64_HINT}`);
    }
    if (disk !== 0 || cdDisk !== 0) fail(`${zipPath} is a multi-part (split) zip archive, which is not supported. ${ZIP64_HINT}`);
    if (cdOffset + cdSize > size) fail(`${zipPath} is truncated or corrupt (central directory beyond the end of the file).`);
    const cd = readAt(fd, cdOffset, cdSize);
    const entries = [];
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) fail(`${zipPath} is corrupt (bad central directory entry ${i + 1} of ${count}).`);
      const flags = cd.readUInt16LE(p + 8);
      const method = cd.readUInt16LE(p + 10);
      const crc = cd.readUInt32LE(p + 16);
      const compressedSize = cd.readUInt32LE(p + 20);
      const uncompressedSize = cd.readUInt32LE(p + 24);
      const nameLength = cd.readUInt16LE(p + 28);
      const extraLength = cd.readUInt16LE(p + 30);
      const commentLength = cd.readUInt16LE(p + 32);
      const externalAttrs = cd.readUInt32LE(p + 38);
      const localOffset = cd.readUInt32LE(p + 42);
      if (p + 46 + nameLength > cd.length) fail(`${zipPath} is corrupt (central directory entry ${i + 1} runs past its end).`);
      const name = cd.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLength);
      p += 46 + nameLength + extraLength + commentLength;
      if (unsafeEntryName(name)) {
        fail(`${zipPath} has an unsafe entry name ${JSON.stringify(name)} (absolute, or climbing out with '..'); refusing this archive.`);
      }
      if (name.endsWith('/') || name.endsWith('\\')) continue; // a folder
      entries.push({
        entry: name.replace(/\\/g, '/'),
        flags, method, crc32: crc, compressedSize, size: uncompressedSize, localOffset,
        symlink: ((externalAttrs >>> 16) & 0o170000) === 0o120000,
        zip64: compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localOffset === 0xffffffff,
      });
    }
    return entries;
  } finally {
    fs.closeSync(fd);
  }
}

const METHOD_NAMES = { 1: 'shrink', 6: 'implode', 9: 'deflate64', 12: 'bzip2', 14: 'LZMA', 93: 'zstd', 95: 'xz', 98: 'PPMd', 99: 'AES encryption' };

/** Extracts one entry (as listed by listZip) into memory, checking its size and CRC-32. */
export function readZipEntry(zipPath, e) {
  const what = `${e.entry} in ${zipPath}`;
  if (e.zip64) fail(`${what} needs zip64 (over 4 GB), which this installer does not read. ${ZIP64_HINT}`);
  if (e.flags & 0x1 || e.method === 99) fail(`${what} is encrypted; unpack it yourself (with its password) and point at the folder instead.`);
  if (e.method !== 0 && e.method !== 8) {
    fail(`${what} uses compression method ${e.method}${METHOD_NAMES[e.method] ? ` (${METHOD_NAMES[e.method]})` : ''}; ` +
      `only stored and deflate are supported. ${ZIP64_HINT}`);
  }
  const fd = fs.openSync(zipPath, 'r');
  let data;
  try {
    const header = readAt(fd, e.localOffset, 30);
    if (header.length < 30 || header.readUInt32LE(0) !== 0x04034b50) fail(`${zipPath} is corrupt (no local header for ${e.entry}).`);
    const start = e.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    data = readAt(fd, start, e.compressedSize);
    if (data.length !== e.compressedSize) fail(`${zipPath} is truncated (${e.entry} runs past the end of the file).`);
  } finally {
    fs.closeSync(fd);
  }
  let out = data;
  if (e.method === 8) {
    try {
      out = zlib.inflateRawSync(data, { maxOutputLength: Math.max(e.size, 1) });
    } catch (err) {
      fail(`${what} does not inflate (${err.code || err.message}); the archive is corrupt.`);
    }
  }
  if (out.length !== e.size) fail(`${what} has ${out.length} bytes, not the ${e.size} its directory records; the archive is corrupt.`);
  // zlib.crc32: Node 20.15 / 22.2 and later (the package itself still loads on any Node 20).
  if (typeof zlib.crc32 !== 'function') fail(`reading a zip needs Node 20.15 or later (zlib.crc32); this is Node ${process.version}. Unpack the zip and pass its folder instead.`);
  if (zlib.crc32(out) !== e.crc32) fail(`${what} fails its CRC-32 check; the archive is corrupt.`);
  return out;
}

/** Follows a symlink entry (as stored by zip -y) to the entry it names, inside the archive. */
function resolveZipSymlink(zipPath, entries, e) {
  const seen = new Set();
  let cur = e;
  while (cur.symlink) {
    if (seen.has(cur.entry) || seen.size > 16) fail(`${e.entry} in ${zipPath} is a symlink loop.`);
    seen.add(cur.entry);
    const target = readZipEntry(zipPath, cur).toString('utf8');
    const joined = path.posix.normalize(path.posix.join(path.posix.dirname(cur.entry), target));
    if (target.startsWith('/') || joined.startsWith('../')) fail(`${e.entry} in ${zipPath} is a symlink out of the archive (${target}).`);
    const next = entries.find((x) => x.entry === joined);
    if (!next) fail(`${e.entry} in ${zipPath} is a symlink to ${joined}, which the archive does not hold.`);
    cur = next;
  }
  return cur;
}

// ---------------------------------------------------------------------------------------------
// Folders

const MAX_FOLDER_FILES = 100_000;

function listFolder(root) {
  const files = [];
  const walk = (dir, rel) => {
    for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, d.name);
      const entry = rel ? `${rel}/${d.name}` : d.name;
      let isDir = d.isDirectory();
      let isFile = d.isFile();
      if (d.isSymbolicLink()) {
        // Linked files count (libfoo.so -> libfoo.so.1 style); linked folders are not followed (loops).
        const st = fs.statSync(abs, { throwIfNoEntry: false });
        isDir = false;
        isFile = !!st?.isFile();
      }
      if (isDir) {
        if (d.name === 'node_modules' || d.name === '.git') continue;
        walk(abs, entry);
      } else if (isFile) {
        if (files.length >= MAX_FOLDER_FILES) {
          fail(`${root} holds over ${MAX_FOLDER_FILES} files; point at the SDK's own folder (or its zip) instead.`);
        }
        files.push({ entry, file: abs, size: fs.statSync(abs).size });
      }
    }
  };
  walk(root, '');
  return files;
}

// ---------------------------------------------------------------------------------------------
// What the chosen file is: format and architecture from its header, and the symbol prefix.

const ELF_MACHINES = { 3: 'ia32', 40: 'arm', 62: 'x64', 183: 'arm64' };
const MACHO_CPUS = { 7: 'ia32', 0x01000007: 'x64', 12: 'arm', 0x0100000c: 'arm64' };
const PE_MACHINES = { 0x14c: 'ia32', 0x8664: 'x64', 0x1c0: 'arm', 0x1c4: 'arm', 0xaa64: 'arm64' };

/** { format, arches } from a shared library's header; format null when it is none of ELF/Mach-O/PE. */
export function libraryHeader(buf) {
  if (buf.length >= 20 && buf.readUInt32BE(0) === 0x7f454c46) {
    const machine = buf[5] === 2 ? buf.readUInt16BE(18) : buf.readUInt16LE(18);
    return { format: 'ELF', arches: ELF_MACHINES[machine] ? [ELF_MACHINES[machine]] : [] };
  }
  if (buf.length >= 8) {
    const le = buf.readUInt32LE(0);
    if (le === 0xfeedface || le === 0xfeedfacf) {
      const cpu = MACHO_CPUS[buf.readUInt32LE(4)];
      return { format: 'Mach-O', arches: cpu ? [cpu] : [] };
    }
    const be = buf.readUInt32BE(0);
    if (be === 0xcafebabe || be === 0xcafebabf) {
      const n = buf.readUInt32BE(4);
      const stride = be === 0xcafebabe ? 20 : 32;
      const arches = [];
      for (let i = 0; i < Math.min(n, 32) && 8 + (i + 1) * stride <= buf.length; i++) {
        const cpu = MACHO_CPUS[buf.readUInt32BE(8 + i * stride)];
        if (cpu) arches.push(cpu);
      }
      // 0xcafebabe is also a Java class file; a universal binary has a small slice count.
      if (n > 0 && n < 32) return { format: 'Mach-O', arches };
    }
  }
  if (buf.length >= 0x40 && buf.readUInt16LE(0) === 0x5a4d) {
    const pe = buf.readUInt32LE(0x3c);
    if (pe + 6 <= buf.length && buf.readUInt32LE(pe) === 0x00004550) {
      const machine = buf.readUInt16LE(pe + 4);
      return { format: 'PE', arches: PE_MACHINES[machine] ? [PE_MACHINES[machine]] : [] };
    }
  }
  return { format: null, arches: [] };
}

/**
 * The vendor's symbol prefix: the most frequent X in "X_Client_InitWithOptions" among the
 * library's bytes (export tables hold names as strings); null when there is none.
 */
export function detectSymbolPrefix(buf) {
  const counts = new Map();
  for (const m of buf.toString('latin1').matchAll(/([A-Z][A-Za-z0-9]*)_Client_InitWithOptions/g)) {
    counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  }
  let best = null;
  for (const [prefix, n] of counts) if (best === null || n > counts.get(best)) best = prefix; // ties: first seen
  return best;
}

// ---------------------------------------------------------------------------------------------
// Destination

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

function writeAtomic(target, data, mode) {
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    fs.writeFileSync(tmp, data, { mode, flag: 'wx' });
    if (process.platform !== 'win32') fs.chmodSync(tmp, mode); // writeFile's mode is masked by umask
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

// ---------------------------------------------------------------------------------------------

/**
 * Installs the SDK library for platform/arch from `source` (the vendor's .zip, its unpacked
 * folder, or the library file itself) into <dest>/platform-sdk/<platform>-<arch>/.
 */
export async function installSdk(source, { dest, platform = process.platform, arch = process.arch, force = false, log = console.log } = {}) {
  if (typeof source !== 'string' || source === '') fail('No SDK source given: pass the vendor SDK zip or its unpacked folder.');
  const pattern = LIBRARY_PATTERNS[platform];
  if (!pattern) fail(`Unsupported platform '${platform}': the SDK ships for ${Object.keys(LIBRARY_PATTERNS).join(', ')}.`);
  if (!/^[a-z0-9_]+$/i.test(arch)) fail(`Invalid arch '${arch}' (expected a Node arch such as x64 or arm64).`);
  const sourcePath = path.resolve(source);
  const st = fs.statSync(sourcePath, { throwIfNoEntry: false });
  if (!st) fail(`SDK source not found: ${sourcePath}. Pass the path of the vendor's SDK zip or its unpacked folder.`);

  let chosen;
  let all; // every file of the source, to pick the runtime files from
  let read; // (file) => its bytes
  if (st.isDirectory()) {
    // A .framework folder itself: listed as the folder that holds it would be.
    const framework = /_partner_sdk\.framework$/.test(path.basename(sourcePath)) ? `${path.basename(sourcePath)}/` : '';
    all = listFolder(sourcePath).map((f) => ({ ...f, entry: framework + f.entry }));
    chosen = choose(all, { platform, arch, sourcePath, isZip: false });
    read = (f) => fs.readFileSync(f.file);
  } else {
    const fd = fs.openSync(sourcePath, 'r');
    let head;
    try {
      head = readAt(fd, 0, 2);
    } finally {
      fs.closeSync(fd);
    }
    const isZip = head.toString('latin1') === 'PK';
    if (isZip || /\.zip$/i.test(sourcePath)) {
      all = listZip(sourcePath);
      chosen = choose(all, { platform, arch, sourcePath, isZip: true });
      read = (f) => readZipEntry(sourcePath, f.symlink ? resolveZipSymlink(sourcePath, all, f) : f);
    } else if (pattern.re.test(path.basename(sourcePath))) {
      // The library itself: an explicit choice, no folder heuristics; its runtime is beside it.
      const folder = path.dirname(sourcePath);
      all = fs.readdirSync(folder, { withFileTypes: true }).filter((d) => d.isFile() || d.isSymbolicLink()).slice(0, MAX_FOLDER_FILES)
        .map((d) => ({ entry: d.name, file: path.join(folder, d.name) }));
      chosen = all.find((f) => f.entry === path.basename(sourcePath));
      read = (f) => fs.readFileSync(f.file);
    } else {
      fail(`${sourcePath} is neither a folder, a zip archive nor a ${platform} SDK library (${pattern.glob}).`);
    }
  }
  const bytes = read(chosen);
  const { library, extras } = companions(chosen, all, platform, sourcePath, read);

  const header = libraryHeader(bytes);
  if (header.format !== pattern.format) {
    fail(`${chosen.entry} (from ${sourcePath}) is not a ${platform} shared library: expected ${pattern.format}, ` +
      `found ${header.format ?? 'an unknown format'}. Is the vendor archive complete (not a placeholder or a download error page)?`);
  }
  if (header.arches.length && !header.arches.includes(arch)) {
    fail(`${chosen.entry} (from ${sourcePath}) is built for ${header.arches.join(' + ')}, not ${arch} (read from its ${header.format} header). ` +
      `Point at the ${arch} build, or pass --arch ${header.arches[0]} to install it for another machine.`);
  }

  const detected = detectSymbolPrefix(bytes);
  const symbolPrefix = detected ?? DEFAULT_PREFIX;
  if (!detected) log(`platform-social-sdk: no <Prefix>_Client_InitWithOptions name found in ${chosen.entry}; assuming the prefix '${DEFAULT_PREFIX}'.`);

  const destRoot = path.resolve(dest ?? findAppRoot());
  const dir = path.join(destRoot, 'platform-sdk', `${platform}-${arch}`);
  const at = (rel) => path.join(dir, ...rel.split('/'));
  const libraryPath = at(library);
  const manifestPath = path.join(dir, 'sdk.json');
  const runtime = extras.map((e) => e.rel);
  const manifest = { library, symbolPrefix, source: sourcePath, entry: chosen.entry, runtime, installedAt: new Date().toISOString() };

  const old = readJson(manifestPath);
  const existing = fs.statSync(libraryPath, { throwIfNoEntry: false });
  const sameBytes = !!existing?.isFile() && existing.size === bytes.length && fs.readFileSync(libraryPath).equals(bytes);
  const oldLibrary = safeRelative(old?.library) && old.library !== library && fs.existsSync(at(old.library)) ? old.library : null;
  if (!force && ((existing && !sameBytes) || oldLibrary)) {
    fail(`A different SDK library is already installed in ${dir} (${oldLibrary ?? library}). ` +
      'Pass --force to replace it.');
  }

  fs.mkdirSync(path.dirname(libraryPath), { recursive: true });
  let runtimeChanged = false;
  for (const e of extras) {
    const target = at(e.rel);
    const data = e.read();
    const have = fs.statSync(target, { throwIfNoEntry: false });
    if (have?.isFile() && have.size === data.length && fs.readFileSync(target).equals(data)) continue; // a loaded file is left alone
    fs.mkdirSync(path.dirname(target), { recursive: true });
    writeAtomic(target, data, /\.kef$/i.test(target) ? 0o644 : 0o755);
    runtimeChanged = true;
  }
  const oldRuntime = Array.isArray(old?.runtime) ? old.runtime.filter(safeRelative).slice(0, MAX_FRAMEWORK_FILES) : [];
  const stale = oldRuntime.filter((rel) => !runtime.includes(rel) && rel !== library);
  const unchanged = sameBytes && !oldLibrary && !runtimeChanged && stale.length === 0 && old?.library === library &&
    old?.symbolPrefix === symbolPrefix && old?.source === sourcePath && old?.entry === chosen.entry &&
    JSON.stringify(old?.runtime ?? []) === JSON.stringify(runtime);
  if (!sameBytes) writeAtomic(libraryPath, bytes, 0o755);
  else if (process.platform !== 'win32' && (existing.mode & 0o777) !== 0o755) fs.chmodSync(libraryPath, 0o755);
  if (!unchanged) writeAtomic(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`, 0o644);
  if (oldLibrary) fs.rmSync(at(oldLibrary), { force: true });
  for (const rel of stale) fs.rmSync(at(rel), { force: true });

  log(unchanged
    ? `platform-social-sdk: the SDK library is already installed (identical): ${libraryPath}`
    : `platform-social-sdk: installed ${chosen.entry} (symbol prefix ${symbolPrefix}) to ${libraryPath}` +
      (runtime.length ? ` with ${runtime.length} runtime file(s) (${runtime.slice(0, 4).join(', ')}${runtime.length > 4 ? ', …' : ''})` : ''));
  log(HINT);
  return { libraryPath, manifestPath, symbolPrefix, library, entry: chosen.entry, runtime, unchanged };
}

/** A path inside the install folder as a manifest records it: relative, '/'-separated, no '..'. */
function safeRelative(rel) {
  return typeof rel === 'string' && rel !== '' && !unsafeEntryName(rel) && !rel.includes('\\');
}

/**
 * What is installed with the chosen library: for a macOS framework, every file of the framework
 * (the library is then its binary, at the same place inside it); otherwise the noise-cancellation
 * runtime files beside it. Returns the library's install path and the extra files.
 */
function companions(chosen, all, platform, sourcePath, read) {
  const root = platform === 'darwin' ? frameworkRoot(chosen.entry) : null;
  if (root) {
    const name = path.posix.basename(root);
    const members = all.filter((f) => f.entry !== chosen.entry && !f.symlink && f.entry.startsWith(`${root}/`));
    if (members.length > MAX_FRAMEWORK_FILES) fail(`${root} in ${sourcePath} holds over ${MAX_FRAMEWORK_FILES} files; is it the SDK's framework?`);
    const rel = (f) => `${name}/${f.entry.slice(root.length + 1)}`;
    return { library: rel(chosen), extras: members.map((f) => ({ rel: rel(f), read: () => read(f) })) };
  }
  const folder = path.posix.dirname(chosen.entry);
  const members = all.filter((f) => f.entry !== chosen.entry && path.posix.dirname(f.entry) === folder &&
    RUNTIME_FILE.test(path.posix.basename(f.entry)) && !isLibraryEntry(f.entry, platform));
  if (members.length > MAX_RUNTIME_FILES) fail(`${folder} in ${sourcePath} holds over ${MAX_RUNTIME_FILES} runtime files beside the SDK library; is it the SDK's folder?`);
  return { library: path.posix.basename(chosen.entry), extras: members.map((f) => ({ rel: path.posix.basename(f.entry), read: () => read(f) })) };
}

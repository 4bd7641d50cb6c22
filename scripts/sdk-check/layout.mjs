// Where the SDK library is in the vendor's archive or folder: library name patterns per platform,
// architecture names in folder paths, release over debug builds, and what comes with the library
// (the noise-cancellation runtime beside it, or the whole macOS framework). Shared by install-sdk
// and check-sdk (scripts/sdk-check/inspect.mjs).
import * as path from 'node:path';
import { sha256File, SourceError } from './archive.mjs';

const fail = (message) => {
  throw new SourceError(message);
};

export const LIBRARY_PATTERNS = {
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
export const MAX_FRAMEWORK_FILES = 10_000;

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
export function choose(files, { platform, arch, sourcePath, isZip }) {
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
  if (a.file && b.file) return sha256File(a.file) === sha256File(b.file);
  return false;
}


/**
 * What is installed with the chosen library: for a macOS framework, every file of the framework
 * (the library is then its binary, at the same place inside it); otherwise the noise-cancellation
 * runtime files beside it. Returns the library's install path and the extra files.
 */
export function companions(chosen, all, platform, sourcePath) {
  const root = platform === 'darwin' ? frameworkRoot(chosen.entry) : null;
  if (root) {
    const name = path.posix.basename(root);
    const members = all.filter((f) => f.entry !== chosen.entry && !f.symlink && f.entry.startsWith(`${root}/`));
    if (members.length > MAX_FRAMEWORK_FILES) fail(`${root} in ${sourcePath} holds over ${MAX_FRAMEWORK_FILES} files; is it the SDK's framework?`);
    const rel = (f) => `${name}/${f.entry.slice(root.length + 1)}`;
    return { library: rel(chosen), extras: members.map((f) => ({ rel: rel(f), source: f })) };
  }
  const folder = path.posix.dirname(chosen.entry);
  const members = all.filter((f) => f.entry !== chosen.entry && path.posix.dirname(f.entry) === folder &&
    RUNTIME_FILE.test(path.posix.basename(f.entry)) && !isLibraryEntry(f.entry, platform));
  if (members.length > MAX_RUNTIME_FILES) fail(`${folder} in ${sourcePath} holds over ${MAX_RUNTIME_FILES} runtime files beside the SDK library; is it the SDK's folder?`);
  return { library: path.posix.basename(chosen.entry), extras: members.map((f) => ({ rel: path.posix.basename(f.entry), source: f })) };
}

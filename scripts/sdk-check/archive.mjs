// The files of an SDK source, whichever form it comes in: the vendor's zip archive (read with
// yauzl: central directory first, then only the entries asked for, streamed), an unpacked folder,
// or a single file. Everything that is extracted is streamed to a file with its size, ratio and
// CRC-32 checked on the way, so memory stays bounded whatever the archive's size (the vendor's is
// about 745 MB) and a hostile archive (names climbing out with '..', absolute names, sizes that
// lie, zip bombs, encrypted entries) is refused with a message, not obeyed.
//
// yauzl is a devDependency (loading the addon does not need it): it is imported only when a zip is
// opened, from the package when it resolves there (the repository, or an app that has it), else
// from the `sdk-archive` set scripts/tools-on-demand.mjs installs on first use. Folders and single
// files need no yauzl at all.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { toolsFor, ToolsError } from '../tools-on-demand.mjs';

export class SourceError extends Error {
  constructor(message) {
    super(message);
    this.name = 'SourceError';
  }
}
const fail = (message) => {
  throw new SourceError(message);
};

export const MAX_ENTRIES = 200_000;
const MAX_FOLDER_FILES = 100_000;
// Deflate cannot expand more than about 1032:1; an entry claiming more is a bomb or a lie.
const MAX_RATIO = 1100;
const UNPACK_HINT = 'Unpack it (any unzip tool) and point at the folder instead.';
const METHOD_NAMES = { 1: 'shrink', 6: 'implode', 9: 'deflate64', 12: 'bzip2', 14: 'LZMA', 93: 'zstd', 95: 'xz', 98: 'PPMd', 99: 'AES encryption' };

/** An entry name that would land outside the extraction folder: absolute, drive-relative or with '..'. */
export function unsafeEntryName(name) {
  const n = name.replace(/\\/g, '/');
  return n.startsWith('/') || /^[a-zA-Z]:/.test(n) || n.split('/').includes('..') || n.includes('\0');
}

/** sha256 (hex) of a file, read in 1 MB pieces. */
export function sha256File(file) {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(1 << 20);
    let pos = 0;
    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, pos);
      if (n === 0) break;
      hash.update(buf.subarray(0, n));
      pos += n;
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** yauzl, resolved (and installed if need be) on the first zip. */
let yauzlLoaded;
async function loadYauzl(zipPath) {
  if (!yauzlLoaded) {
    let entry;
    try {
      entry = toolsFor('sdk-archive').require.resolve('yauzl');
    } catch (err) {
      if (err instanceof ToolsError) fail(`${zipPath} is a zip: ${err.message} Or: ${UNPACK_HINT}`);
      throw err;
    }
    yauzlLoaded = import(pathToFileURL(entry).href).then((m) => m.default ?? m);
  }
  return yauzlLoaded;
}

const openZip = async (file) => {
  const yauzl = await loadYauzl(file);
  return new Promise((resolve, reject) => yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (err, zip) => (err ? reject(err) : resolve(zip))));
};

/** Lists a zip archive: { files, extract, readSmall, close }. */
export async function openZipSource(zipPath) {
  let zip;
  try {
    zip = await openZip(zipPath);
  } catch (err) {
    if (err instanceof SourceError) throw err;
    fail(/central directory record signature not found/.test(err.message)
      ? `${zipPath} is not a zip archive (no end-of-central-directory record). Is the download complete?`
      : `${zipPath} is not a zip archive this installer can read (${err.message}). ${UNPACK_HINT}`);
  }
  if (zip.entryCount > MAX_ENTRIES) {
    zip.close();
    fail(`${zipPath} has ${zip.entryCount} entries, more than an SDK archive holds; refusing it.`);
  }
  const files = [];
  try {
    await new Promise((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (e) => {
        const raw = e.fileName;
        const name = raw.toString(e.generalPurposeBitFlag & 0x800 ? 'utf8' : 'latin1');
        if (unsafeEntryName(name)) {
          const shown = JSON.stringify(name.length > 200 ? `${name.slice(0, 200)}…` : name); // escaped, bounded
          reject(new SourceError(`${zipPath} has an unsafe entry name ${shown} (absolute, or climbing out with '..'); refusing this archive.`));
          return;
        }
        if (!(name.endsWith('/') || name.endsWith('\\'))) {
          files.push({
            entry: name.replace(/\\/g, '/'), size: e.uncompressedSize, compressedSize: e.compressedSize, crc32: e.crc32,
            symlink: ((e.externalFileAttributes >>> 16) & 0o170000) === 0o120000, zipEntry: e,
          });
        }
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch (err) {
    zip.close();
    if (err instanceof SourceError) throw err;
    fail(`${zipPath} is corrupt (${err.message}). ${UNPACK_HINT}`);
  }

  /** Streams entry `f` into `target` (created new), at most `maxBytes`; returns its sha256. */
  const extract = async (f, target, maxBytes) => {
    const e = f.zipEntry;
    const what = `${f.entry} in ${zipPath}`;
    if (e.isEncrypted()) fail(`${what} is encrypted; unpack it yourself (with its password) and point at the folder instead.`);
    if (e.compressionMethod !== 0 && e.compressionMethod !== 8) {
      fail(`${what} uses compression method ${e.compressionMethod}${METHOD_NAMES[e.compressionMethod] ? ` (${METHOD_NAMES[e.compressionMethod]})` : ''}; ` +
        `only stored and deflate are supported. ${UNPACK_HINT}`);
    }
    if (f.size > maxBytes) fail(`${what} is ${f.size} bytes, more than the ${maxBytes} this file may have; refusing it (is the archive the vendor's?).`);
    if (f.size > 1 << 20 && f.size / Math.max(f.compressedSize, 1) > MAX_RATIO) {
      fail(`${what} claims to expand ${Math.round(f.size / Math.max(f.compressedSize, 1))} times, more than deflate can; refusing this archive (a zip bomb?).`);
    }
    if (typeof zlib.crc32 !== 'function') fail(`reading a zip needs Node 20.15 or later (zlib.crc32); this is Node ${process.version}. ${UNPACK_HINT}`);
    const stream = await new Promise((resolve, reject) => zip.openReadStream(e, (err, s) => (err ? reject(err) : resolve(s))))
      .catch((err) => fail(`${what} cannot be read (${err.message}); the archive is corrupt.`));
    const hash = createHash('sha256');
    let crc = 0;
    let bytes = 0;
    const check = new Transform({
      transform(chunk, _enc, done) {
        bytes += chunk.length;
        if (bytes > maxBytes) return done(new SourceError(`${what} expands past ${maxBytes} bytes; refusing this archive.`));
        crc = zlib.crc32(chunk, crc);
        hash.update(chunk);
        return done(null, chunk);
      },
    });
    try {
      await pipeline(stream, check, fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
    } catch (err) {
      fs.rmSync(target, { force: true });
      if (err instanceof SourceError) throw err;
      fail(`${what} does not extract (${err.code || err.message}); the archive is corrupt.`);
    }
    if (bytes !== f.size) fail(`${what} has ${bytes} bytes, not the ${f.size} its directory records; the archive is corrupt.`);
    if (crc >>> 0 !== f.crc32) {
      fs.rmSync(target, { force: true });
      fail(`${what} fails its CRC-32 check; the archive is corrupt.`);
    }
    return hash.digest('hex');
  };

  const readSmall = async (f, maxBytes, tmpDir) => {
    const tmp = path.join(tmpDir, `small-${files.indexOf(f)}`);
    await extract(f, tmp, maxBytes);
    try {
      return fs.readFileSync(tmp);
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  };
  return { kind: 'zip', files, extract, readSmall, close: () => zip.close() };
}

/** Lists a folder (symlinked files count; symlinked folders are not followed: loops). */
export function openFolderSource(root) {
  const files = [];
  const walk = (dir, rel) => {
    for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, d.name);
      const entry = rel ? `${rel}/${d.name}` : d.name;
      let isDir = d.isDirectory();
      let isFile = d.isFile();
      if (d.isSymbolicLink()) {
        const st = fs.statSync(abs, { throwIfNoEntry: false });
        isDir = false;
        isFile = !!st?.isFile();
      }
      if (isDir) {
        if (d.name === 'node_modules' || d.name === '.git') continue;
        walk(abs, entry);
      } else if (isFile) {
        if (files.length >= MAX_FOLDER_FILES) fail(`${root} holds over ${MAX_FOLDER_FILES} files; point at the SDK's own folder (or its zip) instead.`);
        files.push({ entry, file: abs, size: fs.statSync(abs).size });
      }
    }
  };
  walk(root, '');
  return { kind: 'folder', files, ...fileAccess() };
}

/** The files of one folder, without descending (a library file given alone: its runtime is beside it). */
export function openSiblingsSource(folder) {
  const files = fs.readdirSync(folder, { withFileTypes: true }).filter((d) => d.isFile() || d.isSymbolicLink()).slice(0, MAX_FOLDER_FILES)
    .map((d) => ({ entry: d.name, file: path.join(folder, d.name), size: fs.statSync(path.join(folder, d.name), { throwIfNoEntry: false })?.size ?? 0 }));
  return { kind: 'file', files, ...fileAccess() };
}

function fileAccess() {
  return {
    extract: async (f, target, maxBytes) => {
      const size = fs.statSync(f.file).size;
      if (size > maxBytes) fail(`${f.file} is ${size} bytes, more than the ${maxBytes} this file may have.`);
      fs.copyFileSync(f.file, target, fs.constants.COPYFILE_EXCL);
      return sha256File(target);
    },
    readSmall: async (f, maxBytes) => {
      const size = fs.statSync(f.file).size;
      if (size > maxBytes) fail(`${f.file} is ${size} bytes, more than the ${maxBytes} this file may have.`);
      return fs.readFileSync(f.file);
    },
    close: () => {},
  };
}

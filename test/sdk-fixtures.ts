// Vendor-like SDKs for the install-sdk and check-sdk tests, written here independently of the code
// under test: a zip writer (stored/deflate, data descriptors, zip64), the vendor's header as ours
// renamed to another brand, the simulator's library with its export names renamed the same way,
// and minimal PE and Mach-O libraries whose export tables name the SDK's functions.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { ROOT } from './helpers';

export const SIMULATOR = path.join(ROOT, 'build', 'Release', 'libplatform_partner_sdk.so');
export const OUR_HEADER = path.join(ROOT, 'vendor', 'platform-sdk', 'include', 'cplatform.h');
export const SDK_FUNCTIONS = path.join(ROOT, 'native', 'runtime', 'sdk_functions.inc');
export const ARCH = process.arch;
export const ELF_MACHINE: Record<string, number> = { x64: 62, arm64: 183 };

export function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

export interface ZipIn {
  name: string;
  data?: Buffer;
  deflate?: boolean;
  /** Raw overrides, to write archives the reader must refuse. */
  method?: number;
  flags?: number;
  crc?: number;
  size?: number;
  /** Unix mode (file type + permissions) in the external attributes. */
  mode?: number;
  /** Sizes and CRC in a data descriptor after the data (zeros in the local header), as streaming zippers write. */
  descriptor?: boolean;
}

/**
 * A minimal zip writer: local headers, central directory, end record (with a comment). `zip64`
 * writes every size and offset in zip64 extra fields and ends with the zip64 end records.
 */
export function makeZip(entries: ZipIn[], { comment = 'written by test/sdk-fixtures.ts', zip64 = false } = {}): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const data = e.data ?? Buffer.alloc(0);
    const method = e.method ?? (e.deflate ? 8 : 0);
    const body = method === 8 ? zlib.deflateRawSync(data) : data;
    const crc = e.crc ?? crc32(data);
    const size = e.size ?? data.length;
    const flags = (e.flags ?? 0) | 0x800 | (e.descriptor ? 0x8 : 0); // UTF-8 names
    const extra = zip64 ? Buffer.alloc(4 + 24) : Buffer.alloc(0);
    if (zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(24, 2);
      extra.writeBigUInt64LE(BigInt(size), 4);
      extra.writeBigUInt64LE(BigInt(body.length), 12);
      extra.writeBigUInt64LE(BigInt(offset), 20);
    }
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(zip64 ? 45 : 20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    if (!e.descriptor) {
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(zip64 ? 0xffffffff : body.length, 18);
      local.writeUInt32LE(zip64 ? 0xffffffff : size, 22);
    }
    local.writeUInt16LE(name.length, 26);
    const localExtra = zip64 && !e.descriptor ? Buffer.from(extra.subarray(0, 20)) : Buffer.alloc(0);
    if (localExtra.length) localExtra.writeUInt16LE(16, 2);
    local.writeUInt16LE(localExtra.length, 28);
    const descriptor = Buffer.alloc(e.descriptor ? 16 : 0);
    if (e.descriptor) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(body.length, 8);
      descriptor.writeUInt32LE(size, 12);
    }
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(0x031e, 4); // made by unix, 3.0
    cd.writeUInt16LE(zip64 ? 45 : 20, 6);
    cd.writeUInt16LE(flags, 8);
    cd.writeUInt16LE(method, 10);
    cd.writeUInt16LE(0x21, 14);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(zip64 ? 0xffffffff : body.length, 20);
    cd.writeUInt32LE(zip64 ? 0xffffffff : size, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt16LE(extra.length, 30);
    cd.writeUInt32LE((e.mode ?? (e.name.endsWith('/') ? 0o40755 : 0o100755)) * 0x10000, 38);
    cd.writeUInt32LE(zip64 ? 0xffffffff : offset, 42);
    parts.push(local, name, localExtra, body, descriptor);
    central.push(cd, name, extra);
    offset += local.length + name.length + localExtra.length + body.length + descriptor.length;
  }
  const cdBuf = Buffer.concat(central);
  const c = Buffer.from(comment, 'utf8');
  const tail: Buffer[] = [];
  if (zip64) {
    const end64 = Buffer.alloc(56);
    end64.writeUInt32LE(0x06064b50, 0);
    end64.writeBigUInt64LE(44n, 4);
    end64.writeUInt16LE(45, 12);
    end64.writeUInt16LE(45, 14);
    end64.writeBigUInt64LE(BigInt(entries.length), 24);
    end64.writeBigUInt64LE(BigInt(entries.length), 32);
    end64.writeBigUInt64LE(BigInt(cdBuf.length), 40);
    end64.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + cdBuf.length), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(end64, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : entries.length, 8);
  end.writeUInt16LE(zip64 ? 0xffff : entries.length, 10);
  end.writeUInt32LE(zip64 ? 0xffffffff : cdBuf.length, 12);
  end.writeUInt32LE(zip64 ? 0xffffffff : offset, 16);
  end.writeUInt16LE(c.length, 20);
  return Buffer.concat([...parts, cdBuf, ...tail, end, c]);
}

/** Zips a folder: folder entries, files alternately deflated and stored. */
export function zipFolder(dir: string): Buffer {
  const entries: ZipIn[] = [];
  let n = 0;
  const walk = (abs: string, rel: string) => {
    for (const name of fs.readdirSync(abs).sort()) {
      const a = path.join(abs, name);
      const r = rel ? `${rel}/${name}` : name;
      if (fs.statSync(a).isDirectory()) {
        entries.push({ name: `${r}/` });
        walk(a, r);
      } else {
        entries.push({ name: r, data: fs.readFileSync(a), deflate: n++ % 2 === 0 });
      }
    }
  };
  walk(dir, '');
  return makeZip(entries);
}

/** A 64-bit little-endian ELF shared-object header (no sections, so no exports) followed by `body`. */
export function fakeElf(body: string, machine = ELF_MACHINE[ARCH] ?? 62): Buffer {
  const h = Buffer.alloc(64);
  h.writeUInt32BE(0x7f454c46, 0);
  h[4] = 2;
  h[5] = 1;
  h[6] = 1;
  h.writeUInt16LE(3, 16); // ET_DYN
  h.writeUInt16LE(machine, 18);
  return Buffer.concat([h, Buffer.from(body, 'latin1')]);
}

export function put(file: string, data: Buffer | string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  return file;
}

// ------------------------------------------------------------------------------------------
// The vendor's brand. Ours is `Platform`; the vendor's header and library say `brand` wherever
// ours says Platform as a word of its own (sdk-abi.md 1.8): Platform_X, SendPlatformFriendRequest,
// PlatformBot, PLATFORM_API; never SupportedPlatforms or ActivityGamePlatforms.

const BRAND_WORD = /(?<![A-Z0-9])Platform(?![a-z0-9])/g;

/** Our header text (or any text) in the vendor's brand. */
export function rebrand(text: string, brand: string): string {
  return text.replace(BRAND_WORD, brand).replace(/PLATFORM(?=_)/g, brand.toUpperCase());
}

/** The simulator's library with its export names in the vendor's brand (same length: offsets stay). */
export function rebrandedSimulator(brand: string): Buffer {
  if (brand.length !== 'Platform'.length) throw new Error('the brand must have 8 letters to rename in place');
  return Buffer.from(fs.readFileSync(SIMULATOR).toString('latin1').replace(BRAND_WORD, brand), 'latin1');
}

/** Every function our header declares, in the vendor's brand. */
export function brandedFunctions(brand: string): string[] {
  const names = [...fs.readFileSync(OUR_HEADER, 'utf8').matchAll(/\b(Platform_\w+)\s*\(/g)].map((m) => m[1] ?? '');
  return [...new Set(names)].map((n) => rebrand(n, brand)); // typedef names are followed by ')', not '('
}

/** The functions the addon calls (sdk_functions.inc): { required, all }. */
export function addonTable(): { required: number; all: number } {
  const text = fs.readFileSync(SDK_FUNCTIONS, 'utf8');
  return { required: text.match(/^SDK_REQUIRED\(/gm)?.length ?? 0, all: text.match(/^SDK_(REQUIRED|OPTIONAL)\(/gm)?.length ?? 0 };
}

/** A PE32+ DLL (x64) whose export directory names `names`. */
export function peLibrary(names: string[]): Buffer {
  const sorted = [...names].sort();
  const sectionRva = 0x1000;
  const fileAlign = 0x200;
  // .edata: directory (40), address table (4n), name pointers (4n), ordinals (2n), dll name, names.
  const n = sorted.length;
  const dirOff = 0;
  const funcs = 40;
  const namePtrs = funcs + 4 * n;
  const ordinals = namePtrs + 4 * n;
  const dllName = ordinals + 2 * n;
  const stringsStart = dllName + 'vendor_partner_sdk.dll\0'.length;
  const strings = Buffer.from(sorted.map((s) => `${s}\0`).join(''), 'latin1');
  const edata = Buffer.alloc(stringsStart + strings.length);
  edata.writeUInt32LE(sectionRva + dllName, dirOff + 12);
  edata.writeUInt32LE(1, dirOff + 16);
  edata.writeUInt32LE(n, dirOff + 20);
  edata.writeUInt32LE(n, dirOff + 24);
  edata.writeUInt32LE(sectionRva + funcs, dirOff + 28);
  edata.writeUInt32LE(sectionRva + namePtrs, dirOff + 32);
  edata.writeUInt32LE(sectionRva + ordinals, dirOff + 36);
  edata.write('vendor_partner_sdk.dll\0', dllName, 'latin1');
  strings.copy(edata, stringsStart);
  let p = stringsStart;
  sorted.forEach((s, i) => {
    edata.writeUInt32LE(sectionRva + 0x100000 + i * 16, funcs + 4 * i); // function addresses: any
    edata.writeUInt32LE(sectionRva + p, namePtrs + 4 * i);
    edata.writeUInt16LE(i, ordinals + 2 * i);
    p += s.length + 1;
  });
  const headers = Buffer.alloc(fileAlign);
  headers.writeUInt16LE(0x5a4d, 0);
  headers.writeUInt32LE(0x80, 0x3c);
  headers.writeUInt32LE(0x00004550, 0x80);
  const coff = 0x84;
  headers.writeUInt16LE(0x8664, coff);
  headers.writeUInt16LE(1, coff + 2); // one section
  headers.writeUInt16LE(240, coff + 16); // optional header size (PE32+)
  headers.writeUInt16LE(0x2022, coff + 18); // executable, large address aware, DLL
  const opt = coff + 20;
  headers.writeUInt16LE(0x20b, opt);
  headers.writeUInt32LE(16, opt + 108); // NumberOfRvaAndSizes
  headers.writeUInt32LE(sectionRva, opt + 112); // export directory
  headers.writeUInt32LE(edata.length, opt + 116);
  const sec = opt + 240;
  headers.write('.edata', sec, 'latin1');
  headers.writeUInt32LE(edata.length, sec + 8);
  headers.writeUInt32LE(sectionRva, sec + 12);
  const raw = Math.ceil(edata.length / fileAlign) * fileAlign;
  headers.writeUInt32LE(raw, sec + 16);
  headers.writeUInt32LE(fileAlign, sec + 20);
  return Buffer.concat([headers, edata, Buffer.alloc(raw - edata.length)]);
}

/** A 64-bit Mach-O dylib for this machine's arch whose symbol table exports `names` (as _name). */
export function machOLibrary(names: string[]): Buffer {
  const strings = Buffer.from(`\0${names.map((s) => `_${s}\0`).join('')}`, 'latin1');
  const symoff = 32 + 24;
  const syms = Buffer.alloc(16 * names.length);
  let p = 1;
  names.forEach((s, i) => {
    syms.writeUInt32LE(p, 16 * i);
    syms[16 * i + 4] = 0x0f; // N_SECT | N_EXT
    syms[16 * i + 5] = 1;
    p += s.length + 2;
  });
  const h = Buffer.alloc(32 + 24);
  h.writeUInt32LE(0xfeedfacf, 0);
  h.writeUInt32LE(ARCH === 'arm64' ? 0x0100000c : 0x01000007, 4);
  h.writeUInt32LE(6, 12); // MH_DYLIB
  h.writeUInt32LE(1, 16); // one load command
  h.writeUInt32LE(24, 20);
  h.writeUInt32LE(0x2, 32); // LC_SYMTAB
  h.writeUInt32LE(24, 36);
  h.writeUInt32LE(symoff, 40);
  h.writeUInt32LE(names.length, 44);
  h.writeUInt32LE(symoff + syms.length, 48);
  h.writeUInt32LE(strings.length, 52);
  return Buffer.concat([h, syms, strings]);
}

// The names a shared library exports, read from the file without loading it (no dlopen: a file
// that is not the SDK must never run code here): ELF .dynsym, the PE export directory, and Mach-O's
// export trie (LC_DYLD_INFO / LC_DYLD_EXPORTS_TRIE) or, failing that, its symbol table. Every
// offset and count read from the file is checked against the file's size and against caps before
// it is used, so a hostile or truncated file gives an error (BinaryFormatError), never a crash, a
// huge allocation or a loop. Reads are positional (fs.readSync), so memory stays small whatever
// the library's size.
import * as fs from 'node:fs';

export class BinaryFormatError extends Error {
  constructor(message) {
    super(message);
    this.name = 'BinaryFormatError';
  }
}
const bad = (message) => {
  throw new BinaryFormatError(message);
};

const MAX_SYMBOLS = 2_000_000;
const MAX_NAME = 4096;
const MAX_TABLE_BYTES = 256 * 1024 * 1024;
const MAX_LOAD_COMMANDS = 10_000;
const MAX_TRIE_NODES = 2_000_000;

const ELF_MACHINES = { 3: 'ia32', 40: 'arm', 62: 'x64', 183: 'arm64' };
const MACHO_CPUS = { 7: 'ia32', 0x01000007: 'x64', 12: 'arm', 0x0100000c: 'arm64' };
const PE_MACHINES = { 0x14c: 'ia32', 0x8664: 'x64', 0x1c0: 'arm', 0x1c4: 'arm', 0xaa64: 'arm64' };

/** Positional reads of one open file, each checked against its size. */
class FileView {
  constructor(fd, size, base = 0, limit = size) {
    this.fd = fd;
    this.size = limit - base;
    this.base = base;
  }
  read(pos, length) {
    if (!Number.isSafeInteger(pos) || !Number.isSafeInteger(length) || pos < 0 || length < 0 || pos + length > this.size) {
      bad(`a table lies outside the file (offset ${pos}, ${length} bytes, file ${this.size} bytes)`);
    }
    if (length > MAX_TABLE_BYTES) bad(`a table of ${length} bytes is larger than any SDK library has`);
    const buf = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const n = fs.readSync(this.fd, buf, done, length - done, this.base + pos + done);
      if (n === 0) bad('the file ends early');
      done += n;
    }
    return buf;
  }
  /** A NUL-terminated name at pos (at most MAX_NAME bytes). */
  cstring(pos) {
    const len = Math.min(MAX_NAME, this.size - pos);
    if (len <= 0) bad('a name lies outside the file');
    const buf = this.read(pos, len);
    const end = buf.indexOf(0);
    if (end < 0) bad('a name is not terminated');
    return buf.toString('latin1', 0, end);
  }
  slice(base, limit) {
    if (base < 0 || limit > this.size || base > limit) bad('a slice lies outside the file');
    return new FileView(this.fd, this.size, this.base + base, this.base + limit);
  }
}

/**
 * Reads `file`: { format: 'ELF' | 'PE' | 'Mach-O' | null, arches: [...], exports: string[] }.
 * Mach-O names lose their leading underscore. `format` null: none of the three (exports empty).
 * `arch` picks the slice of a universal Mach-O. Throws BinaryFormatError for a malformed file of
 * a known format.
 */
export function readLibrary(file, { arch } = {}) {
  const fd = fs.openSync(file, 'r');
  try {
    const view = new FileView(fd, fs.fstatSync(fd).size);
    if (view.size < 64) return { format: null, arches: [], exports: [] };
    const head = view.read(0, 64);
    if (head.readUInt32BE(0) === 0x7f454c46) return readElf(view, head);
    if (head.readUInt16LE(0) === 0x5a4d) return readPe(view, head);
    const le = head.readUInt32LE(0);
    if (le === 0xfeedface || le === 0xfeedfacf) return readMachO(view);
    const be = head.readUInt32BE(0);
    if (be === 0xcafebabe || be === 0xcafebabf) return readFat(view, head, be === 0xcafebabf, arch);
    return { format: null, arches: [], exports: [] };
  } finally {
    fs.closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------
// ELF: the section headers, the SHT_DYNSYM section and the string table it links to.

function readElf(view, head) {
  const is64 = head[4] === 2;
  const le = head[5] !== 2;
  if (head[4] !== 1 && head[4] !== 2) bad('unknown ELF class');
  const u16 = (b, o) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (b, o) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  const addr = (b, o) => (is64 ? Number(le ? b.readBigUInt64LE(o) : b.readBigUInt64BE(o)) : u32(b, o));
  const machine = u16(head, 18);
  const arches = ELF_MACHINES[machine] ? [ELF_MACHINES[machine]] : [];
  const shoff = addr(head, is64 ? 0x28 : 0x20);
  const shentsize = u16(head, is64 ? 0x3a : 0x2e);
  const shnum = u16(head, is64 ? 0x3c : 0x30);
  if (shoff === 0 || shnum === 0) return { format: 'ELF', arches, exports: [] };
  if (shentsize < (is64 ? 64 : 40)) bad('ELF section headers are too small');
  const table = view.read(shoff, shentsize * shnum);
  const section = (i) => {
    const o = i * shentsize;
    return is64
      ? { type: u32(table, o + 4), offset: addr(table, o + 0x18), size: addr(table, o + 0x20), link: u32(table, o + 0x28), entsize: addr(table, o + 0x38) }
      : { type: u32(table, o + 4), offset: u32(table, o + 0x10), size: u32(table, o + 0x14), link: u32(table, o + 0x18), entsize: u32(table, o + 0x24) };
  };
  const exports = [];
  for (let i = 0; i < shnum; i++) {
    const s = section(i);
    if (s.type !== 11) continue; // SHT_DYNSYM
    if (s.link >= shnum) bad('the ELF symbol table links to no string table');
    const strtab = section(s.link);
    const symSize = is64 ? 24 : 16;
    if (s.entsize !== 0 && s.entsize < symSize) bad('ELF symbols are too small');
    const stride = s.entsize || symSize;
    const count = Math.floor(s.size / stride);
    if (count > MAX_SYMBOLS) bad(`the ELF symbol table has ${count} entries`);
    const syms = view.read(s.offset, count * stride);
    const strings = view.read(strtab.offset, strtab.size);
    for (let k = 1; k < count; k++) {
      const o = k * stride;
      const nameOff = u32(syms, o);
      const info = syms[o + (is64 ? 4 : 12)];
      const other = syms[o + (is64 ? 5 : 13)];
      const shndx = u16(syms, o + (is64 ? 6 : 14));
      const bind = info >> 4;
      const visibility = other & 3;
      if (shndx === 0 || (bind !== 1 && bind !== 2) || (visibility !== 0 && visibility !== 3)) continue; // undefined, local or hidden
      if (nameOff >= strings.length) bad('an ELF symbol name lies outside its string table');
      const end = strings.indexOf(0, nameOff);
      const name = strings.toString('latin1', nameOff, end < 0 ? strings.length : Math.min(end, nameOff + MAX_NAME));
      if (name) exports.push(name.replace(/@.*$/, ''));
    }
  }
  return { format: 'ELF', arches, exports };
}

// ---------------------------------------------------------------------------------------------
// PE: the optional header's export data directory, mapped through the section table.

function readPe(view, head) {
  const pe = head.readUInt32LE(0x3c);
  const coff = view.read(pe, 24);
  if (coff.readUInt32LE(0) !== 0x00004550) return { format: null, arches: [], exports: [] }; // MZ but not PE (a DOS program)
  const machine = coff.readUInt16LE(4);
  const arches = PE_MACHINES[machine] ? [PE_MACHINES[machine]] : [];
  const nsections = coff.readUInt16LE(6);
  const optSize = coff.readUInt16LE(20);
  if (optSize < 96) return { format: 'PE', arches, exports: [] };
  const opt = view.read(pe + 24, optSize);
  const plus = opt.readUInt16LE(0) === 0x20b;
  const dirs = plus ? 112 : 96;
  const ndirs = opt.readUInt32LE(plus ? 108 : 92);
  if (ndirs < 1 || dirs + 8 > optSize) return { format: 'PE', arches, exports: [] };
  const exportRva = opt.readUInt32LE(dirs);
  const exportSize = opt.readUInt32LE(dirs + 4);
  if (exportRva === 0 || exportSize === 0) return { format: 'PE', arches, exports: [] };
  const sections = view.read(pe + 24 + optSize, 40 * nsections);
  const toOffset = (rva) => {
    for (let i = 0; i < nsections; i++) {
      const o = i * 40;
      const va = sections.readUInt32LE(o + 12);
      const size = Math.max(sections.readUInt32LE(o + 8), sections.readUInt32LE(o + 16));
      if (rva >= va && rva < va + size) return rva - va + sections.readUInt32LE(o + 20);
    }
    return bad(`a PE address (RVA 0x${rva.toString(16)}) lies in no section`);
  };
  const dir = view.read(toOffset(exportRva), 40);
  const count = dir.readUInt32LE(24);
  if (count > MAX_SYMBOLS) bad(`the PE export directory names ${count} functions`);
  if (count === 0) return { format: 'PE', arches, exports: [] };
  const names = view.read(toOffset(dir.readUInt32LE(32)), 4 * count);
  const exports = [];
  for (let i = 0; i < count; i++) exports.push(view.cstring(toOffset(names.readUInt32LE(4 * i))));
  return { format: 'PE', arches, exports };
}

// ---------------------------------------------------------------------------------------------
// Mach-O: universal (fat) files pick a slice; a thin file's load commands give the export trie
// or the symbol table.

function readFat(view, head, is64, arch) {
  const n = head.readUInt32BE(4);
  // 0xcafebabe is also a Java class file; a universal binary has a small slice count.
  if (n === 0 || n > 32) return { format: null, arches: [], exports: [] };
  const stride = is64 ? 32 : 20;
  const table = view.read(8, n * stride);
  const slices = [];
  for (let i = 0; i < n; i++) {
    const o = i * stride;
    const offset = is64 ? Number(table.readBigUInt64BE(o + 8)) : table.readUInt32BE(o + 8);
    const size = is64 ? Number(table.readBigUInt64BE(o + 16)) : table.readUInt32BE(o + 12);
    slices.push({ arch: MACHO_CPUS[table.readUInt32BE(o)], offset, size });
  }
  const arches = slices.map((s) => s.arch).filter(Boolean);
  const chosen = slices.find((s) => s.arch === arch) ?? slices[0];
  const inner = readMachO(view.slice(chosen.offset, chosen.offset + chosen.size));
  return { format: 'Mach-O', arches, exports: inner.exports };
}

function readMachO(view) {
  const h = view.read(0, 32);
  const is64 = h.readUInt32LE(0) === 0xfeedfacf;
  const cpu = MACHO_CPUS[h.readUInt32LE(4)];
  const ncmds = h.readUInt32LE(16);
  const sizeofcmds = h.readUInt32LE(20);
  if (ncmds > MAX_LOAD_COMMANDS) bad(`the Mach-O header lists ${ncmds} load commands`);
  const cmds = view.read(is64 ? 32 : 28, sizeofcmds);
  let trie = null;
  let symtab = null;
  for (let i = 0, o = 0; i < ncmds; i++) {
    if (o + 8 > cmds.length) bad('a Mach-O load command runs past the header');
    const cmd = cmds.readUInt32LE(o);
    const size = cmds.readUInt32LE(o + 4);
    if (size < 8 || o + size > cmds.length) bad('a Mach-O load command has a bad size');
    if ((cmd === 0x22 || cmd === 0x80000022) && size >= 48) trie = { off: cmds.readUInt32LE(o + 40), size: cmds.readUInt32LE(o + 44) };
    else if (cmd === 0x80000033 && size >= 16) trie = { off: cmds.readUInt32LE(o + 8), size: cmds.readUInt32LE(o + 12) };
    else if (cmd === 0x2 && size >= 24) symtab = { symoff: cmds.readUInt32LE(o + 8), nsyms: cmds.readUInt32LE(o + 12), stroff: cmds.readUInt32LE(o + 16), strsize: cmds.readUInt32LE(o + 20) };
    o += size;
  }
  const strip = (n) => (n.startsWith('_') ? n.slice(1) : n);
  if (trie && trie.size > 0) return { format: 'Mach-O', arches: cpu ? [cpu] : [], exports: walkTrie(view.read(trie.off, trie.size)).map(strip) };
  const exports = [];
  if (symtab) {
    if (symtab.nsyms > MAX_SYMBOLS) bad(`the Mach-O symbol table has ${symtab.nsyms} entries`);
    const stride = is64 ? 16 : 12;
    const syms = view.read(symtab.symoff, symtab.nsyms * stride);
    const strings = view.read(symtab.stroff, symtab.strsize);
    for (let k = 0; k < symtab.nsyms; k++) {
      const o = k * stride;
      const type = syms[o + 4];
      // N_EXT, defined in a section (N_SECT), not a debugging entry (N_STAB).
      if ((type & 0xe0) !== 0 || (type & 0x01) === 0 || (type & 0x0e) !== 0x0e) continue;
      const nameOff = syms.readUInt32LE(o);
      if (nameOff >= strings.length) bad('a Mach-O symbol name lies outside its string table');
      const end = strings.indexOf(0, nameOff);
      exports.push(strip(strings.toString('latin1', nameOff, end < 0 ? strings.length : Math.min(end, nameOff + MAX_NAME))));
    }
  }
  return { format: 'Mach-O', arches: cpu ? [cpu] : [], exports };
}

function uleb(buf, pos) {
  let value = 0;
  let shift = 0;
  for (;;) {
    if (pos >= buf.length) bad('the Mach-O export trie ends inside a number');
    const byte = buf[pos++];
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return { value, pos };
    shift += 7;
    if (shift > 49) bad('a number in the Mach-O export trie is too long');
  }
}

/** The terminal names of an export trie; each node visited once (a cycle cannot loop). */
export function walkTrie(buf) {
  const names = [];
  const seen = new Set();
  const stack = [{ offset: 0, prefix: '' }];
  while (stack.length) {
    const { offset, prefix } = stack.pop();
    if (seen.has(offset)) continue;
    seen.add(offset);
    if (seen.size > MAX_TRIE_NODES) bad('the Mach-O export trie is too large');
    const term = uleb(buf, offset);
    if (term.value > 0) names.push(prefix);
    let p = term.pos + term.value;
    if (p >= buf.length) {
      if (term.value > 0 && p === buf.length) continue;
      bad('the Mach-O export trie ends inside a node');
    }
    const children = buf[p++];
    for (let c = 0; c < children; c++) {
      const end = buf.indexOf(0, p);
      if (end < 0 || end - p > MAX_NAME) bad('an edge of the Mach-O export trie is not terminated');
      const edge = buf.toString('latin1', p, end);
      const child = uleb(buf, end + 1);
      p = child.pos;
      if (prefix.length + edge.length > MAX_NAME) bad('a name in the Mach-O export trie is too long');
      if (child.value >= buf.length) bad('an edge of the Mach-O export trie points outside it');
      stack.push({ offset: child.value, prefix: prefix + edge });
    }
  }
  return names;
}

// check-sdk and install-sdk's check (scripts/sdk-check/): the SDK a user brings, compared with
// what the addon was built for before anything is installed. The SDKs are written here from ours
// (test/sdk-fixtures.ts): the vendor's brand `AcmeCorp` for `Platform`, the simulator's library
// with its export names renamed to match, and a header written from cplatform.h, as it is or with
// one prototype changed, one removed and three added; Linux, Windows and macOS layouts.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, runNode } from './helpers';
import { ARCH, addonTable, brandedFunctions, fakeElf, machOLibrary, makeZip, OUR_HEADER, peLibrary, put, rebrand, rebrandedSimulator, type ZipIn } from './sdk-fixtures';

const CLI = path.join(ROOT, 'scripts', 'cli.mjs');
const BRAND = 'AcmeCorp';
const HEADER_ENTRY = 'AcmeCorpSDK/include/cacmecorp.h';
const LINUX_LIB = 'AcmeCorpSDK/lib/release/libacmecorp_partner_sdk.so';
const table = addonTable();

let tmp: string;
let n = 0;
const fresh = (name: string) => path.join(tmp, `${++n}-${name}`);
const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

beforeAll(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-check-')));
});
afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

function cli(args: string[], cwd = ROOT) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The vendor's header: ours in the vendor's brand, optionally edited the way a newer release might. */
function vendorHeader({ edited = false } = {}): Buffer {
  let text = rebrand(fs.readFileSync(OUR_HEADER, 'utf8'), BRAND);
  if (edited) {
    const mute = 'void ACMECORP_API AcmeCorp_Client_SetSelfMuteAll(AcmeCorp_Client *self, bool mute);';
    expect(text).toContain(mute);
    text = text.replace(mute, 'void ACMECORP_API AcmeCorp_Client_SetSelfMuteAll(AcmeCorp_Client *self, int32_t muteLevel);');
    const deaf = /^.*AcmeCorp_Client_SetSelfDeafAll\(.*\n/m;
    expect(text).toMatch(deaf);
    text = text.replace(deaf, '');
    const end = /(\n#ifdef __cplusplus\n\})/;
    expect(text).toMatch(end);
    text = text.replace(end, '\nvoid ACMECORP_API AcmeCorp_Client_SetVoiceGate(AcmeCorp_Client *self, float level);\n' +
      'bool ACMECORP_API AcmeCorp_Client_GetVoiceGate(AcmeCorp_Client *self, float *out);\n' +
      'void ACMECORP_API AcmeCorp_Call_SetSpatialAudio(AcmeCorp_Call *self, bool on);\n$1');
  }
  return Buffer.from(text);
}

function linuxZip({ edited = false, descriptor = false, zip64 = false } = {}): string {
  return put(fresh('acme-linux.zip'), makeZip([
    { name: LINUX_LIB, data: rebrandedSimulator(BRAND), deflate: true, descriptor },
    { name: 'AcmeCorpSDK/lib/release/libacmecorp_krisp.so', data: fakeElf('krisp'), descriptor },
    { name: 'AcmeCorpSDK/lib/debug/libacmecorp_partner_sdk.so', data: fakeElf('debug build') },
    { name: HEADER_ENTRY, data: vendorHeader({ edited }), deflate: true, descriptor },
    { name: 'AcmeCorpSDK/include/acmecorppp.h', data: Buffer.from('#include "cacmecorp.h"\nnamespace acmecorppp { inline void Init(AcmeCorp_Client *c) { AcmeCorp_Client_Init(c); } }\n') },
  ], { zip64 }));
}

const header = (entry: string) => `header:   ${entry} (symbol prefix ${BRAND})`;
const checked = `checked:  the ${table.all} functions the addon calls, with the callback typedefs, structs and enums they use, against vendor/platform-sdk/include/cplatform.h`;
const exportsLine = (entry: string, format: string) => `library:  ${entry} (${format}; exports ${table.required} of the ${table.required} functions the addon requires)`;
const MATCHES = 'Result: matches what the addon was built for (every prototype, callback typedef, struct layout and enum value it uses).';
const NEWER = `Newer SDK (information, not an error): 3 functions this package does not know: ${BRAND}_Call_SetSpatialAudio, ${BRAND}_Client_GetVoiceGate, ${BRAND}_Client_SetVoiceGate`;
const DIFFERENCES = [
  '2 differences from what the addon was built for:',
  `  function ${BRAND}_Client_SetSelfDeafAll: missing from the SDK header (the addon requires it)`,
  '    addon: void Platform_Client_SetSelfDeafAll(Platform_Client *, bool)',
  `  function ${BRAND}_Client_SetSelfMuteAll: differs`,
  `    SDK:   void ${BRAND}_Client_SetSelfMuteAll(${BRAND}_Client *, int32_t)`,
  '    addon: void Platform_Client_SetSelfMuteAll(Platform_Client *, bool)',
];
const REFUSED = 'Result: does not match (2 differences). install-sdk refuses this SDK; --force installs it anyway and records the differences in sdk.json.';
const elf = `ELF, ${ARCH}`;

test('a newer SDK under another prefix, one prototype changed, one removed, three added: check-sdk reports each, exit 1', () => {
  const zip = linuxZip({ edited: true });
  const r = cli(['check-sdk', zip]);
  expect(r.stderr).toBe('');
  expect(r.stdout).toBe([
    `SDK:      ${zip}`, `sha256:   ${sha256(zip)}`, header(HEADER_ENTRY), exportsLine(LINUX_LIB, elf), checked, '',
    ...DIFFERENCES, '', NEWER, '', REFUSED, '',
  ].join('\n'));
  expect(r.code).toBe(1);
});

test('install-sdk refuses that SDK with the same report and installs nothing; --force installs it and records the differences', () => {
  const zip = linuxZip({ edited: true });
  const dest = fresh('app');
  const refused = cli(['install-sdk', zip, '--dest', dest]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toBe(`platform-social-sdk: SDK:      ${zip}\nsha256:   ${sha256(zip)}\n${header(HEADER_ENTRY)}\n${exportsLine(LINUX_LIB, elf)}\n${checked}\n\n` +
    `${DIFFERENCES.join('\n')}\n\n${NEWER}\n\n${REFUSED}\nNothing was installed.\n`);
  expect(refused.stdout).toBe(`platform-social-sdk: ${zip} has SHA-256 ${sha256(zip)}\n`);
  expect(fs.existsSync(dest)).toBe(false);

  const forced = cli(['install-sdk', zip, '--dest', dest, '--force']);
  expect(forced.stderr).toBe('');
  expect(forced.code).toBe(0);
  expect(forced.stdout).toContain('Installing anyway (--force); the differences are recorded in sdk.json.');
  const dir = path.join(dest, 'platform-sdk', `linux-${ARCH}`);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'sdk.json'), 'utf8')) as Record<string, unknown>;
  expect(manifest).toMatchObject({ library: 'libacmecorp_partner_sdk.so', symbolPrefix: BRAND, sha256: sha256(zip), header: HEADER_ENTRY, runtime: ['libacmecorp_krisp.so'] });
  expect(manifest['abiDifferences']).toEqual([
    { kind: 'function', name: `${BRAND}_Client_SetSelfDeafAll`, what: 'missing', sdk: null, addon: 'void Platform_Client_SetSelfDeafAll(Platform_Client *, bool)' },
    { kind: 'function', name: `${BRAND}_Client_SetSelfMuteAll`, what: 'differs', sdk: `void ${BRAND}_Client_SetSelfMuteAll(${BRAND}_Client *, int32_t)`, addon: 'void Platform_Client_SetSelfMuteAll(Platform_Client *, bool)' },
  ]);
  expect(fs.readFileSync(path.join(dir, 'libacmecorp_partner_sdk.so')).equals(rebrandedSimulator(BRAND))).toBe(true);
});

test('the same release unchanged but for its prefix (data descriptors, zip64): matches, exit 0; install-sdk records prefix and sha256', () => {
  for (const shape of [{ descriptor: true }, { zip64: true }]) {
    const zip = linuxZip(shape);
    const r = cli(['check-sdk', zip]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe([`SDK:      ${zip}`, `sha256:   ${sha256(zip)}`, header(HEADER_ENTRY), exportsLine(LINUX_LIB, elf), checked, '', MATCHES, ''].join('\n'));
    expect(r.code).toBe(0);
    const dest = fresh('app');
    const installed = cli(['install-sdk', zip, '--dest', dest, '--sha256', sha256(zip).toUpperCase()]);
    expect(installed.stderr).toBe('');
    expect(installed.code).toBe(0);
    expect(installed.stdout).toContain(`has SHA-256 ${sha256(zip)}`);
    const manifest = JSON.parse(fs.readFileSync(path.join(dest, 'platform-sdk', `linux-${ARCH}`, 'sdk.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ symbolPrefix: BRAND, sha256: sha256(zip), entry: LINUX_LIB });
    expect(manifest).not.toHaveProperty('abiDifferences');
  }
});

test('a wrong --sha256 is refused before anything is read or installed, naming both sums', () => {
  const zip = linuxZip();
  const dest = fresh('app');
  const wrong = 'ab'.repeat(32);
  for (const command of ['install-sdk', 'check-sdk']) {
    const r = cli([command, zip, '--dest', dest, '--sha256', wrong].filter((a, i, all) => command === 'install-sdk' || (a !== '--dest' && all[i - 1] !== '--dest')));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`platform-social-sdk: ${zip} has SHA-256 ${sha256(zip)}, not the ${wrong} given with --sha256: ` +
      'the download is incomplete or not the one you meant. Download it again from the vendor.\n');
  }
  expect(fs.existsSync(dest)).toBe(false);
  expect(cli(['check-sdk', zip, '--sha256', 'not-hex']).stderr).toContain('--sha256 takes the 64 hex digits');
});

test('a shared library that is not the SDK is refused before it is copied (by its export table, not its name)', () => {
  // A real shared library of another kind: our own addon, named as the vendor's library.
  const folder = fresh('not-sdk');
  put(path.join(folder, 'lib', 'libacmecorp_partner_sdk.so'), fs.readFileSync(path.join(ROOT, 'build', 'Release', 'platform_social_sdk.node')));
  put(path.join(folder, 'include', 'cacmecorp.h'), vendorHeader());
  const dest = fresh('app');
  for (const command of ['check-sdk', 'install-sdk']) {
    const r = cli(command === 'check-sdk' ? [command, folder] : [command, folder, '--dest', dest, '--force']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^platform-social-sdk: lib/libacmecorp_partner_sdk\\.so \\(from ${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\) is not the SDK library: ` +
      `it exports 0 of the ${table.required} ${BRAND}_… functions the addon requires \\(\\d+ exports in all, read from its ELF export table\\)\\. Point at the vendor's SDK zip or folder\\.\\n$`));
  }
  expect(fs.existsSync(dest)).toBe(false);
});

test('windows layout: the DLL (PE export table) with its krisp DLL, checked for win32-x64', () => {
  const dll = 'AcmeCorpSDK/bin/release/acmecorp_partner_sdk.dll';
  const zip = put(fresh('acme-win.zip'), makeZip([
    { name: dll, data: peLibrary(brandedFunctions(BRAND)), deflate: true },
    { name: 'AcmeCorpSDK/bin/release/acmecorp_krisp.dll', data: peLibrary(['krisp_init']) },
    { name: 'AcmeCorpSDK/bin/debug/acmecorp_partner_sdk.dll', data: peLibrary(['debug']) },
    { name: HEADER_ENTRY, data: vendorHeader() },
  ]));
  const r = cli(['check-sdk', zip, '--platform', 'win32', '--arch', 'x64']);
  expect(r.stderr).toBe('');
  expect(r.stdout).toBe([`SDK:      ${zip}`, `sha256:   ${sha256(zip)}`, header(HEADER_ENTRY), exportsLine(dll, 'PE, x64'), checked, '', MATCHES, ''].join('\n'));
  expect(r.code).toBe(0);
  const dest = fresh('app');
  const installed = cli(['install-sdk', zip, '--dest', dest, '--platform', 'win32', '--arch', 'x64']);
  expect(installed.code).toBe(0);
  expect(fs.readdirSync(path.join(dest, 'platform-sdk', 'win32-x64')).sort()).toEqual(['acmecorp_krisp.dll', 'acmecorp_partner_sdk.dll', 'sdk.json']);
});

test('macOS layout: the framework (Mach-O symbol table), its header inside it, checked for darwin', () => {
  const fw = 'AcmeCorpSDK/lib/release/acmecorp_partner_sdk.framework';
  const zip = put(fresh('acme-mac.zip'), makeZip([
    { name: `${fw}/Versions/A/acmecorp_partner_sdk`, data: machOLibrary(brandedFunctions(BRAND)), deflate: true },
    { name: `${fw}/Versions/A/Headers/cacmecorp.h`, data: vendorHeader() },
    { name: `${fw}/Versions/A/Resources/model.kef`, data: Buffer.from('model') },
    { name: `${fw}/Versions/Current`, data: Buffer.from('A'), mode: 0o120777 },
    { name: `${fw}/acmecorp_partner_sdk`, data: Buffer.from('Versions/Current/acmecorp_partner_sdk'), mode: 0o120777 },
  ]));
  const r = cli(['check-sdk', zip, '--platform', 'darwin']);
  expect(r.stderr).toBe('');
  expect(r.stdout).toBe([`SDK:      ${zip}`, `sha256:   ${sha256(zip)}`, header(`${fw}/Versions/A/Headers/cacmecorp.h`),
    exportsLine(`${fw}/Versions/A/acmecorp_partner_sdk`, `Mach-O, ${ARCH}`), checked, '', MATCHES, ''].join('\n'));
  expect(r.code).toBe(0);
});

test('check-sdk of the header alone, and of a source without one', () => {
  const h = put(path.join(fresh('hdr'), 'cacmecorp.h'), vendorHeader({ edited: true }));
  const r = cli(['check-sdk', h]);
  expect(r.stdout).toBe([`SDK:      ${h}`, `sha256:   ${sha256(h)}`, header('cacmecorp.h'), checked, '', ...DIFFERENCES, '', NEWER, '', REFUSED, ''].join('\n'));
  expect(r.code).toBe(1);
  const noHeader = fresh('no-header');
  put(path.join(noHeader, 'lib', 'libacmecorp_partner_sdk.so'), rebrandedSimulator(BRAND));
  const r2 = cli(['check-sdk', noHeader]);
  expect(r2.code).toBe(1);
  expect(r2.stdout).toContain(`1 difference from what the addon was built for:\n  no C header found in ${noHeader} (a .h declaring <Prefix>_Client_Init): the prototypes cannot be checked.`);
  expect(r2.stdout).toContain(exportsLine('lib/libacmecorp_partner_sdk.so', elf));
  expect(cli(['check-sdk']).code).toBe(2);
  expect(cli(['check-sdk', 'a', 'b']).stderr).toContain('check-sdk takes one SDK zip, folder or header, got 2');
});

test('hostile archives: a zip bomb and an oversized entry are refused before extraction, nothing installed', () => {
  // 8 MB of zeros deflate to about 8 kB; the directory claims 900 MB (under the size cap, far past
  // what deflate can expand to).
  const bombZip = put(fresh('bomb.zip'), makeZip([
    { name: LINUX_LIB, data: Buffer.alloc(8 << 20), deflate: true, size: 900 << 20 },
    { name: HEADER_ENTRY, data: vendorHeader() },
  ]));
  const dest = fresh('app');
  const bomb = cli(['install-sdk', bombZip, '--dest', dest]);
  expect(bomb.code).toBe(1);
  expect(bomb.stderr).toMatch(/libacmecorp_partner_sdk\.so in .* claims to expand \d+ times, more than deflate can; refusing this archive \(a zip bomb\?\)\./);
  const lying: ZipIn[] = [{ name: LINUX_LIB, data: rebrandedSimulator(BRAND), size: 5 }, { name: HEADER_ENTRY, data: vendorHeader() }];
  const lie = cli(['install-sdk', put(fresh('lie.zip'), makeZip(lying)), '--dest', dest]);
  expect(lie.code).toBe(1);
  expect(lie.stderr).toContain('is corrupt');
  expect(fs.existsSync(dest)).toBe(false);
});

test('the export-table readers refuse malformed ELF, PE and Mach-O files with a message, never a crash', async () => {
  const good = { elf: rebrandedSimulator(BRAND), pe: peLibrary(['A_Client_Init']), macho: machOLibrary(['A_Client_Init']) };
  const cases: Record<string, Buffer> = {
    'elf-truncated': good.elf.subarray(0, 4096),
    'elf-shoff-beyond-end': (() => { const b = Buffer.from(good.elf); b.writeBigUInt64LE(BigInt(b.length + 100), 0x28); return b; })(),
    'pe-export-outside': (() => { const b = Buffer.from(good.pe); b.writeUInt32LE(0x7fff0000, 0x84 + 20 + 112); return b; })(),
    'pe-name-count-huge': (() => { const b = Buffer.from(good.pe); b.writeUInt32LE(0xffffffff, 0x200 + 24); return b; })(),
    'macho-many-commands': (() => { const b = Buffer.from(good.macho); b.writeUInt32LE(0xffffffff, 16); return b; })(),
    'macho-symtab-outside': (() => { const b = Buffer.from(good.macho); b.writeUInt32LE(0x7fffffff, 48); return b; })(),
  };
  // An export trie (LC_DYLD_INFO_ONLY), as linkers write it: root -"_A_"-> node -"Client_Init"/"Free"-> terminals.
  const trie = (cycle: boolean) => Buffer.from([
    0x00, 0x01, ...Buffer.from('_A_\0'), 7,
    0x00, 0x02, ...Buffer.from('Client_Init\0'), 28, ...Buffer.from('Free\0'), 32,
    0x02, 0x00, 0x00, 0x00,
    ...(cycle ? [0x02, 0x00, 0x00, 0x01, ...Buffer.from('X\0'), 0] : [0x02, 0x00, 0x00, 0x00]),
  ]);
  const withTrie = (t: Buffer) => {
    const h = Buffer.alloc(80);
    h.writeUInt32LE(0xfeedfacf, 0);
    h.writeUInt32LE(ARCH === 'arm64' ? 0x0100000c : 0x01000007, 4);
    h.writeUInt32LE(6, 12);
    h.writeUInt32LE(1, 16);
    h.writeUInt32LE(48, 20);
    h.writeUInt32LE(0x80000022, 32); // LC_DYLD_INFO_ONLY
    h.writeUInt32LE(48, 36);
    h.writeUInt32LE(80, 72); // export_off
    h.writeUInt32LE(t.length, 76); // export_size
    return Buffer.concat([h, t]);
  };
  cases['macho-trie-cycle'] = withTrie(trie(true));
  cases['macho-trie-truncated'] = withTrie(trie(false).subarray(0, 30));
  const dir = fresh('binaries');
  for (const [name, data] of Object.entries(cases)) put(path.join(dir, name), data);
  for (const [name, data] of Object.entries(good)) put(path.join(dir, `good-${name}`), data);
  put(path.join(dir, 'good-macho-trie'), withTrie(trie(false)));
  const url = pathToFileURL(path.join(ROOT, 'scripts', 'sdk-check', 'binary-exports.mjs')).href;
  const r = await runNode(`import(${JSON.stringify(url)}).then((m) => {
    const out = {};
    for (const f of require('node:fs').readdirSync(${JSON.stringify(dir)})) {
      try { const x = m.readLibrary(require('node:path').join(${JSON.stringify(dir)}, f)); out[f] = x.format + ' ' + x.exports.filter((e) => /^A_|_Client_Init$/.test(e)).sort().join(); }
      catch (e) { out[f] = e.name + ': ' + e.message; }
    }
    console.log(JSON.stringify(out));
  });`);
  expect(r.stderr).toBe('');
  expect(JSON.parse(r.stdout)).toEqual({
    'elf-truncated': 'BinaryFormatError: a table lies outside the file (offset ' + `${good.elf.readBigUInt64LE(0x28)}, ${good.elf.readUInt16LE(0x3a) * good.elf.readUInt16LE(0x3c)} bytes, file 4096 bytes)`,
    'elf-shoff-beyond-end': `BinaryFormatError: a table lies outside the file (offset ${good.elf.length + 100}, ${good.elf.readUInt16LE(0x3a) * good.elf.readUInt16LE(0x3c)} bytes, file ${good.elf.length} bytes)`,
    'pe-export-outside': 'BinaryFormatError: a PE address (RVA 0x7fff0000) lies in no section',
    'pe-name-count-huge': 'BinaryFormatError: the PE export directory names 4294967295 functions',
    'macho-many-commands': 'BinaryFormatError: the Mach-O header lists 4294967295 load commands',
    'macho-symtab-outside': `BinaryFormatError: a table lies outside the file (offset ${0x7fffffff}, ${good.macho.readUInt32LE(52)} bytes, file ${good.macho.length} bytes)`,
    'good-elf': `ELF ${BRAND}_Client_Init`,
    'good-pe': 'PE A_Client_Init',
    'good-macho': 'Mach-O A_Client_Init',
    'good-macho-trie': 'Mach-O A_Client_Init,A_Free',
    'macho-trie-cycle': 'Mach-O A_Client_Init,A_Free', // the edge back to the root is not followed again
    'macho-trie-truncated': 'BinaryFormatError: an edge of the Mach-O export trie points outside it',
  });
});

describe('yauzl is not a runtime dependency: a package copy without it', () => {
  // What an app that installed the package from npm has: the package's files and no yauzl beside
  // them. Zips get the `sdk-archive` tool set (scripts/tools-on-demand.mjs) installed into the copy's
  // build/sdk-archive-tools/ from npm's cache, offline (the repository's `npm ci` put yauzl there);
  // headers and folders need no yauzl at all.
  const copyPackage = () => {
    const pkg = fresh('pkg');
    for (const rel of ['package.json', 'scripts', path.join('vendor', 'platform-sdk', 'include'), path.join('native', 'runtime', 'sdk_functions.inc')]) {
      fs.cpSync(path.join(ROOT, rel), path.join(pkg, rel), { recursive: true });
    }
    return pkg;
  };
  const run = (pkg: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
    const r = spawnSync(process.execPath, [path.join(pkg, 'scripts', 'cli.mjs'), ...args],
      { cwd: tmp, encoding: 'utf8', timeout: 120_000, env: { ...process.env, npm_config_offline: 'true', ...env } });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const INSTALLING = /platform-social-sdk: installing the zip reader yauzl@3\.4\.0 into .*sdk-archive-tools \(npm, /;

  test('check-sdk on a header: no yauzl resolved, none installed', () => {
    const pkg = copyPackage();
    const h = put(path.join(fresh('hdr'), 'cacmecorp.h'), vendorHeader());
    const r = run(pkg, ['check-sdk', h]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(MATCHES);
    expect(r.code).toBe(0);
    expect(fs.existsSync(path.join(pkg, 'build'))).toBe(false);
  });

  test('check-sdk and install-sdk on a zip install yauzl once, offline from npm\'s cache, and read it', () => {
    const pkg = copyPackage();
    const zip = linuxZip();
    const first = run(pkg, ['check-sdk', zip]);
    expect(first.stderr).toMatch(INSTALLING);
    expect(first.stdout).toContain(MATCHES);
    expect(first.code).toBe(0);
    expect(fs.existsSync(path.join(pkg, 'build', 'sdk-archive-tools', 'node_modules', 'yauzl', 'package.json'))).toBe(true);
    const dest = fresh('dest');
    const installed = run(pkg, ['install-sdk', zip, '--dest', dest]);
    expect(installed.stderr).not.toMatch(INSTALLING);
    expect(installed.code).toBe(0);
    expect(fs.existsSync(path.join(dest, 'platform-sdk', `linux-${ARCH}`, 'libacmecorp_partner_sdk.so'))).toBe(true);
  });

  test('with npm offline and its cache empty: a zip is refused with the command that fixes it; a header still works', () => {
    const pkg = copyPackage();
    const cache = fresh('empty-npm-cache');
    fs.mkdirSync(cache);
    const r = run(pkg, ['check-sdk', linuxZip()], { npm_config_cache: cache });
    expect(r.stderr).toMatch(INSTALLING);
    expect(r.stderr).toContain('npm could not install the zip reader yauzl@3.4.0 (is npm offline, and its cache without them?). ' +
      'Install it into your app instead (npm install --save-dev yauzl@3.4.0), then run the command again.');
    expect(r.stderr).toContain('Unpack it (any unzip tool) and point at the folder instead.');
    expect(r.code).not.toBe(0);
    const h = put(path.join(fresh('hdr'), 'cacmecorp.h'), vendorHeader());
    expect(run(pkg, ['check-sdk', h], { npm_config_cache: cache }).code).toBe(0);
  });
});

// Every function cplatform.h declares is exported by the built simulator library: a C or C++
// program that calls any of them links (1.10's OpenConnectedGamesSettingsInPlatform once did not).
// missingExports() takes the library's path, so a Windows lane can point it at the DLL too.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './helpers';
import { declaredFunctions, missingExports, parseDllExports, parseNmExports } from './exports/symbols';

const HEADER = path.join(ROOT, 'vendor', 'platform-sdk', 'include', 'cplatform.h');
const LIBRARY = path.join(ROOT, 'build', 'Release',
  process.platform === 'win32' ? 'platform_partner_sdk.dll' : process.platform === 'darwin' ? 'libplatform_partner_sdk.dylib' : 'libplatform_partner_sdk.so');

test('the header parser finds every PLATFORM_API function and no callback typedef', () => {
  const names = declaredFunctions(fs.readFileSync(HEADER, 'utf8'));
  expect(names.length).toBeGreaterThan(500);
  expect(names).toEqual(expect.arrayContaining(['Platform_Alloc', 'Platform_RunCallbacks', 'Platform_Client_Drop',
    'Platform_Client_OpenConnectedGamesSettingsInPlatform']));
  expect(names).not.toContain('Platform_Client_OpenConnectedGamesSettingsInPlatformCallback');
  expect(names.every((n) => /^Platform_\w+$/.test(n))).toBe(true);
});

test('the export parsers read nm and objdump output', () => {
  expect(parseNmExports('0000000000012340 T Platform_Alloc\n                 U malloc\n0000000000012350 T Platform_Free@@V1\n'))
    .toEqual(['Platform_Alloc', 'Platform_Free']);
  const objdump = [
    'The Export Tables (interpreted .edata section contents)', '',
    '[Ordinal/Name Pointer] Table', '\t[   0] Platform_Alloc', '\t[   1] Platform_Free', '',
    'The Function Table (interpreted .pdata section contents)',
  ].join('\n');
  expect(parseDllExports(objdump)).toEqual(['Platform_Alloc', 'Platform_Free']);
});

test('a declared function the library lacks is reported by name', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exports-'));
  try {
    const header = path.join(dir, 'h.h');
    fs.writeFileSync(header, 'PLATFORM_API void Platform_Alloc(size_t size);\nvoid PLATFORM_API Platform_NotInTheLibrary(void);\n');
    expect(missingExports(header, LIBRARY)).toEqual(['Platform_NotInTheLibrary']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the built simulator exports every function cplatform.h declares', () => {
  expect(missingExports(HEADER, LIBRARY)).toEqual([]);
});

// vendor/platform-sdk/simulator/tls_model.h: on glibc the getters' thread_locals use the
// initial-exec model, which puts the library's whole TLS block into the static TLS surplus glibc
// keeps for dlopen'ed libraries (512 bytes reserved for them by default). A library without the
// flag pays a __tls_get_addr call per access; one whose block outgrows the reserve may fail to load.
const glibc = process.platform === 'linux' && Boolean((process.report?.getReport() as { header?: { glibcVersionRuntime?: string } })?.header?.glibcVersionRuntime);
(glibc ? test : test.skip)('on glibc the simulator asks for static TLS, and its TLS block fits the reserve for it', () => {
  const dynamic = spawnSync('readelf', ['-dW', LIBRARY], { encoding: 'utf8' });
  const program = spawnSync('readelf', ['-lW', LIBRARY], { encoding: 'utf8' });
  expect(dynamic.status).toBe(0);
  expect(program.status).toBe(0);
  expect(dynamic.stdout).toMatch(/\(FLAGS\).*STATIC_TLS/);
  // "TLS  Offset VirtAddr PhysAddr FileSiz MemSiz Flg Align": the block is MemSiz bytes.
  const tls = /^\s*TLS\s+\S+\s+\S+\s+\S+\s+\S+\s+(0x[0-9a-f]+)/m.exec(program.stdout);
  expect(tls).not.toBeNull();
  expect(Number(tls![1])).toBeGreaterThan(0);
  expect(Number(tls![1])).toBeLessThanOrEqual(512);
});

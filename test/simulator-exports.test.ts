// Every function cplatform.h declares is exported by the built simulator library: a C or C++
// program that calls any of them links (1.10's OpenConnectedGamesSettingsInPlatform once did not).
// missingExports() takes the library's path, so a Windows lane can point it at the DLL too.
// And what ships carries no benchmark code: the simulator's PlatformSim_Bench* controls and the sim
// binding's bench* controls are built only with PLATFORM_BENCH_HOOKS (npm run bench, build-bench/).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { addon, loadSdk } from '../lib/addon-loader';
import { ROOT } from './helpers';
import { declaredFunctions, exportedFunctions, missingExports, parseDllExports, parseNmExports } from './exports/symbols';

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

// The library and addon this process loaded: the shipped ones (build/Release, a prebuild), never
// the benchmark's build-bench/ (which PLATFORM_SOCIAL_SDK_PREBUILD would name).
test('the shipped simulator library exports no benchmark control and carries none', () => {
  const library = loadSdk().path;
  const exported = exportedFunctions(library);
  expect(exported).toContain('PlatformSim_Reset');  // the probe reads a simulator
  expect(exported.filter((name) => /Bench/.test(name))).toEqual([]);
  // Not only unexported: not compiled in (each control names itself in its errors).
  expect(fs.readFileSync(library).toString('latin1')).not.toMatch(/PlatformSim_Bench|benchEmittedNs/);
});

test("the shipped addon's simulator binding has no benchmark control and looks none up", () => {
  const controls = Object.keys(addon().sim);
  expect(controls).toContain('worldSave');  // the probe reads the simulator binding
  expect(controls.filter((name) => /bench/i.test(name))).toEqual([]);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const file = (require('node-gyp-build') as { resolve(dir: string): string }).resolve(ROOT);
  expect(fs.readFileSync(file).toString('latin1')).not.toContain('PlatformSim_Bench');
});

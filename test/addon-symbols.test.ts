// scripts/check-addon-symbols.cmake (run after linking the addon) fails the build when the addon
// leaves one of our own functions undefined. It reads `nm -u`; nm programs differ, so these tests
// run it with stand-ins for each kind: a demangling nm (GNU, llvm-nm), one without -C (older BSD
// or Apple cctools: mangled names only) and one that cannot read the file at all.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './helpers';

const SCRIPT = path.join(ROOT, 'scripts/check-addon-symbols.cmake');

// The stand-in nm: `node nm.js <kind> [nm's arguments]`. cmake expands NM, a list, into the command.
const FAKE_NM = `
const [kind, ...args] = process.argv.slice(2);
const demangle = args.includes('-C');
const out = (s) => { process.stdout.write(s); process.exit(0); };
if (kind === 'broken') { process.stderr.write('nm: file format not recognized\\n'); process.exit(1); }
if (kind === 'no-demangle' && demangle) { process.stderr.write('nm: illegal option -- C\\n'); process.exit(1); }
const napi = '                 U napi_create_object\\n';
if (kind === 'clean') out(napi);
if (kind === 'gnu') out(napi + '                 U psdk::ClientWrap::GetLobbyCount(Napi::CallbackInfo const&)\\n');
// Mach-O names carry one more leading underscore; a const member is _ZNK.
out('                 U _napi_create_object\\n                 U __ZNK4psdk10ClientWrap8IsClosedEv\\n');
`;

function runCheck(kind: string): { status: number | null; stderr: string; stdout: string; addonKept: boolean } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'addon-symbols-'));
  try {
    const nm = path.join(dir, 'nm.js');
    fs.writeFileSync(nm, FAKE_NM);
    const addon = path.join(dir, 'addon.node');
    fs.writeFileSync(addon, 'not an addon');
    const r = spawnSync('cmake', [`-DNM=${process.execPath};${nm};${kind}`, `-DADDON=${addon}`, '-P', SCRIPT], { encoding: 'utf8' });
    return { status: r.status, stderr: r.stderr, stdout: r.stdout, addonKept: fs.existsSync(addon) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('nothing of ours undefined: the check passes and keeps the addon', () => {
  const r = runCheck('clean');
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.addonKept).toBe(true);
});

test('a demangling nm: the undefined method is named and the addon removed', () => {
  const r = runCheck('gnu');
  expect(r.status).not.toBe(0);
  expect(r.stderr).toContain('the addon declares but never defines:');
  expect(r.stderr).toContain('psdk::ClientWrap::GetLobbyCount(Napi::CallbackInfo const&)');
  expect(r.addonKept).toBe(false);
});

test('an nm without -C: the mangled name of ours is matched (a const member, a Mach-O underscore)', () => {
  const r = runCheck('no-demangle');
  expect(r.status).not.toBe(0);
  expect(r.stderr).toContain('_ZNK4psdk10ClientWrap8IsClosedEv');
  expect(r.stderr).not.toContain('napi_create_object');
  expect(r.addonKept).toBe(false);
});

test('an nm that cannot read the addon: a warning saying the check was skipped, not a failed build', () => {
  const r = runCheck('broken');
  expect(r.status).toBe(0);
  expect(r.stderr).toContain('addon symbol check skipped');
  expect(r.addonKept).toBe(true);
});

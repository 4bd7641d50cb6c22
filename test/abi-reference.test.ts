// Our cplatform.h against the vendor's published C ABI, restated with our names in
// vendor/platform-sdk/abi/<version>.json (generated from sdk-abi.md by
// scripts/abi/gen-abi-reference.mjs). Both sides go through the same reader
// (scripts/sdk-check/c-header.mjs), which drops whitespace, parameter names, the export macro and
// `const T` / `T const` spelling: what is left is the ABI. A declaration that differs fails with
// both forms; our own additions must be listed in vendor/platform-sdk/abi/our-extras.json.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, runNode } from './helpers';

const HEADER = path.join(ROOT, 'vendor', 'platform-sdk', 'include', 'cplatform.h');
const ABI_DIR = path.join(ROOT, 'vendor', 'platform-sdk', 'abi');
const SPEC = path.join(ROOT, '..', 'shared', 'spec', 'sdk-abi.md');
const KINDS = ['functions', 'callbacks', 'structs', 'enums'] as const;
type Kind = (typeof KINDS)[number];
type Abi = Record<Kind, Record<string, unknown>>;
interface Reference extends Abi { version: string; generated: string; counts: Record<Kind, number> }
type Parsed = Abi & { skipped: string[] };

/** Runs `body` (an async function of the modules `c` and `gen`) in a Node process: both are ES modules. */
async function inNode<T>(body: string): Promise<T> {
  const url = (rel: string) => JSON.stringify(pathToFileURL(path.join(ROOT, ...rel.split('/'))).href);
  const r = await runNode(`Promise.all([import(${url('scripts/sdk-check/c-header.mjs')}), import(${url('scripts/abi/gen-abi-reference.mjs')})])
    .then(async ([c, gen]) => { const fs = require('node:fs'); process.stdout.write(JSON.stringify(await (${body})(c, gen, fs))); });`);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as T;
}
const parse = (texts: string[]) => inNode<Parsed[]>(`async (c) => ${JSON.stringify(texts)}.map((t) => c.parseHeader(t))`);

let ours: Parsed;
const reference = (version: string) => JSON.parse(fs.readFileSync(path.join(ABI_DIR, `${version}.json`), 'utf8')) as Reference;
const extras = JSON.parse(fs.readFileSync(path.join(ABI_DIR, 'our-extras.json'), 'utf8')) as Abi;

beforeAll(async () => {
  ours = await inNode<Parsed>(`async (c, gen, fs) => c.parseHeader(fs.readFileSync(${JSON.stringify(HEADER)}, 'utf8'))`);
});

const SINGULAR: Record<Kind, string> = { functions: 'function', callbacks: 'callback typedef', structs: 'struct', enums: 'enum' };
const show = (kind: Kind, name: string, value: unknown) =>
  value === undefined ? '(not declared)' : kind === 'callbacks' ? `typedef ${String(value).replace('(*)', `(*${name})`)}` :
    kind === 'functions' ? String(value) : `${name} ${JSON.stringify(value)}`;

/**
 * Every declaration of `ref` that `header` lacks or declares differently, with both forms. A
 * type that cplatform.h lacks and that only declarations already reported use (a new callback
 * typedef of a changed function) is told under that function, not as a difference of its own.
 */
function differences(ref: Reference, header: Abi): string[] {
  const entries: Array<{ kind: Kind; name: string; text: string; notes: string[] }> = [];
  const vendor = `vendor ${ref.version}:`;
  const ours = 'cplatform.h:'.padEnd(vendor.length);
  for (const kind of KINDS) {
    for (const [name, declared] of Object.entries(ref[kind])) {
      let want = declared;
      let have = header[kind][name];
      if (JSON.stringify(have) === JSON.stringify(want)) continue;
      if (kind === 'enums' && have !== undefined) {
        // Only the members that differ (an enum can have dozens).
        const [w, h] = [want, have] as Array<Record<string, number>>;
        const names = [...new Set([...Object.keys(w ?? {}), ...Object.keys(h ?? {})])].filter((m) => w?.[m] !== h?.[m]);
        want = Object.fromEntries(names.map((m) => [m, w?.[m] ?? '(absent)']));
        have = Object.fromEntries(names.map((m) => [m, h?.[m] ?? '(absent)']));
      }
      entries.push({ kind, name, notes: [], text: `${SINGULAR[kind]} ${name} ${have === undefined ? 'is missing from' : 'differs in'} cplatform.h\n` +
        `    ${vendor} ${show(kind, name, want)}\n    ${ours} ${show(kind, name, have)}` });
    }
  }
  const uses = (e: { kind: Kind; name: string }, type: string) => new RegExp(`\\b${type}\\b`).test(JSON.stringify(ref[e.kind][e.name]));
  const folded = new Set<string>();
  for (const t of entries) {
    if (t.kind === 'functions' || t.text.includes(' differs in ')) continue;
    const users = (KINDS.flatMap((k) => Object.keys(ref[k]).map((name) => ({ kind: k, name })))).filter((e) => e.name !== t.name && uses(e, t.name));
    const reported = users.map((u) => entries.find((e) => e.kind === u.kind && e.name === u.name));
    if (users.length === 0 || reported.some((r) => r === undefined)) continue;
    for (const r of reported) r?.notes.push(`    it uses ${t.text.split('\n')[1]?.trim().replace(`${vendor} `, '')}, which cplatform.h does not declare`);
    folded.add(t.name);
  }
  return entries.filter((e) => !folded.has(e.name)).map((e) => [e.text, ...e.notes].join('\n'));
}

test('cplatform.h is read whole: every statement is a prototype, typedef, struct or enum', () => {
  expect(ours.skipped).toEqual([]);
  expect(Object.keys(ours.functions).length).toBeGreaterThan(500);
});

test.each(['1.9.16441', '1.10.19337'])('every declaration of the vendor\'s %s C ABI is in cplatform.h, identical', (version) => {
  const ref = reference(version);
  expect(ref.version).toBe(version);
  expect(differences(ref, ours)).toEqual([]);
});

test('cplatform.h declares nothing beyond the vendor\'s 1.10.19337 ABI but our listed extras, and each extra is still there', () => {
  const ref = reference('1.10.19337');
  const unlisted: string[] = [];
  const gone: string[] = [];
  for (const kind of KINDS) {
    for (const name of Object.keys(ours[kind])) if (!(name in ref[kind]) && !(name in extras[kind])) unlisted.push(`${SINGULAR[kind]} ${name}`);
    for (const name of Object.keys(extras[kind])) if (!(name in ours[kind]) || name in ref[kind]) gone.push(`${SINGULAR[kind]} ${name}`);
  }
  expect({ unlisted, gone }).toEqual({ unlisted: [], gone: [] });
  expect(Object.keys(extras.functions).sort()).toEqual(['Platform_Client_GetUserApplicationProfiles', 'Platform_Client_GetUserApplicationProfilesNoLock']);
});

test('1.10.19337 only adds to 1.9.16441 (25 functions, 2 callback typedefs, 1 struct, 1 enum), as sdk-abi.md 7.1 says', () => {
  const v19 = reference('1.9.16441');
  const v110 = reference('1.10.19337');
  const v110Abi: Abi = v110;
  expect(differences(v19, v110Abi)).toEqual([]);
  expect(v19.counts).toEqual({ functions: 513, callbacks: 71, structs: 47, enums: 27 });
  expect(v110.counts).toEqual({ functions: 538, callbacks: 73, structs: 48, enums: 28 });
  for (const r of [v19, v110]) for (const kind of KINDS) expect(Object.keys(r[kind]).length).toBe(r.counts[kind]);
});

test('the reference files are generated (never edited): what the generator makes from the spec, byte for byte', async () => {
  for (const version of ['1.9.16441', '1.10.19337']) expect(reference(version).generated).toMatch(/^by scripts\/abi\/gen-abi-reference\.mjs/);
  // The spec lies beside the repository in the project's work tree and in CI; a clone without it
  // still checks cplatform.h against the committed files (the tests above).
  if (!fs.existsSync(SPEC)) return;
  const generated = await inNode<{ files: Record<string, string>; versions: string[] }>(
    `async (c, gen, fs) => ({ files: gen.referenceFromSpec(fs.readFileSync(${JSON.stringify(SPEC)}, 'utf8')), versions: gen.VERSIONS })`);
  expect(Object.keys(generated.files)).toEqual(generated.versions);
  for (const [version, text] of Object.entries(generated.files)) expect(text).toBe(fs.readFileSync(path.join(ABI_DIR, `${version}.json`), 'utf8'));
});

test('the reader ignores what is not ABI (names, spacing, const placement, (void), the macro) and sees what is', async () => {
  const [a, b, changed, e, cb, junk] = await parse([
    'PLATFORM_API void Platform_F(Platform_X const *self, uint64_t id);\nint32_t PLATFORM_API Platform_V(void);',
    'void   Platform_F( const Platform_X* other ,uint64_t );\nint32_t Platform_V();',
    'void Platform_F(Platform_X *self, uint64_t id);',
    'typedef enum E { E_A = 0, E_B, E_C = 0x10, E_D = 1 << 3 } E;',
    'typedef void (*Cb)(Platform_ClientResult *result, void *userData);',
    'what is this;',
  ]) as [Parsed, Parsed, Parsed, Parsed, Parsed, Parsed];
  expect(a.functions).toEqual(b.functions);
  expect(a.functions['Platform_F']).toBe('void Platform_F(Platform_X const *, uint64_t)');
  expect(changed.functions['Platform_F']).toBe('void Platform_F(Platform_X *, uint64_t)');
  expect(e.enums['E']).toEqual({ E_A: 0, E_B: 1, E_C: 16, E_D: 8 });
  expect(cb.callbacks['Cb']).toBe('void (*)(Platform_ClientResult *, void *)');
  expect(junk.skipped).toEqual(['what is this']);
});

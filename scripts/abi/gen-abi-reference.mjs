#!/usr/bin/env node
// Writes the machine-readable reference of the vendor's published C ABI, one file per release,
//   vendor/platform-sdk/abi/1.9.16441.json and vendor/platform-sdk/abi/1.10.19337.json,
// from the spec that restates it with our names (../shared/spec/sdk-abi.md, beside the
// repository; or --spec <file>). The JSON files are committed, so a clone without ../shared still
// checks (test/abi-reference.test.ts compares cplatform.h with them). Run it again when the spec
// changes: `node scripts/abi/gen-abi-reference.mjs`; `--check` exits 1 when a file would change.
//
// What the spec gives and where it is read from:
//   1.2  the value structs (code block; the 12 span types from their "Span → element" list)
//   1.3  the 32 opaque class structs (table: slots column); 1.7 every enum's _forceint member
//   2    the 6 global functions (code block)     3  the 27 enums (table)
//   4    the callback typedefs (table; each takes `void *userData` last)
//   5.x  the class functions (code blocks; each heading's count is checked)
//   7    MessageHandle_AdditionalName (1.10)     7.1  the 1.10.19337 voice-settings delta
// Spec lines NOT turned into the reference (they are not declarations of the vendor's C ABI, or
// not stated as such):
//   - 7.2 Client_GetUserApplicationProfiles / …NoLock: our design (I), not in the vendor's header;
//     they are our extras (vendor/platform-sdk/abi/our-extras.json).
//   - 7  the AdditionalName prototype is tagged (I) where it is written, but 7.1 (V) lists the
//     function among the 25 published additions and every other part of the published delta is
//     unchanged; it is taken as written. If the vendor's shape differs, check-sdk reports it.
//   - 7.1 VoiceSettings_Drop/_Clone are written in prose ("Drop(self)", "Clone(self, const …
//     *other)"): they are expanded by the lifecycle rule of 1.4 (void X_Drop(X *self); void
//     X_Clone(X *self, X const *src)); the getter/setter pairs by the rule the bullet states.
//   - 1.1 the export macro, its placement and `()` for parameterless functions: not ABI (the
//     comparison drops the macro and reads `()` as `(void)`).
//   - 1.2 the size/offset table: a consequence of the member types (which are recorded), not
//     a separate fact; 1.5/1.6 ownership and callback timing; 1.8 symbol renaming (applied by
//     scripts/sdk-check/c-header.mjs); 6 the C++ wrapper (not the C ABI).
//   - 7.1's counts "callback typedefs 70 → 72": section 4 lists 69 SDK callbacks plus the 2
//     allocator typedefs of 1.2 (71 in 1.9, 73 in 1.10); the reference holds what is listed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHeader } from '../sdk-check/c-header.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ABI_DIR = path.join(ROOT, 'vendor', 'platform-sdk', 'abi');
export const VERSIONS = ['1.9.16441', '1.10.19337'];

/** The text of a section: from its heading to the next heading of the same or higher level. */
function section(md, number) {
  const lines = md.split('\n');
  const level = number.includes('.') ? 3 : 2;
  const start = lines.findIndex((l) => new RegExp(`^#{${level}} ${number.replace('.', '\\.')}[ .]`).test(l));
  if (start < 0) throw new Error(`spec: no section ${number}`);
  let end = lines.length;
  for (let i = start + 1; i < lines.length; i++) {
    const m = /^(#+) /.exec(lines[i]);
    if (m && m[1].length <= level) {
      end = i;
      break;
    }
  }
  return lines.slice(start, end).join('\n');
}

const codeBlocks = (text) => [...text.matchAll(/```c\n([\s\S]*?)```/g)].map((m) => m[1]);
const inlineCode = (text) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1].replace(/\s+/g, ' ').trim());
const tableRows = (text) => text.split('\n').filter((l) => /^\| `/.test(l)).map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));
const unquote = (cell) => cell.replace(/`/g, '').trim();

function merge(into, parsed, where) {
  if (parsed.skipped.length) throw new Error(`spec ${where}: could not read ${parsed.skipped.join(' | ')}`);
  for (const kind of ['functions', 'callbacks', 'structs', 'enums']) {
    for (const [name, value] of Object.entries(parsed[kind])) {
      if (name in into[kind]) throw new Error(`spec ${where}: ${name} declared twice`);
      into[kind][name] = value;
    }
  }
}

const empty = () => ({ functions: {}, callbacks: {}, structs: {}, enums: {} });
const expect = (what, got, want) => {
  if (got !== want) throw new Error(`spec: expected ${want} ${what}, read ${got}`);
};

/** The 1.9.16441 ABI (sections 1-5). */
function read19(md) {
  const abi = empty();
  // 1.2: the value structs; the template line stands for the 12 spans listed below it.
  const s12 = section(md, '1.2');
  merge(abi, parseHeader(codeBlocks(s12)[0].split('\n').filter((l) => !l.includes('<')).join('\n')), '1.2');
  const spans = [...s12.matchAll(/`(\w+Span) → (\w+)`/g)];
  expect('span types (1.2)', spans.length, 12);
  merge(abi, parseHeader(spans.map(([, span, elem]) => {
    const type = elem.startsWith('Platform_') || /_t$/.test(elem) ? elem : `Platform_${elem}`;
    return `typedef struct Platform_${span} { ${type} *ptr; size_t size; } Platform_${span};`;
  }).join('\n')), '1.2 spans');
  // 1.3: every class is { void *opaque; } or, for Call, { void *opaque[3]; } (the slots column).
  const classes = tableRows(section(md, '1.3')).filter((r) => /opaque/.test(r[1] ?? ''));
  expect('classes (1.3)', classes.length, 32);
  merge(abi, parseHeader(classes.map(([name, slots]) =>
    `typedef struct Platform_${unquote(name)} { ${unquote(slots)}; } Platform_${unquote(name)};`).join('\n')), '1.3');
  // 2: the globals.
  merge(abi, parseHeader(codeBlocks(section(md, '2'))[0]), '2');
  expect('global functions (2)', Object.keys(abi.functions).length, 6);
  // 3: enums, "Member=value, …"; every C enum also has _forceint = 0x7FFFFFFF (1.7).
  const enums = tableRows(section(md, '3'));
  expect('enums (3)', enums.length, 27);
  merge(abi, parseHeader(enums.map(([cName, , members]) => {
    const e = `Platform_${unquote(cName)}`;
    const items = members.split(',').map((m) => m.trim()).filter(Boolean).map((m) => {
      const [name, value] = m.split('=');
      return `${e}_${name.trim()} = ${value.trim()}`;
    });
    return `typedef enum ${e} { ${[...items, `${e}_forceint = 0x7FFFFFFF`].join(', ')} } ${e};`;
  }).join('\n')), '3');
  // 4: callbacks; the table omits the trailing `void *userData`.
  const callbacks = tableRows(section(md, '4'));
  merge(abi, parseHeader(callbacks.map(([name, params]) => {
    const p = unquote(params) === '(none)' ? '' : `${unquote(params)}, `;
    return `typedef void (*Platform_${unquote(name)})(${p}void *userData);`;
  }).join('\n')), '4');
  // 5.x: one code block per class, its heading giving the count.
  const s5 = section(md, '5');
  for (const m of s5.matchAll(/^### (5\.\d+) (\w+) \((\d+)\)$/gm)) {
    const parsed = parseHeader(codeBlocks(section(md, m[1])).join('\n'));
    expect(`functions in ${m[1]} ${m[2]}`, Object.keys(parsed.functions).length, Number(m[3]));
    merge(abi, parsed, m[1]);
  }
  const intro = /\*\*(\d+) exported functions\*\*/.exec(md);
  expect('functions in 1.9 (intro count)', Object.keys(abi.functions).length, Number(intro?.[1]));
  return abi;
}

/** The 1.10.19337 ABI: 1.9 plus the delta of section 7 (without 7.2, our design). */
function read110(md, base) {
  const abi = structuredClone(base);
  const s7 = section(md, '7');
  const delta = s7.slice(0, s7.indexOf('\n### 7.2'));
  // Declarations written inline: prototypes and typedefs (C++ lines contain '::' or 'std::').
  // The getter/setter template ("SetX(self, T value)") is expanded below, not read as a declaration.
  const decls = inlineCode(delta).filter((c) => !c.includes('::') && !/_(Set)?X\(/.test(c) && /;$|^typedef enum|^struct /.test(c) && /Platform_/.test(c))
    .map((c) => {
      if (/^typedef enum (\w+) \{.*\}$/.test(c)) return `${c} ${/^typedef enum (\w+)/.exec(c)[1]};`;
      if (/^struct \w+ \{.*\}$/.test(c)) return `${c};`;
      return c;
    });
  // Prototypes written without their ';' (PttKey's pair), with a real return type (not "T").
  const bare = inlineCode(delta).filter((c) => !/_(Set)?X\(/.test(c) && /^(void|bool|float|u?int\d+_t|Platform_\w+) ?\*? ?Platform_\w+\(.*\)$/.test(c));
  decls.push(...bare.map((c) => `${c};`));
  const parsed = parseHeader(decls.join('\n'));
  // VoiceSettings's lifecycle (prose in 7.1), by the rule of 1.4.
  const vs = 'Platform_VoiceSettings';
  parsed.functions[`${vs}_Drop`] = `void ${vs}_Drop(${vs} *)`;
  parsed.functions[`${vs}_Clone`] = `void ${vs}_Clone(${vs} *, ${vs} const *)`;
  // "for each of `SelfMute`, `SelfDeaf` (bool), `InputMode` (`T`), …: a getter T X(self) and a setter void SetX(self, T value)".
  const bullet = /for each of\s+(.*?): a getter/s.exec(delta)?.[1] ?? '';
  let pending = [];
  let pairs = 0;
  for (const m of bullet.matchAll(/`(\w+)`(?:\s*\(`?([\w ]+?)`?\))?/g)) {
    pending.push(m[1]);
    if (!m[2]) continue;
    const type = m[2].trim();
    for (const prop of pending) {
      parsed.functions[`${vs}_${prop}`] = `${type} ${vs}_${prop}(${vs} *)`;
      parsed.functions[`${vs}_Set${prop}`] = `void ${vs}_Set${prop}(${vs} *, ${type})`;
      pairs++;
    }
    pending = [];
  }
  expect('VoiceSettings getter/setter properties (7.1)', pairs, 9);
  merge(abi, parsed, '7');
  const counts = /(\d+) → (\d+)\s+functions; (\d+) added/.exec(delta);
  expect('functions in 1.10', Object.keys(abi.functions).length, Number(counts?.[2]));
  expect('functions added in 1.10', Object.keys(abi.functions).length - Object.keys(base.functions).length, Number(counts?.[3]));
  expect('enums in 1.10', Object.keys(abi.enums).length, Object.keys(base.enums).length + 1);
  expect('callback typedefs added in 1.10', Object.keys(abi.callbacks).length - Object.keys(base.callbacks).length, 2);
  return abi;
}

const sorted = (o) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));

/** The reference files' contents, from the spec's text. */
export function referenceFromSpec(md) {
  const v19 = read19(md);
  const v110 = read110(md, v19);
  const file = (version, abi) => `${JSON.stringify({
    generated: 'by scripts/abi/gen-abi-reference.mjs from sdk-abi.md (the spec beside the repository); do not edit by hand',
    version,
    counts: Object.fromEntries(['functions', 'callbacks', 'structs', 'enums'].map((k) => [k, Object.keys(abi[k]).length])),
    functions: sorted(abi.functions),
    callbacks: sorted(abi.callbacks),
    structs: sorted(abi.structs),
    enums: sorted(abi.enums),
  }, null, 2)}\n`;
  return { [VERSIONS[0]]: file(VERSIONS[0], v19), [VERSIONS[1]]: file(VERSIONS[1], v110) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const specAt = args.indexOf('--spec');
  const spec = specAt >= 0 ? path.resolve(args[specAt + 1] ?? '') : path.join(ROOT, '..', 'shared', 'spec', 'sdk-abi.md');
  if (!fs.existsSync(spec)) {
    process.stderr.write(`gen-abi-reference: the spec is not at ${spec}; pass --spec <sdk-abi.md>.\n`);
    process.exit(2);
  }
  const files = referenceFromSpec(fs.readFileSync(spec, 'utf8'));
  let stale = 0;
  for (const [version, text] of Object.entries(files)) {
    const target = path.join(ABI_DIR, `${version}.json`);
    const same = fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text;
    if (args.includes('--check')) {
      if (!same) {
        stale++;
        process.stderr.write(`gen-abi-reference: ${path.relative(ROOT, target)} is not what the spec gives; run node scripts/abi/gen-abi-reference.mjs\n`);
      }
    } else if (!same) {
      fs.mkdirSync(ABI_DIR, { recursive: true });
      fs.writeFileSync(target, text);
      process.stdout.write(`wrote ${path.relative(ROOT, target)}\n`);
    }
  }
  process.exit(stale ? 1 : 0);
}

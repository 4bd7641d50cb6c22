// Only what is used is generated: every codec of native/boundary/boundary_codecs.cc (Encode<Record>,
// <Record>ToJs, Same<Record>) is called, from hand-written native code or from another codec that is.
// scripts/gen-boundary.mjs derives the set from the schema (the fields of events and completions,
// its `uses` lines); a codec left over, or a `uses` line nobody needs, fails here.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './helpers';

const GENERATED = ['native/boundary/boundary_codecs.h', 'native/boundary/boundary_codecs.cc'];

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    // .inc: the methods' decoders (generated from native/boundary/methods.schema) call the getters' codecs.
    return /\.(cc|h|inc)$/.test(e.name) && !GENERATED.includes(rel) ? [rel] : [];
  });
}

/** Code without comments: a name in a comment is not a call. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
}

/** Each codec defined in the generated source, with the text of its body. */
function codecs(): Map<string, string> {
  const text = code(fs.readFileSync(path.join(ROOT, 'native/boundary/boundary_codecs.cc'), 'utf8'));
  const bodies = new Map<string, string>();
  const head = /^(?:void|bool|Napi::Object) (\w+)\([^)]*\) \{$/gm;
  for (let m = head.exec(text); m !== null; m = head.exec(text)) {
    const end = text.indexOf('\n}\n', m.index);
    bodies.set(m[1]!, text.slice(m.index + m[0].length, end));
  }
  return bodies;
}

/** The codecs no hand-written native file calls, directly or through a codec that is called. */
function uncalled(bodies: Map<string, string>, handWritten: string): string[] {
  const calls = (text: string, name: string): boolean => new RegExp(`\\b${name}\\b`).test(text);
  const reached = new Set([...bodies.keys()].filter((n) => calls(handWritten, n)));
  // The header's inline writers (Complete…Each, Write<Event>, Encode<Record>Of) call codecs too.
  const header = code(fs.readFileSync(path.join(ROOT, 'native/boundary/boundary_codecs.h'), 'utf8'))
    .replace(/^(?:void|bool|Napi::Object) \w+\([^)]*\);$/gm, '');
  for (const n of bodies.keys()) if (calls(header, n)) reached.add(n);
  for (let grew = true; grew;) {
    grew = false;
    for (const [n, body] of bodies) {
      if (!reached.has(n)) continue;
      for (const k of bodies.keys()) if (!reached.has(k) && calls(body, k)) reached.add(k), grew = true;
    }
  }
  return [...bodies.keys()].filter((n) => !reached.has(n));
}

const handWritten = sources('native').map((f) => code(fs.readFileSync(path.join(ROOT, f), 'utf8'))).join('\n');

test('every generated codec is called', () => {
  const bodies = codecs();
  expect(bodies.size).toBeGreaterThan(20);  // the codecs were found
  expect(uncalled(bodies, handWritten)).toEqual([]);
});

test('the check sees a codec nobody calls', () => {
  const bodies = codecs();
  // Without the getters' calls of ChannelToJs and CallStateToJs, both are left over, and the
  // VadThresholdToJs only CallStateToJs calls.
  const without = handWritten.replace(/\bChannelToJs\b/g, 'x').replace(/\bCallStateToJs\b/g, 'y');
  expect(uncalled(bodies, without).sort()).toEqual(['CallStateToJs', 'ChannelToJs', 'VadThresholdToJs']);
});

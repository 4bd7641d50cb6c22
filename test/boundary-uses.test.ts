// Only what is used is generated: every generated C++ function (the codecs of
// native/boundary/boundary_codecs.cc, the inline writers of boundary_codecs.h: Write<Event>,
// Push<Event>, Complete<Result>, Encode<Record>Of, …) is called from hand-written native code,
// every export of lib/boundary.ts is used by lib/, and every export of the tests' encoder
// (test/generated/tape-writers.ts) by test/ — directly or through a generated function that is.
// scripts/gen-boundary.mjs derives the set from the schemas (the fields of events and completions,
// the methods' returns in native/boundary/methods.schema, the `uses` lines of
// native/boundary/boundary.schema); anything left over, or a `uses` line nobody needs, fails here,
// naming the function.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './helpers';

const CODECS = ['native/boundary/boundary_codecs.h', 'native/boundary/boundary_codecs.cc'];
const BOUNDARY_TS = 'lib/boundary.ts';
const TAPE_WRITERS = 'test/generated/tape-writers.ts';

/** The files under `dir` whose names match `ext`, but `skip` (paths relative to ROOT). */
function sources(dir: string, ext: RegExp, skip: readonly string[]): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return sources(rel, ext, skip);
    return ext.test(e.name) && !skip.includes(rel) ? [rel] : [];
  });
}

/** Code without comments: a name in a comment is not a call. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
}

function read(file: string): string {
  return code(fs.readFileSync(path.join(ROOT, file), 'utf8'));
}

/** The text of every file, comments left out. */
function joined(files: readonly string[]): string {
  return files.map(read).join('\n');
}

/**
 * Each C++ function defined in the generated codecs (a definition, not the header's declaration
 * of one the .cc defines), with the text of its body.
 */
function cppFunctions(): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const file of CODECS) {
    const text = read(file);
    const head = /^(?:inline )?(?:void|bool|Napi::Object) (\w+)\([^)]*\) \{/gm;
    for (let m = head.exec(text); m !== null; m = head.exec(text)) {
      const from = m.index + m[0].length;
      const lineEnd = text.indexOf('\n', from);
      // A one-line definition ends on its own line; the others at the first `}` in column 0.
      const end = text.slice(from, lineEnd).trimEnd().endsWith('}') ? lineEnd : text.indexOf('\n}\n', from);
      bodies.set(m[1]!, text.slice(from, end));
    }
  }
  return bodies;
}

/** Each export of a generated TS file, with its text up to the next export. */
function tsExports(file: string): Map<string, string> {
  const text = read(file);
  const chunks = new Map<string, string>();
  const head = /^export (?:function|const|type|interface|enum) (\w+)/gm;
  const heads = [...text.matchAll(head)];
  heads.forEach((m, i) => chunks.set(m[1]!, text.slice(m.index! + m[0].length, heads[i + 1]?.index ?? text.length)));
  return chunks;
}

/** The generated names `users` never reach: used there directly, or by a generated one that is. */
function unreached(bodies: Map<string, string>, users: string): string[] {
  const uses = (text: string, name: string): boolean => new RegExp(`\\b${name}\\b`).test(text);
  const reached = new Set([...bodies.keys()].filter((n) => uses(users, n)));
  for (let grew = true; grew;) {
    grew = false;
    for (const [n, body] of bodies) {
      if (!reached.has(n)) continue;
      for (const k of bodies.keys()) if (!reached.has(k) && uses(body, k)) reached.add(k), grew = true;
    }
  }
  return [...bodies.keys()].filter((n) => !reached.has(n));
}

// .inc: the methods' decoders (generated from native/boundary/methods.schema) call the getters' codecs.
const nativeCode = joined(sources('native', /\.(cc|h|inc)$/, CODECS));
const libCode = joined(sources('lib', /\.ts$/, [BOUNDARY_TS]));
const testCode = joined(sources('test', /\.ts$/, [TAPE_WRITERS]));

test('every generated C++ function is called from hand-written native code', () => {
  const bodies = cppFunctions();
  // The functions were found: the codecs, the inline event writers and completions, the templates.
  for (const n of ['EncodeMessage', 'ChannelToJs', 'PushStatus', 'WriteMessageCreated', 'CompleteDone', 'CompleteMessagesEach', 'EncodeMessageOf', 'SameBatchRecord']) {
    expect(bodies.has(n)).toBe(true);
  }
  expect(unreached(bodies, nativeCode)).toEqual([]);
});

test('every export of lib/boundary.ts is used by lib/', () => {
  const exported = tsExports(BOUNDARY_TS);
  for (const n of ['EventKind', 'readLobby', 'decodeMessage', 'readMessagesResultWith', 'NativeChannel', 'EVENT_READERS']) {
    expect(exported.has(n)).toBe(true);
  }
  expect(unreached(exported, libCode)).toEqual([]);
});

test('every export of the tests\' encoder is used by test/', () => {
  const exported = tsExports(TAPE_WRITERS);
  for (const n of ['writeEvent', 'writeMessage', 'writeMessagesResult']) expect(exported.has(n)).toBe(true);
  expect(unreached(exported, testCode)).toEqual([]);
});

test('the checks see a generated function nobody uses', () => {
  const bodies = cppFunctions();
  // Without the getters' calls of ChannelToJs and CallStateToJs, both are left over, and the
  // VadThresholdToJs only CallStateToJs calls; without client_events.cc's WriteMessageUpdated, it
  // alone (EncodeMessage is still written by WriteMessageCreated); without the status callback's
  // PushStatus, it alone.
  const without = nativeCode.replace(/\bChannelToJs\b/g, 'x').replace(/\bCallStateToJs\b/g, 'y')
    .replace(/\bWriteMessageUpdated\b/g, 'z').replace(/\bPushStatus\b/g, 'w');
  expect(unreached(bodies, without).sort()).toEqual(['CallStateToJs', 'ChannelToJs', 'PushStatus', 'VadThresholdToJs', 'WriteMessageUpdated']);
  // lib/relationships.ts's readFriend; readUser is still read by the message readers.
  expect(unreached(tsExports(BOUNDARY_TS), libCode.replace(/\breadFriend\b/g, 'x'))).toEqual(['readFriend']);
  // test/operations.test.ts's writeMessageIdResult.
  expect(unreached(tsExports(TAPE_WRITERS), testCode.replace(/\bwriteMessageIdResult\b/g, 'x'))).toEqual(['writeMessageIdResult']);
});

// Reads a flat C SDK header (ours, cplatform.h, or the vendor's, under its own symbol prefix)
// into a normal form that two headers can be compared in: every prototype, function-pointer
// typedef, struct layout and enum value, keyed by name, with whitespace, parameter names,
// `const T` vs `T const`, `()` vs `(void)` and the export macro taken out (none of them change the
// ABI). Used by install-sdk/check-sdk (the SDK a user brings), by scripts/abi/gen-abi-reference.mjs
// and by test/abi-reference.test.ts (our header against the vendor's published ABI).
//
// This is not a C compiler: it reads the subset such headers are written in (typedef'd enums,
// structs and function pointers, one prototype per statement). Anything else is listed in
// `skipped`, so that a header it does not understand is reported, not half-read.

/** Caps on what a header may hold (a hostile or wrong file must not cost unbounded time). */
export const MAX_HEADER_BYTES = 4 * 1024 * 1024;
const MAX_STATEMENTS = 50_000;

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Words that are part of a type, never a parameter name.
const TYPE_WORDS = new Set(['const', 'volatile', 'unsigned', 'signed', 'short', 'long', 'int', 'char', 'void', 'float',
  'double', 'bool', '_Bool', 'struct', 'enum', 'union', 'size_t', 'restrict']);

/** Removes comments and preprocessor lines (with their continuations); keeps line structure. */
function stripComments(text) {
  let out = text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' ')).replace(/\/\/[^\n]*/g, '');
  out = out.replace(/^[ \t]*#(?:[^\n]*\\\n)*[^\n]*/gm, '');
  return out;
}

/**
 * One type in normal form: tokens separated by one space, `*` attached to nothing
 * ("Platform_AudioDevice const *"), a leading const moved after the type it qualifies, `struct X`
 * written `X` (every struct here has a typedef of the same name), `_Bool` written `bool`.
 */
export function normalType(raw) {
  let tokens = raw.replace(/\*/g, ' * ').trim().split(/\s+/).filter(Boolean);
  tokens = tokens.filter((t, i) => !(t === 'struct' || t === 'enum') || i + 1 >= tokens.length).map((t) => (t === '_Bool' ? 'bool' : t));
  // "const T *" -> "T const *" (the same type; the vendor and we are free to spell either).
  if (tokens[0] === 'const' && tokens.length >= 2 && tokens[1] !== '*') tokens = [tokens[1], 'const', ...tokens.slice(2)];
  return tokens.join(' ').replace(/ \*/g, ' *').replace(/\* \*/g, '**');
}

/** A parameter list "(T a, U *b)" -> ["T", "U *"]; "()" and "(void)" -> []. */
function normalParams(inner) {
  const text = inner.trim();
  if (text === '' || text === 'void') return [];
  return splitTop(text, ',').map((p) => {
    const tokens = p.replace(/\*/g, ' * ').trim().split(/\s+/);
    const last = tokens[tokens.length - 1];
    // Drop the name: the last identifier when something other than a type word precedes it.
    if (tokens.length > 1 && IDENT.test(last) && !TYPE_WORDS.has(last)) tokens.pop();
    return normalType(tokens.join(' '));
  });
}

/**
 * A parameter list with its names, for generators that write code calling the functions
 * (scripts/gen-sim-join.mjs): [{ type, name }], the type in normal form; a parameter without a
 * name gets `a<index>`.
 */
function namedParams(inner) {
  const text = inner.trim();
  if (text === '' || text === 'void') return [];
  return splitTop(text, ',').map((p, i) => {
    const tokens = p.replace(/\*/g, ' * ').trim().split(/\s+/);
    const last = tokens[tokens.length - 1];
    const named = tokens.length > 1 && IDENT.test(last) && !TYPE_WORDS.has(last);
    const name = named ? tokens.pop() : `a${i}`;
    return { type: normalType(tokens.join(' ')), name };
  });
}

/** Splits at `sep` outside parentheses and braces. */
function splitTop(text, sep) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    else if (c === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** Reads an enum value: decimal, hex, octal, negative, or a shift of those; null when not a number. */
function enumValue(text) {
  const t = text.replace(/[()\s]/g, '').replace(/[uUlL]+$/, '');
  const shift = /^(.+)<<(.+)$/.exec(t);
  if (shift) {
    const a = enumValue(shift[1]);
    const b = enumValue(shift[2]);
    return a === null || b === null ? null : a * 2 ** b;
  }
  if (/^-?(0x[0-9a-f]+|\d+)$/i.test(t)) return Number(t.startsWith('-') ? -Number(t.slice(1)) : Number(t));
  return null;
}

/**
 * Parses header text. Returns { functions, callbacks, structs, enums, skipped, named }:
 *   functions: name -> "ret name(T1, T2)"      callbacks: name -> "ret (*)(T1, T2)"
 *   structs:   name -> ["T field", "T field[3]", …]   enums: name -> { member: value }
 *   named:     function or callback name -> { ret, params: [{ type, name }] } (names kept)
 * Names are as written (apply renameIdentifiers first to read another prefix as ours).
 */
export function parseHeader(text) {
  if (typeof text !== 'string') throw new TypeError('parseHeader: text must be a string');
  if (text.length > MAX_HEADER_BYTES) throw new RangeError(`header is over ${MAX_HEADER_BYTES} bytes`);
  let body = stripComments(text);
  body = body.replace(/extern\s+"C"\s*\{/g, ' ').replace(/\b[A-Z][A-Z0-9]*_API\b/g, ' ')
    .replace(/__declspec\s*\([^)]*\)/g, ' ').replace(/__attribute__\s*\(\(.*?\)\)/g, ' ')
    .replace(/\b(?:__cdecl|__stdcall|CDECL)\b/g, ' ');
  const result = { functions: {}, callbacks: {}, structs: {}, enums: {}, skipped: [], named: {} };
  const statements = splitStatements(body);
  if (statements.length > MAX_STATEMENTS) throw new RangeError(`header has over ${MAX_STATEMENTS} declarations`);
  for (const s of statements) readStatement(s.replace(/\s+/g, ' ').trim(), result);
  return result;
}

/** Top-level statements ending in ';' (a stray closing brace of extern "C" is dropped). */
function splitStatements(body) {
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0) {
        start = i + 1; // the end of extern "C" { … }
        continue;
      }
      depth--;
    } else if (c === ';' && depth === 0) {
      out.push(body.slice(start, i));
      start = i + 1;
    }
  }
  return out.map((s) => s.trim()).filter(Boolean);
}

function readStatement(s, result) {
  let m;
  if ((m = /^typedef enum (\w+)? ?\{(.*)\} ?(\w+)$/.exec(s))) {
    const members = {};
    let next = 0;
    for (const item of splitTop(m[2], ',')) {
      const [name, value] = item.split('=').map((x) => x.trim());
      const v = value === undefined ? next : enumValue(value);
      members[name] = v === null ? value : v;
      next = (typeof members[name] === 'number' ? members[name] : next) + 1;
    }
    result.enums[m[3]] = members;
    return;
  }
  if ((m = /^typedef struct (\w+)? ?\{(.*)\} ?(\w+)$/.exec(s))) {
    result.structs[m[3]] = m[2].split(';').map((f) => f.trim()).filter(Boolean).map(normalField);
    return;
  }
  if ((m = /^struct (\w+) ?\{(.*)\}$/.exec(s))) {
    result.structs[m[1]] = m[2].split(';').map((f) => f.trim()).filter(Boolean).map(normalField);
    return;
  }
  if (/^(typedef )?struct \w+( \w+)?$/.test(s)) return; // a forward declaration or `typedef struct X X`
  if ((m = /^typedef (.+?)\( ?\* ?(\w+) ?\) ?\((.*)\)$/.exec(s))) {
    result.callbacks[m[2]] = `${joinTypeName(normalType(m[1]), '(*)')}(${normalParams(m[3]).join(', ')})`;
    result.named[m[2]] = { ret: normalType(m[1]), params: namedParams(m[3]) };
    return;
  }
  if ((m = /^(.+?) ?\b(\w+) ?\((.*)\)$/.exec(s)) && !s.startsWith('typedef')) {
    result.functions[m[2]] = `${joinTypeName(normalType(m[1]), m[2])}(${normalParams(m[3]).join(', ')})`;
    result.named[m[2]] = { ret: normalType(m[1]), params: namedParams(m[3]) };
    return;
  }
  result.skipped.push(s.length > 120 ? `${s.slice(0, 117)}...` : s);
}

/** "void *opaque[3]" -> "void * opaque[3]"; the field name is kept (it documents the layout). */
function normalField(f) {
  const m = /^(.*?)(\w+)\s*(\[\s*\w+\s*\])?$/.exec(f);
  if (!m) return f;
  return joinTypeName(normalType(m[1]), `${m[2]}${m[3] ? m[3].replace(/\s/g, '') : ''}`);
}

/** "void *" + "name" -> "void *name"; "int" + "name" -> "int name" (as C is usually written). */
function joinTypeName(type, name) {
  return type.endsWith('*') ? `${type}${name}` : `${type} ${name}`;
}

// ---------------------------------------------------------------------------------------------
// Symbol prefixes: the vendor's brand word where ours says `Platform`.

/**
 * The vendor's symbol prefix, read from the header: X in the `X_Client_Init(` prototype (every
 * SDK release has it), else the most common `X_` of the prototypes' names; null when neither.
 */
export function detectHeaderPrefix(text) {
  const body = stripComments(String(text).slice(0, MAX_HEADER_BYTES));
  const init = /\b([A-Za-z][A-Za-z0-9]*)_Client_Init\s*\(/.exec(body);
  if (init) return init[1];
  const counts = new Map();
  for (const m of body.matchAll(/\b([A-Z][A-Za-z0-9]*)_[A-Z]\w*\s*\(/g)) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  let best = null;
  for (const [p, n] of counts) if (best === null || n > counts.get(best)) best = p;
  return best;
}

/**
 * Renames the brand word `from` to `to` inside every identifier of `text` (sdk-abi.md 1.8: the
 * brand is replaced everywhere, also inside names such as SendXFriendRequest or
 * ExternalIdentityProviderType_XBot), where it stands as its own word part: after the start, an
 * underscore or a lower-case letter or digit, and before an upper-case letter, an underscore or the
 * end. The word `Platform` native to the vendor's names (SupportedPlatforms) is never touched,
 * since only `from` is replaced.
 */
export function renameIdentifiers(text, from, to = 'Platform') {
  if (!from || from === to) return text;
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(from)) throw new TypeError(`not a symbol prefix: ${JSON.stringify(from)}`);
  const upperFrom = from.toUpperCase();
  const re = new RegExp(`(^|[^A-Za-z0-9_]|_|[a-z0-9])(${from}|${upperFrom})(?=[A-Z_]|$|[^A-Za-z0-9_])`, 'g');
  // Replace inside each identifier separately, so a boundary is judged within the identifier.
  return text.replace(/[A-Za-z_][A-Za-z0-9_]*/g, (id) => id.replace(re, (_, pre, word) => pre + (word === upperFrom && from !== upperFrom ? to.toUpperCase() : to)));
}

/** Maps our name back to the vendor's: the inverse of renameIdentifiers, for messages. */
export function vendorName(ours, prefix) {
  return prefix && prefix !== 'Platform' ? renameIdentifiers(ours, 'Platform', prefix) : ours;
}

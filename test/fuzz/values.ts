// Pools of values for the argument fuzzer: wrong types, hostile objects (getters and Proxy traps
// that throw), odd Unicode and huge strings.
import * as fc from 'fast-check';

/** A value factory: objects are made fresh for every case (some are mutable or stateful). */
export interface Sample {
  label: string;
  make(): unknown;
}

/** What hostile values throw: user code's own error may come back unchanged, nothing else. */
export const SENTINEL = new Error('fuzz sentinel: a getter or Proxy trap threw');

const sample = (label: string, make: () => unknown): Sample => ({ label, make });

/** Wrong types for most parameters (each shape drops the ones it accepts). */
export const WRONG_TYPES: readonly Sample[] = [
  sample('undefined', () => undefined),
  sample('null', () => null),
  sample('0', () => 0),
  sample('-0', () => -0),
  sample('1', () => 1),
  sample('-1', () => -1),
  sample('1.5', () => 1.5),
  sample('NaN', () => Number.NaN),
  sample('Infinity', () => Infinity),
  sample('-Infinity', () => -Infinity),
  sample('2^53', () => 2 ** 53),
  sample('1n', () => 1n),
  sample('-1n', () => -1n),
  sample('2^64 (bigint)', () => 1n << 64n),
  sample('true', () => true),
  sample('false', () => false),
  sample('a symbol', () => Symbol('fuzz')),
  sample('Symbol.iterator', () => Symbol.iterator),
  sample('a function', () => () => 1),
  sample('a class', () => class Fuzz {}),
  sample('[]', () => []),
  sample('[1]', () => [1]),
  sample("['1']", () => ['1']),
  sample('a sparse array', () => new Array(3)),
  sample('{}', () => ({})),
  sample('Object.create(null)', () => Object.create(null) as unknown),
  sample('coercible object', () => ({ valueOf: () => 1, toString: () => '1', [Symbol.toPrimitive]: () => '1' })),
  sample("own '__proto__' key", () => JSON.parse('{"__proto__": {"polluted": true}}') as unknown),
  sample("'constructor' key", () => ({ constructor: 'x', prototype: 1 })),
  sample('new String', () => new String('1')),
  sample('new Number', () => new Number(1)),
  sample('new Boolean', () => new Boolean(true)),
  sample('invalid Date', () => new Date(Number.NaN)),
  sample('a Date', () => new Date(0)),
  sample('a RegExp', () => /1/),
  sample('a Map', () => new Map([['a', 1]])),
  sample('a Promise', () => Promise.resolve('1')),
  sample('a Buffer', () => Buffer.from('1')),
  sample('an Int16Array', () => new Int16Array(4)),
  sample('an Error', () => new TypeError('not me')),
];

/** Objects whose reads (or every Proxy trap) throw SENTINEL. */
export const HOSTILE: readonly Sample[] = [
  // First: shapes.ts treats it apart (a valid empty options object where no listed key is read).
  sample('getters that throw', () => throwingGetters(['id', 'userId', 'username', 'scopes', 'limit', 'metadata', 'kind', 'type',
    'aborted', 'join', 'steamAppId', 'then', 'valueOf', 'toString'])),
  sample('a Proxy whose traps throw', () => new Proxy({}, {
    get() { throw SENTINEL; }, has() { throw SENTINEL; }, ownKeys() { throw SENTINEL; },
    getOwnPropertyDescriptor() { throw SENTINEL; }, getPrototypeOf() { throw SENTINEL; },
  })),
  sample('an array Proxy whose traps throw', () => new Proxy([], {
    get() { throw SENTINEL; }, ownKeys() { throw SENTINEL; }, getOwnPropertyDescriptor() { throw SENTINEL; },
  })),
  sample('a revoked Proxy', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  }),
];

// Units of odd strings: lone surrogates, NUL and controls, bidi marks, emoji (with ZWJ and
// modifiers), combining marks, BOM and noncharacters, and plain text around them.
const ODD_UNITS = [
  '\ud800', '\udfff', '\udbff', '\u0000', '\u0001', '\u001b', '\u007f', '\u202e', '\u200f', '\u200e', '\u2066', '\u200b',
  '😀', '👩‍💻', '👍🏽', '🇫🇷', '\u0301', '\u0308', 'e\u0301', '\ufeff', '\uffff', '\ufffe', '𝔘', 'ß', 'İ', 'ﷺ', '٣', '中', ' ', '\n',
  '\t', '%', '"', "'", '\\', '<', '&', 'a', 'Z', '0', '9', '.', '/',
];

/** A string of odd Unicode, minLength..maxLength UTF-16 units (filtered to that range). */
export function oddString(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...ODD_UNITS), minLength: Math.min(minLength, maxLength), maxLength })
    .filter((s) => s.length >= minLength && s.length <= maxLength);
}

const huge = new Map<string, string>();
/** A string of just over 1 MB (one per character, made once). */
export function hugeString(ch = 'a'): string {
  let s = huge.get(ch);
  if (s === undefined) {
    s = ch.repeat((1 << 20) + 1);
    huge.set(ch, s);
  }
  return s;
}

/** An object whose (non-enumerable) getters for `keys` throw SENTINEL. */
export function throwingGetters(keys: readonly string[]): object {
  const o = {};
  for (const key of keys) Object.defineProperty(o, key, { get() { throw SENTINEL; }, enumerable: false });
  return o;
}

// The shapes of public parameters, as the fuzz catalog describes them, and the cases each shape
// generates: values that break the shape ("bad": the call must throw a TypeError/RangeError
// naming the argument) and odd values that may be valid ("odd": the call may also succeed, or be
// refused by the platform with a PlatformError).
import * as fc from 'fast-check';
import { HOSTILE, hugeString, oddString, throwingGetters, WRONG_TYPES, type Sample } from './values';

export type Shape =
  | { t: 'id' }
  /** checkString: UTF-16 length min..max. `odd: false` when any odd string would have side effects (paths, flows). */
  | { t: 'string'; min: number; max: number; odd?: boolean }
  /** 1..max Unicode code points (activity texts, message content). */
  | { t: 'text'; max: number }
  | { t: 'url'; max: number }
  | { t: 'int'; min: number; max: number }
  | { t: 'number'; min: number; max: number }
  | { t: 'bool' }
  | { t: 'enum'; values: readonly string[] }
  /** `base`: the valid object the key cases start from (default: the required keys' valid values). */
  | { t: 'object'; keys: Record<string, Field>; base?: () => Record<string, unknown> }
  /** `max`: the documented most items (none: no 'too many' case). */
  | { t: 'array'; of: Shape; max?: number; nonEmpty?: boolean; valid: () => unknown }
  | { t: 'function' }
  | { t: 'signal' }
  | { t: 'time' }
  /** A shape with its own generators (union parameters: friend request targets, launch commands, …). */
  | { t: 'custom'; accepts: (v: unknown) => boolean; cases: (path: string) => fc.Arbitrary<Case>; wrongTypes?: boolean };

export interface Field {
  shape: Shape;
  /** Present in the valid base object (required keys must have one). */
  valid?: () => unknown;
  required?: boolean;
  /** null is a valid value (as "none"). */
  nullable?: boolean;
}

/** One generated argument: `path` is the name the error must carry. */
export interface Case {
  value: unknown;
  path: string;
  /** true: breaks the shape (a named TypeError/RangeError is the only good outcome). */
  bad: boolean;
  /** The value runs user code that throws (getters, Proxy traps): that error may come back as is. */
  hostile?: boolean;
  /** What kind of value it is, for the summary and failure reports. */
  label: string;
  /** How many times the call read the value's changing getter (it must read it once at most). */
  reads?: () => number;
}

const bad = (path: string, label: string) => (value: unknown): Case => ({ value, path, bad: true, label });
const odd = (path: string, label: string) => (value: unknown): Case => ({ value, path, bad: false, label });

/** The type the shape accepts, so the wrong-type pool can leave those values to the shape's own generators. */
function acceptsType(shape: Shape, v: unknown): boolean {
  switch (shape.t) {
    case 'id': return typeof v === 'string' || typeof v === 'bigint';
    case 'string': case 'text': case 'url': case 'enum': return typeof v === 'string';
    case 'int': case 'number': return typeof v === 'number';
    case 'bool': return typeof v === 'boolean';
    case 'object': return typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'array': return Array.isArray(v);
    case 'function': return typeof v === 'function';
    case 'signal': return false;
    case 'time': return typeof v === 'number' || v instanceof Date;
    case 'custom': return shape.accepts(v);
  }
}

function wrongTypes(shape: Shape, path: string, optional: boolean, nullable: boolean): fc.Arbitrary<Case> {
  const pool = WRONG_TYPES.filter((s) => {
    const v = s.make();
    return !acceptsType(shape, v) && !(optional && v === undefined) && !(nullable && v === null);
  });
  // An object whose getters throw is a wrong type for most shapes, but a valid (empty) object for
  // an options bag without those keys: bad only where no object is accepted.
  const objectIsWrong = !acceptsType(shape, {});
  const arbs: Array<fc.Arbitrary<Case>> = [
    fc.constantFrom(...HOSTILE).map((s: Sample): Case =>
      ({ value: s.make(), path, bad: s !== HOSTILE[0] || objectIsWrong, hostile: true, label: `hostile: ${s.label}` })),
  ];
  if (pool.length > 0) arbs.push(fc.constantFrom(...pool).map((s) => bad(path, `wrong type: ${s.label}`)(s.make())));
  return fc.oneof(...arbs);
}

const MAX_U64 = (1n << 64n) - 1n;
const MALFORMED_IDS = [
  '', '-1', '1e3', ' 1', '1 ', '+1', '0x10', '1.0', '1_000', '0', '00', '0000', '18446744073709551616',
  '99999999999999999999', '123456789012345678901', '١٢٣', '１２３', '12\u0000', '\u200f123', '１', 'abc', 'null', 'undefined',
];

function stringCases(min: number, max: number, path: string, codePoints: boolean): fc.Arbitrary<Case>[] {
  const arbs: fc.Arbitrary<Case>[] = [
    fc.constantFrom(hugeString(), hugeString('é')).map(bad(path, '1 MB string')),
    // Over the limit by a little: ASCII, and (when counted in code points) astral characters.
    fc.integer({ min: max + 1, max: max + 40 }).map((n) => bad(path, 'over-long')('x'.repeat(n))),
  ];
  if (codePoints) arbs.push(fc.integer({ min: max + 1, max: max + 8 }).map((n) => bad(path, 'over-long emoji')('😀'.repeat(n))));
  if (min >= 1) arbs.push(fc.constant(bad(path, 'empty string')('')));
  if (min > 1) arbs.push(fc.integer({ min: 1, max: min - 1 }).map((n) => bad(path, 'too short')('y'.repeat(n))));
  return arbs;
}

/** The cases of one parameter (or option key) of `shape`, named `path`. */
export function casesFor(shape: Shape, path: string, optional = false, nullable = false): fc.Arbitrary<Case> {
  const wrong = wrongTypes(shape, path, optional, nullable);
  switch (shape.t) {
    case 'id':
      return fc.oneof(
        wrong,
        fc.constantFrom(...MALFORMED_IDS).map(bad(path, 'malformed id')),
        fc.string({ maxLength: 24 }).filter((s) => !/^[0-9]{1,20}$/.test(s)).map(bad(path, 'non-decimal id')),
        fc.constant('9'.repeat(10_000)).map(bad(path, '10k-digit id')),
        fc.bigInt({ min: MAX_U64 + 1n, max: 1n << 80n }).map(bad(path, 'bigint >= 2^64')),
        fc.bigInt({ min: -(1n << 70n), max: 0n }).map(bad(path, 'bigint <= 0')),
        fc.bigInt({ min: MAX_U64 + 1n, max: 10n ** 20n - 1n }).map((n) => bad(path, '20-digit id >= 2^64')(n.toString())),
        // Well-formed ids nobody has: the platform refuses them (or answers null), never a crash.
        fc.bigInt({ min: 1n, max: MAX_U64 }).chain((n) => fc.constantFrom(n, n.toString())).map(odd(path, 'unknown id')),
      );
    case 'string': {
      const arbs = [wrong, ...stringCases(shape.min, shape.max, path, false)];
      if (shape.odd !== false) {
        arbs.push(oddString(Math.max(shape.min, 1), Math.min(shape.max, 48)).map(odd(path, 'odd Unicode')));
      }
      return fc.oneof(...arbs);
    }
    case 'text':
      return fc.oneof(wrong, ...stringCases(1, shape.max, path, true), oddString(1, Math.min(shape.max, 48)).map(odd(path, 'odd Unicode')));
    case 'url':
      return fc.oneof(
        wrong,
        fc.constant(bad(path, 'empty string')('')),
        fc.integer({ min: shape.max + 1, max: shape.max + 40 }).map((n) => bad(path, 'over-long URL')('https://a.example/' + 'p'.repeat(n))),
        fc.constant(bad(path, '1 MB string')(hugeString())),
        fc.constantFrom('ftp://a.example', 'javascript:alert(1)', 'https:host', 'https://', 'http:/a.example', '//a.example',
          'https://a b.example', 'https://a.example/\u0000', ' https://a.example', 'https://a.example\n', 'file:///etc/passwd',
          'data:text/html,x', 'HTTPS//x', 'https:\\\\a.example').map(bad(path, 'not an http(s) URL')),
        oddString(0, 24).map((s) => odd(path, 'URL with odd Unicode')(`https://a.example/${s}`)),
      );
    case 'int':
      return fc.oneof(
        wrong,
        fc.constantFrom(Number.NaN, Infinity, -Infinity).map(bad(path, 'non-finite')),
        fc.double({ noInteger: true, noNaN: true, noDefaultInfinity: true }).map(bad(path, 'fraction')),
        fc.double({ max: shape.min, maxExcluded: true, noNaN: true }).filter((v) => v < shape.min).map(bad(path, 'below the range')),
        fc.double({ min: shape.max, minExcluded: true, noNaN: true }).filter((v) => v > shape.max).map(bad(path, 'above the range')),
        fc.integer({ min: Math.max(shape.min, -(2 ** 31)), max: Math.min(shape.max, 2 ** 31 - 1) }).map(odd(path, 'in range')),
      );
    case 'number':
      return fc.oneof(
        wrong,
        fc.constant(bad(path, 'NaN')(Number.NaN)),
        fc.double({ max: shape.min, maxExcluded: true, noNaN: true }).filter((v) => v < shape.min).map(bad(path, 'below the range')),
        fc.double({ min: shape.max, minExcluded: true, noNaN: true }).filter((v) => v > shape.max).map(bad(path, 'above the range')),
        // (-0 is in range when 0 is: fast-check counts it below 0, the checks do not.)
        fc.double({ min: shape.min, max: shape.max, noNaN: true }).map(odd(path, 'in range')),
      );
    case 'bool':
      return fc.oneof(wrong, fc.boolean().map(odd(path, 'boolean')));
    case 'enum': {
      const allowed = new Set(shape.values);
      const near = shape.values.flatMap((v) => [v.toUpperCase(), ` ${v}`, `${v}\u0000`, `${v}\u200b`, v.normalize('NFD') + '\u0301']);
      return fc.oneof(
        wrong,
        // Names every object inherits: a lookup with `in` or `[]` would take them for members.
        fc.constantFrom('toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf').map(bad(path, 'inherited name')),
        fc.constantFrom('', ...near).filter((s) => !allowed.has(s)).map(bad(path, 'not a member')),
        fc.string({ maxLength: 12 }).filter((s) => !allowed.has(s)).map(bad(path, 'random string')),
        fc.constantFrom(...shape.values).map(odd(path, 'member')),
      );
    }
    case 'function':
      return fc.oneof(wrong, fc.constant(odd(path, 'function')(() => undefined)));
    case 'signal':
      return fc.oneof(
        wrong,
        fc.constantFrom<() => unknown>(() => ({}), () => ({ aborted: 'no', addEventListener() {} }), () => ({ aborted: false }),
          () => ({ aborted: false, addEventListener: 1 })).map((make) => bad(path, 'not an AbortSignal')(make())),
        fc.constant(null).map(() => odd(path, 'AbortSignal')(new AbortController().signal)),
      );
    case 'time':
      return fc.oneof(
        wrong,
        fc.constantFrom<() => unknown>(() => Number.NaN, () => -1, () => 1.5, () => Infinity, () => 2 ** 53 + 2, () => new Date(Number.NaN),
          () => Object.create(Date.prototype) as unknown).map((make) => bad(path, 'bad time')(make())),
        fc.integer({ min: 0, max: 4_102_444_800_000 }).chain((ms) => fc.constantFrom<unknown>(ms, new Date(ms))).map(odd(path, 'time')),
      );
    case 'array':
      return fc.oneof(
        wrong,
        ...(shape.nonEmpty ? [fc.constant(null).map(() => bad(path, 'empty array')([]))] : []),
        ...(shape.max === undefined ? [] : [fc.constant(shape.max + 1).map((n) => bad(path, 'too many')(Array.from({ length: n }, () => itemOf(shape.valid()))))]),
        // Bounded before walked: a sparse array of length 2^32-1 must be refused by its length at once.
        fc.constant(null).map(() => bad(path, 'sparse, length 2^32-1')(hugeSparseArray())),
        // A hole is an item the caller did not give: refused, never skipped.
        fc.constant(null).map(() => bad(path, 'with a hole')(withHole(itemOf(shape.valid()), shape.max))),
        casesFor(shape.of, `${path}[0]`).map((c) => ({ ...c, value: [c.value] })),
      );
    case 'object':
      return objectCases(shape, path, wrong);
    case 'custom':
      return shape.wrongTypes === false ? shape.cases(path) : fc.oneof(wrong, shape.cases(path));
  }
}

function hugeSparseArray(): unknown[] {
  const a: unknown[] = [];
  a.length = 2 ** 32 - 1;
  return a;
}

/** [item, <hole>] (or just [<hole>] when one item is the most). */
function withHole(item: unknown, max: number | undefined): unknown[] {
  const a: unknown[] = max === 1 ? [] : [item];
  a.length += 1;
  return a;
}

function itemOf(valid: unknown): unknown {
  return Array.isArray(valid) ? valid[0] : valid;
}

/** The valid base of an object shape: its required keys (and nested required objects). */
export function validObject(shape: Extract<Shape, { t: 'object' }>): Record<string, unknown> {
  if (shape.base) return shape.base();
  const o: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(shape.keys)) if (f.required) o[key] = f.valid!();
  return o;
}

function objectCases(shape: Extract<Shape, { t: 'object' }>, path: string, wrong: fc.Arbitrary<Case>): fc.Arbitrary<Case> {
  const keys = Object.keys(shape.keys);
  const required = keys.filter((k) => shape.keys[k]!.required);
  const arbs: fc.Arbitrary<Case>[] = [
    wrong,
    // Getters that throw on every key the shape reads (not enumerable: the unknown-key check passes).
    fc.constant(null).map((): Case => ({ value: throwingGetters(keys), path, bad: true, hostile: true, label: 'hostile: getters of its keys throw' })),
    // Unknown keys, including ones that look like prototype tricks (as own, enumerable keys).
    fc.constantFrom('bogus', '__proto__', 'constructor', 'toString', '', ...keys.map((k) => k.toUpperCase()))
      .filter((k) => !keys.includes(k))
      .map((k) => {
        const o = validObject(shape);
        Object.defineProperty(o, k, { value: 1, enumerable: true, configurable: true, writable: true });
        return bad(path, `unknown key '${k}'`)(o);
      }),
  ];
  if (required.length > 0) {
    arbs.push(fc.constantFrom(...required).map((k) => {
      const o = validObject(shape);
      delete o[k];
      return bad(`${path}.${k}`, 'missing key')(o);
    }));
    // A required key inherited from the prototype, not own: the checks read it, and it must be valid.
    arbs.push(fc.constantFrom(...required).chain((k) => casesFor(shape.keys[k]!.shape, `${path}.${k}`).filter((c) => c.bad).map((c) => {
      const o = validObject(shape);
      delete o[k];
      return { ...c, value: Object.setPrototypeOf(o, { [k]: c.value }) as unknown, label: `${c.label} (inherited)` };
    })));
  }
  // A key whose getter answers the first read with a valid value and later ones with a wrong type:
  // the call must read it once (the checks and the call then see the same value).
  const withValid = keys.filter((k) => shape.keys[k]!.valid !== undefined);
  if (withValid.length > 0) {
    arbs.push(fc.constantFrom(...withValid).map((k): Case => {
      const o = validObject(shape);
      const good = shape.keys[k]!.valid!();
      let reads = 0;
      Object.defineProperty(o, k, { enumerable: true, configurable: true, get: () => (++reads === 1 ? good : Symbol('second read')) });
      return { value: o, path: `${path}.${k}`, bad: false, label: 'getter that changes', reads: () => reads };
    }));
  }
  if (keys.length === 0) return fc.oneof(...arbs);
  // One key's value at a time, keys picked by weight (a nested object inside the valid base of its parent).
  const keyCases = fc.oneof(...keys.map((k) => {
    const f = shape.keys[k]!;
    return {
      weight: weightOf(f.shape),
      arbitrary: casesFor(f.shape, `${path}.${k}`, !f.required, f.nullable).map((c) => {
        const o = validObject(shape);
        o[k] = c.value;
        return { ...c, value: o };
      }),
    };
  }));
  // The object as a whole gets about one share in three; its keys the rest.
  return fc.oneof({ weight: 1, arbitrary: fc.oneof(...arbs) }, { weight: 2, arbitrary: keyCases });
}

/** How many values a shape is made of (an object: itself plus its keys'), to spread the runs by. */
export function weightOf(shape: Shape): number {
  if (shape.t === 'object') return 1 + Object.values(shape.keys).reduce((n, f) => n + weightOf(f.shape), 0);
  if (shape.t === 'array') return 1 + weightOf(shape.of);
  return 1;
}

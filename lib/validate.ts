// Argument validation: every public function checks its input here before anything reaches
// native code, and names the argument in the TypeError/RangeError it throws.
const MAX_U64 = (1n << 64n) - 1n;
/** Longest audio device id (or simulated device name) taken: an OS device id is a few hundred characters at most. */
export const MAX_DEVICE_ID_CHARS = 1024;
const DECIMAL = /^[0-9]{1,20}$/;

/** A snowflake id as string (decimal) or bigint → bigint in 1..2^64-1. */
export function toId(value: unknown, name: string): bigint {
  let id: bigint;
  if (typeof value === 'bigint') {
    id = value;
  } else if (typeof value === 'string') {
    if (!DECIMAL.test(value)) throw new TypeError(`${name} must be a decimal id string or a bigint, got ${describe(value)}`);
    id = BigInt(value);
  } else {
    throw new TypeError(`${name} must be a decimal id string or a bigint, got ${describe(value)}`);
  }
  if (id < 0n) throw new RangeError(`${name} must not be negative`);
  if (id > MAX_U64) throw new RangeError(`${name} must be at most 2^64-1`);
  if (id === 0n) throw new RangeError(`${name} must not be 0`);
  return id;
}

export function checkString(value: unknown, name: string, opts: { min?: number; max?: number } = {}): string {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string, got ${describe(value)}`);
  const { min = 0, max = 1 << 20 } = opts;
  if (value.length < min) throw new RangeError(min === 1 ? `${name} must not be empty` : `${name} must have at least ${min} characters`);
  if (value.length > max) throw new RangeError(`${name} must have at most ${max} characters`);
  return value;
}

export function checkOptionalString(value: unknown, name: string, opts?: { min?: number; max?: number }): string | undefined {
  return value === undefined ? undefined : checkString(value, name, opts);
}

/** A finite number in [min, max] (volumes, gains, thresholds). */
export function checkNumber(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== 'number' || Number.isNaN(value)) throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  if (value < min || value > max) throw new RangeError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function checkInt(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== 'number' || Number.isNaN(value)) throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  if (!Number.isInteger(value)) throw new RangeError(`${name} must be an integer`);
  if (value < min || value > max) throw new RangeError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function checkBoolean(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') throw new TypeError(`${name} must be a boolean, got ${describe(value)}`);
  return value;
}

export function checkObject<T extends object>(value: unknown, name: string): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${name} must be an object, got ${describe(value)}`);
  }
  return value as T;
}

export function checkOptionalObject<T extends object>(value: unknown, name: string): T {
  return (value === undefined ? {} : checkObject<T>(value, name)) as T;
}

/** A string union member; the message lists the allowed values. */
export function checkEnum<T extends string>(value: unknown, name: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new TypeError(`${name} must be one of ${allowed.map((a) => `'${a}'`).join(', ')}, got ${describe(value)}`);
  }
  return value as T;
}

export function checkSignal(value: unknown, name: string): AbortSignal | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || typeof (value as AbortSignal).aborted !== 'boolean' ||
      typeof (value as AbortSignal).addEventListener !== 'function') {
    throw new TypeError(`${name} must be an AbortSignal`);
  }
  return value as AbortSignal;
}

/** Rejects keys the options object does not know (a typo must not be ignored silently). */
export function checkKnownKeys(obj: object, name: string, known: readonly string[]): void {
  for (const key of Object.keys(obj)) {
    if (!known.includes(key)) throw new TypeError(`${name} has an unknown option ${describeKey(key)} (known: ${known.join(', ')})`);
  }
}

/**
 * An options object: checkObject, checkKnownKeys, then a snapshot in which each known key was read
 * exactly once (own or inherited). The checks and the call then see the same value, even when a
 * getter would answer a second read differently.
 */
export function checkOptions<T extends object>(value: unknown, name: string, known: readonly string[]): T {
  const o = checkObject<Record<string, unknown>>(value, name);
  checkKnownKeys(o, name, known);
  const out: Record<string, unknown> = {};
  for (const key of known) {
    const v = o[key];
    if (v !== undefined) out[key] = v;
  }
  return out as T;
}

/** checkOptions for an optional options object (undefined is {}). */
export function checkOptionalOptions<T extends object>(value: unknown, name: string, known: readonly string[]): T {
  return value === undefined ? ({} as T) : checkOptions<T>(value, name, known);
}

// A typo'd option name is worth echoing; anything else (a token spread into the object by
// mistake, say) is described, never echoed. Option names are short lowerCamel words.
function describeKey(key: string): string {
  return /^[A-Za-z][A-Za-z0-9]{0,31}$/.test(key) ? `'${key}'` : `(a key of ${key.length} characters)`;
}

// Describes a bad value without echoing it: it may be a secret passed in the wrong place.
export function describeValue(value: unknown): string {
  return describe(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `a string of length ${value.length}`;
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : `the number ${value}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * An array of at most `max` items, copied item by item. The length is read once and checked
 * before any item is read (a sparse array of length 2^32-1 must not be walked); holes are refused
 * (a missing item is not silently dropped); each item is read exactly once.
 */
export function checkArray(value: unknown, name: string, opts: { min?: number; max: number; items?: string }): unknown[] {
  if (!Array.isArray(value)) throw new TypeError(`${name} must be an array, got ${describe(value)}`);
  const { min = 0, max, items = 'items' } = opts;
  const length: unknown = (value as unknown[]).length;
  if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0) throw new TypeError(`${name} must be an array`);
  if (length < min) throw new RangeError(min === 1 ? `${name} must not be empty` : `${name} must have at least ${min} ${items}`);
  if (length > max) throw new RangeError(`${name} must have at most ${max} ${items}, got ${length}`);
  const out: unknown[] = [];
  for (let i = 0; i < length; i++) {
    if (!Object.prototype.hasOwnProperty.call(value, i)) throw new TypeError(`${name}[${i}] is missing (sparse arrays are not accepted)`);
    out.push((value as unknown[])[i]);
  }
  return out;
}

/** At most this many keys in a metadata map (the binding's bound; the platform documents none). */
export const MAX_MAP_KEYS = 1024;
/** At most this many UTF-16 units in a metadata key. */
export const MAX_MAP_KEY_LENGTH = 1024;

/**
 * A string → string map (message and lobby metadata). Keys and values are copied, each value read
 * once. Errors name the map and the key's position, never the key: a secret spread into metadata
 * by mistake must not end up in an error message.
 */
export function checkStringMap(value: unknown, name: string): Record<string, string> {
  const o = checkObject<Record<string, unknown>>(value, name);
  const keys = Object.keys(o);
  if (keys.length > MAX_MAP_KEYS) throw new RangeError(`${name} must have at most ${MAX_MAP_KEYS} keys, got ${keys.length}`);
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  keys.forEach((key, i) => {
    if (key.length > MAX_MAP_KEY_LENGTH) throw new RangeError(`${name}: key ${i + 1} must have at most ${MAX_MAP_KEY_LENGTH} characters`);
    const v = o[key];
    if (typeof v !== 'string') throw new TypeError(`${name}: the value of key ${i + 1} must be a string, got ${describe(v)}`);
    if (v.length > 1 << 20) throw new RangeError(`${name}: the value of key ${i + 1} must have at most ${1 << 20} characters`);
    out[key] = v;
  });
  return { ...out };
}

/** A file-system path: 1..32767 UTF-16 units (the Windows limit), no NUL (it would cut the path short). */
export function checkOptionalPath(value: unknown, name: string): string | undefined {
  const path = checkOptionalString(value, name, { min: 1, max: 32767 });
  if (path !== undefined && path.includes('\0')) throw new TypeError(`${name} must not contain NUL characters`);
  return path;
}

export const MAX_MESSAGE_CHARACTERS = 2000;

/** Message content: 1..2000 characters (Unicode code points, as the platform counts them). */
export function checkMessageContent(value: unknown, name: string): string {
  const content = checkString(value, name, { min: 1 });
  // A string of at most 2000 UTF-16 units has at most 2000 code points: count only when needed.
  if (content.length > MAX_MESSAGE_CHARACTERS) {
    let points = 0;
    for (const _ of content) if (++points > MAX_MESSAGE_CHARACTERS) break;
    if (points > MAX_MESSAGE_CHARACTERS) {
      throw new RangeError(`${name} must have at most ${MAX_MESSAGE_CHARACTERS} characters (the platform's limit); nothing was sent`);
    }
  }
  return content;
}

/** The last instant a JavaScript Date can hold (ms since the epoch): every time the package hands out stays at or before it. */
export const MAX_DATE_MS = 8.64e15;

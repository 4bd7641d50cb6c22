// Session stores: where a persistent session keeps its token set between runs. The interface is
// three functions; three implementations ship (memory, Electron safeStorage, AES-256-GCM file).
// Nothing here writes a token in the clear: the file stores encrypt before the first byte leaves.
import type * as NodeCrypto from 'node:crypto';
import type * as NodeFs from 'node:fs/promises';
import * as path from 'node:path';
import { REDACTED, inspectCustom, rememberSecret } from '../redact';
import { checkBoolean, checkInt, checkObject, checkOptions, checkString } from '../validate';

// node:crypto and node:fs/promises load when a file store first reads, writes or clears: at
// require time they cost ~3.5 ms of the package's startup (bench row 9), and most processes never
// use a file store. require() caches, so later calls are a property read.
const crypto = (): typeof NodeCrypto => require('node:crypto') as typeof NodeCrypto;
const fs = (): typeof NodeFs => require('node:fs/promises') as typeof NodeFs;

/** What a session persists. `expiresAt` is in ms on the session's clock. */
export interface StoredSession {
  /** The access token the SDK connects with. */
  accessToken: string;
  /** Empty for provisional accounts (they have no refresh grant). */
  refreshToken: string;
  /** How the SDK presents the access token. */
  tokenType: 'user' | 'bearer';
  /** The granted scopes, space-separated. */
  scopes: string;
  /** When the access token expires, ms since the epoch on the session's clock (not wall-clock time). */
  expiresAt: number;
  /** A provisional account's session: it renews through `getExternalAuthToken`, not a refresh grant. */
  provisional: boolean;
}

/**
 * Where a session keeps its tokens between runs ({@link StartSessionOptions.store}). Three
 * implementations ship: {@link MemorySessionStore}, {@link SafeStorageSessionStore} and
 * {@link EncryptedFileSessionStore}; a store of your own implements these three functions, each of
 * which may return a promise. What you store are live credentials: keep them encrypted at rest.
 */
export interface SessionStore {
  /**
   * The saved session, or null when there is none. What it returns is checked before use; a load
   * that throws (a damaged file, another key) is reported (`sessionError`, or a process warning
   * when nothing listens) and the session signs in anew.
   */
  load(): StoredSession | null | Promise<StoredSession | null>;
  /**
   * Replaces the saved session; called after every sign-in and renewal. A save that fails is
   * reported like a failed load, and the session goes on with the tokens it holds.
   */
  save(session: StoredSession): void | Promise<void>;
  /**
   * Deletes the saved session: on endSession(), and when the platform refused the grant. Clearing
   * an empty store should succeed (endSession() rejects with what clear() throws).
   */
  clear(): void | Promise<void>;
}

const MAX_TOKEN = 8192;
/** A stored session is a few hundred bytes: anything far larger is not ours. */
const MAX_FILE_BYTES = 64 * 1024;

/** Checks what a store handed back (a damaged or foreign file must not reach the SDK). */
export function parseStoredSession(value: unknown, name = 'stored session'): StoredSession {
  const o = checkOptions<Record<string, unknown>>(value, name, ['accessToken', 'refreshToken', 'tokenType', 'scopes', 'expiresAt', 'provisional']);  // each key read once
  const accessToken = checkString(o['accessToken'], `${name}.accessToken`, { min: 1, max: MAX_TOKEN });
  const refreshToken = checkString(o['refreshToken'], `${name}.refreshToken`, { max: MAX_TOKEN });
  rememberSecret(accessToken);
  rememberSecret(refreshToken);
  const rawType = o['tokenType'];
  const tokenType = rawType === 'user' ? 'user' : rawType === 'bearer' ? 'bearer' : undefined;
  if (tokenType === undefined) throw new TypeError(`${name}.tokenType must be 'user' or 'bearer'`);
  return {
    accessToken,
    refreshToken,
    tokenType,
    scopes: checkString(o['scopes'], `${name}.scopes`, { max: 4096 }),
    expiresAt: checkInt(o['expiresAt'], `${name}.expiresAt`, 0, Number.MAX_SAFE_INTEGER),
    provisional: checkBoolean(o['provisional'], `${name}.provisional`),
  };
}

/** Keeps the session in this process only (tests, or a launcher that signs in every run). */
export class MemorySessionStore implements SessionStore {
  #saved: StoredSession | null = null;

  /** A copy of the saved session, or null. */
  load(): StoredSession | null {
    return this.#saved && { ...this.#saved };
  }
  /** Checks the session (a TypeError or RangeError names the bad field) and keeps a copy. */
  save(session: StoredSession): void {
    this.#saved = parseStoredSession(session, 'session');
  }
  /** Forgets the saved session. */
  clear(): void {
    this.#saved = null;
  }
  /** What `console.log` and `util.inspect` show: whether a session is saved, never its tokens. */
  [inspectCustom](): string {
    return `MemorySessionStore { ${this.#saved ? `session: ${REDACTED}` : 'empty'} }`;
  }
}

/** The part of Electron's `safeStorage` the store uses (pass Electron's own object). */
export interface SafeStorageLike {
  /** Whether the OS backend can encrypt; the store refuses to save while it cannot. */
  isEncryptionAvailable(): boolean;
  /** Encrypts the session's JSON for the file. */
  encryptString(plainText: string): Uint8Array;
  /** Decrypts what `encryptString` wrote. */
  decryptString(encrypted: Uint8Array): string;
}

/**
 * Encrypts with Electron's `safeStorage` (DPAPI on Windows, the Keychain on macOS, the secret
 * service on Linux) into one file. Electron is passed in: this package does not depend on it.
 * Create it in the main process; on Linux `safeStorage` cannot encrypt before the app's `ready`
 * event, so start the session after it.
 * On Linux without a secret service Electron may fall back to its `basic_text` backend, which only
 * obfuscates: check `safeStorage.getSelectedStorageBackend()` if that matters to you.
 *
 * @example
 * ```ts
 * import { app, safeStorage } from 'electron';
 * const store = new SafeStorageSessionStore({ safeStorage, path: path.join(app.getPath('userData'), 'session.bin') });
 * await client.auth.startSession({ store });
 * ```
 */
export class SafeStorageSessionStore implements SessionStore {
  readonly #safeStorage: SafeStorageLike;
  readonly #file: string;

  constructor(options: { safeStorage: SafeStorageLike; path: string }) {
    const o = checkOptions<Record<string, unknown>>(options, 'options', ['safeStorage', 'path']);  // each key read once
    const s = checkObject<Record<string, unknown>>(o['safeStorage'], 'options.safeStorage');
    for (const fn of ['isEncryptionAvailable', 'encryptString', 'decryptString']) {
      if (typeof s[fn] !== 'function') throw new TypeError(`options.safeStorage.${fn} must be a function (pass Electron's safeStorage)`);
    }
    this.#safeStorage = s as unknown as SafeStorageLike;
    this.#file = path.resolve(checkString(o['path'], 'options.path', { min: 1, max: 4096 }));
  }

  /** Reads and decrypts the file; null when there is no file. Rejects for a file it cannot decrypt or read as a session. */
  async load(): Promise<StoredSession | null> {
    const bytes = await readBounded(this.#file);
    if (bytes === null) return null;
    return parseStoredSession(JSON.parse(this.#safeStorage.decryptString(bytes)));
  }

  /**
   * Encrypts the session and replaces the file atomically (mode 0600, folders created). Rejects,
   * writing nothing, when `safeStorage.isEncryptionAvailable()` is false.
   */
  async save(session: StoredSession): Promise<void> {
    // Without a working backend encryptString would fail or (Linux 'basic_text') barely hide the
    // text: refuse rather than write tokens a user could read from the disk.
    if (!this.#safeStorage.isEncryptionAvailable()) {
      throw new Error('SafeStorageSessionStore: safeStorage encryption is not available; the session was not saved');
    }
    const clean = parseStoredSession(session, 'session');
    await writeAtomically(this.#file, this.#safeStorage.encryptString(JSON.stringify(clean)));
  }

  /** Deletes the file (no error when there is none). */
  clear(): Promise<void> {
    return fs().rm(this.#file, { force: true });
  }
}

// File layout: magic (4) | IV (12) | GCM tag (16) | ciphertext. The magic is authenticated too.
const MAGIC = Buffer.from('PSS1', 'ascii');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM file store for plain Node. The caller provides the 32-byte key (from the OS
 * keychain, a KMS, a hardware token…): whoever has the key and the file has the session. Keep
 * the key out of the file's folder, and use the same key on every run (another key cannot read the
 * file: the session then signs in anew).
 *
 * @example
 * ```ts
 * const key = await keychain.get('session-key');  // 32 bytes, e.g. randomBytes(32) created once
 * const store = new EncryptedFileSessionStore({ path: path.join(dataDir, 'session.bin'), key });
 * await client.auth.startSession({ store });
 * ```
 */
export class EncryptedFileSessionStore implements SessionStore {
  readonly #key: Buffer;
  readonly #file: string;

  constructor(options: { path: string; key: Uint8Array }) {
    const o = checkOptions<Record<string, unknown>>(options, 'options', ['path', 'key']);  // each key read once
    this.#file = path.resolve(checkString(o['path'], 'options.path', { min: 1, max: 4096 }));
    const key = o['key'];
    if (!(key instanceof Uint8Array)) throw new TypeError('options.key must be a Buffer or Uint8Array of 32 bytes');
    if (key.byteLength !== 32) throw new RangeError('options.key must be 32 bytes (AES-256)');
    this.#key = Buffer.from(key);  // a copy: the caller may wipe theirs
  }

  /**
   * Reads, authenticates and decrypts the file; null when there is no file. Rejects for a file
   * this store did not write, another key, or a changed byte.
   */
  async load(): Promise<StoredSession | null> {
    const bytes = await readBounded(this.#file);
    if (bytes === null) return null;
    if (bytes.length < MAGIC.length + IV_BYTES + TAG_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
      throw new Error('EncryptedFileSessionStore: the session file is not one this store wrote');
    }
    const iv = bytes.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
    const tag = bytes.subarray(MAGIC.length + IV_BYTES, MAGIC.length + IV_BYTES + TAG_BYTES);
    const decipher = crypto().createDecipheriv('aes-256-gcm', this.#key, iv);
    decipher.setAAD(MAGIC);
    decipher.setAuthTag(tag);
    let text: string;
    try {
      text = Buffer.concat([decipher.update(bytes.subarray(MAGIC.length + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new Error('EncryptedFileSessionStore: the session file cannot be decrypted (another key, or a damaged file)');
    }
    return parseStoredSession(JSON.parse(text));
  }

  /** Encrypts the session (a fresh IV every time) and replaces the file atomically (mode 0600, folders created). */
  async save(session: StoredSession): Promise<void> {
    const clean = parseStoredSession(session, 'session');
    const iv = crypto().randomBytes(IV_BYTES);  // never reused: a fresh IV for every save
    const cipher = crypto().createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(MAGIC);
    const body = Buffer.concat([cipher.update(JSON.stringify(clean), 'utf8'), cipher.final()]);
    await writeAtomically(this.#file, Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]));
  }

  /** Deletes the file (no error when there is none). */
  clear(): Promise<void> {
    return fs().rm(this.#file, { force: true });
  }

  /** What `console.log` and `util.inspect` show: the path, never the key. */
  [inspectCustom](): string {
    return `EncryptedFileSessionStore { path: '${this.#file}', key: ${REDACTED} }`;
  }
}

async function readBounded(file: string): Promise<Buffer | null> {
  let bytes: Buffer;
  try {
    bytes = await fs().readFile(file);  // readFile closes the file at once: a user may delete it any time
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  if (bytes.length > MAX_FILE_BYTES) throw new Error('the session file is too large to be a saved session');
  return bytes;
}

// A crash mid-write must leave the old file or the new one, never half of each.
async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  await fs().mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto().randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs().writeFile(tmp, bytes, { mode: 0o600 });
    await fs().rename(tmp, file);
  } catch (err) {
    await fs().rm(tmp, { force: true });
    throw err;
  }
}

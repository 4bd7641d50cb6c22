// Session stores: where a persistent session keeps its token set between runs. The interface is
// three functions; three implementations ship (memory, Electron safeStorage, AES-256-GCM file).
// Nothing here writes a token in the clear: the file stores encrypt before the first byte leaves.
import type * as NodeCrypto from 'node:crypto';
import type * as NodeFs from 'node:fs/promises';
import * as path from 'node:path';
import { REDACTED, inspectCustom, rememberSecret } from '../redact';
import { quotedPath } from '../shown-path';
import { checkBoolean, checkInt, checkObject, checkOptions, checkString, MAX_DATE_MS } from '../validate';

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
    expiresAt: checkInt(o['expiresAt'], `${name}.expiresAt`, 0, MAX_DATE_MS),
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

  /**
   * Reads and decrypts the file; null when there is no file. Rejects for a file it cannot decrypt
   * or read as a session, and (without reading it) for anything that is not a regular file of at
   * most 64 KiB. The first load removes temporary files a killed save left.
   */
  async load(): Promise<StoredSession | null> {
    const bytes = await readStoreFile(this.#file);
    if (bytes === null) return null;
    return parseStoredSession(JSON.parse(this.#safeStorage.decryptString(bytes)));
  }

  /**
   * Encrypts the session and replaces the file atomically (mode 0600, synced before the rename; folders created 0700). Rejects,
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
   * this store did not write, another key, or a changed byte, and (without reading it) for
   * anything that is not a regular file of at most 64 KiB. The first load removes temporary
   * files a killed save left.
   */
  async load(): Promise<StoredSession | null> {
    const bytes = await readStoreFile(this.#file);
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

  /** Encrypts the session (a fresh IV every time) and replaces the file atomically (mode 0600, synced before the rename; folders created 0700). */
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
    return `EncryptedFileSessionStore { path: ${quotedPath(this.#file)}, key: ${REDACTED} }`;
  }
}


/** Files whose leftovers this process has cleaned (once per path: on the first load, the "next start"). */
const cleaned = new Set<string>();

/** The store's file, after removing the temporary files a killed writer left beside it. */
async function readStoreFile(file: string): Promise<Buffer | null> {
  if (!cleaned.has(file)) {
    await removeLeftovers(file);
    cleaned.add(file);
  }
  return readBounded(file);
}

// open + fstat + one bounded read: a link to /dev/zero, a FIFO, a folder or a 1 GiB file is
// refused from its metadata, never read (readFile would read it all, or wait on a FIFO forever).
async function readBounded(file: string): Promise<Buffer | null> {
  const { constants } = require('node:fs') as typeof import('node:fs');
  let handle: NodeFs.FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer (0 where absent, as on Windows).
    handle = await fs().open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {  // closed at once: a user may delete the file any time, and Windows keeps nothing open
    const stat = await handle.stat();
    if (!stat.isFile()) {
      throw new Error(`the session file ${quotedPath(file)} is not a regular file (a folder, device or pipe); remove it or choose another path`);
    }
    if (stat.size > MAX_FILE_BYTES) {
      throw new Error(`the session file ${quotedPath(file)} is too large to be a saved session (over ${MAX_FILE_BYTES} bytes); remove it or choose another path`);
    }
    // One byte more than the limit: a file that grew since fstat is caught too.
    const buffer = Buffer.alloc(MAX_FILE_BYTES + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > MAX_FILE_BYTES) {
        throw new Error(`the session file ${quotedPath(file)} is too large to be a saved session (over ${MAX_FILE_BYTES} bytes); remove it or choose another path`);
      }
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

/** The folder of a store's file, private to the user: 0700 whatever the umask (POSIX; Windows has no modes, its ACLs are inherited). */
async function makePrivateFolder(dir: string): Promise<void> {
  const created = await fs().mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode passes through the umask: each folder this call created (from `created` down to
  // `dir`) is set explicitly. A folder that existed before is the user's to keep as it is.
  if (created === undefined || process.platform === 'win32') return;
  const chain = [dir];
  while (chain[0] !== created && path.dirname(chain[0]!) !== chain[0]) chain.unshift(path.dirname(chain[0]!));
  for (const folder of chain) await fs().chmod(folder, 0o700);
}

/** The temporary files this store's writes create next to `file` (see writeAtomically). */
function isTempOf(file: string, name: string): boolean {
  const base = path.basename(file);
  return name.startsWith(`${base}.`) && /^\.\d+\.[0-9a-f]{8}\.tmp$/.test(name.slice(base.length));
}

/**
 * Removes temporary files a killed writer left (a crash between write and rename). Only files
 * whose writer process is gone: another live process may be writing its own right now.
 */
async function removeLeftovers(file: string): Promise<void> {
  let names: string[];
  try {
    names = await fs().readdir(path.dirname(file));
  } catch {
    return;  // no folder yet: nothing left over
  }
  for (const name of names) {
    if (!isTempOf(file, name)) continue;
    const pid = Number(name.slice(path.basename(file).length + 1).split('.')[0]);
    if (pid !== process.pid && processAlive(pid)) continue;
    if (pid === process.pid && writing.has(path.join(path.dirname(file), name))) continue;
    await fs().rm(path.join(path.dirname(file), name), { force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';  // alive, someone else's
  }
}

/** Temporary files this process is writing now (removeLeftovers must not take them). */
const writing = new Set<string>();

// A crash mid-write must leave the old file or the new one, never half of each: the bytes reach
// the disk (fsync) before the rename publishes them, and the rename reaches it before we return.
async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  const dir = path.dirname(file);
  await makePrivateFolder(dir);
  const tmp = `${file}.${process.pid}.${crypto().randomBytes(4).toString('hex')}.tmp`;
  writing.add(tmp);
  try {
    const handle = await fs().open(tmp, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs().rename(tmp, file);
  } catch (err) {
    await fs().rm(tmp, { force: true });
    throw err;
  } finally {
    writing.delete(tmp);
  }
  await syncFolder(dir);
}

// The rename is durable once the folder's entry is on disk. Windows cannot open a folder for
// fsync (and its rename is durable through NTFS's journal): skipped there.
async function syncFolder(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await fs().open(dir, 'r');
  try {
    await handle.sync();
  } catch (err) {
    // Some file systems refuse fsync on a folder (EINVAL): the file itself is already synced.
    if ((err as NodeJS.ErrnoException).code !== 'EINVAL') throw err;
  } finally {
    await handle.close();
  }
}

// Secret hygiene: every access/refresh token, authorization code and PKCE verifier the binding
// sees is remembered so that it can be cut out of anything we emit — SDK log lines (filtered again
// after the SDK's own filter), error messages and response bodies.
//
// Live secrets (tokens not yet expired, refreshed away or revoked; codes and verifiers not yet
// redeemed) are never evicted by newer ones: a burst of new secrets must not make the binding
// forget the token in use. Dead secrets stay redacted too, but only the last MAX_DEAD of them.
const MAX_DEAD = 256;
/**
 * A last-resort bound on live secrets (a program that mints verifiers or tokens without end): past
 * it the oldest live secret is treated as dead. Far above what a client holds at once.
 */
export const MAX_LIVE = 4096;
// "Bearer <token>" / "Authorization: <token>" in free text, whatever the token looks like.
const BEARER = /\b(Bearer|Authorization:)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
export const REDACTED = '[redacted]';

/**
 * Node's `util.inspect.custom` (`Symbol.for` makes it the same symbol): what `console.log` and
 * `util.inspect` call. Declared here, not imported from node:util, so that the published types
 * need no @types/node in the user's program.
 */
export const inspectCustom: unique symbol = Symbol.for('nodejs.util.inspect.custom') as never;

/** value → when it stops being live (ms since the epoch; Infinity: until forgotten). Insertion order = age. */
const live = new Map<string, number>();
const dead = new Set<string>();
let nextSweep = 0;

function bury(value: string): void {
  dead.delete(value);
  if (dead.size >= MAX_DEAD) {
    const oldest = dead.values().next().value;
    if (oldest !== undefined) dead.delete(oldest);
  }
  dead.add(value);
}

// Expired live secrets move to the dead set (at most once a second: a sweep walks the live map).
function sweep(now: number): void {
  if (now < nextSweep) return;
  nextSweep = now + 1000;
  for (const [value, until] of live) {
    if (until <= now) {
      live.delete(value);
      bury(value);
    }
  }
}

/**
 * Remembers a secret as live, until `expiresAt` (ms since the epoch) if given, else until
 * forgetSecret() (a live secret seen again without an expiry keeps the one it has).
 */
export function rememberSecret(value: string | undefined | null, expiresAt?: number): void {
  if (!value || value.length < 8) return;  // too short to be a token; would over-redact
  const now = Date.now();
  sweep(now);
  if (expiresAt === undefined) expiresAt = live.get(value) ?? Infinity;
  if (expiresAt <= now) {
    if (!live.has(value)) bury(value);
    return;
  }
  dead.delete(value);
  live.delete(value);
  if (live.size >= MAX_LIVE) {
    const oldest = live.keys().next().value;
    if (oldest !== undefined) {
      live.delete(oldest);
      bury(oldest);
    }
  }
  live.set(value, expiresAt);
}

/** The secret is dead (a redeemed code or verifier, a revoked or refreshed-away token): still redacted while recent. */
export function forgetSecret(value: string | undefined | null): void {
  if (!value || value.length < 8) return;
  if (live.delete(value) || dead.has(value)) bury(value);
}

/** How many secrets are remembered (for tests and the docs' figures). */
export function secretCounts(): { live: number; dead: number } {
  return { live: live.size, dead: dead.size };
}

export function redact(text: string): string {
  let out = text;
  for (const s of live.keys()) if (out.includes(s)) out = out.split(s).join(REDACTED);
  for (const s of dead) if (out.includes(s)) out = out.split(s).join(REDACTED);
  return out.replace(BEARER, (_m, word: string) => `${word} ${REDACTED}`);
}

// A joined process (PLATFORM_SIM_HOST, read by the simulator library when it loads) holds the world
// host's token from the start: remembered as this module loads, before anything could print it
// (an error quoting the environment, a log line of the link).
const JOINED_ADDRESS = /^psim:\/\/([0-9a-fA-F]{64})@/;
const joinedToken = typeof process === 'undefined' ? undefined : JOINED_ADDRESS.exec(process.env['PLATFORM_SIM_HOST'] ?? '')?.[1];
rememberSecret(joinedToken);
rememberSecret(joinedToken?.toLowerCase());

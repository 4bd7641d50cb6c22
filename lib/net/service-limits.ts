// The deadlines and bounds of a local network service (docs/reliability.md, "A network service"):
// their type, defaults and validation. Apart from service-guard.ts because ServiceLimits is public
// (the console's \`limits\` option): a declaration file that names it must not need Node's types.
import { checkInt, checkOptionalOptions } from '../validate';

/** Deadlines and bounds of a local service (all in ms, but the byte bound). */
export interface ServiceLimits {
  /** A request's head (request line and headers) must arrive within this. Default 10 s. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this. Default 30 s. */
  requestTimeoutMs: number;
  /** A connection with no traffic either way is closed. Default 30 s. */
  idleTimeoutMs: number;
  /** A WebSocket page is pinged this often; one that has not answered by the next ping is dropped. Default 15 s. */
  heartbeatMs: number;
  /** A page with more bytes than this waiting to be sent to it is dropped (and told why). Default 4 MiB. */
  maxBufferedBytes: number;
  /** How long a connection being closed may take to receive its last bytes before it is destroyed. Default 2 s. */
  closeGraceMs: number;
}

export const DEFAULT_LIMITS: Readonly<ServiceLimits> = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  heartbeatMs: 15_000,
  maxBufferedBytes: 4 * 1024 * 1024,
  closeGraceMs: 2_000,
});

const LIMIT_KEYS = Object.keys(DEFAULT_LIMITS) as Array<keyof ServiceLimits>;
/** Bounds of each limit: a deadline of at least 10 ms and at most a day, a buffer of 1 KiB to 1 GiB. */
const DAY_MS = 24 * 60 * 60 * 1000;

/** Validates a user's `limits` option (each key read once) and fills in the defaults. */
export function checkLimits(value: unknown, name: string): ServiceLimits {
  const o = checkOptionalOptions<Partial<Record<keyof ServiceLimits, unknown>>>(value, name, LIMIT_KEYS);
  const out = { ...DEFAULT_LIMITS };
  for (const key of LIMIT_KEYS) {
    const v = o[key];
    if (v === undefined) continue;
    out[key] = key === 'maxBufferedBytes' ? checkInt(v, `${name}.${key}`, 1024, 2 ** 30) : checkInt(v, `${name}.${key}`, 10, DAY_MS);
  }
  if (out.requestTimeoutMs < out.headersTimeoutMs) {
    throw new RangeError(`${name}.requestTimeoutMs must not be less than ${name}.headersTimeoutMs (the head is part of the request)`);
  }
  return out;
}

// A push channel: a minimal server side of RFC 6455 (WebSocket) on Node's `http` upgrade. The
// server pushes text frames; from the page it reads nothing but ping, pong and close (requests go
// over HTTP), so frames from the page are small and bounded. The rules of a local service
// (service-guard.ts) apply here too:
// - writes honour backpressure: a page with more than `maxBufferedBytes` waiting for it is
//   dropped with a close frame saying why, so a page that stops reading costs a bounded amount;
// - a heartbeat pings every `heartbeatMs`; a page that has sent nothing since the last ping (no
//   pong) is dropped, so a page that vanished without a close frame frees its slot;
// - every frame is parsed inside the socket's error path: a malformed one drops that page only.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { closeWithin } from './service-guard';
import type { ServiceLimits } from './service-limits';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
/** Largest frame accepted from the page; anything bigger closes the connection. */
const MAX_INCOMING = 4096;
/** A frame header is at most 14 bytes (2, 8 of length, 4 of mask). */
const MAX_HEADER = 14;

const OP_TEXT = 0x1;
const OP_CLOSE = 0x8;
const OP_PING = 0x9;
const OP_PONG = 0xa;

/** Close codes (RFC 6455 7.4.1). */
export const CLOSE = { normal: 1000, goingAway: 1001, protocolError: 1002, policy: 1008, tooBig: 1009 } as const;

/** Why the server dropped a page (for the service's log), or null when the page or server closed. */
export type DropReason = 'fell behind' | 'no answer to ping' | 'malformed frame';

export type PushLimits = Pick<ServiceLimits, 'heartbeatMs' | 'maxBufferedBytes' | 'closeGraceMs'>;

export class PushSocket {
  readonly #socket: Duplex;
  readonly #limits: PushLimits;
  readonly #heartbeat: NodeJS.Timeout;
  #inbox: Buffer = Buffer.alloc(0);
  #open = true;
  /** Whether the page sent anything since the last ping. */
  #heard = true;
  onClose: ((dropped: DropReason | null) => void) | undefined;

  constructor(socket: Duplex, limits: PushLimits) {
    this.#socket = socket;
    this.#limits = limits;
    socket.on('data', (chunk: Buffer) => {
      try {
        this.#receive(chunk);
      } catch {
        this.#drop(CLOSE.protocolError, 'malformed frame', 'malformed frame');
      }
    });
    socket.on('close', () => this.#ended(null));
    socket.on('error', () => this.#ended(null));
    // Liveness is the heartbeat's job from here on (our pings would reset an idle deadline).
    (socket as Duplex & { setTimeout?: (ms: number) => void }).setTimeout?.(0);
    this.#heartbeat = setInterval(() => this.#beat(), limits.heartbeatMs);
    this.#heartbeat.unref();
  }

  get open(): boolean {
    return this.#open;
  }

  /** Pushes a text frame; a page that fell too far behind is dropped instead. */
  send(text: string): void {
    if (!this.#open) return;
    if (this.#socket.writableLength > this.#limits.maxBufferedBytes) {
      this.#drop(CLOSE.policy, `the page fell behind: over ${this.#limits.maxBufferedBytes} bytes waited for it`, 'fell behind');
      return;
    }
    this.#socket.write(frame(OP_TEXT, Buffer.from(text, 'utf8')));
  }

  /** Closes the channel with a close frame (1000 by default); the socket is destroyed within the grace. */
  close(code: number = CLOSE.normal, reason = ''): void {
    if (!this.#open) return;
    this.#finish(code, reason);
    this.#ended(null);
  }

  #drop(code: number, reason: string, why: DropReason): void {
    if (!this.#open) return;
    this.#finish(code, reason);
    this.#ended(why);
  }

  #finish(code: number, reason: string): void {
    const payload = Buffer.alloc(2 + Buffer.byteLength(reason));
    payload.writeUInt16BE(code, 0);
    payload.write(reason, 2, 'utf8');
    if (this.#socket.writable && !this.#socket.writableEnded) this.#socket.end(frame(OP_CLOSE, payload.subarray(0, 125)));
    closeWithin(this.#socket, this.#limits.closeGraceMs);
  }

  #ended(dropped: DropReason | null): void {
    if (!this.#open) return;
    this.#open = false;
    clearInterval(this.#heartbeat);
    this.#inbox = Buffer.alloc(0);
    this.onClose?.(dropped);
  }

  #beat(): void {
    if (!this.#open) return;
    if (!this.#heard) {
      this.#drop(CLOSE.policy, `no answer to ping within ${this.#limits.heartbeatMs} ms`, 'no answer to ping');
      return;
    }
    this.#heard = false;
    this.#socket.write(frame(OP_PING, Buffer.alloc(0)));
  }

  #receive(chunk: Buffer): void {
    if (!this.#open) return;  // closing: what the page still sends is discarded
    this.#inbox = this.#inbox.length === 0 ? chunk : Buffer.concat([this.#inbox, chunk]);
    for (;;) {
      const b = this.#inbox;
      if (b.length < 2) break;
      const opcode = b[0]! & 0x0f;
      const masked = (b[1]! & 0x80) !== 0;
      let length = b[1]! & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (b.length < 4) break;
        length = b.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        return this.#drop(CLOSE.tooBig, 'frame too large', 'malformed frame');  // 64-bit lengths are far beyond MAX_INCOMING
      }
      if (!masked) return this.#drop(CLOSE.protocolError, 'frames from a client must be masked', 'malformed frame');  // RFC 6455 5.1
      if (length > MAX_INCOMING) return this.#drop(CLOSE.tooBig, 'frame too large', 'malformed frame');
      if (b.length < offset + 4 + length) break;
      const mask = b.subarray(offset, offset + 4);
      const payload = Buffer.from(b.subarray(offset + 4, offset + 4 + length));
      for (let i = 0; i < payload.length; i++) payload[i]! ^= mask[i % 4]!;
      this.#inbox = b.subarray(offset + 4 + length);
      this.#heard = true;
      if (opcode === OP_CLOSE) return this.close();
      if (opcode === OP_PING) this.#socket.write(frame(OP_PONG, payload));
      // OP_PONG: #heard is all it says; text and binary frames are not part of the protocol.
    }
    if (this.#inbox.length > MAX_INCOMING + MAX_HEADER) this.#drop(CLOSE.tooBig, 'frame too large', 'malformed frame');
  }
}

/** Completes the opening handshake; null when the request is not a valid WebSocket upgrade. */
export function acceptUpgrade(req: IncomingMessage, socket: Duplex, limits: PushLimits): PushSocket | null {
  const key = req.headers['sec-websocket-key'];
  if (typeof key !== 'string' || !/^[A-Za-z0-9+/]{22}==$/.test(key) || req.headers['sec-websocket-version'] !== '13' ||
      req.headers.upgrade?.toLowerCase() !== 'websocket') return null;
  const accept = createHash('sha1').update(key + GUID).digest('base64');
  socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
    `Sec-WebSocket-Accept: ${accept}\r\n\r\n`);
  return new PushSocket(socket, limits);
}

function frame(opcode: number, payload: Buffer): Buffer {
  const n = payload.length;
  const header = n < 126 ? Buffer.from([0x80 | opcode, n])
    : n < 65536 ? Buffer.from([0x80 | opcode, 126, n >> 8, n & 0xff])
      : (() => { const h = Buffer.alloc(10); h[0] = 0x80 | opcode; h[1] = 127; h.writeBigUInt64BE(BigInt(n), 2); return h; })();
  return Buffer.concat([header, payload]);
}

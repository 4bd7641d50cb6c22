// The console's live channel: a minimal server side of RFC 6455 (WebSocket) on Node's `http`
// upgrade. The server only pushes text frames; from the page it reads nothing but ping and
// close (actions go over HTTP POST), so frames from the page are small and bounded.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
/** Largest frame accepted from the page; anything bigger closes the connection. */
const MAX_INCOMING = 4096;

export class PushSocket {
  readonly #socket: Duplex;
  #buffered = Buffer.alloc(0);
  #open = true;
  onClose: (() => void) | undefined;

  constructor(socket: Duplex) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => this.#receive(chunk));
    socket.on('close', () => this.#closed());
    socket.on('error', () => this.#closed());
  }

  get open(): boolean {
    return this.#open;
  }

  send(text: string): void {
    if (!this.#open) return;
    this.#socket.write(frame(0x1, Buffer.from(text, 'utf8')));
  }

  close(): void {
    if (!this.#open) return;
    this.#socket.end(frame(0x8, Buffer.from([0x03, 0xe8])));  // 1000: normal closure
    this.#closed();
  }

  #closed(): void {
    if (!this.#open) return;
    this.#open = false;
    this.onClose?.();
  }

  #receive(chunk: Buffer): void {
    this.#buffered = Buffer.concat([this.#buffered, chunk]);
    if (this.#buffered.length > MAX_INCOMING + 14) return this.#fail();
    for (;;) {
      const b = this.#buffered;
      if (b.length < 2) return;
      const opcode = b[0]! & 0x0f;
      const masked = (b[1]! & 0x80) !== 0;
      let length = b[1]! & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (b.length < 4) return;
        length = b.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        return this.#fail();  // 64-bit lengths are far beyond MAX_INCOMING
      }
      if (!masked || length > MAX_INCOMING) return this.#fail();  // RFC 6455 5.1: clients mask
      if (b.length < offset + 4 + length) return;
      const mask = b.subarray(offset, offset + 4);
      const payload = Buffer.from(b.subarray(offset + 4, offset + 4 + length));
      for (let i = 0; i < payload.length; i++) payload[i]! ^= mask[i % 4]!;
      this.#buffered = b.subarray(offset + 4 + length);
      if (opcode === 0x8) return this.close();
      if (opcode === 0x9) this.#socket.write(frame(0xa, payload));
    }
  }

  #fail(): void {
    this.#open = false;
    this.#socket.destroy();
    this.onClose?.();
  }
}

/** Completes the opening handshake; null when the request is not a WebSocket upgrade. */
export function acceptUpgrade(req: IncomingMessage, socket: Duplex): PushSocket | null {
  const key = req.headers['sec-websocket-key'];
  if (typeof key !== 'string' || !/^[A-Za-z0-9+/]{22}==$/.test(key) || req.headers['sec-websocket-version'] !== '13') return null;
  const accept = createHash('sha1').update(key + GUID).digest('base64');
  socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
    `Sec-WebSocket-Accept: ${accept}\r\n\r\n`);
  return new PushSocket(socket);
}

function frame(opcode: number, payload: Buffer): Buffer {
  const n = payload.length;
  const header = n < 126 ? Buffer.from([0x80 | opcode, n])
    : n < 65536 ? Buffer.from([0x80 | opcode, 126, n >> 8, n & 0xff])
      : (() => { const h = Buffer.alloc(10); h[0] = 0x80 | opcode; h[1] = 127; h.writeBigUInt64BE(BigInt(n), 2); return h; })();
  return Buffer.concat([header, payload]);
}

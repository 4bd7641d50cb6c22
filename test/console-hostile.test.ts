// Hostile clients against the simulator console (issue 35, item 1; docs/reliability.md, "A
// network service"). The consoles run in a child process (test/console-hostile/host.cjs) as in
// a game's test process; every case checks afterwards that the host is alive, that its open fds
// are back to the baseline and its RSS near it, and the last one that close() resolves with
// half-open and refused sockets around. Deadlines are shortened through `limits`; nothing here
// asserts a speed: each wait is for an outcome, bounded only so that a failure ends.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';

interface Stats { fds: number; rss: number; heap: number; external: number }
interface Console { id: number; url: URL; token: string }
/** A client connection that keeps what it received and whether it ended. */
type RawSocket = net.Socket & { received: Buffer[]; ended: boolean };

let host: ChildProcess;
let hostExit: string | null = null;
let hostStderr = '';
let seq = 0;
const replies = new Map<number, (m: { result?: unknown; error?: string }) => void>();
let baseline: Stats;
const figures: string[] = [];
const MiB = 1024 * 1024;
/**
 * What the host's JavaScript may still hold after a case (heap used and external buffers, after a
 * full GC) above the baseline: the connections' buffers are gone, a few caches of V8 are not.
 */
const RETAINED_SLACK = 16 * MiB;
/**
 * RSS keeps the allocators' high-water marks (V8's committed heap, malloc's arenas): over repeated
 * rounds of 32 pages it plateaus about 50 MiB above the baseline while the heap is back. A bound
 * against unbounded buffering (the issue's non-reading page: +58 MB in 20 s and growing), not a
 * figure to meet.
 */
const RSS_SLACK = 128 * MiB;
/**
 * Under AddressSanitizer (npm run test:asan preloads its runtime into every process), freed memory
 * waits in ASan's quarantine before it is reused, so RSS climbs by up to the quarantine's size
 * whatever the code does (the first CI run under ASan: +301 MiB with the default 256 MiB). The
 * host gets a quarantine of known size, and the bound grows by exactly that; fds and the JS heap
 * are held to the same bounds as without ASan.
 */
const ASAN_QUARANTINE_MB = 64;
const underAsan = /libasan/.test(process.env['LD_PRELOAD'] ?? '');
const hostEnv = underAsan
  ? { ...process.env, ASAN_OPTIONS: [process.env['ASAN_OPTIONS'], `quarantine_size_mb=${ASAN_QUARANTINE_MB}`].filter(Boolean).join(':') }
  : process.env;
const RSS_BOUND = RSS_SLACK + (underAsan ? ASAN_QUARANTINE_MB * MiB : 0);

async function ask<T>(cmd: string, args: object = {}): Promise<T> {
  await sleep(0);  // an exit already under way is seen
  if (hostExit !== null) throw new Error(`the host died (${hostExit})\n${hostStderr.slice(0, 2000)}`);
  return new Promise((resolve, reject) => {
    const n = ++seq;
    replies.set(n, (m) => (m.error === undefined ? resolve(m.result as T) : reject(new Error(m.error))));
    host.send({ seq: n, cmd, args });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for `check` to hold, polling; throws with `what` when it has not within `ms`. */
async function eventually(what: string, check: () => Promise<boolean> | boolean, ms = 10000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (hostExit !== null) throw new Error(`the host died (${hostExit}) while waiting for: ${what}\n${hostStderr.slice(0, 2000)}`);
    if (Date.now() > end) throw new Error(`not reached: ${what}`);
    await sleep(50);
  }
}

/** The host is alive, its fds are back to the baseline and its RSS near it; records the figures. */
async function backToBaseline(name: string): Promise<void> {
  let now = await ask<Stats>('stats');
  await eventually(`${name}: the host's fds back to ${baseline.fds}`, async () => (now = await ask<Stats>('stats')).fds <= baseline.fds);
  const mib = (n: number): string => (n / MiB).toFixed(1);
  figures.push(`${name}: fds ${baseline.fds} → ${now.fds}, heap+external ${mib(baseline.heap + baseline.external)} → ` +
    `${mib(now.heap + now.external)} MiB, RSS ${mib(baseline.rss)} → ${mib(now.rss)} MiB`);
  expect(hostExit).toBeNull();
  expect(now.fds).toBe(baseline.fds);
  expect(now.heap + now.external).toBeLessThan(baseline.heap + baseline.external + RETAINED_SLACK);
  expect(now.rss).toBeLessThan(baseline.rss + RSS_BOUND);
}

async function listen(limits: object): Promise<Console> {
  const r = await ask<{ id: number; url: string }>('listen', { limits });
  const url = new URL(r.url);
  return { id: r.id, url, token: url.searchParams.get('token')! };
}

/** A raw TCP connection that collects what it receives (readable as text for status lines). */
function connect(c: Console, options: { allowHalfOpen?: boolean } = {}): Promise<RawSocket> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: c.url.hostname, port: Number(c.url.port), allowHalfOpen: options.allowHalfOpen ?? false }) as RawSocket;
    s.received = [];
    s.ended = false;
    opened.push(s);
    s.on('data', (d: Buffer) => s.received.push(d));
    s.on('end', () => { s.ended = true; });
    s.on('close', () => { s.ended = true; });
    s.on('error', () => { s.ended = true; });
    s.once('connect', () => resolve(s));
    s.once('error', reject);
  });
}
const text = (s: { received: Buffer[] }): string => Buffer.concat(s.received).toString('latin1');

function upgradeRequest(c: Console, o: { token?: string; host?: string; origin?: string; key?: string; target?: string } = {}): string {
  const target = o.target ?? `/ws?token=${o.token ?? c.token}`;
  return `GET ${target} HTTP/1.1\r\nHost: ${o.host ?? `127.0.0.1:${c.url.port}`}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
    `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${o.key ?? randomBytes(16).toString('base64')}\r\n` +
    (o.origin ? `Origin: ${o.origin}\r\n` : '') + '\r\n';
}

/** Resets the connection as soon as `request` is handed to the kernel (the answer meets a reset socket). */
function sendThenReset(s: net.Socket, request: string): Promise<void> {
  return new Promise((resolve) => s.write(request, () => {
    s.resetAndDestroy();
    resolve();
  }));
}

/** Every client connection, for afterAll. */
const opened: net.Socket[] = [];

/** A connection that sent `request` and read the answer, its own side still open. */
async function refused(c: Console, request: string): Promise<RawSocket> {
  const s = await connect(c, { allowHalfOpen: true });
  s.write(request);
  await eventually('the answer', () => text(s).includes('\r\n\r\n'));
  return s;
}

/** A page: a raw socket that completed the WebSocket handshake. */
async function page(c: Console): Promise<RawSocket> {
  const s = await connect(c);
  s.write(upgradeRequest(c));
  await eventually('the handshake', () => text(s).includes('\r\n\r\n'));
  expect(text(s)).toMatch(/^HTTP\/1\.1 101 /);
  return s;
}

/** Close frames (code, reason) in what a page received after its handshake. */
function closeFrames(received: Buffer[]): Array<{ code: number; reason: string }> {
  let b = Buffer.concat(received);
  b = b.subarray(b.indexOf('\r\n\r\n') + 4);
  const out: Array<{ code: number; reason: string }> = [];
  while (b.length >= 2) {
    let len = b[1]! & 0x7f;
    let off = 2;
    if (len === 126) { len = b.readUInt16BE(2); off = 4; } else if (len === 127) { len = Number(b.readBigUInt64BE(2)); off = 10; }
    if (b.length < off + len) break;
    if ((b[0]! & 0x0f) === 0x8) out.push({ code: b.readUInt16BE(off), reason: b.subarray(off + 2, off + len).toString('utf8') });
    b = b.subarray(off + len);
  }
  return out;
}

/** A masked client frame. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((x, i) => x ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length]), mask, masked]);
}

function post(c: Console, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${c.url.origin}/api/action?token=${c.token}`, { method: 'POST', headers: { origin: c.url.origin }, agent: false }, (res) => {
      let data = '';
      res.on('data', (d) => (data += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function viewLog(c: Console): Promise<string> {
  const r = await new Promise<string>((resolve, reject) => {
    http.get(`${c.url.origin}/api/view?token=${c.token}`, { agent: false }, (res) => {
      let data = '';
      res.on('data', (d) => (data += d));
      res.on('end', () => resolve(data));
    }).on('error', reject);
  });
  return (JSON.parse(r) as { log: Array<{ text: string }> }).log.map((l) => l.text).join('\n');
}

// Short deadlines (the defaults are seconds to tens of seconds).
// Short deadlines, but not so short that a page's own handshake misses them when the host is slow
// (under ASan, 32 pages opening at once: one head took over 500 ms to arrive and got its 408).
// The head deadline stays under the idle one, so a head that never ends is answered 408.
const QUICK = { headersTimeoutMs: 2000, requestTimeoutMs: 3000, idleTimeoutMs: 3000, heartbeatMs: 300, maxBufferedBytes: 256 * 1024, closeGraceMs: 300 };
let quick: Console;
/** No heartbeat within the test (a page that does not read is dropped for its buffer, not for a missing pong). */
let slow: Console;

beforeAll(async () => {
  host = fork(path.join(__dirname, 'console-hostile', 'host.cjs'), [], { execArgv: ['--expose-gc'], env: hostEnv, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  host.stderr!.on('data', (d) => (hostStderr += d));
  host.on('exit', (code, signal) => { hostExit = `exit code ${code}, signal ${signal}`; });
  host.on('message', (m: { seq?: number; ready?: boolean; result?: unknown; error?: string }) => {
    if (m.seq !== undefined) replies.get(m.seq)?.(m);
  });
  await new Promise<void>((resolve) => host.once('message', () => resolve()));
  quick = await listen(QUICK);
  slow = await listen({ ...QUICK, heartbeatMs: 600_000, closeGraceMs: 10_000 });
  // The world at its largest (the churn fills every lobby's 50 newest messages), and every
  // console has served once: the baseline holds the world's and first use's memory, so what is
  // compared after each case is what the connections cost.
  await ask('churn', { on: true });
  await sleep(1000);
  await ask('churn', { on: false });
  await post(quick, JSON.stringify({ action: 'nope' }));
  await post(slow, JSON.stringify({ action: 'nope' }));
  await viewLog(quick);
  // Each request had its own connection (no keep-alive agent); they are closed once both sides are.
  let before = -1;
  await eventually('the host idle', async () => {
    const { fds } = await ask<Stats>('stats');
    if (fds === before) return true;
    before = fds;
    await sleep(200);
    return false;
  });
  baseline = await ask<Stats>('stats');
}, 20000);

afterAll(async () => {
  if (figures.length > 0) console.log(`host fds and RSS (baseline → after each case):\n${figures.join('\n')}`);
  for (const s of opened) s.destroy();
  if (host && hostExit === null) {
    const exited = new Promise((r) => host.once('exit', r));
    host.kill();
    await exited;
  }
});

test('a client that resets after a refused upgrade (no token, foreign Host or Origin, bad key, page limit) does not crash the host', async () => {
  const refusals: Array<[string, string, number]> = [
    ['no token', upgradeRequest(quick, { token: 'nope' }), 403],
    ['foreign Host', upgradeRequest(quick, { host: 'evil.example' }), 403],
    ['foreign Origin', upgradeRequest(quick, { origin: 'http://evil.example' }), 403],
    ['bad key', upgradeRequest(quick, { key: 'short' }), 400],
  ];
  for (const [, request, status] of refusals) {
    // Reset as soon as the request is sent (the answer is written to a reset socket) …
    for (let i = 0; i < 20; i++) await sendThenReset(await connect(quick), request);
    // … and after reading the answer, before closing its own side (as a browser may).
    for (let i = 0; i < 5; i++) {
      const s = await refused(quick, request);
      expect(text(s)).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      s.resetAndDestroy();
    }
  }
  // The page limit (32): the 33rd page is refused with 503, and resets.
  const pages = await Promise.all(Array.from({ length: 32 }, () => page(slow)));
  for (let i = 0; i < 20; i++) await sendThenReset(await connect(slow), upgradeRequest(slow));
  const s = await refused(slow, upgradeRequest(slow));
  expect(text(s)).toMatch(/^HTTP\/1\.1 503 /);
  s.resetAndDestroy();
  for (const p of pages) p.resetAndDestroy();
  await backToBaseline('refused upgrades, then resets');
});

test('malformed request lines, absolute-URL targets and bad frames are answered and closed, never thrown', async () => {
  const requests = [
    upgradeRequest(quick, { target: 'http://x:99999/ws' }),
    upgradeRequest(quick, { target: `http://127.0.0.1:${quick.url.port}/ws?token=${quick.token}x` }),
    `GET http://x:99999/?token=${quick.token} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    'GET /%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    'GARBAGE\r\n\r\n',
    'GET / HTTP/9.9\r\n\r\n',
    '\u0000\u0001\u0002\r\n\r\n',
    `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: ${'y'.repeat(20000)}\r\n\r\n`,
    `GET * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`,
  ];
  for (const request of requests) {
    const s = await connect(quick);
    s.write(request);
    await eventually(`an answer and a close for ${JSON.stringify(request.slice(0, 30))}`, () => s.ended);
    await ask('stats');  // the host is alive
    expect(text(s)).toMatch(/^HTTP\/1\.1 4\d\d /);
  }
  // Frames a page must not send: unmasked, a 64-bit length, too large; each drops that page.
  const bad = [Buffer.from([0x81, 0x01, 0x41]), Buffer.from([0x81, 0xff, 0, 0, 0, 0, 0, 0, 0, 1]), Buffer.from([0x81, 0xfe, 0xff, 0xff])];
  for (const frame of bad) {
    const p = await page(quick);
    p.write(frame);
    await eventually('the page dropped', () => p.ended);
  }
  // A page that answers its pings stays; a ping from it is answered.
  const p = await page(quick);
  p.write(clientFrame(0x9, Buffer.from('hi')));
  await eventually('the pong', () => Buffer.concat(p.received).includes(Buffer.from([0x8a, 0x02, 0x68, 0x69])));
  p.destroy();
  await backToBaseline('malformed requests and frames');
});

test('half-open sockets (a byte and half-close: as a request, after a refused upgrade) are closed by the host: 200 connections', async () => {
  const sockets: RawSocket[] = [];
  for (let i = 0; i < 100; i++) {
    const s = await connect(quick, { allowHalfOpen: true });
    s.end('G');
    sockets.push(s);
  }
  for (let i = 0; i < 100; i++) {
    const s = await refused(quick, upgradeRequest(quick, { token: 'nope' }));
    s.end('x');
    sockets.push(s);
  }
  await eventually('the host closed all 200', () => sockets.every((s) => s.ended));
  for (const s of sockets) s.destroy();
  await backToBaseline('200 half-open sockets');
});

test('a head that never ends, and a connection that never speaks, meet their deadlines', async () => {
  const sockets: RawSocket[] = [];
  for (let i = 0; i < 20; i++) {
    const slowHead = await connect(quick, { allowHalfOpen: true });
    slowHead.write(`GET /?token=${quick.token} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    sockets.push(slowHead, await connect(quick, { allowHalfOpen: true }));
  }
  await eventually('the host closed all 40', () => sockets.every((s) => s.ended));
  expect(text(sockets[0]!)).toMatch(/^HTTP\/1\.1 408 /);
  for (const s of sockets) s.destroy();
  await backToBaseline('slow heads and silent connections');
});

test('a page that stops reading is dropped and told why; the host buffers a bounded amount', async () => {
  const p = await page(slow);
  p.pause();
  await ask('churn', { on: true });
  let peak = baseline.heap + baseline.external;
  try {
    await eventually('the page dropped for falling behind', async () => {
      const now = await ask<Stats>('stats');
      peak = Math.max(peak, now.heap + now.external);
      return (await viewLog(slow)).includes('dropped a page that stopped reading');
    }, 20000);
  } finally {
    await ask('churn', { on: false });
  }
  figures.push(`non-reading page: peak heap+external while it was connected ${(peak / MiB).toFixed(1)} MiB (bound 256 KiB + one view)`);
  expect(peak).toBeLessThan(baseline.heap + baseline.external + 32 * MiB);
  p.resume();
  await eventually('the close frame', () => closeFrames(p.received).length > 0);
  const [close] = closeFrames(p.received);
  expect(close!.code).toBe(1008);
  expect(close!.reason).toMatch(/fell behind/);
  p.destroy();
  await backToBaseline('non-reading page');
}, 30000);

test('pages that vanish without a close frame free their slots: 32 dead pages do not lock others out', async () => {
  const dead = await Promise.all(Array.from({ length: 32 }, () => page(quick)));
  for (const d of dead) d.pause();  // gone: reads nothing, answers no ping, sends no close
  const refused = await connect(quick);
  refused.write(upgradeRequest(quick));
  await eventually('an answer', () => text(refused).includes('\r\n\r\n'));
  // Full for now (the world is quiet: no push will fail to find them dead).
  expect(text(refused)).toMatch(/^HTTP\/1\.1 (503|101) /);
  refused.destroy();
  await eventually('a new page admitted', async () => {
    const s = await connect(quick);
    s.write(upgradeRequest(quick));
    await eventually('an answer', () => text(s).includes('\r\n\r\n'));
    s.destroy();
    return /^HTTP\/1\.1 101 /.test(text(s));
  });
  expect(await viewLog(quick)).toContain('dropped a page that stopped answering');
  for (const d of dead) d.destroy();
  await backToBaseline('32 dead pages');
});

test('a body past 64 KiB is refused with 413 as the bytes arrive, before the rest is sent', async () => {
  for (const declared of [true, false]) {
    const s = await connect(quick);
    const total = 4 * MiB;
    s.write(`POST /api/action?token=${quick.token} HTTP/1.1\r\nHost: 127.0.0.1:${quick.url.port}\r\nOrigin: ${quick.url.origin}\r\n` +
      (declared ? `Content-Length: ${256 * MiB}\r\n` : 'Transfer-Encoding: chunked\r\n') + '\r\n');
    let sent = 0;
    const chunk = Buffer.alloc(4096, 0x20);
    // Slowly: 4 KiB at a time, until the answer comes or 4 MiB were sent.
    while (sent < total && !text(s).includes('\r\n\r\n') && !s.ended) {
      s.write(declared ? chunk : Buffer.concat([Buffer.from('1000\r\n'), chunk, Buffer.from('\r\n')]));
      sent += chunk.length;
      await sleep(2);
    }
    await eventually('the answer', () => text(s).includes('\r\n\r\n') || s.ended, 3000).catch(() => undefined);
    figures.push(`413 (${declared ? 'Content-Length 256 MiB' : 'chunked'}) after ${sent / 1024} KiB sent`);
    expect(text(s)).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent).toBeLessThan(total);
    s.destroy();
  }
  await backToBaseline('oversized bodies');
});

test('action bodies are validated like the JS API: a wrong type is a 400 naming the field, and nothing changes', async () => {
  const cases: Array<[object | string, RegExp]> = [
    [{ action: 'network', online: 'true' }, /online/],
    [{ action: 'network', online: 0 }, /online/],
    [{ action: 'network' }, /online/],
    [{ action: 'createUser', username: 'mallory', displayName: 0 }, /displayName/],
    [{ action: 'createUser', username: 'mallory', displayName: false }, /displayName/],
    [{ action: 'speak', userId: '1', lobbyId: '1', durationMs: '5' }, /durationMs/],
    [{ action: 'latency', ms: '5' }, /ms/],
    [{ action: 'advanceClock', ms: 1e300 }, /ms/],
    [{ action: 'failNext', operation: 'getToken', status: '503' }, /status/],
    [{ action: 'setStatus', userId: 1, status: 'online' }, /userId/],
    [{ action: 'consent', decision: 12 }, /decision/],
    [{ action: 'network', online: false, extra: 1 }, /body/],
    ['[]', /body/],
    ['null', /body/],
    ['"x"', /body/],
    ['{"action": "network", "online": tru', /JSON/],
  ];
  for (const [body, field] of cases) {
    const r = await post(quick, typeof body === 'string' ? body : JSON.stringify(body));
    expect([r.status, JSON.parse(r.body).error]).toEqual([400, expect.stringMatching(field)]);
  }
  expect(await ask('world')).toEqual({ online: true, users: ['alice'] });
  await backToBaseline('wrong-typed action bodies');
});

test('close() resolves with half-open, refused and unread sockets still connected', async () => {
  // No deadline will close them: only close() can.
  const forever = { headersTimeoutMs: 600_000, requestTimeoutMs: 600_000, idleTimeoutMs: 600_000, heartbeatMs: 600_000, closeGraceMs: 600_000 };
  const c = await listen(forever);
  const sockets: RawSocket[] = [];
  for (let i = 0; i < 20; i++) {
    const s = await refused(c, upgradeRequest(c, { token: 'nope' }));
    s.end('x');
    sockets.push(s);
    const h = await connect(c, { allowHalfOpen: true });
    h.write('GET / HTTP/1.1\r\n');  // a head that never ends
    sockets.push(h);
  }
  const p = await page(c);
  p.pause();
  sockets.push(p);
  await ask('close', { id: c.id });
  p.resume();  // to see the end of a connection, its reader must read
  await eventually('every socket closed by the host', () => sockets.every((s) => s.ended));
  for (const s of sockets) s.destroy();
  await backToBaseline('close() with half-open sockets');
});

// Row 10: the simulator console's live view — a change in the world (a user created, a lobby
// message sent) until the page's WebSocket receives the view that shows it. Target: 250 ms
// (docs/console.md). Measured with a raw WebSocket client in this process, no browser.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { makeRow, now, quantile, quick, sleep, world } from '../common.mjs';

/** Connects to the console's /ws and calls onText for every text frame (server frames are unmasked). */
function connect(url, onText) {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: u.hostname, port: u.port, path: `/ws${u.search}`,
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': randomBytes(16).toString('base64') },
    });
    req.on('upgrade', (_res, socket) => {
      let buf = Buffer.alloc(0);
      socket.on('data', (chunk) => {
        buf = Buffer.concat([buf, chunk]);
        for (;;) {
          if (buf.length < 2) return;
          let len = buf[1] & 0x7f;
          let off = 2;
          if (len === 126) { if (buf.length < 4) return; len = buf.readUInt16BE(2); off = 4; }
          else if (len === 127) { if (buf.length < 10) return; len = Number(buf.readBigUInt64BE(2)); off = 10; }
          if (buf.length < off + len) return;
          if ((buf[0] & 0x0f) === 1) onText(buf.subarray(off, off + len).toString('utf8'));
          buf = buf.subarray(off + len);
        }
      });
      resolve(socket);
    });
    req.on('error', reject);
    req.end();
  });
}

export default async function consoleRows() {
  const { sim, app, alice, bob } = await world();
  const lobby = sim.backend.createLobby({ applicationId: app.id });
  sim.backend.updateLobbyMembers(lobby.id, [{ userId: alice.id }, { userId: bob.id }]);
  const con = await sim.console.listen();
  let waiting = null;
  const socket = await connect(con.url, (text) => {
    if (waiting && text.includes(waiting.marker)) { waiting.resolve(now()); waiting = null; }
  });
  await sleep(200);
  const times = [];
  const n = quick ? 5 : 40;
  for (let i = 0; i < n; i++) {
    const marker = `bench-${i}-${randomBytes(4).toString('hex')}`;
    const seen = new Promise((resolve) => { waiting = { marker, resolve }; });
    const t0 = now();
    if (i % 2 === 0) sim.users.create({ username: marker.slice(0, 32) });
    else sim.backend.sendLobbyMessageAs(alice.id, lobby.id, marker);
    times.push((await seen) - t0);
    await sleep(Math.random() * 50);  // changes at random points of the poll interval
  }
  socket.destroy();
  await con.close();
  const p99 = quantile(times, 0.99);
  return [makeRow('10 console: world change → view pushed to the page', times, 'ms', '<= 250 ms (p99)', p99 <= 250 ? 'met' : 'NOT MET',
    { p99, max: Math.max(...times) })];
}

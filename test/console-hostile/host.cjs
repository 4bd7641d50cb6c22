// The process that hosts the consoles under attack in test/console-hostile.test.ts, as a game's
// test process would: the built package, a world with lobbies, consoles listening. The test talks
// to it over IPC; it installs no 'uncaughtException' handler, so anything the consoles let escape
// ends this process, and the test sees it.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { Simulator } = require(path.join(__dirname, '..', '..', 'dist', 'cjs', 'testing.js'));

const sim = Simulator.attach();
sim.reset();
const app = sim.applications.create({ name: 'Hostile' });
const alice = sim.users.create({ username: 'alice', displayName: 'Alice' });
const lobbies = [0, 1, 2, 3].map(() => sim.backend.createLobby({ applicationId: app.id }).id);
for (const id of lobbies) sim.backend.updateLobbyMembers(id, [{ userId: alice.id }]);

const consoles = [];
let churn;
let n = 0;

const stats = () => {
  global.gc();
  const m = process.memoryUsage();
  return { fds: fs.readdirSync('/proc/self/fd').length, rss: m.rss, heap: m.heapUsed, external: m.external };
};

const commands = {
  async listen({ limits }) {
    const con = await sim.console.listen({ limits });
    consoles.push(con);
    return { id: consoles.length - 1, url: con.url };
  },
  stats,
  // A world that changes all the time, with large views (4 lobbies × 50 messages of 1,000 characters).
  churn({ on }) {
    clearInterval(churn);
    if (on) churn = setInterval(() => {
      for (const id of lobbies) sim.backend.sendLobbyMessageAs(alice.id, id, `${n++} `.padEnd(1000, 'x'));
    }, 20);
    return {};
  },
  world: () => ({ online: sim.network.isOnline(), users: sim.save().users.map((u) => u.username) }),
  async close({ id }) {
    await consoles[id].close();
    return {};
  },
};

process.on('message', async ({ seq, cmd, args }) => {
  try {
    process.send({ seq, result: await commands[cmd](args ?? {}) });
  } catch (e) {
    process.send({ seq, error: String(e) });
  }
});
process.send({ ready: true });

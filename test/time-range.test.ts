// Every time the package produces stays inside JavaScript's Date range (issue 35, item 3): the
// simulated clock stops at MAX_SIMULATED_TIME_MS, so a token set and a message at the clock's end
// still serialize. In a child process: the simulated clock is process-wide and never goes back,
// so moving it to its end here would move it for every later test of this worker.
import { MAX_SIMULATED_TIME_MS } from '../lib/testing';
import { runNode } from './helpers';

const AT_THE_END = `
  const { Client } = require('./dist/cjs/index.js');
  const { Simulator } = require('./dist/cjs/testing.js');
  const sim = Simulator.attach();
  const out = {};
  (async () => {
    sim.reset();
    sim.network.setLatency(0);
    sim.clock.setFrozen(true);
    const alice = sim.users.create({ username: 'alice' });
    const bob = sim.users.create({ username: 'bob' });
    const app = sim.applications.create({ name: 'Game' });
    try {
      sim.clock.advance(Number.MAX_SAFE_INTEGER - sim.clock.now());
      out.refused = null;
    } catch (e) {
      out.refused = e.constructor.name + ': ' + e.message;
      sim.clock.advance(${MAX_SIMULATED_TIME_MS} - sim.clock.now());  // exactly to the end: allowed
      try { sim.clock.advance(1); out.pastTheEnd = 'accepted'; } catch (e2) { out.pastTheEnd = e2.constructor.name + ': ' + e2.message; }
    }
    out.now = sim.clock.now();
    const tokens = sim.auth.issueToken(alice.id, { applicationId: app.id });
    try { out.tokens = JSON.parse(JSON.stringify(tokens)).expiresAt; } catch (e) { out.tokens = 'threw: ' + e.message; }
    const client = new Client({ applicationId: app.id, pumpIntervalMs: 1 });
    await client.auth.updateToken(tokens.accessToken);
    await client.connect();
    const got = new Promise((resolve) => client.on('messageCreated', (m) => resolve(m)));
    sim.backend.sendUserMessageAs(bob.id, alice.id, 'at the end of time', { applicationId: app.id });
    const message = await got;
    try { out.message = JSON.parse(JSON.stringify(message)).sentAt; } catch (e) { out.message = 'threw: ' + e.message; }
    await client.close();
    console.log(JSON.stringify(out));
    process.exit(0);
  })().catch((e) => { console.error(String(e && e.stack || e)); process.exit(1); });
`;

test('the simulated clock stops at its documented end; a token set and a message there serialize', async () => {
  expect(new Date(MAX_SIMULATED_TIME_MS).toISOString()).toBe('2154-05-15T07:35:11.103Z');
  const r = await runNode(AT_THE_END, { timeoutMs: 30_000 });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout) as Record<string, unknown>;
  expect(out['refused']).toMatch(/^RangeError: ms must be between 0 and \d+: the simulated clock stops at 2154-05-15T07:35:11\.103Z .* ms from now$/);
  expect(out['pastTheEnd']).toBe('RangeError: ms must be between 0 and 0: the simulated clock stops at 2154-05-15T07:35:11.103Z (the last instant a snowflake id holds), 0 ms from now');
  expect(out['now']).toBe(MAX_SIMULATED_TIME_MS);
  expect(out['tokens']).toBe(new Date(MAX_SIMULATED_TIME_MS + 7 * 24 * 3600_000).toISOString());
  expect(out['message']).toBe(new Date(MAX_SIMULATED_TIME_MS).toISOString());
}, 40_000);

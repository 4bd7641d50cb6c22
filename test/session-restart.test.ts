// A launcher restart against the simulator, with real processes: process A signs in through
// startSession() with an EncryptedFileSessionStore and saves the world with its grants
// (sim.save({ grants: true }): token digests, never a token); process B loads that world, refuses
// every sign-in, and must resume from the store as the same user, then refresh near expiry.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EncryptedFileSessionStore, type StoredSession } from '../lib/index';
import type { WorldDocument } from '../lib/testing';
import { runNode } from './helpers';

const WEEK = 7 * 24 * 3600_000;  // the simulator's access-token lifetime

// Shared by both child processes: the built package, a simulator on a frozen clock, a store.
const PRELUDE = `
  const fs = require('node:fs');
  const { Client, EncryptedFileSessionStore } = require('./dist/cjs/index.js');
  const { Simulator } = require('./dist/cjs/testing.js');
  const sim = Simulator.attach();
  // After reset() or load() (each resets the simulator, clock and latency included): simulated
  // time moves only when the test says, and operations complete without waiting for it.
  const settle = () => { sim.network.setLatency(0); sim.clock.setFrozen(true); };
  const store = () => new EncryptedFileSessionStore({ path: process.env.STORE, key: Buffer.from(process.env.KEY, 'hex') });
  const session = { clock: () => sim.clock.now(), checkIntervalMs: 5 };
  const report = (r) => { console.log(JSON.stringify(r)); process.exit(0); };
  const fail = (e) => { console.error(String(e && e.message || e)); process.exit(1); };
`;

const PROCESS_A = `${PRELUDE}
  (async () => {
    sim.reset();
    settle();
    const user = sim.users.create({ username: 'alice', displayName: 'Alice' });
    const app = sim.applications.create({ name: 'Test Launcher' });
    sim.auth.setConsent(user.id);
    const client = new Client({ applicationId: app.id, pumpIntervalMs: 1 });
    const info = await client.auth.startSession({ store: store(), ...session });
    const status = client.status;
    await client.close();
    fs.writeFileSync(process.env.WORLD, JSON.stringify(sim.save({ grants: true })));
    report({ userId: user.id, applicationId: app.id, resumed: info.resumed, status, now: sim.clock.now() });
  })().catch(fail);
`;

const PROCESS_B = `${PRELUDE}
  (async () => {
    sim.load(JSON.parse(fs.readFileSync(process.env.WORLD, 'utf8')));
    settle();
    sim.auth.setConsent('deny');  // a sign-in cannot succeed: only a resume makes this client ready
    const client = new Client({ applicationId: process.env.APP, pumpIntervalMs: 1 });
    const statuses = [];
    client.on('status', (e) => statuses.push(e.status));
    const info = await client.auth.startSession({ store: store(), refreshAheadMs: 10 * 60_000, ...session });
    const resumedAs = client.users.current && client.users.current.id;
    const statusAfterResume = client.status;
    const before = await store().load();
    sim.clock.advance(before.expiresAt - sim.clock.now() - 60_000);  // inside the refresh window of the resumed set
    const end = Date.now() + 10000;
    let after = before;
    while (after.refreshToken === before.refreshToken && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 10));
      after = await store().load();
    }
    report({
      resumed: info.resumed, resumedAs, statusAfterResume, statusAfterRefresh: client.status,
      leftReady: statuses.slice(statuses.indexOf('ready') + 1).filter((s) => s !== 'ready'),
      refreshed: after.refreshToken !== before.refreshToken, expiresAt: after.expiresAt, now: sim.clock.now(),
    });
  })().catch(fail);
`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pss-restart-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Every token and every 12-character window of one that occurs in `text`. */
function leaks(text: string, tokens: string[]): string[] {
  const found: string[] = [];
  for (const token of tokens) {
    for (let i = 0; i + 12 <= token.length; ++i) {
      if (text.includes(token.slice(i, i + 12))) found.push(`${token.length}-character token at ${i}`);
    }
  }
  return found;
}

test('a new process loads the world with grants and resumes the session the old one signed in, then refreshes', async () => {
  const key = randomBytes(32).toString('hex');
  const env = { STORE: path.join(dir, 'session.bin'), WORLD: path.join(dir, 'world.json'), KEY: key };

  const a = await runNode(PROCESS_A, { env, timeoutMs: 60000 });
  expect(a.stderr).toBe('');
  expect(a.code).toBe(0);
  const first = JSON.parse(a.stdout) as { userId: string; applicationId: string; resumed: boolean; status: string };
  expect(first).toMatchObject({ resumed: false, status: 'ready' });

  // The document carries the grant by digest only: no token, no 12-character piece of one.
  const text = readFileSync(env.WORLD, 'utf8');
  const stored = await new EncryptedFileSessionStore({ path: env.STORE, key: Buffer.from(key, 'hex') }).load() as StoredSession;
  expect(stored.refreshToken.length).toBeGreaterThan(12);
  expect(leaks(text, [stored.accessToken, stored.refreshToken])).toEqual([]);
  const doc = JSON.parse(text) as WorldDocument;
  expect(doc.grants).toEqual([expect.objectContaining({ userId: first.userId, applicationId: first.applicationId })]);
  expect(doc.grants?.[0]?.refreshTokenSha256).toMatch(/^[0-9a-f]{64}$/);

  const b = await runNode(PROCESS_B, { env: { ...env, APP: first.applicationId }, timeoutMs: 60000 });
  expect(b.stderr).toBe('');
  expect(b.code).toBe(0);
  const second = JSON.parse(b.stdout) as {
    resumed: boolean; resumedAs: string; statusAfterResume: string; statusAfterRefresh: string;
    leftReady: string[]; refreshed: boolean; expiresAt: number; now: number;
  };
  expect(second).toMatchObject({ resumed: true, resumedAs: first.userId, statusAfterResume: 'ready', statusAfterRefresh: 'ready', refreshed: true });
  expect(second.leftReady).toEqual([]);
  expect(second.expiresAt).toBe(second.now + WEEK);  // the new pair, issued by process B's simulator
}, 120_000);

test('without the grants option the new process knows no grant, and the stored session cannot resume', async () => {
  const key = randomBytes(32).toString('hex');
  const env = { STORE: path.join(dir, 'session.bin'), WORLD: path.join(dir, 'world.json'), KEY: key };
  const a = await runNode(PROCESS_A.replace('sim.save({ grants: true })', 'sim.save()'), { env, timeoutMs: 60000 });
  expect(a.code).toBe(0);
  expect((JSON.parse(readFileSync(env.WORLD, 'utf8')) as WorldDocument).grants).toBeUndefined();
  const b = await runNode(PROCESS_B, { env: { ...env, APP: (JSON.parse(a.stdout) as { applicationId: string }).applicationId }, timeoutMs: 60000 });
  expect(b.code).toBe(1);  // the resume fails and the sign-in is refused
  expect(b.stdout).toBe('');
}, 120_000);

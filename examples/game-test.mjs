// A game's own tests against the simulator, with Node's test runner (`node --test`, or
// `node examples/game-test.mjs`); with jest the same shape works (beforeEach, test, expect).
// The simulated platform is one world per process: every test starts from an empty one with
// sim.reset() in beforeEach, so usernames and lobbies of one test do not collide with another's.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { Client } from 'platform-social-sdk';
import { Simulator } from 'platform-social-sdk/testing';

const sim = Simulator.attach();
const clients = [];

beforeEach(() => sim.reset());
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

/** A player of our game, signed in and connected. */
async function player(username) {
  const user = sim.users.create({ username, displayName: username });
  const game = sim.applications.create({ name: 'My Game' });
  sim.auth.setConsent(user.id);  // the player approves the consent screen
  const client = new Client({ applicationId: game.id });
  clients.push(client);
  await client.auth.login();
  return client;
}

test('a player opens a lobby and her message is in its history', async () => {
  const ada = await player('ada');
  const lobby = await ada.lobbies.createOrJoin('match-1');
  await lobby.sendMessage('gl hf');
  const [latest] = await lobby.getMessages({ limit: 1 });
  assert.equal(latest.content, 'gl hf');
});

test('the world was reset: the same username signs up again', async () => {
  const ada = await player('ada');
  assert.equal(ada.users.current?.displayName, 'ada');
  assert.equal(sim.save().users.length, 1);
});

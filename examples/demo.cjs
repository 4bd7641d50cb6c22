// The package from CommonJS (`require`), against the bundled simulator: a player signs in, joins
// a lobby, chats and reads the lobby's history. Run with `node examples/demo.cjs`.
'use strict';
const { Client, PlatformError } = require('platform-social-sdk');
const { Simulator } = require('platform-social-sdk/testing');

async function main() {
  // The simulated platform: a player and our game's application. Against the real SDK these
  // exist already, and the player answers the platform's consent screen.
  const sim = Simulator.attach();
  const ada = sim.users.create({ username: 'ada', displayName: 'Ada' });
  const game = sim.applications.create({ name: 'My Game' });
  sim.auth.setConsent(ada.id);  // Ada approves the next authorization

  const client = new Client({ applicationId: game.id });
  try {
    await client.auth.login();
    console.log('ready as', client.users.current.displayName);
    const lobby = await client.lobbies.createOrJoin('match-7f3a');
    await lobby.sendMessage('gl hf');
    const [latest] = await lobby.getMessages({ limit: 10 });  // newest first
    console.log('history:', latest.content);
  } catch (err) {
    if (err instanceof PlatformError) console.error(err.message);
    process.exitCode = 1;
  } finally {
    await client.close();
  }
}

main();

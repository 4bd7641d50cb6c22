// The demo launcher against the bundled simulator: a user signs in with OAuth2 + PKCE and
// connects; a second player joins the same lobby by its secret; they chat; the game backend adds
// a named character and posts as them; then the lobby history is fetched. Run with `npm start`.
import { Client, sdkInfo } from 'platform-social-sdk';
import { Simulator } from 'platform-social-sdk/testing';

const info = sdkInfo();
console.log(`SDK: ${info.kind} ${info.version.major}.${info.version.minor}.${info.version.patch} (${info.path})`);

// The simulated platform: one player and our game's application.
const sim = Simulator.attach();
sim.network.setLatency(150); // feel of a real network round trip
const player = sim.users.create({ username: 'alice', displayName: 'Alice' });
const game = sim.applications.create({ name: 'Demo Launcher' });
console.log(`platform: user ${player.displayName} (${player.id}), application ${game.name} (${game.id})`);

const client = new Client({ applicationId: game.id, logLevel: 'warning' });
client.on('status', ({ status, error, errorDetail }) => {
  console.log(`status: ${status}${error !== 'none' ? ` (${error}, ${errorDetail})` : ''}`);
});
client.on('log', ({ severity, message }) => console.log(`sdk ${severity}: ${message}`));

// In a real launcher the platform's consent page opens here; in the simulator the player
// answers it.
setTimeout(() => {
  console.log(`consent: ${player.displayName} approves the authorization`);
  sim.auth.setConsent(player.id);
}, 300);

try {
  console.log(`login: authorize with scopes '${Client.defaultCommunicationScopes}' (PKCE S256)`);
  const tokens = await client.auth.login();
  console.log(`tokens: ${tokens.tokenType}, expires ${tokens.expiresAt.toISOString()}, scopes '${tokens.scopes}'`);
  console.log('token set (secrets redacted):', tokens);
  console.log(`ready as ${client.users.current?.displayName}`);
  await lobbyChat(client);
} finally {
  await client.close(); // Node 20 has no `await using` yet; client[Symbol.asyncDispose] is there for newer runtimes
}

async function lobbyChat(alice) {
  // A second player, signed in the quick way (a token issued by the simulated platform).
  const bobUser = sim.users.create({ username: 'bob', displayName: 'Bob' });
  const bob = new Client({ applicationId: game.id });
  try {
    await bob.auth.updateToken(sim.auth.issueToken(bobUser.id, { applicationId: game.id }).accessToken);
    await bob.connect();
    console.log(`\nlobby: ${bob.users.current?.displayName} is ready too`);

    alice.on('lobbyMemberAdded', ({ member }) => console.log(`lobby: ${member?.user?.displayName} joined`));
    alice.on('messageCreated', (m) => {
      const who = m.additionalName ? `${m.additionalName} (${m.author?.displayName})` : m.author?.displayName;
      console.log(`chat [Alice's screen] ${who}: ${m.content}`);
    });

    const lobby = await alice.lobbies.createOrJoin('demo-match-secret', { metadata: { map: 'harbour' } });
    const same = await bob.lobbies.createOrJoin('demo-match-secret');
    console.log(`lobby: both joined lobby ${lobby.id} by its secret (same lobby: ${same.id === lobby.id}, map ${lobby.metadata.map})`);

    await lobby.sendMessage('hi Bob, ready?');
    await bob.lobbies.get(lobby.id).sendMessage('ready!');

    // The game backend (server side only) gives Bob a character name and posts as him.
    sim.backend.updateLobbyMembers(lobby.id, [{ userId: bobUser.id, additionalName: 'Captain Bob' }]);
    sim.backend.sendLobbyMessageAs(bobUser.id, lobby.id, 'all hands on deck');
    await new Promise((resolve) => setTimeout(resolve, 400)); // let the simulated network deliver

    const history = await lobby.getMessages({ limit: 10 });
    console.log(`history (newest first, ${history.length} messages):`);
    for (const m of history) {
      console.log(`  ${m.sentAt.toISOString()} ${m.additionalName ?? m.author?.displayName}: ${m.content}`);
    }
  } finally {
    await bob.close();
  }
}

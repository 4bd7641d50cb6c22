// The demo launcher: signs a user in with OAuth2 + PKCE against the bundled simulator, connects,
// and prints every step. Run with `npm start`.
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
} finally {
  await client.close(); // Node 20 has no `await using` yet; client[Symbol.asyncDispose] is there for newer runtimes
}

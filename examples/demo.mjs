// The demo launcher against the bundled simulator: a user signs in with OAuth2 + PKCE and
// connects; a second player becomes her friend, sees her rich presence, gets an invite to her
// party and joins her lobby with the invite's join secret; they chat; the game backend adds
// a named character and posts as them; the lobby history is fetched; then both join the lobby's
// voice call, Alice with raw audio and push-to-talk. Run with `npm start`.
import { Client, sdkInfo } from 'platform-social-sdk';
import { Simulator } from 'platform-social-sdk/testing';
import { openConsole, watchUntilCtrlC } from './demo-console.mjs';

const info = sdkInfo();
console.log(`SDK: ${info.kind} ${info.version.major}.${info.version.minor}.${info.version.patch} (${info.path})`);

// The simulated platform: one player and our game's application.
const sim = Simulator.attach();
await openConsole(sim);
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
      if (m.lobbyId === null) return; // the invite's direct message
      const who = m.additionalName ? `${m.additionalName} (${m.author?.displayName})` : m.author?.displayName;
      console.log(`chat [Alice's screen] ${who}: ${m.content}`);
    });

    // Friends: Alice asks by username, Bob accepts.
    const requested = new Promise((resolve) => bob.once('relationshipCreated', resolve));
    await alice.relationships.sendFriendRequest('bob');
    const { relationship } = await requested;
    console.log(`friends: Bob sees a ${relationship?.platformType} request from ${relationship?.user?.displayName}`);
    const accepted = new Promise((resolve) => alice.once('relationshipCreated', resolve));
    await bob.relationships.accept(player.id);
    await accepted;
    const [friend] = alice.relationships.list('onlinePlayingGame');
    console.log(`friends: ${friend?.user?.displayName} is ${friend?.platformType}, online and playing this game`);

    // Alice opens a lobby and shows it in her rich presence as a party with a join secret.
    const secret = 'demo-match-secret';
    const lobby = await alice.lobbies.createOrJoin(secret, { metadata: { map: 'harbour' } });
    const seen = new Promise((resolve) => bob.on('userUpdated', (u) => u.id === player.id && u.activity?.party && resolve(u)));
    await alice.presence.update({
      type: 'playing', details: 'Harbour skirmish', state: 'Looking for a crew',
      assets: { largeImage: 'map_harbour', largeText: 'Harbour' },
      party: { id: `party-${lobby.id}`, currentSize: 1, maxSize: 4, privacy: 'private' },
      secrets: { join: secret },
      timestamps: { start: new Date() },
    });
    const aliceSeen = await seen;
    const a = aliceSeen.activity;
    console.log(`presence [Bob's friends list] ${aliceSeen.displayName}: ${a.type} ${a.name} — ${a.details}, ${a.state} (${a.party.currentSize} of ${a.party.maxSize})`);

    // The invite: a direct message Bob's game turns into a join.
    const invited = new Promise((resolve) => bob.once('activityInviteCreated', resolve));
    await alice.presence.sendInvite(bobUser.id, 'Join my crew!');
    const invite = await invited;
    console.log(`invite: Bob got a ${invite.type} invite from ${bob.users.get(invite.senderId)?.displayName} (valid: ${invite.isValid})`);
    const joinSecret = await bob.presence.acceptInvite(invite);
    const same = await bob.lobbies.createOrJoin(joinSecret);
    console.log(`invite: Bob accepted and joined lobby ${same.id} with the join secret (same lobby: ${same.id === lobby.id}, map ${lobby.metadata.map})`);

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
    await voiceCall(alice, bob, bobUser, lobby.id);
  } finally {
    await bob.close();
  }
}

async function voiceCall(alice, bob, bobUser, lobbyId) {
  console.log('\nvoice: both join the lobby call; Alice gets raw audio frames');
  let level = 0;
  let frames = 0;
  const aliceCall = alice.voice.startCallWithAudio(lobbyId, {
    // Runs on the JS thread with frames the SDK's audio thread queued (it never waits for us).
    onReceived: ({ samples }) => {
      frames++;
      let sum = 0;
      for (const s of samples) sum += s * s;
      level = Math.sqrt(sum / samples.length) / 32768;
    },
  });
  const bobCall = bob.voice.startCall(lobbyId);
  const connected = (call) => new Promise((resolve) => {
    if (call.status === 'connected') resolve();
    else call.on('status', ({ status }) => status === 'connected' && resolve());
  });
  await Promise.all([connected(aliceCall), connected(bobCall)]);
  console.log(`voice: call ${aliceCall.channelId} connected, participants ${aliceCall.participants.length}`);
  aliceCall.on('speakingChanged', ({ userId, speaking }) => {
    const who = userId === bobUser.id ? 'Bob' : 'Alice';
    console.log(`voice [Alice hears] ${who} ${speaking ? 'started' : 'stopped'} speaking`);
  });
  bobCall.on('speakingChanged', ({ userId, speaking }) => {
    if (userId !== bobUser.id) console.log(`voice [Bob hears] Alice ${speaking ? 'started' : 'stopped'} speaking`);
  });

  sim.voice.speak(bobUser.id, lobbyId, { durationMs: 400, frequencyHz: 330 });
  await sleep(200);
  console.log(`audio: ${frames} frames from Bob so far, level ${level.toFixed(3)} of full scale`);
  await sleep(400);

  aliceCall.audioMode = 'ptt';
  aliceCall.pttReleaseDelayMs = 100;
  console.log('voice: Alice switches to push-to-talk and speaks without pressing the key (Bob hears nothing)');
  sim.voice.speak(player.id, lobbyId, { durationMs: 1200 });
  await sleep(300);
  console.log('voice: Alice presses push-to-talk');
  aliceCall.pttActive = true;
  await sleep(400);
  console.log('voice: Alice releases push-to-talk (release delay 100 ms)');
  aliceCall.pttActive = false;
  await sleep(400);
  await watchUntilCtrlC();
  await alice.voice.endAllCalls();
  await bob.voice.endAllCalls();
  console.log('voice: calls ended');
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

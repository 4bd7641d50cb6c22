// The demo launcher against the bundled simulator: a user signs in with OAuth2 + PKCE and
// connects; a second player becomes her friend, sees her rich presence, gets an invite to her
// party and joins her lobby with the invite's join secret; they chat; the game backend adds
// a named character and posts as them; the lobby history is fetched; then both join the lobby's
// voice call with raw audio: Alice talks with push-to-talk, and Bob's game measures what it hears.
// Each line says what just happened, in words, after it happened. Run with `npm start`.
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

// In a real launcher the platform's consent page opens now and the player answers it there; the
// simulator has no page, so the demo answers for her (after a moment, as a person would).
client.on('consentPending', () => {
  console.log(`consent: the platform shows ${player.displayName} its consent screen for ${game.name}`);
  setTimeout(() => {
    console.log(`consent: ${player.displayName} approves`);
    sim.auth.setConsent(player.id);
  }, 300);
});

try {
  console.log(`login: ${player.displayName} signs in (OAuth2 with PKCE, scopes '${Client.defaultCommunicationScopes}')`);
  const tokens = await client.auth.login();
  console.log(`tokens: a ${tokens.tokenType} token, valid until ${tokens.expiresAt.toISOString()}, scopes '${tokens.scopes}'`);
  console.log('token set (secrets redacted):', tokens);
  console.log(`ready as ${client.users.current?.displayName}`);
  await lobbyChat(client);
} finally {
  await client.close(); // Node 20 has no `await using` yet; client[Symbol.asyncDispose] is there for newer runtimes
}
// The last line: the demo ran to its end (the Windows lane checks it; close() ends with a status line).
console.log('demo: done');

async function lobbyChat(alice) {
  // A second player, signed in the quick way (a token issued by the simulated platform).
  const bobUser = sim.users.create({ username: 'bob', displayName: 'Bob' });
  const bob = new Client({ applicationId: game.id });
  try {
    await bob.auth.updateToken(sim.auth.issueToken(bobUser.id, { applicationId: game.id }).accessToken);
    await bob.connect();
    console.log(`\nsign-in: ${bob.users.current?.displayName}, a second player, is signed in too`);

    alice.on('lobbyMemberAdded', ({ member }) => console.log(`lobby [Alice's screen] ${member?.user?.displayName} joined`));
    alice.on('messageCreated', (m) => {
      if (m.lobbyId === null) return; // the invite's direct message
      const who = m.additionalName ? `${m.additionalName} (${m.author?.displayName})` : m.author?.displayName;
      console.log(`chat [Alice's screen] ${who}: ${m.content}`);
    });

    // Friends: Alice asks by username, Bob accepts.
    const requested = new Promise((resolve) => bob.once('relationshipCreated', resolve));
    await alice.relationships.sendFriendRequest('bob');
    const { relationship } = await requested;
    const incoming = relationship?.platformType === 'pendingIncoming';
    console.log(`friends: Bob ${incoming ? 'has' : 'does not have'} a friend request from ${relationship?.user?.displayName}; he accepts`);
    const accepted = new Promise((resolve) => alice.once('relationshipCreated', resolve));
    await bob.relationships.accept(player.id);
    await accepted;
    console.log(`friends: Alice's friends list, online and playing this game: ${alice.relationships.list('onlinePlayingGame').map((r) => r.user?.displayName).join(', ')}`);

    // Alice opens a lobby and shows it in her rich presence as a party with a join secret.
    const secret = 'demo-match-secret';
    const lobby = await alice.lobbies.createOrJoin(secret, { metadata: { map: 'harbour' } });
    console.log(`lobby: Alice opened a lobby (map: ${lobby.metadata.map}) and shows it in her rich presence as a party`);
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
    console.log(`presence [Bob's friends list] ${aliceSeen.displayName} is ${a.type} ${a.name}: ${a.details}, ${a.state} (party of ${a.party.currentSize}, room for ${a.party.maxSize})`);

    // The invite: a direct message Bob's game turns into a join.
    const invited = new Promise((resolve) => bob.once('activityInviteCreated', resolve));
    await alice.presence.sendInvite(bobUser.id, 'Join my crew!');
    const invite = await invited;
    console.log(`invite: Bob got an invite to join ${bob.users.get(invite.senderId)?.displayName}'s party${invite.isValid ? '' : ' (no longer valid)'}; he accepts`);
    const joinSecret = await bob.presence.acceptInvite(invite);
    const same = await bob.lobbies.createOrJoin(joinSecret);
    console.log(`invite: Bob is in ${same.id === lobby.id ? "Alice's lobby" : 'another lobby'} (map: ${same.metadata.map})`);

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
  let level = 0;
  let frames = 0;
  const aliceCall = alice.voice.startCallWithAudio(lobbyId, {
    // Runs on the JS thread with frames the SDK's audio thread queued (it never waits for us).
    onReceived: ({ samples }) => {
      frames++;
      level = rms(samples);
    },
  });
  // Bob's game measures what it receives of Alice: the loudest frame since the last look.
  let bobHeard = 0;
  const bobCall = bob.voice.startCallWithAudio(lobbyId, {
    onReceived: ({ userId, samples }) => {
      if (userId === player.id) bobHeard = Math.max(bobHeard, rms(samples));
    },
  });
  const connected = (call) => new Promise((resolve) => {
    if (call.status === 'connected') resolve();
    else call.on('status', ({ status }) => status === 'connected' && resolve());
  });
  await Promise.all([connected(aliceCall), connected(bobCall)]);
  console.log(`\nvoice: Alice and Bob are in the lobby's voice call (${aliceCall.participants.length} people); their games get the raw audio`);
  const name = (userId) => (userId === bobUser.id ? 'Bob' : 'Alice');
  aliceCall.on('speakingChanged', ({ userId, speaking }) => {
    console.log(`voice [Alice's screen] ${name(userId)} ${speaking ? 'is speaking' : 'stopped speaking'}`);
  });
  bobCall.on('speakingChanged', ({ userId, speaking }) => {
    if (userId !== bobUser.id) console.log(`voice [Bob's screen] ${name(userId)} ${speaking ? 'is speaking' : 'stopped speaking'}`);
  });
  const bobHearsAlice = () => {
    const heard = bobHeard;
    bobHeard = 0;
    return heard === 0 ? 'nothing (level 0)' : `her at level ${heard.toFixed(3)} of full scale`;
  };

  console.log('voice: Bob speaks');
  sim.voice.speak(bobUser.id, lobbyId, { durationMs: 400, frequencyHz: 330 });
  await sleep(200);
  console.log(`audio: Alice's game has received ${frames} frames of Bob's voice, level ${level.toFixed(3)} of full scale`);
  await sleep(400);

  aliceCall.audioMode = 'ptt';
  aliceCall.pttReleaseDelayMs = 100;
  console.log('voice: Alice switches to push-to-talk and speaks without holding the key');
  sim.voice.speak(player.id, lobbyId, { durationMs: 1200 });
  await sleep(300);
  console.log(`voice: Bob hears ${bobHearsAlice()}`);
  aliceCall.pttActive = true;
  console.log('voice: Alice holds the push-to-talk key');
  await sleep(400);
  console.log(`voice: Bob hears ${bobHearsAlice()}`);
  aliceCall.pttActive = false;
  console.log('voice: Alice lets go of the key and keeps talking (her voice carries on for 100 ms)');
  await sleep(250);
  bobHearsAlice();  // the 100 ms release delay and the frames still on their way
  await sleep(200);
  console.log(`voice: Bob hears ${bobHearsAlice()}`);
  await watchUntilCtrlC();
  await alice.voice.endAllCalls();
  await bob.voice.endAllCalls();
  console.log('voice: both calls ended');
}

/** RMS level of 16-bit samples, 0..1 of full scale. */
function rms(samples) {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / samples.length) / 32768;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

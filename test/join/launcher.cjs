#!/usr/bin/env node
// A "launcher" for the world-host tests (test/world-scenario.test.ts, test/world-host-faults.test.ts,
// bench/rows/joined.mjs): an app written against this package's public API (dist/, as an app
// requires it), started with PLATFORM_SIM_HOST set so that its simulator library joins the host's
// world. Nothing here knows about the host: the app code is the same as in-process.
//
// The same line protocol as the C++ game (test/native/game/game.cc; driven by test/join/protocol.ts):
// one command per line on stdin, "<id> <command> <arguments>"; one JSON reply line per command
// with that id (operations reply when they settle, so several may be pending); client events as
// {"ev": ...} lines. Simulator controls (sim-*) use Simulator.attach(), which in a joined process
// controls the shared world.
'use strict';
const path = require('node:path');
const readline = require('node:readline');

const ROOT = path.join(__dirname, '..', '..');
const { Client } = require(path.join(ROOT, 'dist', 'cjs', 'index.js'));
const { Simulator } = require(path.join(ROOT, 'dist', 'cjs', 'testing.js'));

const emit = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);

let client = null;
let sim = null;
const simulator = () => (sim ??= Simulator.attach());
let lastInvite = null;
// Raw audio received per speaker: frames, samples, sum of squares and zero crossings of the left
// channel (its frequency), to show that a speaker's tone crossed as sound, not as silence.
const heard = new Map();

function onFrame(frame) {
  const id = frame.userId ?? 'captured';
  let h = heard.get(id);
  if (!h) heard.set(id, (h = { frames: 0, samples: 0, sumSquares: 0, crossings: 0, last: 0 }));
  h.frames++;
  const s = frame.samples;
  for (let i = 0; i < s.length; i += frame.channels) {
    const v = s[i];
    h.sumSquares += v * v;
    if ((h.last < 0 && v >= 0) || (h.last >= 0 && v < 0)) h.crossings++;
    h.last = v;
    h.samples++;
  }
}

function heardSummary() {
  const out = {};
  for (const [id, h] of heard) {
    out[id] = {
      frames: h.frames,
      rms: h.samples ? Math.sqrt(h.sumSquares / h.samples) / 32768 : 0,
      frequencyHz: h.samples ? (h.crossings / 2) / (h.samples / 48000) : 0,
    };
  }
  return out;
}

function watch(c) {
  c.on('status', (e) => emit({ ev: 'status', status: e.status, error: e.error ?? null }));
  c.on('relationshipCreated', (e) => emit({ ev: 'relationship', userId: e.userId, kind: e.kind,
    platformType: e.relationship.platformType }));
  c.on('lobbyMemberAdded', (e) => emit({ ev: 'memberAdded', lobbyId: e.lobbyId, memberId: e.memberId }));
  c.on('lobbyMemberUpdated', (e) => emit({ ev: 'memberUpdated', lobbyId: e.lobbyId, memberId: e.memberId,
    connected: e.member?.connected ?? null }));
  c.on('lobbyMemberRemoved', (e) => emit({ ev: 'memberRemoved', lobbyId: e.lobbyId, memberId: e.memberId }));
  c.on('messageCreated', (m) => emit({ ev: 'message', id: m.id, lobbyId: m.lobbyId, authorId: m.authorId, content: m.content }));
  c.on('userUpdated', (u) => emit({ ev: 'user', userId: u.id, status: u.status, details: u.activity?.details ?? null }));
  c.on('activityInviteCreated', (invite) => {
    lastInvite = invite;
    emit({ ev: 'invite', senderId: invite.senderId, type: invite.type, partyId: invite.partyId, valid: invite.isValid });
  });
  c.on('activityJoin', (e) => emit({ ev: 'join', joinSecret: e.joinSecret }));
  c.on('voiceParticipantChanged', (e) => emit({ ev: 'participant', lobbyId: e.lobbyId, memberId: e.memberId, added: e.added }));
  c.on('error', (err) => emit({ ev: 'error', message: String(err && err.message) }));
}

function need() {
  if (!client) throw new Error('no client: login first');
  return client;
}

const commands = {
  // Simulator controls (the shared world's, in a joined process).
  'sim-create-app': (name) => ({ appId: simulator().applications.create({ name }).id }),
  'sim-create-user': (username) => ({ userId: simulator().users.create({ username }).id }),
  'sim-consent': (userId) => { simulator().auth.setConsent(userId); return {}; },
  'sim-latency': (ms) => { simulator().network.setLatency(Number(ms)); return {}; },
  'sim-speak': (userId, lobbyId, ms, hz) => {
    simulator().voice.speak(userId, lobbyId, { durationMs: Number(ms), frequencyHz: Number(hz) });
    return {};
  },
  'sim-accept-invite-elsewhere': (userId) => {
    if (!lastInvite) throw new Error('no invite received yet');
    return { sessions: simulator().platformClient.acceptInviteElsewhere(userId, lastInvite) };
  },
  // The app's own calls.
  login: async (appId) => {
    client = new Client({ applicationId: appId });
    watch(client);
    await client.auth.login();
    const me = client.users.current;
    return { userId: me.id, username: me.username };
  },
  'login-token': async (appId, userId) => {
    client = new Client({ applicationId: appId });
    watch(client);
    const t = simulator().auth.issueToken(userId, { applicationId: appId });
    await client.auth.updateToken(t.accessToken);
    await client.connect();
    return { userId: client.users.current.id };
  },
  // Authorize with no consent decided: stays pending (the fault tests' operation in flight).
  authorize: async () => {
    await need().auth.authorize({ scopes: Client.defaultCommunicationScopes });
    return {};
  },
  status: () => ({ status: client ? client.status : 'none' }),
  'friend-request': async (username) => { await need().relationships.sendFriendRequest(username); return {}; },
  'friend-accept': async (userId) => { await need().relationships.accept(userId); return {}; },
  relationship: (userId) => {
    const r = need().relationships.get(userId);
    return { platformType: r ? r.platformType : null };
  },
  lobby: async (secret) => {
    const lobby = await need().lobbies.createOrJoin(secret);
    return { lobbyId: lobby.id, members: lobby.members.map((m) => m.id) };
  },
  members: (lobbyId) => {
    const lobby = need().lobbies.get(lobbyId);
    return { members: lobby ? lobby.members.map((m) => ({ id: m.id, connected: m.connected })) : null };
  },
  say: async (lobbyId, ...words) => {
    const lobby = need().lobbies.get(lobbyId);
    if (!lobby) throw new Error('not in that lobby');
    return { messageId: await lobby.sendMessage(words.join(' ')) };
  },
  // `count` lobby messages "burst <i>" sent without waiting for each (a chat burst).
  burst: async (lobbyId, count) => {
    const lobby = need().lobbies.get(lobbyId);
    if (!lobby) throw new Error('not in that lobby');
    const ids = await Promise.all(Array.from({ length: Number(count) }, (_, i) => lobby.sendMessage(`burst ${i}`)));
    return { ids };
  },
  presence: async (partyId, joinSecret, ...words) => {
    await need().presence.update({ details: words.join(' '), party: { id: partyId, currentSize: 1, maxSize: 4 },
      secrets: { join: joinSecret } });
    return {};
  },
  user: (userId) => {
    const u = need().users.get(userId);
    return u ? { status: u.status, details: u.activity?.details ?? null, partyId: u.activity?.party?.id ?? null } : { status: null };
  },
  invite: async (userId, ...words) => { await need().presence.sendInvite(userId, words.join(' ')); return {}; },
  call: (lobbyId) => {
    const call = need().voice.startCallWithAudio(lobbyId, { onReceived: onFrame });
    call.on('participantChanged', (e) => emit({ ev: 'callParticipant', userId: e.userId, added: e.added }));
    call.on('status', (s) => emit({ ev: 'callStatus', status: typeof s === 'string' ? s : s.status }));
    return { status: call.status };
  },
  'call-state': (lobbyId) => {
    const call = need().voice.getCall(lobbyId);
    return call ? { status: call.status, participants: call.participants } : { status: null, participants: [] };
  },
  heard: () => ({ heard: heardSummary() }),
  quit: async () => {
    if (client) await client.close();
    client = null;
    setImmediate(() => process.exit(0));
    return {};
  },
};

const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const [idText, name, ...args] = line.trim().split(/\s+/);
  const id = Number(idText);
  if (!Number.isInteger(id) || id <= 0 || !name) return emit({ ev: 'bad-command' });
  const fn = commands[name];
  if (!fn) return emit({ id, ok: false, error: `unknown command ${name}` });
  Promise.resolve().then(() => fn(...args)).then(
    (r) => emit({ id, ok: true, ...r }),
    (err) => emit({ id, ok: false, error: String(err && err.message), type: err && err.type ? err.type : null }),
  );
});
// stdin closed without "quit": the test went away.
rl.on('close', () => setTimeout(() => process.exit(2), 50).unref());
emit({ ev: 'ready', pid: process.pid });

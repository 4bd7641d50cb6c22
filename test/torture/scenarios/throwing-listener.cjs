// Listeners that throw, in every event kind the scenario can cause (client status, log, lobby,
// member, message, user, relationship and voice events, call events, raw audio handlers), with
// Error objects and with thrown non-errors. docs/api.md: with an 'error' listener it gets each
// exception (a call's 'error' for its audio handlers); without one the exception becomes an
// uncaught exception; the pump carries on either way. The seed picks with or without 'error'
// listeners (the latter caught by process.on('uncaughtException')), and sometimes an 'error'
// listener that throws too. Each throw is reported exactly once, operations still resolve and
// later events still arrive.
'use strict';
const { Run, sleep, until, world } = require('./_common.cjs');

const CLIENT_EVENTS = [
  'status', 'log', 'lobbyCreated', 'lobbyUpdated', 'lobbyMemberAdded', 'lobbyMemberUpdated', 'lobbyMemberRemoved',
  'messageCreated', 'messageUpdated', 'messageDeleted', 'userUpdated', 'relationshipCreated', 'voiceParticipantChanged',
];
const CALL_EVENTS = ['status', 'participantChanged', 'speakingChanged'];

Run.main('throwing-listener', async (run) => {
  const { rng } = run;
  const mode = ['errorListener', 'uncaught', 'throwingErrorListener'][run.seed % 3];
  run.counts.mode = mode;
  const w = world({ latency: 1 });
  const [aliceUser, bobUser, carol] = [w.user(), w.user(), w.user()];
  const alice = w.client();

  const thrown = new Map();    // tag → times thrown
  const reported = new Map();  // tag → times reported (via 'error' or uncaughtException)
  const tagOf = (e) => (e instanceof Error ? e.message : String(e)).replace(/^.*?(torture:[\w:]+).*$/s, '$1');
  const report = (e) => reported.set(tagOf(e), (reported.get(tagOf(e)) ?? 0) + 1);
  const thrower = (tag) => () => {
    thrown.set(tag, (thrown.get(tag) ?? 0) + 1);
    // Errors, and sometimes thrown non-errors (the client wraps them into an Error).
    throw rng.chance(0.7) ? new Error(tag) : `${tag}`;
  };
  process.on('uncaughtException', report);
  if (mode !== 'uncaught') {
    alice.on('error', (e) => {
      report(e);
      run.check(e instanceof Error, 'the error event got a non-Error');
      // An 'error' listener that throws: that one becomes an uncaught exception.
      if (mode === 'throwingErrorListener') thrower(`torture:errorListener`)();
    });
  }
  for (const name of CLIENT_EVENTS) alice.on(name, thrower(`torture:${name}`));
  let logs = 0;
  alice.on('log', () => { logs++; });  // after the thrower: never reached (EventEmitter stops at a throw)

  // Sign in (status events), then a lobby with bob: lobby and member events, messages.
  await w.signIn(alice, aliceUser);
  const bobClient = w.client();
  await w.signIn(bobClient, bobUser);
  const { id: lobbyId } = w.sim.backend.createLobby({ applicationId: w.app.id });
  w.sim.backend.updateLobbyMembers(lobbyId, [{ userId: aliceUser.id }, { userId: bobUser.id }, { userId: carol.id }]);
  await until(() => alice.lobbies.get(lobbyId)?.members.length === 3, 5000, 'lobby members');
  w.sim.backend.updateLobbyMembers(lobbyId, [{ userId: bobUser.id, metadata: { seat: String(rng.int(9)) } }]);
  w.sim.backend.updateLobbyMembers(lobbyId, [{ userId: carol.id, remove: true }]);
  w.sim.backend.sendLobbyMessageAs(bobUser.id, lobbyId, 'lobby hello');
  const dm = await bobClient.messages.sendToUser(aliceUser.id, 'dm hello');
  await bobClient.messages.edit(aliceUser.id, dm, 'dm hello, edited');
  await bobClient.messages.delete(aliceUser.id, dm);
  w.sim.users.update(bobUser.id, { globalName: `Bob ${rng.int(100)}` });
  w.sim.relationships.befriend(aliceUser.id, carol.id);
  for (let i = 0; i < 3; i++) w.sim.diagnostics.emitLog(`torture log ${i}`, 'error');

  // Voice: call events and a raw audio handler that throws on some frames.
  let frames = 0;
  const call = alice.voice.startCallWithAudio(lobbyId, {
    onReceived: () => { if (++frames % 7 === 1) thrower('torture:onReceived')(); },
  });
  if (mode !== 'uncaught') call.on('error', report);
  for (const name of CALL_EVENTS) call.on(name, thrower(`torture:call:${name}`));
  const bobCall = bobClient.voice.startCall(lobbyId);
  await until(() => call.status === 'connected' && bobCall.status === 'connected', 5000, 'calls connected');
  w.sim.voice.speak(bobUser.id, lobbyId, { durationMs: 60_000, frequencyHz: 200 + rng.int(600) });

  // The pump carries on: every kind seen, an operation resolves, and a later event arrives.
  const kinds = ['status', 'log', 'lobbyCreated', 'lobbyMemberAdded', 'lobbyMemberUpdated', 'lobbyMemberRemoved',
    'messageCreated', 'messageUpdated', 'messageDeleted', 'userUpdated', 'relationshipCreated', 'call:status', 'onReceived'];
  await until(() => kinds.every((k) => thrown.has(`torture:${k}`)), 8000, 'every event kind thrown from')
    .catch((e) => run.check(false, `${e.message}; missing ${kinds.filter((k) => !thrown.has(`torture:${k}`))}`));
  await run.track(alice.messages.getSummaries(), 'getSummaries', ['resolved']);
  const late = new Promise((resolve) => alice.prependListener('messageCreated', (m) => { if (m.content === 'late') resolve(); }));
  w.sim.backend.sendLobbyMessageAs(bobUser.id, lobbyId, 'late');
  await late;
  await sleep(20);  // uncaught exceptions are raised on the next tick

  // Exactly once each: every throw reported, nothing reported that was not thrown.
  const total = (m) => [...m.values()].reduce((a, b) => a + b, 0);
  for (const [tag, n] of thrown) run.check(reported.get(tag) === n, `${tag}: thrown ${n}, reported ${reported.get(tag) ?? 0}`);
  for (const [tag, n] of reported) run.check(thrown.has(tag), `${tag}: reported ${n}, never thrown`);
  run.check(logs === 0, 'a listener after a throwing one ran');
  run.counts.thrown = total(thrown);
  run.counts.reported = total(reported);
  run.counts.kinds = thrown.size;
  await Promise.all([alice.close(), bobClient.close()]);
});

// Rows 1a, 1b and 3: events flooded by the simulator into a connected client, and history.
import {
  addon, CONTENT, makeRow, median, now, quick, REPEATS, sleep, timeEvents, world,
} from '../common.mjs';

export default async function eventRows() {
  const rows = [];
  const w = await world();
  const a = await w.connect(w.alice, { pumpIntervalMs: 1 });
  const b = await w.connect(w.bob, { pumpIntervalMs: 1 });
  const lobby = await a.lobbies.createOrJoin('bench');
  await b.lobbies.createOrJoin('bench');
  await sleep(50);
  const sim = addon().sim;
  const members = quick ? 20_000 : 200_000;
  const messages = quick ? 5_000 : 50_000;
  const idRates = [];
  const msgRates = [];
  for (let i = 0; i < REPEATS; i++) {
    const ms = await timeEvents(a, 'lobbyMemberUpdated', members,
      () => sim.benchFloodMemberUpdates(BigInt(lobby.id), BigInt(w.bob.id), members));
    idRates.push(members / (ms / 1000));
    const ms2 = await timeEvents(a, 'messageCreated', messages,
      () => sim.benchFloodLobbyMessages(BigInt(w.bob.id), BigInt(lobby.id), messages, CONTENT));
    msgRates.push(messages / (ms2 / 1000));
  }
  // Baselines: (a) the naive design, one natively built object per event and one call per
  // event; (b) the floor: an empty addon call, and a JS-only loop allocating the same objects.
  const naive = [];
  const noop = [];
  const jsOnly = [];
  const n = quick ? 20_000 : 200_000;
  for (let i = 0; i < REPEATS; i++) {
    let sink = 0;
    let t = now();
    addon().bench.naiveMessages(n, () => { sink++; });
    naive.push(n / ((now() - t) / 1000));
    t = now();
    for (let j = 0; j < n; j++) addon().bench.noop();
    noop.push(n / ((now() - t) / 1000));
    t = now();
    const keep = [];
    for (let j = 0; j < n; j++) {
      keep.push({ id: String(j), content: CONTENT, rawContent: CONTENT, authorId: '1', channelId: '2', lobbyId: '2', recipientId: null,
        applicationId: '3', additionalName: null, metadata: { kind: 'chat' }, moderationMetadata: {}, additionalContent: null,
        disclosureType: null, sentFromGame: true, sentTimestamp: j, editedTimestamp: 0, channelType: 17,
        author: { id: '1', username: 'alice', displayName: 'Alice', globalName: 'Alice', isProvisional: false, avatar: null, status: 0 } });
      if (keep.length > 1000) keep.length = 0;
    }
    jsOnly.push(n / ((now() - t) / 1000));
    if (sink !== n) throw new Error('naive baseline lost events');
  }
  rows.push(makeRow('1a event delivery, id-only (lobbyMemberUpdated)', idRates, 'events/s', '>= 1,000,000/s',
    median(idRates) >= 1e6 ? 'met' : 'NOT MET', { 'floor: empty addon call': median(noop) }));
  const ratio = median(msgRates) / median(naive);
  rows.push(makeRow('1b event delivery, messageCreated (full Message)', msgRates, 'events/s', '>= 5x naive',
    ratio >= 5 ? 'met' : `NOT MET (${ratio.toFixed(2)}x naive)`,
    { 'naive: object per event + call per event': median(naive), 'floor: JS-only allocation': median(jsOnly) }));

  // 3. History: 200 messages to JS objects (network latency 0: the figure is the binding's cost).
  const history = [];
  for (let i = 0; i < (quick ? 3 : 30); i++) {
    const t = now();
    const list = await lobby.getMessages({ limit: 200 });
    history.push((now() - t) * 1000);
    if (list.length !== 200) throw new Error(`history returned ${list.length}`);
  }
  rows.push(makeRow('3 history, 200 messages to JS', history, 'µs', '<= 200 µs beyond network delay',
    median(history) <= 200 ? 'met' : 'NOT MET'));
  await a.close();
  await b.close();
  return rows;
}

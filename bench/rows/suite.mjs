// Rows 11 and 12: what a game developer's test suite does against the simulator at latency 0 —
// sign a user in, and chat in a lobby between two clients. Each row has a floor measured in the
// same run: the same number of awaited steps, each a bare pump call (Platform_RunCallbacks with
// nothing queued, and an empty tape) resolved on the next macrotask, without any SDK work. Clients
// keep their default options (the pump interval a test suite gets); the same flow with
// `pumpIntervalMs: 1` is a baseline that shows how much of the figure is waiting for a tick.
import {
  addon, Client, CONTENT, makeRow, median, now, quick, world,
} from '../common.mjs';

const SIGN_INS = quick ? 5 : 30;
const MESSAGES = 1000;
const CHAT_RUNS = quick ? 1 : 5;

/** `steps` awaited bare pump calls, each on its own macrotask: ms. */
async function floor(steps) {
  const a = addon();
  const t = now();
  for (let i = 0; i < steps; i++) await new Promise((resolve) => setImmediate(() => resolve(a.pump())));
  return now() - t;
}

/** authorize (consent answered beforehand) → token → updateToken → Ready, on a fresh client: ms. */
async function signIn(w, options) {
  const c = new Client({ applicationId: w.app.id, ...options });
  try {
    w.sim.auth.setConsent(w.alice.id);
    const t = now();
    const tokens = await c.auth.login();
    await c.auth.updateToken(tokens.accessToken);
    await c.connect();
    const ms = now() - t;
    if (c.status !== 'ready') throw new Error(`sign-in ended in ${c.status}`);
    return ms;
  } finally {
    await c.close();
  }
}

/** Alice sends MESSAGES lobby messages without waiting for each; Bob receives all of them: ms. */
function chat(lobbyA, b) {
  return new Promise((resolve, reject) => {
    let seen = 0;
    let t = 0;
    const listener = (m) => {
      if (m.rawContent !== CONTENT) return;
      if (++seen === MESSAGES) {
        b.off('messageCreated', listener);
        resolve(now() - t);
      }
    };
    b.on('messageCreated', listener);
    t = now();
    const sends = [];
    for (let i = 0; i < MESSAGES; i++) sends.push(lobbyA.sendMessage(CONTENT));
    Promise.all(sends).catch((e) => {
      b.off('messageCreated', listener);
      reject(e);
    });
  });
}

export default async function suiteRows() {
  const w = await world();
  // Sign-in: 4 awaited steps (authorize, token, updateToken, connect).
  // One untimed round of each flow first: the figures are of a warm process (JIT-compiled), as in
  // a test suite after its first test.
  await signIn(w, {});
  const signIns = [];
  const fast = [];
  const floors = [];
  for (let i = 0; i < SIGN_INS; i++) {
    signIns.push(await signIn(w, {}));
    fast.push(await signIn(w, { pumpIntervalMs: 1 }));
    floors.push(await floor(4));
  }
  const signInMs = median(signIns);

  // Lobby chat: both clients in one lobby; the floor is one awaited bare pump per message.
  const chatPair = async (options, secret) => {
    const a = await w.connect(w.alice, options);
    const b = await w.connect(w.bob, options);
    const lobbyA = await a.lobbies.createOrJoin(secret);
    await b.lobbies.createOrJoin(secret);
    return { a, b, lobbyA };
  };
  const plain = await chatPair({}, 'bench-suite');
  const eager = await chatPair({ pumpIntervalMs: 1 }, 'bench-suite-1ms');
  await chat(plain.lobbyA, plain.b);
  await chat(eager.lobbyA, eager.b);
  const chats = [];
  const chatsFast = [];
  const chatFloors = [];
  for (let i = 0; i < CHAT_RUNS; i++) {
    chats.push(await chat(plain.lobbyA, plain.b));
    chatsFast.push(await chat(eager.lobbyA, eager.b));
    chatFloors.push(await floor(MESSAGES));
  }
  for (const c of [plain.a, plain.b, eager.a, eager.b]) await c.close();
  const chatMs = median(chats);
  return [
    makeRow('11 sign-in: authorize, token, Ready (latency 0)', signIns, 'ms', '<= 2 ms',
      signInMs <= 2 ? 'met' : 'NOT MET',
      { 'pumpIntervalMs 1': median(fast), 'floor (4 awaited bare pumps)': median(floors) }),
    makeRow(`12 lobby chat: ${MESSAGES.toLocaleString('en')} messages, one client to another`, chats, 'ms', '<= 20 ms',
      chatMs <= 20 ? 'met' : 'NOT MET',
      { 'pumpIntervalMs 1': median(chatsFast), [`floor (${MESSAGES.toLocaleString('en')} awaited bare pumps)`]: median(chatFloors) }),
  ];
}

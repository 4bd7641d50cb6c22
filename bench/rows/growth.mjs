// Row 13: the simulator's world as it grows (issue 37). Each figure at a small and a large size in
// the same run, each size in a fresh child process (the world and the heap of one size never
// weigh on the other); the row's figure is the large size's time, its baselines the per-unit
// cost at both sizes and their ratio:
//   13a build a world: sim.users.create x100,000 (per user vs 1,000)
//   13b one user befriends 50,000 users: sim.relationships.befriend (per friend vs 1,000)
//   13c relationships.list() of 50,000 friends with presence (per friend vs row 4's 5,000)
//   13d sim.load() of a saved 100,000-user world with 50,000 friendships (per user vs 1,000)
//   13e sim.save() of it
//   13f sign-in to Ready in a 100,000-user world (10,000 lobbies of 10) vs a 10-user world, latency 0
//   13g lobbies.createOrJoin in the same two worlds
// and the 100,000-user world's RSS (13d's child, after the load).
//   node bench/rows/growth.mjs --child=<what> --n=<size>   prints one JSON line
import { fileURLToPath } from 'node:url';
import { listWithPresence, makeRow, median, now, quick, runJsonChild, world } from '../common.mjs';

const MB = 1024 * 1024;
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

/** n users named user_<i> (the world's alice and bob besides). */
function createUsers(sim, n) {
  const ids = new Array(n);
  for (let i = 0; i < n; i++) ids[i] = sim.users.create({ username: `user_${i}` }).id;
  return ids;
}

/** A world document: alice, bob, the application, n users, 10-member lobbies of them, alice's friends. */
function worldDocument(w, n, { lobbies = false, friends = 0 } = {}) {
  const doc = w.sim.save();
  let id = 10n ** 18n;
  const next = () => String(id++);
  const users = [];
  for (let i = 0; i < n; i++) users.push({ id: next(), username: `user_${i}`, displayName: `User ${i}`, provisional: false, banned: false });
  doc.users.push(...users);
  doc.relationships = [];
  for (let i = 0; i < friends; i++) {
    doc.relationships.push({ userId: w.alice.id, otherId: users[i].id, type: 'friend', since: 0 },
      { userId: users[i].id, otherId: w.alice.id, type: 'friend', since: 0 });
  }
  doc.lobbies = [];
  if (lobbies) {
    for (let i = 0; i + 10 <= n; i += 10) {
      doc.lobbies.push({ id: next(), applicationId: w.app.id, secret: '', backendCreated: true, metadata: {},
        members: users.slice(i, i + 10).map((u) => ({ userId: u.id, metadata: {} })), messages: [] });
    }
  }
  return doc;
}

const CHILDREN = {
  // 13a: the whole creation, timed.
  async create(n) {
    const w = await world();
    const t = now();
    createUsers(w.sim, n);
    return { ms: now() - t };
  },
  // 13b: alice befriends n users (created untimed first).
  async befriend(n) {
    const w = await world();
    const ids = createUsers(w.sim, n);
    const t = now();
    for (const id of ids) w.sim.relationships.befriend(w.alice.id, id);
    return { ms: now() - t };
  },
  // 13c: as row 4 (bench/rows/relationships.mjs): the first list untimed, then timed lists. The
  // first list decodes every friend (reported beside the row); the ones after it find them
  // unchanged and keep their users (lib/tape.ts readTapeListReusing, lib/relationships.ts reusableRelationship). The second is untimed too:
  // it is the first to run that path, which V8 compiles then (one untimed list left those
  // compilations in the first timed lists, a third of them at 5,000, where they weigh most).
  async list(n) {
    const w = await world();
    w.sim.load(worldDocument(w, n, { friends: n }));
    w.sim.network.setLatency(0);
    const a = await w.connect(w.alice, { pumpIntervalMs: 1 });
    const first = now();
    listWithPresence(a, n);
    const firstMs = now() - first;
    listWithPresence(a, n);
    const times = [];
    for (let i = 0; i < (quick ? 2 : 15); i++) {
      const t = now();
      listWithPresence(a, n);
      times.push(now() - t);
    }
    await a.close();
    return { ms: median(times), firstMs };
  },
  // 13d, 13e: a world of n users in which alice has n / 2 friends, saved, then loaded.
  async saveLoad(n) {
    const w = await world();
    const rssBefore = process.memoryUsage().rss;
    w.sim.load(worldDocument(w, n, { friends: n / 2 }));
    const saves = [];
    const loads = [];
    let doc;
    for (let i = 0; i < (quick ? 1 : 3); i++) {
      let t = now();
      doc = w.sim.save();
      saves.push(now() - t);
      t = now();
      w.sim.load(doc);
      loads.push(now() - t);
    }
    if (doc.users.length !== n + 2 || doc.relationships.length !== n) throw new Error('the saved world is not the one built');
    doc = null;
    globalThis.gc?.();
    return { saveMs: median(saves), loadMs: median(loads), rssMB: process.memoryUsage().rss / MB, rssBeforeMB: rssBefore / MB };
  },
  // 13f, 13g: sign-ins of alice to Ready and createOrJoin, in a world of n users in 10-member lobbies.
  async session(n) {
    const w = await world();
    w.sim.load(worldDocument(w, n, { lobbies: true }));
    w.sim.network.setLatency(0);  // a load resets the network too (20 ms would be most of the figure)
    const signIns = [];
    const joins = [];
    for (let i = 0; i < (quick ? 5 : 101); i++) {
      const t = now();
      const c = await w.connect(w.alice, { pumpIntervalMs: 1 });
      signIns.push(now() - t);
      const j = now();
      await c.lobbies.createOrJoin(`growth-${i}`);
      joins.push(now() - j);
      await c.close();
    }
    return { signInMs: median(signIns), joinMs: median(joins) };
  },
};

async function child() {
  const what = arg('child');
  const n = Number(arg('n'));
  const run = CHILDREN[what];
  if (!run || !Number.isInteger(n) || n < 1) throw new Error(`growth child: unknown --child=${what} or --n`);
  process.stdout.write(`${JSON.stringify(await run(n))}\n`);
}

function runChild(what, n) {
  const args = ['--expose-gc', fileURLToPath(import.meta.url), `--child=${what}`, `--n=${n}`];
  if (quick) args.push('--quick');
  return runJsonChild(args, `growth child ${what} ${n}`);
}

/** `repeats` children at each size; per-size medians of `field`. */
async function sizes(what, small, large, repeats, fields) {
  const at = {};
  for (const n of [small, large]) {
    const runs = [];
    for (let i = 0; i < repeats; i++) runs.push(await runChild(what, n));
    at[n] = Object.fromEntries(fields.map((f) => [f, runs.map((r) => r[f])]));
    at[n].runs = runs;
  }
  return at;
}

const fmtN = (n) => n.toLocaleString('en');

export default async function growthRows() {
  const repeats = quick ? 1 : 3;
  const rows = [];
  const per = (ms, n) => (ms * 1000) / n;  // µs per unit

  // 13a
  {
    const [small, large] = quick ? [1000, 10_000] : [1000, 100_000];
    const at = await sizes('create', small, large, repeats, ['ms']);
    const ms = at[large].ms;
    const ratio = per(median(ms), large) / per(median(at[small].ms), small);
    rows.push(makeRow(`13a world: sim.users.create x${fmtN(large)}`, ms, 'ms', '<= 1 s, per user <= 2x the 1,000 figure',
      quick ? 'quick run' : median(ms) <= 1000 && ratio <= 2 ? 'met' : 'NOT MET',
      { [`per user at ${fmtN(small)} µs`]: per(median(at[small].ms), small), [`per user at ${fmtN(large)} µs`]: per(median(ms), large), ratio }));
  }
  // 13b
  {
    const [small, large] = quick ? [1000, 5000] : [1000, 50_000];
    const at = await sizes('befriend', small, large, repeats, ['ms']);
    const ms = at[large].ms;
    const ratio = per(median(ms), large) / per(median(at[small].ms), small);
    rows.push(makeRow(`13b world: one user befriends ${fmtN(large)}`, ms, 'ms', '<= 1 s',
      quick ? 'quick run' : median(ms) <= 1000 ? 'met' : 'NOT MET',
      { [`per friend at ${fmtN(small)} µs`]: per(median(at[small].ms), small), [`per friend at ${fmtN(large)} µs`]: per(median(ms), large), ratio }));
  }
  // 13c
  {
    const [small, large] = quick ? [500, 5000] : [5000, 50_000];
    const at = await sizes('list', small, large, repeats, ['ms', 'firstMs']);
    const ms = at[large].ms;
    const ratio = per(median(ms), large) / per(median(at[small].ms), small);
    rows.push(makeRow(`13c relationships.list(), ${fmtN(large)} friends with presence`, ms, 'ms', '<= 50 ms, per friend <= 1.5x at 5,000',
      quick ? 'quick run' : median(ms) <= 50 && ratio <= 1.5 ? 'met' : 'NOT MET',
      { [`list of ${fmtN(small)} ms`]: median(at[small].ms), [`per friend at ${fmtN(small)} µs`]: per(median(at[small].ms), small),
        [`per friend at ${fmtN(large)} µs`]: per(median(ms), large), ratio,
        [`first list (untimed) of ${fmtN(small)} / ${fmtN(large)} ms`]: `${median(at[small].firstMs).toFixed(1)} / ${median(at[large].firstMs).toFixed(1)}` }));
  }
  // 13d, 13e and the world's RSS
  {
    const [small, large] = quick ? [1000, 10_000] : [1000, 100_000];
    const at = await sizes('saveLoad', small, large, repeats, ['loadMs', 'saveMs', 'rssMB', 'rssBeforeMB']);
    const label = `${fmtN(large)} users, ${fmtN(large / 2)} friendships`;
    const loadRatio = per(median(at[large].loadMs), large) / per(median(at[small].loadMs), small);
    const saveRatio = per(median(at[large].saveMs), large) / per(median(at[small].saveMs), small);
    rows.push(makeRow(`13d world: sim.load() of ${label}`, at[large].loadMs, 'ms', '<= 2 s',
      quick ? 'quick run' : median(at[large].loadMs) <= 2000 ? 'met' : 'NOT MET',
      { [`per user at ${fmtN(small)} µs`]: per(median(at[small].loadMs), small), [`per user at ${fmtN(large)} µs`]: per(median(at[large].loadMs), large), ratio: loadRatio,
        'RSS with the world MB': median(at[large].rssMB), 'RSS before it MB': median(at[large].rssBeforeMB) }));
    rows.push(makeRow(`13e world: sim.save() of ${label}`, at[large].saveMs, 'ms', '<= 1 s',
      quick ? 'quick run' : median(at[large].saveMs) <= 1000 ? 'met' : 'NOT MET',
      { [`per user at ${fmtN(small)} µs`]: per(median(at[small].saveMs), small), [`per user at ${fmtN(large)} µs`]: per(median(at[large].saveMs), large), ratio: saveRatio }));
  }
  // 13f, 13g
  {
    const [small, large] = quick ? [10, 10_000] : [10, 100_000];
    const at = await sizes('session', small, large, repeats, ['signInMs', 'joinMs']);
    for (const [key, name] of [['signInMs', '13f sign-in to Ready'], ['joinMs', '13g lobbies.createOrJoin']]) {
      const ratio = median(at[large][key]) / median(at[small][key]);
      rows.push(makeRow(`${name} in a ${fmtN(large)}-user world`, at[large][key], 'ms', `<= 1.2x the ${fmtN(small)}-user world`,
        quick ? 'quick run' : ratio <= 1.2 ? 'met' : 'NOT MET',
        { [`${fmtN(small)}-user world ms`]: median(at[small][key]), ratio }));
    }
  }
  return rows;
}

if (arg('child') !== undefined) {
  await child();
  process.exit(0);
}

// Row 4: listing 5,000 friends with their presence.
//
// The first list of a process is untimed and reported on its own ("first list"): it compiles the
// list's readers (a game's test suite pays that once, as after its first test). Then 30 timed
// lists (the 10 of before let two or three scavenges of the 5,000 live friends decide the
// median). Same run: the process CPU time per list, and the native call alone (capture and
// encode, no JS objects).
import { listWithPresence as listPresence, makeRow, median, nativeClientOf, now, quick, world } from '../common.mjs';

export default async function relationshipRows() {
  const w = await world();
  const count = quick ? 500 : 5000;
  for (let i = 0; i < count; i++) {
    const u = w.sim.users.create({ username: `friend_${i}` });
    w.sim.relationships.befriend(w.alice.id, u.id);
  }
  const a = await w.connect(w.alice, { pumpIntervalMs: 1 });
  // "with presence": every friend's status and activity
  const listWithPresence = () => listPresence(a, count);
  let t = now();
  listWithPresence();
  const first = now() - t;
  const times = [];
  const cpu = [];
  for (let i = 0; i < (quick ? 2 : 30); i++) {
    const c = process.cpuUsage();
    t = now();
    listWithPresence();
    times.push(now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  const native = nativeClientOf(a);
  const nativeTimes = [];
  for (let i = 0; i < (quick ? 2 : 10); i++) {
    t = now();
    native.getRelationships(-1);
    nativeTimes.push(now() - t);
  }
  await a.close();
  return [makeRow(`4 relationships, ${count} friends with presence`, times, 'ms', quick ? '(5,000 in the full run) <= 5 ms' : '<= 5 ms',
    quick ? 'quick run' : median(times) <= 5 ? 'met' : 'NOT MET',
    { 'first list (untimed)': first, 'CPU per list': median(cpu), 'native call alone': median(nativeTimes) })];
}

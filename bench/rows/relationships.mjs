// Row 4: listing 5,000 friends with their presence.
import { makeRow, median, now, quick, world } from '../common.mjs';

export default async function relationshipRows() {
  const w = await world();
  const count = quick ? 500 : 5000;
  for (let i = 0; i < count; i++) {
    const u = w.sim.users.create({ username: `friend_${i}` });
    w.sim.relationships.befriend(w.alice.id, u.id);
  }
  const a = await w.connect(w.alice, { pumpIntervalMs: 1 });
  const times = [];
  for (let i = 0; i < (quick ? 2 : 10); i++) {
    const t = now();
    const list = a.relationships.list();
    // "with presence": every friend's status and activity
    let online = 0;
    for (const r of list) if (r.user && r.user.status !== 'offline' && r.user.activity === null) online++;
    times.push(now() - t);
    if (list.length !== count || online < 0) throw new Error(`listed ${list.length}`);
  }
  await a.close();
  return [makeRow(`4 relationships, ${count} friends with presence`, times, 'ms', quick ? '(5,000 in the full run) <= 5 ms' : '<= 5 ms',
    quick ? 'quick run' : median(times) <= 5 ? 'met' : 'NOT MET')];
}

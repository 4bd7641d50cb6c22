// Row 5: CPU used by a connected, idle client, from the process's CPU time.
import { Client, makeRow, now, quick, sleep, world } from '../common.mjs';

export default async function idleRows() {
  const w = await world();
  const c = new Client({ applicationId: w.app.id });
  await c.auth.updateToken(w.sim.auth.issueToken(w.alice.id, { applicationId: w.app.id }).accessToken);
  await c.connect();
  await sleep(1000); // let start-up work settle
  const seconds = quick ? 1 : 10;
  const before = process.cpuUsage();
  const t = now();
  await sleep(seconds * 1000);
  const used = process.cpuUsage(before);
  const share = ((used.user + used.system) / 1000) / (now() - t) * 100;
  await c.close();
  return [makeRow(`5 idle connected client (${seconds} s, pump ${c.pumpIntervalMs} ms active, ${c.idlePumpIntervalMs} ms idle)`, [share], '% of a core', '<= 0.2%',
    share <= 0.2 ? 'met' : 'NOT MET')];
}

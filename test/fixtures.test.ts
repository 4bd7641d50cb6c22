// World fixtures under hostile input: a valid fixture with one value replaced by anything, and
// arbitrary text given to the simulator's own JSON reader. Each load either succeeds or throws a
// TypeError/RangeError, and a failed load leaves the world exactly as it was; nothing crashes.
import fc from 'fast-check';
import { addon } from '../lib/addon-loader';
import type { WorldDocument } from '../lib/testing';
import { closeAll, freshWorld, secondUser, type World } from './helpers';

const SEED = Number(process.env['FUZZ_SEED'] ?? 0xf1c5);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 300);
// The fuzzed fixture carries grants (token digests) too.
const GRANTS = { grants: true };

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

function withoutSavedAt(doc: WorldDocument): string {
  const { savedAt: _s, ...rest } = doc;
  return JSON.stringify(rest);
}

/** Every path to a value inside `v` (objects and arrays included). */
function paths(v: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  const out = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...at, i])));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}

function replaced(doc: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(doc) ? [...doc] : { ...(doc as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  copy[head] = replaced(copy[head], rest, value);
  return copy;
}

test('a fixture with one value replaced loads or is refused with a TypeError/RangeError, changing nothing', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const lobby = await alice.lobbies.createOrJoin('fuzz', { metadata: { map: 'harbour' } });
  await bob.client.lobbies.createOrJoin('fuzz');
  await lobby.sendMessage('hello');
  w.sim.relationships.befriend(w.user.id, bob.user.id);
  w.sim.presence.set(w.user.id, { state: 'In a match', party: { id: 'p', currentSize: 1, maxSize: 2 }, buttons: [{ label: 'Watch', url: 'https://example.com' }] });
  w.sim.guilds.create({ name: 'Guild', members: [w.user.id], channels: [{ name: 'general', type: 'guildText', position: 0 }] });
  const doc = w.sim.save(GRANTS);
  expect(doc.grants?.length).toBeGreaterThan(0);
  const all = paths(doc);
  let refused = 0;
  await closeAll(w);
  fc.assert(fc.property(fc.nat(all.length - 1), fc.jsonValue(), (i, value) => {
    const bad = replaced(doc, all[i]!, value) as WorldDocument;
    const before = withoutSavedAt(w.sim.save(GRANTS));
    try {
      w.sim.load(bad);
    } catch (e) {
      refused++;
      expect(e instanceof TypeError || e instanceof RangeError).toBe(true);
      expect(withoutSavedAt(w.sim.save(GRANTS))).toBe(before);
    }
  }), { seed: SEED, numRuns: RUNS });
  expect(refused).toBeGreaterThan(0);
  // The original still loads after all of that.
  w.sim.load(doc);
  expect(withoutSavedAt(w.sim.save(GRANTS))).toBe(withoutSavedAt(doc));
});

test("the simulator's JSON reader refuses malformed text without crashing", () => {
  const sim = addon().sim;
  const before = sim.worldSave(false);
  const good = before;
  const cases = fc.sample(fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.nat(good.length).map((n) => good.slice(0, n)),                    // truncated
    fc.tuple(fc.nat(good.length), fc.string({ minLength: 1, maxLength: 3 })).map(([n, s]) => good.slice(0, n) + s + good.slice(n + 1)),
    fc.nat(100).map((n) => '['.repeat(n * 10) + ']'.repeat(n * 10)),    // deep nesting
  ), { seed: SEED, numRuns: RUNS });
  let refused = 0;
  for (const text of cases) {
    const r = sim.worldLoad(text);
    if (r !== true) {
      refused++;
      expect(r).toMatch(/^400: /);
    }
  }
  expect(refused).toBeGreaterThan(cases.length / 2);
});

test('grants are saved by token digest on request, validated on load, and accept the tokens they were saved from', async () => {
  const t = w.token();
  expect(w.sim.save().grants).toBeUndefined();  // opt-in: the default document is unchanged
  expect(() => w.sim.save({ grants: 'yes' } as never)).toThrow(new TypeError('options.grants must be a boolean, got a string of length 3'));
  const doc = w.sim.save({ grants: true });
  expect(JSON.stringify(doc)).not.toContain(t.accessToken.slice(-12));
  const grant = doc.grants![0]!;
  const bad = (change: object) => ({ ...doc, grants: [{ ...grant, ...change }] }) as WorldDocument;
  const secret = 'f'.repeat(63) + 'X';
  expect(() => w.sim.load(bad({ accessTokenSha256: secret }))).toThrow(/^doc\.grants\[0\]\.accessTokenSha256: must be a SHA-256 digest/);
  expect(() => w.sim.load(bad({ accessTokenSha256: secret }))).not.toThrow(new RegExp(secret));
  expect(() => w.sim.load(bad({ userId: '42' }))).toThrow('doc.grants[0].userId: names no user of the document');
  expect(() => w.sim.load(bad({ expiresAt: grant.issuedAt - 1 }))).toThrow('doc.grants[0].expiresAt: must not be before issuedAt');
  expect(() => w.sim.load(bad({ refreshTokenSha256: grant.accessTokenSha256 }))).toThrow("doc.grants[0].refreshTokenSha256: is the digest of another grant's token");
  expect(() => w.sim.load(bad({ token: t.accessToken }))).toThrow('doc.grants[0]: has a key the format does not define');

  // A world without the grant forgets the token; the world with it accepts it again.
  const { grants: _g, ...withoutGrants } = doc;
  w.sim.load(withoutGrants as WorldDocument);
  const client = w.client();
  await client.auth.updateToken(t.accessToken);
  await expect(client.connect()).rejects.toThrow();
  w.sim.load(doc);
  const again = w.client();
  await again.auth.updateToken(t.accessToken);
  await again.connect();
  expect(again.users.current?.id).toBe(w.user.id);
  await expect(again.auth.refreshToken(t.refreshToken)).resolves.toBeDefined();
  await expect(again.auth.refreshToken(t.refreshToken)).rejects.toThrow();  // rotated: used once
});

// Issue 35, item 3: a fixture passes the rules the controls enforce (the simulator applies the
// same functions on both ways in), and holds no time past the simulated clock's end.
describe('fixtures pass the same validation as the controls', () => {
  test('channel parents: a cycle, a non-category parent and a parented category are refused, as sim.guilds.create refuses them', () => {
    const g = w.sim.guilds.create({ name: 'Guild', members: [w.user.id], channels: [
      { name: 'cat', type: 'guildCategory', position: 0 },
      { name: 'text', type: 'guildText', position: 1, parent: 'cat' },
      { name: 'voice', type: 'guildVoice', position: 2 },
    ] });
    const doc = w.sim.save();
    const withChannels = (change: (ch: Array<Record<string, unknown>>) => void) => {
      const copy = JSON.parse(JSON.stringify(doc)) as WorldDocument;
      change(copy.guilds![0]!.channels as unknown as Array<Record<string, unknown>>);
      return copy;
    };
    const byId = (id: string | undefined) => (ch: Record<string, unknown>) => ch['id'] === id;
    const before = withoutSavedAt(w.sim.save());
    const cycle = withChannels((ch) => {
      ch.find(byId(g.channels['cat']))!['parentId'] = g.channels['text'];
    });
    expect(() => w.sim.load(cycle)).toThrow(/guilds\[0\]\.channels\[\d\]: the parent must be a category of the same guild/);
    const underVoice = withChannels((ch) => {
      ch.find(byId(g.channels['text']))!['parentId'] = g.channels['voice'];
    });
    expect(() => w.sim.load(underVoice)).toThrow(/guilds\[0\]\.channels\[\d\]: the parent must be a category/);
    const linkableVoice = withChannels((ch) => {
      ch.find(byId(g.channels['voice']))!['linkable'] = true;
    });
    expect(() => w.sim.load(linkableVoice)).toThrow(/guilds\[0\]\.channels\[\d\]: only text channels can be linked/);
    expect(withoutSavedAt(w.sim.save())).toBe(before);  // a refused load changes nothing
    w.sim.load(doc);  // and the valid one still loads
  });

  test.each([[' '], ['\0'], ['  '], ['a\u0007b']])('username %j is refused by the fixture as by users.create', (name) => {
    expect(() => w.sim.users.create({ username: name })).toThrow(RangeError);
    const doc = w.sim.save();
    const bad = { ...doc, users: [{ ...doc.users[0]!, username: name }] } as WorldDocument;
    expect(() => w.sim.load(bad)).toThrow(/users\[0\]\.username: must (be 2-32 characters|not contain control characters|not be blank)/);
  });

  test('application parents: another publisher\'s parent and a cycle are refused (the controls cannot make either)', () => {
    const child = w.sim.applications.create({ name: 'Child', parentApplicationId: w.app.id });
    const other = w.sim.applications.create({ name: 'Other' });
    expect(() => w.sim.applications.create({ name: 'Stray', parentApplicationId: w.app.id, publisherId: other.publisherId })).toThrow(/child application must belong to its parent's publisher/);
    const doc = w.sim.save();
    const withApps = (change: (apps: Array<Record<string, unknown>>) => void) => {
      const copy = JSON.parse(JSON.stringify(doc)) as WorldDocument;
      change(copy.applications as unknown as Array<Record<string, unknown>>);
      return copy;
    };
    const find = (apps: Array<Record<string, unknown>>, id: string) => apps.find((a) => a['id'] === id)!;
    expect(() => w.sim.load(withApps((apps) => { find(apps, child.id)['publisherId'] = other.publisherId; })))
      .toThrow(/applications\[\d\]\.parentApplicationId: a child application must belong to its parent's publisher/);
    expect(() => w.sim.load(withApps((apps) => { find(apps, w.app.id)['parentApplicationId'] = child.id; })))
      .toThrow(/applications\[\d\]\.parentApplicationId: forms a cycle of parent applications/);
    expect(() => w.sim.load(withApps((apps) => { find(apps, other.id)['parentApplicationId'] = other.id; })))
      .toThrow(/applications\[\d\]\.parentApplicationId: (forms a cycle|a child application must belong)/);
    w.sim.load(doc);
  });

  test('times past the simulated clock\'s end are refused (a grant, savedAt)', () => {
    w.token();
    const doc = w.sim.save({ grants: true });
    const grant = doc.grants![0]!;
    const late = 2 ** 53 - 1;
    expect(() => w.sim.load({ ...doc, savedAt: late })).toThrow(/savedAt: must be an integer in 0\.\.5818116911103/);
    expect(() => w.sim.load({ ...doc, grants: [{ ...grant, issuedAt: late, expiresAt: late }] })).toThrow(/grants\[0\]\.issuedAt: must be an integer in 0\.\.5818116911103/);
    expect(() => w.sim.load({ ...doc, grants: [{ ...grant, expiresAt: 8.64e15 + 1 }] })).toThrow(/grants\[0\]\.expiresAt: must be an integer in 0\.\.8640000000000000/);
    w.sim.load({ ...doc, savedAt: 5818116911103 });  // the end itself is a valid time
  });
});

// Rich presence between two simulated users, the platform's activity limits, online status,
// activity invites and join requests end to end, invites accepted on another device, launch
// registration.
import { ACTIVITY_LIMITS, PlatformError, type ActivityInput, type ActivityInvite, type Client } from '../lib/index';
import { closeAll, collect, freshWorld, nextEvent, secondUser, settle, until, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

/** Alice and Bob, platform friends, each with a ready client of the same game. */
async function friends() {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  w.sim.relationships.befriend(w.user.id, bob.user.id);
  await until(() => alice.users.get(bob.user.id) !== null && bob.client.users.get(w.user.id) !== null);
  return { alice, bob };
}

const FULL: ActivityInput = {
  type: 'competing',
  name: 'Ranked Arena',
  state: 'In a group',
  stateUrl: 'https://game.example/state',
  details: 'Capture the flag',
  detailsUrl: 'https://game.example/details',
  statusDisplayType: 'details',
  timestamps: { start: new Date(1_700_000_000_000), end: 1_700_000_600_000 },
  assets: {
    largeImage: 'map_dunes', largeText: 'Dunes', largeUrl: 'https://game.example/maps/dunes',
    smallImage: 'https://cdn.game.example/rank.png', smallText: 'Diamond II', smallUrl: 'https://game.example/ranks',
    inviteCoverImage: 'cover_art_2',
  },
  party: { id: 'party-42', currentSize: 2, maxSize: 4, privacy: 'public' },
  secrets: { join: 'join-secret-42' },
  buttons: [{ label: 'Watch', url: 'https://game.example/watch' }, { label: 'Profile', url: 'https://game.example/u/alice' }],
  supportedPlatforms: ['desktop', 'ps5'],
};

function presenceOf(viewer: Client, userId: string) {
  return viewer.users.get(userId)?.activity ?? null;
}

test('a presence set by one user reaches the other with every field intact; clear removes it', async () => {
  const { alice, bob } = await friends();
  const updated = nextEvent(bob.client, 'userUpdated', (u) => u.id === w.user.id && u.activity !== null);
  await alice.presence.update(FULL);
  const [user] = await updated;
  expect(user.activity).toEqual({
    type: 'competing', name: 'Ranked Arena', state: 'In a group', stateUrl: 'https://game.example/state',
    details: 'Capture the flag', detailsUrl: 'https://game.example/details', statusDisplayType: 'details',
    applicationId: w.app.id, parentApplicationId: null,
    timestamps: { start: new Date(1_700_000_000_000), end: new Date(1_700_000_600_000) },
    assets: {
      largeImage: 'map_dunes', largeText: 'Dunes', largeUrl: 'https://game.example/maps/dunes',
      smallImage: 'https://cdn.game.example/rank.png', smallText: 'Diamond II', smallUrl: 'https://game.example/ranks',
      inviteCoverImage: 'cover_art_2',
    },
    party: { id: 'party-42', currentSize: 2, maxSize: 4, privacy: 'public' },
    // The join secret is the key to the party: others get it only by accepting an invite.
    secrets: null,
    buttons: [{ label: 'Watch', url: 'https://game.example/watch' }, { label: 'Profile', url: 'https://game.example/u/alice' }],
    supportedPlatforms: ['desktop', 'ps5'],
  });
  // The user's own view has everything, the secret included.
  expect(alice.users.current?.activity).toEqual({ ...user.activity, secrets: { join: 'join-secret-42' } });

  const cleared = nextEvent(bob.client, 'userUpdated', (u) => u.id === w.user.id && u.activity === null);
  alice.presence.clear();
  await cleared;
  expect(presenceOf(bob.client, w.user.id)).toBeNull();
});

test('defaults: the application name, playing, desktop, and the configured invite cover image', async () => {
  const game = w.sim.applications.create({ name: 'Cover Game', coverImage: 'https://cdn.example/cover.png' });
  const alice = w.client({ applicationId: game.id });
  const t = w.sim.auth.issueToken(w.user.id, { applicationId: game.id });
  await alice.auth.updateToken(t.accessToken);
  await alice.connect();
  const bobUser = w.sim.users.create({ username: 'bob' });
  const bob = w.client({ applicationId: game.id });
  await bob.auth.updateToken(w.sim.auth.issueToken(bobUser.id, { applicationId: game.id }).accessToken);
  await bob.connect();
  w.sim.relationships.befriend(w.user.id, bobUser.id);
  await until(() => bob.users.get(w.user.id) !== null);

  await alice.presence.update({ state: 'In menus', assets: { largeImage: 'logo' } });
  await until(() => presenceOf(bob, w.user.id) !== null);
  const a = presenceOf(bob, w.user.id)!;
  expect(a).toMatchObject({ type: 'playing', name: 'Cover Game', state: 'In menus', supportedPlatforms: ['desktop'], party: null, secrets: null });
  expect(a.assets).toMatchObject({ largeImage: 'logo', inviteCoverImage: 'https://cdn.example/cover.png' });
});

test('a presence from another device (the simulator) is seen like one from a client', async () => {
  const bob = await secondUser(w);
  w.sim.relationships.befriend(w.user.id, bob.user.id);
  await until(() => bob.client.users.get(w.user.id) !== null);
  expect(bob.client.users.get(w.user.id)?.status).toBe('offline');
  w.sim.presence.set(w.user.id, { type: 'watching', details: 'a tournament' }); // the only application
  await until(() => presenceOf(bob.client, w.user.id)?.details === 'a tournament');
  expect(presenceOf(bob.client, w.user.id)?.type).toBe('watching');
  expect(bob.client.users.get(w.user.id)?.status).toBe('online');
  w.sim.presence.set(w.user.id, null);
  await until(() => presenceOf(bob.client, w.user.id) === null);
  w.sim.applications.create({ name: 'Second' });
  expect(() => w.sim.presence.set(w.user.id, { state: 'x' })).toThrow(/options\.applicationId is required/);
});

test('party privacy changes propagate to the other user', async () => {
  const { alice, bob } = await friends();
  await alice.presence.update({ party: { id: 'p1', currentSize: 1, maxSize: 4, privacy: 'public' }, secrets: { join: 's1' } });
  await until(() => presenceOf(bob.client, w.user.id)?.party?.privacy === 'public');
  const changed = nextEvent(bob.client, 'userUpdated', (u) => u.id === w.user.id && u.activity?.party?.privacy === 'private');
  await alice.presence.update({ party: { id: 'p1', currentSize: 2, maxSize: 4, privacy: 'private' }, secrets: { join: 's1' } });
  const [u] = await changed;
  expect(u.activity?.party).toEqual({ id: 'p1', currentSize: 2, maxSize: 4, privacy: 'private' });
});

describe('the platform limits, checked before anything is sent', () => {
  let alice: Client;
  beforeEach(async () => {
    alice = w.client();
    await w.signIn(alice);
  });

  const long = (n: number) => 'x'.repeat(n);
  const cases: Array<[string, ActivityInput | Record<string, unknown>, RegExp, typeof TypeError | typeof RangeError]> = [
    ['streaming type', { type: 'streaming' }, /activity\.type .*'playing', 'listening', 'watching', 'competing'/, TypeError],
    ['custom status type', { type: 'customStatus' }, /activity\.type/, TypeError],
    ['hang status type', { type: 'hangStatus' }, /activity\.type/, TypeError],
    ['numeric type', { type: 1 }, /activity\.type/, TypeError],
    ['state url not a URL', { stateUrl: 'not a url' }, /activity\.stateUrl must be an http/, TypeError],
    ['details url with another scheme', { detailsUrl: 'ftp://game.example/x' }, /activity\.detailsUrl must be an http/, TypeError],
    ['large url not a URL', { assets: { largeUrl: 'dunes' } }, /activity\.assets\.largeUrl/, TypeError],
    ['small url javascript:', { assets: { smallUrl: 'javascript:alert(1)' } }, /activity\.assets\.smallUrl/, TypeError],
    ['url without slashes', { stateUrl: 'https:game.example' }, /activity\.stateUrl must be an http/, TypeError],
    ['url with a space', { detailsUrl: 'https://game.example/a b' }, /activity\.detailsUrl must be an http/, TypeError],
    ['url with surrounding blanks', { stateUrl: ' https://game.example ' }, /activity\.stateUrl must be an http/, TypeError],
    ['button url not a URL', { buttons: [{ label: 'Go', url: 'www' }] }, /activity\.buttons\[0\]\.url/, TypeError],
    ['three buttons', { buttons: [1, 2, 3].map((i) => ({ label: `b${i}`, url: 'https://x.example' })) }, /at most 2 buttons/, RangeError],
    ['party above its size', { party: { id: 'p', currentSize: 5, maxSize: 4 } }, /currentSize \(5\) must not be above party\.maxSize \(4\)/, RangeError],
    ['negative party size', { party: { id: 'p', currentSize: -1, maxSize: 4 } }, /currentSize/, RangeError],
    ['name too long', { name: long(ACTIVITY_LIMITS.name + 1) }, /activity\.name must have at most 128/, RangeError],
    ['state too long', { state: long(129) }, /activity\.state must have at most 128/, RangeError],
    ['details too long', { details: long(129) }, /activity\.details must have at most 128/, RangeError],
    ['url too long', { stateUrl: `https://x.example/${long(256)}` }, /activity\.stateUrl must have at most 256/, RangeError],
    ['image too long', { assets: { largeImage: long(301) } }, /largeImage must have at most 300/, RangeError],
    ['image text too long', { assets: { smallText: long(129) } }, /smallText must have at most 128/, RangeError],
    ['party id too long', { party: { id: long(129), currentSize: 1, maxSize: 2 } }, /party\.id must have at most 128/, RangeError],
    ['join secret too long', { secrets: { join: long(129) } }, /secrets\.join must have at most 128/, RangeError],
    ['button label too long', { buttons: [{ label: long(33), url: 'https://x.example' }] }, /label must have at most 32/, RangeError],
    ['empty state', { state: '' }, /activity\.state must not be empty/, RangeError],
    ['end before start', { timestamps: { start: 2000, end: 1000 } }, /timestamps\.end must not be before/, RangeError],
    ['unknown platform', { supportedPlatforms: ['amiga'] }, /supportedPlatforms\[0\]/, TypeError],
    ['unknown field', { mood: 'happy' }, /unknown option 'mood'/, TypeError],
  ];
  test.each(cases)('%s is rejected', async (_name, activity, message, kind) => {
    const p = alice.presence.update(activity as ActivityInput);
    await expect(p).rejects.toThrow(kind);
    await expect(p).rejects.toThrow(message);
    expect(alice.users.current?.activity).toBeNull();
  });

  test('exactly at every limit is accepted and kept whole', async () => {
    const emoji = '🎮'; // one code point, two UTF-16 units: limits count code points
    await alice.presence.update({
      name: emoji.repeat(128), state: long(128), details: long(128),
      stateUrl: `https://x.example/${long(256 - 'https://x.example/'.length)}`,
      assets: { largeImage: long(300), largeText: long(128), inviteCoverImage: long(300) },
      party: { id: long(128), currentSize: 4, maxSize: 4 },
      secrets: { join: long(128) },
      buttons: [{ label: long(32), url: `https://x.example/${long(512 - 'https://x.example/'.length)}` }, { label: 'b', url: 'http://x.example' }],
    });
    const a = alice.users.current!.activity!;
    expect([...a.name].length).toBe(128);
    expect(a.stateUrl).toHaveLength(256);
    expect(a.buttons[0]!.url).toHaveLength(512);
    expect(a.party).toMatchObject({ currentSize: 4, maxSize: 4 });
  });
});

test('setOnlineStatus: others see invisible as offline; the user sees invisible', async () => {
  const { alice, bob } = await friends();
  await until(() => bob.client.users.get(w.user.id)?.status === 'online');
  await alice.presence.setOnlineStatus('dnd');
  await until(() => bob.client.users.get(w.user.id)?.status === 'dnd');
  await alice.presence.setOnlineStatus('invisible');
  await until(() => bob.client.users.get(w.user.id)?.status === 'offline');
  expect(alice.users.current?.status).toBe('invisible');
  await expect(alice.presence.setOnlineStatus('offline' as never)).rejects.toThrow(TypeError);
});

async function partyOf(client: Client, id = 'party-7', secret = 'lobby-secret-7') {
  await client.presence.update({ party: { id, currentSize: 1, maxSize: 4, privacy: 'private' }, secrets: { join: secret } });
}

test('invite → accept → join secret → both in the same lobby', async () => {
  const { alice, bob } = await friends();
  const lobby = await alice.lobbies.createOrJoin('lobby-secret-7');
  await partyOf(alice);
  const invited = nextEvent(bob.client, 'activityInviteCreated');
  await alice.presence.sendInvite(bob.user.id, 'Join my squad!');
  const [invite] = await invited;
  expect(invite).toMatchObject({
    type: 'join', senderId: w.user.id, applicationId: w.app.id, partyId: 'party-7', isValid: true, parentApplicationId: null,
  });
  expect(Object.isFrozen(invite)).toBe(true);
  // The invite travels as a direct message with the content.
  await until(() => bob.client.messages.get(invite.messageId)?.content === 'Join my squad!');

  const secret = await bob.client.presence.acceptInvite(invite);
  expect(secret).toBe('lobby-secret-7');
  const joined = await bob.client.lobbies.createOrJoin(secret);
  expect(joined.id).toBe(lobby.id);
  expect(joined.members.map((m) => m.id).sort()).toEqual([w.user.id, bob.user.id].sort());
});

test('an invite needs a party with a join secret, and a friend', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  await expect(alice.presence.sendInvite(bob.user.id, 'hi')).rejects.toMatchObject({ name: 'PlatformError', status: 400 });
  await partyOf(alice);
  const err = await alice.presence.sendInvite(bob.user.id, 'hi').catch((e: unknown) => e);
  expect(err).toBeInstanceOf(PlatformError);
  expect(err).toMatchObject({ status: 403 });
  await expect(alice.presence.sendInvite(bob.user.id, '')).rejects.toThrow(RangeError);
});

test('a changed party invalidates the invites sent for the old one', async () => {
  const { alice, bob } = await friends();
  await partyOf(alice);
  const invited = nextEvent(bob.client, 'activityInviteCreated');
  await alice.presence.sendInvite(bob.user.id, 'come');
  const [invite] = await invited;
  const invalidated = nextEvent(bob.client, 'activityInviteUpdated', (i) => i.messageId === invite.messageId);
  await partyOf(alice, 'party-8', 'other-secret');
  const [updated] = await invalidated;
  expect(updated.isValid).toBe(false);
  await expect(bob.client.presence.acceptInvite(invite)).rejects.toMatchObject({ name: 'PlatformError' });
});

test('join request and reply', async () => {
  const { alice, bob } = await friends();
  await partyOf(alice);
  const requested = nextEvent(alice, 'activityInviteCreated', (i) => i.type === 'joinRequest');
  await bob.client.presence.sendJoinRequest(w.user.id);
  const [request] = await requested;
  expect(request).toMatchObject({ type: 'joinRequest', senderId: bob.user.id, partyId: 'party-7' });
  await expect(bob.client.presence.acceptInvite(request)).rejects.toMatchObject({ name: 'PlatformError' });

  const invited = nextEvent(bob.client, 'activityInviteCreated', (i) => i.type === 'join');
  await alice.presence.replyToJoinRequest(request);
  const [invite] = await invited;
  expect(await bob.client.presence.acceptInvite(invite)).toBe('lobby-secret-7');
  await expect(alice.presence.replyToJoinRequest(invite)).rejects.toThrow(/join request/);
});

test('an invite accepted on another device reaches every connected session of the user', async () => {
  const { alice, bob } = await friends();
  // Bob's second device (same game).
  const bob2 = w.client();
  await bob2.auth.updateToken(w.sim.auth.issueToken(bob.user.id, { applicationId: w.app.id }).accessToken);
  await bob2.connect();
  await partyOf(alice);
  const invited = nextEvent(bob.client, 'activityInviteCreated');
  await alice.presence.sendInvite(bob.user.id, 'come');
  const [invite] = await invited;
  await settle(30);

  const created1 = collect(bob.client, 'activityInviteCreated');
  const created2 = collect(bob2, 'activityInviteCreated');
  const joins1 = collect(bob.client, 'activityJoin');
  const joins2 = collect(bob2, 'activityJoin');
  const aliceCreated = collect(alice, 'activityInviteCreated');
  expect(w.sim.platformClient.acceptInviteElsewhere(bob.user.id, invite)).toBe(2);
  await until(() => created1.length === 1 && created2.length === 1 && joins1.length === 1 && joins2.length === 1);
  expect(created1[0]).toMatchObject({ messageId: invite.messageId, senderId: w.user.id });
  expect(created2[0]).toMatchObject({ messageId: invite.messageId });
  expect(joins1[0]).toEqual({ joinSecret: 'lobby-secret-7', applicationId: null });
  // Alice's sessions are not told.
  await settle(30);
  expect(aliceCreated).toHaveLength(0);
});

test('launch registration and the platform app check', async () => {
  const alice = w.client();
  await w.signIn(alice);
  expect(alice.presence.registerLaunchCommand('"C:\\Games\\Arena\\arena.exe" --join')).toBe(true);
  expect(w.sim.launch.registration(w.app.id)).toEqual({ command: '"C:\\Games\\Arena\\arena.exe" --join', steamAppId: null });
  expect(alice.presence.registerLaunchCommand({ steamAppId: 440 })).toBe(true);
  expect(w.sim.launch.registration(w.app.id)?.steamAppId).toBe(440);
  expect(() => alice.presence.registerLaunchCommand('')).toThrow(RangeError);
  expect(() => alice.presence.registerLaunchCommand({ steamAppId: 0 })).toThrow(RangeError);
  expect(await alice.presence.isPlatformAppInstalled()).toBe(true);
  w.sim.platformClient.setInstalled(false);
  expect(await alice.presence.isPlatformAppInstalled()).toBe(false);
});

test('who is signed in to the desktop client: nobody, then the user brought online there; refused without the desktop client', async () => {
  // A presence-only launcher: the client is not signed in, the desktop client answers over its local link.
  const launcher = w.client();
  expect(await launcher.presence.getPlatformClientConnectedUser()).toBeNull();
  w.sim.presence.setStatus(w.user.id, 'online');
  const user = await launcher.presence.getPlatformClientConnectedUser({ applicationId: w.app.id });
  expect(user?.id).toBe(w.user.id);
  expect(user?.username).toBe(w.user.username);
  w.sim.presence.setStatus(w.user.id, 'offline');
  expect(await launcher.presence.getPlatformClientConnectedUser()).toBeNull();
  w.sim.platformClient.setInstalled(false);
  await expect(launcher.presence.getPlatformClientConnectedUser()).rejects.toBeInstanceOf(PlatformError);
});

test("the desktop client's connected games settings open for a signed-in user with the desktop client", async () => {
  const alice = w.client();
  await expect(alice.presence.openConnectedGamesSettingsInPlatform()).rejects.toBeInstanceOf(PlatformError); // not signed in
  await w.signIn(alice);
  await expect(alice.presence.openConnectedGamesSettingsInPlatform()).resolves.toBeUndefined();
  w.sim.platformClient.setInstalled(false);
  await expect(alice.presence.openConnectedGamesSettingsInPlatform()).rejects.toBeInstanceOf(PlatformError);
  await alice.close();
  await expect(alice.presence.openConnectedGamesSettingsInPlatform()).rejects.toThrow(/destroyed|closed/i);
});

test('getPlatformClientConnectedUser rejects bad options by name', async () => {
  const alice = w.client();
  await expect(alice.presence.getPlatformClientConnectedUser({ applicationId: 'x' })).rejects.toThrow(/options\.applicationId/);
  await expect(alice.presence.getPlatformClientConnectedUser({ app: 1 } as never)).rejects.toThrow(/unknown option 'app'/);
  await expect(alice.presence.getPlatformClientConnectedUser(null as never)).rejects.toThrow(/options/);
});

test('bad arguments are rejected by name before anything reaches native code', async () => {
  const alice = w.client();
  await expect(alice.presence.update(null as never)).rejects.toThrow(/activity must be an object/);
  await expect(alice.presence.sendInvite('nope', 'x')).rejects.toThrow(/userId/);
  await expect(alice.presence.acceptInvite({} as ActivityInvite)).rejects.toThrow(/invite\.type/);
  await expect(alice.presence.acceptInvite({ type: 'join', senderId: '1', channelId: '1', messageId: '1', applicationId: '1',
    parentApplicationId: null, partyId: 'p', sessionId: 's', isValid: 'yes' } as never)).rejects.toThrow(/invite\.isValid/);
  await expect(alice.presence.sendJoinRequest(-1n)).rejects.toThrow(RangeError);
});

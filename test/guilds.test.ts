// Linked channels: the user's servers, channels in client order, linking a lobby (permission
// rules), single-use invites to the linked server, and provisional accounts.
import { PlatformError, type Client } from '../lib/index';
import { closeAll, freshWorld, secondUser, settle, until, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

function makeGuild() {
  return w.sim.guilds.create({
    name: 'Guild of Testers',
    members: [w.user.id],
    channels: [
      { name: 'general', type: 'guildText', position: 0, linkable: true },
      { name: 'Game Rooms', type: 'guildCategory', position: 1 },
      { name: 'room-2', type: 'guildText', position: 2, parent: 'Game Rooms', linkable: true },
      { name: 'room-1', type: 'guildText', position: 1, parent: 'Game Rooms', linkable: true },
      { name: 'voice', type: 'guildVoice', position: 3 },
      { name: 'rules', type: 'guildText', position: 4, linkable: false },
    ],
  });
}

/** Alice's lobby, with canLinkLobby granted by the backend, linked to `channelId`. */
async function linkedLobby(alice: Client, secret: string, channelId: string) {
  const lobby = await alice.lobbies.createOrJoin(secret);
  w.sim.backend.updateLobbyMembers(lobby.id, [{ userId: w.user.id, canLinkLobby: true }]);
  await until(() => alice.lobbies.get(lobby.id)!.members[0]!.canLinkLobby);
  await lobby.linkChannel(channelId);
  return lobby;
}

test('guilds and their channels in client order', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const guild = makeGuild();
  const stranger = w.sim.guilds.create({ name: 'Not mine', members: [] });
  const guilds = await alice.guilds.list();
  expect(guilds).toEqual([{ id: guild.id, name: 'Guild of Testers' }]);
  const channels = await alice.guilds.channels(guild.id);
  const category = channels.find((c) => c.name === 'Game Rooms')!;
  expect(category.type).toBe('guildCategory');
  const order = channels.map((c) => c.name);
  // A category's children follow it, sorted by position.
  expect(order.indexOf('room-1')).toBe(order.indexOf('Game Rooms') + 1);
  expect(order.indexOf('room-2')).toBe(order.indexOf('Game Rooms') + 2);
  expect(channels.find((c) => c.name === 'room-1')).toMatchObject({ parentId: category.id, linkable: true, linkedLobby: null });
  expect(channels.find((c) => c.name === 'rules')?.linkable).toBe(false);
  await expect(alice.guilds.channels(stranger.id)).rejects.toBeInstanceOf(PlatformError);
});

test('linking needs canLinkLobby and a linkable channel; linked lobbies show on both sides', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const guild = makeGuild();
  const lobby = await alice.lobbies.createOrJoin('linkable');
  const general = guild.channels['general']!;
  // Not allowed yet: the backend has not granted canLinkLobby.
  await expect(lobby.linkChannel(general)).rejects.toBeInstanceOf(PlatformError);
  w.sim.backend.updateLobbyMembers(lobby.id, [{ userId: w.user.id, canLinkLobby: true }]);
  await until(() => alice.lobbies.get(lobby.id)!.members[0]!.canLinkLobby);
  await expect(lobby.linkChannel(guild.channels['rules']!)).rejects.toBeInstanceOf(PlatformError);
  await lobby.linkChannel(general);
  await settle();
  expect(alice.lobbies.get(lobby.id)!.linkedChannel).toEqual({ id: general, name: 'general', guildId: guild.id });
  const channels = await alice.guilds.channels(guild.id);
  expect(channels.find((c) => c.id === general)?.linkedLobby).toEqual({ applicationId: w.app.id, lobbyId: lobby.id });
  await alice.lobbies.get(lobby.id)!.unlinkChannel();
  await settle();
  expect(alice.lobbies.get(lobby.id)!.linkedChannel).toBeNull();
});

test('joinLinkedGuild: an invite for yourself, single use, valid for one hour', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const guild = makeGuild();
  const lobby = await linkedLobby(alice, 'invites', guild.channels['general']!);
  // Bob is in the lobby but not yet in the server.
  const bob = await secondUser(w);
  const bobLobby = await bob.client.lobbies.createOrJoin('invites');
  const url = await bobLobby.joinLinkedGuild();
  expect(url).toMatch(/^https:\/\//);
  expect(w.sim.guilds.acceptInvite(url, w.user.id)).toBe(false);  // not for Alice
  expect(w.sim.guilds.acceptInvite(url, bob.user.id)).toBe(true);
  expect(w.sim.guilds.acceptInvite(url, bob.user.id)).toBe(false);  // single use
  expect((await bob.client.guilds.list()).map((g) => g.id)).toEqual([guild.id]);
  const late = await bobLobby.joinLinkedGuild();
  w.sim.clock.advance(3600 * 1000 + 1);
  expect(w.sim.guilds.acceptInvite(late, bob.user.id)).toBe(false);  // expired
});

test('a provisional account gets merge-required instead of an invite or opening a message', async () => {
  // A full account links the lobby; a provisional player joins it.
  const alice = w.client();
  await w.signIn(alice);
  const guild = makeGuild();
  const lobby = await linkedLobby(alice, 'provisional', guild.channels['general']!);

  const guest = w.client();
  const t = await guest.auth.getProvisionalToken({ externalAuthType: 'oidc', externalAuthToken: 'oidc-provisional-0001' });
  await guest.auth.updateToken(t.accessToken);
  await guest.connect();
  const joined = await guest.lobbies.createOrJoin('provisional');
  expect(joined.id).toBe(lobby.id);
  const err = await joined.joinLinkedGuild().catch((e) => e);
  expect(err).toBeInstanceOf(PlatformError);
  expect(err.mergeRequired).toBe(true);
  const messageId = await joined.sendMessage('hi from a guest');
  await settle();
  const open = await guest.messages.openInPlatform(messageId).catch((e) => e);
  expect(open).toBeInstanceOf(PlatformError);
  expect(open.mergeRequired).toBe(true);
  // A full account is not asked to merge.
  await expect(alice.lobbies.get(lobby.id)!.joinLinkedGuild()).resolves.toMatch(/^https:\/\//);
});

test('messages in DMs can be opened in the platform client; lobby messages of unlinked lobbies cannot', async () => {
  const alice = w.client();
  await w.signIn(alice);
  const bob = w.sim.users.create({ username: 'bob' });
  const dm = await alice.messages.sendToUser(bob.id, 'hey');
  await settle();
  expect(alice.messages.canOpenInPlatform(dm)).toBe(true);
  await expect(alice.messages.openInPlatform(dm)).resolves.toBeUndefined();
  const lobby = await alice.lobbies.createOrJoin('unlinked');
  const inLobby = await lobby.sendMessage('hi');
  await settle();
  expect(alice.messages.canOpenInPlatform(inLobby)).toBe(false);
});

test('guild argument validation', async () => {
  const alice = w.client();
  await expect(alice.guilds.channels('x')).rejects.toThrow(/guildId/);
  await expect(alice.guilds.channels(2n ** 64n)).rejects.toThrow(RangeError);
  expect(() => w.sim.guilds.create({ name: 'g', channels: [{ name: 'c', type: 'guildText', position: 0, parent: 'nope' }] })).toThrow(/parent/);
});

// The world every fault scenario starts from: Alice (the user under test) Ready, with something
// for every operation class to act on — lobbies (one linked to a server channel), a DM channel,
// pending friend requests, a server, a child application and unused authorization codes.
import type { Client, Lobby, TokenSet } from '../../lib/index';
import type { SimUser } from '../../lib/testing';
import { callOutcome } from './calls';
import { freshWorld, secondUser, until, type World } from '../helpers';

export interface Grant { code: string; verifier: string; redirectUri: string }

export interface Stage {
  w: World;
  /** The client under test; its httpTimeoutMs is `timeoutMs` (default 30000). */
  alice: Client;
  aliceTokens: TokenSet;
  bob: { user: SimUser; client: Client };
  carol: SimUser;   // has sent Alice a platform friend request
  dave: SimUser;    // a stranger (Alice sends him a request)
  erin: SimUser;    // Alice blocks her
  frank: SimUser;   // Alice has blocked him (Alice unblocks him)
  /** Alice and Bob; linked to the server's 'general' channel. */
  room: Lobby;
  /** Alice alone, canLinkLobby, not linked. */
  spare: Lobby;
  /** Alice alone (she leaves it). */
  exit: Lobby;
  guild: { id: string; channels: Record<string, string> };
  childAppId: string;
  /** Spare grants of Alice (refreshed / revoked by the table). */
  refreshable: TokenSet;
  revocable: TokenSet;
  /** Unused authorization codes of Alice (for getToken and for the merge). */
  codeForToken: Grant;
  codeForMerge: Grant;
  /** A client without a session that runs the auth flows (same httpTimeoutMs as Alice's). */
  auth: Client;
}

export const ID_FRESH = { externalAuthType: 'oidc' as const, externalAuthToken: 'oidc-id-token-fresh-0001' };
export const ID_MERGE = { externalAuthType: 'steamSessionTicket' as const, externalAuthToken: 'steam-ticket-merge-0001' };

export async function authorizeAs(client: Client, w: World, userId: string): Promise<Grant> {
  const v = client.auth.createCodeVerifier();
  w.sim.auth.setConsent(userId);
  const g = await client.auth.authorize({ scopes: 'openid sdk.social_layer', codeChallenge: v.challenge });
  return { code: g.code, verifier: v.verifier, redirectUri: g.redirectUri };
}

export async function makeStage(options: { timeoutMs?: number } = {}): Promise<Stage> {
  const w = freshWorld();
  const clientOptions = options.timeoutMs === undefined ? {} : { httpTimeoutMs: options.timeoutMs };
  const alice = w.client(clientOptions);
  const aliceTokens = await w.signIn(alice);
  const bob = await secondUser(w);
  const carol = w.sim.users.create({ username: 'carol' });
  const dave = w.sim.users.create({ username: 'dave' });
  const erin = w.sim.users.create({ username: 'erin' });
  const frank = w.sim.users.create({ username: 'frank' });
  w.sim.relationships.befriend(w.user.id, bob.user.id);
  w.sim.relationships.sendRequestAs(carol.id, w.user.id);
  await alice.relationships.block(frank.id);

  const guild = w.sim.guilds.create({
    name: 'Fault Finders',
    members: [w.user.id, bob.user.id],
    channels: [
      { name: 'general', type: 'guildText', position: 0, linkable: true },
      { name: 'second', type: 'guildText', position: 1, linkable: true },
    ],
  });
  const room = await alice.lobbies.createOrJoin('room');
  await bob.client.lobbies.createOrJoin('room');
  const spare = await alice.lobbies.createOrJoin('spare');
  const exit = await alice.lobbies.createOrJoin('exit');
  await bob.client.lobbies.createOrJoin('bobs-room');
  w.sim.backend.updateLobbyMembers(room.id, [{ userId: w.user.id, canLinkLobby: true }]);
  w.sim.backend.updateLobbyMembers(spare.id, [{ userId: w.user.id, canLinkLobby: true }]);
  await until(() => alice.lobbies.get(room.id)?.members[0]?.canLinkLobby === true
    && alice.lobbies.get(spare.id)?.members[0]?.canLinkLobby === true);
  await room.linkChannel(guild.channels['general']!);
  // A DM channel with one message: Alice's cache holds fewer than a history page, so history
  // fetches go to the network.
  await alice.messages.sendToUser(bob.user.id, 'first');
  await room.sendMessage('first in room');
  // A call in progress (in 'spare') for the call.end row.
  await callOutcome(alice.voice.startCall(spare.id));

  const child = w.sim.applications.create({ name: 'Child Game', parentApplicationId: w.app.id });
  const auth = w.client(clientOptions);
  const codeForToken = await authorizeAs(auth, w, w.user.id);
  const codeForMerge = await authorizeAs(auth, w, w.user.id);
  return {
    w, alice, aliceTokens, bob, carol, dave, erin, frank, guild, auth,
    room: alice.lobbies.get(room.id)!, spare: alice.lobbies.get(spare.id)!, exit: alice.lobbies.get(exit.id)!,
    childAppId: child.id, refreshable: w.token(), revocable: w.token(), codeForToken, codeForMerge,
  };
}

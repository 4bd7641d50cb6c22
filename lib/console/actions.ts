// What the console's buttons do: each action is one call of the simulator's testing API, and the
// body's values go to it as they came, so an action is validated exactly like the JS API (its
// own checks from lib/validate.ts; a bad value is a 400 with the API's TypeError/RangeError
// message naming the field). Nothing here converts a value: `"online": "true"` is refused by
// `sim.network.setOnline`, not read as "not true". Only the action's name and its set of keys are
// checked here, before the call.
import type { Simulator } from '../testing';
import { checkEnum, checkKnownKeys, checkObject, toId } from '../validate';

export const ACTIONS = [
  'createUser', 'consent', 'sendLobbyMessage', 'sendDirectMessage', 'sendFriendRequest', 'acceptFriendRequest',
  'setPresence', 'setStatus', 'speak', 'ban', 'unban', 'deauthorize', 'network', 'latency', 'failNext', 'advanceClock',
] as const;
export type ConsoleAction = (typeof ACTIONS)[number];

/** Runs one action; returns a line for the console's log (never a secret). */
export function runAction(sim: Simulator, body: unknown, nameOf: (userId: string) => string = (id) => id): string {
  const o = checkObject<Record<string, unknown>>(body, 'body');
  const action = checkEnum(o['action'], 'action', ACTIONS);
  // A body value, unchecked: the API call it goes to checks it (and names it).
  const v = <T>(key: string): T => o[key] as T;
  const keys = (...names: string[]): void => checkKnownKeys(o, 'body', ['action', ...names]);
  // For log lines, after the call succeeded (so the value was a valid id).
  const who = (key: string): string => nameOf(String(o[key]));
  // A page's empty text field means "not set".
  const optional = (key: string): unknown => (o[key] === '' ? undefined : o[key]);
  switch (action) {
    case 'createUser': {
      keys('username', 'displayName');
      const u = sim.users.create({ username: v('username'), displayName: v('displayName') });
      return `created user ${u.username} (${u.id})`;
    }
    case 'consent': {
      keys('decision');
      const decision = o['decision'] === 'deny' ? 'deny' : toId(o['decision'], 'decision');
      sim.auth.setConsent(decision);
      return decision === 'deny' ? 'denied the pending authorization' : `${nameOf(String(decision))} approves the pending authorization`;
    }
    case 'sendLobbyMessage':
      keys('userId', 'lobbyId', 'content');
      sim.backend.sendLobbyMessageAs(v('userId'), v('lobbyId'), v('content'));
      return `${who('userId')} wrote in lobby ${String(o['lobbyId'])}`;
    case 'sendDirectMessage':
      keys('fromId', 'toId', 'content');
      sim.backend.sendUserMessageAs(v('fromId'), v('toId'), v('content'));
      return `${who('fromId')} sent a direct message to ${who('toId')}`;
    case 'sendFriendRequest':
      keys('fromId', 'toId');
      sim.relationships.sendRequestAs(v('fromId'), v('toId'));
      return `${who('fromId')} sent a friend request to ${who('toId')}`;
    case 'acceptFriendRequest':
      // Accepting makes the two friends; befriend replaces the pending request between them.
      // (befriend's parameters are `a` and `b`: the body's names are checked first, with its validator.)
      keys('userId', 'otherId');
      sim.relationships.befriend(toId(o['userId'], 'userId'), toId(o['otherId'], 'otherId'));
      return `${who('userId')} accepted ${who('otherId')}'s friend request`;
    case 'setPresence': {
      keys('userId', 'applicationId', 'state', 'details');
      const state = optional('state');
      const details = optional('details');
      const activity = state === undefined && details === undefined ? null
        : { ...(state === undefined ? {} : { state }), ...(details === undefined ? {} : { details }) };
      sim.presence.set(v('userId'), activity as never, { applicationId: v('applicationId') });
      return `set the presence of ${who('userId')}`;
    }
    case 'setStatus':
      keys('userId', 'status');
      sim.presence.setStatus(v('userId'), v('status'));
      return `${who('userId')} is now ${String(o['status'])} on the desktop client`;
    case 'speak':
      keys('userId', 'lobbyId', 'durationMs');
      sim.voice.speak(v('userId'), v('lobbyId'), { durationMs: o['durationMs'] === undefined ? 2000 : v('durationMs') });
      return `${who('userId')} speaks in the call of lobby ${String(o['lobbyId'])}`;
    case 'ban':
    case 'unban':
      keys('userId');
      sim.moderation[action](v('userId'));
      return `${action === 'ban' ? 'banned' : 'unbanned'} ${who('userId')}`;
    case 'deauthorize':
      keys('userId');
      sim.moderation.deauthorize(v('userId'));
      return `${who('userId')} deauthorized every application`;
    case 'network':
      keys('online');
      sim.network.setOnline(v('online'));
      return `network ${o['online'] === true ? 'up' : 'down'}`;
    case 'latency':
      keys('ms');
      sim.network.setLatency(v('ms'));
      return `latency set to ${String(o['ms'])} ms`;
    case 'failNext':
      keys('operation', 'status');
      sim.network.failNext(v('operation'), { status: v('status') });
      return `the next ${String(o['operation'])} request fails with ${String(o['status'])}`;
    case 'advanceClock':
      keys('ms');
      sim.clock.advance(v('ms'));
      return `clock advanced by ${String(o['ms'])} ms`;
  }
}

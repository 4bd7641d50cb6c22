// What the console's buttons do: each action is one call of the simulator's testing API, which
// validates its arguments (a bad value is a 400 with the API's own TypeError/RangeError message).
import type { Simulator } from '../testing';
import { checkEnum, checkKnownKeys, checkObject, checkString } from '../validate';

export const ACTIONS = [
  'createUser', 'consent', 'sendLobbyMessage', 'sendDirectMessage', 'sendFriendRequest', 'acceptFriendRequest',
  'setPresence', 'setStatus', 'speak', 'ban', 'unban', 'deauthorize', 'network', 'latency', 'failNext', 'advanceClock',
] as const;
export type ConsoleAction = (typeof ACTIONS)[number];

/** Runs one action; returns a line for the console's log (never a secret). */
export function runAction(sim: Simulator, body: unknown, nameOf: (userId: string) => string = (id) => id): string {
  const o = checkObject<Record<string, unknown>>(body, 'body');
  const action = checkEnum(o['action'], 'action', ACTIONS);
  const str = (key: string): string => checkString(o[key], key, { min: 1, max: 2000 });
  const id = (key: string): string => checkString(o[key], key, { min: 1, max: 20 });
  const keys = (...names: string[]): void => checkKnownKeys(o, 'body', ['action', ...names]);
  // For log lines, after the call succeeded (so the value was a valid id).
  const who = (key: string): string => nameOf(String(o[key]));
  switch (action) {
    case 'createUser': {
      keys('username', 'displayName');
      const u = sim.users.create({ username: str('username'), ...(o['displayName'] ? { displayName: str('displayName') } : {}) });
      return `created user ${u.username} (${u.id})`;
    }
    case 'consent': {
      keys('decision');
      const decision = str('decision');
      sim.auth.setConsent(decision === 'deny' ? 'deny' : BigInt(checkDigits(decision, 'decision')));
      return decision === 'deny' ? 'denied the pending authorization' : `${nameOf(decision)} approves the pending authorization`;
    }
    case 'sendLobbyMessage':
      keys('userId', 'lobbyId', 'content');
      sim.backend.sendLobbyMessageAs(id('userId'), id('lobbyId'), str('content'));
      return `${who('userId')} wrote in lobby ${String(o['lobbyId'])}`;
    case 'sendDirectMessage':
      keys('fromId', 'toId', 'content');
      sim.backend.sendUserMessageAs(id('fromId'), id('toId'), str('content'));
      return `${who('fromId')} sent a direct message to ${who('toId')}`;
    case 'sendFriendRequest':
      keys('fromId', 'toId');
      sim.relationships.sendRequestAs(id('fromId'), id('toId'));
      return `${who('fromId')} sent a friend request to ${who('toId')}`;
    case 'acceptFriendRequest':
      // Accepting makes the two friends; befriend replaces the pending request between them.
      keys('userId', 'otherId');
      sim.relationships.befriend(id('userId'), id('otherId'));
      return `${who('userId')} accepted ${who('otherId')}'s friend request`;
    case 'setPresence': {
      keys('userId', 'applicationId', 'state', 'details');
      const state = o['state'] === undefined || o['state'] === '' ? undefined : checkString(o['state'], 'state', { max: 128 });
      const details = o['details'] === undefined || o['details'] === '' ? undefined : checkString(o['details'], 'details', { max: 128 });
      const activity = state === undefined && details === undefined ? null : { ...(state ? { state } : {}), ...(details ? { details } : {}) };
      sim.presence.set(id('userId'), activity, { applicationId: id('applicationId') });
      return `set the presence of ${who('userId')}`;
    }
    case 'setStatus':
      keys('userId', 'status');
      sim.presence.setStatus(id('userId'), checkEnum(o['status'], 'status', ['online', 'idle', 'dnd', 'invisible', 'offline'] as const));
      return `${who('userId')} is now ${String(o['status'])} on the desktop client`;
    case 'speak':
      keys('userId', 'lobbyId', 'durationMs');
      sim.voice.speak(id('userId'), id('lobbyId'), { durationMs: o['durationMs'] === undefined ? 2000 : Number(o['durationMs']) });
      return `${who('userId')} speaks in the call of lobby ${String(o['lobbyId'])}`;
    case 'ban':
    case 'unban':
      keys('userId');
      sim.moderation[action](id('userId'));
      return `${action === 'ban' ? 'banned' : 'unbanned'} ${who('userId')}`;
    case 'deauthorize':
      keys('userId');
      sim.moderation.deauthorize(id('userId'));
      return `${who('userId')} deauthorized every application`;
    case 'network': {
      keys('online');
      const online = o['online'] === true;
      sim.network.setOnline(online);
      return `network ${online ? 'up' : 'down'}`;
    }
    case 'latency':
      keys('ms');
      sim.network.setLatency(o['ms'] as number);
      return `latency set to ${String(o['ms'])} ms`;
    case 'failNext':
      keys('operation', 'status');
      sim.network.failNext(str('operation'), { status: o['status'] as number });
      return `the next ${String(o['operation'])} request fails with ${String(o['status'])}`;
    case 'advanceClock':
      keys('ms');
      sim.clock.advance(o['ms'] as number);
      return `clock advanced by ${String(o['ms'])} ms`;
  }
}

function checkDigits(value: string, name: string): string {
  if (!/^[0-9]{1,20}$/.test(value)) throw new TypeError(`${name} must be a user id or 'deny'`);
  return value;
}

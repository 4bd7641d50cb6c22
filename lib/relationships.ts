// client.relationships: friends (platform-wide and per game), friend requests, blocks and the
// friend groups a friends list is drawn from. Lists are snapshots read from the SDK's cache.
import { decodeUser, EventKind, readActivity, readFriend } from './boundary';
import type { ClientCore, EventHandlers } from './core';
import { nameOf, RELATIONSHIP_GROUPS, RELATIONSHIP_TYPES, type RelationshipGroup, type RelationshipType } from './enums';
import type { NativeClient, NativeRelationship, NativeTape } from './binding';
import { listTapeReader, readTapeList, type TapeReader } from './tape';
import { isUnreadListedUser, listedUser, listedUsers, makeUser, type User, type UserSource } from './users';
import { checkEnum, checkOptions, checkOptionalOptions, checkString, toId } from './validate';

/**
 * 'platform': a friendship across the whole platform. 'game': a friendship inside this game
 * only (provisional accounts can have only these).
 */
export type RelationshipKind = 'platform' | 'game';
const KINDS: readonly RelationshipKind[] = ['platform', 'game'];

/** A relationship of the current user with another user (friend, blocked, pending, …). */
export interface Relationship {
  userId: string;
  platformType: RelationshipType;
  gameType: RelationshipType;
  /** An incoming request the platform flagged as spam. */
  isSpamRequest: boolean;
  user: User | null;
}

/** A relationship was created or changed (`relationshipCreated`). */
export interface RelationshipEvent {
  userId: string;
  kind: RelationshipKind;
}

/** The relationship events of a {@link Client}. */
export type RelationshipEvents = {
  /** A relationship was created or changed type (request sent or received, accepted, blocked). */
  relationshipCreated: [RelationshipEvent & { relationship: Relationship | null }];
  /** A relationship ended (unfriended, request withdrawn or declined, unblocked). */
  relationshipDeleted: [RelationshipEvent];
  /**
   * A user in the friends list changed: a friend request, acceptance, removal or block, a rename
   * or profile edit, or a friend's group or online status. Rebuild the friends list on it.
   */
  relationshipGroupsUpdated: [{ userId: string }];
};

/** Who a friend request goes to: a username, a user id, or a bigint id. */
export type FriendRequestTarget = string | bigint | { username: string } | { userId: string | bigint };

// The native call behind each request operation and kind (client_wrap_relationships.cc).
type UserIdCall = (native: NativeClient, op: number, userId: bigint) => void;
const REQUESTS: Record<'accept' | 'reject' | 'cancel' | 'remove' | 'sendById', Record<RelationshipKind, UserIdCall>> = {
  accept: { platform: (n, op, id) => n.acceptPlatformFriendRequest(op, id), game: (n, op, id) => n.acceptGameFriendRequest(op, id) },
  reject: { platform: (n, op, id) => n.rejectPlatformFriendRequest(op, id), game: (n, op, id) => n.rejectGameFriendRequest(op, id) },
  cancel: { platform: (n, op, id) => n.cancelPlatformFriendRequest(op, id), game: (n, op, id) => n.cancelGameFriendRequest(op, id) },
  remove: { platform: (n, op, id) => n.removePlatformAndGameFriend(op, id), game: (n, op, id) => n.removeGameFriend(op, id) },
  sendById: {
    platform: (n, op, id) => n.sendPlatformFriendRequestById(op, id), game: (n, op, id) => n.sendGameFriendRequestById(op, id),
  },
};
const BY_NAME: Record<RelationshipKind, (native: NativeClient, op: number, username: string) => void> = {
  platform: (n, op, username) => n.sendPlatformFriendRequest(op, username),
  game: (n, op, username) => n.sendGameFriendRequest(op, username),
};

// A snowflake-shaped string (17–20 digits) is an id; anything else is a username.
const SNOWFLAKE = /^[0-9]{17,20}$/;
const USERNAME_MAX = 32;

export function toRelationship(core: ClientCore, r: NativeRelationship): Relationship {
  return {
    userId: r.id,
    platformType: nameOf(RELATIONSHIP_TYPES, r.platformType, 'none'),
    gameType: nameOf(RELATIONSHIP_TYPES, r.gameType, 'none'),
    isSpamRequest: r.isSpamRequest,
    user: r.user && makeUser(core, r.user, r.activity),
  };
}

/** A listed relationship: the same object shape as toRelationship's, whichever way it was built. */
function listedRelationship(userId: string, platformType: number, gameType: number, isSpamRequest: boolean, user: User | null): Relationship {
  return {
    userId,
    platformType: nameOf(RELATIONSHIP_TYPES, platformType, 'none'),
    gameType: nameOf(RELATIONSHIP_TYPES, gameType, 'none'),
    isSpamRequest,
    user,
  };
}

/** One segment of a list tape's text (lib/tape.ts), the elements in it and their numbers. */
interface ListedSegment {
  readonly first: number;
  readonly end: number;
  readonly text: string;
  readonly numsStart: number;
  readonly numsEnd: number;
}

/**
 * What list() keeps of the last list it returned, so that the next one reuses the User of every
 * friend whose record did not change. Rebuilding 50,000 unchanged Users (with their names) at
 * every list was what made a list's per-friend cost grow with its size: that many live objects
 * outgrow V8's young generation, which then copies and promotes them while the list is built
 * (docs/performance.md, row 13c). A reused User is an immutable snapshot equal to what the
 * record would decode to, so the list is still a snapshot as of the call.
 *
 * The unit is a segment of the tape's text (at most 32K units, ~800 friends; a shorter list is
 * one segment): it is reused when its text and numbers are those of the segment at the same place
 * in the last list, and every user of it is still unread (isUnreadListedUser: relationship and
 * application profiles not yet read from the SDK, so they are read at first access as for a
 * fresh User). Otherwise the whole segment is decoded afresh. All the users of one segment come
 * from one tape segment (by induction), so what this keeps alive is at most one list: its users,
 * their text and the last tape's numbers (for the comparison).
 */
interface ListReuse {
  readonly nums: Float64Array;
  readonly segments: readonly ListedSegment[];
  /** Per element: its relationship's user id, its user, where its numbers start. */
  readonly ids: string[];
  readonly users: (User | null)[];
  readonly starts: Int32Array;
}

/** Whether the segment at `r` (its first element `k`) is `p` of the last list, its users unread. */
function sameSegment(p: ListedSegment, last: ListReuse, k: number, count: number, r: TapeReader, source: UserSource): boolean {
  if (p.first !== k || p.end > count || p.text !== r.text) return false;
  const span = p.numsEnd - p.numsStart;
  const nums = r.nums;
  if (r.i + span > nums.length) return false;
  // The numbers compared as bytes (one memcmp; equal bits decode equally).
  const now = new Uint8Array(nums.buffer, nums.byteOffset + r.i * 8, span * 8);
  const then = new Uint8Array(last.nums.buffer, last.nums.byteOffset + p.numsStart * 8, span * 8);
  if (Buffer.compare(now, then) !== 0) return false;
  const users = last.users;
  for (let j = p.first; j < p.end; j++) {
    const u = users[j] as User | null;
    if (u !== null && !isUnreadListedUser(u, source)) return false;
  }
  return true;
}

/**
 * Reads a relationships list tape (native ListTapeToJs: a count, then each Relationship record:
 * id, platformType, gameType, isSpamRequest, activity, user) straight into Relationships and
 * Users, no NativeRelationship or NativeUser per friend; each segment that `last` holds unchanged
 * takes its users from there. Returns the list and what the next list may reuse.
 */
function readRelationshipList(tape: NativeTape, core: ClientCore, last: ListReuse | null): { list: Relationship[]; reuse: ListReuse } {
  const r = listTapeReader(tape);
  const count = r.num();
  const list: Relationship[] = new Array(count);
  const ids: string[] = new Array(count);
  const users: (User | null)[] = new Array(count);
  const starts = new Int32Array(count);
  const segments: ListedSegment[] = [];
  const c = listedUsers(core);
  let k = 0;
  while (k < count) {
    r.nextSegmentIfDone();
    const segment = r.segment;
    const first = k;
    const numsStart = r.i;
    let text = r.text;
    const p = last?.segments[segments.length];
    if (last && p && sameSegment(p, last, k, count, r, core)) {
      // The same records: the users and ids of the last list, the types from this tape's numbers.
      const { ids: lastIds, users: lastUsers, starts: lastStarts } = last;
      const nums = r.nums;
      const shift = numsStart - p.numsStart;
      for (const end = p.end; k < end; k++) {
        const at = (starts[k] = (lastStarts[k] as number) + shift);
        const id = (ids[k] = lastIds[k] as string);
        const user = (users[k] = lastUsers[k] as User | null);
        list[k] = listedRelationship(id, nums[at + 1] as number, nums[at + 2] as number, nums[at + 3] !== 0, user);
      }
      r.i = numsStart + p.numsEnd - p.numsStart;
      r.t = text.length;
      // Kept for the next comparison: the text the users were read from (equal), not this copy.
      text = p.text;
    } else {
      do {
        // An element's ids repeat only its own (native EventTape::ElementEnd resets its last id).
        r.lastId = '';
        starts[k] = r.i;
        const userId = (ids[k] = r.id());
        const platformType = r.num();
        const gameType = r.num();
        const isSpamRequest = r.bool();
        c.presence = r.bool() ? readActivity(r) : null;
        const user = (users[k] = r.bool() ? decodeUser(r, listedUser, c) : null);
        list[k] = listedRelationship(userId, platformType, gameType, isSpamRequest, user);
        if (++k < count) r.nextSegmentIfDone();
      } while (k < count && r.segment === segment);
    }
    segments.push({ first, end: k, text, numsStart, numsEnd: r.i });
  }
  return { list, reuse: { nums: r.nums, segments, ids, users, starts } };
}

/** The relationship events; a created one carries the relationship, read only when someone listens. */
export function relationshipEvents(core: ClientCore): EventHandlers {
  const kind = (platform: boolean): RelationshipKind => (platform ? 'platform' : 'game');
  return {
    [EventKind.RelationshipCreated]: {
      only: 'relationshipCreated',
      run: (e) => {
        const r = core.nativeOrNull?.getRelationship(BigInt(e.userId)) ?? null;
        core.emit('relationshipCreated', {
          userId: e.userId, kind: kind(e.isPlatformRelationshipUpdate), relationship: r && toRelationship(core, r),
        });
      },
    },
    [EventKind.RelationshipDeleted]: {
      run: (e) => core.emit('relationshipDeleted', { userId: e.userId, kind: kind(e.isPlatformRelationshipUpdate) }),
    },
    [EventKind.RelationshipGroupsUpdated]: { run: (e) => core.emit('relationshipGroupsUpdated', { userId: e.userId }) },
  };
}

/** `client.relationships`: friends and friend requests, platform-wide and in-game, and blocking. */
export class ClientRelationships {
  readonly #core: ClientCore;
  /** What list() may reuse of the last list it returned. */
  #last: ListReuse | null = null;

  /** @internal created by the client, not by you */
  constructor(core: ClientCore) {
    this.#core = core;
  }

  /** Every relationship (friends, requests, blocks), or only the friends in one group. */
  list(group?: RelationshipGroup): Relationship[] {
    const g = group === undefined ? -1 : RELATIONSHIP_GROUPS.indexOf(checkEnum(group, 'group', RELATIONSHIP_GROUPS));
    const native = this.#core.nativeOrNull;
    if (!native) {
      this.#last = null;
      return [];
    }
    // One tape for the whole list, each friend's presence in it (no native call per friend);
    // unchanged friends keep their User of the last list (ListReuse).
    const { list, reuse } = readRelationshipList(native.getRelationships(g), this.#core, this.#last);
    this.#last = reuse;
    return list;
  }

  /** The relationship with a user (types 'none' when there is none). */
  get(userId: string | bigint): Relationship | null {
    const id = toId(userId, 'userId');
    const r = this.#core.nativeOrNull?.getRelationship(id) ?? null;
    return r && toRelationship(this.#core, r);
  }

  /** Friends whose username or display name contains `name` (case-insensitive). */
  searchFriendsByUsername(name: string): User[] {
    const search = checkString(name, 'name', { max: USERNAME_MAX });
    const native = this.#core.nativeOrNull;
    if (!native) return [];
    const core = this.#core;
    return readTapeList(native.searchFriendsByUsername(search), (t) => {
      const f = readFriend(t);
      return makeUser(core, f.user, f.activity);
    });
  }

  /**
   * Sends a friend request to a username (`'ada'` or `{ username }`) or a user id (a bigint, a
   * snowflake string, or `{ userId }`). A request to someone who already asked you accepts theirs.
   */
  async sendFriendRequest(target: FriendRequestTarget, options: { kind?: RelationshipKind } = {}): Promise<void> {
    const kind = this.#kind(options);
    const to = parseTarget(target);
    if ('userId' in to) {
      const id = to.userId;
      await this.#core.run('sendFriendRequest', this.sendFriendRequest,
        (op) => REQUESTS.sendById[kind](this.#core.native, op, id));
    } else {
      const username = to.username;
      await this.#core.run('sendFriendRequest', this.sendFriendRequest,
        (op) => BY_NAME[kind](this.#core.native, op, username));
    }
  }

  /** Accepts an incoming request. */
  accept(userId: string | bigint, kind: RelationshipKind = 'platform'): Promise<void> {
    return this.#action('accept', this.accept, userId, kind);
  }

  /** Declines an incoming request. */
  reject(userId: string | bigint, kind: RelationshipKind = 'platform'): Promise<void> {
    return this.#action('reject', this.reject, userId, kind);
  }

  /** Withdraws an outgoing request. */
  cancel(userId: string | bigint, kind: RelationshipKind = 'platform'): Promise<void> {
    return this.#action('cancel', this.cancel, userId, kind);
  }

  /** Ends a friendship: 'game' removes only the game friendship; 'platform' removes both. */
  remove(userId: string | bigint, kind: RelationshipKind = 'platform'): Promise<void> {
    return this.#action('remove', this.remove, userId, kind);
  }

  /** Blocks a user (ends any friendship or request with them). */
  block(userId: string | bigint): Promise<void> {
    return this.#simple('blockUser', this.block, userId, (n, op, id) => n.blockUser(op, id));
  }

  /** Unblocks a user. */
  unblock(userId: string | bigint): Promise<void> {
    return this.#simple('unblockUser', this.unblock, userId, (n, op, id) => n.unblockUser(op, id));
  }

  #action(name: 'accept' | 'reject' | 'cancel' | 'remove', caller: Function, userId: string | bigint, kind: RelationshipKind): Promise<void> {
    return this.#core.safe(() => {
      const k = checkEnum(kind, 'kind', KINDS);
      return this.#simple(`${name}FriendRequest`, caller, userId, REQUESTS[name][k]);
    });
  }

  async #simple(operation: string, caller: Function, userId: string | bigint, call: UserIdCall): Promise<void> {
    const id = toId(userId, 'userId');
    await this.#core.run(operation, caller, (op) => call(this.#core.native, op, id));
  }

  #kind(options: unknown): RelationshipKind {
    const o = checkOptionalOptions<{ kind?: unknown }>(options, 'options', ['kind']);
    return o.kind === undefined ? 'platform' : checkEnum(o.kind, 'options.kind', KINDS);
  }
}

function parseTarget(target: unknown): { userId: bigint } | { username: string } {
  if (typeof target === 'bigint') return { userId: toId(target, 'target') };
  if (typeof target === 'string') {
    return SNOWFLAKE.test(target) ? { userId: toId(target, 'target') } : { username: checkString(target, 'target', { min: 1, max: USERNAME_MAX }) };
  }
  const o = checkOptions<{ username?: unknown; userId?: unknown }>(target, 'target', ['username', 'userId']);
  if (o.userId !== undefined && o.username !== undefined) throw new TypeError('target must have either username or userId, not both');
  if (o.userId !== undefined) return { userId: toId(o.userId, 'target.userId') };
  return { username: checkString(o.username, 'target.username', { min: 1, max: USERNAME_MAX }) };
}

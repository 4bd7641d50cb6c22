// client.relationships: friends (platform-wide and per game), friend requests, blocks and the
// friend groups a friends list is drawn from. Lists are snapshots read from the SDK's cache.
import { decodeUser, EventKind, readActivity, readFriend, readRelationshipWith } from './boundary';
import type { ClientCore, EventHandlers } from './core';
import {
  nameOf, RELATIONSHIP_GROUP_VALUES, RELATIONSHIP_GROUPS, RELATIONSHIP_TYPE_BY_VALUE, type RelationshipGroup, type RelationshipType,
} from './enums';
import type { NativeClient, NativeRelationship, OpId } from './binding';
import { readTapeList, readTapeListReusing, type ReusableList, type TapeReader } from './tape';
import { isUnreadListedUser, listedUser, listedUsers, makeUser, type ListedUserContext, type User } from './users';
import { checkEnum, checkOptions, checkOptionalOptions, checkString, toId } from './validate';

/**
 * 'platform': a friendship across the whole platform. 'game': a friendship inside this game
 * only (provisional accounts can have only these).
 */
export type RelationshipKind = 'platform' | 'game';
const KINDS: readonly RelationshipKind[] = ['platform', 'game'];

/** A relationship of the current user with another user (friend, blocked, pending, …). */
export interface Relationship {
  readonly userId: string;
  readonly platformType: RelationshipType;
  readonly gameType: RelationshipType;
  /** An incoming request the platform flagged as spam. */
  readonly isSpamRequest: boolean;
  readonly user: User | null;
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
type UserIdCall = (native: NativeClient, op: OpId<'Done'>, userId: bigint) => void;
const REQUESTS: Record<'accept' | 'reject' | 'cancel' | 'remove' | 'sendById', Record<RelationshipKind, UserIdCall>> = {
  accept: { platform: (n, op, id) => n.acceptPlatformFriendRequest(op, id), game: (n, op, id) => n.acceptGameFriendRequest(op, id) },
  reject: { platform: (n, op, id) => n.rejectPlatformFriendRequest(op, id), game: (n, op, id) => n.rejectGameFriendRequest(op, id) },
  cancel: { platform: (n, op, id) => n.cancelPlatformFriendRequest(op, id), game: (n, op, id) => n.cancelGameFriendRequest(op, id) },
  remove: { platform: (n, op, id) => n.removePlatformAndGameFriend(op, id), game: (n, op, id) => n.removeGameFriend(op, id) },
  sendById: {
    platform: (n, op, id) => n.sendPlatformFriendRequestById(op, id), game: (n, op, id) => n.sendGameFriendRequestById(op, id),
  },
};
const BY_NAME: Record<RelationshipKind, (native: NativeClient, op: OpId<'Done'>, username: string) => void> = {
  platform: (n, op, username) => n.sendPlatformFriendRequest(op, username),
  game: (n, op, username) => n.sendGameFriendRequest(op, username),
};

// A snowflake-shaped string (17–20 digits) is an id; anything else is a username.
const SNOWFLAKE = /^[0-9]{17,20}$/;
const USERNAME_MAX = 32;

/**
 * A Relationship, whichever way its record was read (one object shape): frozen, because list()
 * hands the same object out again while the friend's record is unchanged (reusableRelationship).
 */
function relationshipOf(userId: string, platformType: number, gameType: number, isSpamRequest: boolean, user: User | null): Relationship {
  return Object.freeze({
    userId,
    platformType: nameOf(RELATIONSHIP_TYPE_BY_VALUE, platformType, 'none'),
    gameType: nameOf(RELATIONSHIP_TYPE_BY_VALUE, gameType, 'none'),
    isSpamRequest,
    user,
  });
}

export function toRelationship(core: ClientCore, r: NativeRelationship): Relationship {
  return relationshipOf(r.id, r.platformType, r.gameType, r.isSpamRequest, r.user && makeUser(core, r.user, r.activity));
}

/**
 * The reader of a list's relationships: each read from the tape straight into its Relationship
 * and User (the schema's Relationship record, read by the generated readRelationshipWith): no
 * NativeRelationship and no NativeUser per friend. Of a list of 50,000 those records were a third of what it allocated, and
 * the scavenges they triggered copied the friends already built (docs/performance.md, row 13).
 * The record's activity crosses before its user: the presence is in `c` when the User is made.
 * The same object shape as toRelationship's.
 */
function listedRelationships(c: ListedUserContext): (r: TapeReader) => Relationship {
  // The record's readers made once per list, not per friend.
  const presence = (a: TapeReader) => (c.presence = readActivity(a));
  const user = (u: TapeReader) => decodeUser(u, listedUser, c);
  return (r) => {
    c.presence = null;
    const { id, platformType, gameType, isSpamRequest, user: listed } = readRelationshipWith(r, presence, user);
    return relationshipOf(id, platformType, gameType, isSpamRequest, listed);
  };
}

/**
 * What list() reuses of the last list: a friend whose record is unchanged keeps the Relationship
 * and User of the last list (readTapeListReusing compares the tape's segments). Rebuilding 50,000
 * unchanged Users with their names at every list was what made a list's cost per friend grow with
 * its size: that many live objects outgrow V8's young generation, which copies and promotes them
 * while the list is built (docs/performance.md, row 13c). A reused Relationship is frozen and its
 * User a snapshot equal to what the record decodes to, so the list is still a snapshot as of the
 * call; only a User of which nothing was read from the SDK since (its relationship and application
 * profiles are read on first access) is reused. Each list is a new array: sorting or emptying one
 * changes nothing of the next.
 */
function reusableRelationship(core: ClientCore): (r: Relationship) => boolean {
  return (r) => r.user === null || isUnreadListedUser(r.user, core);
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
  #last: ReusableList<Relationship> | null = null;

  /** @internal created by the client, not by you */
  constructor(core: ClientCore) {
    this.#core = core;
  }

  /** Every relationship (friends, requests, blocks), or only the friends in one group. */
  list(group?: RelationshipGroup): Relationship[] {
    const g = group === undefined ? -1 : RELATIONSHIP_GROUP_VALUES[checkEnum(group, 'group', RELATIONSHIP_GROUPS)];
    const native = this.#core.nativeOrNull;
    if (!native) {
      this.#last = null;
      return [];
    }
    // One tape for the whole list, each friend's presence in it (no native call per friend). Each
    // record is decoded straight into its Relationship and User (listedRelationships), unless it
    // is unchanged since the last list (reusableRelationship).
    const core = this.#core;
    const list = readTapeListReusing(native.getRelationships(g), listedRelationships(listedUsers(core)), this.#last,
      reusableRelationship(core));
    this.#last = list;
    // The caller's own array: what it does to it never reaches the list kept for the next call.
    return list.items.slice();
  }

  /** @internal the client closed: the last list is no longer kept for reuse. */
  _clientClosed(): void {
    this.#last = null;
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

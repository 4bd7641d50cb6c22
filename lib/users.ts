// client.users: the current user and users in the SDK's cache, as snapshots.
import { EventKind } from './boundary';
import type { ClientCore, EventHandlers } from './core';
import { toActivity, type Activity } from './activity';
import {
  AVATAR_TYPE_VALUES, EXTERNAL_IDENTITY_PROVIDER_BY_VALUE, nameOf, RELATIONSHIP_TYPE_BY_VALUE, STATUS_TYPE_BY_VALUE, checkAvatar,
  type AvatarType, type ExternalIdentityProvider, type RelationshipType, type StatusType,
} from './enums';
import type { NativeActivity, NativeApplicationProfile, NativeClient, NativeUser, NativeUserDetails } from './binding';
import { toId } from './validate';

/** Game identity data from an external provider (Steam, Epic, …) for this application. */
export interface ApplicationProfile {
  providerType: ExternalIdentityProvider;
  providerId: string | null;
  /** The user's id at the provider. */
  providerIssuedUserId: string;
  username: string;
  avatarHash: string;
  /** Free-form data the game's backend stored (JSON by convention). */
  metadata: string;
}

/** How the current user relates to a user (on {@link User.relationship}). */
export interface UserRelationship {
  platformType: RelationshipType;
  gameType: RelationshipType;
  isSpamRequest: boolean;
}

interface UserDetails {
  activity: Activity | null;
  relationship: UserRelationship;
  applicationProfiles: ApplicationProfile[];
}

const NO_DETAILS: UserDetails = Object.freeze({
  activity: null,
  relationship: Object.freeze({ platformType: 'none', gameType: 'none', isSpamRequest: false }),
  applicationProfiles: Object.freeze([]) as unknown as ApplicationProfile[],
}) as UserDetails;

export function toApplicationProfile(p: NativeApplicationProfile): ApplicationProfile {
  return { ...p, providerType: nameOf(EXTERNAL_IDENTITY_PROVIDER_BY_VALUE, p.providerType, 'unknown') };
}

/**
 * Whether `u` is a user built with presence beside it (a listed friend) by the client `source`, of
 * which nothing was read from the SDK since (its relationship and application profiles are read
 * on first access): such a user can stand for an identical record in a later list of the same
 * client (lib/tape.ts readTapeListReusing, lib/relationships.ts reusableRelationship). Set by User's static block (it reads the private state).
 */
export let isUnreadListedUser: (u: User, source: UserSource) => boolean;

/** A user as the SDK knows them (cached; {@link ClientUsers.get} reads the cache). */
export class User {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly globalName: string | null;
  readonly isProvisional: boolean;
  /** Avatar hash, or null for the default avatar. */
  readonly avatar: string | null;
  readonly status: StatusType;
  // The client that captured the user, while nothing of it is read lazily and no presence was
  // captured with it (a message's author, a lobby member); else a UserState with the client in
  // it. Held instead of per-user closures: a user arrives with every message, and two closures
  // per user were a third of its cost. One own field for all of it, and no private method (a
  // private method puts a brand on every instance): 88 bytes a User instead of 120, which a
  // list of 50,000 friends keeps alive while it is built (docs/performance.md, row 13).
  #state: UserSource | UserState;

  static {
    isUnreadListedUser = (u, source) => {
      const s = u.#state;
      return s instanceof UserState && s.details === undefined && s.source === source;
    };
  }

  /**
   * @internal created by the client, not by you. The fields one by one, not a NativeUser: a
   * listed friend is decoded from the tape straight into its User (listedUser), with no record
   * in between (50,000 of them were a third of what a list allocated: docs/performance.md, row 13).
   */
  constructor(
    id: string, username: string, displayName: string, globalName: string | null, isProvisional: boolean,
    avatar: string | null, status: number, state: UserSource | UserState,
  ) {
    this.id = id;
    this.username = username;
    this.displayName = displayName;
    this.globalName = globalName;
    this.isProvisional = isProvisional;
    this.avatar = avatar;
    this.status = nameOf(STATUS_TYPE_BY_VALUE, status, 'unknown');
    this.#state = state;
  }

  /**
   * The user's rich presence in this game, or null. Read from the SDK on first access, or when
   * the user was listed (a friend), as it was then.
   */
  get activity(): Activity | null {
    const s = this.#state;
    if (!(s instanceof UserState) || s.presence === undefined) return User.#loadDetails(this).activity;
    const p = s.presence;
    if (p === null || Object.isFrozen(p)) return p as Activity | null;
    const activity = Object.freeze(toActivity(p as NativeActivity));
    this.#state = new UserState(s.source, activity, s.details);
    return activity;
  }

  /** Your relationship with this user. Read from the SDK on first access. */
  get relationship(): UserRelationship {
    return User.#loadDetails(this).relationship;
  }

  /** The user's external game identities for this application. Read from the SDK on first access. */
  get applicationProfiles(): readonly ApplicationProfile[] {
    return User.#loadDetails(this).applicationProfiles;
  }

  // One native read for the three lazily read fields: message authors and lobby members are
  // captured by the thousand, and few are ever asked for their presence. Static: see #presence.
  static #loadDetails(u: User): UserDetails {
    const s = u.#state;
    const state = s instanceof UserState ? s : undefined;
    if (state?.details) return state.details;
    const source = state ? state.source : s as UserSource;
    // The id is converted only when asked.
    const d: NativeUserDetails | null = source.nativeOrNull?.getUserDetails(BigInt(u.id)) ?? null;
    const details = d
      ? Object.freeze({
          activity: d.activity && Object.freeze(toActivity(d.activity)),
          relationship: Object.freeze({
            platformType: nameOf(RELATIONSHIP_TYPE_BY_VALUE, d.relationship.platformType, 'none'),
            gameType: nameOf(RELATIONSHIP_TYPE_BY_VALUE, d.relationship.gameType, 'none'),
            isSpamRequest: d.relationship.isSpamRequest,
          }),
          applicationProfiles: Object.freeze(d.applicationProfiles.map((p) => Object.freeze(toApplicationProfile(p)))) as ApplicationProfile[],
        })
      : NO_DETAILS;
    // A new state, not this one changed: a listed friend's may be its list's shared one.
    u.#state = new UserState(source, state?.presence, details);
    return details;
  }

  /** CDN URL of the avatar: `animated` is used for animated avatars, `still` otherwise. */
  avatarUrl(animated: AvatarType = 'gif', still: AvatarType = 'png'): string {
    const a = AVATAR_TYPE_VALUES[checkAvatar(animated, 'animated')];
    const s = AVATAR_TYPE_VALUES[checkAvatar(still, 'still')];
    const state = this.#state;
    const source = state instanceof UserState ? state.source : state;
    return source.nativeOrNull?.getUserAvatarUrl(BigInt(this.id), a, s) ?? '';
  }

  /** The user's fields as plain data. */
  toJSON(): Omit<NativeUser, 'status'> & { status: StatusType } & UserDetails {
    return {
      id: this.id, username: this.username, displayName: this.displayName, globalName: this.globalName,
      isProvisional: this.isProvisional, avatar: this.avatar, status: this.status,
      activity: this.activity, relationship: this.relationship, applicationProfiles: [...this.applicationProfiles],
    };
  }
}

/** `client.users`: the current user and the users the SDK has cached. */
export class ClientUsers {
  readonly #core: ClientCore;

  /** @internal created by the client, not by you */
  constructor(core: ClientCore) {
    this.#core = core;
  }

  /** The signed-in user; null until the client is ready. */
  get current(): User | null {
    return this.#wrap(this.#core.nativeOrNull?.getCurrentUser() ?? null);
  }

  /** A user from the SDK's cache (no network), or null. */
  get(userId: string | bigint): User | null {
    const id = toId(userId, 'userId');
    return this.#wrap(this.#core.nativeOrNull?.getUser(id) ?? null);
  }

  /**
   * The signed-in user's external game identities for this application (empty until ready).
   * Uses the SDK's Client-level call where the library has it (1.10), else the current user's.
   */
  applicationProfiles(): ApplicationProfile[] {
    const native = this.#core.nativeOrNull;
    if (!native) return [];
    return native.getUserApplicationProfiles().map(toApplicationProfile);
  }

  #wrap(u: NativeUser | null): User | null {
    return u && makeUser(this.#core, u);
  }
}

/** What a User asks for its avatar URL and lazily read details: the client's SDK, while it is open. */
interface UserSource {
  readonly nativeOrNull: NativeClient | null;
}

/**
 * What a User has read lazily, and the client it reads from: never changed, replaced (a listed
 * friend without presence shares its list's). `presence`: captured with the user (a listed
 * friend), undefined when it was not, and then `activity` reads the details like the other lazy
 * fields; as captured until first read, then the frozen Activity made of it (a captured
 * NativeActivity is never frozen). `details`: the one native read of the lazily read fields.
 */
class UserState {
  constructor(
    readonly source: UserSource,
    readonly presence: NativeActivity | Activity | null | undefined,
    readonly details: UserDetails | undefined,
  ) {}
}

/** A User snapshot whose avatarUrl() and details ask the client's SDK (while it is open). */
export function makeUser(core: ClientCore, u: NativeUser, presence?: NativeActivity | null): User {
  const state = presence === undefined ? core : new UserState(core, presence, undefined);
  return new User(u.id, u.username, u.displayName, u.globalName, u.isProvisional, u.avatar, u.status, state);
}

/**
 * What a listed friend's User is built with (decodeUser's `c`): the client, the presence read
 * just before the user on the tape (set per friend), and the state the friends without presence
 * share. One per list (listedUsers).
 */
export interface ListedUserContext {
  readonly core: ClientCore;
  readonly none: UserState;
  presence: NativeActivity | null;
}

export function listedUsers(core: ClientCore): ListedUserContext {
  return { core, none: new UserState(core, null, undefined), presence: null };
}

/** decodeUser's `make` for a listed friend: the User with the presence captured beside it. */
export function listedUser(
  c: ListedUserContext, id: string, username: string, displayName: string, globalName: string | null,
  isProvisional: boolean, avatar: string | null, status: number,
): User {
  const state = c.presence === null ? c.none : new UserState(c.core, c.presence, undefined);
  return new User(id, username, displayName, globalName, isProvisional, avatar, status, state);
}

/** The user events: a user the SDK knows changed. */
export function userEvents(core: ClientCore, users: ClientUsers): EventHandlers {
  return {
    [EventKind.UserUpdated]: {
      run: (e) => {
        const user = users.get(e.userId);
        if (user) core.emit('userUpdated', user);
      },
    },
  };
}

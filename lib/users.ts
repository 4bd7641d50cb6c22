// client.users: the current user and users in the SDK's cache, as snapshots.
import type { ClientCore } from './client';
import { AVATAR_TYPES, nameOf, STATUS_TYPES, checkAvatar, type AvatarType, type StatusType } from './enums';
import type { NativeUser } from './native';
import { toId } from './validate';

export class User {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly globalName: string | null;
  readonly isProvisional: boolean;
  /** Avatar hash, or null for the default avatar. */
  readonly avatar: string | null;
  readonly status: StatusType;
  readonly #avatarUrl: (animated: number, still: number) => string | null;

  constructor(u: NativeUser, avatarUrl: (animated: number, still: number) => string | null) {
    this.id = u.id;
    this.username = u.username;
    this.displayName = u.displayName;
    this.globalName = u.globalName;
    this.isProvisional = u.isProvisional;
    this.avatar = u.avatar;
    this.status = nameOf(STATUS_TYPES, u.status, 'unknown');
    this.#avatarUrl = avatarUrl;
  }

  /** CDN URL of the avatar: `animated` is used for animated avatars, `still` otherwise. */
  avatarUrl(animated: AvatarType = 'gif', still: AvatarType = 'png'): string {
    const a = AVATAR_TYPES.indexOf(checkAvatar(animated, 'animated'));
    const s = AVATAR_TYPES.indexOf(checkAvatar(still, 'still'));
    return this.#avatarUrl(a, s) ?? '';
  }

  toJSON(): Omit<NativeUser, 'status'> & { status: StatusType } {
    return {
      id: this.id, username: this.username, displayName: this.displayName, globalName: this.globalName,
      isProvisional: this.isProvisional, avatar: this.avatar, status: this.status,
    };
  }
}

export class ClientUsers {
  readonly #core: ClientCore;

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

  #wrap(u: NativeUser | null): User | null {
    return u && makeUser(this.#core, u);
  }
}

/** A User snapshot whose avatarUrl() asks the client's SDK (while it is open). */
export function makeUser(core: ClientCore, u: NativeUser): User {
  const id = BigInt(u.id);
  return new User(u, (a, s) => core.nativeOrNull?.getUserAvatarUrl(id, a, s) ?? null);
}

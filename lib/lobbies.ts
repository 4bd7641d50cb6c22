// client.lobbies: lobbies (create or join by secret), their members, chat and linked channels.
// A Lobby is a snapshot taken when you ask for it (or when an event announces a change); its
// methods act on the live lobby.
import { EventKind, readLobby } from './boundary';
import type { ClientCore, EventHandlers } from './core';
import type { NativeLobby, NativeLobbyMember, StringMap } from './binding';
import { checkLimit, optionalMetadata, readMessageList, readSentMessageId, type Message } from './messages';
import { readTapeRecord } from './tape';
import { makeUser, type User } from './users';
import { checkOptionalOptions, checkMessageContent, checkString, checkStringMap, toId } from './validate';

/** A member of a lobby, read when the lobby was read. */
export interface LobbyMember {
  id: string;
  /** Whether the member has a connected client of this game. */
  connected: boolean;
  /** Whether the member may link the lobby to a server channel (set by the game backend). */
  canLinkLobby: boolean;
  metadata: Readonly<StringMap>;
  user: User | null;
}

/** The server channel linked to a lobby. */
export interface LinkedChannel {
  id: string;
  name: string;
  guildId: string;
}

/** The voice call of a lobby, as the lobby reports it. */
export interface CallInfo {
  channelId: string;
  guildId: string | null;
  participants: Array<{ userId: string; selfMute: boolean; selfDeaf: boolean }>;
}

/** A snapshot of a lobby you are in, with the operations on it (messages, leave, linked channel, voice). */
export class Lobby {
  readonly id: string;
  /** The lobby's metadata (frozen; equal maps of two snapshots may be one shared object). */
  readonly metadata: Readonly<StringMap>;
  readonly members: readonly LobbyMember[];
  readonly linkedChannel: LinkedChannel | null;
  readonly callInfo: CallInfo | null;
  readonly #core: ClientCore;
  // The id as the native calls take it, converted once (a chat sends many messages per lobby).
  #nativeId: bigint | undefined;

  /** @internal created by the client, not by you */
  constructor(core: ClientCore, l: NativeLobby) {
    this.#core = core;
    this.id = l.id;
    this.metadata = l.metadata;  // frozen by the tape reader (TapeReader.map)
    this.members = Object.freeze(l.members.map((m) => makeMember(core, m)));
    this.linkedChannel = l.linkedChannel;
    this.callInfo = l.callInfo;
  }

  #idArg(): bigint {
    return this.#nativeId ??= BigInt(this.id);
  }

  /** Leaves the lobby. */
  async leave(): Promise<void> {
    const id = this.#idArg();
    await this.#core.run('leaveLobby', this.leave, (op) => this.#core.native.leaveLobby(op, id));
  }

  /** Sends a chat message to the lobby (1–2000 characters); resolves with its id. */
  sendMessage(content: string, options?: { metadata?: StringMap }): Promise<string> {
    // Not an async method: the operation's own promise is returned, resolved with the id by the
    // completion's reader. An async method added its promise and an await per message (a chat
    // sends many; docs/performance.md, row 12). A bad argument still rejects, never throws.
    let text: string;
    let metadata: StringMap | undefined;
    try {
      text = checkMessageContent(content, 'content');
      // Omitted options need no checking (most chat messages have none).
      metadata = options === undefined ? undefined : optionalMetadata(options, 'options');
    } catch (err) {
      return Promise.reject(err);
    }
    const id = this.#idArg();
    return this.#core.run('sendLobbyMessage', this.sendMessage,
      (op) => this.#core.native.sendLobbyMessage(op, id, text, metadata), 'MessageId', readSentMessageId);
  }

  /**
   * History, newest first: at most 200 messages and 72 hours; members only. The messages of one
   * author share one `author` User (as captured at their newest message of the list).
   */
  async getMessages(options: { limit?: number } = {}): Promise<Message[]> {
    const limit = checkLimit(options, 'options');
    const id = this.#idArg();
    return this.#core.run('getLobbyMessages', this.getMessages,
      (op) => this.#core.native.getLobbyMessages(op, id, limit), 'Messages', readMessageList(this.#core));
  }

  /** Links a server channel to the lobby (needs canLinkLobby and a linkable channel). */
  async linkChannel(channelId: string | bigint): Promise<void> {
    const channel = toId(channelId, 'channelId');
    const id = this.#idArg();
    await this.#core.run('linkChannelToLobby', this.linkChannel, (op) => this.#core.native.linkChannelToLobby(op, id, channel));
  }

  /** Removes the lobby's linked server channel. */
  async unlinkChannel(): Promise<void> {
    const id = this.#idArg();
    await this.#core.run('unlinkChannelFromLobby', this.unlinkChannel, (op) => this.#core.native.unlinkChannelFromLobby(op, id));
  }

  /**
   * A single-use invite (valid one hour) to the server of the linked channel. A provisional
   * account cannot join: the promise rejects with a PlatformError whose `mergeRequired` is true.
   */
  async joinLinkedGuild(): Promise<string> {
    const id = this.#idArg();
    const { url } = await this.#core.run('joinLinkedLobbyGuild', this.joinLinkedGuild,
      (op) => this.#core.native.joinLinkedLobbyGuild(op, id), 'Url');
    return url;
  }

  /** The lobby as plain data (members included). */
  toJSON(): Record<string, unknown> {
    return {
      id: this.id, metadata: this.metadata,
      members: this.members.map((m) => ({ ...m, user: m.user?.toJSON() ?? null })),
      linkedChannel: this.linkedChannel, callInfo: this.callInfo,
    };
  }
}

function makeMember(core: ClientCore, m: NativeLobbyMember): LobbyMember {
  return Object.freeze({
    id: m.id, connected: m.connected, canLinkLobby: m.canLinkLobby,
    metadata: m.metadata, user: m.user ? makeUser(core, m.user) : null,
  });
}

export function makeLobby(core: ClientCore, lobbyId: string): Lobby | null {
  const tape = core.nativeOrNull?.getLobby(BigInt(lobbyId)) ?? null;
  return tape && new Lobby(core, readTapeRecord(tape, readLobby));
}

export function memberOf(lobby: Lobby | null, memberId: string): LobbyMember | null {
  return lobby?.members.find((m) => m.id === memberId) ?? null;
}

/** A lobby you are in changed (`lobbyCreated`, `lobbyUpdated`). */
export interface LobbyEvent {
  readonly lobbyId: string;
  /** Read from the SDK on first access, then kept. */
  readonly lobby: Lobby | null;
}

/** A member of one of your lobbies changed (`lobbyMemberAdded`, `lobbyMemberUpdated`). */
export interface LobbyMemberEvent {
  readonly lobbyId: string;
  readonly memberId: string;
  /** Read from the SDK on first access, then kept. */
  readonly member: LobbyMember | null;
}

/** The lobbyCreated / lobbyUpdated payload: the lobby is read from the SDK on first access. */
export class LobbyChange {
  readonly #core: ClientCore;
  #lobby: Lobby | null | undefined;

  /** @internal created by the client, not by you */
  constructor(core: ClientCore, readonly lobbyId: string) {
    this.#core = core;
  }

  get lobby(): Lobby | null {
    if (this.#lobby === undefined) this.#lobby = makeLobby(this.#core, this.lobbyId);
    return this.#lobby;
  }

  toJSON(): { lobbyId: string; lobby: Lobby | null } {
    return { lobbyId: this.lobbyId, lobby: this.lobby };
  }
}

/** The lobbyMemberAdded / lobbyMemberUpdated payload: the member is read on first access. */
export class LobbyMemberChange {
  readonly #core: ClientCore;
  #member: LobbyMember | null | undefined;

  /** @internal created by the client, not by you */
  constructor(core: ClientCore, readonly lobbyId: string, readonly memberId: string) {
    this.#core = core;
  }

  get member(): LobbyMember | null {
    if (this.#member === undefined) this.#member = memberOf(makeLobby(this.#core, this.lobbyId), this.memberId);
    return this.#member;
  }

  toJSON(): { lobbyId: string; memberId: string; member: LobbyMember | null } {
    return { lobbyId: this.lobbyId, memberId: this.memberId, member: this.member };
  }
}

/** The lobby events: created, updated, deleted, and the members'. */
export function lobbyEvents(core: ClientCore): EventHandlers {
  return {
    [EventKind.LobbyCreated]: { only: 'lobbyCreated', run: (e) => core.emit('lobbyCreated', new LobbyChange(core, e.lobbyId)) },
    [EventKind.LobbyUpdated]: { only: 'lobbyUpdated', run: (e) => core.emit('lobbyUpdated', new LobbyChange(core, e.lobbyId)) },
    [EventKind.LobbyDeleted]: { run: (e) => core.emit('lobbyDeleted', { lobbyId: e.lobbyId }) },
    [EventKind.LobbyMemberAdded]: {
      only: 'lobbyMemberAdded',
      run: (e) => core.emit('lobbyMemberAdded', new LobbyMemberChange(core, e.lobbyId, e.memberId)),
    },
    [EventKind.LobbyMemberUpdated]: {
      only: 'lobbyMemberUpdated',
      run: (e) => core.emit('lobbyMemberUpdated', new LobbyMemberChange(core, e.lobbyId, e.memberId)),
    },
    [EventKind.LobbyMemberRemoved]: { run: (e) => core.emit('lobbyMemberRemoved', { lobbyId: e.lobbyId, memberId: e.memberId }) },
  };
}

const MAX_SECRET = 1024;

/**
 * `client.lobbies`: create or join lobbies by secret, list and read them.
 *
 * @example
 * ```ts
 * const lobby = await client.lobbies.createOrJoin('match-7f3a', { metadata: { map: 'docks' } });
 * await lobby.sendMessage('gl hf');
 * ```
 */
export class ClientLobbies {
  readonly #core: ClientCore;

  /** @internal created by the client, not by you */
  constructor(core: ClientCore) {
    this.#core = core;
  }

  /**
   * Joins the lobby of this secret, creating it if nobody has (everyone of the game joining with
   * the same secret shares one lobby). Resolves with the lobby once joined.
   */
  async createOrJoin(secret: string, options: { metadata?: StringMap; memberMetadata?: StringMap } = {}): Promise<Lobby> {
    const s = checkString(secret, 'secret', { min: 1, max: MAX_SECRET });
    const o = checkOptionalOptions<{ metadata?: unknown; memberMetadata?: unknown }>(options, 'options', ['metadata', 'memberMetadata']);
    const metadata = o.metadata === undefined ? undefined : checkStringMap(o.metadata, 'options.metadata');
    const member = o.memberMetadata === undefined ? undefined : checkStringMap(o.memberMetadata, 'options.memberMetadata');
    const { lobbyId } = await this.#core.run('createOrJoinLobby', this.createOrJoin,
      (op) => (metadata || member ? this.#core.native.createOrJoinLobby(op, s, metadata ?? {}, member ?? {})
        : this.#core.native.createOrJoinLobby(op, s)), 'LobbyId');
    const lobby = makeLobby(this.#core, lobbyId);
    if (!lobby) throw new Error(`platform-social-sdk: joined lobby ${lobbyId} but the SDK has no handle for it`);
    return lobby;
  }

  /** A lobby the user is a member of, or null. */
  get(lobbyId: string | bigint): Lobby | null {
    return makeLobby(this.#core, toId(lobbyId, 'lobbyId').toString());
  }

  /** Every lobby the user is a member of. */
  list(): Lobby[] {
    const ids = this.#core.nativeOrNull?.getLobbyIds() ?? [];
    return ids.map((id) => makeLobby(this.#core, id)).filter((l): l is Lobby => l !== null);
  }
}

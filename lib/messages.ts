// client.messages: direct messages, message lookups and history. Messages are snapshots taken
// inside the SDK callback that announced them (the SDK keeps only 25 per channel in memory).
import { EventKind, readMessage } from './boundary';
import type { ClientCore, EventHandlers } from './core';
import type { TapeReader } from './tape';
import {
  ADDITIONAL_CONTENT_TYPES, channelTypeName, disclosureTypeName, nameOf,
  type AdditionalContentType, type ChannelType, type DisclosureType,
} from './enums';
import { PlatformError } from './errors';
import type { NativeChannel, NativeMessage, NativeUser, StringMap } from './binding';
import { makeUser, type User } from './users';
import { checkBoolean, checkInt, checkOptionalOptions, checkMessageContent, checkStringMap, toId } from './validate';

/** Content of a message the SDK cannot show as text (attachment, poll, sticker, …). */
export interface AdditionalContent {
  type: AdditionalContentType;
  title: string | null;
  count: number;
}

/** A chat message, copied inside the SDK callback that announced it. */
export class Message {
  readonly id: string;
  /** Content as displayed (mentions rendered). */
  readonly content: string;
  /** Content as sent. */
  readonly rawContent: string;
  readonly authorId: string;
  /**
   * The author as known when the message arrived, or null when the SDK had no user for it. In a
   * history list (getMessages, getUserMessages) the messages of one author share one User
   * object, the author as captured at their first (newest) message of the list. Live messages
   * ('messageCreated', 'messageUpdated') delivered together whose authors were captured equal in
   * every field may share one User object too; compare users by `id`, not by identity.
   */
  readonly author: User | null;
  readonly channelId: string;
  readonly channelType: ChannelType;
  /** Set for lobby messages. */
  readonly lobbyId: string | null;
  /** Set for direct messages. */
  readonly recipientId: string | null;
  /** The sending application (tells sibling applications of one publisher apart), or null. */
  readonly applicationId: string | null;
  /** The author's lobby display name set by the game backend (SDK 1.10+), or null. */
  readonly additionalName: string | null;
  /**
   * Metadata set by the sender (frozen). Maps are values: two snapshots with equal maps may share
   * one frozen object, so do not use a map as an identity key (WeakMap, Set).
   */
  readonly metadata: Readonly<StringMap>;
  /** Application-scoped moderation data set by the game backend. */
  readonly moderationMetadata: Readonly<StringMap>;
  readonly additionalContent: AdditionalContent | null;
  /** Set on the notice that messages here are visible on the platform. */
  readonly disclosureType: DisclosureType | null;
  readonly sentFromGame: boolean;
  // The times as numbers until read: a Date per message (two once edited) was a tenth of a
  // history's JS time, and most are never read (docs/performance.md, row 3).
  readonly #sentTimestamp: number;
  readonly #editedTimestamp: number;
  #sentAt: Date | undefined;
  #editedAt: Date | null | undefined;

  /** @internal created by the client, not by you */
  constructor(m: NativeMessage, author: User | null) {
    this.id = m.id;
    this.content = m.content;
    this.rawContent = m.rawContent;
    this.authorId = m.authorId;
    this.author = author;
    this.channelId = m.channelId;
    this.channelType = channelTypeName(m.channelType);
    this.lobbyId = m.lobbyId;
    this.recipientId = m.recipientId;
    this.applicationId = m.applicationId;
    this.additionalName = m.additionalName;
    // Frozen by the tape reader (TapeReader.map), the empty ones shared.
    this.metadata = m.metadata;
    this.moderationMetadata = m.moderationMetadata;
    this.additionalContent = m.additionalContent && {
      type: nameOf(ADDITIONAL_CONTENT_TYPES, m.additionalContent.type, 'other'),
      title: m.additionalContent.title,
      count: m.additionalContent.count,
    };
    this.disclosureType = disclosureTypeName(m.disclosureType);
    this.sentFromGame = m.sentFromGame;
    this.#sentTimestamp = m.sentTimestamp;
    this.#editedTimestamp = m.editedTimestamp;
  }

  /** When the message was sent. Made on first read; the same Date on every read after. */
  get sentAt(): Date {
    return (this.#sentAt ??= new Date(this.#sentTimestamp));
  }

  /** When the message was last edited, or null. Made on first read; the same Date on every read after. */
  get editedAt(): Date | null {
    if (this.#editedAt === undefined) this.#editedAt = this.#editedTimestamp ? new Date(this.#editedTimestamp) : null;
    return this.#editedAt;
  }

  /** The message as plain data. */
  toJSON(): Record<string, unknown> {
    return {
      id: this.id, content: this.content, rawContent: this.rawContent, authorId: this.authorId,
      author: this.author?.toJSON() ?? null, channelId: this.channelId, channelType: this.channelType,
      lobbyId: this.lobbyId, recipientId: this.recipientId, applicationId: this.applicationId,
      additionalName: this.additionalName, metadata: this.metadata, moderationMetadata: this.moderationMetadata,
      additionalContent: this.additionalContent, disclosureType: this.disclosureType, sentFromGame: this.sentFromGame,
      sentAt: this.sentAt.toISOString(), editedAt: this.editedAt?.toISOString() ?? null,
    };
  }
}

/** A message channel (a DM or a lobby's). */
export interface Channel {
  id: string;
  name: string;
  recipients: string[];
  type: ChannelType;
}

/** History page size: 1–200 (the platform's cap); omitted means the SDK's default. */
export function checkLimit(options: unknown, name: string): number {
  const o = checkOptionalOptions<{ limit?: unknown }>(options, name, ['limit']);
  return o.limit === undefined ? 0 : checkInt(o.limit, `${name}.limit`, 1, 200);
}

export function optionalMetadata(options: unknown, name: string, keys: readonly string[] = ['metadata']): StringMap | undefined {
  const o = checkOptionalOptions<{ metadata?: unknown }>(options, name, keys);
  return o.metadata === undefined ? undefined : checkStringMap(o.metadata, `${name}.metadata`);
}

export function makeMessage(core: ClientCore, m: NativeMessage): Message {
  return new Message(m, m.author ? makeUser(core, m.author) : null);
}

/**
 * A history list: one User per distinct author, shared by that author's messages. The tape
 * carries each author once per list (boundary.schema `shared`: a repeat is the same NativeUser
 * object), captured at the author's first message of the list.
 */
export function toMessages(core: ClientCore, list: readonly NativeMessage[]): Message[] {
  const users = new Map<NativeUser, User>();
  const messages: Message[] = new Array(list.length);
  for (let k = 0; k < list.length; k++) {
    const m = list[k] as NativeMessage;
    let author: User | null = null;
    if (m.author) {
      author = users.get(m.author) ?? null;
      if (author === null) users.set(m.author, author = makeUser(core, m.author));
    }
    messages[k] = new Message(m, author);
  }
  return messages;
}

/** The message events: created and updated carry the message captured natively. */
export function messageEvents(core: ClientCore): EventHandlers {
  // The User made for the last author read. A batch's tape carries each distinct author once
  // (boundary.schema `shared … batch`: its repeats are the same NativeUser object), so a flood's
  // messages share one immutable User instead of one each; a new batch reads new objects.
  let lastNative: NativeUser | null = null;
  let lastUser: User | null = null;
  const authorOf = (u: NativeUser): User => {
    if (u !== lastNative) {
      lastUser = makeUser(core, u);
      lastNative = u;
    }
    return lastUser as User;
  };
  // Read from the tape here (TapeEventHandler): a message is the event that comes by the thousand.
  // Both events are [messageId, hasMessage, Message] (readMessageCreatedEvent and
  // readMessageUpdatedEvent in lib/boundary.ts), read here without their event object.
  const withMessage = (event: 'messageCreated' | 'messageUpdated') => ({
    only: event,
    fromTape: (r: TapeReader) => {
      const messageId = r.id();
      if (!r.bool()) return unavailable(messageId);
      const m = readMessage(r);
      core.emit(event, new Message(m, m.author ? authorOf(m.author) : null));
    },
  });
  return {
    [EventKind.MessageCreated]: withMessage('messageCreated'),
    [EventKind.MessageUpdated]: withMessage('messageUpdated'),
    [EventKind.MessageDeleted]: { run: (e) => core.emit('messageDeleted', { messageId: e.messageId, channelId: e.channelId }) },
  };
}

// The SDK announced a message it no longer had: say so rather than drop it silently.
function unavailable(messageId: string): void {
  process.emitWarning(`message ${messageId} was announced but the SDK had no data for it`, 'PlatformSdkWarning');
}

/** `client.messages`: direct messages, message history and the messages cache. */
export class ClientMessages {
  readonly #core: ClientCore;

  /** @internal created by the client, not by you */
  constructor(core: ClientCore) {
    this.#core = core;
  }

  /** Sends a direct message; resolves with the message id. */
  async sendToUser(userId: string | bigint, content: string, options: { metadata?: StringMap } = {}): Promise<string> {
    const recipient = toId(userId, 'userId');
    const text = checkMessageContent(content, 'content');
    const metadata = optionalMetadata(options, 'options');
    const { messageId } = await this.#core.run('sendUserMessage', this.sendToUser,
      (op) => this.#core.native.sendUserMessage(op, recipient, text, metadata), 'MessageId');
    return messageId;
  }

  /** Edits one of your direct messages. */
  async edit(recipientId: string | bigint, messageId: string | bigint, content: string): Promise<void> {
    const recipient = toId(recipientId, 'recipientId');
    const message = toId(messageId, 'messageId');
    const text = checkMessageContent(content, 'content');
    await this.#core.run('editUserMessage', this.edit, (op) => this.#core.native.editUserMessage(op, recipient, message, text));
  }

  /** Deletes one of your direct messages. */
  async delete(recipientId: string | bigint, messageId: string | bigint): Promise<void> {
    const recipient = toId(recipientId, 'recipientId');
    const message = toId(messageId, 'messageId');
    await this.#core.run('deleteUserMessage', this.delete, (op) => this.#core.native.deleteUserMessage(op, recipient, message));
  }

  /** A message still in the SDK's memory (the 25 most recent per channel), or null. */
  get(messageId: string | bigint): Message | null {
    const id = toId(messageId, 'messageId');
    const m = this.#core.nativeOrNull?.getMessage(id) ?? null;
    if (!m) return null;
    // Built through Node-API, not read from a tape: its maps are not frozen yet.
    Object.freeze(m.metadata);
    Object.freeze(m.moderationMetadata);
    return makeMessage(this.#core, m);
  }

  /** A channel the SDK knows (a lobby's or a direct-message channel), or null. */
  getChannel(channelId: string | bigint): Channel | null {
    const id = toId(channelId, 'channelId');
    const c: NativeChannel | null = this.#core.nativeOrNull?.getChannel(id) ?? null;
    return c && { id: c.id, name: c.name, recipients: c.recipients, type: channelTypeName(c.type) };
  }

  /**
   * Direct-message history with a user, newest first (served from the SDK's cache when it can).
   * The messages of one author share one `author` User (as captured at their newest message of
   * the list).
   */
  async getUserMessages(userId: string | bigint, options: { limit?: number } = {}): Promise<Message[]> {
    const recipient = toId(userId, 'userId');
    const limit = checkLimit(options, 'options');
    const { messages } = await this.#core.run('getUserMessages', this.getUserMessages,
      (op) => this.#core.native.getUserMessages(op, recipient, limit), 'Messages');
    return toMessages(this.#core, messages);
  }

  /** One entry per direct-message conversation: the user and the id of the last message. */
  async getSummaries(): Promise<Array<{ userId: string; lastMessageId: string }>> {
    const { summaries } = await this.#core.run('getUserMessageSummaries', this.getSummaries,
      (op) => this.#core.native.getUserMessageSummaries(op), 'MessageSummaries');
    return summaries;
  }

  /** Tells the SDK whether the game is showing its chat UI. */
  setShowingChat(showing: boolean): void {
    this.#core.native.setShowingChat(checkBoolean(showing, 'showing'));
  }

  /** Whether the message can be opened in the platform's client. */
  canOpenInPlatform(messageId: string | bigint): boolean {
    const id = toId(messageId, 'messageId');
    return this.#core.nativeOrNull?.canOpenMessageInPlatform(id) ?? false;
  }

  /**
   * Opens the message in the platform's client. A provisional account cannot: the promise
   * rejects with a PlatformError whose `mergeRequired` is true.
   */
  async openInPlatform(messageId: string | bigint): Promise<void> {
    const id = toId(messageId, 'messageId');
    await this.#core.run('openMessageInPlatform', this.openInPlatform, (op) => this.#core.native.openMessageInPlatform(op, id));
  }
}


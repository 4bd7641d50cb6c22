// client.messages: direct messages, message lookups and history. Messages are snapshots taken
// inside the SDK callback that announced them (the SDK keeps only 25 per channel in memory).
import {
  decodeMessage, EventKind, readMessageCreatedEventWith, readMessageIdResult, readMessagesResultWith, readMessageUpdatedEventWith,
  type MessageMaker, type NativeAdditionalContent,
} from './boundary';
import type { ClientCore, EventHandlers } from './core';
import { readTapeRecord, type TapeReader } from './tape';
import {
  ADDITIONAL_CONTENT_TYPE_BY_VALUE, channelTypeName, disclosureTypeName, nameOf,
  type AdditionalContentType, type ChannelType, type DisclosureType,
} from './enums';
import { PlatformError } from './errors';
import type { NativeChannel, NativeUser, StringMap } from './binding';
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

  /**
   * @internal created by the client, not by you: by newMessage, which decodeMessage (lib/boundary.ts)
   * hands the Message record's fields in the schema's order (positional arguments are what lets V8
   * build the object inline there: docs/performance.md, row 3).
   */
  constructor(
    id: string, content: string, rawContent: string, authorId: string, author: User | null, channelId: string,
    channelType: ChannelType, lobbyId: string | null, recipientId: string | null, applicationId: string | null,
    additionalName: string | null, metadata: StringMap, moderationMetadata: StringMap,
    additionalContent: AdditionalContent | null, disclosureType: DisclosureType | null, sentFromGame: boolean,
    sentTimestamp: number, editedTimestamp: number,
  ) {
    this.id = id;
    this.content = content;
    this.rawContent = rawContent;
    this.authorId = authorId;
    this.author = author;
    this.channelId = channelId;
    this.channelType = channelType;
    this.lobbyId = lobbyId;
    this.recipientId = recipientId;
    this.applicationId = applicationId;
    this.additionalName = additionalName;
    this.metadata = metadata;
    this.moderationMetadata = moderationMetadata;
    this.additionalContent = additionalContent;
    this.disclosureType = disclosureType;
    this.sentFromGame = sentFromGame;
    this.#sentTimestamp = sentTimestamp;
    this.#editedTimestamp = editedTimestamp;
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

/**
 * The Message's own part of reading one from the tape: the generated decodeMessage (lib/boundary.ts,
 * boundary.schema `record Message … decode`) reads the record's fields straight-line and hands
 * them here in the schema's order; this makes the author's User, names the enums and builds the
 * Message. One function at decodeMessage's call site, so V8 inlines it there and the Message
 * constructor in it, building the object in place (docs/performance.md, row 3). MessageMaker types
 * each field; test/message-tape.test.ts compares what comes out with readMessage's, field by field,
 * and its arity with the schema's record.
 * @internal exported for that test
 */
export const newMessage: MessageMaker<MessageAuthors, Message> = (authors, id, content, rawContent, authorId, author,
  channelId, channelType, lobbyId, recipientId, applicationId, additionalName, metadata, moderationMetadata,
  additionalContent, disclosureType, sentFromGame, sentTimestamp, editedTimestamp) => new Message(
  id, content, rawContent, authorId, author === null ? null : authors.of(author), channelId, channelTypeName(channelType),
  lobbyId, recipientId, applicationId, additionalName, metadata, moderationMetadata,
  additionalContent === null ? null : additionalContentOf(additionalContent), disclosureTypeName(disclosureType),
  sentFromGame, sentTimestamp, editedTimestamp);

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

/** The id of a sent message, read from its MessageId completion (the operation resolves with it). */
export function readSentMessageId(r: TapeReader): string {
  return readMessageIdResult(r).messageId;
}

// Out of newMessage: V8 inlines it and the Message constructor into decodeMessage within one
// budget of bytecode, and most messages carry no additional content.
function additionalContentOf(c: NativeAdditionalContent): AdditionalContent {
  return { type: nameOf(ADDITIONAL_CONTENT_TYPE_BY_VALUE, c.type, 'other'), title: c.title, count: c.count };
}

/**
 * The authors' `User` objects of the messages read from a tape. The tape hands back the same
 * NativeUser for a shared author (boundary.schema `shared`), so the last one is checked first: a
 * list's messages come in runs of one author. `everyAuthor` (a history list, one tape event) also
 * keeps every author of the list, so that an author's messages share one User however they
 * interleave; without it (live messages, for as long as the client lives) only the last is kept.
 * @internal
 */
export class MessageAuthors {
  readonly #core: ClientCore;
  #lastNative: NativeUser | null = null;
  #lastUser: User | null = null;
  readonly #every: Map<NativeUser, User> | null;

  constructor(core: ClientCore, everyAuthor: boolean) {
    this.#core = core;
    this.#every = everyAuthor ? new Map() : null;
  }

  of(u: NativeUser): User {
    if (u === this.#lastNative) return this.#lastUser as User;
    let user = this.#every?.get(u);
    if (user === undefined) {
      user = makeUser(this.#core, u);
      this.#every?.set(u, user);
    }
    this.#lastNative = u;
    this.#lastUser = user;
    return user;
  }
}

/**
 * The reader of a history completion (boundary.schema `completion Messages`: one `Message[]`
 * field) into its `Message` objects, for core.run: one User per distinct author, shared by that
 * author's messages (the author as captured at their first, newest, message of the list).
 */
export function readMessageList(core: ClientCore): (r: TapeReader) => Message[] {
  return (r) => {
    const authors = new MessageAuthors(core, true);
    return readMessagesResultWith(r, (m) => decodeMessage(m, newMessage, authors)).messages;
  };
}

/** The message events: created and updated carry the message captured natively. */
export function messageEvents(core: ClientCore): EventHandlers {
  // The User made for the last author read. A batch's tape carries each distinct author once
  // (boundary.schema `shared … batch`: its repeats are the same NativeUser object), so a flood's
  // messages share one immutable User instead of one each; a new batch reads new objects.
  const authors = new MessageAuthors(core, false);
  // Read from the tape here (TapeEventHandler): a message is the event that comes by the thousand.
  // The generated readers read each event's fields, its Message straight into a Message
  // (decodeMessage), without a NativeMessage in between.
  const decode = (r: TapeReader): Message => decodeMessage(r, newMessage, authors);
  const withMessage = (event: 'messageCreated' | 'messageUpdated', read: typeof readMessageCreatedEventWith) => ({
    only: event,
    fromTape: (r: TapeReader) => {
      const { messageId, message } = read(r, decode);
      if (message === null) return unavailable(messageId);
      core.emit(event, message);
    },
  });
  return {
    [EventKind.MessageCreated]: withMessage('messageCreated', readMessageCreatedEventWith),
    [EventKind.MessageUpdated]: withMessage('messageUpdated', readMessageUpdatedEventWith),
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
    const tape = this.#core.nativeOrNull?.getMessage(id) ?? null;
    // One record on a tape of its own, read as a message event's is.
    return tape && readTapeRecord(tape, (r) => decodeMessage(r, newMessage, new MessageAuthors(this.#core, false)));
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
    return this.#core.run('getUserMessages', this.getUserMessages,
      (op) => this.#core.native.getUserMessages(op, recipient, limit), 'Messages', readMessageList(this.#core));
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


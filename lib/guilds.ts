// client.guilds: the user's servers and their channels, for linking a lobby to a channel.
import type { ClientCore } from './core';
import { channelTypeName, type ChannelType } from './enums';
import { toId } from './validate';

/** A server (guild) the user is a member of. */
export interface Guild {
  id: string;
  name: string;
}

/** A channel of a server, in the platform client's order. */
export interface GuildChannel {
  id: string;
  name: string;
  type: ChannelType;
  position: number;
  /** The category the channel sits in, or null. */
  parentId: string | null;
  /** Whether a lobby can be linked to it. */
  linkable: boolean;
  viewableAndWriteableByAllMembers: boolean;
  linkedLobby: { applicationId: string; lobbyId: string } | null;
}

/** `client.guilds`: the user's servers and their channels (to link one to a lobby). */
export class ClientGuilds {
  readonly #core: ClientCore;

  /** @internal created by the client, not by you */
  constructor(core: ClientCore) {
    this.#core = core;
  }

  /** The servers the user is a member of. */
  async list(): Promise<Guild[]> {
    const { guilds } = await this.#core.run('getUserGuilds', this.list, (op) => this.#core.native.getUserGuilds(op), 'Guilds');
    return guilds;
  }

  /** A server's channels in the platform client's order (categories followed by their channels). */
  async channels(guildId: string | bigint): Promise<GuildChannel[]> {
    const guild = toId(guildId, 'guildId');
    const { channels } = await this.#core.run('getGuildChannels', this.channels,
      (op) => this.#core.native.getGuildChannels(op, guild), 'GuildChannels');
    return channels.map((c) => ({ ...c, type: channelTypeName(c.type) }));
  }
}

// client.presence: rich presence (what the user is doing in your game), online status, activity
// invites and join requests, and how the platform launches your game.
import type { ClientCore, EventHandlers } from './core';
import { toInvite, toNativeActivity, toNativeInvite, type ActivityInput, type ActivityInvite } from './activity';
import { EventKind } from './boundary';
import { ACTIVITY_ACTION_VALUES, SETTABLE_STATUSES, STATUS_TYPE_VALUES, type SettableStatus } from './enums';
import { makeUser, type User } from './users';
import { checkEnum, checkInt, checkMessageContent, checkOptions, checkString, toId } from './validate';

export type { ActivityInvite } from './activity';

/** How the platform starts your game when a user joins from the platform client. */
export type LaunchCommand = string | { steamAppId: number };

/** The user accepted a join in the platform client (the `activityJoin` event). */
export interface ActivityJoinEvent {
  /** The join secret of the activity the user chose to join. */
  joinSecret: string;
  /** Set when the invite was for another application of yours (e.g. a child application): launch it. */
  applicationId: string | null;
}

/** The presence events of a {@link Client}. */
export type PresenceEvents = {
  /** An invite or join request arrived (or was accepted on another of the user's devices). */
  activityInviteCreated: [ActivityInvite];
  /** An invite changed, e.g. became invalid because the sender's party ended. */
  activityInviteUpdated: [ActivityInvite];
  /** The user accepted an invite or joined from the platform client: join with the secret. */
  activityJoin: [ActivityJoinEvent];
};

/** `client.presence`: rich presence, game invites and join requests, the launch command. */
export class ClientPresence {
  readonly #core: ClientCore;

  /** @internal created by the client, not by you */
  constructor(core: ClientCore) {
    this.#core = core;
  }

  /**
   * Publishes the user's rich presence for this game. Validated against the platform's limits
   * before anything is sent (types other than playing/listening/watching/competing, URLs that are
   * not http(s), more than 2 buttons, a party above its size, over-long text all throw).
   */
  async update(activity: ActivityInput): Promise<void> {
    const native = toNativeActivity(activity, 'activity');
    await this.#core.run('updateRichPresence', this.update, (op) => this.#core.native.updateRichPresence(op, native));
  }

  /** Removes the user's rich presence for this game (invites sent for its party become invalid). */
  clear(): void {
    this.#core.native.clearRichPresence();
  }

  /** 'online', 'idle', 'dnd' or 'invisible' (others see 'offline' while invisible). */
  async setOnlineStatus(status: SettableStatus): Promise<void> {
    const value = checkEnum(status, 'status', SETTABLE_STATUSES);
    const code = STATUS_TYPE_VALUES[value];
    await this.#core.run('setOnlineStatus', this.setOnlineStatus, (op) => this.#core.native.setOnlineStatus(op, code));
  }

  /**
   * Invites a friend to your party (needs a published activity with a party and a join secret).
   * The invite travels as a direct message with this content (1–2000 characters).
   */
  async sendInvite(userId: string | bigint, content: string): Promise<void> {
    const id = toId(userId, 'userId');
    const text = checkMessageContent(content, 'content');
    await this.#core.run('sendActivityInvite', this.sendInvite, (op) => this.#core.native.sendActivityInvite(op, id, text));
  }

  /** Asks to join the user's party. */
  async sendJoinRequest(userId: string | bigint): Promise<void> {
    const id = toId(userId, 'userId');
    await this.#core.run('sendActivityJoinRequest', this.sendJoinRequest, (op) => this.#core.native.sendActivityJoinRequest(op, id));
  }

  /** Answers a join request (an `activityInviteCreated` invite of type 'joinRequest') with an invite. */
  async replyToJoinRequest(invite: ActivityInvite): Promise<void> {
    const native = toNativeInvite(invite, 'invite');
    // The converted invite, not the caller's object: each key is read once.
    if (native.type !== ACTIVITY_ACTION_VALUES.joinRequest) throw new TypeError("invite.type must be 'joinRequest' (the invite must be a join request)");
    await this.#core.run('sendActivityJoinRequestReply', this.replyToJoinRequest,
      (op) => this.#core.native.sendActivityJoinRequestReply(op, native));
  }

  /** Accepts an invite (type 'join'); resolves with the join secret of the sender's activity. */
  async acceptInvite(invite: ActivityInvite): Promise<string> {
    const native = toNativeInvite(invite, 'invite');
    const { joinSecret } = await this.#core.run('acceptActivityInvite', this.acceptInvite,
      (op) => this.#core.native.acceptActivityInvite(op, native), 'JoinSecret');
    return joinSecret;
  }

  /**
   * Tells the platform how to start this game when a user joins from the platform client: a
   * command line, or `{ steamAppId }` to launch through Steam. Returns whether it was accepted.
   */
  registerLaunchCommand(command: LaunchCommand, options: { applicationId?: string | bigint } = {}): boolean {
    const o = checkOptions<{ applicationId?: unknown }>(options, 'options', ['applicationId']);
    const app = this.#core.applicationId(o.applicationId, 'options.applicationId');
    if (typeof command === 'string') {
      return this.#core.native.registerLaunchCommand(app, checkString(command, 'command', { min: 1, max: 4096 }));
    }
    const c = checkOptions<{ steamAppId?: unknown }>(command, 'command', ['steamAppId']);
    return this.#core.native.registerLaunchSteamApplication(app, checkInt(c.steamAppId, 'command.steamAppId', 1, 2 ** 32 - 1));
  }

  /**
   * Who is signed in to the platform's desktop client on this machine (null: nobody), over the
   * local connection to it: no sign-in of this client needed, so a presence-only launcher can
   * show it. Rejects when the desktop client is not installed.
   */
  async getPlatformClientConnectedUser(options: { applicationId?: string | bigint } = {}): Promise<User | null> {
    const o = checkOptions<{ applicationId?: unknown }>(options, 'options', ['applicationId']);  // each key read once
    const app = this.#core.applicationId(o.applicationId, 'options.applicationId'); // read once
    const { user } = await this.#core.run('getPlatformClientConnectedUser', this.getPlatformClientConnectedUser,
      (op) => this.#core.native.getPlatformClientConnectedUser(op, app), 'ConnectedUser');
    return user ? makeUser(this.#core, user) : null;
  }

  /** Opens the desktop client's settings of the games connected to the user's account. */
  async openConnectedGamesSettingsInPlatform(): Promise<void> {
    await this.#core.run('openConnectedGamesSettingsInPlatform', this.openConnectedGamesSettingsInPlatform,
      (op) => this.#core.native.openConnectedGamesSettingsInPlatform(op));
  }

  /** Whether the platform's desktop app is installed on this machine. */
  async isPlatformAppInstalled(): Promise<boolean> {
    const { installed } = await this.#core.run('isPlatformAppInstalled', this.isPlatformAppInstalled,
      (op) => this.#core.native.isPlatformAppInstalled(op), 'Installed');
    return installed;
  }
}

/** The presence events: invites and join requests, and joins from the platform client. */
export function presenceEvents(core: ClientCore): EventHandlers {
  return {
    [EventKind.ActivityInviteCreated]: { run: (e) => core.emit('activityInviteCreated', toInvite(e.invite)) },
    [EventKind.ActivityInviteUpdated]: { run: (e) => core.emit('activityInviteUpdated', toInvite(e.invite)) },
    [EventKind.ActivityJoin]: { run: (e) => core.emit('activityJoin', { joinSecret: e.joinSecret, applicationId: null }) },
    [EventKind.ActivityJoinWithApplication]: {
      run: (e) => core.emit('activityJoin', { joinSecret: e.joinSecret, applicationId: e.applicationId }),
    },
  };
}

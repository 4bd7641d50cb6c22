// The API preload.js exposes to the page as window.platform. A global declaration file (no
// imports or exports), so renderer.js can use it with `/// <reference path="./platform.d.ts" />`.
// Only plain data crosses the bridge: ids are decimal strings, times are epoch milliseconds, and
// no token ever reaches the page.

/** The signed-in user as the page may know them. */
interface PlatformSession {
  userId: string;
  displayName: string;
  /** Which SDK library the main process loaded. */
  sdk: 'simulator' | 'vendor';
}

/** The friend groups of client.relationships.list(group). */
type PlatformFriendGroup = 'onlinePlayingGame' | 'onlineElsewhere' | 'offline';

interface PlatformFriend {
  userId: string;
  displayName: string;
  /** 'online' | 'idle' | 'dnd' | 'offline' | … as the platform shows it to you. */
  status: string;
  group: PlatformFriendGroup;
  /** Their rich presence's details in this game, if any. */
  details: string | null;
}

interface PlatformChatMessage {
  id: string;
  lobbyId: string;
  content: string;
  /** displayName is the character name the game backend set, else the user's display name. */
  author: { id: string; displayName: string };
  /** Epoch milliseconds. */
  sentAt: number;
}

/** What the page may publish; the main process builds the activity from it. */
interface PlatformPresenceInput {
  /** 1–128 characters. */
  details: string;
  /** 1–128 characters. */
  state?: string;
}

interface PlatformApi {
  /** Signs in (once; later calls get the same session) and joins the example's lobby. */
  login(): Promise<PlatformSession>;
  /** Friends in the three groups, playing this game first. */
  friends(): Promise<PlatformFriend[]>;
  setPresence(presence: PlatformPresenceInput): Promise<void>;
  /** Sends to the lobby (1–2000 characters); resolves with the message id. */
  sendLobbyMessage(text: string): Promise<string>;
  /** Every message of the lobby, the user's own included. Returns the unsubscribe function. */
  onMessage(listener: (message: PlatformChatMessage) => void): () => void;
  /** A friend was added or removed, or moved between groups. Returns the unsubscribe function. */
  onFriendsChanged(listener: () => void): () => void;
}

interface Window {
  readonly platform: PlatformApi;
}

// platform-social-sdk: the platform social client SDK (platformpp) for Node and Electron.
export { Client } from './client';
export type { ClientOptions, ClientEvents, ConsentPendingEvent, StatusEvent, LogEvent, SdkThread } from './client';
export { ClientAuth } from './auth';
export type { AuthorizeOptions, CodeVerifier, ExternalAuth } from './auth';
export { ClientUsers, User } from './users';
export type { ApplicationProfile, UserRelationship } from './users';
export { ClientRelationships } from './relationships';
export type { FriendRequestTarget, Relationship, RelationshipEvent, RelationshipEvents, RelationshipKind } from './relationships';
export { ClientPresence } from './presence';
export type { ActivityJoinEvent, LaunchCommand, PresenceEvents } from './presence';
export { ACTIVITY_LIMITS } from './activity';
export type { Activity, ActivityAssetsInput, ActivityInput, ActivityInvite } from './activity';
export { ClientLobbies, Lobby } from './lobbies';
export type { LobbyMember, LinkedChannel, CallInfo } from './lobbies';
export { ClientMessages, Message } from './messages';
export type { AdditionalContent, Channel } from './messages';
export { ClientGuilds } from './guilds';
export { ClientVoice, Call, CallAudio } from './voice';
export type { AudioCallbacks, AudioDevice, AudioFrame, AudioMode, AudioStats, CallError, CallEvents, CallStatus, VoiceEvents, VoiceSettings } from './voice';
export type { StringMap } from './binding';
export type { Guild, GuildChannel } from './guilds';
export type { LobbyEvent, LobbyMemberEvent } from './client';
export { MemorySessionStore, SafeStorageSessionStore, EncryptedFileSessionStore } from './session/stores';
export type { SessionStore, StoredSession, SafeStorageLike } from './session/stores';
export type { SessionEndReason, SessionEndedEvent, SessionInfo, StartSessionOptions, ProvisionalSessionOptions } from './session/session';
export { PlatformError } from './errors';
export type { ErrorType, PlatformErrorFields } from './errors';
export { TokenSet } from './tokens';
export type { TokenType } from './tokens';
export { sdkInfo } from './sdk-info';
export type { SdkInfo } from './sdk-info';
export type {
  AdditionalContentType, AudioSystem, AvatarType, ChannelType, ClientErrorName, ClientStatus, DisclosureType,
  ExternalAuthType, IntegrationType, LogLevel, StatusType, ActivityType, ActivityTypeName, ActivityActionType,
  ExternalIdentityProvider, GamePlatform, PartyPrivacy, RelationshipGroup, RelationshipType, SettableStatus, StatusDisplayType,
} from './enums';

// platform-social-sdk/electron: a typed bridge between Electron's main process (which owns the
// client and the session) and its windows. Electron is passed in: no dependency on it.
export { exposeClient } from './electron/main';
export type { ExposeClientOptions, ExposedClient, IpcMainLike, IpcMainInvokeEventLike, WebContentsLike, WebFrameLike } from './electron/main';
export { exposeToRenderer, createRendererApi } from './electron/preload';
export type { ContextBridgeLike, IpcRendererLike } from './electron/preload';
export { BRIDGE_METHODS, BRIDGE_EVENTS, CHANNEL } from './electron/protocol';
export type { BridgeError, BridgeEvent, BridgeMethod } from './electron/protocol';
export type { PlatformSocialRenderer, Snapshot, BridgeEventArgs } from './electron/types';

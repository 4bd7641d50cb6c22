// platform-social-sdk/electron/preload: only the preload side (no Node modules), for bundling
// into a sandboxed preload script.
export { exposeToRenderer, createRendererApi } from './electron/preload';
export type { ContextBridgeLike, IpcRendererLike } from './electron/preload';
export type { PlatformSocialRenderer, Snapshot, BridgeEventArgs } from './electron/types';
export type { BridgeError, BridgeEvent, BridgeMethod } from './electron/protocol';

// window.platformSocial as this example's bridge serves it: the methods and events listed in
// bridge-config.js, with the library's own types (promises of snapshots; never a token).
import type { PlatformSocialRenderer, Snapshot } from 'platform-social-sdk/electron';
import type { Message, Relationship } from 'platform-social-sdk';

type Allowed = (typeof import('./bridge-config.js'))['ALLOWED_METHODS'][number];

declare global {
  interface Window {
    readonly platformSocial: PlatformSocialRenderer<Allowed>;
  }
  type PlatformMessage = Snapshot<Message>;
  type PlatformRelationship = Snapshot<Relationship>;
}
export {};

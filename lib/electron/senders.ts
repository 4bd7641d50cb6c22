// Who may use the bridge, following Electron's security checklist ("validate the sender of all
// IPC messages"): by default only the top frame of a window, showing a page of the origin the
// window was created with. A cross-origin iframe, or the window after it navigated to another
// site, reaches the same preload; both are refused unless the app widened the policy.
import type { IpcMainInvokeEventLike, WebContentsLike, WebFrameLike } from './main';

/** Most entries of options.origins (an app has a handful). */
const MAX_ORIGINS = 64;
/** Frames nest a few levels in practice; the walk to the top frame stops here. */
const MAX_FRAME_DEPTH = 32;
const MAX_ORIGIN_CHARS = 2048;

/**
 * The origin that stands for a URL: the web origin for http(s) and standard schemes; for `file:`
 * (an opaque origin in Chromium) `file://`; for a non-standard custom scheme, scheme and host.
 * null for URLs that carry no origin of their own (about:, data:, javascript:, unparsable).
 */
export function originOf(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.origin !== 'null') return u.origin;
  if (u.protocol === 'file:') return 'file://';
  if (['about:', 'data:', 'javascript:', 'blob:'].includes(u.protocol) || u.host === '') return null;
  return `${u.protocol}//${u.host}`;
}

/** options.origins, checked: each an origin (no path), as originOf() writes it. */
export function readOrigins(value: unknown): Set<string> | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new TypeError("options.origins must be an array of origins, e.g. ['https://game.example'] or ['file://']");
  if (value.length === 0 || value.length > MAX_ORIGINS) throw new RangeError(`options.origins must have 1 to ${MAX_ORIGINS} entries (leave it out for the default)`);
  const out = new Set<string>();
  value.forEach((v: unknown, i) => {
    const name = `options.origins[${i}]`;
    if (typeof v !== 'string') throw new TypeError(`${name} must be a string`);
    if (v.length > MAX_ORIGIN_CHARS || originOf(v) !== v) {
      throw new TypeError(`${name} must be an origin: scheme://host[:port] with no path, e.g. 'https://game.example', 'app://bundle' or 'file://'`);
    }
    out.add(v);
  });
  return out;
}

/**
 * The default policy with the app's widening: `origins` (else the window's first origin) and
 * `allowSubframes`. Returns whether the request's frame may use the bridge.
 */
export function senderPolicy(origins: Set<string> | undefined, allowSubframes: boolean): (e: IpcMainInvokeEventLike) => boolean {
  // The origin each window was created with, taken when the bridge first hears from it.
  const firstOrigin = new WeakMap<WebContentsLike, string | null>();
  const windowOrigin = (sender: WebContentsLike, top: WebFrameLike): string | null => {
    if (!firstOrigin.has(sender)) {
      const first = sender.navigationHistory?.getEntryAtIndex(0)?.url;
      firstOrigin.set(sender, originOf(typeof first === 'string' ? first : top.url));
    }
    return firstOrigin.get(sender) ?? null;
  };
  return (e) => {
    const frame = e.senderFrame;
    if (!frame || typeof frame.url !== 'string') return false;  // navigated away or destroyed meanwhile
    const top = topOf(frame);
    if (top === null || (top !== frame && !allowSubframes)) return false;
    const allowed = (url: string): boolean => {
      const origin = originOf(url);
      if (origin === null) return false;
      return origins ? origins.has(origin) : origin === windowOrigin(e.sender, top);
    };
    return allowed(top.url) && (top === frame || allowed(frame.url));
  };
}

function topOf(frame: WebFrameLike): WebFrameLike | null {
  let f = frame;
  for (let depth = 0; f.parent !== null; depth++) {
    if (depth >= MAX_FRAME_DEPTH || typeof f.parent !== 'object') return null;
    f = f.parent;
  }
  return f;
}

// How an error or warning shows a file path: the one formatter of the package (the loader, the
// version gate, the session stores), so that every message shows paths alike.
import * as path from 'node:path';
import { redact } from './redact';

const MAX_SHOWN_PATH = 200;

/**
 * A file path as an error shows it: absolute, control characters escaped (\n, \x1b, \u2028, …: a
 * path cannot forge lines of a log), and at most 200 characters: the start and the end (the file
 * name) with '…' between. Paths are not secrets, but a token put where a path belongs still never
 * shows: every secret the binding has seen is cut out first (redact), before the cut at 200.
 */
export function shownPath(file: string): string {
  const parts = [...redact(path.resolve(file))].map((ch) => {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return `\\x${code.toString(16).padStart(2, '0')}`;
    if (code === 0x2028 || code === 0x2029 || code === 0xfeff || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) {
      return `\\u${code.toString(16).padStart(4, '0')}`;
    }
    if (code >= 0xd800 && code <= 0xdfff) return `\\u${code.toString(16)}`;  // a lone surrogate
    return ch;
  });
  if (parts.join('').length <= MAX_SHOWN_PATH) return parts.join('');
  // Whole escapes only: the first 60 characters and the last 139, with '…' between.
  const take = (from: string[], budget: number): string[] => {
    const out: string[] = [];
    for (const part of from) {
      if (budget < part.length) break;
      budget -= part.length;
      out.push(part);
    }
    return out;
  };
  const head = take(parts, 60).join('');
  const tail = take([...parts].reverse(), MAX_SHOWN_PATH - 1 - head.length).reverse().join('');
  return `${head}…${tail}`;
}

/** shownPath in double quotes: a path inside a sentence, or in a command the user may paste. */
export function quotedPath(file: string): string {
  return `"${shownPath(file)}"`;
}

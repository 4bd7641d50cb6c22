// LeakScanner: looks for secrets in every text a test can collect — whole tokens, any WINDOW-long
// substring of one (a truncated or split token is still a leak), and canary prefixes (which
// recognise tokens the test never saw, e.g. those of a child process). Findings never quote the
// secret itself, so a failing test does not leak into CI logs either.
import { inspect } from 'node:util';

/** A partial leak: this many consecutive characters of a secret. */
export const WINDOW = 12;

export interface Finding {
  surface: string;
  /** Which secret (its label) or which canary prefix matched. */
  what: string;
  /** 'whole', 'partial' or 'prefix'. */
  kind: 'whole' | 'partial' | 'prefix';
  offset: number;
}

export class LeakScanner {
  readonly #secrets = new Map<string, string>();    // value → label
  readonly #windows = new Map<string, string>();    // WINDOW-long substring → label
  readonly #prefixes: string[];
  readonly findings: Finding[] = [];
  /** Figures of what was scanned. */
  strings = 0;
  characters = 0;
  objects = 0;
  errors = 0;
  readonly surfaces = new Set<string>();

  constructor(canaryPrefixes: readonly string[] = []) {
    this.#prefixes = [...canaryPrefixes];
  }

  get secretCount(): number {
    return this.#secrets.size;
  }

  /** Registers a secret (empty values — e.g. the refresh token of a child token — are ignored). */
  addSecret(label: string, value: string | undefined | null): void {
    if (!value || this.#secrets.has(value)) return;
    this.#secrets.set(value, label);
    for (let i = 0; i + WINDOW <= value.length; i++) {
      const w = value.slice(i, i + WINDOW);
      if (!this.#windows.has(w)) this.#windows.set(w, label);
    }
  }

  /** Scans one string; returns how many findings it added. */
  scanText(surface: string, text: string): number {
    const before = this.findings.length;
    this.strings++;
    this.characters += text.length;
    this.surfaces.add(surface.split(':')[0]!.replace(/ \(.*$/, ''));
    for (const prefix of this.#prefixes) {
      const at = text.indexOf(prefix);
      if (at >= 0) this.findings.push({ surface, what: prefix, kind: 'prefix', offset: at });
    }
    for (const [value, label] of this.#secrets) {
      const at = text.indexOf(value);
      if (at >= 0) this.findings.push({ surface, what: label, kind: 'whole', offset: at });
    }
    // Partial leaks: slide a WINDOW over the text and look every window up (linear in the text).
    for (let i = 0; i + WINDOW <= text.length; i++) {
      const label = this.#windows.get(text.slice(i, i + WINDOW));
      if (label !== undefined && !this.findings.some((f) => f.surface === surface && f.what === label)) {
        this.findings.push({ surface, what: label, kind: 'partial', offset: i });
      }
    }
    return this.findings.length - before;
  }

  /**
   * Texts waiting for scanPending(): a run renders what it sees when it sees it (lazy snapshots
   * read the SDK on first access) and scans at the end, once every secret of the run is known.
   */
  readonly #pending: Array<[string, string]> = [];

  collectText(surface: string, text: string): void {
    this.#pending.push([surface, text]);
  }

  /** util.inspect (every level, hidden properties, getters) and JSON.stringify of a value. */
  collectValue(surface: string, value: unknown): void {
    this.objects++;
    this.collectText(`${surface} (inspect)`, inspect(value, {
      depth: Infinity, showHidden: true, getters: true, maxArrayLength: Infinity, maxStringLength: Infinity,
    }));
    this.collectText(`${surface} (JSON)`, jsonOf(value));
  }

  /** An error: message, stack, String(), util.inspect and JSON.stringify, and its causes. */
  collectError(surface: string, err: unknown): void {
    this.errors++;
    let e: unknown = err;
    for (let depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
      if (e instanceof Error) {
        this.collectText(`${surface} (message)`, e.message);
        this.collectText(`${surface} (stack)`, e.stack ?? '');
        this.collectText(`${surface} (String)`, String(e));
      }
      this.collectValue(surface, e);
      e = e instanceof Error ? (e as Error & { cause?: unknown }).cause : undefined;
    }
  }

  /** Scans everything collected so far; returns how many findings that added. */
  scanPending(): number {
    let n = 0;
    for (const [surface, text] of this.#pending.splice(0)) n += this.scanText(surface, text);
    return n;
  }

  /** Human-readable findings that do not quote the secrets. */
  report(): string {
    return this.findings.map((f) => `${f.kind} leak of ${f.what} in ${f.surface} at offset ${f.offset}`).join('\n');
  }

  summary(): { secrets: number; strings: number; characters: number; objects: number; errors: number; surfaces: number; occurrences: number } {
    return {
      secrets: this.secretCount, strings: this.strings, characters: this.characters, objects: this.objects,
      errors: this.errors, surfaces: this.surfaces.size, occurrences: this.findings.length,
    };
  }
}

function jsonOf(value: unknown): string {
  try {
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? '';
  } catch (err) {
    return `[JSON.stringify threw: ${(err as Error).message}]`;
  }
}

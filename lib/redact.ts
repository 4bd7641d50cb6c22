// Secret hygiene: every access/refresh token the binding sees is remembered (bounded) so that it
// can be cut out of anything we emit — SDK log lines (filtered again after the SDK's own filter),
// error messages and response bodies.
const MAX_SECRETS = 256;
const secrets = new Set<string>();
// "Bearer <token>" / "Authorization: <token>" in free text, whatever the token looks like.
const BEARER = /\b(Bearer|Authorization:)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
export const REDACTED = '[redacted]';

export function rememberSecret(value: string | undefined | null): void {
  if (!value || value.length < 8) return;  // too short to be a token; would over-redact
  if (secrets.has(value)) return;
  if (secrets.size >= MAX_SECRETS) {
    const oldest = secrets.values().next().value;
    if (oldest !== undefined) secrets.delete(oldest);
  }
  secrets.add(value);
}

export function redact(text: string): string {
  let out = text;
  if (secrets.size > 0) {
    for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
  }
  return out.replace(BEARER, (_m, word: string) => `${word} ${REDACTED}`);
}

// TokenSet: the result of every token grant. Tokens are secrets: util.inspect shows them
// redacted; toJSON() keeps them, because persisting a refresh token is the application's choice.
import { REDACTED, inspectCustom, rememberSecret } from './redact';
import { TOKEN_TYPE_BY_VALUE, TOKEN_TYPE_NAMES, TOKEN_TYPE_VALUES, type TokenType } from './sdk-enums';
import { checkEnum, checkInt, checkNumber, checkOptions, checkString, MAX_DATE_MS } from './validate';

/** Longest token this accepts (real ones are a few hundred characters, a JWT a few KiB). */
const MAX_TOKEN = 1 << 16;
/** Date's range, ms from the epoch either way: every expiresAt must be a valid Date. */

export type { TokenType } from './sdk-enums';

/** The tokens of a grant. util.inspect redacts them; toJSON keeps them (storing a refresh token is your choice). */
export class TokenSet {
  readonly accessToken: string;
  /** Empty for provisional accounts and child tokens (they have no refresh grant). */
  readonly refreshToken: string;
  readonly tokenType: TokenType;
  /** Lifetime in seconds at issue time. */
  readonly expiresIn: number;
  readonly expiresAt: Date;
  /** Space-separated scopes granted. */
  readonly scopes: string;

  /**
   * Checks each field (a wrong one is a TypeError/RangeError naming it, never showing a token):
   * `accessToken` non-empty, `refreshToken` possibly empty, `tokenType` 'user' | 'bearer',
   * `expiresIn` whole seconds ≥ 0, `issuedAt` ms since the epoch (default now); expiresAt must be
   * a valid Date.
   */
  constructor(fields: { accessToken: string; refreshToken: string; tokenType: TokenType; expiresIn: number; scopes: string; issuedAt?: number }) {
    const f = checkOptions<Record<string, unknown>>(fields, 'fields', ['accessToken', 'refreshToken', 'tokenType', 'expiresIn', 'scopes', 'issuedAt']);  // each key read once
    const accessToken = checkString(f['accessToken'], 'fields.accessToken', { min: 1, max: MAX_TOKEN });
    const refreshToken = checkString(f['refreshToken'], 'fields.refreshToken', { max: MAX_TOKEN });
    const tokenType = checkEnum(f['tokenType'], 'fields.tokenType', TOKEN_TYPE_NAMES);
    const expiresIn = checkInt(f['expiresIn'], 'fields.expiresIn', 0, Number.MAX_SAFE_INTEGER);
    const scopes = checkString(f['scopes'], 'fields.scopes', { max: 4096 });
    const issuedAt = f['issuedAt'] === undefined ? Date.now() : checkNumber(f['issuedAt'], 'fields.issuedAt', -MAX_DATE_MS, MAX_DATE_MS);
    const expiresAt = issuedAt + expiresIn * 1000;
    if (expiresAt > MAX_DATE_MS) throw new RangeError('fields.expiresIn is too large: issuedAt + expiresIn must stay inside the range of a Date');
    this.accessToken = accessToken;
    this.refreshToken = refreshToken;
    this.tokenType = tokenType;
    this.expiresIn = expiresIn;
    this.expiresAt = new Date(expiresAt);
    this.scopes = scopes;
    // The access token is live until it expires; the refresh token until refreshed away or revoked.
    rememberSecret(this.accessToken, this.expiresAt.getTime());
    rememberSecret(this.refreshToken);
  }

  /** Every field, tokens included, for you to store safely. */
  toJSON(): { accessToken: string; refreshToken: string; tokenType: TokenType; expiresIn: number; expiresAt: string; scopes: string } {
    return {
      accessToken: this.accessToken,
      refreshToken: this.refreshToken,
      tokenType: this.tokenType,
      expiresIn: this.expiresIn,
      expiresAt: this.expiresAt.toISOString(),
      scopes: this.scopes,
    };
  }

  /** What console.log and util.inspect show: the tokens redacted. */
  [inspectCustom](): string {
    const refresh = this.refreshToken ? `'${REDACTED}'` : "''";
    return `TokenSet { accessToken: '${REDACTED}', refreshToken: ${refresh}, tokenType: '${this.tokenType}', ` +
      `expiresIn: ${this.expiresIn}, expiresAt: ${this.expiresAt.toISOString()}, scopes: '${this.scopes}' }`;
  }
}

export function tokenTypeName(value: number): TokenType {
  return TOKEN_TYPE_BY_VALUE[value] ?? 'bearer';
}

export function tokenTypeValue(type: TokenType): number {
  return TOKEN_TYPE_VALUES[type];
}

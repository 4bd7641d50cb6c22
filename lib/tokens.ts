// TokenSet: the result of every token grant. Tokens are secrets: util.inspect shows them
// redacted; toJSON() keeps them, because persisting a refresh token is the application's choice.
import { REDACTED, inspectCustom, rememberSecret } from './redact';

/** The token type a grant returned. */
export type TokenType = 'user' | 'bearer';

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

  constructor(fields: { accessToken: string; refreshToken: string; tokenType: TokenType; expiresIn: number; scopes: string; issuedAt?: number }) {
    this.accessToken = fields.accessToken;
    this.refreshToken = fields.refreshToken;
    this.tokenType = fields.tokenType;
    this.expiresIn = fields.expiresIn;
    this.expiresAt = new Date((fields.issuedAt ?? Date.now()) + fields.expiresIn * 1000);
    this.scopes = fields.scopes;
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
  return value === 0 ? 'user' : 'bearer';
}

export function tokenTypeValue(type: TokenType): number {
  return type === 'user' ? 0 : 1;
}

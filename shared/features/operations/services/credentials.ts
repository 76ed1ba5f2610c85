import { invalidField } from '../../../core/errors';
import { randomToken, sha256Hex, type TokenKind, v1Token, v2Token } from '../../access';

/** The tokens of an entity's secret, shown once when the secret is set. */
export interface Credentials {
  entity_account_id: string;
  entity_secret_key: string;
  v1_token: string;
  v2_token: string;
}

/**
 * A secret given by an operator: at least 32 characters (docs/CONTRACT.md#secrets); none given, 256 random
 * bits. With the v2 token and the account id, a short secret falls to offline guessing, and the v1 token
 * with it.
 */
export const MIN_SECRET_LENGTH = 32;
export function secretOf(given: string | undefined): string {
  if (given === undefined) return randomToken(32);
  if (given.length < MIN_SECRET_LENGTH) {
    throw invalidField(
      'secret',
      `must be at least ${MIN_SECRET_LENGTH} characters (leave it out for a random one)`,
    );
  }
  return given;
}

export const credentialsOf = (accountId: string, secret: string): Credentials => ({
  entity_account_id: accountId,
  entity_secret_key: secret,
  v1_token: v1Token(accountId, secret),
  v2_token: v2Token(accountId, secret),
});
export const hashesOf = (c: Credentials): Record<TokenKind, string> => ({
  v1: sha256Hex(c.v1_token),
  v2: sha256Hex(c.v2_token),
});

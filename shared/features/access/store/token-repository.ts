import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';
import type { TokenRecord } from '../domain/tenant';
import type { TokenLookup } from '../ports';

/** Token items (secret tokens and publishable keys), found by the SHA-256 of the token. */
export class TokenRepository implements TokenLookup {
  constructor(private readonly table: TableHandle) {}

  /**
   * Pattern: find the entity a token belongs to, by the token's SHA-256. Strongly consistent, so a token
   * whose secret was rotated, or a key that was removed, is refused from the moment that change commits.
   */
  async findToken(tokenHash: string): Promise<TokenRecord | null> {
    return ((await getItem(this.table, keys.token(tokenHash))) as TokenRecord | undefined) ?? null;
  }
}

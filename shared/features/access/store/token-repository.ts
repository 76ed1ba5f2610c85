import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';
import { keptDigestsOf } from '../../../db/token-digests';
import { type CancelTokenRef, keepsDigest } from '../domain/cancel-tokens';
import type { TokenRecord } from '../domain/tenant';
import type { TokenLookup } from '../ports';

/** Token items (secret tokens and publishable keys), found by the SHA-256 of the token. */
export class TokenRepository implements TokenLookup {
  constructor(private readonly table: TableHandle) {}

  /**
   * Pattern: find the entity a token belongs to, by the token's SHA-256. Strongly consistent: a read sent
   * after a rotation, a key's removal or a settings change commits sees it, which is what lets the
   * instance's cache of these answers (services/token-cache.ts) promise its bound, and a new key work on
   * its first request. It is read about once per token, instance and 5 s, so an eventually consistent read
   * would save half a unit that often, and its lag (unbounded in DynamoDB's terms) would break both.
   */
  async findToken(tokenHash: string): Promise<TokenRecord | null> {
    return ((await getItem(this.table, keys.token(tokenHash))) as TokenRecord | undefined) ?? null;
  }

  /**
   * Pattern: a cancel token of the current shape, by the appointment it names (get the appointment,
   * strongly consistent, as findToken: a token an e-mail has just minted works at once). The entity and id
   * the token names are trusted only when that appointment keeps the token's digest (compared in constant
   * time): a forged token, or one naming another entity, reads an item that does not keep it, and is none.
   */
  async findCancelToken(ref: CancelTokenRef & { tokenHash: string }): Promise<TokenRecord | null> {
    const item = await getItem(this.table, keys.appointment(ref.entityId, ref.appointmentId));
    if (!item || !keepsDigest(keptDigestsOf(item), ref.tokenHash)) return null;
    return { entity_id: ref.entityId, kind: 'cancel', token_hash: ref.tokenHash };
  }
}

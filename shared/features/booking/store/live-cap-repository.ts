import { getItems } from '../../../db/items';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';
import type { TransactItem } from '../../../db/transactions';
import { sha256Hex } from '../../access';
import type { LiveCapClaim, LiveCapHolder, LiveList } from '../domain/live-caps';
import type { LiveCapStore } from '../ports';

/** A holder's item: its digest only (never the address, e-mail or phone). */
const keyOf = (entityId: string, holder: Pick<LiveCapHolder, 'scope' | 'who'>) =>
  keys.liveCap(entityId, holder.scope, sha256Hex(holder.who).slice(0, 32));

/**
 * The booking transaction's write of one holder's list: its live ids, the version one more, on the
 * version read (none yet: 0). A concurrent booking of the same holder fails it: the booking reads again.
 */
export function liveCapItem(tableName: string, entityId: string, claim: LiveCapClaim): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keyOf(entityId, claim),
      UpdateExpression: 'SET #type = :type, #ids = :ids, #v = :next',
      ConditionExpression: claim.readVersion === 0 ? 'attribute_not_exists(#v)' : '#v = :read',
      ExpressionAttributeNames: { '#type': 'type', '#ids': 'ids', '#v': 'version' },
      ExpressionAttributeValues: {
        ':type': 'live_cap',
        ':ids': claim.ids,
        ':next': claim.readVersion + 1,
        ...(claim.readVersion === 0 ? {} : { ':read': claim.readVersion }),
      },
    },
  };
}

/** The holders' lists (docs/design/data-model.md, "Read live-cap lists"). */
export class LiveCapRepository implements LiveCapStore {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: read live-cap lists (one BatchGetItem, consistent). */
  async lists(
    entityId: string,
    holders: readonly Pick<LiveCapHolder, 'scope' | 'who'>[],
  ): Promise<Array<LiveList | null>> {
    const wanted = holders.map((holder) => keyOf(entityId, holder));
    const items = await getItems(this.table, wanted);
    return wanted.map((key) => {
      const item = items.find((i) => i.pk === key.pk && i.sk === key.sk);
      return item
        ? { ids: ((item.ids as number[] | undefined) ?? []).map(Number), version: Number(item.version ?? 0) }
        : null;
    });
  }
}

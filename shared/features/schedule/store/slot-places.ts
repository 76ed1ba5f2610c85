/** The items a booking's transaction holds on its slots (the booking feature's repository writes them). */
import { CONDITION } from '../../../db/conditions';
import { onlyIf, updateWhere } from '../../../db/expressions';
import * as keys from '../../../db/keys';
import type { TransactItem } from '../../../db/transactions';

/** One place of a slot, moved at `now` in a transaction on `tableName`. */
export interface PlaceMove {
  tableName: string;
  entityId: string;
  slotId: number;
  delta: 1 | -1;
  now: string;
}

/**
 * Takes one place in a slot (`delta` +1: it must exist, be open and not be full) or gives one back
 * (`delta` -1: it must hold one).
 */
export const movePlaceItem = ({ tableName, entityId, slotId, delta, now }: PlaceMove): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: keys.slot(entityId, slotId),
    ...updateWhere(
      'ADD #taken :delta SET updated_at = :now',
      delta > 0 ? CONDITION.slotHasRoom : CONDITION.slotHoldsPlace,
    ),
    ExpressionAttributeValues: {
      ':delta': delta,
      ':now': now,
      ...(delta > 0 ? { ':open': 'open' } : { ':zero': 0 }),
    },
  },
});

/** Checks, without taking it, that a slot has a free place (a booking created `cancelled`). */
export const roomCheckItem = (tableName: string, entityId: string, slotId: number): TransactItem => ({
  ConditionCheck: {
    TableName: tableName,
    Key: keys.slot(entityId, slotId),
    ...onlyIf(CONDITION.slotHasRoom),
    ExpressionAttributeValues: { ':open': 'open' },
  },
});

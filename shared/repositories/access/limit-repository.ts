import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONDITION } from '../../db/conditions';
import { conditionFailed, updateWhere } from '../../db/expressions';
import { getItem, getItems } from '../../db/items';
import * as keys from '../../db/keys';
import type { TableHandle } from '../../db/table-handle';
import { TransactionRefused, transact } from '../../db/transactions';
import { type CounterStep, type CountOutcome, LIMIT_NAMES, type Limits } from '../../domain/access/limits';
import type { LimitStore } from '../../services/access/ports';

const COUNT = updateWhere('ADD #n :one SET #expires_at = :expires', CONDITION.belowCap);

/**
 * Limits an operator set per entity, and the fixed-window counters that enforce every limit. It only stores:
 * which counters a request moves, and what the counts mean, is domain/access/limits.ts's arithmetic.
 */
export class LimitRepository implements LimitStore {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: the limits set for an entity (strongly consistent: a change acts at the next read). */
  async get(entityId: string): Promise<Partial<Limits> | null> {
    const item = await getItem(this.table, keys.limits(entityId));
    if (!item) return null;
    return Object.fromEntries(
      LIMIT_NAMES.filter((n) => typeof item[n] === 'number').map((n) => [n, item[n]]),
    );
  }

  /** Pattern: set some of an entity's limits (0 = no limit); the others keep their value. */
  async set(entityId: string, limits: Partial<Limits>): Promise<void> {
    const names = LIMIT_NAMES.filter((n) => limits[n] !== undefined);
    if (names.length === 0) return;
    await this.table.doc.send(
      new UpdateCommand({
        TableName: this.table.name,
        Key: keys.limits(entityId),
        ...updateWhere(`SET #type = :type, ${names.map((n) => `#${n} = :${n}`).join(', ')}`),
        ExpressionAttributeValues: {
          ':type': 'limits',
          ...Object.fromEntries(names.map((n) => [`:${n}`, limits[n]])),
        },
      }),
    );
  }

  /**
   * Pattern: count a request. One counter: one conditional UpdateItem (`ADD n 1` while n < cap) that
   * answers the new count. Several: one transaction of those updates, all or none, then one BatchGetItem
   * for the counts. A refusal writes nothing.
   */
  async count(entityId: string, steps: readonly CounterStep[]): Promise<CountOutcome> {
    if (steps.length === 0) return { ok: true, counts: [] };
    const keyOf = (step: CounterStep) =>
      keys.rateCounter(entityId, step.policy, step.windowStart, step.visitor);
    const update = (step: CounterStep) => ({
      TableName: this.table.name,
      Key: keyOf(step),
      ...COUNT,
      ExpressionAttributeValues: { ':one': 1, ':cap': step.cap, ':expires': step.expiresAt },
    });
    const [only] = steps;
    if (only && steps.length === 1) {
      try {
        const answer = await this.table.doc.send(
          new UpdateCommand({ ...update(only), ReturnValues: 'UPDATED_NEW' }),
        );
        return { ok: true, counts: [Number(answer.Attributes?.n ?? only.cap)] };
      } catch (error) {
        if (conditionFailed(error)) return { ok: false, refusedAt: 0 };
        throw error;
      }
    }
    try {
      await transact(
        this.table,
        steps.map((step) => ({ Update: update(step) })),
      );
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
      const index = steps.findIndex((_, i) => error.failed(i));
      return { ok: false, refusedAt: index < 0 ? 0 : index };
    }
    const items = await getItems(this.table, steps.map(keyOf));
    const countOf = (step: CounterStep) =>
      Number(items.find((item) => item.sk === keyOf(step).sk)?.n ?? step.cap);
    return { ok: true, counts: steps.map(countOf) };
  }
}

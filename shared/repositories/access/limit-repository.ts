import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONDITION } from '../../db/conditions';
import { conditionFailed, updateWhere } from '../../db/expressions';
import { getItem, getItems } from '../../db/items';
import * as keys from '../../db/keys';
import type { TableHandle } from '../../db/table-handle';
import { TransactionRefused, transact } from '../../db/transactions';
import {
  LIMIT_NAMES,
  type Limits,
  type Policy,
  type PolicyState,
  windowStart,
} from '../../domain/access/limits';
import type { Admission, LimitStore } from '../../services/access/ports';

/** A policy's counter in the window `nowMs` falls in, when that window ends, and when its item expires. */
function counterOf(entityId: string, policy: Policy, nowMs: number) {
  const start = windowStart(policy, nowMs);
  const visitor = policy.scope.kind === 'visitor' ? policy.scope : undefined;
  const end = start + policy.windowSeconds;
  return {
    key: keys.rateCounter(entityId, policy.name, start, visitor),
    resetSeconds: Math.max(1, Math.ceil(end - nowMs / 1000)),
    // Kept a minute past its window, then DynamoDB's TTL removes it.
    expiresAt: end + 60,
  };
}

const COUNT = updateWhere('ADD #n :one SET #expires_at = :expires', CONDITION.belowCap);

/** Limits an operator set per entity, and the fixed-window counters that enforce every limit. */
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
   * Pattern: count a request. One policy: one conditional UpdateItem (`ADD n 1` while n < quota) that
   * answers the new count. Several: one transaction of those updates, all or none, then one BatchGetItem
   * for the counts the headers show. A refusal writes nothing.
   */
  async admit(entityId: string, policies: readonly Policy[], nowMs: number): Promise<Admission> {
    if (policies.length === 0) return { ok: true, states: [] };
    const counters = policies.map((p) => counterOf(entityId, p, nowMs));
    const update = (i: number) => ({
      TableName: this.table.name,
      Key: counters[i]?.key,
      ...COUNT,
      ExpressionAttributeValues: {
        ':one': 1,
        ':cap': policies[i]?.quota,
        ':expires': counters[i]?.expiresAt,
      },
    });
    const refusedAt = (i: number): Admission => {
      const policy = policies[i] as Policy;
      const resetSeconds = counters[i]?.resetSeconds ?? policy.windowSeconds;
      return {
        ok: false,
        refused: policy,
        retryAfter: resetSeconds,
        states: [{ policy, remaining: 0, resetSeconds }],
      };
    };
    const stateOf = (i: number, count: number): PolicyState => ({
      policy: policies[i] as Policy,
      remaining: Math.max(0, (policies[i]?.quota ?? 0) - count),
      resetSeconds: counters[i]?.resetSeconds ?? 0,
    });

    if (policies.length === 1) {
      try {
        const answer = await this.table.doc.send(
          new UpdateCommand({ ...update(0), ReturnValues: 'UPDATED_NEW' }),
        );
        return { ok: true, states: [stateOf(0, Number(answer.Attributes?.n ?? 0))] };
      } catch (error) {
        if (conditionFailed(error)) return refusedAt(0);
        throw error;
      }
    }
    try {
      await transact(
        this.table,
        policies.map((_, i) => ({ Update: update(i) })),
      );
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
      const index = policies.findIndex((_, i) => error.failed(i));
      return refusedAt(index < 0 ? 0 : index);
    }
    const items = await getItems(
      this.table,
      counters.map((c) => c.key),
    );
    const countOf = (i: number) =>
      Number(items.find((item) => item.sk === counters[i]?.key.sk)?.n ?? policies[i]?.quota ?? 0);
    return { ok: true, states: policies.map((_, i) => stateOf(i, countOf(i))) };
  }
}

import { randomUUID } from 'node:crypto';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { CONDITION } from '../../../db/conditions';
import { conditionFailed, updateWhere } from '../../../db/expressions';
import { getItem, getItems } from '../../../db/items';
import type { Key } from '../../../db/keys';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';
import { TransactionRefused, transact } from '../../../db/transactions';
import {
  type CounterStep,
  type CountOutcome,
  LIMIT_NAMES,
  type Limits,
  type PolicyName,
} from '../domain/limits';
import type { LimitStore } from '../ports';

/**
 * Which item holds a policy's counter, and under which attribute: the policies of one scope and one window
 * share an item (a request's `n` and a booking's `b`: the entity's requests and bookings, or its public's),
 * so that a request moves one item per scope. A visitor's bookings (an hour) have an item of their own.
 */
const placeOf = (policy: PolicyName): { item: PolicyName; counter: 'n' | 'b' } =>
  policy === 'entity-bookings'
    ? { item: 'entity', counter: 'b' }
    : policy === 'public-bookings'
      ? { item: 'public', counter: 'b' }
      : { item: policy, counter: 'n' };

/** The steps that move one item: its key, and each step's counter with the step's index in the request. */
interface ItemMove {
  key: Key;
  steps: Array<{ step: CounterStep; index: number; counter: 'n' | 'b' }>;
}

/** The steps grouped by the item they move, in the order of their first step. */
function itemMoves(entityId: string, steps: readonly CounterStep[]): ItemMove[] {
  const moves = new Map<string, ItemMove>();
  steps.forEach((step, index) => {
    const { item, counter } = placeOf(step.policy);
    const key = keys.rateCounter(entityId, item, step.windowStart, step.visitor);
    const move = moves.get(key.sk) ?? { key, steps: [] };
    move.steps.push({ step, index, counter });
    moves.set(key.sk, move);
  });
  return [...moves.values()];
}

/** One item's update: `ADD` one to each of its counters while every one is below its cap. */
function updateOf(tableName: string, move: ItemMove) {
  const counters = move.steps.map((s) => s.counter);
  return {
    TableName: tableName,
    Key: move.key,
    UpdateExpression: `ADD ${counters.map((c) => `#${c} :one`).join(', ')} SET #expires_at = :expires`,
    ConditionExpression: counters
      .map((c) => `(attribute_not_exists(#${c}) OR #${c} < :cap_${c})`)
      .join(' AND '),
    ExpressionAttributeNames: Object.fromEntries(
      [...counters, 'expires_at'].map((name) => [`#${name}`, name]),
    ),
    ExpressionAttributeValues: {
      ':one': 1,
      // Every step of one item has the same window, so the same expiry.
      ':expires': Math.max(...move.steps.map((s) => s.step.expiresAt)),
      ...Object.fromEntries(move.steps.map((s) => [`:cap_${s.counter}`, s.step.cap])),
    },
  };
}

/** The request's index of the step an item refused: the first of its counters at its cap (as it was). */
function refusedStep(move: ItemMove, old: Record<string, unknown> | undefined): number {
  const atCap = move.steps.find((s) => Number(old?.[s.counter] ?? 0) >= s.step.cap);
  return (atCap ?? move.steps[0])?.index ?? 0;
}

/** The count of each step read from the items after: the cap (nothing left) where one is not given. */
const countsFrom = (moves: ItemMove[], items: Array<Record<string, unknown> | undefined>, total: number) => {
  const counts = new Array<number>(total).fill(0);
  moves.forEach((move, i) => {
    for (const s of move.steps) counts[s.index] = Number(items[i]?.[s.counter] ?? s.step.cap);
  });
  return counts;
};

/**
 * Limits an operator set per entity, and the fixed-window counters that enforce every limit. It only stores:
 * which counters a request moves, and what the counts mean, is the feature's domain/limits.ts arithmetic.
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
   * Pattern: count a request. The counters of one scope and window share an item (`placeOf`), so a secret
   * token's request, a booking included, moves one item: one conditional UpdateItem (`ADD n 1, b 1` while
   * each is below its cap) that answers the counts after (`ReturnValues UPDATED_NEW`), or on a refusal the
   * counts before (`ReturnValuesOnConditionCheckFailure ALL_OLD`), which say the counter at its cap. A
   * publishable key's request with both public and visitor limits moves two or three items: one
   * TransactWriteItems, all or none; the counts for the headers are then read by one BatchGetItem that
   * runs while the request goes on (`later`), never before it. A refusal writes nothing.
   */
  async count(entityId: string, steps: readonly CounterStep[]): Promise<CountOutcome> {
    if (steps.length === 0) return { ok: true, counts: [] };
    const moves = itemMoves(entityId, steps);
    const [only] = moves;
    if (only && moves.length === 1) {
      const update = updateOf(this.table.name, only);
      // The step's marker: the SDK's retry of a step whose answer was lost meets it, and counts nothing twice.
      const marker = randomUUID();
      try {
        const answer = await this.table.doc.send(
          new UpdateCommand({
            ...update,
            UpdateExpression: `${update.UpdateExpression}, #last_write = :marker`,
            ConditionExpression: `${update.ConditionExpression} AND ${CONDITION.notWrittenBy}`,
            ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#last_write': 'last_write' },
            ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':marker': marker },
            ReturnValues: 'UPDATED_NEW',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return { ok: true, counts: countsFrom(moves, [answer.Attributes], steps.length) };
      } catch (error) {
        if (!conditionFailed(error)) throw error;
        const raw = (error as { Item?: Record<string, AttributeValue> }).Item;
        const old = raw ? unmarshall(raw) : undefined;
        if (old?.last_write === marker) return { ok: true, counts: countsFrom(moves, [old], steps.length) };
        return { ok: false, refusedAt: refusedStep(only, old) };
      }
    }
    try {
      await transact(
        this.table,
        moves.map((move) => ({ Update: updateOf(this.table.name, move) })),
      );
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
      const at = moves.findIndex((_, i) => error.failed(i));
      const move = moves[at < 0 ? 0 : at];
      return { ok: false, refusedAt: move ? refusedStep(move, error.failed(at)?.item) : 0 };
    }
    const later = getItems(
      this.table,
      moves.map((m) => m.key),
    ).then(
      (items) =>
        countsFrom(
          moves,
          moves.map((m) => items.find((item) => item.sk === m.key.sk)),
          steps.length,
        ),
      // The counts could not be read: the headers show every quota used up, never more left than there is.
      () => countsFrom(moves, [], steps.length),
    );
    return { ok: true, later };
  }
}

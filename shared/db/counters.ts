import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { CONDITION } from './conditions';
import { attributeNames, writtenIf } from './expressions';
import { getItem } from './items';
import type { Key } from './keys';
import type { TableHandle } from './table-handle';
import type { TransactItem } from './transactions';

/**
 * The move of a count an entity keeps of its items (publishable keys, services), in the transaction that
 * adds (`by` 1) or removes (-1) one. With `cap`, the move is refused once the count has reached it.
 */
export function countMove(tableName: string, key: Key, by: 1 | -1, cap?: number): TransactItem {
  const condition = cap === undefined ? undefined : CONDITION.belowCap;
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: 'ADD #n :by',
      ...(condition ? { ConditionExpression: condition } : {}),
      ExpressionAttributeNames: attributeNames('#n', condition),
      ExpressionAttributeValues: { ':by': by, ...(cap === undefined ? {} : { ':cap': cap }) },
    },
  };
}

/**
 * Makes sure an entity's count exists before a move of it, for items that were written before their count was
 * kept (webhooks, calendars): the first writer puts the count of the items it finds (`current`), and only
 * one such put succeeds. Every creation and removal calls this before its transaction, so none commits
 * between the winning put's listing and the put itself: the count is exact from then on.
 */
export async function seedCount(table: TableHandle, key: Key, current: () => Promise<number>): Promise<void> {
  if (await getItem(table, key)) return;
  const n = await current();
  await writtenIf(
    table.doc.send(
      new PutCommand({ TableName: table.name, Item: { ...key, n }, ConditionExpression: CONDITION.isNew }),
    ),
  );
}

interface CounterEntry {
  key: Key;
  add: Map<string, number>;
  set: Record<string, unknown>;
  remove: Set<string>;
  condition?: { expression: string; values: Record<string, unknown> };
}

/**
 * Counter updates gathered per item, so that a transaction touches each item once even when an
 * appointment leaves and enters the same calendar or day (DynamoDB refuses two operations on one item).
 * Every counter moves by ADD, so concurrent writers never conflict on a counter's value.
 */
export class CounterUpdates {
  private readonly entries = new Map<string, CounterEntry>();

  private entry(key: Key): CounterEntry {
    const id = `${key.pk}|${key.sk}`;
    let entry = this.entries.get(id);
    if (!entry) {
      entry = { key, add: new Map(), set: {}, remove: new Set() };
      this.entries.set(id, entry);
    }
    return entry;
  }

  /** Adds `delta` to a counter of an item; `set` gives the item's descriptive attributes (kept on create). */
  add(key: Key, attribute: string, delta: number, set: Record<string, unknown> = {}): this {
    const entry = this.entry(key);
    entry.add.set(attribute, (entry.add.get(attribute) ?? 0) + delta);
    Object.assign(entry.set, set);
    return this;
  }

  /** Sets attributes of an item (an index key that appears), without moving a counter. */
  put(key: Key, set: Record<string, unknown>): this {
    const entry = this.entry(key);
    Object.assign(entry.set, set);
    for (const attribute of Object.keys(set)) entry.remove.delete(attribute);
    return this;
  }

  /** Removes attributes of an item (an index key that goes: the item leaves the index). */
  drop(key: Key, attributes: string[]): this {
    const entry = this.entry(key);
    for (const attribute of attributes) {
      entry.remove.add(attribute);
      delete entry.set[attribute];
    }
    return this;
  }

  /** Makes the write of this item conditional (a ConditionCheck when no counter of it moves). */
  require(key: Key, expression: string, values: Record<string, unknown>): this {
    this.entry(key).condition = { expression, values };
    return this;
  }

  /** The transaction items, each with the key it writes (to find which one a failed condition names). */
  items(tableName: string): Array<{ item: TransactItem; key: Key }> {
    const out: Array<{ item: TransactItem; key: Key }> = [];
    for (const { key, add, set, remove, condition } of this.entries.values()) {
      const adds = [...add.entries()].filter(([, delta]) => delta !== 0);
      const sets = Object.entries(set);
      const removes = [...remove];
      if (adds.length === 0 && sets.length === 0 && removes.length === 0 && !condition) continue;
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = { ...condition?.values };
      const clauses: string[] = [];
      if (adds.length) {
        const parts = adds.map(([attribute, delta], i) => {
          names[`#a${i}`] = attribute;
          values[`:a${i}`] = delta;
          return `#a${i} :a${i}`;
        });
        clauses.push(`ADD ${parts.join(', ')}`);
      }
      if (sets.length) {
        const parts = sets.map(([attribute, value], i) => {
          names[`#s${i}`] = attribute;
          values[`:s${i}`] = value;
          return `#s${i} = :s${i}`;
        });
        clauses.push(`SET ${parts.join(', ')}`);
      }
      if (removes.length) {
        const parts = removes.map((attribute, i) => {
          names[`#r${i}`] = attribute;
          return `#r${i}`;
        });
        clauses.push(`REMOVE ${parts.join(', ')}`);
      }
      if (condition && clauses.length === 0) {
        out.push({
          key,
          item: {
            ConditionCheck: {
              TableName: tableName,
              Key: key,
              ConditionExpression: condition.expression,
              ExpressionAttributeNames: attributeNames(condition.expression),
              ExpressionAttributeValues: values,
            },
          },
        });
        continue;
      }
      const conditionPart = condition
        ? {
            ConditionExpression: condition.expression,
            ExpressionAttributeNames: { ...names, ...attributeNames(condition.expression) },
          }
        : { ExpressionAttributeNames: names };
      out.push({
        key,
        item: {
          Update: {
            TableName: tableName,
            Key: key,
            UpdateExpression: clauses.join(' '),
            ...conditionPart,
            ExpressionAttributeValues: values,
          },
        },
      });
    }
    return out;
  }
}

import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { CONDITION } from '../../db/conditions';
import { getItem } from '../../db/items';
import * as keys from '../../db/keys';
import type { TableHandle } from '../../db/table-handle';

/**
 * The secret that seals v1 list cursors: one item of the table, made of 32 random bytes by whichever
 * function needs it first (a conditional put, so two first uses agree), read once per warm container.
 * It lives beside the data it protects: a cursor only ever points into that same table.
 */
export class CursorKeyRepository {
  private cached: Promise<Uint8Array> | undefined;

  constructor(private readonly table: TableHandle) {}

  key(): Promise<Uint8Array> {
    this.cached ??= this.load().catch((error: unknown) => {
      this.cached = undefined;
      throw error;
    });
    return this.cached;
  }

  private async load(): Promise<Uint8Array> {
    const found = await getItem(this.table, keys.cursorKey());
    if (found) return Buffer.from(String(found.secret), 'base64');
    try {
      await this.table.doc.send(
        new PutCommand({
          TableName: this.table.name,
          Item: { ...keys.cursorKey(), type: 'cursor-key', secret: randomBytes(32).toString('base64') },
          ConditionExpression: CONDITION.isNew,
        }),
      );
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
    const stored = await getItem(this.table, keys.cursorKey());
    return Buffer.from(String(stored?.secret), 'base64');
  }
}

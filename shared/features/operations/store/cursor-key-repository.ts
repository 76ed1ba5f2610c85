import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';

/**
 * The secret that seals v1 list cursors: one item of the table, made of 32 random bytes by whichever
 * function needs it first (an `if_not_exists` update, so two first uses agree), read once per warm container.
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
    // One UpdateItem that keeps a secret already there: two first uses agree on the one that won, and a
    // read route needs no PutItem for it (infra/table-access.ts grants it UpdateItem for its counters).
    const made = await this.table.doc.send(
      new UpdateCommand({
        TableName: this.table.name,
        Key: keys.cursorKey(),
        UpdateExpression: 'SET #secret = if_not_exists(#secret, :secret), #type = :type',
        ExpressionAttributeNames: { '#secret': 'secret', '#type': 'type' },
        ExpressionAttributeValues: { ':secret': randomBytes(32).toString('base64'), ':type': 'cursor-key' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Buffer.from(String(made.Attributes?.secret), 'base64');
  }
}

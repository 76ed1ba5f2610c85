import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';
import type { StorePing } from '../ports';

/** Pattern: health probe. A GetItem of a key that never exists: it costs one read and proves the table answers. */
export class StoreProbe implements StorePing {
  constructor(private readonly table: TableHandle) {}

  async ping(timeoutMs: number): Promise<boolean> {
    try {
      await this.table.doc.send(new GetCommand({ TableName: this.table.name, Key: keys.healthProbe() }), {
        abortSignal: AbortSignal.timeout(timeoutMs),
      });
      return true;
    } catch {
      return false;
    }
  }
}

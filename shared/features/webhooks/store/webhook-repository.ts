import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONDITION } from '../../../db/conditions';
import { countMove, seedCount } from '../../../db/counters';
import { updateWhere, writtenIf } from '../../../db/expressions';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import { queryAll } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import { transactGuarded } from '../../../db/transactions';
import type { EventType } from '../domain/webhooks';
import type { WebhookRecord, WebhookStore } from '../ports';

const toWebhook = (item: Record<string, unknown>): WebhookRecord => ({
  id: String(item.id),
  url: String(item.url),
  events: item.events as EventType[],
  secret: String(item.secret),
  created_at: String(item.created_at),
  last_failure: (item.last_failure as WebhookRecord['last_failure']) ?? null,
  last_success_at: (item.last_success_at as string | undefined) ?? null,
});

/** Webhook subscriptions, one item each under the entity. */
export class WebhookRepository implements WebhookStore {
  constructor(private readonly table: TableHandle) {}

  /**
   * Pattern: subscribe (a new id, never overwriting) and count it, at most `max` an entity: the count's
   * condition holds the cap even when subscriptions are asked for at once; false beyond it. The SDK's retry
   * of a transaction whose answer was lost carries the same ClientRequestToken, so it is done once.
   */
  async create(entityId: string, record: WebhookRecord, max: number): Promise<boolean> {
    await this.counted(entityId);
    return transactGuarded(this.table, [
      countMove(this.table.name, keys.webhookCount(entityId), 1, max),
      {
        Put: {
          TableName: this.table.name,
          Item: { ...keys.webhook(entityId, record.id), type: 'webhook', ...record },
          ConditionExpression: CONDITION.isNew,
        },
      },
    ]);
  }

  /** Pattern: an entity's subscriptions (consistent: a removal is seen by the next dispatch). */
  async list(entityId: string): Promise<WebhookRecord[]> {
    const prefix = keys.webhookPrefix(entityId);
    const items = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': prefix.pk, ':prefix': prefix.sk },
      ConsistentRead: true,
    });
    return items.map(toWebhook);
  }

  /** Pattern: one subscription by id (consistent). */
  async get(entityId: string, id: string): Promise<WebhookRecord | null> {
    const item = await getItem(this.table, keys.webhook(entityId, id));
    return item ? toWebhook(item) : null;
  }

  /** Pattern: unsubscribe and uncount; false when there was nothing to remove. */
  async remove(entityId: string, id: string): Promise<boolean> {
    await this.counted(entityId);
    return transactGuarded(this.table, [
      {
        Delete: {
          TableName: this.table.name,
          Key: keys.webhook(entityId, id),
          ConditionExpression: CONDITION.exists,
        },
      },
      countMove(this.table.name, keys.webhookCount(entityId), -1),
    ]);
  }

  /** The count exists (subscriptions made before it was kept are counted once). */
  private counted(entityId: string): Promise<void> {
    return seedCount(this.table, keys.webhookCount(entityId), async () => (await this.list(entityId)).length);
  }

  /** Pattern: note a failed attempt on the subscription (nothing when it was removed meanwhile). */
  recordFailure(entityId: string, id: string, failure: { at: string; event_id: string; reason: string }) {
    return this.setIfExists(entityId, id, 'SET #last_failure = :value', failure);
  }

  /** Pattern: note a delivered event on the subscription. */
  recordSuccess(entityId: string, id: string, at: string) {
    return this.setIfExists(entityId, id, 'SET #last_success_at = :value', at);
  }

  private async setIfExists(entityId: string, id: string, update: string, value: unknown): Promise<void> {
    await writtenIf(
      this.table.doc.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: keys.webhook(entityId, id),
          ...updateWhere(update, CONDITION.exists),
          ExpressionAttributeValues: { ':value': value },
        }),
      ),
    );
  }
}

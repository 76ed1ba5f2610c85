import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { CONDITION } from '../../../db/conditions';
import { conditionFailed, updateWhere } from '../../../db/expressions';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import { queryPage } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import { type BookingEvent, EVENT_RETENTION_SECONDS } from '../domain/webhooks';
import type { Delivery, EventStore, EventWrite, PendingDeliveries } from '../ports';

const expiry = (): number => Math.floor(Date.now() / 1000) + EVENT_RETENTION_SECONDS;

/** The event feed: one item per event, kept 30 days (the table's TTL attribute `expires_at`). */
export class EventRepository implements EventStore {
  constructor(private readonly table: TableHandle) {}

  /**
   * Pattern: write an event unless it is there (conditional put; the same id from the same record). A
   * failed condition hands back the item found (ReturnValuesOnConditionCheckFailure, no read): a record
   * processed again, or the SDK's retry of a put whose answer was lost meeting its own item.
   */
  async add(entityId: string, event: BookingEvent, queued: boolean): Promise<EventWrite> {
    try {
      await this.table.doc.send(
        new PutCommand({
          TableName: this.table.name,
          Item: { ...keys.event(entityId, event.id), type: 'event', event, queued, expires_at: expiry() },
          ConditionExpression: CONDITION.isNew,
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return 'written';
    } catch (error) {
      if (!conditionFailed(error)) throw error;
      // The SDK leaves the item in DynamoDB's attribute-value form (the document client converts answers only).
      const found = (error as { Item?: Parameters<typeof unmarshall>[0] }).Item;
      const item = found ? unmarshall(found) : await getItem(this.table, keys.event(entityId, event.id));
      return { event: (item?.event as BookingEvent | undefined) ?? event, queued: item?.queued === true };
    }
  }

  /** Pattern: every delivery of the event is queued. */
  async markQueued(entityId: string, eventId: string): Promise<void> {
    await this.table.doc.send(
      new UpdateCommand({
        TableName: this.table.name,
        Key: keys.event(entityId, eventId),
        ...updateWhere('SET #queued = :true', CONDITION.exists),
        ExpressionAttributeValues: { ':true': true },
      }),
    );
  }

  /** Pattern: the events after one, in the order they happened (key condition on the event id). */
  async listAfter(entityId: string, after: string | undefined, limit: number): Promise<BookingEvent[]> {
    const items = await queryPage({
      table: this.table,
      input: {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.entity(entityId).pk,
          ':from': keys.eventsAfter(after),
          ':to': keys.eventsEnd(),
        },
      },
      offset: 0,
      limit,
    });
    return items.map((item) => item.event as BookingEvent);
  }
}

const pendingKey = (d: Delivery) =>
  keys.pendingDelivery(d.entityId, d.subscriptionId, d.appointmentId, d.event.id);

/** Deliveries not yet done, one item each, in event order per (subscription, appointment). */
export class PendingDeliveryRepository implements PendingDeliveries {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: a delivery becomes pending (written again by a reprocessed record: the same item). */
  async add(delivery: Delivery): Promise<void> {
    await this.table.doc.send(
      new PutCommand({
        TableName: this.table.name,
        Item: { ...pendingKey(delivery), type: 'pending-delivery', delivery, expires_at: expiry() },
      }),
    );
  }

  /** Pattern: the first pending delivery of the same subscription and appointment, up to this one. */
  async position(delivery: Delivery): Promise<'first' | 'behind' | 'gone'> {
    const own = pendingKey(delivery);
    const prefix = keys.pendingDeliveryPrefix(
      delivery.entityId,
      delivery.subscriptionId,
      delivery.appointmentId,
    );
    const first = await this.first(own.pk, prefix.sk, own.sk);
    if (first === null) return 'gone';
    return first.sk === own.sk ? 'first' : 'behind';
  }

  /** Pattern: the first pending delivery of the same subscription and appointment, after this one. */
  async next(delivery: Delivery): Promise<Delivery | null> {
    const prefix = keys.pendingDeliveryPrefix(
      delivery.entityId,
      delivery.subscriptionId,
      delivery.appointmentId,
    );
    const first = await this.first(prefix.pk, `${pendingKey(delivery).sk} `, `${prefix.sk}~`);
    return first ? (first.delivery as Delivery) : null;
  }

  /** Pattern: a delivery is done (sent, dead, or its subscription removed). */
  async remove(delivery: Delivery): Promise<void> {
    await this.table.doc.send(new DeleteCommand({ TableName: this.table.name, Key: pendingKey(delivery) }));
  }

  private async first(pk: string, from: string, to: string): Promise<Record<string, unknown> | null> {
    const [item] = await queryPage({
      table: this.table,
      input: {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
        ConsistentRead: true,
      },
      offset: 0,
      limit: 1,
    });
    return item ?? null;
  }
}

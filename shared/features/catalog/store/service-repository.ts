import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_SETTINGS } from '../../../core/defaults';
import { CONDITION } from '../../../db/conditions';
import { countMove } from '../../../db/counters';
import { writtenIf } from '../../../db/expressions';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import { queryAll } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import { transactGuarded } from '../../../db/transactions';
import { minorDigits } from '../../settings';
import type { ServiceRecord } from '../domain/service';
import { storedServiceRules } from '../domain/service-rules';
import type { ServiceStore } from '../ports';

export const toService = (item: Record<string, unknown>): ServiceRecord => ({
  service_id: Number(item.service_id),
  name: String(item.name),
  duration: Number(item.duration),
  calendar_ids: Array.isArray(item.calendar_ids) ? item.calendar_ids.map(Number) : null,
  price: storedPrice(item),
  currency: typeof item.currency === 'string' ? item.currency : null,
  description: typeof item.description === 'string' ? item.description : null,
  ...storedServiceRules(item),
  created_at: String(item.created_at),
  updated_at: String(item.updated_at),
});

/**
 * A service's price in minor units. Written as `price_minor` since prices are in minor units; a service
 * stored before holds `price` in major units (65.5 for 65.50, docs/CONTRACT.md#services-and-staff), read
 * in minor units of its currency (of the default currency, EUR, when it has none) until it is next written.
 */
function storedPrice(item: Record<string, unknown>): number | null {
  if (typeof item.price_minor === 'number') return item.price_minor;
  if (item.price === undefined || item.price === null) return null;
  const currency = typeof item.currency === 'string' ? item.currency : DEFAULT_SETTINGS.currency;
  return Math.round(Number(item.price) * 10 ** minorDigits(currency));
}

const serviceItem = (entityId: string, s: ServiceRecord) => {
  const { price, ...rest } = s;
  return {
    ...keys.service(entityId, s.service_id),
    type: 'service',
    ...rest,
    ...(price === null ? {} : { price_minor: price }),
  };
};

/** Services of an entity: one item each, and a count that holds MAX_SERVICES. */
export class ServiceRepository implements ServiceStore {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: get a service by id (strongly consistent). */
  async get(entityId: string, serviceId: number): Promise<ServiceRecord | null> {
    const item = await getItem(this.table, keys.service(entityId, serviceId));
    return item ? toService(item) : null;
  }

  /** Pattern: an entity's services, by id (one partition, `SERVICE#` prefix, strongly consistent). */
  async list(entityId: string): Promise<ServiceRecord[]> {
    const prefix = keys.servicePrefix(entityId);
    const items = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.sk },
      ConsistentRead: true,
    });
    return items.map(toService);
  }

  /** Pattern: create a service and count it, at most `max` an entity. */
  async create(entityId: string, service: ServiceRecord, max: number): Promise<boolean> {
    return transactGuarded(this.table, [
      countMove(this.table.name, keys.serviceCount(entityId), 1, max),
      {
        Put: {
          TableName: this.table.name,
          Item: serviceItem(entityId, service),
          ConditionExpression: CONDITION.isNew,
        },
      },
    ]);
  }

  /** Pattern: replace a service that exists. */
  async replace(entityId: string, service: ServiceRecord): Promise<boolean> {
    return writtenIf(
      this.table.doc.send(
        new PutCommand({
          TableName: this.table.name,
          Item: serviceItem(entityId, service),
          ConditionExpression: CONDITION.exists,
        }),
      ),
    );
  }

  /** Pattern: remove a service and uncount it (its appointments keep service_id and service_name). */
  async remove(entityId: string, serviceId: number): Promise<boolean> {
    return transactGuarded(this.table, [
      {
        Delete: {
          TableName: this.table.name,
          Key: keys.service(entityId, serviceId),
          ConditionExpression: CONDITION.exists,
        },
      },
      countMove(this.table.name, keys.serviceCount(entityId), -1),
    ]);
  }
}

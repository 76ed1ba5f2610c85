import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../db/keys';
import { queryAll } from '../db/paging';
import type { TableHandle } from '../db/table-handle';
import type { DayCounter, EntityCounters } from '../domain/listing';

/** Reads of the statistics counters that the write transactions keep (see DESIGN.md). */
export class CounterRepository {
  constructor(private readonly table: TableHandle) {}

  /** Pattern: day counters of every calendar and client from one slot date to another. */
  async dayCounters(entityId: string, from: string, to: string): Promise<DayCounter[]> {
    const items = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.entity(entityId).pk,
        ':from': keys.dayCountersFrom(from),
        ':to': keys.dayCountersTo(to),
      },
    });
    return items.map((i) => ({
      date: String(i.date),
      calendar_id: Number(i.calendar_id),
      client_id: Number(i.client_id),
      pending: Number(i.pending ?? 0),
      confirmed: Number(i.confirmed ?? 0),
      cancelled: Number(i.cancelled ?? 0),
      completed: Number(i.completed ?? 0),
    }));
  }

  /** Pattern: the entity's client counters. */
  async entityCounters(entityId: string): Promise<EntityCounters> {
    const result = await this.table.doc.send(
      new GetCommand({
        TableName: this.table.name,
        Key: keys.entityCounters(entityId),
        ConsistentRead: true,
      }),
    );
    const item = result.Item ?? {};
    return {
      total_clients: Number(item.total_clients ?? 0),
      clients_with_appointments: Number(item.clients_with_appointments ?? 0),
      repeat_clients: Number(item.repeat_clients ?? 0),
    };
  }

  /** Pattern: clients created from one date to another (entity time zone). */
  async newClients(entityId: string, from: string, to: string): Promise<number> {
    const prefix = keys.newClientsDayPrefix(entityId);
    const items = await queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': prefix.pk,
        ':from': `${prefix.sk}${from}`,
        ':to': `${prefix.sk}${to}`,
      },
    });
    return items.reduce((sum, i) => sum + Number(i.count ?? 0), 0);
  }
}

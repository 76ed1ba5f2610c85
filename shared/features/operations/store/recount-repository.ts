import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../../db/keys';
import { INDEX } from '../../../db/keys';
import { queryAll } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import type { AppointmentRecord, ClientDays, ClientRecord, DayStatRow, StatScope } from '../../booking';
import { searchTextOf, storedDays, toAppointment, toClient, toDayStat } from '../../booking';

type Item = Record<string, unknown>;
const BATCH = 25;

/**
 * The reads and writes of `npm run admin -- recount-stats` (shared/features/operations/services/recount-service.ts):
 * an entity's appointments, clients, calendars and flat-statistics items as stored, and the recounted ones
 * written over them. Plain writes, no transaction: a recount runs while the entity is quiet.
 */
export class RecountRepository {
  constructor(private readonly table: TableHandle) {}

  private prefixed(entityId: string, prefix: string): Promise<Item[]> {
    return queryAll(this.table, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': keys.entity(entityId).pk, ':sk': prefix },
      ConsistentRead: true,
    });
  }

  async appointments(entityId: string): Promise<AppointmentRecord[]> {
    return (await this.prefixed(entityId, 'APPT#')).map((i) =>
      toAppointment(i as unknown as AppointmentRecord),
    );
  }

  async clients(entityId: string): Promise<ClientRecord[]> {
    return (await this.prefixed(entityId, 'CLIENT#')).map(toClient);
  }

  async calendarIds(entityId: string): Promise<number[]> {
    return (await this.prefixed(entityId, 'CAL#')).map((i) => Number(i.calendar_id));
  }

  async dayStats(entityId: string): Promise<DayStatRow[]> {
    return (await this.prefixed(entityId, 'DAY#')).map(toDayStat);
  }

  async lastLiveDates(entityId: string): Promise<string[]> {
    return (await this.prefixed(entityId, 'LASTLIVE#')).map((i) => String(i.date));
  }

  async members(entityId: string): Promise<Array<{ calendarId: number; clientId: number }>> {
    return (await this.prefixed(entityId, 'CALCLIENT#')).map((i) => ({
      calendarId: Number(i.calendar_id),
      clientId: Number(i.client_id),
    }));
  }

  private async update(key: keys.Key, expression: string, names: Item, values?: Item): Promise<void> {
    await this.table.doc.send(
      new UpdateCommand({
        TableName: this.table.name,
        Key: key,
        UpdateExpression: expression,
        ExpressionAttributeNames: names as Record<string, string>,
        ...(values ? { ExpressionAttributeValues: values } : {}),
      }),
    );
  }

  /** A client's days, as a structural write: later conditional writes read them afresh. */
  setClientDays(entityId: string, clientId: number, days: ClientDays): Promise<void> {
    const stored = storedDays(days);
    const set = Object.keys(stored).map((name) => `#${name} = :${name}`);
    const remove = ['days_all', 'days_live'].filter((name) => !(name in stored)).map((name) => `#${name}`);
    return this.update(
      keys.client(entityId, clientId),
      [
        ...(set.length ? [`SET ${set.join(', ')}`] : []),
        'ADD #days_version :one, #days_touch :one',
        ...(remove.length ? [`REMOVE ${remove.join(', ')}`] : []),
      ].join(' '),
      {
        '#days_all': 'days_all',
        '#days_live': 'days_live',
        '#days_version': 'days_version',
        '#days_touch': 'days_touch',
      },
      { ':one': 1, ...Object.fromEntries(Object.entries(stored).map(([name, map]) => [`:${name}`, map])) },
    );
  }

  setCalendarClients(entityId: string, calendarId: number, count: number): Promise<void> {
    return this.update(
      keys.calendar(entityId, calendarId),
      'SET #n = :n',
      { '#n': 'clients_count' },
      { ':n': count },
    );
  }

  /** A calendar-client item in (client given) or out of its calendar's index of members. */
  setMember(
    entityId: string,
    calendarId: number,
    clientId: number,
    client: ClientRecord | null,
  ): Promise<void> {
    const key = keys.calendarClient(entityId, calendarId, clientId);
    if (!client) {
      return this.update(key, 'REMOVE #pk, #sk', { '#pk': INDEX.clientName.pk, '#sk': INDEX.clientName.sk });
    }
    const indexes = keys.calendarClientIndexes(entityId, {
      calendarId,
      clientId,
      lastName: client.client_lastname,
      firstName: client.client_firstname,
    });
    return this.update(
      key,
      'SET #pk = :pk, #sk = :sk, #search = :search',
      { '#pk': INDEX.clientName.pk, '#sk': INDEX.clientName.sk, '#search': 'search_text' },
      {
        ':pk': indexes[INDEX.clientName.pk],
        ':sk': indexes[INDEX.clientName.sk],
        ':search': searchTextOf(client),
      },
    );
  }

  dayStatItem(entityId: string, date: string, scope: StatScope, counts: Record<string, number>): Item {
    return { ...keys.dayStat(entityId, date, scope), type: 'day-stat', date, scope, ...counts };
  }

  lastLiveItem(entityId: string, date: string, count: number): Item {
    return { ...keys.lastLiveDay(entityId, date), type: 'last-live-day', date, count };
  }

  dayStatKey = (entityId: string, date: string, scope: StatScope) => keys.dayStat(entityId, date, scope);
  lastLiveKey = (entityId: string, date: string) => keys.lastLiveDay(entityId, date);

  /** Puts and deletes, 25 a request, retrying what DynamoDB leaves unprocessed. */
  async write(puts: Item[], deletes: keys.Key[]): Promise<void> {
    const requests = [
      ...puts.map((Item) => ({ PutRequest: { Item } })),
      ...deletes.map((Key) => ({ DeleteRequest: { Key } })),
    ];
    for (let i = 0; i < requests.length; i += BATCH) {
      let request: Record<string, unknown[]> | undefined = {
        [this.table.name]: requests.slice(i, i + BATCH),
      };
      for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
        const answer = await this.table.doc.send(new BatchWriteCommand({ RequestItems: request as never }));
        request = answer.UnprocessedItems as typeof request;
      }
    }
  }
}

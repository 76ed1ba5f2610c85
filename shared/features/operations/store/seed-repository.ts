import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';
import type { AppointmentRecord, ClientRecord, StatScope } from '../../booking';
import { appointmentItem, clientItem, clientPhoneItem, searchTextOf } from '../../booking';
import type { SlotRecord } from '../../schedule';
import { SlotRepository } from '../../schedule';
import type { SeedStore } from '../ports';

type Item = Record<string, unknown>;

/** The mark a seeded appointment item carries: the stream dispatcher sends no e-mail and no webhook for it. */
export const SEEDED = 'seeded';

const BATCH = 25;

/**
 * The writes of `npm run admin -- seed`: the items real bookings leave (appointments,
 * clients, phones, slots, calendar-client memberships) put by BatchWriteItem, and the shared counters
 * (calendars, entity, new clients per day) moved by ADD. No conditions: it fills a local or staging table
 * with new ids from the entity's sequence, it does not compete with bookings.
 */
export class SeedRepository implements SeedStore {
  private readonly slotItems: SlotRepository;

  constructor(private readonly table: TableHandle) {
    this.slotItems = new SlotRepository(table);
  }

  /** An appointment is one item, as a booking leaves it: its cancel token's digest is kept on it. */
  appointmentItems(entityId: string, a: AppointmentRecord, tokenHash: string): Item[] {
    return [{ ...appointmentItem(entityId, a, tokenHash), [SEEDED]: true }];
  }

  clientItems(entityId: string, c: ClientRecord): Item[] {
    return [clientItem(entityId, c), clientPhoneItem(entityId, c.client_phone, c.client_id)];
  }

  slotItemsOf(entityId: string, slot: SlotRecord, isNew: boolean): Item[] {
    const item = this.slotItems.item(entityId, slot);
    if (!isNew) return [item];
    return [
      item,
      {
        ...keys.slotStart(entityId, slot.calendar_id, slot.date, slot.start_time),
        type: 'slot-start',
        slot_id: slot.slot_id,
      },
    ];
  }

  /** A membership, in the calendar's index of clients by name (every seeded client is new). */
  calendarClientItem(entityId: string, calendarId: number, client: ClientRecord, count: number): Item {
    return {
      ...keys.calendarMember(entityId, calendarId, client),
      type: 'calendar-client',
      calendar_id: calendarId,
      client_id: client.client_id,
      appointments_count: count,
      search_text: searchTextOf(client),
    };
  }

  /** Puts items, 25 a request, retrying what DynamoDB leaves unprocessed. */
  async put(items: Item[]): Promise<void> {
    for (let i = 0; i < items.length; i += BATCH) {
      let request: Record<string, Array<{ PutRequest: { Item: Item } }>> | undefined = {
        [this.table.name]: items.slice(i, i + BATCH).map((Item) => ({ PutRequest: { Item } })),
      };
      for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
        const answer = await this.table.doc.send(new BatchWriteCommand({ RequestItems: request }));
        request = answer.UnprocessedItems as typeof request;
      }
    }
  }

  private async add(key: keys.Key, adds: Record<string, number>, set: Item = {}): Promise<void> {
    const names = Object.keys(adds).filter((name) => adds[name] !== 0);
    const sets = Object.keys(set);
    if (names.length === 0) return;
    await this.table.doc.send(
      new UpdateCommand({
        TableName: this.table.name,
        Key: key,
        UpdateExpression: [
          `ADD ${names.map((_n, i) => `#a${i} :a${i}`).join(', ')}`,
          ...(sets.length
            ? [`SET ${sets.map((_n, i) => `#s${i} = if_not_exists(#s${i}, :s${i})`).join(', ')}`]
            : []),
        ].join(' '),
        ExpressionAttributeNames: {
          ...Object.fromEntries(names.map((n, i) => [`#a${i}`, n])),
          ...Object.fromEntries(sets.map((n, i) => [`#s${i}`, n])),
        },
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((n, i) => [`:a${i}`, adds[n]])),
          ...Object.fromEntries(sets.map((n, i) => [`:s${i}`, set[n]])),
        },
      }),
    );
  }

  /** A calendar's counters: status counts, places taken, slots and capacity. */
  addToCalendar(entityId: string, calendarId: number, adds: Record<string, number>): Promise<void> {
    return this.add(keys.calendar(entityId, calendarId), adds);
  }

  addToEntityCounters(entityId: string, adds: Record<string, number>): Promise<void> {
    return this.add(keys.entityCounters(entityId), adds);
  }

  /** A day's statistics in one scope: status counts, points and links (added to what bookings left). */
  addToDayStat(
    entityId: string,
    date: string,
    scope: StatScope,
    adds: Record<string, number>,
  ): Promise<void> {
    return this.add(keys.dayStat(entityId, date, scope), adds, { type: 'day-stat', date, scope });
  }

  addToLastLive(entityId: string, date: string, count: number): Promise<void> {
    return this.add(keys.lastLiveDay(entityId, date), { count }, { type: 'last-live-day', date });
  }

  addNewClients(entityId: string, date: string, count: number): Promise<void> {
    return this.add(keys.newClientsDay(entityId, date), { count }, { type: 'new-clients-day', date });
  }
}

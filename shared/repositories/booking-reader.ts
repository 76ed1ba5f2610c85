import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../db/keys';
import type { TableHandle } from '../db/table-handle';
import { type CalendarRecord, calendarFromItem } from './calendar-repository';
import { type SlotRecord, slotFromItem } from './slot-repository';

/** What a booking must know before it writes, read together. */
export interface BookingSnapshot {
  calendar: CalendarRecord | null;
  slot: SlotRecord | null;
  /** The client that owns the phone, if any (only its id: the record is read when needed). */
  clientId: number | null;
}

/** Pattern: booking context. One strongly consistent BatchGetItem: calendar, slot and phone item. */
export class BookingReader {
  constructor(private readonly table: TableHandle) {}

  async snapshot(
    entityId: string,
    calendarId: number,
    slotId: number,
    phone: string,
  ): Promise<BookingSnapshot> {
    const wanted = [
      keys.calendar(entityId, calendarId),
      keys.slot(entityId, slotId),
      keys.clientPhone(entityId, phone),
    ];
    const found = new Map<string, Record<string, unknown>>();
    let request:
      | Record<string, { Keys: Array<Record<string, unknown>>; ConsistentRead: boolean }>
      | undefined = {
      [this.table.name]: { Keys: wanted.map((k) => ({ ...k })), ConsistentRead: true },
    };
    while (request && Object.keys(request).length > 0) {
      const result = await this.table.doc.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of result.Responses?.[this.table.name] ?? []) found.set(String(item.sk), item);
      request = result.UnprocessedKeys as typeof request;
    }
    const [calendarKey, slotKey, phoneKey] = wanted.map((k) => k.sk);
    const calendar = found.get(calendarKey ?? '');
    const slot = found.get(slotKey ?? '');
    const phoneItem = found.get(phoneKey ?? '');
    return {
      calendar: calendar ? calendarFromItem(calendar) : null,
      slot: slot ? slotFromItem(slot) : null,
      clientId: phoneItem ? Number(phoneItem.client_id) : null,
    };
  }
}

import { getItems } from '../../../db/items';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';
import { toCalendar, toSlot } from '../../schedule';
import type { BookingSnapshot, BookingSnapshotReader } from '../ports';

/** Pattern: booking context. One strongly consistent BatchGetItem: calendar, slot and phone item. */
export class BookingSnapshotRepository implements BookingSnapshotReader {
  constructor(private readonly table: TableHandle) {}

  async snapshot(
    entityId: string,
    calendarId: number,
    slotId: number,
    phone: string,
  ): Promise<BookingSnapshot> {
    const calendarKey = keys.calendar(entityId, calendarId);
    const slotKey = keys.slot(entityId, slotId);
    const phoneKey = keys.clientPhone(entityId, phone);
    const found = new Map(
      (await getItems(this.table, [calendarKey, slotKey, phoneKey])).map((item) => [String(item.sk), item]),
    );
    const calendar = found.get(calendarKey.sk);
    const slot = found.get(slotKey.sk);
    const phoneItem = found.get(phoneKey.sk);
    return {
      calendar: calendar ? toCalendar(calendar) : null,
      slot: slot ? toSlot(slot) : null,
      clientId: phoneItem ? Number(phoneItem.client_id) : null,
    };
  }
}

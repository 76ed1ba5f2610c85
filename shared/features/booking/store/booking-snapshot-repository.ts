import { setNewest } from '../../../core/newest';
import { getItem, getItems } from '../../../db/items';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';
import { type CalendarReader, toCalendar, toSlot } from '../../schedule';
import type { BookingSnapshot, BookingSnapshotReader } from '../ports';
import { toClient } from './client-items';

/** Phones whose client an instance remembers; the one found longest ago is forgotten past it. */
export const PHONES_KEPT = 10_000;

/**
 * Pattern: booking context. The slot and the phone item in one eventually consistent BatchGetItem, beside
 * the calendar (from the instance's memory of the entity's calendars when given one: calendar-cache.ts).
 * A phone item never changes once written, so the instance remembers which client a phone named: a
 * returning client's next booking here reads its client item in the phone item's place, one read instead
 * of two (kept only when the client read has that phone; else the phone item is read as for a new phone).
 * Nothing read here decides alone: the booking's transaction checks the slot's place and status and the
 * calendar's activity again, a phone found by nobody is put only if still new, and a client is written on
 * the version read; a refusal of what was read here is read again strongly first (BookingService).
 */
export class BookingSnapshotRepository implements BookingSnapshotReader {
  private readonly phones = new Map<string, number>();

  constructor(
    private readonly table: TableHandle,
    /** The entity's calendars as kept for up to TOKEN_CACHE_SECONDS; the calendar's strong GetItem when absent. */
    private readonly calendars?: CalendarReader,
  ) {}

  async snapshot(
    entityId: string,
    calendarId: number,
    slotId: number,
    phone: string,
  ): Promise<BookingSnapshot> {
    const slotKey = keys.slot(entityId, slotId);
    const remembered = this.phones.get(`${entityId}\u0000${phone}`);
    const [items, calendar] = await Promise.all([
      getItems(this.table, [slotKey, this.whoKey(entityId, phone, remembered)], false),
      this.calendars
        ? this.calendars.get(entityId, calendarId)
        : getItem(this.table, keys.calendar(entityId, calendarId)).then((item) =>
            item ? toCalendar(item) : null,
          ),
    ]);
    const found = new Map(items.map((item) => [String(item.sk), item]));
    const slot = found.get(slotKey.sk);
    const known = await this.who(entityId, phone, { remembered, found });
    return { calendar, slot: slot ? toSlot(slot) : null, ...known, recent: true };
  }

  /** The key read to find the phone's client: its client's item when remembered, else the phone item. */
  private whoKey(entityId: string, phone: string, remembered: number | undefined) {
    return remembered === undefined ? keys.clientPhone(entityId, phone) : keys.client(entityId, remembered);
  }

  /** The phone's client id (and its item, when it was read in the phone item's place). */
  private async who(
    entityId: string,
    phone: string,
    read: { remembered: number | undefined; found: Map<string, Record<string, unknown>> },
  ): Promise<Pick<BookingSnapshot, 'clientId' | 'client'>> {
    const memory = `${entityId}\u0000${phone}`;
    if (read.remembered !== undefined) {
      const item = read.found.get(keys.client(entityId, read.remembered).sk);
      const client = item ? toClient(item) : null;
      if (client?.client_phone === phone) return { clientId: client.client_id, client };
      this.phones.delete(memory);
    }
    const phoneKey = keys.clientPhone(entityId, phone);
    const phoneItem =
      read.remembered === undefined
        ? read.found.get(phoneKey.sk)
        : await getItem(this.table, phoneKey, false);
    if (!phoneItem) return { clientId: null };
    const clientId = Number(phoneItem.client_id);
    setNewest(this.phones, memory, clientId, PHONES_KEPT);
    return { clientId };
  }
}

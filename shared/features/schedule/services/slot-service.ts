import { daysBetween } from '../../../core/dates';
import {
  AppError,
  calendarNotFound,
  conflict,
  dateRangeTooLarge,
  invalidField,
  slotNotFound,
} from '../../../core/errors';
import type { EntityContext } from '../../access';
import { outsideWindow, windowOf } from '../domain/booking-window';
import type { CalendarRecord } from '../domain/calendar';
import { byStart, hasRoom, type SlotRecord } from '../domain/slot';
import { hasStarted } from '../domain/slot-times';
import type { CalendarLister, SlotStore } from '../ports';

export interface SlotChange {
  slot_id: number;
  calendar_id?: number | undefined;
  status?: 'open' | 'closed' | undefined;
  max_appointments?: number | undefined;
  available_slots?: number | undefined;
}

const MAX_ATTEMPTS = 5;
export const MAX_CAPACITY = 1000;
/** The longest range one `GET /calendar-slots?from=&to=` answers (docs/CONTRACT.md#slot-ranges). */
export const MAX_RANGE_DAYS = 62;

/** The slots listRange reads: `from` to `to`, of a calendar (default: the default one), `available` ones. */
export interface SlotRange {
  entity: EntityContext;
  from: string;
  to: string;
  calendarId?: number;
  available?: boolean;
}

const byDateAndStart = (a: SlotRecord, b: SlotRecord) => a.date.localeCompare(b.date) || byStart(a, b);

/** What the slot service needs: the slots, the calendars, a clock. */
export interface SlotServiceDeps {
  slots: SlotStore;
  calendars: CalendarLister;
  now?: () => Date;
}

/**
 * Slots of the v2 API: listing, capacity and deletion, in the calendar a request names (`calendar_id`),
 * else the entity's default calendar (docs/CONTRACT.md#services-and-staff).
 */
export class SlotService {
  private readonly now: () => Date;

  constructor(private readonly deps: SlotServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The calendar a request acts on: the one it names, else the entity's default (the v2 API's). */
  calendarIdFor(entity: EntityContext, calendarId?: number): number {
    return calendarId ?? entity.settings.default_calendar_id;
  }

  /** The calendar a request names, which must be the entity's (404 otherwise); absent, the default one. */
  async calendarFor(entity: EntityContext, calendarId?: number): Promise<CalendarRecord> {
    const calendar = await this.deps.calendars.get(entity.entityId, this.calendarIdFor(entity, calendarId));
    // A publishable key (or a client's link) sees only active calendars.
    if (!calendar || (entity.credential && !calendar.is_active)) throw calendarNotFound();
    return calendar;
  }

  /** The entity's active calendars, the default one first (open days). */
  async activeCalendars(entity: EntityContext): Promise<CalendarRecord[]> {
    const all = await this.deps.calendars.list(entity.entityId);
    const main = entity.settings.default_calendar_id;
    return all
      .filter((c) => c.is_active)
      .sort(
        (a, b) =>
          Number(b.calendar_id === main) - Number(a.calendar_id === main) || a.calendar_id - b.calendar_id,
      );
  }

  /**
   * Slots of a date in the calendar (default: the default calendar), by start time; `available` keeps only
   * what can be booked now (docs/CONTRACT.md#slot-ranges): open, a place left, and a start still ahead in
   * the calendar's zone.
   */
  async listDate(
    entity: EntityContext,
    date: string,
    calendarId?: number,
    available = false,
  ): Promise<SlotRecord[]> {
    const [calendar, slots] = await this.calendarWithSlots(entity, date, date, calendarId);
    return this.bookable(entity, calendar, slots, available).sort(byStart);
  }

  /** The calendar and its slots from one date to another, read side by side (one round trip). */
  private calendarWithSlots(
    entity: EntityContext,
    from: string,
    to: string,
    calendarId?: number,
  ): Promise<[CalendarRecord, SlotRecord[]]> {
    return Promise.all([
      this.calendarFor(entity, calendarId),
      this.deps.slots.listRange(entity.entityId, this.calendarIdFor(entity, calendarId), from, to),
    ]);
  }

  /**
   * The slots a booking made now could take, when `available` asks for them; all of them otherwise. A
   * client (publishable key, cancel token) sees none outside its booking window (docs/CONTRACT.md#booking-window).
   */
  private bookable(
    entity: EntityContext,
    calendar: CalendarRecord,
    slots: SlotRecord[],
    available: boolean,
  ): SlotRecord[] {
    const now = this.now();
    const window = windowOf(entity);
    return slots.filter(
      (slot) =>
        (!available || (hasRoom(slot) && !hasStarted(slot.date, slot.start_time, calendar.timezone, now))) &&
        !outsideWindow(slot, calendar.timezone, now, window),
    );
  }

  /**
   * Slots of every date from `from` to `to` (inclusive, at most MAX_RANGE_DAYS) in the calendar (default: the default one), by
   * date and start time: one query on the calendar-date index, paged inside; `available` as for listDate.
   */
  async listRange({ entity, from, to, calendarId, available = false }: SlotRange): Promise<SlotRecord[]> {
    const days = daysBetween(from, to) + 1;
    if (days < 1) throw invalidField('to', 'must not be before from');
    if (days > MAX_RANGE_DAYS) throw dateRangeTooLarge(MAX_RANGE_DAYS);
    const [calendar, slots] = await this.calendarWithSlots(entity, from, to, calendarId);
    return this.bookable(entity, calendar, slots, available).sort(byDateAndStart);
  }

  /** A slot of any of the entity's calendars; with `calendarId`, of that calendar only. */
  private async requireSlot(entity: EntityContext, slotId: number, calendarId?: number): Promise<SlotRecord> {
    const slot = await this.deps.slots.get(entity.entityId, slotId);
    if (!slot || (calendarId !== undefined && slot.calendar_id !== calendarId)) throw slotNotFound();
    return slot;
  }

  /**
   * Opens or closes a slot and changes its capacity. `available_slots` sets capacity to places taken +
   * available_slots; sent with a disagreeing `max_appointments` it is 400; below places taken it is 409.
   */
  async update(entity: EntityContext, change: SlotChange): Promise<SlotRecord> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const slot = await this.requireSlot(entity, change.slot_id, change.calendar_id);
      let capacity = change.max_appointments ?? slot.capacity;
      if (change.available_slots !== undefined) {
        const fromAvailable = slot.taken + change.available_slots;
        if (change.max_appointments !== undefined && change.max_appointments !== fromAvailable) {
          throw invalidField(
            'available_slots',
            `disagrees with max_appointments: ${slot.taken} places are taken, so max_appointments would be ${fromAvailable}`,
          );
        }
        capacity = fromAvailable;
      }
      if (capacity < 1)
        throw invalidField('available_slots', 'the capacity would be below 1: close the slot instead');
      if (capacity > MAX_CAPACITY)
        throw invalidField('available_slots', `the capacity would be over ${MAX_CAPACITY}`);
      if (capacity < slot.taken) {
        throw conflict(`slot capacity cannot be below the ${slot.taken} places already taken`);
      }
      const next = { status: change.status ?? slot.status, capacity };
      const byHand = { ...next, statusByHand: change.status !== undefined };
      const write = await this.deps.slots.update(entity.entityId, slot, byHand, this.now().toISOString());
      if (write.ok) {
        const { closed_by_closure: _mark, ...rest } = slot;
        return { ...(byHand.statusByHand ? rest : slot), ...next, updated_at: this.now().toISOString() };
      }
      if (!write.current) throw slotNotFound();
      // A booking or another update changed the slot since it was read: decide again on fresh values.
    }
    throw new AppError('conflict', 'SLOT_UNAVAILABLE', 'slot is changing concurrently, retry');
  }

  /** Removes an empty slot; one holding live appointments is refused with 409. */
  async delete(entity: EntityContext, slotId: number, calendarId?: number): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const slot = await this.requireSlot(entity, slotId, calendarId);
      if (slot.taken > 0) {
        throw conflict(
          `slot holds ${slot.taken} live appointment${slot.taken > 1 ? 's' : ''} and cannot be deleted`,
        );
      }
      const write = await this.deps.slots.delete(entity.entityId, slot);
      if (write.ok) return;
      if (!write.current) throw slotNotFound();
    }
    throw new AppError('conflict', 'SLOT_UNAVAILABLE', 'slot is changing concurrently, retry');
  }
}

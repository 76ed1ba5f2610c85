import type { EntityContext } from '../domain/entity';
import { AppError, calendarNotFound, conflict, invalidField, slotNotFound } from '../domain/errors';
import { slotTimes } from '../domain/slot-times';
import type { CalendarRecord } from '../repositories/calendar-repository';
import type { SlotRecord, SlotWrite } from '../repositories/slot-repository';
import type { OpeningHoursService } from './opening-hours-service';

export interface SlotStore {
  get(entityId: string, slotId: number): Promise<SlotRecord | null>;
  listRange(entityId: string, calendarId: number, from: string, to: string): Promise<SlotRecord[]>;
  createMany(entityId: string, slots: SlotRecord[]): Promise<boolean>;
  update(
    entityId: string,
    read: SlotRecord,
    change: { status: 'open' | 'closed'; capacity: number },
    now: string,
  ): Promise<SlotWrite>;
  delete(entityId: string, read: SlotRecord): Promise<SlotWrite>;
}
export interface CalendarStore {
  get(entityId: string, calendarId: number): Promise<CalendarRecord | null>;
}
export interface IdSource {
  next(entityId: string, count?: number): Promise<number[]>;
}

export interface GenerateRequest {
  date: string;
  duration?: number | undefined;
  max_appointments?: number | undefined;
}
export interface SlotChange {
  slot_id: number;
  status?: 'open' | 'closed' | undefined;
  max_appointments?: number | undefined;
  available_slots?: number | undefined;
}

const MAX_ATTEMPTS = 5;
export const MAX_CAPACITY = 1000;

const byStart = (a: SlotRecord, b: SlotRecord) =>
  a.start_time.localeCompare(b.start_time) || a.slot_id - b.slot_id;
const overlaps = (a: { start_time: string; end_time: string }, b: { start_time: string; end_time: string }) =>
  a.start_time < b.end_time && b.start_time < a.end_time;
const generationError = (why: string) => conflict(`error during generation: ${why}`, 'SLOT_UNAVAILABLE');

/** Slots of the entity's default calendar (the v2 API): generation, listing, capacity and deletion. */
export class SlotService {
  constructor(
    private readonly slots: SlotStore,
    private readonly calendars: CalendarStore,
    private readonly ids: IdSource,
    private readonly hours: OpeningHoursService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The calendar the v2 API acts on. */
  async defaultCalendar(entity: EntityContext): Promise<CalendarRecord> {
    const calendar = await this.calendars.get(entity.entityId, entity.settings.default_calendar_id);
    if (!calendar) throw calendarNotFound();
    return calendar;
  }

  /** Slots of a date in the default calendar, by start time. */
  async listDate(entity: EntityContext, date: string): Promise<SlotRecord[]> {
    const calendar = await this.defaultCalendar(entity);
    return (await this.slots.listRange(entity.entityId, calendar.calendar_id, date, date)).sort(byStart);
  }

  /**
   * 1. A closed day or holiday is refused (409, naming the holiday). 2. Times come from the day's periods
   * in the calendar's zone (DST-correct). 3. Only times overlapping none of the date's slots are created,
   * under guard items, so concurrent generations never duplicate a start time. 4. All the date's slots return.
   */
  async generate(
    entity: EntityContext,
    request: GenerateRequest,
  ): Promise<{ created: number; slots: SlotRecord[] }> {
    const status = await this.hours.dayStatus(entity, request.date);
    if (status.holiday) throw generationError(`${status.holiday.date} is a holiday (${status.holiday.name})`);
    if (!status.is_open) throw generationError('the day is closed');
    const calendar = await this.defaultCalendar(entity);
    const duration = request.duration ?? entity.settings.slot_duration;
    const capacity = request.max_appointments ?? entity.settings.max_appointments;
    const times = slotTimes(request.date, status.day, duration, calendar.timezone);

    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const existing = await this.slots.listRange(
        entity.entityId,
        calendar.calendar_id,
        request.date,
        request.date,
      );
      const missing = times.filter((t) => !existing.some((s) => overlaps(s, t)));
      if (missing.length === 0) return { created: 0, slots: existing.sort(byStart) };
      const ids = await this.ids.next(entity.entityId, missing.length);
      const now = this.now().toISOString();
      const created: SlotRecord[] = missing.map((t, i) => ({
        slot_id: ids[i] ?? 0,
        calendar_id: calendar.calendar_id,
        date: request.date,
        start_time: t.start_time,
        end_time: t.end_time,
        status: 'open',
        capacity,
        taken: 0,
        created_at: now,
        updated_at: now,
      }));
      if (await this.slots.createMany(entity.entityId, created)) {
        return { created: created.length, slots: [...existing, ...created].sort(byStart) };
      }
      // A concurrent generation took some of these start times: look again and create what is still missing.
    }
    throw generationError('the date is being generated concurrently, retry');
  }

  private async requireSlot(entity: EntityContext, slotId: number): Promise<SlotRecord> {
    const slot = await this.slots.get(entity.entityId, slotId);
    if (!slot || slot.calendar_id !== entity.settings.default_calendar_id) throw slotNotFound();
    return slot;
  }

  /**
   * Opens or closes a slot and changes its capacity. `available_slots` sets capacity to places taken +
   * available_slots; sent with a disagreeing `max_appointments` it is 400; below places taken it is 409.
   */
  async update(entity: EntityContext, change: SlotChange): Promise<SlotRecord> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const slot = await this.requireSlot(entity, change.slot_id);
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
      const write = await this.slots.update(entity.entityId, slot, next, this.now().toISOString());
      if (write.ok) return { ...slot, ...next, updated_at: this.now().toISOString() };
      if (!write.current) throw slotNotFound();
      // A booking or another update changed the slot since it was read: decide again on fresh values.
    }
    throw new AppError('conflict', 'SLOT_UNAVAILABLE', 'slot is changing concurrently, retry');
  }

  /** Removes an empty slot; one holding live appointments is refused with 409. */
  async delete(entity: EntityContext, slotId: number): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const slot = await this.requireSlot(entity, slotId);
      if (slot.taken > 0) {
        throw conflict(
          `slot holds ${slot.taken} live appointment${slot.taken > 1 ? 's' : ''} and cannot be deleted`,
        );
      }
      const write = await this.slots.delete(entity.entityId, slot);
      if (write.ok) return;
      if (!write.current) throw slotNotFound();
    }
    throw new AppError('conflict', 'SLOT_UNAVAILABLE', 'slot is changing concurrently, retry');
  }
}

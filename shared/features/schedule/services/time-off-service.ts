import { todayIn } from '../../../core/dates';
import { calendarNotFound, invalidField, missingField, resourceNotFound } from '../../../core/errors';
import { calendarScopeOf, type EntityContext, refuseOutsideScope } from '../../access';
import type { CalendarRecord } from '../domain/calendar';
import { coversSlot, DEFAULT_TIME_OFF_NAME, type TimeOffRecord, timeOffCovering } from '../domain/time-off';
import type { CalendarReader, IdSource, TimeOffSlots, TimeOffStore } from '../ports';

/** A time off as asked for: a calendar, a date, the whole day or from start_time to end_time. */
export interface TimeOffRequest {
  calendarId: number;
  date: string;
  startTime?: string | undefined;
  endTime?: string | undefined;
  name?: string | undefined;
}

/** A time off as added: the open slots it closed, and the places booked appointments take in its range (kept). */
export interface TimeOffAdded {
  off: TimeOffRecord;
  closedSlots: number;
  bookedAppointments: number;
}

export interface TimeOffServiceDeps {
  offs: TimeOffStore;
  slots: TimeOffSlots;
  calendars: CalendarReader;
  ids: IdSource;
  now?: () => Date;
}

/** Both times or neither, and the end after the start (400 naming the field). */
function timesOf(request: TimeOffRequest): { start: string | null; end: string | null } {
  const { startTime, endTime } = request;
  if (startTime === undefined && endTime === undefined) return { start: null, end: null };
  if (startTime === undefined) throw missingField('start_time');
  if (endTime === undefined) throw missingField('end_time');
  if (endTime <= startTime) throw invalidField('end_time', 'must be after start_time');
  return { start: startTime, end: endTime };
}

/**
 * A staff member's session gives and removes time off of its own calendars only (docs/CONTRACT.md#time-off):
 * 403 for another's; the secret token and an owner's session, for any.
 */
const keepToOwn = (entity: EntityContext, calendarId: number): void =>
  refuseOutsideScope(calendarScopeOf(entity), calendarId);

/**
 * A staff member's time off (docs/CONTRACT.md#time-off), modelled on closure days: the time off is stored
 * first (so a generation from then on creates its slots closed), then each open slot of its calendar that
 * it covers is closed and marked with its id; a booking of such a slot is 409 `slot not available: time
 * off`. Removing it reopens the slots it marked, unless another time off of the calendar still covers one
 * (the mark passes to that one). Appointments already booked stay.
 */
export class TimeOffService {
  private readonly now: () => Date;

  constructor(private readonly deps: TimeOffServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private async calendarOf(entity: EntityContext, calendarId: number): Promise<CalendarRecord> {
    keepToOwn(entity, calendarId);
    const calendar = await this.deps.calendars.get(entity.entityId, calendarId);
    if (!calendar) throw calendarNotFound();
    return calendar;
  }

  async add(entity: EntityContext, request: TimeOffRequest): Promise<TimeOffAdded> {
    const { start, end } = timesOf(request);
    await this.calendarOf(entity, request.calendarId);
    const [id] = await this.deps.ids.next(entity.entityId, 1);
    const now = this.now().toISOString();
    const off: TimeOffRecord = {
      time_off_id: id ?? 0,
      calendar_id: request.calendarId,
      date: request.date,
      start_time: start,
      end_time: end,
      name: request.name?.trim() || DEFAULT_TIME_OFF_NAME,
      created_at: now,
    };
    await this.deps.offs.put(entity.entityId, off);
    const covered = (
      await this.deps.slots.listRange(entity.entityId, off.calendar_id, off.date, off.date)
    ).filter((slot) => coversSlot(off, slot));
    let closedSlots = 0;
    for (const slot of covered.filter((s) => s.status === 'open')) {
      const mark = {
        entityId: entity.entityId,
        slotId: slot.slot_id,
        from: 'open' as const,
        to: off.time_off_id,
      };
      if (await this.deps.slots.markTimeOff({ ...mark, now })) closedSlots++;
    }
    const bookedAppointments = covered.reduce((sum, slot) => sum + slot.taken, 0);
    return { off, closedSlots, bookedAppointments };
  }

  /** A calendar's time off from today (in the calendar's zone) on, by date (404 for an unknown calendar). */
  async list(entity: EntityContext, calendarId: number): Promise<TimeOffRecord[]> {
    const calendar = await this.calendarOf(entity, calendarId);
    const today = todayIn(calendar.timezone, this.now());
    return this.deps.offs.listOf(entity.entityId, calendarId, { from: today });
  }

  /** Removes a time off (404 when unknown) and reopens the slots it closed, not those closed by hand since. */
  async remove(entity: EntityContext, timeOffId: number): Promise<TimeOffRecord> {
    const off = await this.deps.offs.find(entity.entityId, timeOffId);
    if (off) keepToOwn(entity, off.calendar_id);
    if (!off || !(await this.deps.offs.remove(entity.entityId, off))) throw resourceNotFound('time off');
    const [others, slots] = await Promise.all([
      this.deps.offs.listOf(entity.entityId, off.calendar_id, { from: off.date, only: true }),
      this.deps.slots.listRange(entity.entityId, off.calendar_id, off.date, off.date),
    ]);
    const now = this.now().toISOString();
    for (const slot of slots.filter((s) => s.closed_by_time_off === off.time_off_id)) {
      const still = timeOffCovering(
        others.filter((o) => o.time_off_id !== off.time_off_id),
        slot,
      );
      await this.deps.slots.markTimeOff({
        entityId: entity.entityId,
        slotId: slot.slot_id,
        from: off.time_off_id,
        to: still ? still.time_off_id : 'open',
        now,
      });
    }
    return off;
  }
}

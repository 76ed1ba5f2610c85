/**
 * The ports of the schedule: opening hours and closure days, calendars, slots and the ids they get, and
 * the open-days directory (the entities whose slots open by themselves). The DynamoDB repositories
 * (shared/features/schedule/store, shared/features/settings/store) and the debug data set implement them.
 */
import type { CalendarRecord } from './domain/calendar';
import type { Holiday } from './domain/holidays';
import type { DayHours, WeeklyHours } from './domain/opening-hours';
import type { SlotRecord } from './domain/slot';
import type { TimeOffRecord } from './domain/time-off';

// ---- Opening hours and closure days ----

export interface HoursStore {
  get(entityId: string): Promise<WeeklyHours | null>;
}
export interface HoursAdmin extends HoursStore {
  setDay(entityId: string, index: number, day: DayHours): Promise<void>;
}
export interface ClosureStore {
  get(entityId: string, date: string): Promise<Holiday | null>;
}
export interface ClosureAdmin extends ClosureStore {
  put(entityId: string, holiday: Holiday): Promise<void>;
  remove(entityId: string, date: string): Promise<boolean>;
  list(entityId: string): Promise<Holiday[]>;
}

// ---- Calendars, slots and ids ----

export interface CalendarReader {
  get(entityId: string, calendarId: number): Promise<CalendarRecord | null>;
}
export interface CalendarLister extends CalendarReader {
  list(entityId: string): Promise<CalendarRecord[]>;
}
export interface CalendarAdmin extends CalendarReader {
  /** Creates and counts a calendar; false when the entity has `max` already. */
  create(entityId: string, calendar: CalendarRecord, max: number): Promise<boolean>;
  update(
    entityId: string,
    calendarId: number,
    patch: Partial<Pick<CalendarRecord, 'calendar_name' | 'is_active' | 'timezone' | 'email'>>,
    now: string,
  ): Promise<CalendarRecord | null>;
}

export interface IdSource {
  /** Reserves `count` new ids of the entity: unique within it; increasing within a process (ids may come from blocks reserved ahead). */
  next(entityId: string, count?: number): Promise<number[]>;
}

/** The result of a conditional slot change that may lose to a concurrent one. */
export type SlotWrite = { ok: true } | { ok: false; current: SlotRecord | null };

export interface SlotReader {
  /** Strongly consistent unless `consistent` is false (what an answer shows, deciding nothing). */
  get(entityId: string, slotId: number, consistent?: boolean): Promise<SlotRecord | null>;
  listRange(entityId: string, calendarId: number, from: string, to: string): Promise<SlotRecord[]>;
}
export interface SlotStore extends SlotReader {
  /** Creates the slots with their start-time guards; false when a start time was taken first. */
  createMany(entityId: string, slots: SlotRecord[]): Promise<boolean>;
  update(
    entityId: string,
    read: SlotRecord,
    /** `statusByHand`: the status was set by hand, so a closure day's mark goes (see ClosureSlots). */
    change: { status: 'open' | 'closed'; capacity: number; statusByHand?: boolean },
    now: string,
  ): Promise<SlotWrite>;
  delete(entityId: string, read: SlotRecord): Promise<SlotWrite>;
}

/** What a closure day needs of the slot store: close a date's open slots, and reopen only those it closed. */
export interface ClosureSlots {
  listRange(entityId: string, calendarId: number, from: string, to: string): Promise<SlotRecord[]>;
  /** Closes an open slot and marks it closed by a closure day; false when it was not open (or is gone). */
  closeForClosure(entityId: string, slotId: number, now: string): Promise<boolean>;
  /** Reopens a slot a closure day closed; false when it was not (closed by hand, or changed by hand since). */
  reopenAfterClosure(entityId: string, slotId: number, now: string): Promise<boolean>;
}

/** The staff members' time off (docs/CONTRACT.md#time-off). */
export interface TimeOffStore {
  /** A calendar's time off by date, from `from` on (every date when absent), or of that date only. */
  listOf(
    entityId: string,
    calendarId: number,
    dates?: { from: string; only?: true },
  ): Promise<TimeOffRecord[]>;
  /** The time off of this id, whichever its calendar. */
  find(entityId: string, timeOffId: number): Promise<TimeOffRecord | null>;
  put(entityId: string, off: TimeOffRecord): Promise<void>;
  /** false when there was none. */
  remove(entityId: string, off: TimeOffRecord): Promise<boolean>;
}

/** A time off's mark on a slot: moved from `from` (a time off's id, or 'open') to `to` (the same). */
export interface TimeOffMark {
  entityId: string;
  slotId: number;
  from: number | 'open';
  to: number | 'open';
  now: string;
}

/** What a time off needs of the slot store: its calendar's slots, and marks set only as read. */
export interface TimeOffSlots {
  listRange(entityId: string, calendarId: number, from: string, to: string): Promise<SlotRecord[]>;
  /**
   * Open -> closed by a time off, closed by one -> by another (it still covers the slot), or -> open;
   * false when the slot is not as `from` says (closed by hand, or changed since).
   */
  markTimeOff(mark: TimeOffMark): Promise<boolean>;
}

/** Every calendar of an entity (a closure day closes the date in each). */
export interface CalendarDirectory {
  list(entityId: string): Promise<CalendarRecord[]>;
}

// ---- The open-days horizon ----

/** An entity whose slots open by themselves, and the last day a run has looked at (none yet: null). */
export interface OpenDaysEntry {
  entityId: string;
  openedThrough: string | null;
}

/** The open-days directory: the entities with open_days_ahead > 0, kept by the settings transaction. */
export interface OpenDaysDirectory {
  list(): Promise<OpenDaysEntry[]>;
  /** Records that every day through `date` was looked at; false when the entity left the directory. */
  markOpened(entityId: string, date: string): Promise<boolean>;
}

/**
 * One entity's open-days run as a unit of work (docs/design/data-model.md#open-days-what-a-run-costs): the
 * entity and the last day an earlier run looked at (null: every day of the horizon is looked at).
 */
export interface OpenDaysJob {
  entityId: string;
  after: string | null;
}

/** What a closure day needs of the slot store: close a date's open slots, and reopen only those it closed. */
import type { CalendarRecord } from '../../domain/schedule/calendar';
import type { SlotRecord } from '../../domain/schedule/slot';

export interface ClosureSlots {
  listRange(entityId: string, calendarId: number, from: string, to: string): Promise<SlotRecord[]>;
  /** Closes an open slot and marks it closed by a closure day; false when it was not open (or is gone). */
  closeForClosure(entityId: string, slotId: number, now: string): Promise<boolean>;
  /** Reopens a slot a closure day closed; false when it was not (closed by hand, or changed by hand since). */
  reopenAfterClosure(entityId: string, slotId: number, now: string): Promise<boolean>;
}

/** Every calendar of an entity (a closure day closes the date in each). */
export interface CalendarDirectory {
  list(entityId: string): Promise<CalendarRecord[]>;
}

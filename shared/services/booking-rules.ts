import type { AppointmentRecord, AppointmentStatus } from '../domain/appointment';
import type { CalendarRecord } from '../domain/calendar';
import { type AppError, slotNotAvailable, slotNotFound } from '../domain/errors';
import type { SlotRecord } from '../domain/slot';
import { hasStarted } from '../domain/slot-times';

/** A booking request once its fields are valid (phone in E.164, names split). */
export interface BookingRequest {
  calendarId: number;
  slotId: number;
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string;
  contractNumber: string | null;
  status: AppointmentStatus;
}

export interface Booked {
  appointment: AppointmentRecord;
  slot: SlotRecord;
  calendar: CalendarRecord;
  /** Shown once, to the booker; only its hash is stored. */
  cancelToken: string;
}

/** Optimistic retries when a concurrent write changed the client or the appointment first. */
export const MAX_ATTEMPTS = 10;
/** Jittered exponential backoff between optimistic retries, so racing writers spread out. */
export const backoff = (attempt: number) =>
  attempt === 0
    ? Promise.resolve()
    : new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 5 * 2 ** attempt)));

/**
 * Refuses, before writing, a slot that has started (in its calendar's zone) and, when the appointment
 * needs a place, one that is closed or full. The transaction enforces the place again; this answers fast.
 */
export function refuseUnbookable(
  slot: SlotRecord,
  calendar: CalendarRecord,
  now: Date,
  needsPlace: boolean,
): void {
  if (hasStarted(slot.date, slot.start_time, calendar.timezone, now)) throw slotNotAvailable('in the past');
  if (!needsPlace) return;
  if (slot.status !== 'open') throw slotNotAvailable('closed');
  if (slot.taken >= slot.capacity) throw slotNotAvailable('full');
}

/** Why a slot refused a place, from the slot as the failed condition saw it. */
export function refusal(slot: SlotRecord | null): AppError {
  if (!slot) return slotNotFound();
  if (slot.status !== 'open') return slotNotAvailable('closed');
  return slotNotAvailable('full');
}

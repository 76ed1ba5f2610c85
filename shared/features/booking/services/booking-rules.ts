import type { BusinessMetrics, RefusalReason } from '../../../core/business-metrics';
import { AppError, slotNotAvailable, slotNotFound } from '../../../core/errors';
import { jitteredPause } from '../../../core/jobs/retry';
import type { BookingWindow, CalendarRecord, SlotRecord } from '../../schedule';
import { hasStarted, outsideWindow } from '../../schedule';
import type { AppointmentRecord, AppointmentStatus } from '../domain/appointment';
import type { AppointmentStore, ClientReader } from '../ports';

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
  /**
   * A service booking (docs/CONTRACT.md#services-and-staff): `slotId` is the first of `slotIds`, the run
   * of slots the service covers; the appointment ends at `endTime` (start + duration).
   */
  /** The slot may be of any of the entity's calendars: `calendarId` is taken from it (v2 without calendar_id). */
  anyCalendar?: boolean | undefined;
  /** The window that binds the booker (a service's own when booked by service); absent: the entity's. */
  window?: BookingWindow | null | undefined;
  service?: { serviceId: number; serviceName: string; slotIds: number[]; endTime: string } | undefined;
}

/** A service booking as the handler gives it: who, which service, when, and with whom if chosen. */
export interface ServiceBookingRequest
  extends Omit<BookingRequest, 'calendarId' | 'slotId' | 'service' | 'anyCalendar' | 'window'> {
  serviceId: number;
  date: string;
  startTime: string;
  calendarId?: number | undefined;
}

export interface Booked {
  appointment: AppointmentRecord;
  slot: SlotRecord;
  calendar: CalendarRecord;
  /** Shown once, to the booker; only its hash is stored. */
  cancelToken: string;
}

/**
 * Before each optimistic retry of a booking or a change (a concurrent write changed the client or the
 * appointment first): none before the first attempt, then a jittered pause of at most 200 ms.
 */
export const backoff = (attempt: number): Promise<void> =>
  attempt === 0 ? Promise.resolve() : jitteredPause(attempt, 200);

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
  if (slot.status !== 'open') throw slotNotAvailable(slot.closed_by_time_off ? 'time off' : 'closed');
  if (slot.taken >= slot.capacity) throw slotNotAvailable('full');
}

/** Refuses a start outside the booker's window (a publishable key's or cancel token's): 409 too soon or too far ahead. */
export function refuseOutsideWindow(
  slot: SlotRecord,
  calendar: Pick<CalendarRecord, 'timezone'>,
  now: Date,
  window: BookingWindow | null,
): void {
  const outside = outsideWindow(slot, calendar.timezone, now, window);
  if (outside) throw slotNotAvailable(outside);
}

/** Why a slot refused a place, from the slot as the failed condition saw it. */
export function refusal(slot: SlotRecord | null): AppError {
  if (!slot) return slotNotFound();
  if (slot.status !== 'open') return slotNotAvailable(slot.closed_by_time_off ? 'time off' : 'closed');
  return slotNotAvailable('full');
}

/**
 * Why an error refused a booking, for the BookingsRefused metrics: a full, closed or started slot, a slot or
 * calendar that does not exist, or the store (contention past every retry, or a failure of the store
 * itself). Bad input, a repeated Idempotency-Key and the like are no refusal: null.
 */
export function refusalReasonOf(error: unknown): RefusalReason | null {
  if (!(error instanceof AppError)) return 'store';
  switch (error.code) {
    case 'SLOT_IN_PAST':
      return 'past';
    case 'SLOT_UNAVAILABLE':
      return error.message.endsWith('full') ? 'full' : 'closed';
    case 'SLOT_NOT_FOUND':
    case 'CALENDAR_NOT_FOUND':
      return 'unknown';
    case 'SERVICE_UNAVAILABLE':
      return 'store';
    default:
      return null;
  }
}

/** Runs a booking (or a move) and reports it made, or refused and why; a replayed booking counts nothing. */
export async function countedBooking<T>(
  metrics: BusinessMetrics,
  run: () => Promise<T>,
  made: 'count' | 'silent',
): Promise<T> {
  try {
    const result = await run();
    if (made === 'count') metrics.bookingMade();
    return result;
  } catch (error) {
    const reason = refusalReasonOf(error);
    if (reason) metrics.bookingRefused(reason);
    throw error;
  }
}

/** Reports a committed change of an appointment: a cancellation, a move to another slot, or both. */
export function countedChange(
  metrics: BusinessMetrics,
  before: AppointmentRecord,
  after: AppointmentRecord,
): AppointmentRecord {
  if (after.status === 'cancelled' && before.status !== 'cancelled') metrics.cancelled();
  if (after.slot_id !== before.slot_id) metrics.moved();
  return after;
}

/** A move of an appointment, and where to read its client and the client's other appointments. */
export interface ClientMove {
  clients: ClientReader;
  appointments: AppointmentStore;
  entityId: string;
  before: AppointmentRecord;
  after: AppointmentRecord;
}

/**
 * The client's last_appointment after a move, when it changes: the later of the moved appointment's new
 * date and the latest date among the client's other appointments (two reads of the index, newest first).
 */
export async function clientAfterMove({ clients, appointments, entityId, before, after }: ClientMove) {
  const client = await clients.get(entityId, before.client_id);
  if (!client) return undefined;
  const latest = await appointments.latestOfClient(entityId, client.client_id, 2);
  const other = latest.find((a) => a.appointment_id !== before.appointment_id)?.date ?? '';
  const last = other > after.date ? other : after.date;
  if (last === client.last_appointment) return undefined;
  return { clientId: client.client_id, lastAppointment: last, read: client.last_appointment };
}

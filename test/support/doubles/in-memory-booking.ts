/**
 * A booking service over the in-memory store (shared/features/v1-reads/debug/in-memory-store.ts, the store behind v1 debug
 * mode), with a fixed clock: the service's branches run in milliseconds, without DynamoDB Local.
 * Its writer can be wrapped to play a concurrent writer (a stale read, a lost Idempotency-Key claim).
 */

import { DEFAULT_SETTINGS } from '../../../shared/core/defaults';
import { AppError } from '../../../shared/core/errors';
import type { EntityContext } from '../../../shared/features/access/domain/tenant';
import type { AppointmentRecord, ClientRecord } from '../../../shared/features/booking/domain/appointment';
import type {
  BookingPlan,
  BookingSnapshotReader,
  BookingWriter,
  TransitionPlan,
  WriteOutcome,
} from '../../../shared/features/booking/ports';
import type { BookingRequest } from '../../../shared/features/booking/services/booking-rules';
import { BookingService } from '../../../shared/features/booking/services/booking-service';
import { ClientLinkService } from '../../../shared/features/booking/services/client-link-service';
import { type CalendarRecord, newCalendar } from '../../../shared/features/schedule/domain/calendar';
import type { SlotRecord } from '../../../shared/features/schedule/domain/slot';
import type { DebugData } from '../../../shared/features/v1-reads/debug/fixture-data';
import { InMemoryStore } from '../../../shared/features/v1-reads/debug/in-memory-store';

/** 10:00 in Paris, 04:00 in New York. */
export const NOW = new Date('2026-06-10T08:00:00Z');
export const TODAY = '2026-06-10';
export const TOMORROW = '2026-06-11';
export const LATER = '2026-06-20';

export const ENTITY: EntityContext = {
  entityId: 'entity-1',
  settings: {
    ...DEFAULT_SETTINGS,
    slot_duration: 60,
    max_appointments: 2,
    default_calendar_id: 1,
  },
};

const CREATED = '2026-05-01T08:00:00.000Z';

/** Calendars: 1 and 2 active in Paris, 3 inactive, 4 active in New York. */
export const CAL = { main: 1, other: 2, inactive: 3, newYork: 4 } as const;

/**
 * Slots: 10 open (2 places), 11 open (1 place) later, 12 closed, 13 full, 14 started today at 09:00
 * Paris, 15 yesterday, 16 in calendar 2, 17 in the inactive calendar, 18 today at 05:00 New York (not
 * started there), 19 full but later (a cancelled appointment may move there).
 */
export const SLOT = {
  open: 10,
  later: 11,
  closed: 12,
  full: 13,
  started: 14,
  yesterday: 15,
  otherCalendar: 16,
  inactiveCalendar: 17,
  newYork: 18,
  fullLater: 19,
} as const;

const calendar = (id: number, timezone = 'Europe/Paris', active = true): CalendarRecord => ({
  ...newCalendar({ id, name: `Calendar ${id}`, timezone, widgetId: `wdg_${id}`, now: CREATED }),
  is_active: active,
});

const slot = (
  id: number,
  calendarId: number,
  date: string,
  start: string,
  change: Partial<SlotRecord> = {},
): SlotRecord => ({
  slot_id: id,
  calendar_id: calendarId,
  date,
  start_time: start,
  end_time: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00:00`,
  status: 'open',
  capacity: 2,
  taken: 0,
  created_at: CREATED,
  updated_at: CREATED,
  ...change,
});

/** The client with phone +33612345678, who booked slot 13 (and filled it). */
export const KNOWN_CLIENT: ClientRecord = {
  client_id: 100,
  client_firstname: 'Camille',
  client_lastname: 'Martin',
  client_email: 'camille@example.com',
  client_phone: '+33612345678',
  created_at: CREATED,
  updated_at: CREATED,
  appointments_count: 1,
  last_appointment: TOMORROW,
};

const heldAppointment: AppointmentRecord = {
  appointment_id: 101,
  calendar_id: CAL.main,
  slot_id: SLOT.full,
  client_id: KNOWN_CLIENT.client_id,
  status: 'confirmed',
  date: TOMORROW,
  start_time: '14:00:00',
  end_time: '15:00:00',
  client_firstname: 'Camille',
  client_lastname: 'Martin',
  client_email: 'camille@example.com',
  client_phone: KNOWN_CLIENT.client_phone,
  contract_number: null,
  created_at: CREATED,
  updated_at: CREATED,
};

export function freshData(): DebugData {
  return {
    calendars: [
      calendar(CAL.main),
      calendar(CAL.other),
      calendar(CAL.inactive, 'Europe/Paris', false),
      calendar(CAL.newYork, 'America/New_York'),
    ],
    slots: [
      slot(SLOT.open, CAL.main, TOMORROW, '09:00:00'),
      slot(SLOT.later, CAL.main, LATER, '10:00:00', { capacity: 1 }),
      slot(SLOT.closed, CAL.main, TOMORROW, '11:00:00', { status: 'closed' }),
      slot(SLOT.full, CAL.main, TOMORROW, '14:00:00', { capacity: 1, taken: 1 }),
      slot(SLOT.started, CAL.main, TODAY, '09:00:00'),
      slot(SLOT.yesterday, CAL.main, '2026-06-09', '15:00:00'),
      slot(SLOT.otherCalendar, CAL.other, TOMORROW, '09:00:00'),
      slot(SLOT.inactiveCalendar, CAL.inactive, TOMORROW, '09:00:00'),
      slot(SLOT.newYork, CAL.newYork, TODAY, '05:00:00'),
      slot(SLOT.fullLater, CAL.main, LATER, '16:00:00', { capacity: 1, taken: 1 }),
    ],
    appointments: [
      heldAppointment,
      {
        ...heldAppointment,
        appointment_id: 102,
        slot_id: SLOT.fullLater,
        date: LATER,
        start_time: '16:00:00',
        end_time: '17:00:00',
      },
    ],
    clients: [KNOWN_CLIENT],
    nextId: 1000,
  };
}

export const request = (change: Partial<BookingRequest> = {}): BookingRequest => ({
  calendarId: CAL.main,
  slotId: SLOT.open,
  firstname: 'Jean',
  lastname: 'Dupont',
  email: 'jean@example.com',
  phone: '+33698765432',
  contractNumber: 'C-1',
  status: 'confirmed',
  ...change,
});

/** What a wrapped writer may do before the store sees a write (or instead of letting it see it). */
export interface WriterHooks {
  book?: (plan: BookingPlan, call: number, data: DebugData) => WriteOutcome | undefined;
  transition?: (plan: TransitionPlan, call: number, data: DebugData) => WriteOutcome | undefined;
}

/**
 * The service (and the client link's, `links`) over a fresh in-memory data set. Every plan the writer receives is recorded; the cancel
 * tokens of committed bookings are remembered (the debug store keeps none: nothing outlives a debug request).
 */
export function bookingWorld(options: { hooks?: WriterHooks; reader?: BookingSnapshotReader } = {}) {
  const data = freshData();
  const store = new InMemoryStore({ data, timezone: ENTITY.settings.timezone });
  const booked: BookingPlan[] = [];
  const transitions: TransitionPlan[] = [];
  const tokens = new Map<string, number>();
  const writer: BookingWriter = {
    book: async (entityId, plan) => {
      booked.push(plan);
      const early = options.hooks?.book?.(plan, booked.length, data);
      if (early) return early;
      const outcome = await store.appointments.book(entityId, plan);
      if (outcome.ok) tokens.set(plan.cancelTokenHash, plan.appointment.appointment_id);
      return outcome;
    },
    transition: async (entityId, plan) => {
      transitions.push(plan);
      const early = options.hooks?.transition?.(plan, transitions.length, data);
      if (early) return early;
      return store.appointments.transition(entityId, plan);
    },
  };
  // A booking's token names its appointment, which keeps the token's digest (as the table's item does).
  const digestOf = (id: number) => [...tokens].find(([, bookedId]) => bookedId === id)?.[0];
  const appointments = {
    ...store.appointments,
    get: async (entityId: string, id: number) => {
      const found = await store.appointments.get(entityId, id);
      const digest = digestOf(id);
      return found && digest ? { ...found, cancel_token_hash: digest } : found;
    },
    findByCancelToken: async (_e: string, hash: string) => tokens.get(hash) ?? null,
  };
  const service = new BookingService({
    appointments,
    writer,
    slots: store.slots,
    calendars: store.calendars,
    clients: store.clients,
    ids: store.ids,
    now: () => NOW,
    ...(options.reader ? { reader: options.reader } : {}),
  });
  const links = new ClientLinkService({
    appointments,
    slots: store.slots,
    calendars: store.calendars,
    services: { get: async () => null },
    booking: service,
    now: () => NOW,
  });
  const slotOf = (id: number) => data.slots.find((s) => s.slot_id === id) as SlotRecord;
  const appointmentOf = (id: number) => data.appointments.find((a) => a.appointment_id === id);
  return { data, store, appointments, service, links, booked, transitions, slotOf, appointmentOf };
}

/** The domain error a call refused with, as the API mappers see it. */
export async function refusal(
  call: Promise<unknown>,
): Promise<Pick<AppError, 'status' | 'code' | 'message'>> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected an AppError, the call succeeded');
}

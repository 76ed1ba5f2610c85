import type { EntityContext } from '../features/access';
/**
 * The composition root, booking: the v2 booking service (the v1 writes use it too, see v1.ts), and the
 * client link's service (lookup, reschedule and cancel by cancel token).
 */

import { AppointmentChangeService } from '../features/booking/services/appointment-change-service';
import { BookingService } from '../features/booking/services/booking-service';
import { ClientLinkReads, ClientLinkService } from '../features/booking/services/client-link-service';
import { ConfirmationService } from '../features/booking/services/confirmation';
import { LiveCapService } from '../features/booking/services/live-caps';
import { AppointmentRepository } from '../features/booking/store/appointment-repository';
import { BookingRepository } from '../features/booking/store/booking-repository';
import { BookingSnapshotRepository } from '../features/booking/store/booking-snapshot-repository';
import { ClientRepository } from '../features/booking/store/client-repository';
import { IdBlocks } from '../features/booking/store/id-blocks';
import { LiveCapRepository } from '../features/booking/store/live-cap-repository';
import { SequenceRepository } from '../features/booking/store/sequence-repository';
import { ServiceRepository } from '../features/catalog/store/service-repository';
import { CalendarRepository } from '../features/schedule/store/calendar-repository';
import { SlotRepository } from '../features/schedule/store/slot-repository';
import { businessMetrics } from '../telemetry/business-metrics';
import { calendarCache, once, readsTogetherTable, table } from './core';

export const bookingService = /* @__PURE__ */ once(
  () =>
    new BookingService({
      appointments: new AppointmentRepository(table()),
      writer: new BookingRepository(table()),
      slots: new SlotRepository(table()),
      calendars: new CalendarRepository(table()),
      clients: new ClientRepository(table()),
      // Booking ids come from blocks of 16 reserved ahead: one sequence write per eight bookings of a process.
      ids: new IdBlocks({ sequence: new SequenceRepository(table()) }),
      // Slot and phone read eventually consistent; the calendar from the instance's memory of the entity's
      // calendars (TOKEN_CACHE_SECONDS), else by its GetItem, which goes with the token check's when started
      // together (prefetch).
      reader: new BookingSnapshotRepository(
        readsTogetherTable(),
        new CalendarRepository(readsTogetherTable(), calendarCache()),
      ),
      metrics: businessMetrics,
      // A publishable key's bookings: at most so many live ones per visitor and per contact (live caps).
      caps: new LiveCapService({
        store: new LiveCapRepository(table()),
        appointments: new AppointmentRepository(table()),
      }),
      services: new ServiceRepository(table()),
    }),
);

/** What a client's link reads: the appointment, its slot, calendars and service. */
const linkReadDeps = () => ({
  appointments: new AppointmentRepository(table()),
  slots: new SlotRepository(table()),
  calendars: new CalendarRepository(table()),
  // An appointment's time zone from the instance's memory of the entity's calendars (TOKEN_CACHE_SECONDS).
  recentCalendars: new CalendarRepository(table(), calendarCache()),
  services: new ServiceRepository(table()),
});

export const clientLinkService = /* @__PURE__ */ once(
  () => new ClientLinkService({ ...linkReadDeps(), booking: bookingService() }),
);

/** The business's own changes of an appointment (v2 POST /appointments/update), through bookingService's update. */
export const appointmentChangeService = /* @__PURE__ */ once(
  () =>
    new AppointmentChangeService({
      appointments: new AppointmentRepository(table()),
      slots: new SlotRepository(table()),
      calendars: new CalendarRepository(table()),
      services: new ServiceRepository(table()),
      booking: bookingService(),
    }),
);

/** A pending booking's confirmation by its e-mail's link, and its release (docs/CONTRACT.md#confirm-by-email). */
export const confirmationService = /* @__PURE__ */ once(
  () =>
    new ConfirmationService({
      appointments: new AppointmentRepository(table()),
      calendars: new CalendarRepository(table()),
      slots: new SlotRepository(table()),
      booking: bookingService(),
    }),
);

/**
 * What the manage page's reads check of a cancel token, without the booking service: the three read
 * functions that take a link (business, slots, availability) then do not carry it.
 */
const clientLinkReads = /* @__PURE__ */ once(() => new ClientLinkReads(linkReadDeps()));

/** Whether a cancel token's appointment is still manageable: the manage page's reads take it as `opens`. */
export const linkOpens = (entity: EntityContext, cancelToken: string): Promise<boolean> =>
  clientLinkReads().opens(entity, cancelToken);

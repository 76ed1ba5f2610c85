/** The composition root, services and staff (docs/CONTRACT.md#services-and-staff). */
import { CounterRepository } from '../repositories/booking/counter-repository';
import { SequenceRepository } from '../repositories/booking/sequence-repository';
import { CalendarHoursRepository } from '../repositories/catalog/calendar-hours-repository';
import { ServiceRepository } from '../repositories/catalog/service-repository';
import { CalendarRepository } from '../repositories/schedule/calendar-repository';
import { SlotRepository } from '../repositories/schedule/slot-repository';
import { OpeningHoursRepository } from '../repositories/settings/entity-config-repository';
import { CatalogService } from '../services/catalog/catalog-service';
import { ServiceBookingService } from '../services/catalog/service-booking-service';
import { bookingService } from './booking';
import { once, table } from './core';

/** Calendars as staff, their own hours, and services. */
export const catalogService = /* @__PURE__ */ once(
  () =>
    new CatalogService({
      calendars: new CalendarRepository(table()),
      services: new ServiceRepository(table()),
      ids: new SequenceRepository(table()),
      hours: new OpeningHoursRepository(table()),
      calendarHours: new CalendarHoursRepository(table()),
      counters: new CounterRepository(table()),
    }),
);

/** Availability of a service and its booking over the slots it covers. */
export const serviceBookingService = /* @__PURE__ */ once(
  () =>
    new ServiceBookingService({
      catalog: catalogService(),
      slots: new SlotRepository(table()),
      booking: bookingService(),
    }),
);

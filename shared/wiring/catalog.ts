/** The composition root, services and staff (docs/CONTRACT.md#services-and-staff). */
import { CounterRepository } from '../features/booking/store/counter-repository';
import { SequenceRepository } from '../features/booking/store/sequence-repository';
import { CatalogService } from '../features/catalog/services/catalog-service';
import { ServiceBookingService } from '../features/catalog/services/service-booking-service';
import { CalendarHoursRepository } from '../features/catalog/store/calendar-hours-repository';
import { ServiceRepository } from '../features/catalog/store/service-repository';
import { CalendarRepository } from '../features/schedule/store/calendar-repository';
import { SlotRepository } from '../features/schedule/store/slot-repository';
import {
  ClosureDayRepository,
  OpeningHoursRepository,
} from '../features/settings/store/entity-config-repository';
import { bookingService } from './booking';
import { calendarCache, once, table } from './core';

/** Calendars as staff, their own hours, and services. */
export const catalogService = /* @__PURE__ */ once(
  () =>
    new CatalogService({
      calendars: new CalendarRepository(table(), calendarCache()),
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
      closures: new ClosureDayRepository(table()),
    }),
);

/** The composition root, booking: the v2 booking service (the v1 writes use it too, see v1.ts). */
import { AppointmentRepository } from '../repositories/booking/appointment-repository';
import { BookingRepository } from '../repositories/booking/booking-repository';
import { BookingSnapshotRepository } from '../repositories/booking/booking-snapshot-repository';
import { ClientRepository } from '../repositories/booking/client-repository';
import { IdBlocks } from '../repositories/booking/id-blocks';
import { SequenceRepository } from '../repositories/booking/sequence-repository';
import { CalendarRepository } from '../repositories/schedule/calendar-repository';
import { SlotRepository } from '../repositories/schedule/slot-repository';
import { BookingService } from '../services/booking/booking-service';
import { businessMetrics } from '../telemetry/business-metrics';
import { once, readsTogetherTable, table } from './core';

export const bookingService = /* @__PURE__ */ once(
  () =>
    new BookingService({
      appointments: new AppointmentRepository(table()),
      writer: new BookingRepository(table()),
      slots: new SlotRepository(table()),
      calendars: new CalendarRepository(table()),
      clients: new ClientRepository(table()),
      // Booking ids come from blocks of 16 reserved ahead: one sequence write per eight bookings of a process.
      ids: new IdBlocks(new SequenceRepository(table())),
      // Its read and the token check's go as one BatchGetItem when started together (prefetch).
      reader: new BookingSnapshotRepository(readsTogetherTable()),
      metrics: businessMetrics,
    }),
);

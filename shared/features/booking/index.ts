/** The booking feature's public face: what other features may use of it (docs/design/features.md). */

export type { AppointmentRecord, AppointmentStatus, ClientDays, ClientRecord } from './domain/appointment';
export { appointmentOf, isManageable, joinClientName, STATUSES, takesPlace } from './domain/appointment';
export type { DayStatRow, StatScope } from './domain/day-stats';
export {
  applyStatMove,
  appointmentsIn,
  appointmentsOnDay,
  dayEffectsOfAll,
  daysOf,
  emptyDayStat,
  lastLiveOf,
  uniqueClients,
} from './domain/day-stats';
export type {
  AppointmentFilter,
  AppointmentPlace,
  ClientFilter,
  ClientPlace,
  EntityCounters,
  Page,
  PageRequest,
} from './domain/listing';
export { byName, matchesClient } from './domain/listing';
export { v2Appointment as v2AppointmentExample } from './http/examples';
export { v2Appointment } from './http/present';
export { V2Appointment } from './http/schemas';
export type {
  AppointmentReader,
  AppointmentStore,
  BookingWriter,
  CalendarMembersFilter,
  ClientReader,
  ListPage,
  PagedList,
} from './ports';
export type { Booked, BookingRequest, ServiceBookingRequest } from './services/booking-rules';
export type { BookingService } from './services/booking-service';
export type { EarlyReads } from './services/early-reads';
export {
  appointmentItem,
  cancelCredentialItem,
  cancelTokenItem,
  toAppointment,
} from './store/appointment-repository';
export { clientItem, clientPhoneItem, searchTextOf, storedDays, toClient } from './store/client-items';
export { toDayStat } from './store/counter-repository';
export { addLinkToken } from './store/link-tokens';

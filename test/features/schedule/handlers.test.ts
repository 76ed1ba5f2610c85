/**
 * The handler tests of open days, services and staff, the service widget, time off, the booking window, buffers and the lists' messages, one subject module each in
 * test/features/schedule/handlers/, run as one test file on one table (the README's "Tests" says why). One subject
 * alone: `npx jest test/features/schedule/handlers.test.ts -t services-and-staff`.
 */
import { subjects } from '../../support/subjects';

subjects({
  'open-days': () => require('./handlers/open-days'),
  'open-days-fan-out': () => require('./handlers/open-days-fan-out'),
  'services-and-staff': () => require('./handlers/services-and-staff'),
  'service-widget': () => require('./handlers/service-widget'),
  'time-off': () => require('./handlers/time-off'),
  'booking-window': () => require('./handlers/booking-window'),
  buffers: () => require('./handlers/buffers'),
  'list-messages': () => require('./handlers/list-messages'),
});

/**
 * The handler tests of open days, services and staff, and the service widget, one subject module each in
 * test/handlers/schedule/, run as one test file on one table (the README's "Tests" says why). One subject
 * alone: `npx jest test/handlers/schedule.test.ts -t services-and-staff`.
 */
import { subjects } from '../support/subjects';

subjects({
  'open-days': () => require('./schedule/open-days'),
  'open-days-fan-out': () => require('./schedule/open-days-fan-out'),
  'services-and-staff': () => require('./schedule/services-and-staff'),
  'service-widget': () => require('./schedule/service-widget'),
});

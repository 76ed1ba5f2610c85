/**
 * The handler tests of open days, services and staff, and the service widget, one subject module each in
 * test/handlers/schedule/, run as one test file on one table (the README's "Tests" says why). One subject
 * alone: `npx jest test/handlers/schedule.test.ts -t services-and-staff`.
 */
describe('open-days', () => {
  require('./schedule/open-days');
});
describe('open-days-fan-out', () => {
  require('./schedule/open-days-fan-out');
});
describe('services-and-staff', () => {
  require('./schedule/services-and-staff');
});
describe('service-widget', () => {
  require('./schedule/service-widget');
});

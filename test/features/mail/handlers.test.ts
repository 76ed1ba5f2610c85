/**
 * The handler tests of the client e-mails' sender and the staff calendar feed, one subject module each in
 * test/features/mail/handlers/, run as one test file on one table (the README's "Tests" says why). One
 * subject alone: `npx jest test/features/mail/handlers.test.ts -t calendar-feed`.
 */
import { subjects } from '../../support/subjects';

subjects({
  'mail-sender': () => require('./handlers/mail-sender'),
  'calendar-feed': () => require('./handlers/calendar-feed'),
  'retried-link': () => require('./handlers/retried-link'),
});

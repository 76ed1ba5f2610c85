/**
 * The handler tests of the client e-mails' sender and the staff calendar feed, one subject module each in
 * test/handlers/mail-and-feed/, run as one test file on one table (the README's "Tests" says why). One
 * subject alone: `npx jest test/handlers/mail-and-feed.test.ts -t calendar-feed`.
 */
import { subjects } from '../support/subjects';

subjects({
  'mail-sender': () => require('./mail-and-feed/mail-sender'),
  'calendar-feed': () => require('./mail-and-feed/calendar-feed'),
});

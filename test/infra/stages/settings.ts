/**
 * The optional stage settings, given: a mail domain for each stage and an alarm address for staging only.
 * One build of both stages with them (testStages keeps it) serves mail.ts and observability.ts, each
 * checking its own part; without them: test/infra/stages/deploy-settings.ts.
 */
export const GIVEN_SETTINGS: Record<string, string> = {
  'staging.mailDomain': 'staging.booking.test',
  'production.mailDomain': 'booking.test',
  'staging.alarmEmail': 'ops@example.com',
};

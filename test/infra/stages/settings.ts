import { EXAMPLE_SETTINGS } from '../../../infra/stage/example-settings';

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

/**
 * Every deploy setting given (infra/stage/example-settings.ts), on x86 with the local Powertools layer: the
 * build deploy-settings.ts checks with cdk-nag, which first-deploy.ts reads too (one synthesis for both).
 */
export const EVERY_SETTING = {
  ...EXAMPLE_SETTINGS,
  powertoolsLayer: 'local',
  architecture: 'x86_64',
} as const;

/**
 * Every deploy setting of both stages given (docs/DEPLOY.md, "Settings"), with reserved names (`.test`
 * domains, a documentation account): what `npm run lint:infra` also lints, and what
 * test/infra/stages/deploy-settings.ts checks, so that the templates of a fully set-up stage are checked
 * like the default ones.
 */
export const EXAMPLE_SETTINGS: Readonly<Record<string, string>> = {
  'staging.mailDomain': 'staging.booking.test',
  'staging.sandboxRecipients': 'tester@inbox.test, second@inbox.test',
  'staging.alarmEmail': 'ops@booking.test',
  'staging.domainName': 'api.staging.booking.test',
  'staging.certificateArn': 'arn:aws:acm:eu-west-3:123456789012:certificate/efgh-5678',
  'production.mailDomain': 'booking.test',
  'production.mailFrom': 'Booking <hello@booking.test>',
  'production.alarmEmail': 'oncall@booking.test',
  'production.corsAllowedOrigins': 'https://app.booking.test',
  'production.domainName': 'api.booking.test',
  'production.certificateArn': 'arn:aws:acm:us-east-1:123456789012:certificate/abcd-1234',
  'production.edge': 'cloudfront',
  'production.account': '123456789012',
  'production.region': 'eu-west-3',
  'production.reservedConcurrency': '10',
};

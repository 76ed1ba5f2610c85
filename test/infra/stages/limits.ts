import { NestedStack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { STAGES } from '../../../infra/stage/config';
import { parseConfig } from '../../../shared/config';
import { templateOf, testStages } from '../../support/cdk-app';

/** Each stage's default limits reach every API function (docs/CONTRACT.md#limits). */
const { stages } = testStages();

describe.each([
  ['staging', stages.staging, STAGES.staging],
  ['production', stages.production, STAGES.production],
] as const)('%s limits', (_name, { api }, stage) => {
  it('every API function gets the stage defaults, and the functions read them back as set', () => {
    // The API stack and its nested stacks of route functions.
    const functions = Object.assign(
      {},
      ...[api, ...api.node.findAll().filter((c) => c instanceof NestedStack)].map((stack) =>
        templateOf(stack as NestedStack).findResources('AWS::Lambda::Function', {
          Properties: { Environment: { Variables: Match.objectLike({ DEFAULT_LIMITS: Match.anyValue() }) } },
        }),
      ),
    ) as Record<string, unknown>;
    expect(Object.keys(functions).length).toBeGreaterThan(30);
    for (const fn of Object.values(functions)) {
      const value = (fn as { Properties: { Environment: { Variables: { DEFAULT_LIMITS: string } } } })
        .Properties.Environment.Variables.DEFAULT_LIMITS;
      expect(parseConfig({ STAGE: stage.name, DEFAULT_LIMITS: value }).defaultLimits).toEqual(stage.limits);
    }
  });

  it('limit every entity by default, a visitor more than its entity and its public', () => {
    for (const value of Object.values(stage.limits)) expect(value).toBeGreaterThan(0);
    expect(stage.limits.visitor_requests_per_minute).toBeLessThan(stage.limits.requests_per_minute);
    expect(stage.limits.visitor_requests_per_minute).toBeLessThan(stage.limits.public_requests_per_minute);
  });
});

describe('DEFAULT_LIMITS', () => {
  it('unset: no limit (npm start and tests measure the engine)', () => {
    expect(parseConfig({}).defaultLimits).toEqual({
      requests_per_minute: 0,
      bookings_per_minute: 0,
      public_requests_per_minute: 0,
      public_bookings_per_minute: 0,
      visitor_requests_per_minute: 0,
      visitor_bookings_per_hour: 0,
    });
  });

  it.each(['requests_per_minute=ten', 'requests_per_minute=-1', 'unknown_limit=3'])('refuses %s', (value) => {
    expect(() => parseConfig({ DEFAULT_LIMITS: value })).toThrow();
  });
});

describe('LIMITS_CLOCK_MS', () => {
  it('fixes the limits’ clock on the local stage only', () => {
    expect(parseConfig({ LIMITS_CLOCK_MS: '1767225601000' }).limitsClockMs).toBe(1767225601000);
    expect(parseConfig({}).limitsClockMs).toBeUndefined();
    expect(() => parseConfig({ STAGE: 'production', LIMITS_CLOCK_MS: '1767225601000' })).toThrow(/local/);
  });
});

import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/app';
import { OPEN_DAYS_ACTIONS } from '../../infra/open-days';

/** Open days (docs/CONTRACT.md#open-days) in both stages, synthesized without bundling like stacks.test.ts. */
const { stages } = buildApp(new App({ context: { 'aws:cdk:bundling-stacks': [] } }));

const resourcesOf = (template: Template) =>
  template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;
const openDaysFunction = (template: Template): string => {
  const [id] = Object.entries(resourcesOf(template)).find(
    ([key, r]) => r.Type === 'AWS::Lambda::Function' && key.startsWith('OpenDays'),
  ) ?? [''];
  return id;
};

describe.each([
  ['staging', stages.staging],
  ['production', stages.production],
] as const)('%s open days', (_stageName, { events }) => {
  const template = Template.fromStack(events);
  const fn = openDaysFunction(template);

  it('has its own function, run every hour by an EventBridge rule', () => {
    expect(fn).not.toBe('');
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 hour)',
      State: 'ENABLED',
      Targets: Match.arrayWith([Match.objectLike({ Arn: { 'Fn::GetAtt': [fn, 'Arn'] } })]),
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [fn, 'Arn'] },
      Principal: 'events.amazonaws.com',
    });
  });

  it('is woken by the stream for settings, hours and closure changes only, with a dead-letter destination', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fn },
      StartingPosition: 'LATEST',
      BisectBatchOnFunctionError: true,
      DestinationConfig: Match.objectLike({ OnFailure: Match.anyValue() }),
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              dynamodb: {
                NewImage: { type: { S: ['settings', 'opening-hours', 'closure-day', 'calendar-hours'] } },
              },
            }),
          },
          { Pattern: JSON.stringify({ dynamodb: { OldImage: { type: { S: ['closure-day'] } } } }) },
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { NewImage: { type: { S: ['calendar'] } } },
            }),
          },
          {
            Pattern: JSON.stringify({
              dynamodb: {
                NewImage: { type: { S: ['calendar'] }, is_active: { BOOL: [true] } },
                OldImage: { is_active: { BOOL: [false] } },
              },
            }),
          },
        ],
      },
    });
  });

  it('may only read and generate: no delete, no batch write, no scan', () => {
    const granted = Object.values(resourcesOf(template))
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .filter((p) => JSON.stringify(p.Properties.Roles).includes('OpenDays'))
      .flatMap(
        (p) => (p.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[] }> }).Statement,
      )
      .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]))
      .filter((a) => a.startsWith('dynamodb:') && !/Stream|GetRecords|GetShardIterator/.test(a));
    expect(granted.length).toBeGreaterThan(0);
    for (const action of granted) expect(OPEN_DAYS_ACTIONS).toContain(action);
  });
});

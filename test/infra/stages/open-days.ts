import { Match, type Template } from 'aws-cdk-lib/assertions';
import { OPEN_DAYS_ACTIONS, OPEN_DAYS_CONCURRENCY } from '../../../infra/open-days';
import { templateOf, testStages } from '../../support/cdk-app';

/** Open days (docs/CONTRACT.md#open-days) in both stages, synthesized without bundling like stages/stacks.ts. */
const { stages } = testStages();

const resourcesOf = (template: Template) =>
  template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;
/** The logical id of a function or other resource whose construct id is `prefix` (plus CDK's hash). */
const resourceId = (template: Template, type: string, prefix: string): string => {
  const [id] = Object.entries(resourcesOf(template)).find(
    ([key, r]) => r.Type === type && new RegExp(`^${prefix}[0-9A-F]{8}$`).test(key),
  ) ?? [''];
  return id;
};
const openDaysFunction = (template: Template): string =>
  resourceId(template, 'AWS::Lambda::Function', 'OpenDays');
/** Every action a role's policies allow, with the statements' resources and conditions. */
const statementsOf = (template: Template, rolePrefix: string) =>
  Object.values(resourcesOf(template))
    .filter((r) => r.Type === 'AWS::IAM::Policy')
    .filter((p) =>
      (p.Properties.Roles as Array<{ Ref: string }>).some((role) =>
        new RegExp(`^${rolePrefix}Role[0-9A-F]{8}$`).test(role.Ref),
      ),
    )
    .flatMap(
      (p) =>
        (
          p.Properties.PolicyDocument as {
            Statement: Array<{ Action: string | string[]; Resource: unknown; Condition?: unknown }>;
          }
        ).Statement,
    )
    .map((s) => ({ ...s, Action: Array.isArray(s.Action) ? s.Action : [s.Action] }));
const isLogs = (action: string) => action.startsWith('logs:') || action.startsWith('xray:');

describe.each([
  ['staging', stages.staging],
  ['production', stages.production],
] as const)('%s open days', (_stageName, { events }) => {
  const template = templateOf(events);
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

  const queue = resourceId(template, 'AWS::SQS::Queue', 'OpenDaysQueue');
  const deadLetters = resourceId(template, 'AWS::SQS::Queue', 'OpenDaysDeadLetterQueue');
  const entityFn = resourceId(template, 'AWS::Lambda::Function', 'OpenDaysEntity');

  it('runs each entity as its own message: a queue with a dead-letter queue, both alarmed', () => {
    expect([queue, deadLetters, entityFn]).not.toContain('');
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [deadLetters, 'Arn'] }, maxReceiveCount: 3 },
      SqsManagedSseEnabled: true,
    });
    const resources = resourcesOf(template);
    const queueOf = (r: { Properties: Record<string, unknown> }) => JSON.stringify(r.Properties);
    const alarms = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::CloudWatch::Alarm');
    expect(
      alarms.some(([id, r]) => id.startsWith('OpenDaysDeadLetters') && queueOf(r).includes(deadLetters)),
    ).toBe(true);
    expect(alarms.some(([id, r]) => id.startsWith('OpenDaysQueueAge') && queueOf(r).includes(queue))).toBe(
      true,
    );
  });

  it('consumes the queue one message per invocation, several entities at once, failures alone', () => {
    expect(OPEN_DAYS_CONCURRENCY).toBeGreaterThan(1);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: entityFn },
      EventSourceArn: { 'Fn::GetAtt': [queue, 'Arn'] },
      BatchSize: 1,
      ScalingConfig: { MaximumConcurrency: OPEN_DAYS_CONCURRENCY },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    // The entity function's timeout fits the queue's visibility timeout (a run is never handed out twice).
    const entity = resourcesOf(template)[entityFn]?.Properties as { Timeout: number };
    const visibility = resourcesOf(template)[queue]?.Properties.VisibilityTimeout as number;
    expect(visibility).toBeGreaterThanOrEqual(entity.Timeout * 6);
  });

  it('lets the fan-out only read the directory and send to the queue; the consumer only its table actions', () => {
    // The stream's failure destination (the events' dead-letter queue) is the stream source's own grant.
    const streamSource = Object.values(resourcesOf(template)).find(
      (r) =>
        r.Type === 'AWS::Lambda::EventSourceMapping' &&
        JSON.stringify(r.Properties.FunctionName) === JSON.stringify({ Ref: fn }),
    );
    const failureDestination = JSON.stringify(
      (streamSource?.Properties.DestinationConfig as { OnFailure?: { Destination: unknown } } | undefined)
        ?.OnFailure?.Destination,
    );
    const fanOut = statementsOf(template, 'OpenDays')
      .filter((s) => !s.Action.every(isLogs))
      .filter((s) => JSON.stringify(s.Resource) !== failureDestination);
    const actions = fanOut
      .flatMap((s) => s.Action)
      .filter((a) => !/Stream|GetRecords|GetShardIterator/.test(a));
    expect([...new Set(actions)].sort()).toEqual(['dynamodb:Query', 'sqs:SendMessage']);
    const send = fanOut.find((s) => s.Action.includes('sqs:SendMessage'));
    expect(send?.Action).toEqual(['sqs:SendMessage']);
    expect(send?.Resource).toEqual({ 'Fn::GetAtt': [queue, 'Arn'] });
    // The table query is held to the directory's partition.
    for (const s of fanOut.filter((s) => s.Action.includes('dynamodb:Query')))
      expect(s.Condition).toEqual({ 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['OPENDAYS'] } });

    const consumer = statementsOf(template, 'OpenDaysEntity').filter((s) => !s.Action.every(isLogs));
    const consumerActions = consumer.flatMap((s) => s.Action);
    for (const action of consumerActions.filter((a) => a.startsWith('dynamodb:')))
      expect(OPEN_DAYS_ACTIONS).toContain(action);
    // From the queue it only receives and deletes (the event source's own grant); it sends nothing.
    expect(
      consumerActions.filter((a) => a.startsWith('sqs:') && !/Receive|Delete|GetQueue|ChangeMessage/.test(a)),
    ).toEqual([]);
    expect(consumerActions.filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('sqs:'))).toEqual([]);
  });
});

import { Match, type Template } from 'aws-cdk-lib/assertions';
import { templateOf, testStages } from '../../support/cdk-app';

/** The booking events of both stages (docs/EVENTS.md), synthesized without bundling like stages/stacks.ts. */
const { stages } = testStages();

interface Statement {
  Action: string | string[];
}
const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const resourcesOf = (template: Template) =>
  template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;

describe.each([
  ['staging', stages.staging],
  ['production', stages.production],
] as const)('%s booking events', (_stageName, { data, events }) => {
  const template = templateOf(events);

  it('has the table stream (new and old images) read by the dispatcher, with batch failures, retries and bisect', () => {
    templateOf(data).hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: Match.anyValue(),
      DestinationConfig: Match.objectLike({ OnFailure: Match.anyValue() }),
    });
  });

  it('has the delivery queue consumed with batch failures, its dead-letter queue, and an alarm on it', () => {
    // The delivery queue and its dead letters; the mail queue and its own, the reminders' dead letters
    // (test/infra/stages/mail.ts), the open days' per-entity queue and its own
    // (test/infra/stages/open-days.ts).
    template.resourceCountIs('AWS::SQS::Queue', 7);
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: Match.objectLike({ maxReceiveCount: 5 }),
      SqsManagedSseEnabled: true,
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BatchSize: 10,
    });
    // Each new dead letter (test/infra/stages/deploy-settings.ts).
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Metrics: Match.arrayWith([
        Match.objectLike({ Expression: 'MAX([sent, DIFF(visible)])' }),
        Match.objectLike({
          MetricStat: Match.objectLike({
            Metric: Match.objectLike({
              MetricName: 'ApproximateNumberOfMessagesVisible',
              Namespace: 'AWS/SQS',
            }),
          }),
        }),
      ]),
      Threshold: 1,
    });
    // The dispatcher, the deliveries, open days' fan-out and per-entity runs (test/infra/stages/open-days.ts)
    // and the e-mails.
    template.resourceCountIs('AWS::Lambda::Function', 5);
  });

  it('grants the event functions only their table actions, on the table and its indexes', () => {
    const statements = Object.values(resourcesOf(template))
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
    const actions = statements.flatMap((s) => asList(s.Action));
    expect(actions).not.toContain('dynamodb:*');
    expect(actions).not.toContain('sqs:*');
    expect(
      actions.filter((a) => a.startsWith('dynamodb:') && !a.startsWith('dynamodb:GetRecords')),
    ).not.toContain('dynamodb:BatchWriteItem');
  });
  // cdk-nag on this stack, as on every other: stages/deploy-settings.ts.
});

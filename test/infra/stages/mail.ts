import { Match } from 'aws-cdk-lib/assertions';
import { MAIL_ACTIONS, REMINDER_ACTIONS } from '../../../infra/mail';
import { stageConfig } from '../../../infra/stage/stage-settings';
import { templateOf, testStages } from '../../support/cdk-app';
import { GIVEN_SETTINGS } from './settings';

/**
 * Client e-mails on AWS (docs/NOTIFICATIONS.md), synthesized without bundling like stages/stacks.ts, each
 * stage with its mail domain (without one, e-mails are off: test/infra/stages/deploy-settings.ts).
 */
const { stages } = testStages(GIVEN_SETTINGS);

interface Statement {
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}
const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

describe.each([
  ['staging', stages.staging],
  ['production', stages.production],
] as const)('%s client e-mails', (stageName, { events }) => {
  const template = templateOf(events);
  const resources = template.toJSON().Resources as Record<
    string,
    { Type: string; Properties: Record<string, unknown> }
  >;
  const logicalId = (node: unknown) => events.getLogicalId(node as never);
  const statementsOfRole = (roleId: string): Statement[] =>
    Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .filter((p) => (p.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleId))
      .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  const mail = events.mail;
  const mailRole = logicalId(mail.mailFunction.role?.node.defaultChild);
  const dispatcherRole = logicalId(
    events.node.findChild('DispatchEventsRole').node.defaultChild as unknown as never,
  );

  it('sends from the mail queue with batch failures; its dead letters alarm', () => {
    const queueId = logicalId(mail.mailQueue.node.defaultChild);
    const dlqId = logicalId(mail.mailDeadLetterQueue.node.defaultChild);
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: Match.objectLike({
        deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
        maxReceiveCount: 5,
      }),
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const dlqAlarm = Object.entries(resources).find(([id]) => id.startsWith('MailDeadLetters'))?.[1];
    expect(JSON.stringify(dlqAlarm?.Properties.Metrics)).toContain(
      JSON.stringify({ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }),
    );
  });

  it('gives the mail function its sender, queues and configuration set, and SES only on the stage identity', () => {
    const config = stageConfig(stageName, (key) => GIVEN_SETTINGS[key]);
    const fn = resources[logicalId(mail.mailFunction.node.defaultChild)] as {
      Properties: Record<string, unknown>;
    };
    const vars = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(vars.MAIL_FROM).toBe(config.mail.from);
    // Its own timeout (not the API functions'), which its store calls' timeouts derive from.
    expect(vars.FUNCTION_TIMEOUT_SECONDS).toBe(String(fn.Properties.Timeout));
    expect(Object.keys(vars)).toEqual(
      expect.arrayContaining(['MAIL_QUEUE_URL', 'MAIL_DEAD_LETTER_QUEUE_URL', 'SES_CONFIGURATION_SET']),
    );
    const statements = statementsOfRole(mailRole);
    const ses = statements.filter((s) => asList(s.Action).some((a) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(asList(ses[0]?.Action).sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    const text = JSON.stringify(ses[0]?.Resource);
    expect(config.mail.from).toBe(`no-reply@${config.mail.domain}`);
    expect(text).toContain(`:identity/${config.mail.domain}`);
    expect(text).toContain(':configuration-set/');
    expect(text).not.toMatch(/identity\/\*/);
    const table = statements.flatMap((s) => asList(s.Action)).filter((a) => a.startsWith('dynamodb:'));
    expect([...new Set(table)].sort()).toEqual([...MAIL_ACTIONS].sort());
  });

  it('counts deliveries, bounces and complaints in CloudWatch, and alarms on bounces and complaints', () => {
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: Match.arrayWith(['delivery', 'bounce', 'complaint']),
        CloudWatchDestination: Match.anyValue(),
      }),
    });
    for (const metric of ['Bounce', 'Complaint']) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SES',
        MetricName: metric,
      });
    }
  });

  it('schedules reminders in its own group, sent by a role that may only send to the mail queue', () => {
    template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    const dispatcher = statementsOfRole(dispatcherRole);
    const scheduler = dispatcher.filter((s) => asList(s.Action).some((a) => a.startsWith('scheduler:')));
    expect(scheduler).toHaveLength(1);
    expect(asList(scheduler[0]?.Action).sort()).toEqual([...REMINDER_ACTIONS].sort());
    expect(JSON.stringify(scheduler[0]?.Resource)).toContain(':schedule/');
    const pass = dispatcher.find((s) => asList(s.Action).includes('iam:PassRole'));
    expect(pass?.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: [Match.objectLike({ Principal: { Service: 'scheduler.amazonaws.com' } })],
      }),
    });
  });
});

import { CfnOutput, Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { type IRole, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import {
  CloudWatchDimensionSource,
  ConfigurationSet,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
} from 'aws-cdk-lib/aws-ses';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { EVENT_ENTRIES } from '../shared/routes';
import { METRIC } from '../shared/telemetry/names';
import { alarmOn, stageMetric } from './observability';
import { addRouteFunction } from './stacks/route-functions';
import type { StageConfig } from './stage/config';
import { WRITE_ACTIONS } from './table-access';
import { addDeadLetterQueue, addWorkQueue } from './work-queue';

/**
 * What the mail function does on the table: read entities, settings, appointments; claim and mark e-mails;
 * add a manage link's cancel token to a manageable appointment; release a booking still pending
 * confirmation by e-mail (the booking's transaction, authorised item by item as a write route's is).
 */
export const MAIL_ACTIONS = ['dynamodb:GetItem', ...WRITE_ACTIONS];

const MAIL_TIMEOUT = Duration.seconds(30);

/** The reminder schedules' actions the dispatcher needs (one-time schedules, one per appointment). */
export const REMINDER_ACTIONS = [
  'scheduler:CreateSchedule',
  'scheduler:UpdateSchedule',
  'scheduler:DeleteSchedule',
];

/** The stage's custom MAIL FROM domain: `mail.<mail domain>`. */
export const mailFromDomainOf = (domain: string): string => `mail.${domain}`;

/**
 * How the mail function keeps under the account's SES rate (`<stage>.mailsPerSecond`): at most
 * `concurrency` copies take messages from the queue (an SQS event source takes at least 2), each sending
 * one e-mail every `intervalMs` at most, and a batch no bigger than half the timeout allows.
 */
export function mailPace(perSecond: number, timeoutSeconds = MAIL_TIMEOUT.toSeconds()) {
  const concurrency = Math.min(10, Math.max(2, Math.floor(perSecond)));
  const intervalMs = Math.ceil((1000 * concurrency) / perSecond);
  const batchSize = Math.max(1, Math.min(10, Math.floor((timeoutSeconds * 1000) / 2 / intervalMs)));
  return { concurrency, intervalMs, batchSize };
}

export interface MailResources {
  mailQueue: Queue;
  reminderDeadLetterQueue: Queue;
  identity: EmailIdentity | undefined;
  mailDeadLetterQueue: Queue;
  mailFunction: NodejsFunction;
  configurationSet: ConfigurationSet;
  reminderGroup: ScheduleGroup;
}

/**
 * Client e-mails (docs/NOTIFICATIONS.md) on the event pipeline: the dispatcher queues each change's
 * e-mail on the mail queue and keeps one EventBridge Scheduler one-time schedule per appointment for the
 * reminder, whose target is that same queue; the mail function sends through SES v2 from the stage's
 * identity only, under a configuration set that counts deliveries, bounces and complaints in CloudWatch.
 * Failed sends are retried on the webhooks' schedule, then parked in the mail dead-letter queue (alarmed).
 */
export function addMail(
  stack: Stack,
  props: { stage: StageConfig; table: TableV2; dispatcher: NodejsFunction },
): MailResources {
  const { stage, table, dispatcher } = props;
  const { region, account } = stack;

  const { queue: mailDeadLetterQueue } = addDeadLetterQueue(stack, 'MailDeadLetterQueue', {
    of: 'the mail queue',
    alarm: { id: 'MailDeadLetters', description: `Client e-mails parked as dead (${stage.name})` },
  });
  const mailQueue = addWorkQueue(stack, 'MailQueue', {
    stage,
    consumerTimeout: MAIL_TIMEOUT,
    retention: Duration.days(4),
    deadLetters: mailDeadLetterQueue,
    maxReceiveCount: 5,
    ageAlarm: {
      id: 'MailQueueAge',
      description: `Client e-mails waiting too long to be sent (${stage.name})`,
    },
  });

  const configurationSet = new ConfigurationSet(stack, 'MailConfigurationSet', {});
  // The stage's sender domain, verified by its DKIM records (outputs below); none: e-mails are off.
  const identity = stage.mail.domain
    ? new EmailIdentity(stack, 'MailIdentity', {
        identity: Identity.domain(stage.mail.domain),
        configurationSet,
        // A custom MAIL FROM domain: bounces come back to the stage's own domain, and SPF aligns with it.
        mailFromDomain: mailFromDomainOf(stage.mail.domain),
      })
    : undefined;
  if (identity) {
    [1, 2, 3].forEach((n) => {
      const name = identity[`dkimDnsTokenName${n}` as 'dkimDnsTokenName1'];
      const value = identity[`dkimDnsTokenValue${n}` as 'dkimDnsTokenValue1'];
      new CfnOutput(stack, `MailDkimRecord${n}`, {
        value: `${name} CNAME ${value}`,
        description: `DKIM record ${n} of ${stage.mail.domain}: publish it in the domain's DNS`,
      });
    });
    const from = mailFromDomainOf(stage.mail.domain as string);
    for (const [kind, value] of [
      ['Mx', `${from} MX 10 feedback-smtp.${region}.amazonses.com`],
      ['Spf', `${from} TXT "v=spf1 include:amazonses.com ~all"`],
    ] as const)
      new CfnOutput(stack, `MailFrom${kind}Record`, {
        value,
        description: `MAIL FROM domain: publish in DNS`,
      });
  }
  configurationSet.addEventDestination('MailMetrics', {
    destination: EventDestination.cloudWatchDimensions([
      { source: CloudWatchDimensionSource.MESSAGE_TAG, name: 'stage', defaultValue: stage.name },
    ]),
    events: [
      EmailSendingEvent.SEND,
      EmailSendingEvent.DELIVERY,
      EmailSendingEvent.BOUNCE,
      EmailSendingEvent.COMPLAINT,
      EmailSendingEvent.REJECT,
    ],
  });

  const mailFunction = addRouteFunction(stack, {
    name: 'send-mail',
    entry: EVENT_ENTRIES.mail,
    actions: MAIL_ACTIONS,
    stage: { ...stage, functions: { ...stage.functions, timeoutSeconds: MAIL_TIMEOUT.toSeconds() } },
    table,
  });
  const pace = mailPace(stage.mail.perSecond);
  const queues = {
    MAIL_QUEUE_URL: mailQueue.queueUrl,
    MAIL_DEAD_LETTER_QUEUE_URL: mailDeadLetterQueue.queueUrl,
    // Empty: e-mails are off (no mail domain); the sender sends nothing and says so (shared/features/mail/config.ts).
    MAIL_FROM: stage.mail.from ?? '',
  };
  for (const [key, value] of Object.entries({
    ...queues,
    SES_CONFIGURATION_SET: configurationSet.configurationSetName,
    MAIL_SEND_INTERVAL_MS: String(pace.intervalMs),
  }))
    mailFunction.addEnvironment(key, value);
  mailQueue.grantSendMessages(mailFunction);
  mailDeadLetterQueue.grantSendMessages(mailFunction);
  // Sending is allowed from the stage's verified identity only, under its configuration set; in the SES
  // sandbox, SES also checks the right on each (verified) recipient. No identity: no SES right at all.
  if (identity) {
    mailFunction.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          `arn:aws:ses:${region}:${account}:identity/${stage.mail.domain}`,
          `arn:aws:ses:${region}:${account}:configuration-set/${configurationSet.configurationSetName}`,
          ...stage.mail.sandboxRecipients.map(
            (recipient) => `arn:aws:ses:${region}:${account}:identity/${recipient}`,
          ),
        ],
      }),
    );
  }
  mailFunction.addEventSource(
    new SqsEventSource(mailQueue, {
      batchSize: pace.batchSize,
      maxConcurrency: pace.concurrency,
      reportBatchItemFailures: true,
    }),
  );

  // Reminders: one-time schedules in the stage's group, sending the reminder's job to the mail queue.
  // Removed with its stack (its schedules target this stack's mail queue): its name is fixed, so a group
  // kept after a destroy or a rolled-back create would block the next deploy ("already exists").
  const reminderGroup = new ScheduleGroup(stack, 'ReminderGroup', { removalPolicy: RemovalPolicy.DESTROY });
  const schedulerRole = new Role(stack, 'ReminderSchedulerRole', {
    assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
      conditions: { StringEquals: { 'aws:SourceAccount': account } },
    }),
    description: `Reminders (${stage.name}): EventBridge Scheduler sends each reminder to the mail queue`,
  });
  mailQueue.grantSendMessages(schedulerRole);
  // A reminder EventBridge Scheduler could not deliver (after its retries) lands here, alarmed.
  const { queue: reminderDeadLetterQueue } = addDeadLetterQueue(stack, 'ReminderDeadLetterQueue', {
    of: 'the reminder schedules',
    alarm: {
      id: 'ReminderDeadLetters',
      description: `Reminders EventBridge Scheduler could not queue (${stage.name})`,
    },
  });
  reminderDeadLetterQueue.grantSendMessages(schedulerRole);
  for (const [key, value] of Object.entries({
    ...queues,
    REMINDER_GROUP: reminderGroup.scheduleGroupName,
    REMINDER_TARGET_ARN: mailQueue.queueArn,
    REMINDER_ROLE_ARN: schedulerRole.roleArn,
    REMINDER_DEAD_LETTER_ARN: reminderDeadLetterQueue.queueArn,
  }))
    dispatcher.addEnvironment(key, value);
  mailQueue.grantSendMessages(dispatcher);
  dispatcher.addToRolePolicy(
    new PolicyStatement({
      actions: REMINDER_ACTIONS,
      resources: [`arn:aws:scheduler:${region}:${account}:schedule/${reminderGroup.scheduleGroupName}/*`],
    }),
  );
  dispatcher.addToRolePolicy(
    new PolicyStatement({
      actions: ['iam:PassRole'],
      resources: [schedulerRole.roleArn],
      conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
    }),
  );

  addMailAlarms(stack, stage);
  // An e-mail dropped because e-mails are off (no mail domain) alarms, unless they are off on purpose
  // (`<stage>.mail=off`); dead-lettered ones alarm with their queue (MailDeadLetters).
  if (!stage.mail.off) {
    alarmOn(stack, 'MailDropped', {
      description: `Client e-mails dropped unsent: e-mails are off, set ${stage.name}.mailDomain (${stage.name})`,
      metric: stageMetric(stage, METRIC.emailsOff),
      threshold: 1,
    });
  }
  NagSuppressions.addResourceSuppressions(
    dispatcher.role as IRole,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "Reminder schedules are named per appointment at run time: the grant is every schedule of this stage's reminder group, nothing else.",
        appliesTo: [{ regex: '/^Resource::arn:aws:scheduler:.*:schedule\\/.*\\/\\*$/g' }],
      },
    ],
    true,
  );
  return {
    mailQueue,
    mailDeadLetterQueue,
    reminderDeadLetterQueue,
    identity,
    mailFunction,
    configurationSet,
    reminderGroup,
  };
}

/**
 * Bounces and complaints counted by the configuration set's CloudWatch destination, and the account's SES
 * reputation (its bounce and complaint rates, which SES acts on). Dead e-mails alarm with their queue.
 */
function addMailAlarms(stack: Stack, stage: StageConfig): void {
  for (const [name, threshold] of [
    ['BounceRate', stage.mail.bounceRate],
    ['ComplaintRate', stage.mail.complaintRate],
  ] as const) {
    alarmOn(stack, `Ses${name}`, {
      description: `The SES account's ${name === 'BounceRate' ? 'bounce' : 'complaint'} rate (${stage.name}): SES reviews, then pauses, an account above 5 % bounces or 0.1 % complaints`,
      metric: new Metric({
        namespace: 'AWS/SES',
        metricName: `Reputation.${name}`,
        period: Duration.hours(1),
        statistic: 'Maximum',
      }),
      threshold,
    });
  }
  for (const [name, threshold] of [
    ['Bounce', stage.mail.bouncesPerHour],
    ['Complaint', stage.mail.complaintsPerHour],
  ] as const) {
    alarmOn(stack, `Mail${name}s`, {
      description: `${name}s of client e-mails in an hour (${stage.name}); SES reviews an account above 5 % bounces or 0.1 % complaints`,
      metric: new Metric({
        namespace: 'AWS/SES',
        metricName: name,
        dimensionsMap: { stage: stage.name },
        period: Duration.hours(1),
        statistic: 'Sum',
      }),
      threshold,
    });
  }
}

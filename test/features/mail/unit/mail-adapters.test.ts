import {
  ConflictException,
  ResourceNotFoundException,
  type SchedulerClient,
} from '@aws-sdk/client-scheduler';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { EventBridgeReminders } from '../../../../shared/features/mail/adapters/eventbridge-reminders';
import { SesTransport } from '../../../../shared/features/mail/adapters/ses-transport';
import { type MailJob, reminderName } from '../../../../shared/features/mail/domain/notifications';

/** The AWS adapters of the e-mails, each against a client that records the commands it is sent. */
type Sent = { name: string; input: Record<string, unknown> };
function recorder<T>(answer: (command: Sent) => unknown = () => ({})) {
  const sent: Sent[] = [];
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const entry = { name: command.constructor.name, input: command.input };
      sent.push(entry);
      return answer(entry);
    },
  } as unknown as T;
  return { client, sent };
}

const job: MailJob = {
  entityId: 'acme',
  kind: 'reminder',
  key: 'rem_42_2026-12-01T09:00:00',
  appointment: {
    appointment_id: 42,
    calendar_id: 1,
    status: 'confirmed',
    date: '2026-12-01',
    start_time: '09:00:00',
    end_time: '09:30:00',
    client_firstname: 'Jeanne',
    client_lastname: 'Durand',
    client_email: 'jeanne@example.com',
    client_phone: '+33612345678',
    updated_at: '2026-11-25T10:00:00.000Z',
  },
  sequence: 0,
  attempt: 1,
};
const target = {
  group: 'reminders',
  queueArn: 'arn:aws:sqs:eu-west-3:1:mail',
  roleArn: 'arn:aws:iam::1:role/r',
};

describe('SesTransport', () => {
  it('sends a simple message with text, HTML and the calendar attachment, under the configuration set', async () => {
    const { client, sent } = recorder<SESv2Client>(() => ({ MessageId: 'm-1' }));
    const where = await new SesTransport({ ses: client, configurationSet: 'booking-staging' }).send({
      from: 'Booking <no-reply@booking.example.com>',
      to: 'jeanne@example.com',
      subject: 'Subject',
      text: 'Text',
      html: '<p>Text</p>',
      attachments: [
        {
          filename: 'appointment.ics',
          contentType: 'text/calendar; method=REQUEST',
          content: 'BEGIN:VCALENDAR',
        },
      ],
    });
    expect(where).toBe('ses m-1');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.name).toBe('SendEmailCommand');
    // biome-ignore lint/suspicious/noExplicitAny: the command's input, read as JSON
    const input = sent[0]?.input as Record<string, any>;
    expect(input).toMatchObject({
      FromEmailAddress: 'Booking <no-reply@booking.example.com>',
      Destination: { ToAddresses: ['jeanne@example.com'] },
      ConfigurationSetName: 'booking-staging',
      Content: {
        Simple: {
          Subject: { Data: 'Subject', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Text' }, Html: { Data: '<p>Text</p>' } },
        },
      },
    });
    const [attachment] = input.Content.Simple.Attachments;
    expect(attachment).toMatchObject({
      FileName: 'appointment.ics',
      ContentType: 'text/calendar; method=REQUEST',
    });
    expect(Buffer.from(attachment.RawContent).toString('utf8')).toBe('BEGIN:VCALENDAR');
  });
});

describe('EventBridgeReminders', () => {
  it('creates a one-time schedule per appointment that sends the job to the mail queue and deletes itself', async () => {
    const { client, sent } = recorder<SchedulerClient>();
    await new EventBridgeReminders({ scheduler: client, target }).schedule(
      job,
      Date.parse('2026-11-30T08:00:00.400Z'),
    );
    expect(sent[0]).toMatchObject({
      name: 'CreateScheduleCommand',
      input: {
        Name: reminderName('acme', 42),
        GroupName: 'reminders',
        ScheduleExpression: 'at(2026-11-30T08:00:00)',
        ScheduleExpressionTimezone: 'UTC',
        ActionAfterCompletion: 'DELETE',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { Arn: target.queueArn, RoleArn: target.roleArn },
      },
    });
    const scheduled = sent[0]?.input.Target as { Input: string };
    expect(JSON.parse(scheduled.Input)).toEqual(job);
    expect(reminderName('acme', 42)).toMatch(/^[0-9A-Za-z_.-]{1,64}$/);
    expect(reminderName('acme', 42)).not.toContain('acme');
  });

  it('replaces the schedule of a moved appointment, and deletes it on cancellation (none: nothing to do)', async () => {
    let creates = 0;
    const { client, sent } = recorder<SchedulerClient>((command) => {
      if (command.name === 'CreateScheduleCommand' && creates++ === 0)
        throw new ConflictException({ message: 'exists', Message: 'exists', $metadata: {} });
      if (command.name === 'DeleteScheduleCommand')
        throw new ResourceNotFoundException({ message: 'none', Message: 'none', $metadata: {} });
      return {};
    });
    const reminders = new EventBridgeReminders({ scheduler: client, target });
    await reminders.schedule(job, Date.parse('2026-11-30T09:00:00Z'));
    expect(sent.map((s) => s.name)).toEqual(['CreateScheduleCommand', 'UpdateScheduleCommand']);
    await expect(reminders.cancel('acme', 42)).resolves.toBeUndefined();
    expect(sent[2]).toMatchObject({
      name: 'DeleteScheduleCommand',
      input: { Name: reminderName('acme', 42), GroupName: 'reminders' },
    });
  });
});

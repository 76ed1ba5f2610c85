import type { SchedulerClient } from '@aws-sdk/client-scheduler';
import type { DeadJobs, JobQueue } from '../../../../shared/core/jobs/ports';
import { EventBridgeReminders } from '../../../../shared/features/mail/adapters/eventbridge-reminders';
import { PacedTransport } from '../../../../shared/features/mail/adapters/ses-transport';
import { parseMailConfig } from '../../../../shared/features/mail/config';
import type { MailJob } from '../../../../shared/features/mail/domain/notifications';
import type { MailLookup, MailMessage, SentMails } from '../../../../shared/features/mail/ports';
import { MailSender } from '../../../../shared/features/mail/services/mail-sender';

/**
 * A stage without a mail domain (infra/stage/config.ts) deploys with MAIL_FROM empty: e-mails are off. The
 * sender then sends nothing, counts each message it drops, and says so once in its log. Also: the pacing
 * that keeps a mail function under the stage's SES rate, and the reminders' dead-letter queue.
 */
const job: MailJob = {
  entityId: 'acme',
  kind: 'created',
  key: 'evt_1',
  appointment: {
    appointment_id: 42,
    calendar_id: 1,
    status: 'confirmed',
    date: '2026-12-01',
    start_time: '09:00:00',
    end_time: '09:30:00',
    client_firstname: 'Jeanne',
    client_lastname: 'Durand',
    client_email: 'jeanne@inbox.test',
    client_phone: '+33612345678',
    updated_at: '2026-11-25T10:00:00.000Z',
  },
  sequence: 0,
  attempt: 1,
};

/** Ports that fail the test if the sender touches them at all. */
const untouched = <T>(name: string): T =>
  new Proxy({} as object, {
    get: (_target, property) => () => {
      throw new Error(`${name}.${String(property)} called while e-mails are off`);
    },
  }) as T;

describe('e-mails off', () => {
  it('reads an empty MAIL_FROM as off, an unset one as the local sender', () => {
    expect(parseMailConfig({ MAIL_FROM: '' }).from).toBeUndefined();
    expect(parseMailConfig({}).from).toBe('Booking <no-reply@booking.local>');
    expect(parseMailConfig({ MAIL_FROM: 'no-reply@booking.test' }).from).toBe('no-reply@booking.test');
    expect(parseMailConfig({}).sendIntervalMs).toBe(0);
    expect(parseMailConfig({ MAIL_SEND_INTERVAL_MS: '2000' }).sendIntervalMs).toBe(2000);
  });

  it('sends nothing, counts every message dropped, and logs it once', async () => {
    const counted: string[] = [];
    const lines: string[] = [];
    const sender = new MailSender({
      lookup: untouched<MailLookup>('lookup'),
      sent: untouched<SentMails>('sent'),
      queue: untouched<JobQueue<MailJob>>('queue'),
      dead: untouched<DeadJobs<MailJob>>('dead'),
      transport: untouched('transport'),
      from: undefined,
      log: (line) => lines.push(line),
      metrics: { email: (result) => counted.push(result) },
    });
    expect(await sender.handle(job)).toBe('off');
    expect(await sender.handle({ ...job, key: 'evt_2' })).toBe('off');
    expect(counted).toEqual(['off', 'off']);
    expect(lines).toEqual(['e-mails are off: this stage has no mail domain, nothing is sent']);
  });
});

describe('PacedTransport', () => {
  it('keeps sends the interval apart, and lets the first one go at once', async () => {
    let now = 1_000;
    const waits: number[] = [];
    const sent: string[] = [];
    const transport = new PacedTransport({
      inner: {
        send: async (message: MailMessage) => {
          sent.push(message.to);
          return message.to;
        },
      },
      intervalMs: 2000,
      clock: {
        now: () => now,
        sleep: async (ms) => {
          waits.push(ms);
        },
      },
    });
    const message = (to: string) => ({
      from: 'a@b.test',
      to,
      subject: '',
      text: '',
      html: '',
      attachments: [],
    });
    await Promise.all([
      transport.send(message('1')),
      transport.send(message('2')),
      transport.send(message('3')),
    ]);
    expect(waits).toEqual([2000, 4000]);
    expect(sent.sort()).toEqual(['1', '2', '3']);
    // Long after, no wait.
    now = 100_000;
    await transport.send(message('4'));
    expect(waits).toEqual([2000, 4000]);
  });
});

describe('EventBridgeReminders', () => {
  it('gives each schedule the dead-letter queue when the stage has one', async () => {
    const inputs: Array<Record<string, unknown>> = [];
    const client = {
      send: async (command: { input: Record<string, unknown> }) => {
        inputs.push(command.input);
        return {};
      },
    } as unknown as SchedulerClient;
    const target = {
      group: 'reminders',
      queueArn: 'arn:aws:sqs:eu-west-3:1:mail',
      roleArn: 'arn:aws:iam::1:role/r',
    };
    await new EventBridgeReminders({
      scheduler: client,
      target: { ...target, deadLetterArn: 'arn:aws:sqs:eu-west-3:1:dead' },
    }).schedule(job, Date.UTC(2026, 11, 1, 8));
    await new EventBridgeReminders({ scheduler: client, target }).schedule(job, Date.UTC(2026, 11, 1, 8));
    const targets = inputs.map((input) => input.Target as Record<string, unknown>);
    expect(targets[0]?.DeadLetterConfig).toEqual({ Arn: 'arn:aws:sqs:eu-west-3:1:dead' });
    expect(targets[1]?.DeadLetterConfig).toBeUndefined();
  });
});

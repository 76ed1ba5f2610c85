import { getItem } from '../../../../shared/db/items';
import * as keys from '../../../../shared/db/keys';
import type { AppointmentRecord } from '../../../../shared/features/booking/domain/appointment';
import { AppointmentRepository } from '../../../../shared/features/booking/store/appointment-repository';
import { type MailJob, mailAppointmentOf } from '../../../../shared/features/mail/domain/notifications';
import type { MailMessage } from '../../../../shared/features/mail/ports';
import { TimerQueue } from '../../../../shared/local/pipelines/timer-queue';
import { businessMetrics } from '../../../../shared/telemetry/business-metrics';
import { mailPipeline, table } from '../../../../shared/wiring';
import { viaHandler } from '../../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../../support/fixtures';
import { until } from '../../../support/mail';

/** The sender's retries and dead letters, with a transport that fails as SES or SMTP can (no stream here). */
const EMAIL = 'failing.client@example.com';

async function bookedJob(): Promise<MailJob> {
  const entity = await newEntity({
    hours: ALWAYS_OPEN,
    settings: { cancel_url: 'https://www.example.fr/cancel?token={cancel_token}' },
  });
  const v2 = (path: string, body: unknown) =>
    viaHandler('POST', `/api/v2${path}`, { headers: entity.v2, body });
  const slot = (await v2('/calendar-slots/generate', { date: futureWorkingDate(40) })).json.data[0];
  const booked = await v2('/appointments', {
    client_name: 'Jeanne Durand',
    client_phone: mobile(700),
    client_email: EMAIL,
    slot_id: slot.id,
  });
  expect(booked.status).toBe(200);
  const item = await getItem(table(), keys.appointment(entity.entity_account_id, booked.json.data.id));
  // Kept for the confirmation's link until it is sent (or given up).
  expect(item?.mail_cancel_token).toBe(booked.json.data.cancel_token);
  return {
    entityId: entity.entity_account_id,
    kind: 'created',
    key: `evt_test_${booked.json.data.id}`,
    appointment: mailAppointmentOf(
      (await new AppointmentRepository(table()).get(
        entity.entity_account_id,
        booked.json.data.id,
      )) as AppointmentRecord,
    ),
    sequence: 0,
    cancelLink: true,
    attempt: 1,
  };
}

function pipeline(send: (message: MailMessage) => Promise<string>) {
  const lines: string[] = [];
  const queue = new TimerQueue<MailJob>();
  const { sender } = mailPipeline({
    queue,
    reminders: { schedule: async () => undefined, cancel: async () => undefined },
    transport: { send },
    // The webhooks' schedule, 100,000 times shorter: about a second in all.
    retryScale: 0.00001,
    log: (line, fields) => lines.push(`${line} ${JSON.stringify(fields)}`),
  });
  queue.consume((job) => sender.handle(job));
  return { queue, sender, lines };
}

describe('the mail sender', () => {
  it('retries a failing send on the schedule, then parks it as dead and forgets the cancel token', async () => {
    const job = await bookedJob();
    let attempts = 0;
    const { queue, lines } = pipeline(async (message) => {
      attempts++;
      throw new Error(`554 Message rejected: ${message.to} is not verified`);
    });
    await queue.enqueue(job, 0);
    await until('the job parked', () => queue.parked.length === 1);
    expect(attempts).toBe(8);
    expect(queue.parked[0]?.reason).toBe('Error (attempt 8 of 8)');
    expect(lines.filter((l) => l.startsWith('mail not sent'))).toHaveLength(8);
    expect(lines.join('\n')).not.toContain(EMAIL);
    const item = await getItem(table(), keys.appointment(job.entityId, job.appointment.appointment_id));
    expect(item?.mail_cancel_token).toBeUndefined();
    await queue.stop();

    // The claim was given back at each failure: a later copy sends it, once.
    const sent: MailMessage[] = [];
    const working = pipeline(async (message) => {
      sent.push(message);
      return 'test';
    });
    expect(await working.sender.handle(job)).toBe('sent');
    expect(await working.sender.handle(job)).toBe('duplicate');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(EMAIL);
    await working.queue.stop();
  });

  it('sends after a failure that passes: one e-mail, counted as one failure and one sent', async () => {
    const emails = jest.spyOn(businessMetrics, 'email');
    const job = await bookedJob();
    const sent: MailMessage[] = [];
    let attempts = 0;
    const { queue } = pipeline(async (message) => {
      if (++attempts === 1) throw new Error('421 try again later');
      sent.push(message);
      return 'test';
    });
    await queue.enqueue(job, 0);
    await until('the e-mail sent', () => sent.length === 1);
    await until('the queue idle', () => queue.pending === 0);
    expect(attempts).toBe(2);
    expect(sent).toHaveLength(1);
    expect(queue.parked).toEqual([]);
    expect(emails.mock.calls).toEqual([['failed'], ['sent']]);
    emails.mockRestore();
    await queue.stop();
  });
});

import { getItem } from '../../../../shared/db/items';
import * as keys from '../../../../shared/db/keys';
import { linkDigestsOf } from '../../../../shared/db/token-digests';
import { sha256Hex } from '../../../../shared/features/access/domain/tokens';
import type { AppointmentRecord } from '../../../../shared/features/booking/domain/appointment';
import { AppointmentRepository } from '../../../../shared/features/booking/store/appointment-repository';
import { type MailJob, mailAppointmentOf } from '../../../../shared/features/mail/domain/notifications';
import type { MailMessage } from '../../../../shared/features/mail/ports';
import { TimerQueue } from '../../../../shared/local/pipelines/timer-queue';
import { mailPipeline, table } from '../../../../shared/wiring';
import { viaHandler } from '../../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../../support/fixtures';
import { until } from '../../../support/mail';

/**
 * A retried e-mail re-sends the same manage link (docs/CONTRACT.md#cancel-tokens): each failed try of one
 * e-mail job used to mint a token of its own and keep its digest, so a few failures pushed the links of
 * earlier e-mails out of the appointment's five although nothing was sent in between.
 */
const PUBLIC_BASE = 'https://api.booking.test';
/** Tries that fail before the send goes through: more than the five e-mail tokens an appointment keeps. */
const FAILURES = 6;

/** The token of an e-mail's manage link (`<base>/manage#<token>`). */
function tokenOf(message: MailMessage | undefined): string {
  const token = /\/manage#([A-Za-z0-9_.-]+)/.exec(message?.text ?? '')?.[1];
  if (!token) throw new Error('no manage link');
  return token;
}

/** What a client's link gets: the appointment's look-up with the token as its only credential. */
async function lookUp(token: string) {
  const answer = await viaHandler('POST', '/api/v2/appointments/lookup', {
    headers: { 'Access-Token': token },
    body: { cancel_token: token },
  });
  return { status: answer.status, id: answer.json.data?.appointment?.id as number | undefined };
}

/** A sender on a timer queue whose retries take milliseconds, with the given transport. */
function pipeline(send: (message: MailMessage) => Promise<string>) {
  const queue = new TimerQueue<MailJob>();
  const { sender } = mailPipeline({
    queue,
    reminders: { schedule: async () => undefined, cancel: async () => undefined },
    transport: { send },
    retryScale: 0.00001,
    publicBaseUrl: PUBLIC_BASE,
    log: () => undefined,
  });
  queue.consume((job) => sender.handle(job));
  return { queue, sender };
}

/** A booked appointment with an e-mail address, and a job of an e-mail of its with a link of its own. */
async function booked(n: number) {
  const entity = await newEntity({ hours: ALWAYS_OPEN });
  const v2 = (path: string, body: unknown) =>
    viaHandler('POST', `/api/v2${path}`, { headers: entity.v2, body });
  const slot = (await v2('/calendar-slots/generate', { date: futureWorkingDate(41) })).json.data[0];
  const answer = await v2('/appointments', {
    client_name: 'Jeanne Durand',
    client_phone: mobile(n),
    client_email: 'retried.link@example.com',
    slot_id: slot.id,
  });
  expect(answer.status).toBe(200);
  const id = answer.json.data.id as number;
  const record = (await new AppointmentRepository(table()).get(
    entity.entity_account_id,
    id,
  )) as AppointmentRecord;
  const job = (key: string): MailJob => ({
    entityId: entity.entity_account_id,
    kind: 'updated',
    key,
    appointment: mailAppointmentOf(record),
    sequence: 1,
    attempt: 1,
  });
  return { entityId: entity.entity_account_id, id, job };
}

describe('a retried e-mail', () => {
  it('re-sends the same link: its token is kept once, and an earlier e-mail’s link still works', async () => {
    const { entityId, id, job } = await booked(741);

    // An earlier e-mail, sent at once: its link works.
    const earlier: MailMessage[] = [];
    const first = pipeline(async (message) => {
      earlier.push(message);
      return 'test';
    });
    expect(await first.sender.handle(job(`evt_earlier_${id}`))).toBe('sent');
    await first.queue.stop();
    const earlierToken = tokenOf(earlier[0]);
    expect(await lookUp(earlierToken)).toEqual({ status: 200, id });

    // The next e-mail fails FAILURES times, then goes: one message, whose link is the one every try made.
    const tried: string[] = [];
    const sent: MailMessage[] = [];
    const retried = pipeline(async (message) => {
      tried.push(tokenOf(message));
      if (tried.length <= FAILURES) throw new Error('421 try again later');
      sent.push(message);
      return 'test';
    });
    await retried.queue.enqueue(job(`evt_retried_${id}`), 0);
    await until('the e-mail sent', () => sent.length === 1);
    await until('the queue idle', () => retried.queue.pending === 0);
    await retried.queue.stop();
    expect(retried.queue.parked).toEqual([]);
    expect(tried).toHaveLength(FAILURES + 1);
    // The earlier e-mail's link still works: nothing was sent in between.
    expect(await lookUp(earlierToken)).toEqual({ status: 200, id });
    const sentToken = tokenOf(sent[0]);
    expect(new Set(tried)).toEqual(new Set([sentToken]));
    expect(sentToken).toMatch(/^ct_[A-Za-z0-9_-]+\.[1-9][0-9]*\.[A-Za-z0-9_-]{43}$/);
    expect(sentToken).not.toBe(earlierToken);

    // The appointment keeps the two e-mails' tokens, each once; both links work.
    const item = await getItem(table(), keys.appointment(entityId, id));
    expect(linkDigestsOf(item)).toEqual([sha256Hex(earlierToken), sha256Hex(sentToken)]);
    expect(await lookUp(sentToken)).toEqual({ status: 200, id });
    // The e-mail's record keeps no secret once it is sent.
    const mail = await getItem(table(), keys.mail(entityId, `evt_retried_${id}`));
    expect(mail).toMatchObject({ state: 'sent' });
    expect(Object.keys(mail ?? {}).filter((name) => /secret|token/.test(name))).toEqual([]);
  });

  it('given up, keeps its one token and drops its secret; a later copy sends a link that works', async () => {
    const { entityId, id, job } = await booked(742);
    const tried: string[] = [];
    const failing = pipeline(async (message) => {
      tried.push(tokenOf(message));
      throw new Error('554 rejected');
    });
    await failing.queue.enqueue(job(`evt_given_up_${id}`), 0);
    await until('the job parked', () => failing.queue.parked.length === 1);
    await failing.queue.stop();
    // Every try carried one link, whose digest the appointment keeps once.
    expect(tried).toHaveLength(8);
    expect(new Set(tried).size).toBe(1);
    const appointment = await getItem(table(), keys.appointment(entityId, id));
    expect(linkDigestsOf(appointment)).toEqual([sha256Hex(tried[0] ?? '')]);
    const mail = await getItem(table(), keys.mail(entityId, `evt_given_up_${id}`));
    expect(mail).toMatchObject({ state: 'sending', held_until: 0 });
    expect(mail?.link_secret).toBeUndefined();

    // A copy handled later (a dead letter sent again): one e-mail, its link works.
    const sent: MailMessage[] = [];
    const working = pipeline(async (message) => {
      sent.push(message);
      return 'test';
    });
    expect(await working.sender.handle(job(`evt_given_up_${id}`))).toBe('sent');
    await working.queue.stop();
    expect(await lookUp(tokenOf(sent[0]))).toEqual({ status: 200, id });
  });
});

import type { BusinessMetrics } from '../../../core/business-metrics';
import { enqueueAfter, heldBack } from '../../../core/jobs/job-queue';
import type { DeadJobs, JobQueue } from '../../../core/jobs/ports';
import { emailCancelToken, sha256Hex } from '../../access';
import { isManageable } from '../../booking';
import { businessName, localeOf, manageLinkOf } from '../../settings';
import { RETRY_SCHEDULE_SECONDS } from '../../webhooks';
import { appointmentIcs } from '../domain/ics';
import { inviteSummary, mailContent } from '../domain/mail-content';
import {
  calendarUid,
  MAIL_CAP_PER_HOUR,
  type MailJob,
  mailCapAddress,
  mailCapWindow,
} from '../domain/notifications';
import { businessSender, replyToOf, senderAddress } from '../domain/sender';
import type { MailCap, MailLookup, MailMessage, MailTransport, SentMails } from '../ports';
import { noticeMessage } from './business-mail';
import { mailPrice } from './mail-price';

/** What the sender works with: its stores and transport, then the optional parts (clock, log, metrics). */
export interface MailSenderDeps {
  lookup: MailLookup;
  sent: SentMails;
  queue: JobQueue<MailJob>;
  dead: DeadJobs<MailJob>;
  transport: MailTransport;
  /**
   * The sender, `Name <address>` or an address (of the stage's verified SES domain on AWS). Undefined: the
   * stage's e-mails are off (no mail domain): every message is dropped unsent, counted (`off`), and said
   * once in the log.
   */
  from: string | undefined;
  /** The stage's public base URL: the manage page's links go to `<base>/manage#<token>` without `cancel_url`. */
  publicBaseUrl?: string | undefined;
  /** Seconds before each retry: the webhooks' schedule unless a test shortens it. */
  schedule?: readonly number[];
  now?: () => Date;
  /** One line per message: never an address, a name or a body. */
  log?: (line: string, fields: Record<string, unknown>) => void;
  /** Counts e-mails the provider took (`sent`), refused (`failed`) or the cap skipped (`capped`). */
  metrics?: Pick<BusinessMetrics, 'email'>;
  /** The hourly cap of e-mails to one address (docs/CONTRACT.md#mail-cap); absent: no cap. */
  cap?: MailCap;
}

export type MailOutcome =
  | 'sent'
  | 'duplicate'
  | 'dropped'
  | 'retrying'
  | 'dead'
  | 'waiting'
  | 'busy'
  | 'capped'
  | 'off';

/** How long a sender holds an e-mail's claim: longer than one attempt can take. */
const CLAIM_MS = 60_000;

/** Tries to mark a sent e-mail before its job fails (each with the SDK's own retries). */
const MARK_TRIES = 4;

/**
 * Sends one queued e-mail (docs/NOTIFICATIONS.md): the text and HTML in the entity's language with the
 * appointment.ics, at least once per change and once only when nothing failed (a claim per e-mail key,
 * marked sent after the transport took it). A failed send is retried on the webhooks' schedule, then
 * parked as dead. A reminder whose appointment was cancelled or moved meanwhile is dropped.
 */
export class MailSender {
  private readonly schedule: readonly number[];
  private readonly now: () => Date;
  private saidOff = false;
  private readonly lookup: MailLookup;
  private readonly sent: SentMails;
  private readonly queue: JobQueue<MailJob>;
  private readonly dead: DeadJobs<MailJob>;
  private readonly transport: MailTransport;

  constructor(private readonly deps: MailSenderDeps) {
    this.lookup = deps.lookup;
    this.sent = deps.sent;
    this.queue = deps.queue;
    this.dead = deps.dead;
    this.transport = deps.transport;
    this.schedule = deps.schedule ?? RETRY_SCHEDULE_SECONDS;
    this.now = deps.now ?? (() => new Date());
  }

  /** Handles one job taken from the queue. Throws only when the store or queue fails (then retried). */
  async handle(job: MailJob): Promise<MailOutcome> {
    const from = this.deps.from;
    if (from === undefined) return this.off();
    if (await heldBack(this.queue, job, this.now().getTime())) return 'waiting';
    const entity = await this.lookup.entity(job.entityId);
    if (!entity || !(job.notice || job.appointment.client_email)) return 'dropped';
    if (job.kind === 'reminder' && !(await this.reminderStillDue(job))) return 'dropped';

    const claim = await this.sent.claim(job.entityId, job.key, CLAIM_MS);
    if (claim.state === 'sent') {
      // A copy of a job whose e-mail went out but whose last step failed: the token goes now.
      if (job.kind === 'created' && job.cancelLink)
        await this.lookup.forgetCancelToken(job.entityId, job.appointment.appointment_id);
      return 'duplicate';
    }
    // Another sender holds it: this copy comes back after the claim could have run out.
    if (claim.state === 'busy') {
      await this.queue.enqueue(job, CLAIM_MS / 1000);
      return 'busy';
    }
    // The business's notice of the change (services/business-mail.ts): never capped, no manage link.
    if (job.notice) return this.deliver(job, await noticeMessage({ lookup: this.lookup, job, entity, from }));

    const a = job.appointment;
    if (job.capped && !(await this.admitted(job, a.client_email as string))) {
      // Over the cap: skipped for good (marked sent, so no copy tries again), counted, logged without the address.
      await this.sent.markSent(job.entityId, job.key);
      this.deps.metrics?.email('capped');
      this.log('mail skipped: over the hourly cap of one address', job, { cap: MAIL_CAP_PER_HOUR });
      if (job.kind === 'created' && job.cancelLink)
        await this.lookup.forgetCancelToken(job.entityId, a.appointment_id);
      return 'capped';
    }
    const { settings } = entity;
    const name = businessName(settings, entity.name);
    const manageLink = await this.manageLink(job, settings.cancel_url, claim.linkSecret);
    const calendarName =
      a.service_name && this.lookup.calendarName
        ? await this.lookup.calendarName(job.entityId, a.calendar_id)
        : null;
    const content = mailContent(job.kind, a, {
      entityName: name,
      timezone: settings.timezone,
      language: settings.language,
      locale: localeOf(settings),
      address: settings.address,
      manageLink,
      confirming: job.kind === 'created' && job.capped === true && a.status === 'pending',
      ...(calendarName ? { calendarName } : {}),
      price: await mailPrice(this.lookup, job.entityId, a, settings),
      brand: { color: settings.brand_color, logo: settings.logo_url },
    });
    const client = `${a.client_firstname} ${a.client_lastname}`.trim();
    const ics = appointmentIcs(
      {
        uid: calendarUid(job.entityId, a.appointment_id),
        sequence: job.sequence,
        date: a.date,
        start_time: a.start_time,
        end_time: a.end_time,
        timezone: settings.timezone,
        summary: inviteSummary(a.service_name, name, settings.language),
        description: manageLink ? `${content.subject}\n${manageLink}` : content.subject,
        cancelled: a.status === 'cancelled',
        stamp: new Date(a.updated_at),
        location: settings.address,
        attendee: { name: client, email: a.client_email as string },
      },
      { name, email: senderAddress(from) },
    );
    const method = a.status === 'cancelled' ? 'CANCEL' : 'REQUEST';
    const replyTo = replyToOf(settings);
    return this.deliver(job, {
      from: businessSender(name, from),
      ...(replyTo ? { replyTo } : {}),
      to: a.client_email as string,
      subject: content.subject,
      text: content.text,
      html: content.html,
      attachments: [
        {
          filename: 'appointment.ics',
          contentType: `text/calendar; charset=utf-8; method=${method}`,
          content: ics,
        },
      ],
    });
  }

  /** Hands one message to the transport: marked sent once it took it; else released, and retried or parked. */
  private async deliver(job: MailJob, message: MailMessage): Promise<MailOutcome> {
    let where: string;
    try {
      where = await this.transport.send(message);
    } catch (error) {
      return this.failed(job, (error as Error).name || 'send failed');
    }
    await this.marked(job);
    this.deps.metrics?.email('sent');
    this.log('mail sent', job, { to: where });
    if (job.kind === 'created' && job.cancelLink)
      await this.lookup.forgetCancelToken(job.entityId, job.appointment.appointment_id);
    return 'sent';
  }

  /**
   * The e-mail went out: it is marked sent, tried again a few times when the store fails (the SDK's own
   * retries spent), since a copy of the job would find the claim held, wait for it to run out, and send
   * the e-mail twice.
   */
  private async marked(job: MailJob): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.sent.markSent(job.entityId, job.key);
      } catch (error) {
        if (attempt >= MARK_TRIES) throw error;
        await new Promise((done) => setTimeout(done, 100 * 2 ** attempt));
      }
    }
  }

  /** Counts the e-mail against its address's hourly cap; true when it may go. */
  private admitted(job: MailJob, address: string): Promise<boolean> {
    if (!this.deps.cap) return Promise.resolve(true);
    const hash = sha256Hex(mailCapAddress(address));
    const window = mailCapWindow(this.now().getTime());
    return this.deps.cap.admit(job.entityId, hash, window, MAIL_CAP_PER_HOUR);
  }

  /**
   * The manage link of a live appointment's e-mail (docs/CONTRACT.md#notifications), or none: a
   * cancellation, a completed appointment, or no page to link to. The confirmation's carries the booking's
   * token when the job has it; any other a token of its own, derived from the e-mail's link secret and key
   * (every retry sends the same link), of which only the hash is stored, while the appointment is manageable.
   */
  private async manageLink(
    job: MailJob,
    cancelUrl: string | null,
    linkSecret: Uint8Array,
  ): Promise<string | undefined> {
    if (job.kind === 'cancelled' || !isManageable(job.appointment.status)) return undefined;
    if (!cancelUrl && !this.deps.publicBaseUrl) return undefined;
    // The confirmation's token is read from the appointment now: no job carries it.
    let token =
      job.kind === 'created' && job.cancelLink
        ? await this.lookup.cancelToken(job.entityId, job.appointment.appointment_id)
        : null;
    if (!token) {
      const id = job.appointment.appointment_id;
      const fresh = emailCancelToken({ entityId: job.entityId, appointmentId: id }, linkSecret, job.key);
      if (!(await this.lookup.addCancelToken(job.entityId, id, sha256Hex(fresh)))) return undefined;
      token = fresh;
    }
    return manageLinkOf(cancelUrl, this.deps.publicBaseUrl, token);
  }

  /** E-mails are off: the message is dropped unsent and counted; the first one of the process is logged. */
  private off(): MailOutcome {
    this.deps.metrics?.email('off');
    if (!this.saidOff) {
      this.saidOff = true;
      this.deps.log?.('e-mails are off: this stage has no mail domain, nothing is sent', {});
    }
    return 'off';
  }

  /**
   * A reminder goes only to an appointment that still takes place at the start it was scheduled for, and
   * not to one already marked no-show (the business may mark it before the start).
   */
  private async reminderStillDue(job: MailJob): Promise<boolean> {
    const now = await this.lookup.appointment(job.entityId, job.appointment.appointment_id);
    return (
      now !== null &&
      now.status !== 'cancelled' &&
      now.status !== 'no_show' &&
      now.date === job.appointment.date &&
      now.start_time === job.appointment.start_time
    );
  }

  private async failed(job: MailJob, reason: string): Promise<MailOutcome> {
    const total = this.schedule.length + 1;
    const delay = this.schedule[job.attempt - 1];
    await this.sent.release(job.entityId, job.key, { givenUp: delay === undefined });
    this.deps.metrics?.email('failed');
    this.log('mail not sent', job, { reason, attempt: `${job.attempt} of ${total}` });
    if (delay !== undefined) {
      await enqueueAfter(this.queue, { ...job, attempt: job.attempt + 1 }, delay, this.now().getTime());
      return 'retrying';
    }
    // The confirmation will not go: its cancel token is not kept any longer either (forgotten before the
    // job is parked, so that a parked job never leaves a token behind).
    if (job.kind === 'created' && job.cancelLink)
      await this.lookup.forgetCancelToken(job.entityId, job.appointment.appointment_id);
    await this.dead.park(job, `${reason} (attempt ${job.attempt} of ${total})`);
    return 'dead';
  }

  private log(message: string, job: MailJob, extra: Record<string, unknown>): void {
    this.deps.log?.(message, {
      entity: job.entityId,
      appointment: job.appointment.appointment_id,
      kind: job.kind,
      key: job.key,
      ...extra,
    });
  }
}

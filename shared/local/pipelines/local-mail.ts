import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobQueue } from '../../core/jobs/ports';
import type { MailJob } from '../../features/mail/domain/notifications';
import type { MailMessage, MailTransport, ReminderScheduler } from '../../features/mail/ports';

/*
 * nodemailer (about 80 ms of CPU to load, measured) is loaded when the first e-mail is built or the SMTP
 * transport made, not with the local runtime: most runs of `npm start`, and most tests' servers, send none.
 */

/** A message as MIME (RFC 5322): text and HTML alternatives and the attachments, built by nodemailer. */
export function mimeOf(message: MailMessage): Promise<Buffer> {
  const { default: MailComposer } =
    require('nodemailer/lib/mail-composer') as typeof import('nodemailer/lib/mail-composer');
  return new MailComposer({ ...message }).compile().build();
}

/** A real SMTP conversation with the server of SMTP_URL (smtp://host:port, smtps://…), by nodemailer. */
export class SmtpTransport implements MailTransport {
  private readonly transport: import('nodemailer').Transporter;
  constructor(url: string) {
    const { createTransport } = require('nodemailer') as typeof import('nodemailer');
    this.transport = createTransport(url);
  }
  async send(message: MailMessage): Promise<string> {
    const info = await this.transport.sendMail({ ...message });
    return `smtp ${info.messageId}`;
  }
  close(): void {
    this.transport.close();
  }
}

/** Each e-mail as one .eml file of the outbox folder (open it with any mail client). */
export class OutboxTransport implements MailTransport {
  private count = 0;
  constructor(readonly folder: string) {}
  async send(message: MailMessage): Promise<string> {
    await mkdir(this.folder, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const name = `${stamp}-${process.pid}-${++this.count}.eml`;
    // Written under another name, then renamed: a reader of the folder (GET /_outbox, a mail
    // client, a test) never sees a half-written .eml.
    const partial = join(this.folder, `${name}.partial`);
    await writeFile(partial, await mimeOf(message));
    await rename(partial, join(this.folder, name));
    return `outbox ${name}`;
  }
}

/** Node timers wait at most about 24.8 days: longer waits are armed again in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Reminders on this machine: a timer per appointment (scheduling again replaces it, cancelling clears
 * it), which puts the reminder's job on the mail queue when its time comes. Time is read from `now`, so
 * tests move the clock instead of waiting a day. Reminders live in the running process: those armed
 * before a restart of `npm start` are not armed again.
 */
export interface TimerRemindersDeps {
  /** The mail queue a reminder lands in when due. */
  queue: JobQueue<MailJob>;
  now?: (() => Date) | undefined;
}

export class TimerReminders implements ReminderScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly jobs = new Map<string, MailJob>();
  /** When each armed reminder is due (ms), by appointment: for tests and logs. */
  readonly due = new Map<string, number>();

  private readonly queue: JobQueue<MailJob>;
  private readonly now: () => Date;

  constructor(deps: TimerRemindersDeps) {
    this.queue = deps.queue;
    this.now = deps.now ?? (() => new Date());
  }

  async schedule(job: MailJob, atMs: number): Promise<void> {
    const id = `${job.entityId}/${job.appointment.appointment_id}${job.release ? '/release' : ''}`;
    this.clear(id);
    this.due.set(id, atMs);
    this.jobs.set(id, job);
    const arm = () => {
      const wait = atMs - this.now().getTime();
      const timer = setTimeout(
        () => {
          if (atMs - this.now().getTime() > 0 && wait > MAX_TIMER_MS) return arm();
          this.fire(id);
        },
        Math.max(0, Math.min(wait, MAX_TIMER_MS)),
      );
      timer.unref();
      this.timers.set(id, timer);
    };
    arm();
  }

  async cancel(entityId: string, appointmentId: number): Promise<void> {
    this.clear(`${entityId}/${appointmentId}`);
  }

  /** Sends every reminder whose time has come by the clock now (a clock moved forward, in tests); their ids. */
  runDue(): string[] {
    const due = [...this.due].filter(([, at]) => at <= this.now().getTime()).map(([id]) => id);
    for (const id of due) this.fire(id);
    return due;
  }

  stop(): void {
    for (const id of [...this.timers.keys()]) this.clear(id);
  }

  private fire(id: string): void {
    const job = this.jobs.get(id);
    this.clear(id);
    if (job) void this.queue.enqueue(job, 0);
  }

  private clear(id: string): void {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
    this.due.delete(id);
    this.jobs.delete(id);
  }
}

import { config } from '../../config';
import type { MailJob } from '../../features/mail/domain/notifications';
import type { MailTransport } from '../../features/mail/ports';
import { outsideRequest } from '../../http/scope';
import { instrumented } from '../../telemetry/invocation';
import { EVENT_ROUTES } from '../../telemetry/names';
import {
  documentClient,
  eventPipeline,
  mailPipeline,
  openDaysAfterChanges,
  openDaysOfAll,
  runOpenDaysJob,
  useSignInTransport,
} from '../../wiring';
import { OutboxTransport, SmtpTransport, TimerReminders } from './local-mail';
import { LocalOpenDaysQueue } from './local-open-days';
import { outboxFolder } from './outbox';
import { startStreamPoller } from './stream-poller';
import { TimerDeliveryQueue, TimerQueue } from './timer-queue';

export interface LocalEvents {
  queue: TimerDeliveryQueue;
  mailQueue: TimerQueue<MailJob>;
  /** One job per entity's open-days run, several under way at once. */
  openDaysQueue: LocalOpenDaysQueue;
  reminders: TimerReminders;
  /** Where e-mails go: `SMTP_URL`'s server, else the outbox folder. */
  mailTarget: string;
  /**
   * Stops reading the stream once the read under way is handled (the bench times single requests on a
   * quiet server, as on AWS, where the stream's consumers never share a booking's function); its records
   * wait in the stream and are read after `resume`.
   */
  pause(): Promise<void>;
  resume(): void;
  stop(): Promise<void>;
}

export interface LocalMailOptions {
  /** Default: SMTP_URL when set, else .eml files in OUTBOX_DIR (default ./.data/outbox). */
  transport?: MailTransport;
  /** The clock of the reminders (tests move it). */
  now?: () => Date;
  /** The base of the e-mails' manage links (tests; else PUBLIC_BASE_URL). */
  publicBaseUrl?: string;
}

/** The local mail transport: a real SMTP conversation when SMTP_URL is set, else the outbox folder. */
function localTransport(env: NodeJS.ProcessEnv): {
  transport: MailTransport;
  target: string;
  close?: () => void;
} {
  if (env.SMTP_URL) {
    const smtp = new SmtpTransport(env.SMTP_URL);
    return { transport: smtp, target: 'SMTP_URL', close: () => smtp.close() };
  }
  const folder = outboxFolder(env);
  return { transport: new OutboxTransport(folder), target: folder };
}

/**
 * One background invocation (a stream batch, an e-mail, a delivery, an open-days run), outside the scope of
 * the request whose write woke it: that request's store deadline passes with it, and work it woke (the
 * poller's next reads, a timer set meanwhile) would fail every store call once it had passed.
 */
const background = <T>(route: string, run: () => Promise<T>): Promise<T> =>
  outsideRequest(() => instrumented(route, run));

/** The store calls that write (and so may add stream records). */
const WRITES = /^(Put|Update|Delete|BatchWrite|TransactWrite)/;
let pollers = 0;

/** How often the local server runs the scheduled open-days run (AWS: hourly; a change acts at once). */
export const OPEN_DAYS_EVERY_MS = 60_000;

/**
 * The booking events on this machine: the table's stream read from DynamoDB Local (every 250 ms while
 * records come, down to every 2 s when idle, at once after this process's writes) into the
 * same dispatcher as on AWS, and deliveries on in-process timers instead of SQS. The same records reach
 * the open-days fan-out (settings, hours or closures changed), which also runs every minute for new days:
 * each entity's run is its own job on an in-process queue, several under way at once, as on AWS.
 */
export function startLocalEvents(
  options: {
    log?: (line: string) => void;
    retryScale?: number;
    intervalMs?: number;
    openDaysEveryMs?: number;
    mail?: LocalMailOptions;
  } = {},
): LocalEvents {
  const log = options.log ?? (() => undefined);
  const queue = new TimerDeliveryQueue({ log: options.log });

  // Client e-mails: the same planner and sender as on AWS, over a timer queue and timer reminders.
  const mailQueue = new TimerQueue<MailJob>({
    log,
    retryAfterErrorMs: 1000,
    label: (job) => `mail ${job.kind} of appointment ${job.appointment.appointment_id}`,
  });
  const reminders = new TimerReminders({ queue: mailQueue, now: options.mail?.now });
  const local = options.mail?.transport
    ? { transport: options.mail.transport, target: 'the given transport' }
    : localTransport(process.env);
  const mail = mailPipeline({
    queue: mailQueue,
    reminders,
    transport: local.transport,
    ...(options.mail?.now ? { now: options.mail.now } : {}),
    ...(options.mail?.publicBaseUrl ? { publicBaseUrl: options.mail.publicBaseUrl } : {}),
    ...(options.retryScale !== undefined ? { retryScale: options.retryScale } : {}),
    log: (line, fields) =>
      log(
        `${line}: ${fields.kind} of appointment ${fields.appointment} (${fields.entity}) → ${fields.to ?? fields.reason}`,
      ),
  });
  mailQueue.consume((job) => background(EVENT_ROUTES.sendMail, () => mail.handle(job)));
  // The staff's sign-in links go the client e-mails' way: SMTP_URL's server or the outbox.
  useSignInTransport(local.transport);

  const openDaysQueue = new LocalOpenDaysQueue({
    run: (job) => background(EVENT_ROUTES.openDaysEntity, () => runOpenDaysJob(job)),
    log,
  });

  const pipeline = eventPipeline(queue, {
    ...(options.retryScale !== undefined ? { retryScale: options.retryScale } : {}),
    mail: mail.planner,
  });
  // Each delivery and each batch of records writes its own metrics line, as its Lambda invocation would.
  queue.consume((delivery) => background(EVENT_ROUTES.deliver, () => pipeline.delivery.handle(delivery)));
  const poller = startStreamPoller({
    endpoint: config.dynamoEndpoint ?? '',
    region: config.region,
    tableName: config.tableName,
    onRecords: (records) =>
      outsideRequest(async () => {
        const answer = await background(EVENT_ROUTES.dispatch, () => pipeline.dispatchRecords(records));
        await openDaysAfterChanges(records, openDaysQueue).catch((error: Error) =>
          log(`open days: ${error.message}`),
        );
        return answer;
      }),
    ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  // This process's writes wake the poller: their records are read at once, however idle the stream was.
  const wakeOnWrite = `wakeStreamPoller${++pollers}`;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const answer = await next(args);
      if (WRITES.test(context.commandName ?? '')) poller.wake();
      return answer;
    },
    { step: 'initialize', name: wakeOnWrite },
  );
  let openDays: Promise<unknown> = Promise.resolve();
  const everyMinute = setInterval(() => {
    openDays = outsideRequest(() => openDaysOfAll(openDaysQueue)).catch((error: Error) =>
      log(`open days: ${error.message}`),
    );
  }, options.openDaysEveryMs ?? OPEN_DAYS_EVERY_MS);
  everyMinute.unref();
  return {
    queue,
    mailQueue,
    openDaysQueue,
    reminders,
    mailTarget: local.target,
    pause: () => poller.pause(),
    resume: () => poller.resume(),
    async stop() {
      clearInterval(everyMinute);
      await openDays;
      await openDaysQueue.stop();
      documentClient().middlewareStack.remove(wakeOnWrite);
      await poller.stop();
      reminders.stop();
      await queue.stop();
      await mailQueue.stop();
      useSignInTransport(undefined);
      if ('close' in local) local.close?.();
    },
  };
}

/** The composition root, mail: client e-mails, reminders and the staff feed (docs/NOTIFICATIONS.md). */

import { config } from '../config';
import type { DeadJobs, JobQueue } from '../core/jobs/ports';
import { AppointmentRepository } from '../features/booking/store/appointment-repository';
import { ServiceRepository } from '../features/catalog/store/service-repository';
import { EventBridgeReminders } from '../features/mail/adapters/eventbridge-reminders';
import { PacedTransport, SesTransport } from '../features/mail/adapters/ses-transport';
import { mailConfig } from '../features/mail/config';
import type { MailJob } from '../features/mail/domain/notifications';
import type { MailLookup, MailTransport, ReminderScheduler } from '../features/mail/ports';
import {
  CalendarFeedAddresses,
  type CalendarFeedServiceDeps,
} from '../features/mail/services/calendar-feed-addresses';
import { CalendarFeedService } from '../features/mail/services/calendar-feed-service';
import { MailPlanner, type MailPlannerDeps } from '../features/mail/services/mail-planner';
import { MailSender } from '../features/mail/services/mail-sender';
import { CalendarFeedRepository } from '../features/mail/store/calendar-feed-repository';
import {
  addCancelToken,
  forgetMailCancelToken,
  MailCapRepository,
  mailCancelToken,
  SentMailRepository,
} from '../features/mail/store/mail-repository';
import { EntityRepository } from '../features/operations/store/entity-repository';
import { CalendarRepository } from '../features/schedule/store/calendar-repository';
import { SettingsRepository } from '../features/settings/store/entity-config-repository';
import { SqsJobQueue } from '../features/webhooks/adapters/sqs-delivery-queue';
import { RETRY_SCHEDULE_SECONDS } from '../features/webhooks/domain/webhooks';
import { logger } from '../logger';
import { type BatchResponse, eachJob, type QueuedMessage } from '../telemetry/batch-response';
import { businessMetrics } from '../telemetry/business-metrics';
import { instrumented } from '../telemetry/invocation';
import { EVENT_ROUTES } from '../telemetry/names';
import { traced } from '../telemetry/tracer';
import { confirmationService } from './booking';
import { changeReads, mailBatch } from './change-reads';
import { once, sqsClient, table } from './core';

/**
 * What the e-mails and the feed read: the entity's name and settings, an appointment. The entity, its
 * settings and calendars eventually consistent (a name, a time zone, an address a second old harm no
 * e-mail), once per batch of queued e-mails (change-reads.ts); the appointment and its tokens strongly
 * and every time (they decide whether and what is sent).
 */
export function mailLookup(): MailLookup {
  const t = table();
  const entities = new EntityRepository(t);
  const settings = new SettingsRepository(t);
  const calendars = new CalendarRepository(t);
  const appointments = new AppointmentRepository(t);
  const settingsOf = (entityId: string) =>
    mailBatch.once(`settings ${entityId}`, async () => {
      const read = await settings.get(entityId, false);
      if (!read) return null;
      const { version: _version, ...plain } = read;
      return plain;
    });
  const calendar = (entityId: string, calendarId: number) =>
    mailBatch.once(`calendar ${entityId} ${calendarId}`, () => calendars.get(entityId, calendarId, false));
  return {
    entity: async (entityId) => {
      const [entity, plain] = await Promise.all([
        mailBatch.once(`entity ${entityId}`, () => entities.get(entityId, false)),
        settingsOf(entityId),
      ]);
      return entity && plain ? { name: entity.name, settings: plain } : null;
    },
    settings: settingsOf,
    appointment: (entityId, id) => appointments.get(entityId, id),
    cancelToken: (entityId, id) => mailCancelToken(t, entityId, id),
    calendarName: async (entityId, calendarId) =>
      (await calendar(entityId, calendarId))?.calendar_name ?? null,
    staffEmail: async (entityId, calendarId) => (await calendar(entityId, calendarId))?.email ?? null,
    servicePrice: async (entityId, serviceId) => {
      const service = await new ServiceRepository(t).get(entityId, serviceId);
      return service?.price == null ? null : { price: service.price, currency: service.currency };
    },
    forgetCancelToken: (entityId, id) => forgetMailCancelToken(t, entityId, id),
    addCancelToken: (entityId, id, hash) => addCancelToken(t, entityId, id, hash),
  };
}

export interface MailParts {
  queue: JobQueue<MailJob> & DeadJobs<MailJob>;
  reminders: ReminderScheduler;
  transport: MailTransport;
  /** The clock of the reminders' window and of the retries (tests inject one). */
  now?: () => Date;
  /** Shortens the retry schedule (tests). */
  retryScale?: number;
  log?: (line: string, fields: Record<string, unknown>) => void;
  /** The public base URL of the manage links (tests; else PUBLIC_BASE_URL). */
  publicBaseUrl?: string;
}

/**
 * A release job (a booking pending confirmation whose hold is over) goes to the booking feature: released
 * when still pending, kept otherwise; its cancellation's e-mail and webhook follow from the change.
 */
async function releaseJob(lookup: MailLookup, job: MailJob): Promise<string> {
  const entity = await lookup.entity(job.entityId);
  if (!entity) return 'dropped';
  const context = { entityId: job.entityId, settings: entity.settings };
  return confirmationService().release(context, job.appointment.appointment_id);
}

/**
 * What the planner reads, beside the dispatcher: the settings and the staff member's address through the
 * dispatcher's own reads, so a change (a batch) reads each once (change-reads.ts).
 */
function plannerLookup(): MailPlannerDeps['lookup'] {
  const reads = changeReads();
  return {
    settings: (entityId) => reads.settings(entityId),
    staffEmail: async (entityId, calendarId) => (await reads.calendar(entityId, calendarId))?.email ?? null,
  };
}

/** The planner (the dispatcher's side) and the sender (the queue's side), on the parts given. */
export function mailPipeline(parts: MailParts) {
  const lookup = mailLookup();
  const now = parts.now ?? (() => new Date());
  const scale = parts.retryScale ?? 1;
  const sender = new MailSender({
    lookup,
    sent: new SentMailRepository(table()),
    queue: parts.queue,
    dead: parts.queue,
    transport: parts.transport,
    from: mailConfig().from,
    publicBaseUrl: parts.publicBaseUrl ?? mailConfig().publicBaseUrl,
    schedule: RETRY_SCHEDULE_SECONDS.map((seconds) => seconds * scale),
    now,
    log: parts.log ?? ((line, fields) => logger.info(line, fields)),
    metrics: businessMetrics,
    cap: new MailCapRepository(table()),
  });
  return {
    planner: new MailPlanner({
      queue: parts.queue,
      reminders: parts.reminders,
      lookup: plannerLookup(),
      now,
      holdMs: config.confirmHoldMs,
    }),
    sender,
    /** Each job of the mail queue: an e-mail to send, or a release. */
    handle: (job: MailJob) => (job.release ? releaseJob(lookup, job) : sender.handle(job)),
  };
}

/** The mail queue on AWS (SQS, its own dead-letter queue). */
const awsMailQueue = /* @__PURE__ */ once(
  () =>
    new SqsJobQueue<MailJob>({
      sqs: sqsClient(),
      queueUrl: mailConfig().queueUrl ?? '',
      deadLetterUrl: mailConfig().deadLetterQueueUrl ?? '',
    }),
);

/** The dispatcher's side on AWS: the mail queue, and EventBridge Scheduler for the reminders. */
export const awsMailPlanner = /* @__PURE__ */ once((): MailPlanner | undefined => {
  const targets = mailConfig().reminders;
  if (!mailConfig().queueUrl || !targets) return undefined;
  const { SchedulerClient } =
    require('@aws-sdk/client-scheduler') as typeof import('@aws-sdk/client-scheduler');
  return new MailPlanner({
    queue: awsMailQueue(),
    reminders: new EventBridgeReminders({
      scheduler: traced(new SchedulerClient({ region: config.region })),
      target: targets,
    }),
    lookup: plannerLookup(),
    holdMs: config.confirmHoldMs,
  });
});

/** The sender on AWS: SES v2. */
const awsMailSender = /* @__PURE__ */ once(() => {
  const { SESv2Client } = require('@aws-sdk/client-sesv2') as typeof import('@aws-sdk/client-sesv2');
  return mailPipeline({
    queue: awsMailQueue(),
    // The sender never schedules: only the dispatcher does.
    reminders: { schedule: async () => undefined, cancel: async () => undefined },
    transport: new PacedTransport({
      inner: new SesTransport({
        ses: traced(new SESv2Client({ region: config.region })),
        configurationSet: mailConfig().configurationSet,
      }),
      intervalMs: mailConfig().sendIntervalMs,
    }),
  }).handle;
});

/** Mail Lambda: each message of the mail queue (a change's e-mail or a reminder) is one e-mail. */
export const sendQueuedMails = (messages: readonly QueuedMessage[]): Promise<BatchResponse> =>
  instrumented(EVENT_ROUTES.sendMail, () =>
    // The e-mails of one batch (a change's to its client and to the business) read the entity once.
    mailBatch.run(() => eachJob(messages, (job: MailJob) => awsMailSender()(job))),
  );

/** What the staff calendar feed reads and keeps, for its addresses and for the feed alike. */
const calendarFeedDeps = (): CalendarFeedServiceDeps => {
  const lookup = mailLookup();
  const appointments = new AppointmentRepository(table());
  return {
    store: new CalendarFeedRepository(table()),
    reads: {
      entity: lookup.entity,
      appointmentsFrom: (entityId, calendarId, from, limit) =>
        appointments.ofCalendarFrom(entityId, calendarId, from, limit),
      calendars: (entityId) => new CalendarRepository(table()).list(entityId),
      calendar: (entityId, calendarId) => new CalendarRepository(table()).get(entityId, calendarId),
    },
  };
};
/** The staff calendar feed: its addresses and the feed itself (GET /feeds/{file}). */
export const calendarFeedService = /* @__PURE__ */ once(() => new CalendarFeedService(calendarFeedDeps()));
/**
 * The feed's addresses only (the three /api/v2/calendar-feed routes): their functions then carry neither
 * the iCalendar writer nor the feed's reads, which only the feed runs (docs/design/observability.md, cold
 * starts).
 */
export const calendarFeedAddresses = /* @__PURE__ */ once(
  () =>
    new CalendarFeedAddresses({
      store: new CalendarFeedRepository(table()),
      reads: {
        calendar: (entityId, calendarId) => new CalendarRepository(table()).get(entityId, calendarId),
      },
    }),
);

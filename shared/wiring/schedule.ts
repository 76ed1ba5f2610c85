/**
 * The composition root, schedule: opening hours and closure days, slots, slot generation, and the slots
 * that open by themselves (open_days_ahead), for AWS and locally.
 */

import { config } from '../config';
import type { JobQueue } from '../core/jobs/ports';
import { SequenceRepository } from '../features/booking/store/sequence-repository';
import { CalendarHoursRepository } from '../features/catalog/store/calendar-hours-repository';
import type { OpenDaysJob } from '../features/schedule/ports';
import { CalendarDaysService } from '../features/schedule/services/calendar-days-service';
import { OpenDaysDispatcher, type OpenDaysFanOut } from '../features/schedule/services/open-days-fan-out';
import { type OpenDaysRun, OpenDaysService } from '../features/schedule/services/open-days-service';
import { OpeningHoursService } from '../features/schedule/services/opening-hours-service';
import { SlotGenerator } from '../features/schedule/services/slot-generator';
import { SlotService } from '../features/schedule/services/slot-service';
import { TimeOffService } from '../features/schedule/services/time-off-service';
import { CalendarRepository } from '../features/schedule/store/calendar-repository';
import { OpenDaysRepository } from '../features/schedule/store/open-days-repository';
import { SlotRepository } from '../features/schedule/store/slot-repository';
import { TimeOffRepository } from '../features/schedule/store/time-off-repository';
import {
  ClosureDayRepository,
  OpeningHoursRepository,
  SettingsRepository,
} from '../features/settings/store/entity-config-repository';
import { SqsJobQueue } from '../features/webhooks/adapters/sqs-delivery-queue';
import { configChangeOf, type StreamRecordLike } from '../features/webhooks/adapters/stream-changes';
import { logger } from '../logger';
import { type BatchResponse, eachJob, type QueuedMessage } from '../telemetry/batch-response';
import { instrumented } from '../telemetry/invocation';
import { EVENT_ROUTES } from '../telemetry/names';
import { withSourceStack } from '../telemetry/source-stack';
import { calendarCache, once, readsTogetherTable, sqsClient, table } from './core';

export const openingHoursService = /* @__PURE__ */ once(
  () =>
    new OpeningHoursService({
      hours: new OpeningHoursRepository(readsTogetherTable()),
      closures: new ClosureDayRepository(readsTogetherTable()),
    }),
);
/** A date for one calendar or across the staff (check-date, a date's hours). */
export const calendarDaysService = /* @__PURE__ */ once(
  () =>
    new CalendarDaysService({
      hours: openingHoursService(),
      calendars: new CalendarRepository(readsTogetherTable(), calendarCache()),
      calendarHours: new CalendarHoursRepository(readsTogetherTable()),
    }),
);
export const slotService = /* @__PURE__ */ once(
  () =>
    new SlotService({
      slots: new SlotRepository(table()),
      calendars: new CalendarRepository(readsTogetherTable(), calendarCache()),
    }),
);
export const slotGenerator = /* @__PURE__ */ once(
  () =>
    new SlotGenerator({
      slots: new SlotRepository(table()),
      ids: new SequenceRepository(table()),
      calendars: slotService(),
      hours: openingHoursService(),
      calendarHours: new CalendarHoursRepository(readsTogetherTable()),
      timeOff: new TimeOffRepository(table()),
    }),
);
/** A staff member's time off (docs/CONTRACT.md#time-off): added, listed, removed with its slots' marks. */
export const timeOffService = /* @__PURE__ */ once(
  () =>
    new TimeOffService({
      offs: new TimeOffRepository(table()),
      slots: new SlotRepository(table()),
      calendars: new CalendarRepository(readsTogetherTable()),
      ids: new SequenceRepository(table()),
    }),
);
/** Slots that open by themselves (open_days_ahead): the scheduled run and the run after a change. */
export const openDaysService = /* @__PURE__ */ once(
  () =>
    new OpenDaysService({
      directory: new OpenDaysRepository(table()),
      settings: new SettingsRepository(table()),
      slots: new SlotRepository(table()),
      calendars: slotService(),
      generator: slotGenerator(),
    }),
);

const report = (run: OpenDaysRun): OpenDaysRun => {
  if (run.generated.length > 0)
    logger.info('open days: slots generated', { entity: run.entityId, days: run.generated });
  return run;
};

/** Where one job per entity's run goes: on AWS the open-days queue (SQS, its own dead-letter queue). */
export type OpenDaysQueue = Pick<JobQueue<OpenDaysJob>, 'enqueue'>;
const awsOpenDaysQueue = /* @__PURE__ */ once(
  () =>
    new SqsJobQueue<OpenDaysJob>({
      sqs: sqsClient(),
      queueUrl: config.openDaysQueueUrl ?? '',
      deadLetterUrl: config.openDaysDeadLetterQueueUrl ?? '',
    }),
);
const dispatcher = (queue: OpenDaysQueue) =>
  new OpenDaysDispatcher({ directory: new OpenDaysRepository(table()), queue });

/**
 * The entities whose settings, hours or closure days a batch of stream records changed: each gets one job
 * that looks at every day of its horizon again. A job that could not be queued fails the batch, which the
 * stream hands over again (runs are idempotent: a day with slots is left as it is).
 */
export const openDaysAfterChanges = (
  records: readonly StreamRecordLike[],
  queue: OpenDaysQueue = awsOpenDaysQueue(),
): Promise<OpenDaysFanOut> =>
  instrumented(EVENT_ROUTES.openDays, async () => {
    const entities = records.map(configChangeOf).filter((id): id is string => id !== null);
    const fanOut = await dispatcher(queue).entities(entities);
    if (fanOut.failed.length > 0) throw new Error(`open days: ${fanOut.failed.length} job(s) not queued`);
    return fanOut;
  });

/**
 * The scheduled run: one job per entity of the open-days directory, from the day after its last run. An
 * entity whose job could not be queued is logged and looked at again next time.
 */
export const openDaysOfAll = (queue: OpenDaysQueue = awsOpenDaysQueue()): Promise<OpenDaysFanOut> =>
  instrumented(EVENT_ROUTES.openDays, async () => {
    const fanOut = await dispatcher(queue).all();
    for (const failed of fanOut.failed)
      logger.error('open days: job not queued', {
        entity: failed.entityId,
        error: withSourceStack(failed.error),
      });
    return fanOut;
  });

/** One entity's run, as a job of the open-days queue (its failure is its own: the queue tries it again). */
export const runOpenDaysJob = (job: OpenDaysJob): Promise<OpenDaysRun> =>
  openDaysService().openEntity(job.entityId, job.after).then(report);

/** The open-days queue on AWS: one entity's run per message; each failed message alone goes back. */
export const openDaysOfQueue = (messages: readonly QueuedMessage[]): Promise<BatchResponse> =>
  instrumented(EVENT_ROUTES.openDaysEntity, () => eachJob<OpenDaysJob>(messages, runOpenDaysJob));

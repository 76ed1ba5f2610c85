/** The composition root, events: booking events (docs/EVENTS.md): subscriptions, dispatcher, deliveries. */

import { config } from '../config';
import { DEFAULT_TIMEZONE } from '../core/defaults';
import type { MailPlanner } from '../features/mail/services/mail-planner';
import { v1Appointment } from '../features/v1-reads/http/present';
import { SqsDeliveryQueue } from '../features/webhooks/adapters/sqs-delivery-queue';
import { appointmentChangeOf, type StreamRecordLike } from '../features/webhooks/adapters/stream-changes';
import { NodeWebhookTransport } from '../features/webhooks/adapters/webhook-transport';
import { DISPATCH, RETRY_SCHEDULE_SECONDS } from '../features/webhooks/domain/webhooks';
import type { DeadLetters, Delivery, DeliveryQueue } from '../features/webhooks/ports';
import { EventDispatcher } from '../features/webhooks/services/event-dispatcher';
import { WebhookDelivery } from '../features/webhooks/services/webhook-delivery';
import { WebhookService } from '../features/webhooks/services/webhook-service';
import { EventRepository, PendingDeliveryRepository } from '../features/webhooks/store/event-repository';
import { WebhookRepository } from '../features/webhooks/store/webhook-repository';
import { type BatchResponse, eachJob, inStreamOrder, type QueuedMessage } from '../telemetry/batch-response';
import { businessMetrics } from '../telemetry/business-metrics';
import { instrumented } from '../telemetry/invocation';
import { EVENT_ROUTES } from '../telemetry/names';
import { changeReads, streamBatch } from './change-reads';
import { once, sqsClient, table } from './core';
import { awsMailPlanner } from './mail';

// ---- Booking events (docs/EVENTS.md) ----

export const webhookService = /* @__PURE__ */ once(
  () =>
    new WebhookService({
      webhooks: new WebhookRepository(table()),
      events: new EventRepository(table()),
      transport: new NodeWebhookTransport(),
      allowLocalReceivers: config.stage === 'local',
    }),
);

/**
 * The event pipeline over a queue: the dispatcher (stream records in) and the delivery service (queued
 * deliveries in). On AWS the queue is SQS; locally (runtime, tests) an in-process timer queue, so both run
 * the same code. `retryScale` shortens the retry schedule (tests); the default is the configured one.
 */
export function eventPipeline(
  queue: DeliveryQueue & DeadLetters,
  options: { retryScale?: number; mail?: MailPlanner | undefined } = {},
) {
  const mail = options.mail;
  const t = table();
  const webhooks = new WebhookRepository(t);
  const pending = new PendingDeliveryRepository(t);
  // Read once a batch, eventually consistent: what they show is a time zone and a name (change-reads.ts).
  const reads = changeReads();
  const dispatcher = new EventDispatcher({
    events: new EventRepository(t),
    webhooks,
    pending,
    queue,
    context: {
      timezone: async (entityId) => (await reads.settings(entityId))?.timezone ?? DEFAULT_TIMEZONE,
      calendarName: async (entityId, id) => (await reads.calendar(entityId, id))?.calendar_name ?? '',
    },
    present: (appointment, calendarName, timezone) => v1Appointment({ appointment, calendarName }, timezone),
    // The client e-mails of each event, queued beside its webhook deliveries (docs/NOTIFICATIONS.md).
    ...(mail ? { notify: (change, type, id) => mail.onEvent(change, type, id) } : {}),
  });
  const scale = options.retryScale ?? config.webhookRetryScale;
  const delivery = new WebhookDelivery({
    webhooks,
    pending,
    queue,
    dead: queue,
    transport: new NodeWebhookTransport(),
    allowLocalReceivers: config.stage === 'local',
    schedule: RETRY_SCHEDULE_SECONDS.map((seconds) => seconds * scale),
    metrics: businessMetrics,
  });
  return {
    dispatcher,
    delivery,
    /**
     * A batch of table stream records, in order (stops at the first failure). Given the invocation's
     * time left, it starts no record with less than DISPATCH.reserveMs left: the rest is reported. An
     * entity's settings and calendars are read once in the batch (change-reads.ts).
     */
    dispatchRecords: (records: readonly StreamRecordLike[], deadline?: Deadline): Promise<BatchResponse> =>
      streamBatch.run(() =>
        inStreamOrder(
          records,
          (record) => record.dynamodb?.SequenceNumber ?? '',
          async (record) => {
            const change = appointmentChangeOf(record);
            if (change) await dispatcher.dispatch(change);
          },
          deadline ? { stopBefore: () => deadline.remainingMs() < DISPATCH.reserveMs } : {},
        ),
      ),
  };
}

/** The pipeline on AWS: deliveries go through the SQS delivery queue, dead ones to its dead-letter queue. */
const awsPipeline = /* @__PURE__ */ once(() =>
  eventPipeline(
    new SqsDeliveryQueue({
      sqs: sqsClient(),
      queueUrl: config.deliveryQueueUrl ?? '',
      deadLetterUrl: config.deadLetterQueueUrl ?? '',
    }),
    { mail: awsMailPlanner() },
  ),
);

/** The time an invocation has left (Lambda's context.getRemainingTimeInMillis). */
export interface Deadline {
  remainingMs: () => number;
}

/** Stream Lambda: the table's changes of one batch become events (one invocation's metrics and trace). */
export const dispatchStreamRecords = (
  records: readonly StreamRecordLike[],
  deadline?: Deadline,
): Promise<BatchResponse> =>
  instrumented(EVENT_ROUTES.dispatch, () => awsPipeline().dispatchRecords(records, deadline));

/** Queue Lambda: each message is one delivery attempt. */
export const deliverQueuedMessages = (messages: readonly QueuedMessage[]): Promise<BatchResponse> =>
  instrumented(EVENT_ROUTES.deliver, () =>
    eachJob(messages, (delivery: Delivery) => awsPipeline().delivery.handle(delivery)),
  );

import { config } from '../config';
import { instrumented } from '../telemetry/invocation';
import { EVENT_ROUTES } from '../telemetry/names';
import { eventPipeline, openDaysAfterChanges, openDaysOfAll } from '../wiring';
import { startStreamPoller } from './stream-poller';
import { TimerDeliveryQueue } from './timer-queue';

export interface LocalEvents {
  queue: TimerDeliveryQueue;
  stop(): Promise<void>;
}

/** How often the local server runs the scheduled open-days run (AWS: hourly; a change acts at once). */
export const OPEN_DAYS_EVERY_MS = 60_000;

/**
 * The booking events on this machine: the table's stream read from DynamoDB Local every ~250 ms into the
 * same dispatcher as on AWS, and deliveries on in-process timers instead of SQS. The same records reach
 * the open-days run (settings, hours or closures changed), which also runs every minute for new days.
 */
export function startLocalEvents(
  options: {
    log?: (line: string) => void;
    retryScale?: number;
    intervalMs?: number;
    openDaysEveryMs?: number;
  } = {},
): LocalEvents {
  const log = options.log ?? (() => undefined);
  const queue = new TimerDeliveryQueue(options.log);
  const pipeline = eventPipeline(
    queue,
    options.retryScale !== undefined ? { retryScale: options.retryScale } : {},
  );
  // Each delivery and each batch of records writes its own metrics line, as its Lambda invocation would.
  queue.consume((delivery) => instrumented(EVENT_ROUTES.deliver, () => pipeline.delivery.handle(delivery)));
  const poller = startStreamPoller({
    endpoint: config.dynamoEndpoint ?? '',
    region: config.region,
    tableName: config.tableName,
    onRecords: async (records) => {
      const answer = await instrumented(EVENT_ROUTES.dispatch, () => pipeline.dispatchRecords(records));
      await openDaysAfterChanges(records).catch((error: Error) => log(`open days: ${error.message}`));
      return answer;
    },
    ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  let openDays: Promise<unknown> = Promise.resolve();
  const everyMinute = setInterval(() => {
    openDays = openDaysOfAll().catch((error: Error) => log(`open days: ${error.message}`));
  }, options.openDaysEveryMs ?? OPEN_DAYS_EVERY_MS);
  everyMinute.unref();
  return {
    queue,
    async stop() {
      clearInterval(everyMinute);
      await openDays;
      await poller.stop();
      await queue.stop();
    },
  };
}

import { config } from '../config';
import { eventPipeline } from '../wiring';
import { startStreamPoller } from './stream-poller';
import { TimerDeliveryQueue } from './timer-queue';

export interface LocalEvents {
  queue: TimerDeliveryQueue;
  stop(): Promise<void>;
}

/**
 * The booking events on this machine: the table's stream read from DynamoDB Local every ~250 ms into the
 * same dispatcher as on AWS, and deliveries on in-process timers instead of SQS.
 */
export function startLocalEvents(
  options: { log?: (line: string) => void; retryScale?: number; intervalMs?: number } = {},
): LocalEvents {
  const queue = new TimerDeliveryQueue(options.log);
  const pipeline = eventPipeline(
    queue,
    options.retryScale !== undefined ? { retryScale: options.retryScale } : {},
  );
  queue.consume((delivery) => pipeline.delivery.handle(delivery));
  const poller = startStreamPoller({
    endpoint: config.dynamoEndpoint ?? '',
    region: config.region,
    tableName: config.tableName,
    onRecords: (records) => pipeline.dispatchRecords(records),
    ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  return {
    queue,
    async stop() {
      await poller.stop();
      await queue.stop();
    },
  };
}

/** The composition root, part 4: slots that open by themselves (open_days_ahead), for AWS and locally. */

import { configChangeOf, type StreamRecordLike } from '../adapters/stream-changes';
import { logger } from '../logger';
import type { OpenDaysRun } from '../services/schedule/open-days-service';
import { instrumented } from '../telemetry/invocation';
import { EVENT_ROUTES } from '../telemetry/names';
import { openDaysService } from './core';

const report = (runs: OpenDaysRun[]): OpenDaysRun[] => {
  for (const run of runs) {
    if (run.error) logger.error('open days: run failed', { entity: run.entityId, error: run.error });
    else if (run.generated.length > 0)
      logger.info('open days: slots generated', { entity: run.entityId, days: run.generated });
  }
  return runs;
};

/**
 * The entities whose settings, hours or closure days a batch of stream records changed: each gets every
 * day of its horizon looked at again. A failure fails the batch, which the stream hands over again
 * (runs are idempotent: a day with slots is left as it is).
 */
export const openDaysAfterChanges = (records: readonly StreamRecordLike[]): Promise<OpenDaysRun[]> =>
  instrumented(EVENT_ROUTES.openDays, async () => {
    const entities = new Set(records.map(configChangeOf).filter((id): id is string => id !== null));
    const runs: OpenDaysRun[] = [];
    for (const entityId of entities) runs.push(await openDaysService().openEntity(entityId));
    return report(runs);
  });

/** The scheduled run: every entity of the open-days directory, from the day after its last run. */
export const openDaysOfAll = (): Promise<OpenDaysRun[]> =>
  instrumented(EVENT_ROUTES.openDays, async () => report(await openDaysService().openAll()));

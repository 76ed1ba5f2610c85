import { todayIn } from '../../../shared/core/dates';
import { v2Closure } from '../../../shared/features/schedule/http/present';
import { counted, reply } from '../../../shared/shapes/reply';
import { defineV2Handler, entityConfigService } from '../../../shared/wiring';

/** GET /api/v2/closures — the entity's closure days from today (its time zone) on, by date. */
export const handler = defineV2Handler({}, async ({ entity }) => {
  const today = todayIn(entity.settings.timezone);
  const closures = await entityConfigService().listClosureDays(entity.entityId, today);
  return reply(closures.map(v2Closure), {
    message: closures.length ? counted(closures.length, 'closure day') : 'no closure days',
  });
});

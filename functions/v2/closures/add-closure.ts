import { v2ClosureAdded } from '../../../shared/features/settings/http/present';
import { body, date, optional, text } from '../../../shared/shapes/fields';
import { closedAndKept, reply } from '../../../shared/shapes/reply';
import { defineV2Handler, entityConfigService } from '../../../shared/wiring';

/**
 * POST /api/v2/closures — closes a date (or renames its closure) and its open slots; answers the closure day
 * with how many slots it closed and how many booked appointments the day holds (they are kept).
 */
export const handler = defineV2Handler(
  { hasBody: true, body: body({ date: date(), name: optional(text(100)) }) },
  async ({ entity, body }) => {
    const added = await entityConfigService().addClosureDay(entity.entityId, body.date, body.name);
    return reply(v2ClosureAdded(added), {
      message: `closure day added: ${closedAndKept(added)}`,
    });
  },
);

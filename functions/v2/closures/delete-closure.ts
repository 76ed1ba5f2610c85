import { resourceNotFound } from '../../../shared/core/errors';
import { body, date } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler, entityConfigService } from '../../../shared/wiring';

/** POST /api/v2/closures/delete — reopens a closure date; a date without one is 404. */
export const handler = defineV2Handler(
  { hasBody: true, body: body({ date: date() }) },
  async ({ entity, body }) => {
    if (!(await entityConfigService().removeClosureDay(entity.entityId, body.date)))
      throw resourceNotFound('closure day');
    return reply([], { message: 'closure day removed' });
  },
);

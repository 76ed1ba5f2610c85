import { body, date, text } from '../../../shared/http/input/fields';
import { reply } from '../../../shared/http/reply';
import { v2Closure } from '../../../shared/http/v2/present';
import { defineV2Handler, entityConfigService } from '../../../shared/wiring';

/** POST /api/v2/closures — closes a date (or renames its closure); answers the closure day. */
export const handler = defineV2Handler(
  { hasBody: true, body: body({ date: date(), name: text(100).optional() }) },
  async ({ entity, body }) =>
    reply(v2Closure(await entityConfigService().addClosureDay(entity.entityId, body.date, body.name)), {
      message: 'closure day added',
    }),
);

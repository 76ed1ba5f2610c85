import { counted, reply } from '../../../shared/shapes/reply';
import { toTheSecond } from '../../../shared/shapes/timestamps';
import { defineV2Handler, keyService } from '../../../shared/wiring';

/** GET /api/v2/keys — the entity's publishable keys, without the keys themselves. */
export const handler = defineV2Handler({}, async ({ entity }) => {
  const keys = (await keyService().list(entity.entityId)).map((key) => toTheSecond(key));
  return reply(keys, {
    message: keys.length ? counted(keys.length, 'publishable key') : 'no publishable keys',
  });
});

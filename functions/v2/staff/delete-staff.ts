import { StaffDeleteBody } from '../../../shared/features/people/http/bodies';
import { reply } from '../../../shared/shapes/reply';
import { toTheSecond } from '../../../shared/shapes/timestamps';
import { defineV2Handler, staffService } from '../../../shared/wiring';

/** POST /api/v2/staff/delete — removes a staff member; their sessions end at once. */
export const handler = defineV2Handler({ hasBody: true, body: StaffDeleteBody }, async ({ entity, body }) =>
  reply(toTheSecond(await staffService().remove(entity.entityId, body.email)), {
    message: 'staff member removed',
  }),
);

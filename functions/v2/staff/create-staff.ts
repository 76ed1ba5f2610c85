import { NewStaffBody } from '../../../shared/features/people/http/bodies';
import { reply } from '../../../shared/shapes/reply';
import { toTheSecond } from '../../../shared/shapes/timestamps';
import { defineV2Handler, staffService } from '../../../shared/wiring';

/** POST /api/v2/staff — adds a staff member: an address with a role (and a staff member's calendars). */
export const handler = defineV2Handler({ hasBody: true, body: NewStaffBody }, async ({ entity, body }) =>
  reply(toTheSecond(await staffService().add(entity.entityId, body)), {
    message: 'staff member added',
  }),
);

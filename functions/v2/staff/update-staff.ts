import { StaffUpdateBody } from '../../../shared/features/people/http/bodies';
import { reply } from '../../../shared/shapes/reply';
import { toTheSecond } from '../../../shared/shapes/timestamps';
import { defineV2Handler, staffService } from '../../../shared/wiring';

/** POST /api/v2/staff/update — changes a staff member's role or calendars (acts on their sessions at once). */
export const handler = defineV2Handler({ hasBody: true, body: StaffUpdateBody }, async ({ entity, body }) =>
  reply(toTheSecond(await staffService().update(entity.entityId, body)), {
    message: 'staff member updated',
  }),
);

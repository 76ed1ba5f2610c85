import { counted, reply } from '../../../shared/shapes/reply';
import { toTheSecond } from '../../../shared/shapes/timestamps';
import { defineV2Handler, staffService } from '../../../shared/wiring';

/** GET /api/v2/staff — the entity's staff members (v2 token or an owner's session). */
export const handler = defineV2Handler({}, async ({ entity }) => {
  const staff = (await staffService().list(entity.entityId)).map((member) => toTheSecond(member));
  return reply(staff, { message: counted(staff.length, 'staff member') });
});

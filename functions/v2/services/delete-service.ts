import { body, id } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { catalogService, defineV2Handler } from '../../../shared/wiring';

/** POST /api/v2/services/delete — removes a service; its appointments keep service_id and service_name. */
export const handler = defineV2Handler(
  { hasBody: true, body: body({ id: id() }) },
  async ({ entity, body }) => {
    await catalogService().deleteService(entity, body.id);
    return reply([], { message: 'service deleted' });
  },
);

import { CreateServiceBody, v2Service } from '../../../shared/features/catalog/http/bodies';
import { reply } from '../../../shared/shapes/reply';
import { catalogService, defineV2Handler } from '../../../shared/wiring';

/** POST /api/v2/services — adds a service: its length in minutes and the calendars that perform it. */
export const handler = defineV2Handler(
  { hasBody: true, body: CreateServiceBody },
  async ({ entity, body }) => {
    const { services, calendars } = await catalogService().createService(entity, body);
    return reply(services.map((s) => v2Service(s, calendars, entity.settings.currency))[0], {
      message: 'service created',
    });
  },
);

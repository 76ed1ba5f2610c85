import { UpdateServiceBody, v2Service } from '../../../shared/features/catalog/http/bodies';
import { reply } from '../../../shared/shapes/reply';
import { catalogService, defineV2Handler } from '../../../shared/wiring';

/** POST /api/v2/services/update — changes the fields sent (null clears calendar_ids, price, currency, description). */
export const handler = defineV2Handler(
  { hasBody: true, body: UpdateServiceBody },
  async ({ entity, body: { id, ...change } }) => {
    const { services, calendars } = await catalogService().updateService(entity, id, change);
    return reply(services.map((s) => v2Service(s, calendars, entity.settings.currency))[0], {
      message: 'service updated',
    });
  },
);

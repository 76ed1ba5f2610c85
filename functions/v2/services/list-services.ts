import { v2Service } from '../../../shared/features/catalog/http/bodies';
import { counted, reply } from '../../../shared/shapes/reply';
import { catalogService, defineV2Handler } from '../../../shared/wiring';

/** GET /api/v2/services — the services an entity offers, by id, with who performs each. */
export const handler = defineV2Handler({ publishable: true }, async ({ entity }) => {
  const { services, calendars } = await catalogService().listServices(entity);
  return reply(
    services.map((s) => v2Service(s, calendars, entity.settings.currency)),
    { message: services.length ? counted(services.length, 'service') : 'no services' },
  );
});

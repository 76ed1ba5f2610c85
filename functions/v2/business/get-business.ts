import { v2BusinessPage } from '../../../shared/features/pages/http/present';
import { reply } from '../../../shared/shapes/reply';
import { catalogService, defineV2Handler, linkOpens } from '../../../shared/wiring';

/**
 * GET /api/v2/business — what a booking page shows of the business: name, time zone, language, and whether
 * it offers services (the widget's service path).
 */
export const handler = defineV2Handler(
  { publishable: true, manage: true, opens: linkOpens },
  async ({ entity }) =>
    reply(v2BusinessPage(entity.settings, await catalogService().hasServices(entity)), {
      message: 'business',
    }),
);

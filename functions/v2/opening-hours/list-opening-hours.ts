import { v2OpeningHours } from '../../../shared/features/schedule/http/present';
import { id, optional, params } from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { catalogService, defineV2Handler, openingHoursService } from '../../../shared/wiring';

const Query = params({ calendar_id: optional(id()) });

/** GET /api/v2/opening-hours — the seven weekday records; ?calendar_id= that calendar's (its own, else the entity's). */
export const handler = defineV2Handler({ publishable: true, query: Query }, async ({ entity, query }) =>
  reply(
    (query.calendar_id === undefined
      ? await openingHoursService().week(entity)
      : await catalogService().weekOf(entity, query.calendar_id)
    ).map(v2OpeningHours),
    { message: 'opening hours' },
  ),
);

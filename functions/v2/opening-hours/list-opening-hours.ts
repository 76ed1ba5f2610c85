import { reply } from '../../../shared/http/reply';
import { v2OpeningHours } from '../../../shared/http/v2/present';
import { defineV2Handler, openingHoursService } from '../../../shared/wiring';

/** GET /api/v2/opening-hours — the seven weekday records. */
export const handler = defineV2Handler({ publishable: true }, async ({ entity }) =>
  reply((await openingHoursService().week(entity)).map(v2OpeningHours), { message: 'opening hours' }),
);

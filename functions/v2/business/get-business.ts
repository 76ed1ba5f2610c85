import { reply } from '../../../shared/http/reply';
import { v2Business } from '../../../shared/http/v2/present-pages';
import { defineV2Handler } from '../../../shared/wiring';

/** GET /api/v2/business — what a booking page shows of the business: name, time zone, language. */
export const handler = defineV2Handler({ publishable: true, manage: true }, async ({ entity }) =>
  reply(v2Business(entity.settings), { message: 'business' }),
);

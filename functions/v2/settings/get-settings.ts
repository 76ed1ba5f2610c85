import { v2Settings } from '../../../shared/features/settings/http/present';
import { reply } from '../../../shared/shapes/reply';
import { defineV2Handler } from '../../../shared/wiring';

/** GET /api/v2/settings — every setting of the token's entity (its token carries them: no other read). */
export const handler = defineV2Handler({}, async ({ entity }) =>
  reply(v2Settings(entity.settings), { message: 'settings' }),
);

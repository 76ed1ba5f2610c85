import { CAPACITY_BOUNDS, DURATION_BOUNDS, OPEN_DAYS_BOUNDS } from '../../../shared/domain/core/entity';
import {
  ADDRESS_MAX,
  CANCEL_URL_MAX,
  LANGUAGES,
  NAME_MAX,
  REMINDER_BOUNDS,
} from '../../../shared/domain/mail/notification-settings';
import { body, clearableText, id, int, oneOf, text } from '../../../shared/http/input/fields';
import { reply } from '../../../shared/http/reply';
import { v2Settings } from '../../../shared/http/v2/present';
import { defineV2Handler, entityConfigService } from '../../../shared/wiring';

const Body = body({
  slot_duration: int(DURATION_BOUNDS).optional(),
  max_appointments: int(CAPACITY_BOUNDS).optional(),
  timezone: text(64).optional(),
  country: text(10).optional(),
  default_calendar_id: id().optional(),
  open_days_ahead: int(OPEN_DAYS_BOUNDS).optional(),
  language: oneOf(LANGUAGES).optional(),
  cancel_url: clearableText(CANCEL_URL_MAX).optional(),
  reminder_minutes_before: int(REMINDER_BOUNDS).optional(),
  name: text(NAME_MAX).optional(),
  address: clearableText(ADDRESS_MAX).optional(),
  locale: clearableText(16).optional(),
});

/** POST /api/v2/settings — changes any subset of the settings and answers them all, as they are after. */
export const handler = defineV2Handler({ hasBody: true, body: Body }, async ({ entity, body }) =>
  reply(v2Settings(await entityConfigService().updateSettings(entity.entityId, body)), {
    message: 'settings updated',
  }),
);

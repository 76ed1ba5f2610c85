import { UNSAFE_CLASS } from '../../../shared/core/safe-text';
import { DAYS_AHEAD_BOUNDS, NOTICE_BOUNDS } from '../../../shared/features/schedule';
import { LOGO_URL_MAX } from '../../../shared/features/settings/domain/brand-settings';
import {
  CAPACITY_BOUNDS,
  DURATION_BOUNDS,
  OPEN_DAYS_BOUNDS,
} from '../../../shared/features/settings/domain/entity';
import { LIVE_CAP_BOUNDS } from '../../../shared/features/settings/domain/live-cap-settings';
import {
  ADDRESS_MAX,
  CANCEL_URL_MAX,
  LANGUAGES,
  NAME_MAX,
  REMINDER_BOUNDS,
} from '../../../shared/features/settings/domain/notification-settings';
import { NOTIFY_EMAILS_MAX } from '../../../shared/features/settings/domain/notify-settings';
import { CUTOFF_BOUNDS } from '../../../shared/features/settings/domain/window-settings';
import { v2Settings } from '../../../shared/features/settings/http/present';
import {
  body,
  clearableText,
  converted,
  described,
  fail,
  id,
  int,
  oneOf,
  optional,
  text,
} from '../../../shared/shapes/fields';
import { reply } from '../../../shared/shapes/reply';
import { atLeastOneOf } from '../../../shared/shapes/rules';
import { defineV2Handler, entityConfigService } from '../../../shared/wiring';

const Shape = {
  slot_duration: optional(int(DURATION_BOUNDS)),
  max_appointments: optional(int(CAPACITY_BOUNDS)),
  timezone: optional(text(64)),
  country: optional(text(10)),
  default_calendar_id: optional(id()),
  open_days_ahead: optional(int(OPEN_DAYS_BOUNDS)),
  language: optional(oneOf(LANGUAGES)),
  cancel_url: optional(
    described(clearableText(CANCEL_URL_MAX), {
      // cancelUrlProblem: https, no user name or password, {cancel_token} in it, no whitespace.
      pattern: `^$|^(?=.*\\{cancel_token\\})https://[^\\s/?#@${UNSAFE_CLASS}]+([/?#][^\\s${UNSAFE_CLASS}]*)?$`,
      description:
        'an absolute https address holding {cancel_token} (http only for localhost), no whitespace, user name or password; null or "" clears it',
    }),
  ),
  reminder_minutes_before: optional(int(REMINDER_BOUNDS)),
  name: optional(text(NAME_MAX)),
  // isPrintable: no control, separator or bidirectional character.
  address: optional(described(clearableText(ADDRESS_MAX), { pattern: `^[^${UNSAFE_CLASS}]*$` })),
  locale: optional(clearableText(16)),
  currency: optional(
    described(text(3), {
      pattern: '^[A-Za-z]{3}$',
      description: 'an ISO 4217 code (EUR, USD, JPY...), any case',
    }),
  ),
  brand_color: optional(
    described(clearableText(7), {
      pattern: '^$|^#[0-9A-Fa-f]{6}$',
      description:
        '#rrggbb on which white text has a WCAG AA contrast of at least 4.5:1 (a lighter colour is 400); null or "" clears it',
    }),
  ),
  logo_url: optional(
    described(clearableText(LOGO_URL_MAX), {
      pattern: `^$|^https://[^\\s/?#@${UNSAFE_CLASS}]+([/?#][^\\s${UNSAFE_CLASS}]*)?$`,
      description:
        'an absolute https address of an image, no whitespace, user name or password; null or "" clears it',
    }),
  ),
  notify_emails: optional(
    described(
      converted((value, ctx): string[] | null => {
        if (value === null) return null;
        if (
          !Array.isArray(value) ||
          value.length > NOTIFY_EMAILS_MAX ||
          !value.every((a) => typeof a === 'string' && a.length <= 254)
        )
          return fail(ctx, `must be a list of at most ${NOTIFY_EMAILS_MAX} e-mail addresses`);
        return value as string[];
      }),
      {
        type: ['array', 'null'],
        items: { type: 'string', maxLength: 254 },
        maxItems: NOTIFY_EMAILS_MAX,
        description:
          'up to 5 addresses of the business told of every booking, move and cancellation; null or [] clears them',
      },
    ),
  ),
  max_live_bookings_per_visitor: optional(int(LIVE_CAP_BOUNDS)),
  max_live_bookings_per_contact: optional(int(LIVE_CAP_BOUNDS)),
  confirm_by_email: optional(
    described(
      converted((value, ctx) => (typeof value === 'boolean' ? value : fail(ctx, 'must be true or false'))),
      {
        type: 'boolean',
        description: "true: a publishable key's booking waits for the client's confirmation by e-mail",
      },
    ),
  ),
  min_notice_minutes: optional(int(NOTICE_BOUNDS)),
  max_days_ahead: optional(int(DAYS_AHEAD_BOUNDS)),
  client_change_cutoff_minutes: optional(int(CUTOFF_BOUNDS)),
};
/** At least one setting (parseSettingsPatch refuses a change of none). */
const Body = described(body(Shape), atLeastOneOf(Object.keys(Shape)));

/** POST /api/v2/settings — changes any subset of the settings and answers them all, as they are after. */
export const handler = defineV2Handler({ hasBody: true, body: Body }, async ({ entity, body }) =>
  reply(v2Settings(await entityConfigService().updateSettings(entity.entityId, body)), {
    message: 'settings updated',
  }),
);

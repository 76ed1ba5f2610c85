/** Services and staff over HTTP (docs/CONTRACT.md#services-and-staff): input fields, bodies and presenters. */

import {
  body,
  clearableText,
  converted,
  described,
  fail,
  id,
  int,
  optional,
  text,
} from '../../../shapes/fields';
import { isValidEmail } from '../../contact';
import type { CalendarRecord } from '../../schedule';
import { DAYS_AHEAD_BOUNDS, NOTICE_BOUNDS } from '../../schedule';
import { isCurrency } from '../../settings';
import { MAX_PRICE, type PricedStart, priceOf } from '../domain/price';
import { performs, type ServiceRecord } from '../domain/service';
import { BUFFER_BOUNDS } from '../domain/service-rules';
import type { V2AvailableStart, V2Calendar, V2Service } from './schemas';

/** A list of 1 to 50 calendar ids, or null for every active calendar. */
const calendarIds = () =>
  described(
    converted((value, ctx): number[] | null => {
      if (value === null) return null;
      if (!Array.isArray(value) || value.length < 1 || value.length > 50)
        return fail(ctx, 'must be a list of 1 to 50 calendar ids, or null for every active calendar');
      const ids = value.map((v) =>
        typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN,
      );
      if (!ids.every((n) => Number.isSafeInteger(n) && n >= 1 && n <= 9_999_999_999))
        return fail(ctx, 'must be a list of calendar ids (positive integers)');
      return ids;
    }),
    {
      type: ['array', 'null'],
      items: { type: 'integer', minimum: 1 },
      minItems: 1,
      maxItems: 50,
      description: 'the calendars that perform the service; absent or null: every active calendar',
    },
  );

/** A price: a whole number of the currency's minor units (4550 for 45.50 EUR) from 0, null to clear. */
const price = () =>
  described(
    converted((value, ctx): number | null => {
      if (value === null) return null;
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^\s*\d+\s*$/.test(value)
            ? Number(value)
            : Number.NaN;
      if (!Number.isSafeInteger(n) || n < 0 || n > MAX_PRICE)
        return fail(
          ctx,
          `must be a whole number of the currency's minor units from 0 to ${MAX_PRICE} (4550 for 45.50 EUR), or null`,
        );
      return n;
    }),
    {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: MAX_PRICE,
      description:
        "in the currency's minor units (cents: 4550 is 45.50 EUR; JPY has none: 4550 is 4550 yen); null clears it",
    },
  );

const currency = () =>
  described(
    converted((value, ctx): string | null => {
      if (value === null || value === '') return null;
      const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
      // The same codes the entity's currency setting takes (an ISO 4217 code Intl knows), not any 3 letters.
      if (!/^[A-Z]{3}$/.test(code) || !isCurrency(code))
        return fail(ctx, 'must be an ISO 4217 currency code such as EUR, USD or JPY');
      return code;
    }),
    { type: ['string', 'null'], pattern: '^[A-Za-z]{3}$' },
  );

const duration = () => int({ min: 5, max: 720 });

/** A whole number within bounds, or null (the entity's setting applies). */
const ownOrEntity = (bounds: { min: number; max: number }, setting: string) =>
  described(
    converted((value, ctx): number | null => {
      if (value === null || value === '') return null;
      const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < bounds.min || n > bounds.max)
        return fail(ctx, `must be a whole number from ${bounds.min} to ${bounds.max}, or null`);
      return n;
    }),
    {
      type: ['integer', 'null'],
      minimum: bounds.min,
      maximum: bounds.max,
      description: `the service's own; null: the entity's ${setting} setting applies`,
    },
  );

/** Buffers and the booking window of a service (docs/CONTRACT.md#buffers, #booking-window). */
const serviceRules = () => ({
  buffer_before_minutes: optional(int(BUFFER_BOUNDS)),
  buffer_after_minutes: optional(int(BUFFER_BOUNDS)),
  min_notice_minutes: optional(ownOrEntity(NOTICE_BOUNDS, 'min_notice_minutes')),
  max_days_ahead: optional(ownOrEntity(DAYS_AHEAD_BOUNDS, 'max_days_ahead')),
});

/** The address a calendar's staff member is told at (docs/NOTIFICATIONS.md); null or "" clears it. */
const staffEmail = () =>
  described(
    converted((value, ctx): string | null => {
      if (value === null || value === '') return null;
      if (typeof value !== 'string' || value.trim().length > 254 || !isValidEmail(value.trim()))
        return fail(ctx, 'not a valid e-mail address');
      return value.trim();
    }),
    {
      type: ['string', 'null'],
      maxLength: 254,
      description:
        'the staff member\'s e-mail address, told of each of the calendar\'s bookings; null or "" clears it',
    },
  );

export const CreateCalendarBody = body({ name: text(100), email: optional(staffEmail()) });
export const UpdateCalendarBody = body({
  id: id(),
  email: optional(staffEmail()),
  name: optional(text(100)),
  active: optional(
    described(
      converted((value, ctx): boolean | undefined => {
        if (value === undefined || value === null || value === '') return undefined;
        if (typeof value === 'boolean') return value;
        if (value === 'true' || value === '1' || value === 1) return true;
        if (value === 'false' || value === '0' || value === 0) return false;
        return fail(ctx, 'must be true or false');
      }),
      { type: 'boolean' },
    ),
  ),
});

export const CreateServiceBody = body({
  name: text(100),
  duration: duration(),
  calendar_ids: optional(calendarIds()),
  price: optional(price()),
  currency: optional(currency()),
  description: optional(clearableText(1000)),
  ...serviceRules(),
});
export const UpdateServiceBody = body({
  id: id(),
  name: optional(text(100)),
  duration: optional(duration()),
  calendar_ids: optional(calendarIds()),
  price: optional(price()),
  currency: optional(currency()),
  description: optional(clearableText(1000)),
  ...serviceRules(),
});

/** A calendar; with `withEmail` (the secret token, never a publishable key) its staff member's e-mail. */
export const v2Calendar = (c: CalendarRecord, withEmail = false): V2Calendar => ({
  id: c.calendar_id,
  name: c.calendar_name,
  active: c.is_active,
  ...(withEmail ? { email: c.email ?? null } : {}),
});

/** A service with the active calendars that perform it now, its price in `currency` unless it has its own. */
export const v2Service = (s: ServiceRecord, calendars: CalendarRecord[], currency: string): V2Service => ({
  id: s.service_id,
  name: s.name,
  duration: s.duration,
  calendar_ids: calendars.filter((c) => performs(s, c)).map((c) => c.calendar_id),
  ...priceOf(s, currency),
  description: s.description,
  buffer_before_minutes: s.buffer_before_minutes,
  buffer_after_minutes: s.buffer_after_minutes,
  min_notice_minutes: s.min_notice_minutes,
  max_days_ahead: s.max_days_ahead,
});

export const v2AvailableStart = (a: PricedStart): V2AvailableStart => ({ ...a });

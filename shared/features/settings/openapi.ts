/** The v2 management routes: settings, weekly hours, closure days (docs/CONTRACT.md#self-service). */
import * as z from 'zod';
import { emptyArray } from '../../shapes/common';
import { v2Answer } from '../../shapes/envelopes';
import type { V2RouteDoc } from '../../shapes/route-doc';
import { V2Holiday, V2OpeningHours, v2PeriodsExample } from '../schedule';
import { V2ClosureAdded, V2Settings } from './http/schemas';

const BAD_DATE = 'invalid date, expected YYYY-MM-DD';
const settings = {
  slot_duration: 30,
  max_appointments: 1,
  timezone: 'Europe/Paris',
  country: 'FR',
  default_calendar_id: 1,
  open_days_ahead: 14,
  language: 'fr',
  cancel_url: 'https://www.example.fr/cancel?token={cancel_token}',
  reminder_minutes_before: 1440,
  name: 'Salon Léa',
  address: '12 rue des Lilas, 75011 Paris',
  locale: 'fr-FR',
  currency: 'EUR',
  brand_color: '#7a1f5c',
  logo_url: 'https://www.example.fr/logo.png',
  notify_emails: ['accueil@salon-lea.example.fr'],
  max_live_bookings_per_visitor: 3,
  max_live_bookings_per_contact: 3,
  confirm_by_email: false,
  min_notice_minutes: 120,
  max_days_ahead: 60,
  client_change_cutoff_minutes: 1440,
};
const week = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) =>
  day === 'sun'
    ? { day_of_week: day, start_time1: null, end_time1: null, start_time2: null, end_time2: null, is_open: 0 }
    : day === 'sat'
      ? {
          day_of_week: day,
          start_time1: '10:00:00',
          end_time1: '12:00:00',
          start_time2: null,
          end_time2: null,
          is_open: 1,
        }
      : { day_of_week: day, ...v2PeriodsExample, is_open: 1 },
);
const closure = { date: '2026-12-24', name: 'Christmas Eve' };

export const V2_MANAGE_ROUTE_DOCS: Record<string, V2RouteDoc> = {
  'GET /api/v2/settings': {
    summary: 'Settings of the entity',
    description: 'Every setting the entity has (the token carries them: no other read).',
    tag: 'v2 settings',
    answer: v2Answer(V2Settings, 'V2SettingsAnswer', 'The settings.'),
    example: settings,
    errors: {},
  },
  'POST /api/v2/settings': {
    summary: 'Change settings',
    description:
      "Any subset of the settings: slot_duration 5 to 480, max_appointments 1 to 1000, timezone an IANA zone, country one the public holiday data knows (FR, DE-BY...), default_calendar_id one of the entity calendars, open_days_ahead 0 to 365, language en or fr, cancel_url an http(s) address with {cancel_token} in it (null or an empty string clears it), reminder_minutes_before 0 to 10080 (0: no reminder; a change applies to bookings and moves made after it), name 1 to 100 characters (the business renames itself), address up to 200 characters on one line (null or an empty string clears it), locale a locale of the e-mails' language such as en-GB, en-US or fr-FR (null or an empty string: derived from language and country), currency an ISO 4217 code (any case, stored upper-case; prices are integers in its minor units), brand_color #rrggbb on which white text has a WCAG AA contrast of at least 4.5:1 (lighter is 400 saying the contrast; null or an empty string clears it), logo_url an absolute https address of an image (null or an empty string clears it), notify_emails up to 5 e-mail addresses of the business told of every booking, move and cancellation (repeats dropped; null or [] clears them), max_live_bookings_per_visitor and max_live_bookings_per_contact 0 to 100 (the future live bookings made with publishable keys one visitor and one client contact may hold; 0: no cap), confirm_by_email true or false (true: a booking made with a publishable key is pending until the client opens the link of its e-mail, released by itself after 30 minutes otherwise; bookings already made keep their status), min_notice_minutes 0 to 43200 and max_days_ahead 1 to 365 (the booking window of publishable keys and cancel tokens: no start sooner than now + the notice, none after today + max_days_ahead − 1; a service may have its own), client_change_cutoff_minutes 0 to 10080 (a client's link no longer moves or cancels an appointment that starts within it; 0: up to its start). Answers every setting as it is after. A bad value is 400 naming the field and changes nothing. No slot or appointment that exists changes; a change of open_days_ahead opens the days it adds within a minute.",
    tag: 'v2 settings',
    answer: v2Answer(V2Settings, 'V2SettingsUpdateAnswer', 'The settings after the change.'),
    example: settings,
    errors: {
      400: [
        'slot_duration: must be at most 480',
        'timezone: must be an IANA time zone such as Europe/Paris',
        'country: must be a country (or country-state) the public holiday data knows',
        'open_days_ahead: must be at most 365',
        'language: must be one of en, fr',
        'cancel_url: must be an absolute https address (http only for localhost) of at most 500 characters with {cancel_token} in it, without whitespace or control characters',
        'locale: must be a language and a region, such as en-GB, en-US or fr-FR',
        'locale: must be a locale of the language fr (such as fr-FR), or null',
        'name: must not hold control characters',
        'currency: must be an ISO 4217 currency code such as EUR, USD or JPY',
        'brand_color: white text on #f5a623 has a contrast of 2.03:1, under the 4.5:1 of WCAG AA: choose a darker colour',
        'logo_url: must be an https address of an image',
        'notify_emails: must hold valid e-mail addresses only',
        'body: send at least one setting: slot_duration, ...',
      ],
      409: ['settings are changing concurrently, retry'],
    },
  },
  'POST /api/v2/opening-hours/update': {
    summary: "Set one weekday's opening hours",
    description:
      "day_of_week mon..sun; start_time1/end_time1 and optionally start_time2/end_time2 (HH:MM:SS or HH:MM; a period starts before it ends, the second starts at or after the end of the first); is_open 0 closes the day (times ignored), 1 opens it (default: open when start_time1 is sent). Answers the seven records after. Existing slots are not touched. With calendar_id: that calendar's own hours (the first change copies the entity's week), used by its generation and open days.",
    tag: 'v2 opening hours',
    answer: v2Answer(z.array(V2OpeningHours), 'V2OpeningHoursUpdateAnswer', 'The week after the change.'),
    example: week,
    errors: {
      400: [
        'day_of_week: must be one of mon, tue, wed, thu, fri, sat, sun',
        'end_time1: must be after start_time1',
        'start_time2: must be at or after end_time1',
      ],
      404: ['calendar not found or inactive'],
    },
  },
  'GET /api/v2/closures': {
    summary: 'Closure days from today on',
    description:
      "The closure days the entity added (besides its country's public holidays), from today in its time zone on, by date.",
    tag: 'v2 opening hours',
    answer: v2Answer(z.array(V2Holiday), 'V2ClosureListAnswer', 'The closure days.'),
    example: [closure],
    errors: {},
  },
  'POST /api/v2/closures': {
    summary: 'Close a date',
    description:
      'Closes the date (name optional, default "Closure day"; a date already closed is renamed). check-date, the date\'s hours and generation honour it at once, and the date\'s open slots (in every calendar) are closed: not listed with available=true, a booking answers 409 slot not available: closed. Booked appointments are kept; the answer counts them. Removing the closure reopens the slots it closed, not those closed by hand.',
    tag: 'v2 opening hours',
    answer: v2Answer(
      V2ClosureAdded,
      'V2ClosureAnswer',
      'The closure day, the slots it closed and the booked appointments of the date.',
    ),
    example: { ...closure, closed_slots: 7, booked_appointments: 2 },
    errors: { 400: [BAD_DATE] },
  },
  'POST /api/v2/closures/delete': {
    summary: 'Reopen a closure date',
    description:
      'Removes the closure day of the date and reopens the slots it closed (not those closed by hand); a date without one is 404.',
    tag: 'v2 opening hours',
    answer: v2Answer(emptyArray(), 'V2ClosureDeleteAnswer', 'Removed.'),
    example: [],
    errors: { 400: [BAD_DATE], 404: ['closure day not found'] },
  },
};

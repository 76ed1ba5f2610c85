/** The v2 entity API's routes as the contract describes them (docs/CONTRACT.md#v2-in-short). */
import * as z from 'zod';
import { V2_KEY_ROUTE_DOCS } from '../features/access/openapi';
import * as bex from '../features/booking/http/examples';
import * as B from '../features/booking/http/schemas';
import { V2_CATALOG_ROUTE_DOCS } from '../features/catalog/openapi';
import * as C from '../features/contact/http/schemas';
import { V2_FEED_ROUTE_DOCS } from '../features/mail/openapi';
import { V2_PAGE_ROUTE_DOCS } from '../features/pages/openapi';
import * as ex from '../features/schedule/http/examples';
import * as S from '../features/schedule/http/schemas';
import { V2_MANAGE_ROUTE_DOCS } from '../features/settings/openapi';
import * as E from '../features/webhooks/http/schemas';
import { emptyArray } from '../shapes/common';
import { v2Answer } from '../shapes/envelopes';
import type { V2RouteDoc } from '../shapes/route-doc';

const BAD_DATE = 'invalid date, expected YYYY-MM-DD';
const week = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) =>
  day === 'sat' || day === 'sun'
    ? { day_of_week: day, start_time1: null, end_time1: null, start_time2: null, end_time2: null, is_open: 0 }
    : { day_of_week: day, ...ex.v2Periods, is_open: 1 },
);

export const V2_ROUTE_DOCS: Record<string, V2RouteDoc> = {
  ...V2_MANAGE_ROUTE_DOCS,
  ...V2_KEY_ROUTE_DOCS,
  ...V2_FEED_ROUTE_DOCS,
  ...V2_CATALOG_ROUTE_DOCS,
  ...V2_PAGE_ROUTE_DOCS,
  'GET /api/v2/opening-hours': {
    summary: 'Weekly opening hours',
    description:
      "The seven weekday records, mon to sun: the entity's, or with calendar_id that calendar's (its own hours, else the entity's).",
    tag: 'v2 opening hours',
    answer: v2Answer(z.array(S.V2OpeningHours), 'V2OpeningHoursAnswer', 'The week.'),
    example: week,
    errors: { 404: ['calendar not found or inactive'] },
  },
  'GET /api/v2/opening-hours/check-date': {
    summary: 'Check whether a date is open',
    description:
      'Always answers is_open, is_holiday, opening_hours (null when closed) and holiday (null when the date is not a public holiday or closure day).',
    tag: 'v2 opening hours',
    answer: v2Answer(S.V2CheckDate, 'V2CheckDateAnswer', 'The state of the date.'),
    example: {
      is_open: false,
      is_holiday: true,
      opening_hours: null,
      holiday: { name: 'Christmas Day', date: '2026-12-25' },
    },
    errors: { 400: [BAD_DATE] },
  },
  'GET /api/v2/opening-hours/date': {
    summary: 'Opening hours of a date',
    description: 'The periods of an open date; a closed weekday, public holiday or closure day is 404.',
    tag: 'v2 opening hours',
    answer: v2Answer(S.V2Periods, 'V2DateHoursAnswer', 'The periods of the date.'),
    example: ex.v2Periods,
    errors: { 400: [BAD_DATE], 404: ['the day is closed'] },
  },
  'GET /api/v2/calendar-slots': {
    summary: 'Slots of a date, or of a range of dates',
    description:
      'With date: the slots of the default calendar (or of calendar_id) on that date, with their capacities. With from and to instead (both inclusive, at most 62 days): the slots of every date of the range, by date and start time, in one read. available=true keeps the open slots with a place left. None is success with an empty array.',
    tag: 'v2 calendar slots',
    answer: v2Answer(z.array(S.V2Slot), 'V2SlotListAnswer', 'The slots of the date or range.'),
    example: [ex.v2Slot],
    errors: {
      400: [BAD_DATE, 'date: is required', 'to: must not be before from', 'date range is over 62 days'],
      404: ['calendar not found or inactive'],
    },
  },
  'POST /api/v2/calendar-slots/generate': {
    summary: 'Generate the slots of a date',
    description:
      "Fills each opening period (of calendar_id's own hours when it has them, else the entity's; default: the default calendar) from its start, every duration minutes (5 to 480, default from the settings), with max_appointments places (1 to 1000, default from the settings); no slot spans the break. Again on the same date it creates only the slots that overlap none, and returns all the slots of the date. A closed day or holiday is 409.",
    tag: 'v2 calendar slots',
    answer: v2Answer(z.array(S.V2Slot), 'V2GenerateAnswer', 'Every slot of the date.'),
    example: [ex.v2Slot],
    errors: {
      400: [BAD_DATE, 'duration or max_appointments out of range'],
      404: ['calendar not found or inactive'],
      409: [
        'error during generation: the day is closed',
        'error during generation: <date> is a holiday (<name>)',
      ],
    },
  },
  'POST /api/v2/calendar-slots/update': {
    summary: 'Change the status or capacity of a slot',
    description:
      'status opens or closes the slot; max_appointments sets its capacity (1 to 1000); available_slots sets the capacity to places taken + available_slots. A capacity below the places taken is 409. data is the slot, or with date the slots of that date.',
    tag: 'v2 calendar slots',
    answer: v2Answer(
      z.union([S.V2Slot, z.array(S.V2Slot)]),
      'V2SlotUpdateAnswer',
      'The slot, or the slots of the date sent.',
    ),
    example: { ...ex.v2Slot, status: 'closed' },
    errors: {
      400: ['a field out of range, or available_slots that disagrees with max_appointments'],
      404: ['slot not found'],
      409: ['capacity below the places already taken'],
    },
  },
  'POST /api/v2/calendar-slots/delete': {
    summary: 'Delete a slot',
    description: 'Removes an empty slot and its capacities; a slot holding live appointments is 409.',
    tag: 'v2 calendar slots',
    answer: v2Answer(emptyArray(), 'V2DeleteAnswer', 'The slot is gone: data is an empty array.'),
    example: [],
    errors: { 404: ['slot not found'], 409: ['the slot holds live appointments'] },
  },
  'POST /api/v2/appointments': {
    summary: 'Book an appointment',
    description:
      "Books a place in an open slot that does not start in the past (a slot of any of the entity's calendars; of calendar_id when sent), and issues the cancel_token. With service_id, date and start_time instead of slot_id: one place in every slot the service covers on a calendar that performs it (calendar_id, or without it the free calendar with the fewest appointments that day), in one transaction; the answer adds service_id, calendar_id and slot_ids. The phone must be valid (default region FR); client_email, when given, must be a valid address. Capacity holds under any concurrency. A retry with the same Idempotency-Key and body within 24 hours gets the first answer.",
    tag: 'v2 booking',
    answer: v2Answer(B.V2Appointment, 'V2BookingAnswer', 'The appointment booked.'),
    example: bex.v2Appointment,
    errors: {
      400: [
        'client_phone: not a valid phone number',
        'slot_id: is required',
        'calendar_id: this calendar does not perform the service',
      ],
      404: ['slot not found', 'service not found', 'calendar not found or inactive'],
      409: ['slot not available: full', 'slot not available: closed', 'slot not available: in the past'],
      503: ['the service is busy, retry the same request'],
    },
    idempotent: true,
  },
  'POST /api/v2/appointments/cancel': {
    summary: 'Cancel an appointment by its token',
    description:
      'Sets the appointment to cancelled, frees its place and returns it with the capacities after.',
    tag: 'v2 booking',
    answer: v2Answer(B.V2Appointment, 'V2CancelAnswer', 'The appointment cancelled.'),
    example: { ...bex.v2Appointment, status: 'cancelled', available_slots: 2 },
    errors: {
      404: ['appointment not found'],
      409: ['appointment already cancelled'],
      503: ['the service is busy, retry the same request'],
    },
  },
  'POST /api/v2/validation/phone': {
    summary: 'Validate a phone number as booking does',
    description:
      'Answers 200 with the verdict: success and data.valid true with formatted, e164 and is_mobile, or success false with the reason. A number a booking accepts is valid, whatever its country (written without a country code, it is read as French): a French number is formatted in pairs (06 12 34 56 78), another in its international form (+44 7911 123456). validation_type mobiles refuses a number that is not a mobile (for a French one, numbers outside 06 and 07). 400 only for a malformed request.',
    tag: 'v2 validation',
    answer: v2Answer(C.V2PhoneVerdict, 'V2PhoneVerdictAnswer', 'The verdict.', true),
    example: { valid: true, formatted: '06 12 34 56 78', e164: '+33612345678', is_mobile: true },
    errors: { 400: ['phone_number: is required'] },
  },
  'POST /api/v2/validation/email': {
    summary: 'Validate an e-mail address',
    description:
      'Answers 200 with the verdict: success and data.valid true, or success false with the reason. validation_type nofreeemail refuses free providers. 400 only for a malformed request.',
    tag: 'v2 validation',
    answer: v2Answer(C.V2EmailVerdict, 'V2EmailVerdictAnswer', 'The verdict.', true),
    example: { valid: true },
    errors: { 400: ['email: is required'] },
  },
  'POST /api/v2/webhooks': {
    summary: 'Subscribe a URL to booking events',
    description:
      'Creates a webhook subscription for appointment.created, appointment.updated and appointment.cancelled (or the events listed). Deliveries are signed (Standard Webhooks); the secret is shown in this answer only. Locally a loopback URL is allowed; on staging and production the URL must be https and resolve to a public address.',
    tag: 'v2 events',
    answer: v2Answer(E.V2Webhook, 'V2WebhookAnswer', 'The subscription, with its secret.'),
    example: {
      id: 'wh_3f2a9c1d5e7b4a60',
      url: 'https://example.com/hooks/booking',
      events: ['appointment.created', 'appointment.updated', 'appointment.cancelled'],
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      created_at: '2026-11-23T10:00:00.000Z',
    },
    errors: { 400: ['url: must be an http or https URL', 'events: must list event types'] },
  },
  'GET /api/v2/webhooks': {
    summary: 'List webhook subscriptions',
    description: "The entity's subscriptions, without their secrets, with the last failure of each.",
    tag: 'v2 events',
    answer: v2Answer(z.array(E.V2WebhookSummary), 'V2WebhookListAnswer', 'The subscriptions.'),
    example: [
      {
        id: 'wh_3f2a9c1d5e7b4a60',
        url: 'https://example.com/hooks/booking',
        events: ['appointment.created'],
        created_at: '2026-11-23T10:00:00.000Z',
        last_failure: null,
        last_success_at: null,
      },
    ],
    errors: {},
  },
  'POST /api/v2/webhooks/delete': {
    summary: 'Delete a webhook subscription',
    description: 'Removes a subscription: nothing more is sent to it. An unknown id is 404.',
    tag: 'v2 events',
    answer: v2Answer(E.V2WebhookSummary, 'V2WebhookDeleteAnswer', 'The subscription removed.'),
    example: {
      id: 'wh_3f2a9c1d5e7b4a60',
      url: 'https://example.com/hooks/booking',
      events: ['appointment.created'],
      created_at: '2026-11-23T10:00:00.000Z',
    },
    errors: { 400: ['id: is required'], 404: ['webhook not found'] },
  },
  'GET /api/v2/events': {
    summary: 'Booking events after one',
    description:
      "The entity's booking events in the order they happened, after the event id given (from the start without it), at most limit (1 to 100, default 50). The same ids as the webhook deliveries; events are kept 30 days.",
    tag: 'v2 events',
    answer: v2Answer(z.array(E.V2Event), 'V2EventListAnswer', 'The events.'),
    example: [],
    errors: { 400: ['after: must be an event id', 'limit out of range'] },
  },
};

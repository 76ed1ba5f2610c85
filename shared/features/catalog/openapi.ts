/** The v2 routes of services and staff (docs/CONTRACT.md#services-and-staff). */
import * as z from 'zod';
import { emptyArray } from '../../shapes/common';
import { v2Answer } from '../../shapes/envelopes';
import type { V2RouteDoc } from '../../shapes/route-doc';
import { V2AvailableStart, V2Calendar, V2Service } from './http/schemas';

const calendar = { id: 3, name: 'Camille', active: true, email: 'camille@salon-lea.example.fr' };
const service = {
  id: 12,
  name: 'Colour',
  duration: 90,
  calendar_ids: [3],
  price: 6500,
  currency: 'EUR',
  description: 'Colour and blow-dry',
  buffer_before_minutes: 0,
  buffer_after_minutes: 15,
  min_notice_minutes: null,
  max_days_ahead: null,
};
const start = {
  date: '2026-12-01',
  start_time: '09:00:00',
  end_time: '10:30:00',
  calendar_id: 3,
  calendar_name: 'Camille',
  price: 6500,
  currency: 'EUR',
};

export const V2_CATALOG_ROUTE_DOCS: Record<string, V2RouteDoc> = {
  'GET /api/v2/calendars': {
    summary: 'Calendars (staff)',
    description:
      "The entity's calendars by id: one per member of staff (or room). A publishable key sees the active ones, the secret token all of them, each with its staff member's email (never shown to a publishable key).",
    tag: 'v2 services and staff',
    answer: v2Answer(z.array(V2Calendar), 'V2CalendarListAnswer', 'The calendars.'),
    example: [{ id: 1, name: 'Main calendar', active: true, email: null }, calendar],
    errors: {},
  },
  'POST /api/v2/calendars': {
    summary: 'Add a calendar',
    description:
      "A new active calendar in the entity's time zone. It has no slots until generated (calendar_id on POST /calendar-slots/generate) or opened by open_days_ahead; without hours of its own it uses the entity's. email (optional, a valid address) is its staff member's: told of each of its bookings, moves and cancellations, with the calendar file.",
    tag: 'v2 services and staff',
    answer: v2Answer(V2Calendar, 'V2CalendarAnswer', 'The calendar.'),
    example: calendar,
    errors: { 400: ['name: is required'], 409: ['an entity has at most 100 calendars'] },
  },
  'POST /api/v2/calendars/update': {
    summary: "Rename or (de)activate a calendar, or set its staff member's e-mail",
    description:
      "An inactive calendar takes no booking and is not offered for any service; its appointments stay. The default calendar cannot be deactivated. email sets its staff member's address (told of each of its bookings, moves and cancellations); null or an empty string clears it.",
    tag: 'v2 services and staff',
    answer: v2Answer(V2Calendar, 'V2CalendarUpdateAnswer', 'The calendar after the change.'),
    example: { ...calendar, active: false },
    errors: {
      400: ['id: is required', 'active: must be true or false'],
      404: ['calendar not found or inactive'],
      409: ['the default calendar cannot be deactivated'],
    },
  },
  'GET /api/v2/services': {
    summary: 'Services',
    description:
      'What a visitor can book: each service with its length in minutes and the active calendars that perform it.',
    tag: 'v2 services and staff',
    answer: v2Answer(z.array(V2Service), 'V2ServiceListAnswer', 'The services, by id.'),
    example: [service],
    errors: {},
  },
  'POST /api/v2/services': {
    summary: 'Add a service',
    description:
      "duration in minutes (5 to 720); calendar_ids the calendars that perform it (absent or null: every active calendar); price (a whole number of the currency's minor units: 6500 is 65.00 EUR; a decimal is 400), currency (ISO 4217; absent: the entity's currency setting) and description are optional; buffer_before_minutes and buffer_after_minutes (0 to 240, default 0) the time each appointment of it keeps free on its calendar before and after it (docs/CONTRACT.md#buffers); min_notice_minutes (0 to 43200) and max_days_ahead (1 to 365) its own booking window for publishable keys and cancel tokens (absent or null: the entity's settings). At most 200 services an entity.",
    tag: 'v2 services and staff',
    answer: v2Answer(V2Service, 'V2ServiceAnswer', 'The service.'),
    example: service,
    errors: {
      400: [
        'duration: must be at least 5',
        'currency: must be an ISO 4217 currency code such as EUR, USD or JPY',
        "price: must be a whole number of the currency's minor units from 0 to 1000000000 (4550 for 45.50 EUR), or null",
      ],
      404: ['calendar not found or inactive'],
      409: ['an entity has at most 200 services'],
    },
  },
  'POST /api/v2/services/update': {
    summary: 'Change a service',
    description:
      'Changes the fields sent; null clears calendar_ids (every active calendar), price, currency, description, min_notice_minutes or max_days_ahead (the entity settings apply again). Appointments already booked keep their times.',
    tag: 'v2 services and staff',
    answer: v2Answer(V2Service, 'V2ServiceUpdateAnswer', 'The service after the change.'),
    example: service,
    errors: { 400: ['id: is required'], 404: ['service not found', 'calendar not found or inactive'] },
  },
  'POST /api/v2/services/delete': {
    summary: 'Remove a service',
    description:
      'The service can no longer be booked; its appointments stay, with their service_id and service_name.',
    tag: 'v2 services and staff',
    answer: v2Answer(emptyArray(), 'V2ServiceDeleteAnswer', 'Removed.'),
    example: [],
    errors: { 400: ['id: is required'], 404: ['service not found'] },
  },
  'GET /api/v2/availability': {
    summary: 'When a service can be booked',
    description:
      'One item per start at which the whole service fits on a calendar that performs it (or on calendar_id): a run of consecutive open slots of that calendar, each with a place left, from the start to start + duration, the first not started yet. from and to are inclusive, at most 62 days. Sorted by date, start, calendar id. None is success with an empty array.',
    tag: 'v2 services and staff',
    answer: v2Answer(z.array(V2AvailableStart), 'V2AvailabilityAnswer', 'The available starts.'),
    example: [start],
    errors: {
      400: ['service_id: is required', 'date range is over 62 days'],
      404: ['service not found', 'calendar not found or inactive'],
    },
  },
};

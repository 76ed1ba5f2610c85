/** The staff calendar feed (docs/NOTIFICATIONS.md): its v2 route and its secret address. */

import { emptyArray } from '../../shapes/common';
import { v2Answer } from '../../shapes/envelopes';
import type { V2RouteDoc } from '../../shapes/route-doc';
import { V2CalendarFeed, V2CalendarFeedStatus } from './http/feed-schemas';

export const FEED_TAG = 'v2 calendar feed';

export const V2_FEED_ROUTE_DOCS: Record<string, V2RouteDoc> = {
  'POST /api/v2/calendar-feed': {
    summary: 'A secret address of the staff calendar feed',
    description:
      "Answers a new secret address /feeds/<token>.ics that calendar applications (Google Calendar, Apple Calendar, Outlook) subscribe to with no header: the appointments of every calendar from 30 days back (each naming its calendar when there are several), or with calendar_id that calendar's only (one staff member's feed, named after the business and the calendar; an unknown calendar is 404), each with the client's name and phone, cancelled ones marked CANCELLED, every word in the entity's language. Each feed (the business's, each calendar's) has its own address: asking again replaces that one, and its previous address answers 404 at once. Needs the secret v2 token (no publishable key).",
    tag: FEED_TAG,
    answer: v2Answer(V2CalendarFeed, 'V2CalendarFeedAnswer', 'The new address, shown once.'),
    example: { url: `https://api.example.com/feeds/${'Q'.repeat(43)}.ics` },
    errors: {
      404: ['calendar not found or inactive'],
      503: ['the service is busy, retry the same request'],
    },
  },
  'GET /api/v2/calendar-feed': {
    summary: 'Whether a staff calendar feed address exists',
    description:
      "Says whether the business's feed (or with calendar_id that calendar's) has an address and since when; never the address (only its hash is kept). Needs the secret v2 token (no publishable key).",
    tag: FEED_TAG,
    answer: v2Answer(V2CalendarFeedStatus, 'V2CalendarFeedStatusAnswer', 'Whether a feed address exists.'),
    example: { exists: true, created_at: '2026-11-23T09:15:00.000Z' },
    errors: { 404: ['calendar not found or inactive'] },
  },
  'POST /api/v2/calendar-feed/delete': {
    summary: 'End the staff calendar feed address',
    description:
      "Ends the business's feed address (or with calendar_id that calendar's): it answers 404 at once (the message says whether there was one to end); the other feeds keep theirs. Asking POST /calendar-feed later makes a new one. Needs the secret v2 token (no publishable key).",
    tag: FEED_TAG,
    answer: v2Answer(emptyArray(), 'V2CalendarFeedDeleteAnswer', 'Ended.'),
    example: [],
    errors: { 404: ['calendar not found or inactive'] },
  },
};

/** `GET /feeds/{file}`, outside both APIs' envelopes: an iCalendar file, or 404. */
/** What every answer carries, this route's too (docs/CONTRACT.md#requests). */
const EVERY_ANSWER = {
  'X-Request-Id': { $ref: '#/components/headers/XRequestId' },
  'Server-Timing': { $ref: '#/components/headers/ServerTiming' },
};

export const FEED_OPERATION = {
  operationId: 'get-feeds-file',
  summary: 'The staff calendar feed',
  description:
    "The business's calendars (or, for a calendar's own address, that calendar) as iCalendar (RFC 5545): one VEVENT per appointment from 30 days back (UTC times, the client's name and phone, the service and the calendar in DESCRIPTION, in the entity's language; STATUS:CANCELLED for cancelled ones). The address is the secret: no header. An unknown or replaced address is 404. One address is read at most 60 times a minute (429).",
  tags: [FEED_TAG],
  security: [],
  parameters: [
    {
      name: 'file',
      in: 'path',
      required: true,
      description: 'The token the feed route gave, followed by .ics.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}\\.ics$' },
    },
  ],
  responses: {
    200: {
      description: 'The calendar.',
      headers: EVERY_ANSWER,
      content: {
        'text/calendar': {
          schema: { type: 'string' },
          example: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:PUBLISH\r\n...\r\nEND:VCALENDAR\r\n',
        },
      },
    },
    404: {
      description: 'No feed has this address (never had one, or it was replaced).',
      headers: EVERY_ANSWER,
      content: { 'text/plain': { schema: { type: 'string' }, example: 'not found\n' } },
    },
    429: {
      description:
        'This feed address was read more than 60 times this minute (docs/CONTRACT.md#limits): ask again after Retry-After seconds.',
      headers: {
        ...EVERY_ANSWER,
        'Retry-After': { $ref: '#/components/headers/RetryAfter' },
        RateLimit: { $ref: '#/components/headers/RateLimit' },
        'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' },
      },
      content: {
        'text/plain': { schema: { type: 'string' }, example: 'too many requests, retry in 42 s\n' },
      },
    },
    503: {
      description:
        'The store was busy or could not be reached in time: nothing is lost; ask again after Retry-After seconds.',
      headers: { ...EVERY_ANSWER, 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
      content: {
        'text/plain': {
          schema: { type: 'string' },
          example: 'the service is unavailable for a moment, retry the same request\n',
        },
      },
    },
  },
};

/** The v2 event routes: webhook subscriptions and the event feed (docs/EVENTS.md). */
import * as z from 'zod';
import { v2Answer } from '../../shapes/envelopes';
import type { V2RouteDoc } from '../../shapes/route-doc';
import * as E from './http/schemas';

export const V2_EVENT_ROUTE_DOCS: Record<string, V2RouteDoc> = {
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
      created_at: '2026-11-23T11:00:00+01:00',
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
        created_at: '2026-11-23T11:00:00+01:00',
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
      created_at: '2026-11-23T11:00:00+01:00',
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

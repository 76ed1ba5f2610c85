/** The records of booking events and webhook subscriptions (docs/EVENTS.md). */
import * as z from 'zod';
import { id, named, stamp } from '../../../shapes/common';
import { STATUSES } from '../../booking';
import { V1Appointment } from '../../v1-reads';
import { EVENT_TYPES } from '../domain/webhooks';

const eventType = () => z.enum(EVENT_TYPES as unknown as ['appointment.created', ...string[]]);

export const V2WebhookSummary = named(
  z.strictObject({
    id: z.string(),
    url: z.string(),
    events: z.array(eventType()),
    created_at: stamp(),
    last_failure: z
      .strictObject({ at: z.string(), event_id: z.string(), reason: z.string() })
      .nullable()
      .optional(),
    last_success_at: z.string().nullable().optional(),
  }),
  'V2WebhookSummary',
  'A webhook subscription, without its signing secret; last_failure is the last delivery that was given up.',
);

export const V2Webhook = named(
  z.strictObject({
    id: z.string(),
    url: z.string(),
    events: z.array(eventType()),
    secret: z.string().regex(/^whsec_/),
    created_at: stamp(),
  }),
  'V2Webhook',
  'A new webhook subscription, with its signing secret (shown once, never again).',
);

export const V2Event = named(
  z.strictObject({
    id: z.string(),
    type: eventType(),
    timestamp: z.string(),
    data: z.strictObject({
      appointment: V1Appointment,
      previous: z.strictObject({ status: z.enum(STATUSES), slot_id: id() }).optional(),
    }),
  }),
  'V2Event',
  'A booking event, as delivered to webhooks and listed by the feed: previous is there when updated or cancelled.',
);
